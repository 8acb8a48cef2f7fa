"""The photo viewer as a stage for the photo (issue 20), in a real browser.

Sites: the demo (content/), e2e/viewer_fixture.py (landscape, portrait, 4:1, 1:3, square and
a 100 px photo) with an album of 600 px photos as sigal makes them (untitled, so their pages
are named by their place), and the same with `viewer.stage: page`. At 320x640, 390x844 (3x),
768x1024, 1280x800, 1920x1080 and 2560x1440, light and dark (`make test` keeps the phone and
the laptop; `make test-full` the rest): no sideways scrolling, the controls inside the screen
and clear of one another, the photo covering 90 % of the side that binds, a near-black stage;
a swipe brings the neighbour in beside the photo and, like resizes and rotations, logs
nothing; Esc leaves full screen, then goes back to the album so that Back does not return to
the photo; the play button turns into pause; the chrome fades on a laptop after a while
without input, and stays under reduced motion; a photo's place is said once.

Touches go through CDP's Input.dispatchTouchEvent (one finger only: after a two-finger touch
Chromium may stop delivering later one-finger touches in the same session).
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from PIL import Image
from conftest import REPO_ROOT, copy_content, run_build, set_reduced_motion
from layout_fixture import photo
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from sweeps import grid
from test_e2e_viewer import touch, wait_for
from viewer_fixture import make_viewer_site

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# (width, height, device pixel ratio, mobile)
SCREENS = {
    "small-phone": (320, 640, 1, True),
    "phone": (390, 844, 3, True),
    "tablet": (768, 1024, 1, True),
    "laptop": (1280, 800, 1, False),
    "desktop": (1920, 1080, 1, False),
    "wide": (2560, 1440, 1, False),
}
SCHEMES = ("light", "dark")
# sigal's default photo size, in its three usual shapes; no sidecars, so no titles.
SIGAL_SHAPES = [("h-wide", 1.5), ("i-upright", 2 / 3), ("j-square", 1.0)]


def make_stage_site(content: Path, stage: str | None = None) -> Path:
    make_viewer_site(content)
    if stage:
        (content / "site.yml").write_text(f"title: Viewer fixture\nviewer:\n  slideshow_seconds: 1\n  stage: {stage}\n")
    album = content / "sigal"
    album.mkdir()
    (album / "index.md").write_text("---\ntitle: Six hundred\nsort: name\n---\n")
    for index, (name, aspect) in enumerate(SIGAL_SHAPES):
        photo(album / f"{name}.jpg", aspect, index + 7, long_side=600)
    return content


@pytest.fixture(scope="module")
def stage_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("stage")
    return run_build(galleryc, make_stage_site(work / "content"), work / "public", work).check()


@pytest.fixture(scope="module")
def page_stage_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("page-stage")
    return run_build(galleryc, make_stage_site(work / "content", "page"), work / "public", work).check()


@pytest.fixture(scope="module")
def demo_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("stage-demo")
    content = copy_content(REPO_ROOT / "content", work / "content")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture
def screen(browser):
    """The browser; the screen and colour scheme set through `show` are undone after the test."""
    browser.get_log("browser")
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def show(driver, name: str, scheme: str = "light") -> tuple[int, int]:
    width, height, dpr, mobile = SCREENS[name]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": mobile},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )
    return width, height


def photo_pages(site: Path, albums=("shapes", "sigal")) -> list[str]:
    return [
        page.parent.relative_to(site).as_posix() + "/"
        for album in albums
        for page in sorted((site / album).glob("*/index.html"))
    ]


READY_JS = """
const root = document.querySelector('[data-viewer]');
const img = document.querySelector('[data-viewer-image]');
return !!root && root.classList.contains('is-ready') && (!img || img.complete && img.naturalWidth > 0) &&
  document.getAnimations().every(a => a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity);
"""


def open_photo(driver, url: str) -> None:
    driver.get(url)
    wait_for(driver, READY_JS)


STAGE_JS = """
const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const shown = e => { const s = getComputedStyle(e); return s.display !== 'none' && s.visibility === 'visible' && e.getClientRects().length; };
const img = document.querySelector('[data-viewer-image]');
const frame = img.closest('[data-blurup]');
const largest = Math.max(...img.srcset.split(',').map(s => parseInt(s.trim().split(/\\s+/)[1], 10)));
const controls = [...document.querySelectorAll('.viewer-bar .viewer-button')].filter(shown)
  .map(e => ({name: e.getAttribute('aria-label') || e.textContent.trim(), box: box(e)}));
const heading = document.querySelector('.viewer-heading');
const header = [...document.querySelectorAll('.site-header a, .site-header summary')].filter(shown)
  .map(e => ({name: 'header: ' + (e.textContent.trim() || e.getAttribute('aria-label')), box: box(e)}));
return {
  overflow: document.documentElement.scrollWidth - innerWidth,
  width: innerWidth, height: innerHeight, dpr: devicePixelRatio,
  frame: box(frame), largest: largest, controls: controls,
  heading: box(heading), headingText: heading.innerText, header: header,
  stage: getComputedStyle(document.querySelector('[data-viewer]')).backgroundColor,
  body: getComputedStyle(document.body).backgroundColor,
};
"""


def rgb(css: str) -> tuple[int, ...]:
    return tuple(int(float(v)) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3])


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def check_stage(m: dict, where: str) -> None:
    width, height = m["width"], m["height"]
    assert m["overflow"] <= 0, f"{where}: the page is {m['overflow']} px wider than the screen"
    assert len(m["controls"]) >= 3, f"{where}: {m['controls']}"
    boxes = m["controls"] + [{"name": "the title", "box": m["heading"]}] + m.get("header", [])
    for item in boxes:
        left, top, right, bottom = item["box"]
        assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, (
            f"{where}: {item['name']} at {item['box']} leaves the {width}x{height} screen"
        )
    for i, a in enumerate(m["controls"]):
        for b in boxes[i + 1 :]:
            assert not overlap(a["box"], b["box"]), f"{where}: {a['name']} overlaps {b['name']}"
    left, top, right, bottom = m["frame"]
    assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, (
        f"{where}: the photo {m['frame']} is cropped by the screen"
    )
    drawn = right - left
    # At most twice its own pixels at the screen's density; as large as that allows, at least
    # 90 % of the screen's width or height.
    cap = 2 * m["largest"] / m["dpr"]
    assert drawn <= cap + 1, f"{where}: drawn {drawn:.0f} CSS px, more than twice its {m['largest']} px"
    covers = max(drawn / width, (bottom - top) / height)
    assert covers >= 0.9 or drawn >= cap - 1, f"{where}: the photo {m['frame']} covers {covers:.0%}"


# `make test` keeps the phone on the dark stage; the laptop and the light scheme run in test-full.
@pytest.mark.parametrize("name,scheme", grid(SCREENS, SCHEMES, kept={("phone", "dark")}))
def test_every_photo_is_large_on_a_dark_stage_with_its_controls_clear(name, scheme, stage_site, demo_site, serve, screen):
    show(screen, name, scheme)
    checked = 0
    for site, pages in (
        (stage_site, photo_pages(stage_site)),
        (demo_site, ["nature/nuthatch/", "landscapes/waterfall-portrait-rotated/", "space/ngc-5257/"]),
    ):
        base = serve(site)
        for page in pages:
            open_photo(screen, base + page)
            m = screen.execute_script(STAGE_JS)
            where = f"{name} {scheme} /{page}"
            check_stage(m, where)
            assert max(rgb(m["stage"])) <= 24, f"{where}: the stage is {m['stage']}, not near-black"
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("scheme", SCHEMES)
def test_stage_page_keeps_the_page_colours(scheme, page_stage_site, stage_site, serve, screen):
    show(screen, "laptop", scheme)
    base = serve(page_stage_site)
    open_photo(screen, base + "shapes/a-landscape/")
    m = screen.execute_script(STAGE_JS)
    assert m["stage"] == m["body"], m
    assert max(rgb(m["stage"])) > 24 if scheme == "light" else True
    check_stage(m, f"stage: page, {scheme}")
    # The album keeps the page's colours too, and so does the dark stage's album.
    screen.get(serve(stage_site) + "shapes/")
    assert screen.execute_script("return getComputedStyle(document.body).backgroundColor") == m["body"]


def browser_log(driver) -> list[str]:
    return [f"{e['level']}: {e['message']}" for e in driver.get_log("browser")]


NEIGHBOUR_JS = """
const side = document.querySelector('.viewer-side:not(.is-before)');
const frame = document.querySelector('[data-viewer-stage] > [data-blurup]').getBoundingClientRect();
if (!side) return null;
const next = side.querySelector('[data-blurup]').getBoundingClientRect();
return {visible: getComputedStyle(side).visibility, next: [next.left, next.right], frame: [frame.left, frame.right],
  src: side.querySelector('[data-viewer-image]').currentSrc};
"""


def test_a_swipe_brings_the_neighbour_in_beside_the_photo_and_nothing_logs(stage_site, serve, screen):
    width, height = show(screen, "phone")
    base = serve(stage_site)
    screen.get("about:blank")
    time.sleep(0.3)
    browser_log(screen)  # what earlier tests' pages left behind
    open_photo(screen, base + "shapes/b-portrait/")
    wait_for(screen, "return document.querySelectorAll('.viewer-side').length === 2")
    x, y = width * 0.8, height / 2
    touch(screen, "touchStart", x, y)
    for step in range(1, 9):
        touch(screen, "touchMove", x - step * 20, y)
        time.sleep(0.03)
    m = wait_for(screen, "const m = (() => {" + NEIGHBOUR_JS + "})(); return m && m.frame[0] < -100 && m;", 3)
    # Mid-swipe: the photo has moved left with the finger and the next one is on screen beside it.
    assert m["visible"] == "visible", m
    assert m["frame"][1] <= m["next"][0] + 1, m
    assert m["next"][0] < width, m
    assert "c-panorama" in m["src"], m
    for step in range(9, 14):
        touch(screen, "touchMove", x - step * 20, y)
    touch(screen, "touchEnd")
    wait_for(screen, "return location.pathname === '/shapes/c-panorama/'")
    wait_for(screen, READY_JS)
    # A short drag springs back, the other way too.
    touch(screen, "touchStart", 100, y)
    for step in range(1, 4):
        touch(screen, "touchMove", 100 + step * 10, y)
        time.sleep(0.15)
    touch(screen, "touchEnd")
    time.sleep(0.8)
    assert screen.execute_script("return location.pathname") == "/shapes/c-panorama/"
    # Resizes and a rotation (the screen turned sideways and back).
    for w, h in ((844, 390), (390, 844), (500, 700)):
        screen.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 3, "mobile": True}
        )
        time.sleep(0.3)
    show(screen, "phone")
    touch(screen, "touchStart", x, y)
    for step in range(1, 12):
        touch(screen, "touchMove", x - step * 25, y)
    touch(screen, "touchEnd")
    wait_for(screen, "return location.pathname === '/shapes/d-tall/'")
    wait_for(screen, READY_JS)
    time.sleep(0.5)
    assert browser_log(screen) == []


def test_escape_leaves_full_screen_then_returns_to_the_album_and_back_skips_the_photo(stage_site, serve, screen):
    show(screen, "laptop")
    base = serve(stage_site)
    screen.get("about:blank")
    screen.get(base + "shapes/")
    screen.find_element("css selector", 'main a[href$="/shapes/a-landscape/"]').click()
    wait_for(screen, "return location.pathname === '/shapes/a-landscape/'")
    wait_for(screen, READY_JS)
    if not screen.execute_script("return document.fullscreenEnabled"):
        pytest.skip("this Chromium has no Fullscreen API")
    ActionChains(screen).send_keys(Keys.ARROW_RIGHT).perform()
    wait_for(screen, "return location.pathname === '/shapes/b-portrait/'")
    wait_for(screen, READY_JS)
    ActionChains(screen).send_keys("f").perform()
    wait_for(screen, "return !!document.fullscreenElement")
    m = screen.execute_script(STAGE_JS + "")
    assert rgb(m["stage"]) == (0, 0, 0), m["stage"]
    radius = screen.execute_script(
        "return getComputedStyle(document.querySelector('[data-viewer-stage] > [data-blurup]')).borderRadius"
    )
    assert radius in ("0px", ""), radius
    ActionChains(screen).send_keys(Keys.ESCAPE).perform()
    wait_for(screen, "return !document.fullscreenElement")
    time.sleep(0.3)
    assert screen.execute_script("return location.pathname") == "/shapes/b-portrait/"
    ActionChains(screen).send_keys(Keys.ESCAPE).perform()
    wait_for(screen, "return location.pathname === '/shapes/'")
    screen.back()
    time.sleep(0.5)
    assert "/shapes/" not in screen.execute_script("return location.href"), "Back returned to the photo"


def test_without_the_album_before_it_escape_is_a_plain_link(stage_site, serve, screen):
    show(screen, "laptop")
    base = serve(stage_site)
    screen.get("about:blank")
    open_photo(screen, base + "shapes/c-panorama/")
    ActionChains(screen).send_keys(Keys.ESCAPE).perform()
    wait_for(screen, "return location.pathname === '/shapes/'")
    screen.back()
    wait_for(screen, "return location.pathname === '/shapes/c-panorama/'")


PLAY_JS = """
const b = document.querySelector('[data-viewer-action="play"]');
const shown = s => getComputedStyle(b.querySelector(s)).display !== 'none';
return [b.getAttribute('aria-label'), shown('.viewer-icon-play'), shown('.viewer-icon-pause')];
"""


def test_the_play_button_becomes_pause_while_the_slideshow_runs(stage_site, serve, screen):
    show(screen, "phone")
    base = serve(stage_site)
    open_photo(screen, base + "shapes/a-landscape/")
    assert screen.execute_script(PLAY_JS) == ["Play slideshow", True, False]
    screen.find_element("css selector", '[data-viewer-action="play"]').click()
    assert screen.execute_script(PLAY_JS) == ["Pause slideshow", False, True]
    wait_for(screen, "return location.pathname === '/shapes/b-portrait/'", 4)
    wait_for(screen, READY_JS)
    # Still playing on the next photo's bar, and a press pauses it.
    assert screen.execute_script(PLAY_JS) == ["Pause slideshow", False, True]
    screen.find_element("css selector", '[data-viewer-action="play"]').click()
    assert screen.execute_script(PLAY_JS) == ["Play slideshow", True, False]


CHROME_JS = "return [getComputedStyle(document.querySelector('.viewer-bar')).opacity, getComputedStyle(document.querySelector('.site-header')).opacity]"


def test_the_chrome_fades_on_a_laptop_after_a_while_and_comes_back_on_input(stage_site, serve, screen):
    show(screen, "laptop")
    open_photo(screen, serve(stage_site) + "shapes/a-landscape/")
    assert screen.execute_script(CHROME_JS) == ["1", "1"]
    wait_for(screen, "return getComputedStyle(document.querySelector('.viewer-bar')).opacity === '0'", 6)
    wait_for(screen, "return getComputedStyle(document.querySelector('.site-header')).opacity === '0'", 2)
    screen.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 300, "y": 300})
    wait_for(screen, "return getComputedStyle(document.querySelector('.viewer-bar')).opacity === '1'", 2)


def test_under_reduced_motion_the_chrome_stays(stage_site, serve, screen):
    show(screen, "laptop")
    set_reduced_motion(screen, True)
    open_photo(screen, serve(stage_site) + "shapes/a-landscape/")
    time.sleep(4.5)
    assert screen.execute_script(CHROME_JS) == ["1", "1"]
    assert not screen.execute_script("return document.querySelector('[data-viewer]').classList.contains('is-idle')")


def test_a_photos_place_is_said_once(stage_site, serve, screen):
    show(screen, "phone")
    base = serve(stage_site)
    for page, title, place in (("sigal/i-upright/", "Photo 2 of 3", None), ("shapes/b-portrait/", "Shape b-portrait", "2 of 6")):
        open_photo(screen, base + page)
        text = screen.execute_script("return document.querySelector('.viewer-heading').innerText")
        assert screen.find_element("css selector", ".photo-title").text == title
        assert text.count("2 of") == 1, text
        positions = screen.find_elements("css selector", ".photo-position")
        assert [p.text for p in positions] == ([place] if place else []), text
        # Nor twice to a screen reader: the photo's alt does not repeat the heading, and the
        # status region stays quiet on arrival.
        heard = screen.execute_script(
            "const img = document.querySelector('[data-viewer-image]');"
            "return {alt: img.alt, status: document.querySelector('[data-viewer-status]').textContent}"
        )
        assert heard["alt"] != title and heard["status"] == "", heard


FOCUS_RING_JS = """
const el = document.activeElement;
const r = el.getBoundingClientRect();
const after = getComputedStyle(el, '::after');
const inset = parseFloat(after.top) || 0;
return {name: el.getAttribute('aria-label') || el.textContent.trim(), visible: el.matches(':focus-visible'),
        outline: getComputedStyle(el).outlineStyle, ants: after.content !== 'none' && after.content !== '',
        color: after.content !== 'none' ? after.color : getComputedStyle(el).outlineColor,
        box: [r.left, r.top, r.right, r.bottom], ring: [r.left + inset, r.top + inset, r.right - inset, r.bottom - inset],
        control: !!el.closest('.viewer-bar')};
"""

CONTROL_BOXES_JS = """
return Object.fromEntries([...document.querySelectorAll('.viewer-bar .viewer-button')].map(e => {
  const r = e.getBoundingClientRect();
  return [e.getAttribute('aria-label') || e.textContent.trim(), [r.left, r.top, r.right, r.bottom]];
}));
"""


def _luminance(rgb_value) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb_value[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("name,scheme", [("phone", "dark"), ("laptop", "light")])
def test_the_stage_controls_show_a_ring_of_3_to_1_when_focused_from_the_keyboard(name, scheme, stage_site, serve, screen):
    """Every control of the stage, reached with Tab, shows its focus ring (the marching ants,
    static under reduced motion) inside the screen, at 3:1 at least against what it is drawn
    on, and does not move when it takes the focus."""
    show(screen, name, scheme)
    # Reduced motion: the chrome stays (it would fade on the laptop between the screenshot and
    # the rings), and nothing moves between them.
    screen.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme},
                      {"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    base = serve(stage_site)
    open_photo(screen, base + "shapes/b-portrait/")
    before = Image.open(io.BytesIO(screen.get_screenshot_as_png())).convert("RGB")
    unfocused = screen.execute_script(CONTROL_BOXES_JS)
    width, height, dpr = screen.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")
    seen = []
    for _ in range(40):
        ActionChains(screen).send_keys(Keys.TAB).perform()
        ring = screen.execute_script(FOCUS_RING_JS)
        if not ring["control"]:
            if seen:
                break
            continue
        seen.append(ring["name"])
        where = f"{name} {scheme}: {ring['name']}"
        assert ring["visible"] and (ring["ants"] or ring["outline"] not in ("none", "")), f"{where}: no ring {ring}"
        assert ring["box"] == unfocused.get(ring["name"], ring["box"]), f"{where} moved when focused: {ring['box']}"
        left, top, right, bottom = ring["ring"]
        assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, f"{where}: {ring['ring']}"
        # What the ring is drawn over, from the screenshot taken before anything had the focus.
        colour = rgb(ring["color"])
        samples = []
        for x in range(int(left) + 1, int(right) - 1, 2):
            for y in (top + 1, bottom - 1):
                px, py = int(x * dpr), int(y * dpr)
                if 0 <= px < before.width and 0 <= py < before.height:
                    samples.append(_contrast(colour, before.getpixel((px, py))))
        samples.sort()
        assert samples and samples[len(samples) // 2] >= 3, f"{where}: the ring is {samples[len(samples) // 2]:.2f}:1"
    assert len(seen) >= 5, f"the keyboard reached only {seen} of the stage's controls"


def test_the_details_take_the_whole_width_when_there_is_no_caption(demo_site, serve, screen):
    show(screen, "laptop")
    base = serve(demo_site)
    found = []
    for page in sorted(demo_site.rglob("index.html")):
        text = page.read_text()
        if "data-viewer-image" in text and 'class="exif"' in text and "caption gk-enter-caption" not in text:
            found.append(page.parent.relative_to(demo_site).as_posix() + "/")
    assert found, "the demo has no photo with details and without a caption"
    screen.get(base + found[0])
    widths = screen.execute_script(
        "const d = document.querySelector('.photo-details'); const cs = getComputedStyle(d);"
        "return {details: d.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),"
        " exif: document.querySelector('.exif').getBoundingClientRect().width}"
    )
    assert widths["exif"] >= 0.9 * widths["details"], f"/{found[0]}: {widths}"


def test_the_photo_paints_first_from_a_small_rendition_then_the_one_the_screen_needs(demo_site, serve, screen):
    """As PhotoSwipe starts from the thumbnail: a small rendition (already in the browser's
    cache from the album, or small enough to arrive first) is under the photo, eager, and the
    rendition the screen needs covers it once loaded."""
    show(screen, "laptop")
    base = serve(demo_site)
    open_photo(screen, base + "landscapes/sunset/")
    state = screen.execute_script(
        "const p = document.querySelector('[data-viewer-stage] .gk-preview');"
        "const img = document.querySelector('[data-viewer-image]');"
        "if (!p) return null;"
        "const a = p.getBoundingClientRect(), b = img.getBoundingClientRect();"
        "const width = i => parseInt((i.currentSrc.match(/-(\\d+)\\.\\w+$/) || [0, 0])[1], 10);"
        "return {preview: width(p), main: width(img), loading: p.loading,"
        " same: Math.abs(a.left - b.left) < 1 && Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1,"
        " covered: document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2) === img}"
    )
    assert state, "the photo page has no small first paint"
    assert state["loading"] == "eager" and 0 < state["preview"] < state["main"], state
    assert state["same"] and state["covered"], state
