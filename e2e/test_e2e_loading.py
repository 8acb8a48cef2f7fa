"""What the browser loads, in a real browser: every image in the first viewport of a laptop
(1280 x 800) and a phone (390 x 844) is eager, the largest of them on each screen (the image
the browser counts as the Largest Contentful Paint) has fetchpriority=high, images further
down are lazy, and no image downloaded is more than one srcset step larger than the
width it is drawn at times the device pixel ratio.

Runs on the layout fixture (e2e/layout_fixture.py) and the demo site.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from sweeps import split
from conftest import run_build
from layout_fixture import make_site
from viewer_fixture import make_viewer_site
from test_e2e_layouts import VIEWPORTS, set_viewport, settle

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# Pages of the fixture with every layout, and a photo page.
FIXTURE_PAGES = ["", "rows/", "uniform/", "highlights/", "essay/", "rows/p00/"]
DEMO_PAGES = ["", "landscapes/", "landscapes/coast/", "space/", "nature/", "landscapes/sunset/"]


@pytest.fixture(scope="session")
def loading_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("loading")
    content = make_site(work / "content")
    return run_build(galleryc, content, work / "public", work).check()


@pytest.fixture
def sized(browser):
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})


# Each image: its place in the document, loading, fetchpriority, and whether any of it shows in
# the viewport (inside the clipping box of a scroller such as the hero slider). Not the photo
# page's first paint under the photo (`.gk-preview`, eager and high priority with it), nor the
# neighbours the viewer puts beside its stage once the photo has loaded, nor the inline
# placeholders (`.gk-ph`) and the hero's blurred backdrop (`.gk-hero-bg`).
IMAGES_JS = """
const out = [];
document.querySelectorAll('main img:not(.gk-preview, .gk-ph, .viewer-side img, .gk-hero-bg img)').forEach((img, index) => {
  let r = img.closest('[data-blurup]').getBoundingClientRect();
  let box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  for (let e = img.parentElement; e; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.overflowX !== 'visible' && s.overflowX !== 'clip' || s.overflowY !== 'visible' && s.overflowY !== 'clip') {
      const c = e.getBoundingClientRect();
      if (e.classList.contains('gk-blurup')) continue;
      box = {left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
             right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom)};
    }
  }
  const visible = box.right - box.left > 1 && box.bottom - box.top > 1 &&
    box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
  const area = visible ? (box.right - box.left) * (box.bottom - box.top) : 0;
  out.push({index, visible, area, top: r.top, loading: img.getAttribute('loading'),
            priority: img.getAttribute('fetchpriority'), alt: img.alt});
});
return out;
"""


def _first_view(driver, url: str) -> list[dict]:
    driver.get(url)
    time.sleep(0.3)
    return driver.execute_script(IMAGES_JS)


@pytest.mark.parametrize("site_name", split(["fixture", "demo"], kept=("fixture",)))
def test_images_in_the_first_viewport_are_eager_and_the_largest_is_high_priority(
    loading_site, demo_build, serve, sized, site_name
):
    site, pages = (loading_site, FIXTURE_PAGES) if site_name == "fixture" else (demo_build.check(), DEMO_PAGES)
    base = serve(site)
    problems = []
    for page in pages:
        seen = {}
        for viewport in ("laptop", "phone"):
            set_viewport(sized, viewport)
            images = _first_view(sized, base + page)
            seen[viewport] = images
            visible = [i for i in images if i["visible"]]
            assert visible, f"/{page} at {viewport}: no image in the first viewport"
            for image in visible:
                if image["loading"] != "eager":
                    problems.append(f"/{page} at {viewport}: {image['alt']!r} is in view but lazy")
            # The build knows the page only from below (its header estimated at least as short as
            # it is), so a tile cut by the fold may show less than it reckoned: the image it
            # raised must show at least 90 % of the largest one's area.
            largest = max(visible, key=lambda i: i["area"])
            raised = max((i["area"] for i in visible if i["priority"] == "high"), default=0)
            if raised < 0.9 * largest["area"]:
                problems.append(
                    f"/{page} at {viewport}: the largest image in view, {largest['alt']!r}"
                    f" ({largest['area']:.0f} px²), has no fetchpriority=high"
                )
        images = seen["laptop"]
        high = [i for i in images if i["priority"] == "high"]
        if not 1 <= len(high) <= 4:
            problems.append(f"/{page}: {len(high)} images with fetchpriority=high (one to four)")
        for image in high:
            if not any(seen[v][image["index"]]["visible"] for v in ("laptop", "phone")):
                problems.append(f"/{page}: {image['alt']!r} has fetchpriority=high but is in view on no screen")
        # The rest are lazy: an eager image is in view on one of the screens, or just below the
        # fold of one (the build estimates the page's header from below, never from above).
        for index, image in enumerate(images):
            if image["loading"] != "eager":
                continue
            near = any(
                seen[v][index]["visible"] or 0 <= seen[v][index]["top"] - VIEWPORTS[v][1] < 400
                for v in ("laptop", "phone")
            )
            if not near:
                problems.append(f"/{page}: {image['alt']!r} is eager but far out of view")
        eager = sum(i["loading"] == "eager" for i in images)
        print(f"\n/{page}: {eager} eager of {len(images)} images")
    assert problems == [], "\n".join(problems)


# Each image's candidates (the WebP <source>'s srcset when the browser took WebP) and the width
# it is drawn at (for a cropped image, the width of the whole photo as it covers its frame; Ken
# Burns' zoom included), and every image file the page downloaded.
NEEDS_JS = """
const out = [];
for (const img of document.querySelectorAll('main img:not(.gk-ph, .viewer-side img, .gk-hero-bg img)')) {
  const source = img.closest('picture') && img.closest('picture').querySelector('source');
  const srcset = source && img.currentSrc.endsWith('.webp') ? source.srcset : img.srcset;
  const r = img.getBoundingClientRect();
  const ratio = +img.getAttribute('width') / +img.getAttribute('height');
  const fit = getComputedStyle(img).objectFit;
  const drawn = fit === 'cover' ? Math.max(r.width, r.height * ratio) : r.width;
  out.push({alt: img.alt, current: img.currentSrc, srcset: srcset, drawn: drawn, dpr: devicePixelRatio});
}
const downloaded = performance.getEntriesByType('resource')
  .filter(e => e.initiatorType === 'img').map(e => e.name);
// On photo pages the viewer preloads the previous and next photos (their slugs name them).
const neighbours = [...document.querySelectorAll('[data-viewer-action="next"], [data-viewer-action="previous"]')]
  .map(a => new URL(a.href).pathname.split('/').filter(Boolean).pop());
// The hero's blurred backdrop: its slides' smallest renditions, as they were as CSS backgrounds.
const backdrop = [...document.querySelectorAll('.gk-hero-bg img.gk-hero-img')].map(i => i.currentSrc);
return {images: out, downloaded: downloaded, neighbours: neighbours, backdrop: backdrop};
"""


def _candidates(srcset: str) -> list[tuple[str, int]]:
    found = []
    for part in srcset.split(","):
        url, _, width = part.strip().rpartition(" ")
        found.append((url, int(width.rstrip("w"))))
    return sorted(found, key=lambda c: c[1])


@pytest.mark.parametrize("viewport", split(VIEWPORTS, kept=("phone",)))
def test_no_image_is_more_than_one_srcset_step_too_large(loading_site, demo_build, serve, sized, viewport):
    set_viewport(sized, viewport)
    sized.execute_cdp_cmd("Network.enable", {})
    sized.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    problems = []
    checked = 0
    for site, pages in ((loading_site, FIXTURE_PAGES), (demo_build.check(), DEMO_PAGES)):
        base = serve(site)
        for page in pages:
            # A fresh memory cache per page: Chromium reuses a larger rendition it already has.
            sized.execute_cdp_cmd("Network.clearBrowserCache", {})
            sized.get("about:blank")
            sized.get(base + page)
            height = sized.execute_script("return document.documentElement.scrollHeight")
            for y in range(0, height, 400):
                sized.execute_script(f"window.scrollTo(0, {y})")
                time.sleep(0.05)
            settle(sized)
            state = sized.execute_script(NEEDS_JS)
            # Each rendition downloaded is judged against the images that could show it (a hero
            # slide and its tile share a srcset): no larger than the largest of them needs.
            for url in state["downloaded"]:
                name = url.split("/")[-1]
                if any(re.fullmatch(re.escape(slug) + r"-\d+\.\w+", name) for slug in state["neighbours"]):
                    continue  # the viewer's preload of the photo before or after this one
                if url in state["backdrop"]:
                    continue  # the smallest rendition, blurred behind the hero slider
                images = [i for i in state["images"] if any(u.endswith(name) for u, _ in _candidates(i["srcset"]))]
                if not images:
                    problems.append(f"/{page}: {url} was downloaded for no image")
                    continue
                candidates = _candidates(images[0]["srcset"])
                chosen = next(w for u, w in candidates if u.endswith(name))
                need = max(i["drawn"] * i["dpr"] for i in images)
                # Within a pixel: the layout's fractions of a pixel are not worth a larger file.
                enough = next((w for _, w in candidates if w >= need - 1), candidates[-1][1])
                checked += 1
                if chosen > enough:
                    problems.append(
                        f"/{page} {images[0]['alt']!r}: drawn {need / images[0]['dpr']:.0f} px x "
                        f"{images[0]['dpr']} needs {need:.0f}, got {chosen}w (enough: {enough}w)"
                    )
    print(f"\n{viewport}: {checked} images checked")
    assert checked > 20
    assert problems == [], "\n".join(problems[:20])


@pytest.fixture(scope="session")
def large_photos_site(galleryc, tmp_path_factory) -> Path:
    """Photos of 1600-3200 px (e2e/viewer_fixture.py), so no image is capped by its largest
    rendition on a 3x phone."""
    work = tmp_path_factory.mktemp("large-photos")
    return run_build(galleryc, make_viewer_site(work / "content"), work / "public", work).check()


def test_on_a_3x_phone_tiles_are_fetched_for_2x_and_the_photo_page_for_3x(large_photos_site, serve, sized):
    """The tile density cap (README: Images): album tiles on a 3x phone come at two device
    pixels per CSS pixel, which halves the first screen's bytes; the photo page keeps 3x."""
    sized.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
    )
    sized.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    base = serve(large_photos_site)
    checked = {}
    for page, dense in (("shapes/", 2), ("shapes/a-landscape/", 3)):
        checked[page] = 0
        sized.execute_cdp_cmd("Network.clearBrowserCache", {})
        sized.get("about:blank")
        sized.get(base + page)
        settle(sized)
        for image in sized.execute_script(NEEDS_JS)["images"]:
            if not image["current"] or image["drawn"] < 40:
                continue
            candidates = _candidates(image["srcset"])
            chosen = next((w for u, w in candidates if image["current"].endswith(u.split("/")[-1])), None)
            if chosen is None or chosen == candidates[-1][1]:
                continue  # the largest there is: it says nothing about the density asked for
            need = image["drawn"] * dense
            # Within a few pixels: `sizes` states a tile a pixel narrow, and rounds.
            enough = next(w for _, w in candidates if w >= need - 3)
            assert chosen == enough, f"/{page} {image['alt']!r}: drawn {image['drawn']:.0f}, got {chosen}w, want {enough}w"
            checked[page] += 1
            if page.endswith("landscape/"):
                break
    assert checked["shapes/"] >= 2 and checked["shapes/a-landscape/"] == 1, checked


def test_tiles_get_the_small_tile_rendition(loading_site):
    """A 320 px rendition is made for tiles, and a 640 px one for tiles at 2x (tablets, and
    phones at 3x, which fetch tiles for 2x) (both derived from images.widths, not configured)."""
    names = {p.name for p in loading_site.glob("_img/*/*")}
    assert {"p00-320.webp", "p00-320.jpg", "p00-640.webp", "p00-640.jpg"} <= names
    html = (loading_site / "rows" / "index.html").read_text()
    assert re.search(r"p00-320\.webp 320w", html) and re.search(r"p00-640\.webp 640w", html)
