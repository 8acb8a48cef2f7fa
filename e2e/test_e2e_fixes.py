"""Small things a visitor notices, in a real browser: the keyboard focus ring (visible, not
clipped, at least 3:1 in light and dark mode), a photo that fails to load (a neutral tile that
says what it shows, its alt text still read), story photos on phones (shown whole), the hero
slider's controls (in the first screen of a laptop, right without JavaScript), and the icon
(no page makes the browser ask for a file that is not there).
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from conftest import run_build
from layout_fixture import make_site
from PIL import Image
from test_e2e_layouts import set_viewport, settle

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.fixture(scope="session")
def fixes_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("fixes")
    content = make_site(work / "content")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture
def sized(browser):
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


RING_JS = """
const el = document.querySelector(arguments[0]);
el.scrollIntoView({block: 'center'});
const r = el.getBoundingClientRect();
return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
"""

FOCUS_JS = """
const el = document.querySelector(arguments[0]);
el.focus({focusVisible: true});
const after = getComputedStyle(el, '::after');
const ring = el.getBoundingClientRect();
const inset = parseFloat(after.top);
const box = {left: ring.left + inset, top: ring.top + inset, right: ring.right - inset, bottom: ring.bottom - inset};
let clip = {left: -1e9, top: -1e9, right: 1e9, bottom: 1e9};
for (let e = el.parentElement; e; e = e.parentElement) {
  const s = getComputedStyle(e);
  if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
    const c = e.getBoundingClientRect();
    clip = {left: Math.max(clip.left, c.left), top: Math.max(clip.top, c.top),
            right: Math.min(clip.right, c.right), bottom: Math.min(clip.bottom, c.bottom)};
  }
}
return {content: after.content, color: after.color, box: box, clip: clip,
        focused: document.activeElement === el && el.matches(':focus-visible')};
"""


def _rgb(css: str) -> tuple[int, int, int]:
    inner = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return tuple(round(float(v)) for v in inner[:3])


FOCUS_TARGETS = {
    "tile": ("rows/", ".gk-justified > li:nth-child(2) .card-link"),
    "slide": ("highlights/", ".gk-slide:first-child .gk-slide-link"),
}


# A tile in both schemes and a slide in the light one in `make test`; the dark slide in
# `make test-full`.
@pytest.mark.parametrize(
    "page,selector,scheme",
    [
        pytest.param(*FOCUS_TARGETS[target], scheme, id=f"{target}-{scheme}",
                     marks=pytest.mark.full if (target, scheme) == ("slide", "dark") else ())
        for target in FOCUS_TARGETS
        for scheme in ("light", "dark")
    ],
)
def test_focus_ring_is_whole_and_visible(fixes_site, serve, sized, scheme, page, selector):
    base = serve(fixes_site)
    sized.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    set_viewport(sized, "laptop")
    sized.get(base + page)
    settle(sized)
    sized.execute_script(RING_JS, selector)
    time.sleep(0.3)
    before = Image.open(io.BytesIO(sized.get_screenshot_as_png())).convert("RGB")
    state = sized.execute_script(FOCUS_JS, selector)
    assert state["focused"] and state["content"] != "none", f"no focus ring: {state}"
    box, clip = state["box"], state["clip"]
    for side in ("left", "top"):
        assert box[side] >= clip[side] - 0.5, f"the ring is clipped on the {side}: {box} in {clip}"
    for side in ("right", "bottom"):
        assert box[side] <= clip[side] + 0.5, f"the ring is clipped on the {side}: {box} in {clip}"
    # What the ring is drawn over, from the screenshot taken before it was there.
    ring = _rgb(state["color"])
    samples = []
    for x in range(int(box["left"]) + 2, int(box["right"]) - 2, 3):
        for y in (int(box["top"]), int(box["bottom"]) - 2):
            if 0 <= x < before.width and 0 <= y < before.height:
                samples.append(contrast(ring, before.getpixel((x, y))))
    samples.sort()
    median = samples[len(samples) // 2]
    print(f"\n{page} {scheme}: ring {state['color']}, contrast median {median:.2f}, lowest {samples[0]:.2f}")
    assert median >= 3, f"the ring is {median:.2f}:1 against what it is drawn on"
    assert samples[len(samples) // 10] >= 3, "the ring is below 3:1 along a tenth of its length"


def test_a_photo_that_fails_keeps_its_alt_text_and_says_what_it_shows(fixes_site, serve, sized):
    base = serve(fixes_site)
    set_viewport(sized, "laptop")
    sized.execute_cdp_cmd("Network.enable", {})
    sized.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/_img/*"]})
    try:
        sized.get(base + "rows/")
        settle(sized, 0.5)
        tiles = sized.execute_script(
            "return [...document.querySelectorAll('.gk-justified [data-blurup]')].slice(0, 4).map(f => {"
            " const note = f.querySelector('.gk-failed'); const r = f.getBoundingClientRect();"
            " return {error: f.classList.contains('is-error'), alt: f.querySelector('img').alt,"
            "  note: note && note.textContent, shown: note && getComputedStyle(note).display !== 'none'"
            "   && note.getBoundingClientRect().width > 20, height: r.height}; })"
        )
        tree = sized.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    finally:
        sized.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        sized.execute_cdp_cmd("Network.disable", {})
    names = {
        (n.get("name") or {}).get("value")
        for n in tree
        if (n.get("role") or {}).get("value") in ("image", "img") and not n.get("ignored")
    }
    assert tiles
    for tile in tiles:
        assert tile["error"], tile
        assert tile["note"] == tile["alt"] and tile["shown"], f"the failed tile does not say what it shows: {tile}"
        assert tile["height"] > 50, tile
        assert tile["alt"] in names, f"{tile['alt']!r} is gone from the accessibility tree"


def test_story_photos_fill_a_phones_screen(fixes_site, serve, sized):
    # They used to be shown whole (a landscape 260 px high on a phone); a story is a screen per
    # photo, cropped around the focal point (test_e2e_pages checks the caption's side).
    base = serve(fixes_site)
    set_viewport(sized, "phone")
    sized.get(base + "essay/")
    settle(sized)
    frames = sized.execute_script(
        "return [...document.querySelectorAll('.gk-story [data-blurup]')].map(f => {"
        " const img = f.querySelector('img'); const r = f.getBoundingClientRect(); const i = img.getBoundingClientRect();"
        " return {w: r.width, h: r.height, iw: i.width, ih: i.height, screen: innerHeight}; })"
    )
    assert frames
    for frame in frames:
        assert abs(frame["w"] - 390) < 1 and abs(frame["h"] - frame["screen"]) < 1, frame
        assert frame["iw"] >= frame["w"] - 0.5 and frame["ih"] >= frame["h"] - 0.5, frame


@pytest.mark.parametrize("site_name,page", [("demo", "landscapes/"), ("fixture", "highlights/")])
def test_slider_controls_are_in_the_first_screen_of_a_laptop(fixes_site, demo_build, serve, sized, site_name, page):
    base = serve(demo_build.check() if site_name == "demo" else fixes_site)
    set_viewport(sized, "laptop")
    sized.get(base + page)
    settle(sized)
    bottom = sized.execute_script(
        "return Math.max(...[...document.querySelectorAll('[data-slider-prev], [data-slider-next], [data-slider-dot]')]"
        ".map(e => e.getBoundingClientRect().bottom))"
    )
    assert bottom <= 800, f"the slider's controls reach {bottom:.0f} px, below the 800 px screen"


def test_without_javascript_the_dots_follow_the_slide(fixes_site, serve, sized):
    base = serve(fixes_site)
    set_viewport(sized, "laptop")
    sized.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        sized.get(base + "highlights/")
        time.sleep(0.5)
        dots = "[...document.querySelectorAll('[data-slider-dot]')].map(d => getComputedStyle(d).backgroundImage)"
        first = sized.execute_cdp_cmd("Runtime.evaluate", {"expression": dots, "returnByValue": True})["result"]["value"]
        sized.find_element("css selector", '[data-slider-dot="1"]').click()
        time.sleep(0.8)
        after = sized.execute_cdp_cmd("Runtime.evaluate", {"expression": dots, "returnByValue": True})["result"]["value"]
    finally:
        sized.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert first[0] != first[1], "the first dot does not look current at first"
    assert after[1] == first[0] and after[0] == first[1], (
        f"after jumping to slide 2 the dots still show slide 1: {after}"
    )


def test_no_page_asks_for_a_file_that_is_not_there(demo_build, fixes_site, serve, sized):
    problems = []
    for site in (demo_build.check(), fixes_site):
        base = serve(site)
        for page in ("", "landscapes/", "rows/", "highlights/", "about/"):
            if not (site / page / "index.html").exists():
                continue
            sized.get(base + page)
            settle(sized, 0.5)
        icons = [p for p, _ in serve.requests if "favicon" in p]
        if not icons:
            problems.append(f"{site}: no icon was requested")
    missing = [(p, c) for p, c in serve.requests if c >= 400]
    assert missing == [] and problems == [], f"{missing} {problems}"
