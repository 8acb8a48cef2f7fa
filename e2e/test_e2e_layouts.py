"""Album layouts in a real browser: justified rows (the default), uniform grid tiles, no layout
shift, the same boxes with and without JavaScript.

The site is made here (e2e/layout_fixture.py): photos of every awkward aspect ratio, built with
the galleryc binary, served on 127.0.0.1 and measured in headless Chromium at phone, tablet,
laptop and desktop sizes.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import emulate_viewport, run_build
from layout_fixture import ROW_ASPECTS, make_site
from sweeps import split

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# (width, height, device pixel ratio, mobile) of the viewports the layouts are checked at.
VIEWPORTS = {
    "phone": (390, 844, 3, True),
    "tablet": (768, 1024, 2, True),
    "laptop": (1280, 800, 1, False),
    "desktop": (1600, 900, 1, False),
}


@pytest.fixture(scope="session")
def layout_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("layouts")
    content = make_site(work / "content")
    return run_build(galleryc, content, work / "public", work).check()


def set_viewport(driver, name: str, warm: str | None = None) -> None:
    """Emulates the named screen; ``warm``: a page of the site to be tested (see emulate_viewport)."""
    emulate_viewport(driver, *VIEWPORTS[name], warm=warm)


@pytest.fixture
def sized(browser):
    """The browser; any viewport set through set_viewport is undone after the test."""
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def settle(driver, seconds: float = 0.2) -> None:
    """Waits until every image that is loading (eager ones, lazy ones in view) has finished.
    A lazy image beside the screen (a slider's next slides) does not load: it is not waited for."""
    deadline = time.time() + 20
    while time.time() < deadline:
        pending = driver.execute_script(
            "return [...document.images].filter(i => { if (i.complete) return false;"
            " if (i.loading !== 'lazy') return true; const r = i.getBoundingClientRect();"
            " return r.top < innerHeight && r.left < innerWidth && r.right > 0; }).length"
        )
        if pending == 0:
            break
        time.sleep(0.1)
    time.sleep(seconds)


TILES_JS = """
const list = document.querySelector(arguments[0]);
const column = list.getBoundingClientRect();
const tiles = [...list.children].map(li => {
  const frame = li.querySelector('[data-blurup]').getBoundingClientRect();
  const img = li.querySelector('img');
  const box = img.getBoundingClientRect();
  return {top: frame.top + scrollY, left: frame.left, right: frame.right,
          width: frame.width, height: frame.height,
          img: [box.left, box.top, box.width, box.height], frameBox: [frame.left, frame.top, frame.width, frame.height],
          ratio: +img.getAttribute('width') / +img.getAttribute('height'),
          fit: getComputedStyle(img).objectFit};
});
return {left: column.left, width: column.width, tiles: tiles};
"""


def rows_of(tiles: list[dict]) -> list[list[dict]]:
    rows: list[list[dict]] = []
    for tile in sorted(tiles, key=lambda t: (round(t["top"]), t["left"])):
        if rows and abs(rows[-1][0]["top"] - tile["top"]) < 1.5:
            rows[-1].append(tile)
        else:
            rows.append([tile])
    return rows


@pytest.mark.parametrize("viewport", split(VIEWPORTS))
def test_justified_rows_fill_the_column_with_equal_heights(layout_site, serve, sized, viewport):
    base = serve(layout_site)
    set_viewport(sized, viewport)
    sized.get(base + "rows/")
    settle(sized)
    measured = sized.execute_script(TILES_JS, ".gk-justified")
    tiles = measured["tiles"]
    assert len(tiles) == len(ROW_ASPECTS)
    rows = rows_of(tiles)
    assert 1 < len(rows) < len(tiles), f"{len(rows)} rows of {len(tiles)} tiles: not a justified layout"
    problems = []
    worst_fill = worst_spread = 0.0
    for number, row in enumerate(rows):
        heights = [t["height"] for t in row]
        spread = max(heights) - min(heights)
        worst_spread = max(worst_spread, spread)
        if spread > 1:
            problems.append(f"row {number}: tile heights {heights}")
        used = row[-1]["right"] - row[0]["left"]
        if number < len(rows) - 1:
            worst_fill = max(worst_fill, abs(used - measured["width"]))
            if abs(used - measured["width"]) > 2:
                problems.append(f"row {number}: {used:.2f} px of a {measured['width']:.2f} px column")
        elif used > measured["width"] + 1:
            problems.append(f"last row overflows: {used:.2f} px")
        if abs(row[0]["left"] - measured["left"]) > 0.5:
            problems.append(f"row {number} starts at {row[0]['left']} not {measured['left']}")
    for index, tile in enumerate(tiles):
        # Not cropped: the frame has the photo's own shape and the image fills it exactly.
        if abs(tile["height"] - tile["width"] / tile["ratio"]) > 1:
            problems.append(f"tile {index}: {tile['width']:.1f} x {tile['height']:.1f} for a {tile['ratio']:.3f} photo")
        if any(abs(a - b) > 0.5 for a, b in zip(tile["img"], tile["frameBox"])):
            problems.append(f"tile {index}: image box {tile['img']} is not its frame {tile['frameBox']}")
    heights = [row[0]["height"] for row in rows[:-1]]
    print(
        f"\n{viewport}: {len(rows)} rows in a {measured['width']:.0f} px column, row heights "
        f"{min(heights):.0f}-{max(heights):.0f} px, worst fill error {worst_fill:.2f} px, "
        f"worst height spread {worst_spread:.2f} px"
    )
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
def test_panoramas_and_tall_photos_keep_their_rows_sane(layout_site, serve, sized, viewport):
    base = serve(layout_site)
    set_viewport(sized, viewport)
    sized.get(base + "rows/")
    settle(sized)
    tiles = sized.execute_script(TILES_JS, ".gk-justified")["tiles"]
    rows = rows_of(tiles)
    panorama = next(row for row in rows if any(abs(t["ratio"] - 6) < 0.05 for t in row))
    assert len(panorama) == 1, "the 6:1 panorama shares its row"
    typical = sorted(row[0]["height"] for row in rows[:-1])[len(rows) // 2 - 1]
    for ratio in (1 / 3, 1 / 2):
        row = next(row for row in rows if any(abs(t["ratio"] - ratio) < 0.02 for t in row))
        assert len(row) > 1 and row[0]["height"] < 1.6 * typical, (
            f"a 1:{1 / ratio:.0f} photo makes its row {row[0]['height']:.0f} px tall (typical {typical:.0f})"
        )


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
def test_grid_tiles_are_uniform_crops_at_the_focal_point(layout_site, serve, sized, viewport):
    base = serve(layout_site)
    set_viewport(sized, viewport)
    sized.get(base + "uniform/")
    settle(sized)
    measured = sized.execute_script(TILES_JS, ".gk-grid-photos")
    tiles = measured["tiles"]
    sizes = {(round(t["width"]), round(t["height"])) for t in tiles}
    assert len(sizes) == 1, f"grid tiles differ in size: {sizes}"
    width, height = sizes.pop()
    assert abs(width / height - 1.5) < 0.02, f"grid tiles are {width} x {height}, not 3:2"
    assert all(t["fit"] == "cover" for t in tiles)
    columns = len(rows_of(tiles)[0])
    assert columns >= 2, f"{columns} column(s) of grid tiles at {viewport}"
    positions = sized.execute_script(
        "return [...document.querySelectorAll('.gk-grid-photos img:not(.gk-ph)')].map(i => getComputedStyle(i).objectPosition)"
    )
    assert len(set(positions)) > 1, f"every crop is at the same place: {positions}"


CLS_JS = """
const done = arguments[arguments.length - 1];
let total = 0;
new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
}).observe({type: 'layout-shift', buffered: true});
setTimeout(() => done(total), 1500);
"""


# The laptop's case in make test-full: make test keeps the phone's (the budget, see sweeps.py).
@pytest.mark.parametrize("viewport", split(VIEWPORTS, kept=("phone",)))
def test_no_layout_shift_while_loading_and_scrolling(layout_site, serve, sized, viewport):
    base = serve(layout_site)
    set_viewport(sized, viewport, warm=base)
    sized.set_script_timeout(20)
    shifts = {}

    def cold_load_shift(page: str) -> float:
        sized.get(base + page)
        sized.execute_script(
            "window.__scrolls = (async () => { for (let y = 0; y < document.body.scrollHeight; y += 300)"
            " { scrollTo(0, y); await new Promise(r => setTimeout(r, 60)); } })()"
        )
        return sized.execute_async_script(CLS_JS)

    for page in ("rows/", "uniform/", "highlights/", "essay/"):
        sized.execute_cdp_cmd("Network.enable", {})
        sized.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        # Measured on the second of two cold loads: the first page after a change of the
        # emulated screen was sometimes laid out at another one first (a laptop's or desktop's
        # row tile seen full width, then in its row), which no visitor's browser does. A shift
        # of the page itself shows on every load, so one seen once is measured again: on a
        # starved machine (the browser, the server and the test on 2 cores) a late first frame
        # was seen to shift the header by the scrollbar's width or a hero before its slides
        # were laid out, once in about ten loads, never twice in a row.
        sized.get(base + page)
        shifts[page] = cold_load_shift(page)
        if shifts[page] > 0:
            shifts[page] = min(shifts[page], cold_load_shift(page))
    sized.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    shifted = {page: value for page, value in shifts.items() if value > 0}
    assert shifted == {}, f"layout shift at {viewport}: {shifted}"


BOXES_JS = """
return [...document.querySelectorAll('main [data-blurup], main h1, main .gk-slider')]
  .map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.left * 10) / 10,
    Math.round((r.top + scrollY) * 10) / 10, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; });
"""


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
def test_layout_is_the_same_without_javascript(layout_site, serve, sized, viewport):
    base = serve(layout_site)
    set_viewport(sized, viewport)
    boxes = {}
    for scripts in (True, False):
        sized.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not scripts})
        try:
            for page in ("rows/", "uniform/", "highlights/"):
                sized.get(base + page)
                time.sleep(0.3)
                boxes[(page, scripts)] = sized.execute_cdp_cmd(
                    "Runtime.evaluate",
                    {"expression": f"(() => {{ {BOXES_JS} }})()", "returnByValue": True},
                )["result"]["value"]
        finally:
            sized.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    for page in ("rows/", "uniform/", "highlights/"):
        assert boxes[(page, True)] == boxes[(page, False)], f"{page} lays out differently without JavaScript"
        assert len(boxes[(page, True)]) > 3
