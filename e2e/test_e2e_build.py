"""End-to-end tests of the release binary on the real corpora and the demo site.

Every test here needs `.build/release/galleryc` and is skipped, saying so, only when it is
missing. Corpora are copied to a temp folder first: a build never gets the chance to write
into Tests/Fixtures/corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import CORPUS, REPO_ROOT, copy_content, run_build, tree_digest
from PIL import Image
from site_layout import (
    albums,
    has_gps,
    image_alts,
    jpeg_derivatives,
    mean_abs_diff,
    output_dir,
    photos,
)

pytestmark = pytest.mark.e2e

# Correctly oriented derivatives differ from `_1` only by the digit printed on each test photo
# (measured on the sources: at most 1.5); a wrong turn or flip gives 40 or more.
ORIENTATION_MAX_MEAN_DIFF = 6.0


def _corpus(name: str) -> Path:
    path = CORPUS / name
    assert path.is_dir(), (
        f"corpus {path} not found: expected at <repo>/Tests/Fixtures/corpus or $GALLERYC_CORPUS"
    )
    return path


@pytest.fixture(scope="session")
def sigal_build(galleryc, tmp_path_factory):
    work = tmp_path_factory.mktemp("sigal")
    content = copy_content(_corpus("sigal-sample"), work / "content")
    before = tree_digest(content)
    result = run_build(galleryc, content, work / "public", work)
    return content, result, before


@pytest.fixture(scope="session")
def orientation_site(galleryc, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("orientation")
    content = copy_content(_corpus("exif-orientation"), work / "content")
    return run_build(galleryc, content, work / "public", work).check()


# --- sigal-sample: every album and photo gets its page ---------------------------------------


def test_sigal_sample_builds(sigal_build):
    _, result, _ = sigal_build
    output = result.check()
    for name in ("index.html", "404.html", "feed.xml", "_headers", ".nojekyll"):
        assert (output / name).is_file(), f"{name} missing from the output"
    assert list(output.glob("assets/galleryc.*.css")), "no stylesheet in assets/"
    # sigal's sample has no site.yml, so no base_url: no sitemap (it needs absolute URLs),
    # and one warning that says so.
    assert not (output / "sitemap.xml").exists()
    assert result.stderr.count("base_url is not set") == 1, result.stderr


def test_sigal_sample_every_album_has_its_page(sigal_build):
    content, result, _ = sigal_build
    output = result.check()
    missing = [
        str(album)
        for album in albums(content)
        if (folder := output_dir(output, album)) is None or not (folder / "index.html").is_file()
    ]
    assert missing == [], f"albums without a page: {missing}"


def test_sigal_sample_every_photo_has_its_page(sigal_build):
    content, result, _ = sigal_build
    output = result.check()
    missing = []
    for album in albums(content):
        for photo in photos(content, album):
            folder = output_dir(output, photo, is_file_stem=True)
            if folder is None or not (folder / "index.html").is_file():
                missing.append(str(photo))
    assert missing == [], f"photos without a page: {missing}"


def test_build_does_not_write_into_the_content_folder(sigal_build):
    content, result, before = sigal_build
    result.check()
    assert tree_digest(content) == before


def test_sigal_sample_pages_are_valid_html(sigal_build, nu_check):
    errors = nu_check(sigal_build[1].check())
    assert errors == [], "\n".join(map(str, errors))


def test_sigal_sample_publishes_no_gps(sigal_build):
    # Three JPEGs (and a HEIC) in sigal-sample carry GPS coordinates.
    output = sigal_build[1].check()
    image_types = (".jpg", ".jpeg", ".webp", ".png")
    published = [p for p in output.rglob("*") if p.suffix.lower() in image_types]
    assert published, "no published images"
    leaking = [str(p.relative_to(output)) for p in published if has_gps(p)]
    assert leaking == [], f"GPS tags in published files: {leaking}"


# --- exif-orientation: all 18 photos come out upright -----------------------------------------


ORIENTATION_PHOTOS = [f"{kind}_{n}" for kind in ("Landscape", "Portrait") for n in range(9)]


@pytest.mark.parametrize("name", ORIENTATION_PHOTOS)
def test_orientation_matches_reference(orientation_site, name):
    kind = name.split("_")[0]
    reference = jpeg_derivatives(orientation_site, f"{kind}_1")
    candidate = jpeg_derivatives(orientation_site, name)
    assert reference and candidate, f"no JPEG derivatives under _img/ for {kind}_1 or {name}"
    largest, reference_largest = candidate[-1], reference[-1]
    with Image.open(largest.path) as a, Image.open(reference_largest.path) as b:
        assert a.size == b.size, f"{name}: {a.size} but {kind}_1 is {b.size}"
        landscape = a.width > a.height
    assert landscape == (kind == "Landscape"), f"{name} came out {a.size}"
    diff = mean_abs_diff(largest.path, reference_largest.path)
    assert diff < ORIENTATION_MAX_MEAN_DIFF, f"{name} differs from {kind}_1 by {diff:.1f}"


def test_orientation_pages_are_valid_html(orientation_site, nu_check):
    errors = nu_check(orientation_site)
    assert errors == [], "\n".join(map(str, errors))


# --- the demo site ----------------------------------------------------------------------------


def test_demo_builds_with_its_pages(demo_build):
    output = demo_build.check()
    for page in ("index.html", "about/index.html", "credits/index.html"):
        assert (output / page).is_file(), f"{page} missing"
    alt_warnings = [line for line in demo_build.stderr.splitlines() if "alt" in line.lower()]
    assert alt_warnings == [], "every demo photo has alt text:\n" + "\n".join(alt_warnings)


def test_demo_photo_pages_use_the_sidecar_alt_text(demo_build):
    output = demo_build.check()
    content = REPO_ROOT / "content"
    for album in albums(content):
        for photo in photos(content, album):
            front_matter = (content / photo).with_suffix(".md").read_text().split("---\n")[1]
            alt = yaml.safe_load(front_matter)["alt"]
            folder = output_dir(output, photo, is_file_stem=True)
            assert folder is not None, f"{photo}: no page"
            alts = image_alts((folder / "index.html").read_text())
            assert alt in alts, f"{photo}: page images have alt {alts}, expected {alt!r}"


def test_demo_every_photo_has_its_page(demo_build):
    output = demo_build.check()
    content = REPO_ROOT / "content"
    for album in albums(content):
        assert output_dir(output, album) is not None, f"album {album} has no folder"
        for photo in photos(content, album):
            folder = output_dir(output, photo, is_file_stem=True)
            assert folder is not None and (folder / "index.html").is_file(), f"{photo}: no page"


def test_demo_pages_are_valid_html(demo_build, nu_check):
    errors = nu_check(demo_build.check())
    assert errors == [], "\n".join(map(str, errors))


def test_demo_sideways_photos_come_out_upright(demo_build):
    output = demo_build.check()
    for stem, landscape in (("waterfall-rotated", True), ("waterfall-portrait-rotated", False)):
        derivatives = jpeg_derivatives(output, stem)
        assert derivatives, f"no derivatives for {stem}"
        with Image.open(derivatives[-1].path) as image:
            assert (image.width > image.height) == landscape, f"{stem}: {image.size}"


def test_demo_site_keeps_still_under_reduced_motion(demo_build, serve, browser):
    from conftest import RUNNING_MOVERS_JS, set_reduced_motion

    import time

    base = serve(demo_build.check())
    running = "return document.getAnimations().filter(a => a.playState === 'running').length"
    pending = "return [...document.images].filter(i => i.loading !== 'lazy' && !i.complete).length"
    for page in ("", "landscapes/", "nature/"):
        set_reduced_motion(browser, True)
        browser.get(base + page)
        # Under reduced motion a photo that arrives still fades in over 0.2 s (opacity only,
        # see test_e2e_motion.py); once the eager photos are in, nothing may be running.
        deadline = time.time() + 15
        while browser.execute_script(pending) and time.time() < deadline:
            time.sleep(0.1)
        time.sleep(0.4)
        # Only opacity fades may run; nothing that moves, zooms or blurs.
        movers = browser.execute_script(RUNNING_MOVERS_JS)
        assert movers == [], f"/{page} animates under reduced motion: {movers}"
    set_reduced_motion(browser, False)
    browser.get(base + "landscapes/")
    assert browser.execute_script(running) > 0, "the slider album shows no motion at all"


DEMO_PAGES_FOR_AXE = (
    "",  # home
    "about/",
    "landscapes/",  # hero slider over justified rows
    "landscapes/coast/",  # justified rows
    "space/",  # grid layout
    "nature/",  # story layout
)


def test_demo_pages_have_no_serious_accessibility_violations(demo_build, serve, browser, axe_check):
    output = demo_build.check()
    base = serve(output)
    photo_page = output_dir(output, Path("landscapes/picos-de-europa.jpg"), is_file_stem=True)
    assert photo_page is not None, "no page for landscapes/picos-de-europa.jpg"
    pages = [*DEMO_PAGES_FOR_AXE, photo_page.relative_to(output).as_posix() + "/"]
    problems = []
    for page in pages:
        browser.get(base + page)
        problems += [f"/{page}: {v}" for v in axe_check(browser)]
    assert problems == [], "\n".join(problems)
