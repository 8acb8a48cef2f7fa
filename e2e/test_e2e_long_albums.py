"""Albums of hundreds of photos in a real browser: tiles far below the fold skip their rendering
(content-visibility) without moving anything, and `page_size:` splits an album into pages
linked by previous/next and rel links."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import run_build
from layout_fixture import ROW_ASPECTS, photo, sidecar
from sweeps import split
from test_e2e_fixes import FOCUS_JS
from test_e2e_layouts import CLS_JS, TILES_JS, rows_of, set_viewport, settle

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

LONG = 150
PAGED = 45
PAGE_SIZE = 20


@pytest.fixture(scope="session")
def long_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("long")
    content = work / "content"
    (content / "long").mkdir(parents=True)
    (content / "paged").mkdir()
    (content / "site.yml").write_text("title: Long albums\n")
    (content / "long" / "index.md").write_text("---\ntitle: Long\nsort: name\n---\n")
    (content / "paged" / "index.md").write_text(f"---\ntitle: Paged\nsort: name\npage_size: {PAGE_SIZE}\n---\n")
    for folder, count in (("long", LONG), ("paged", PAGED)):
        for index in range(count):
            aspect = ROW_ASPECTS[index % len(ROW_ASPECTS)]
            photo(content / folder / f"p{index:03d}.jpg", aspect, index, long_side=500)
            sidecar(content / folder / f"p{index:03d}.md", f"{folder} photo {index}")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture
def sized(browser):
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


BOXES_JS = """
return [...document.querySelectorAll('.gk-justified > li')].map(li => {
  const r = li.getBoundingClientRect();
  return [Math.round(r.left * 4) / 4, Math.round((r.top + scrollY) * 4) / 4,
          Math.round(r.width * 4) / 4, Math.round(r.height * 4) / 4];
});
"""


@pytest.mark.parametrize("viewport", split(["phone", "laptop", "desktop"]))
def test_far_tiles_skip_rendering_without_moving_anything(long_site, serve, sized, viewport):
    base = serve(long_site)
    set_viewport(sized, viewport)
    sized.get(base + "long/")
    settle(sized)
    far = sized.execute_script(
        "return [...document.querySelectorAll('.gk-justified > li')].map(li =>"
        " li.classList.contains('gk-far') && getComputedStyle(li).contentVisibility === 'auto')"
    )
    assert any(far) and not any(far[:20]), "the long album has no far tiles, or far ones at the top"
    skipped = sized.execute_script(BOXES_JS)
    # The same page with every tile rendered: not one box may differ.
    sized.execute_script(
        "const s = document.createElement('style');"
        "s.textContent = '.gk-far { content-visibility: visible !important; }';"
        "document.head.append(s);"
    )
    time.sleep(0.2)
    rendered = sized.execute_script(BOXES_JS)
    moved = [(i, a, b) for i, (a, b) in enumerate(zip(skipped, rendered)) if a != b]
    assert moved == [], f"skipping far tiles changes their boxes at {viewport}: {moved[:3]}"
    # And the rows are still right (equal heights, the column filled) all the way down.
    sized.get(base + "long/")
    settle(sized)
    layout = sized.execute_script(TILES_JS, ".gk-justified")
    rows = rows_of(layout["tiles"])
    for row in rows[:-1]:
        heights = [t["height"] for t in row]
        assert max(heights) - min(heights) <= 1, f"unequal heights in a far row: {heights}"
        width = row[-1]["right"] - row[0]["left"]
        assert abs(width - layout["width"]) <= 2, f"a row is {width} px in a {layout['width']} px column"


@pytest.mark.parametrize("viewport", split(["phone", "laptop"], kept=("phone",)))
def test_scrolling_a_long_album_shifts_nothing(long_site, serve, sized, viewport):
    base = serve(long_site)
    # Warmed with the album itself: measured on its second cold load (see the layouts' test).
    set_viewport(sized, viewport, warm=base + "long/")
    sized.set_script_timeout(60)
    sized.execute_cdp_cmd("Network.enable", {})
    sized.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    sized.get(base + "long/")
    sized.execute_script(
        "window.__scrolls = (async () => { for (let y = 0; y < document.body.scrollHeight; y += 400)"
        " { scrollTo(0, y); await new Promise(r => setTimeout(r, 30)); } })()"
    )
    time.sleep(3)
    shift = sized.execute_async_script(CLS_JS)
    sized.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    assert shift == 0


def test_the_focus_ring_of_a_far_tile_is_whole(long_site, serve, sized):
    base = serve(long_site)
    set_viewport(sized, "laptop")
    sized.get(base + "long/")
    settle(sized)
    index = sized.execute_script(
        "return [...document.querySelectorAll('.gk-justified > li')].findIndex(li => li.classList.contains('gk-far'))"
    )
    selector = f".gk-justified > li:nth-child({index + 10}) .card-link"
    sized.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", selector)
    time.sleep(0.3)
    state = sized.execute_script(FOCUS_JS, selector)
    assert state["focused"] and state["content"] != "none", state
    # The paint containment of content-visibility clips at the tile's box plus its clip margin.
    tile = sized.execute_script(
        "const r = document.querySelector(arguments[0]).closest('li').getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        " margin: parseFloat(getComputedStyle(document.querySelector(arguments[0]).closest('li')).overflowClipMargin) || 0}",
        selector,
    )
    box = state["box"]
    assert box["left"] >= tile["left"] - tile["margin"] - 0.5 and box["top"] >= tile["top"] - tile["margin"] - 0.5, (box, tile)
    assert box["right"] <= tile["right"] + tile["margin"] + 0.5 and box["bottom"] <= tile["bottom"] + tile["margin"] + 0.5, (box, tile)


def test_a_paged_album_walks_from_first_to_last_page(long_site, serve, sized):
    base = serve(long_site)
    set_viewport(sized, "laptop")
    sized.get(base + "paged/")
    seen: list[str] = []
    visited = []
    for _ in range(10):
        settle(sized, 0.1)
        state = sized.execute_script(
            "const link = rel => { const l = document.querySelector(`head link[rel=${rel}]`); return l && l.href; };"
            "const step = rel => { const a = document.querySelector(`nav.pagination a[rel=${rel}]`); return a && a.href; };"
            "return {url: location.href, prev: link('prev'), next: link('next'), prevLink: step('prev'),"
            " nextLink: step('next'), current: document.querySelector('nav.pagination [aria-current=page]').href,"
            " photos: [...document.querySelectorAll('.gk-justified img:not(.gk-ph)')].map(i => i.alt),"
            " high: document.querySelectorAll('img[fetchpriority=high]').length,"
            " firstHigh: document.querySelector('.gk-justified img').getAttribute('fetchpriority') === 'high'}"
        )
        visited.append(state)
        seen += state["photos"]
        assert state["next"] == state["nextLink"] and state["prev"] == state["prevLink"], state
        assert state["current"] == state["url"], state
        # Each page's first photo is raised, and the few larger in view after it on a laptop or
        # a phone (LoadingOrder: the browser's LCP rule), no more.
        assert state["firstHigh"], f"{state['url']}: its first photo has no fetchpriority=high"
        assert 1 <= state["high"] <= 4, f"{state['url']}: {state['high']} high-priority images"
        if not state["next"]:
            break
        sized.find_element("css selector", "nav.pagination a[rel=next]").click()
    pages = (PAGED + PAGE_SIZE - 1) // PAGE_SIZE
    assert [s["url"] for s in visited] == [base + "paged/"] + [base + f"paged/page/{n}/" for n in range(2, pages + 1)]
    assert visited[0]["prev"] is None and visited[1]["prev"] == base + "paged/"
    assert seen == [f"paged photo {i}" for i in range(PAGED)], "every photo once, in order, across the pages"
    missing = [(p, c) for p, c in serve.requests if c >= 400]
    assert missing == [], missing


def test_escape_from_a_photo_paged_onto_the_next_album_page_returns_the_way_the_reader_came(
    long_site, serve, sized
):
    """The last photo of page 1, paged on to the first of page 2 (whose close link is page 2):
    Esc goes back to page 1, where the reader came from, and Back does not return to the photo."""
    base = serve(long_site)
    set_viewport(sized, "laptop")
    sized.get("about:blank")
    sized.get(base + "paged/")
    last = f"p{PAGE_SIZE - 1:03d}"
    sized.find_element("css selector", f'main a[href$="/paged/{last}/"]').click()
    ready = "return location.pathname === arguments[0] && !!document.querySelector('[data-viewer].is-ready')"
    deadline = time.time() + 10
    while not sized.execute_script(ready, f"/paged/{last}/") and time.time() < deadline:
        time.sleep(0.05)
    sized.find_element("css selector", "body").send_keys("\ue014")  # ArrowRight
    first = f"/paged/p{PAGE_SIZE:03d}/"
    while sized.execute_script("return location.pathname") != first and time.time() < deadline:
        time.sleep(0.05)
    close = sized.execute_script("return document.querySelector('[data-viewer-action=close]').getAttribute('href')")
    assert close.endswith("/paged/page/2/"), close
    sized.find_element("css selector", "body").send_keys("\ue00c")  # Escape
    while sized.execute_script("return location.pathname") != "/paged/" and time.time() < deadline:
        time.sleep(0.05)
    assert sized.execute_script("return location.pathname") == "/paged/"
    sized.back()
    time.sleep(0.5)
    assert "/paged/" not in sized.execute_script("return location.href"), "Back returned to the photo"
