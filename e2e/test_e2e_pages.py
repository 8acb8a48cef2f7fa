"""Photos first, in a real browser: the demo site and a site with sigal's shapes
(e2e/sigal_fixture.py: 600 px photos, a long album description, 12 albums in the navigation, a
home page with text) at 320x640, 390x844 (3x), 768x1024, 1280x800 and 1920x1080, light and dark.

- no page scrolls sideways (home, albums, pages, tags, the first photo page of each album);
- the first row of every album is whole on the first screen (nine tenths of a first slide, half
  of a story screen, a screen high itself), and the home page's first covers with their titles
  whole;
- the header is one bar of one height on home, album and photo pages, and its navigation is one
  line or a menu button, which opens and closes from the keyboard without JavaScript;
- a short album's only row reaches the right edge, or stops at a bounded stretch, centred;
- no album card's cover is drawn smaller than its frame, nor its frame narrower than the card;
- story frames are a screen high on phones, their captions away from the focal point;
- a page's heading is said once.

`make test` runs the phone and the laptop (light and dark for the overflow sweep); the other
sizes are `make test-full` (e2e/sweeps.py).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import run_axe, run_build
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from sigal_fixture import LONG_ALBUM, SHORT_ALBUM, SIGAL_DESCRIBED_ALBUM, STORY_ALBUM, make_sigal_site
from sweeps import grid, split

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# name: (width, height, device pixel ratio, mobile)
VIEWPORTS = {
    "small": (320, 640, 1, True),
    "phone": (390, 844, 3, True),
    "tablet": (768, 1024, 1, True),
    "laptop": (1280, 800, 1, False),
    "desktop": (1920, 1080, 1, False),
}
SCHEMES = ("light", "dark")


@pytest.fixture(scope="session")
def sigal_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("sigal-shapes")
    content = make_sigal_site(work / "content")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture(scope="session")
def sites(demo_build, sigal_site) -> dict[str, Path]:
    return {"demo": demo_build.check(), "sigal": sigal_site}


@pytest.fixture
def sized(browser):
    """The browser; the viewport, colour scheme, touch and script settings are undone after."""
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def set_viewport(driver, name: str, scheme: str = "light") -> None:
    width, height, dpr, mobile = VIEWPORTS[name]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": mobile},
    )
    # Phones and tablets have touch screens (no hover): the theme's touch rules apply.
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile})
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme},
                      {"name": "prefers-reduced-motion", "value": "reduce"}]},
    )


def load(driver, url: str) -> None:
    driver.get(url)
    deadline = time.time() + 10
    while time.time() < deadline and driver.execute_script(
        "return document.readyState !== 'complete' || "
        "[...document.images].some(i => i.loading !== 'lazy' && !i.complete)"
    ):
        time.sleep(0.05)
    time.sleep(0.1)


def html_pages(site: Path, kinds=("home", "album", "page", "tags")) -> list[str]:
    """Site-relative URLs of the pages of these kinds (photo pages are `photo`)."""
    urls = []
    for path in sorted(site.rglob("index.html")):
        url = path.parent.relative_to(site).as_posix() + "/"
        url = "" if url == "./" else url
        text = path.read_text()
        kind = (
            "photo" if "data-viewer" in text
            else "home" if url == ""
            else "tags" if url == "tags/"
            else "album" if 'class="album-header' in text
            else "page"
        )
        if kind in kinds:
            urls.append(url)
    return urls


def album_pages(site: Path) -> list[str]:
    """Album pages that show photos (tag pages are albums too)."""
    return [
        url for url in html_pages(site, ("album",))
        if "data-blurup" in (site / url / "index.html").read_text() and "/page/" not in url
    ]


def photo_page(site: Path) -> str:
    return html_pages(site, ("photo",))[0]


def first_photo_pages(site: Path) -> list[str]:
    """The first photo page (by path) of each album, clips' pages among them."""
    seen: dict[str, str] = {}
    for url in html_pages(site, ("photo",)):
        seen.setdefault(url.rstrip("/").rpartition("/")[0], url)
    return sorted(seen.values())


# --- no sideways scrolling ------------------------------------------------------------------------


# `make test` keeps the phone, where sideways scrolling happens; the other screens run in test-full.
@pytest.mark.parametrize("viewport,scheme", grid(VIEWPORTS, SCHEMES, kept={("phone", "light")}))
def test_no_page_scrolls_sideways(sites, serve, sized, viewport, scheme):
    set_viewport(sized, viewport, scheme)
    problems = []
    for name, site in sites.items():
        base = serve(site)
        for url in html_pages(site) + first_photo_pages(site):
            load(sized, base + url)
            width, inner = sized.execute_script(
                "return [document.documentElement.scrollWidth, innerWidth]")
            if width > inner:
                problems.append(f"{name} /{url}: {width} px wide in a {inner} px viewport")
    assert problems == [], "\n".join(problems)


# --- photos on the first screen ---------------------------------------------------------------------

FIRST_PHOTO_JS = """
const frame = document.querySelector('main [data-blurup]');
if (!frame) return null;
const r = frame.getBoundingClientRect();
return {top: r.top + scrollY, bottom: r.bottom + scrollY, height: innerHeight,
        seen: Math.min(r.bottom, innerHeight) - Math.max(r.top, 0),
        tile: !!frame.closest('.gk-justified, .gk-grid-photos')};
"""


# The laptop's case in make test-full: make test keeps the phone's (the budget, see sweeps.py).
@pytest.mark.parametrize("viewport", split(VIEWPORTS, kept=("phone",)))
def test_the_first_photo_of_every_album_is_on_the_first_screen(sites, serve, sized, viewport):
    set_viewport(sized, viewport)
    problems = []
    checked = []
    for name, site in sites.items():
        base = serve(site)
        for url in album_pages(site):
            load(sized, base + url)
            first = sized.execute_script(FIRST_PHOTO_JS)
            checked.append(url)
            if first is None:
                problems.append(f"{name} /{url}: no photo")
            elif first["tile"] and first["bottom"] > first["height"] + 1:
                # Rows and grids: the first row whole, on the first screen.
                problems.append(f"{name} /{url}: the first tile ends at y={first['bottom']:.0f} "
                                f"on a {first['height']} px screen")
            elif not first["tile"] and first["seen"] < min(first["height"] / 2, 0.9 * (first["bottom"] - first["top"])):
                # A slide: nine tenths of it; a story screen, a screen high itself: half of it.
                problems.append(f"{name} /{url}: {first['seen']:.0f} px of the first photo show "
                                f"on a {first['height']} px screen")
    assert f"{SIGAL_DESCRIBED_ALBUM}/" in checked and f"{LONG_ALBUM}/" in checked
    assert problems == [], "\n".join(problems)


COVERS_JS = """
const cards = [...document.querySelectorAll('main .album-card')];
if (!cards.length) return null;
const firstTop = cards[0].getBoundingClientRect().top;
return cards.filter(c => Math.abs(c.getBoundingClientRect().top - firstTop) < 2).map(c => {
  const title = c.querySelector('.card-title').getBoundingClientRect();
  const meta = c.querySelector('.card-meta').getBoundingClientRect();
  return {title: c.querySelector('.card-title').textContent, top: c.getBoundingClientRect().top + scrollY,
          bottom: Math.max(title.bottom, meta.bottom) + scrollY, height: innerHeight};
});
"""


@pytest.mark.parametrize("viewport", split(VIEWPORTS))
def test_the_home_pages_first_covers_and_their_titles_are_on_the_first_screen(
    sites, serve, sized, viewport
):
    set_viewport(sized, viewport)
    problems = []
    for name, site in sites.items():
        load(sized, serve(site))
        row = sized.execute_script(COVERS_JS)
        assert row, f"{name}: no album cards on the home page"
        for card in row:
            if card["bottom"] > card["height"]:
                problems.append(f"{name}: the card {card['title']!r} ends at y={card['bottom']:.0f} "
                                f"on a {card['height']} px screen")
    assert problems == [], "\n".join(problems)


# --- the header -----------------------------------------------------------------------------------

HEADER_JS = """
const header = document.querySelector('.site-header');
const list = header.querySelector('.site-nav-list');
const menu = header.querySelector('.site-menu summary');
const shown = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const items = list && shown(list) ? [...list.querySelectorAll('a')].map(a => a.getBoundingClientRect()) : [];
return {height: header.getBoundingClientRect().height,
        list: !!list && shown(list), menu: shown(menu), album: shown(header.querySelector('.site-album')),
        tops: items.map(r => Math.round(r.top)), right: Math.max(0, ...items.map(r => r.right)),
        width: document.documentElement.clientWidth,
        titleRight: header.querySelector('.site-title').getBoundingClientRect().right,
        left: items.length ? items[0].left : 0};
"""


@pytest.mark.parametrize("viewport", split(VIEWPORTS))
def test_the_header_is_one_bar_with_the_navigation_on_one_line_or_in_a_menu(
    sites, serve, sized, viewport
):
    set_viewport(sized, viewport)
    problems = []
    for name, site in sites.items():
        base = serve(site)
        heights = {}
        pages = {"home": "", "album": album_pages(site)[0], "page": (html_pages(site, ("page",)) or [""])[0],
                 "photo": photo_page(site)}
        for kind, url in pages.items():
            load(sized, base + url)
            header = sized.execute_script(HEADER_JS)
            heights[kind] = header["height"]
            if kind == "photo":
                if not header["album"] or header["list"] or header["menu"]:
                    problems.append(f"{name} /{url}: the photo page's header should link to the album only")
                continue
            if header["list"] == header["menu"]:
                problems.append(f"{name} /{url}: list shown {header['list']}, menu shown {header['menu']}")
            if header["list"]:
                if len(set(header["tops"])) != 1:
                    problems.append(f"{name} /{url}: the navigation takes {len(set(header['tops']))} lines")
                if header["right"] > header["width"] or header["left"] < header["titleRight"]:
                    problems.append(f"{name} /{url}: the navigation does not fit beside the title")
        if max(heights.values()) - min(heights.values()) > 0.5:
            problems.append(f"{name}: header heights differ: {heights}")
    assert problems == [], "\n".join(problems)


def test_a_dozen_albums_collapse_into_a_menu_on_a_laptop_and_a_few_stay_inline(sites, serve, sized):
    set_viewport(sized, "laptop")
    load(sized, serve(sites["sigal"]))
    sigal = sized.execute_script(HEADER_JS)
    load(sized, serve(sites["demo"]))
    demo = sized.execute_script(HEADER_JS)
    assert sigal["menu"] and not sigal["list"], sigal
    assert demo["list"] and not demo["menu"], demo


def test_hero_slides_lie_on_their_blurred_background_without_a_box(sites, serve, sized):
    """No shadow or hard-edged darker box behind a slide: nothing in the slider draws a
    shadow, and just outside the current slide's frame the page is as it is further out."""
    import io

    from PIL import Image

    set_viewport(sized, "laptop")
    load(sized, serve(sites["demo"]) + "landscapes/")
    state = sized.execute_script(
        "const slider = document.querySelector('.gk-slider');"
        "const shadows = [slider, ...slider.querySelectorAll('*')].map(e => getComputedStyle(e).boxShadow)"
        "  .filter(v => v && v !== 'none');"
        "const f = slider.querySelector('.gk-slide.is-current .gk-frame-slide, .gk-slide .gk-frame-slide').getBoundingClientRect();"
        "return {shadows, frame: [f.left, f.top, f.right, f.bottom], dpr: devicePixelRatio};"
    )
    assert state["shadows"] == [], state["shadows"]
    shot = Image.open(io.BytesIO(sized.get_screenshot_as_png())).convert("RGB")
    left, top, right, bottom = state["frame"]
    steps = []
    for y in range(int(top + 40), int(bottom - 40), 20):
        for x_near, x_far in ((left - 3, left - 14), (right + 3, right + 14)):
            near = shot.getpixel((int(x_near * state["dpr"]), int(y * state["dpr"])))
            far = shot.getpixel((int(x_far * state["dpr"]), int(y * state["dpr"])))
            steps.append(max(abs(a - b) for a, b in zip(near, far)))
    steps.sort()
    assert steps and steps[len(steps) // 2] <= 12, f"a step of {steps[len(steps) // 2]} beside the slide: a box behind it"


@pytest.mark.parametrize("key", [Keys.ENTER, Keys.SPACE])
def test_the_menu_opens_and_closes_from_the_keyboard_without_javascript(sites, serve, sized, key):
    set_viewport(sized, "phone")
    sized.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    load(sized, serve(sites["sigal"]) + f"{LONG_ALBUM}/")
    assert "gk-js" not in sized.find_element(By.TAG_NAME, "html").get_attribute("class")
    summary = sized.find_element(By.CSS_SELECTOR, ".site-menu summary")
    links = sized.find_elements(By.CSS_SELECTOR, ".site-menu a")
    assert len(links) == 14, "Home, 12 albums and Search"
    assert links[-1].get_attribute("href").endswith("/search/")
    assert not any(a.is_displayed() for a in links)
    # Tab to the button as a keyboard user does (past the skip link and the site title).
    for _ in range(4):
        ActionChains(sized).send_keys(Keys.TAB).perform()
        if sized.switch_to.active_element == summary:
            break
    assert sized.switch_to.active_element == summary, "the menu button is not in the tab order"
    ActionChains(sized).send_keys(key).perform()
    time.sleep(0.1)
    assert sized.find_element(By.CSS_SELECTOR, ".site-menu").get_attribute("open") is not None
    shown = [a for a in links if a.is_displayed()]
    assert len(shown) == 14
    # The open menu lies inside the screen.
    right, bottom = sized.execute_script(
        "const r = document.querySelector('.site-menu ul').getBoundingClientRect(); return [r.right, r.left];")
    assert right <= VIEWPORTS["phone"][0] and bottom >= 0
    ActionChains(sized).send_keys(key).perform()
    time.sleep(0.1)
    assert sized.find_element(By.CSS_SELECTOR, ".site-menu").get_attribute("open") is None
    assert not any(a.is_displayed() for a in links)


# --- grids ----------------------------------------------------------------------------------------

ROW_JS = """
const list = document.querySelector('.gk-justified');
const column = list.getBoundingClientRect();
const frames = [...list.querySelectorAll('[data-blurup]')].map(f => f.getBoundingClientRect());
return {left: column.left, right: column.right, tops: frames.map(f => Math.round(f.top)),
        first: frames[0].left, last: frames[frames.length - 1].right, height: frames[0].height,
        width: column.width};
"""


@pytest.mark.parametrize("viewport", split(VIEWPORTS))
def test_a_short_albums_row_reaches_the_right_edge_or_is_centred_at_a_bounded_stretch(
    sites, serve, sized, viewport
):
    set_viewport(sized, viewport)
    load(sized, serve(sites["sigal"]) + f"{SHORT_ALBUM}/")
    row = sized.execute_script(ROW_JS)
    assert len(set(row["tops"])) == 1, f"two landscapes should make one row: {row}"
    before, after = row["first"] - row["left"], row["right"] - row["last"]
    assert abs(before - after) <= 1, f"the row is {before:.1f} px from the left, {after:.1f} px from the right"
    # The stretch is bounded: at most 1.5 times the target (240 px on wide columns, 60 % of it
    # on phones; between design widths a row is up to about 25 % taller).
    target = 240 * min(max(row["width"] / 1000, 0.6), 1)
    assert row["height"] <= 1.5 * target * 1.25, f"{row['height']:.0f} px high for a {target:.0f} px target"
    if after > 1:
        assert row["height"] >= 1.5 * target * 0.8, "a centred row first grows to its bound"


@pytest.mark.parametrize("viewport", ["tablet", "phone"])
def test_a_short_albums_row_fills_the_column_where_the_stretch_allows(sites, serve, sized, viewport):
    set_viewport(sized, viewport)
    load(sized, serve(sites["sigal"]) + f"{SHORT_ALBUM}/")
    row = sized.execute_script(ROW_JS)
    assert abs(row["first"] - row["left"]) <= 1 and abs(row["right"] - row["last"]) <= 1, row


@pytest.fixture(scope="session")
def short_grids(galleryc, tmp_path_factory) -> Path:
    """Two `layout: grid` albums, of two landscapes and of one."""
    from layout_fixture import photo, sidecar

    work = tmp_path_factory.mktemp("short-grids")
    content = work / "content"
    for name, count in (("two", 2), ("one", 1)):
        (content / name).mkdir(parents=True)
        (content / name / "index.md").write_text(f"---\ntitle: Grid of {count}\nlayout: grid\nsort: name\n---\n")
        for index in range(count):
            photo(content / name / f"g{index}.jpg", 1.5, index + 60, long_side=1200)
            sidecar(content / name / f"g{index}.md", f"Grid photo {index}")
    (content / "site.yml").write_text("title: Short grids\nbase_url: \"\"\n")
    return run_build(galleryc, content, work / "public", work).check()


GRID_JS = """
const list = document.querySelector('main .gk-grid-photos');
const main = document.querySelector('main').getBoundingClientRect();
const frames = [...list.querySelectorAll('[data-blurup]')].map(f => f.getBoundingClientRect());
return {left: main.left + parseFloat(getComputedStyle(document.querySelector('main')).paddingLeft),
        right: main.right - parseFloat(getComputedStyle(document.querySelector('main')).paddingRight),
        tops: frames.map(f => Math.round(f.top)), widths: frames.map(f => f.width),
        first: frames[0].left, last: frames[frames.length - 1].right,
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize)};
"""


@pytest.mark.parametrize("viewport", split(VIEWPORTS))
def test_a_short_grid_is_one_row_at_most_twice_a_tile_wide_and_centred(short_grids, serve, sized, viewport):
    """No empty tracks beside one or two grid photos: each is as wide as the column allows, up
    to 34rem (twice a tile), and the row is centred; on phones two photos share the row."""
    set_viewport(sized, viewport)
    base = serve(short_grids)
    for album, count in (("two", 2), ("one", 1)):
        load(sized, base + f"{album}/")
        grid = sized.execute_script(GRID_JS)
        assert len(grid["widths"]) == count and len(set(grid["tops"])) == 1, grid
        column = grid["right"] - grid["left"]
        assert max(grid["widths"]) <= 34 * grid["rem"] + 0.5, f"/{album}/ at {viewport}: {grid}"
        before, after = grid["first"] - grid["left"], grid["right"] - grid["last"]
        assert abs(before - after) <= 1, f"/{album}/ at {viewport}: not centred ({before:.1f} | {after:.1f})"
        gaps = (count - 1) * 16
        fills = sum(grid["widths"]) >= column - gaps - 1
        assert fills or min(grid["widths"]) >= 34 * grid["rem"] - 0.5, (
            f"/{album}/ at {viewport}: {grid['widths']} in a {column:.0f} px column: neither filled nor at its bound"
        )


CARDS_JS = """
return [...document.querySelectorAll('main .album-card')].map(card => {
  const c = card.getBoundingClientRect();
  const frame = card.querySelector('[data-blurup]');
  if (!frame) return {title: card.textContent.trim(), missing: true};
  const f = frame.getBoundingClientRect();
  const i = frame.querySelector('img').getBoundingClientRect();
  return {title: card.querySelector('.card-title').textContent, card: c.width, frame: [f.width, f.height],
          img: [i.width, i.height]};
});
"""


# The laptop's case in make test-full: make test keeps the phone's (the budget, see sweeps.py).
@pytest.mark.parametrize("viewport", split(VIEWPORTS, kept=("phone",)))
def test_no_album_cover_is_smaller_than_its_card(sites, serve, sized, viewport):
    set_viewport(sized, viewport)
    problems = []
    for name, site in sites.items():
        base = serve(site)
        for url in ["", "tags/"] + [u for u in album_pages(site) if "tags/" not in u]:
            if not (site / url / "index.html").is_file():
                continue
            load(sized, base + url)
            for card in sized.execute_script(CARDS_JS):
                if card.get("missing"):
                    problems.append(f"{name} /{url}: {card['title']!r} has no cover")
                    continue
                if card["frame"][0] < card["card"] - 1:
                    problems.append(f"{name} /{url}: {card['title']!r}: a {card['frame'][0]:.0f} px frame "
                                    f"in a {card['card']:.0f} px card")
                if card["img"][0] < card["frame"][0] - 1 or card["img"][1] < card["frame"][1] - 1:
                    problems.append(f"{name} /{url}: {card['title']!r}: the cover is drawn "
                                    f"{card['img'][0]:.0f}x{card['img'][1]:.0f} in a "
                                    f"{card['frame'][0]:.0f}x{card['frame'][1]:.0f} frame")
    assert problems == [], "\n".join(problems)


def test_three_cards_fill_a_wide_row(sites, serve, sized):
    set_viewport(sized, "desktop")
    load(sized, serve(sites["demo"]))
    right, column = sized.execute_script(
        "const cards = [...document.querySelectorAll('main .album-card')];"
        "return [Math.max(...cards.map(c => c.getBoundingClientRect().right)),"
        " cards[0].parentElement.getBoundingClientRect().right];")
    assert abs(right - column) <= 1, f"the cards end at {right:.0f}, the column at {column:.0f}"


TILE_TITLES_JS = """
return [...document.querySelectorAll('.gk-tile .card-title')].map(t => {
  const r = t.getBoundingClientRect();
  const frame = t.closest('.gk-tile').querySelector('[data-blurup]').getBoundingClientRect();
  return {text: t.textContent, lines: Math.round(r.height / parseFloat(getComputedStyle(t).lineHeight)),
          ellipsis: getComputedStyle(t).textOverflow, below: r.top >= frame.bottom - 0.5,
          opacity: getComputedStyle(t).opacity};
});
"""


@pytest.mark.parametrize("viewport", ["phone", "small"])
def test_tile_titles_on_phones_are_one_line_under_the_photo(sites, serve, sized, viewport):
    set_viewport(sized, viewport)
    load(sized, serve(sites["demo"]) + "landscapes/coast/")
    titles = sized.execute_script(TILE_TITLES_JS)
    assert titles, "the coast album has titled photos"
    for title in titles:
        assert title["below"] and title["lines"] == 1 and title["ellipsis"] == "ellipsis", title
        assert title["opacity"] == "1", title


@pytest.fixture
def mouse_browser():
    """A headless Chromium that says it has a mouse: headless reports `pointer: none` and
    `hover: none`, as a touch screen without hover would; Blink's settings make it a desktop."""
    from conftest import CHROMIUM, CHROMEDRIVER
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,800",
                 "--blink-settings=primaryPointerType=4,primaryHoverType=2,"
                 "availablePointerTypes=4,availableHoverTypes=2"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    yield driver
    driver.quit()


def test_tile_titles_with_a_mouse_show_on_hover_and_focus(sites, serve, mouse_browser):
    driver = mouse_browser
    load(driver, serve(sites["demo"]) + "landscapes/coast/")
    assert driver.execute_script("return matchMedia('(hover: hover) and (pointer: fine)').matches")
    titles = driver.execute_script(TILE_TITLES_JS)
    assert titles and all(t["opacity"] == "0" and not t["below"] for t in titles), titles
    link = driver.find_element(By.CSS_SELECTOR, ".gk-tile:has(.card-title) a")
    driver.execute_script("arguments[0].focus()", link)
    assert "1" in [t["opacity"] for t in driver.execute_script(TILE_TITLES_JS)]
    ActionChains(driver).move_to_element(
        driver.find_elements(By.CSS_SELECTOR, ".gk-tile:has(.card-title)")[-1]).perform()
    assert [t["opacity"] for t in driver.execute_script(TILE_TITLES_JS)].count("1") >= 1


# --- story ----------------------------------------------------------------------------------------

STORY_JS = """
return [...document.querySelectorAll('.gk-story-item')].map(item => {
  const frame = item.querySelector('[data-blurup]').getBoundingClientRect();
  const img = item.querySelector('img');
  const caption = item.querySelector('.gk-story-caption').getBoundingClientRect();
  const [fx, fy] = getComputedStyle(img).objectPosition.split(' ').map(v => parseFloat(v) / 100);
  const iw = +img.getAttribute('width'), ih = +img.getAttribute('height');
  const scale = Math.max(frame.width / iw, frame.height / ih);
  const w = iw * scale, h = ih * scale;
  // object-fit: cover at object-position fx fy: where the focal point is drawn.
  const x = frame.left + (frame.width - w) * fx + fx * w;
  const y = frame.top + (frame.height - h) * fy + fy * h;
  return {height: frame.height, screen: innerHeight, focus: [x - frame.left, y - frame.top],
          caption: [caption.left - frame.left, caption.top - frame.top, caption.right - frame.left,
                    caption.bottom - frame.top]};
});
"""


@pytest.mark.parametrize("viewport", split(VIEWPORTS))
def test_story_frames_fill_the_screen_with_the_caption_away_from_the_focal_point(
    sites, serve, sized, viewport
):
    set_viewport(sized, viewport)
    problems = []
    for name, url in [("sigal", f"{STORY_ALBUM}/"), ("demo", "nature/")]:
        load(sized, serve(sites[name]) + url)
        items = sized.execute_script(STORY_JS)
        assert items, f"{name} /{url}: no story items"
        for index, item in enumerate(items):
            if abs(item["height"] - item["screen"]) > 1:
                problems.append(f"{name} /{url} #{index}: {item['height']:.0f} px on a {item['screen']} px screen")
            x, y = item["focus"]
            left, top, right, bottom = item["caption"]
            if left <= x <= right and top <= y <= bottom:
                problems.append(f"{name} /{url} #{index}: the caption {item['caption']} covers the focal "
                                f"point ({x:.0f}, {y:.0f})")
    assert problems == [], "\n".join(problems)


# --- headings, accessibility ----------------------------------------------------------------------


def test_a_pages_heading_is_said_once(sites, serve, sized):
    set_viewport(sized, "laptop")
    load(sized, serve(sites["demo"]) + "about/")
    headings = [h.text for h in sized.find_elements(By.CSS_SELECTOR, "main h1")]
    assert headings == ["About this site"], headings
    assert sized.title.startswith("About"), "the document title keeps the front matter's title"


def test_no_lone_breadcrumb_repeats_the_site_title(sites, serve, sized):
    set_viewport(sized, "laptop")
    base = serve(sites["demo"])
    for url in ["about/", "nature/", "tags/", "nature/nuthatch/"]:
        load(sized, base + url)
        assert not sized.find_elements(By.CSS_SELECTOR, ".breadcrumbs"), f"/{url} has breadcrumbs"
    load(sized, base + "landscapes/coast/")
    crumbs = [a.text for a in sized.find_elements(By.CSS_SELECTOR, ".breadcrumbs a")]
    assert crumbs == ["Landscapes"], crumbs


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_sigal_shaped_pages_have_no_serious_accessibility_problem(sites, serve, sized, scheme):
    set_viewport(sized, "phone", scheme)
    base = serve(sites["sigal"])
    problems = []
    for url in ["", f"{LONG_ALBUM}/", f"{SIGAL_DESCRIBED_ALBUM}/", f"{STORY_ALBUM}/", f"{SHORT_ALBUM}/"]:
        load(sized, base + url)
        sized.find_element(By.CSS_SELECTOR, ".prose-more summary").click() if url == f"{LONG_ALBUM}/" else None
        problems += [f"/{url}: {v}" for v in run_axe(sized)]
    assert problems == [], "\n".join(problems)
