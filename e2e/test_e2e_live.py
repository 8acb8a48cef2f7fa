"""Live Photos and Motion Photos: a still and its movie are one album item with a Live badge;
the motion is published once, muted and without metadata, played over the still on its page
on a press (and, without a motion preference, under the mouse), never by itself.

Fixtures are made by `live_fixtures.py`: iPhone-style stills with Apple's content identifier
in their MakerNote and QuickTime movies with the same identifier and a location; a Motion Photo
JPEG with an MP4 (and its location) appended and its XMP pointing at it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from conftest import run_build, set_reduced_motion
from live_fixtures import has_location, live_movie, live_still, motion_photo, motion_photo_heic
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

REPO = Path(__file__).resolve().parent.parent
HEIC = "Tests/Fixtures/corpus/sigal-sample/dir1/test1/outdoor.heic"


def make_album(album: Path) -> None:
    album.mkdir(parents=True)
    (album / "index.md").write_text("---\ntitle: Live\nsort: name\n---\n")
    # Same names, same identifier: an iPhone's export.
    live_still(album / "IMG_0001.jpg", "5F2A8C1E-0001")
    live_movie(album / "IMG_0001.MOV", "5F2A8C1E-0001")
    # Renamed: the identifier pairs them.
    live_still(album / "IMG_0002.jpg", "5F2A8C1E-0002", colour=(40, 90, 200))
    live_movie(album / "holiday-clip.mov", "5F2A8C1E-0002")
    # No identifier at all: the same name and a short movie.
    live_still(album / "IMG_0003.jpg", None, colour=(40, 200, 90))
    live_movie(album / "IMG_0003.mov", None, seconds=2.0)
    # The same name and a 7-second movie: a clip of its own.
    live_still(album / "DSC_0004.jpg", None, colour=(200, 200, 90))
    live_movie(album / "DSC_0004.mov", None, seconds=7.0)
    motion_photo(album / "PXL_0005.jpg")
    motion_photo_heic(album / "PXL_0007.heic", REPO / HEIC)
    # A HEIC still, renamed: its identifier is read through libheif.
    heic = album / "IMG_0006.heic"
    shutil.copy(REPO / HEIC, heic)
    live_still(album.parent / "apple.jpg", "5F2A8C1E-0006")
    subprocess.run(
        ["exiftool", "-q", "-overwrite_original", "-tagsFromFile", str(album.parent / "apple.jpg"),
         "-MakerNotes", "-Make", "-Model", str(heic)],
        check=True,
    )  # fmt: skip
    (album.parent / "apple.jpg").unlink()
    live_movie(album / "IMG_E0006.mov", "5F2A8C1E-0006")
    for stem in ["IMG_0001", "IMG_0002", "IMG_0003", "DSC_0004", "PXL_0005", "IMG_0006", "PXL_0007"]:
        (album / f"{stem}.md").write_text(f"---\nalt: Test picture {stem}\n---\n")


@pytest.fixture(scope="module")
def live_site(galleryc, tmp_path_factory):
    work = tmp_path_factory.mktemp("live")
    make_album(work / "content" / "live")
    (work / "content" / "site.yml").write_text("title: Live\nprivacy:\n  publish_originals: true\n")
    result = run_build(
        galleryc, work / "content", work / "public", work, "--cache-dir", str(work / "cache"), "--verbose"
    )
    return work, result, result.check()


LIVE = ["img-0001", "img-0002", "img-0003", "pxl-0005", "img-0006", "pxl-0007"]


def test_a_still_and_its_movie_are_one_item_with_a_live_badge(live_site):
    _, result, output = live_site
    assert "4 Live Photos" in result.stderr, result.stderr
    album = (output / "live" / "index.html").read_text()
    tiles = album.split('class="card-link" href="')[1:]
    hrefs = [tile.split('"')[0] for tile in tiles]
    order = ["dsc-0004", "dsc-0004-2", "img-0001", "img-0002", "img-0003", "img-0006", "pxl-0005", "pxl-0007"]
    assert hrefs == [f"/live/{slug}/" for slug in order], hrefs
    badged = sorted(tile.split('"')[0].split("/")[2] for tile in tiles if "gk-live-badge" in tile)
    assert badged == sorted(LIVE)
    # The movies of pairs have no page; the long clip does, as a video.
    pages = sorted(p.name for p in (output / "live").iterdir() if p.is_dir())
    assert pages == sorted(["dsc-0004", "dsc-0004-2", *LIVE])
    assert "<video" in (output / "live" / "dsc-0004-2" / "index.html").read_text()
    assert "1 video" in result.stdout, result.stdout


def _streams(path: Path) -> dict:
    answer = subprocess.run(
        ["ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", str(path)],
        capture_output=True, check=True, text=True,
    )  # fmt: skip
    return json.loads(answer.stdout)


def test_each_motion_is_one_muted_mp4_without_metadata(live_site):
    _, _, output = live_site
    for slug in LIVE:
        page = (output / "live" / slug / "index.html").read_text()
        sources = [part.split('"')[0] for part in page.split('<source src="')[1:]]
        assert len(sources) == 1 and sources[0].endswith(f"/{slug}.mp4"), (slug, sources)
        probe = _streams(output / sources[0].lstrip("/"))
        kinds = [stream["codec_type"] for stream in probe["streams"]]
        assert kinds == ["video"], (slug, kinds)
        assert probe["streams"][0]["codec_name"] == "h264"
        tags = probe["format"].get("tags", {})
        assert not any("location" in key or "apple" in key or "identifier" in key for key in tags), tags


def test_no_published_file_carries_a_location_and_the_original_has_no_movie(live_site):
    work, _, output = live_site
    for path in output.rglob("*"):
        if path.is_file():
            assert not has_location(path.read_bytes()), path
    for slug in ["pxl-0007", "pxl-0005"]:
        originals = list((output / "_img").rglob(f"{slug}-original.jpg"))
        assert len(originals) == 1, slug
        data = originals[0].read_bytes()
        assert b"ftyp" not in data and data.endswith(b"\xff\xd9"), slug
    # The JPEG's original is the still alone: its bytes up to the EOI.
    source = (work / "content" / "live" / "PXL_0005.jpg").read_bytes()
    assert len(data) < len(source) // 4


@pytest.mark.full  # the video suite checks a rebuild in make test; this is the same cache
def test_a_rebuild_transcodes_nothing(live_site, galleryc):
    work, _, _ = live_site
    again = run_build(galleryc, work / "content", work / "public", work, "--cache-dir", str(work / "cache"))
    again.check()
    assert "Transcoding" not in again.stdout + again.stderr


LIVE_STATE_JS = """
const video = document.querySelector('[data-gk-live-video]');
const frame = video.closest('[data-blurup]');
return {live: frame.classList.contains('is-live'), paused: video.paused, t: video.currentTime,
        ended: video.ended, pressed: document.querySelector('[data-gk-live]').getAttribute('aria-pressed'),
        opacity: getComputedStyle(video).opacity, autoplay: video.autoplay, muted: video.muted};
"""


def _wait_for(browser, predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    state = browser.execute_script(LIVE_STATE_JS)
    while time.monotonic() < deadline and not predicate(state):
        time.sleep(0.1)
        state = browser.execute_script(LIVE_STATE_JS)
    return state


def test_a_press_plays_the_motion_over_the_still_and_returns_to_the_still(live_site, serve, browser):
    _, _, output = live_site
    base = serve(output)
    set_reduced_motion(browser, False)
    browser.get(base + "live/img-0003/")
    time.sleep(0.8)
    state = browser.execute_script(LIVE_STATE_JS)
    assert not state["live"] and state["paused"] and state["t"] == 0 and not state["autoplay"], state
    assert state["muted"], state
    browser.find_element(By.CSS_SELECTOR, "[data-gk-live]").click()
    state = _wait_for(browser, lambda s: s["t"] > 0.3)
    assert state["live"] and not state["paused"] and state["pressed"] == "true", state
    # The 2-second motion ends and the still is back.
    state = _wait_for(browser, lambda s: not s["live"], timeout=8)
    assert not state["live"] and state["paused"] and state["pressed"] == "false", state
    time.sleep(0.4)
    assert browser.execute_script(LIVE_STATE_JS)["opacity"] == "0"


def test_the_mouse_on_the_live_button_plays_it_and_leaving_stops_it(live_site, serve, browser):
    _, _, output = live_site
    base = serve(output)
    set_reduced_motion(browser, False)
    browser.get(base + "live/pxl-0005/")
    button = browser.find_element(By.CSS_SELECTOR, "[data-gk-live]")
    ActionChains(browser).move_to_element(button).perform()
    state = _wait_for(browser, lambda s: s["t"] > 0.2)
    assert state["live"] and not state["paused"], state
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, "h1")).perform()
    state = _wait_for(browser, lambda s: not s["live"], timeout=3)
    assert not state["live"] and state["paused"], state


def _touch(browser, kind: str, x: float = 0, y: float = 0) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_finger_held_on_the_photo_plays_it_until_it_lifts(live_site, serve, browser):
    _, _, output = live_site
    base = serve(output)
    set_reduced_motion(browser, False)
    browser.get(base + "live/img-0001/")
    time.sleep(0.5)
    box = browser.execute_script(
        "const r = document.querySelector('[data-gk-live-video]').getBoundingClientRect();"
        "return [r.x + r.width / 2, r.y + r.height / 2];"
    )
    # A tap is no hold: nothing plays.
    _touch(browser, "touchStart", *box)
    _touch(browser, "touchEnd")
    time.sleep(0.6)
    assert not browser.execute_script(LIVE_STATE_JS)["live"]
    _touch(browser, "touchStart", *box)
    state = _wait_for(browser, lambda s: s["t"] > 0.2)
    assert state["live"] and not state["paused"], state
    _touch(browser, "touchEnd")
    state = _wait_for(browser, lambda s: not s["live"], timeout=3)
    assert not state["live"] and state["paused"], state
    # Under reduced motion a hold plays nothing.
    set_reduced_motion(browser, True)
    browser.get(base + "live/img-0001/")
    time.sleep(0.5)
    _touch(browser, "touchStart", *box)
    time.sleep(1.0)
    _touch(browser, "touchEnd")
    state = browser.execute_script(LIVE_STATE_JS)
    assert not state["live"] and state["t"] == 0, state
    set_reduced_motion(browser, False)


def test_reduced_motion_nothing_plays_without_a_press_and_a_press_plays(live_site, serve, browser):
    _, _, output = live_site
    base = serve(output)
    set_reduced_motion(browser, True)
    # A Live Photo's page and a Motion Photo's: the same script on both.
    for slug in ["img-0001", "pxl-0005"]:
        browser.get(base + f"live/{slug}/")
        button = browser.find_element(By.CSS_SELECTOR, "[data-gk-live]")
        ActionChains(browser).move_to_element(button).pause(1.0).perform()
        browser.execute_script("arguments[0].focus()", button)
        time.sleep(0.3)
        state = browser.execute_script(LIVE_STATE_JS)
        assert not state["live"] and state["paused"] and state["t"] == 0, (slug, state)
    browser.find_element(By.CSS_SELECTOR, "[data-gk-live]").send_keys(" ")
    state = _wait_for(browser, lambda s: s["t"] > 0.2)
    assert state["live"] and not state["paused"], state
    set_reduced_motion(browser, False)


@pytest.mark.full  # a second build of the album; the setting's reading is unit-tested
def test_live_false_shows_the_stills_alone(galleryc, tmp_path):
    make_album(tmp_path / "content" / "live")
    (tmp_path / "content" / "site.yml").write_text("title: Still\nimages:\n  live: false\n")
    result = run_build(galleryc, tmp_path / "content", tmp_path / "public", tmp_path, "--verbose")
    output = result.check()
    assert "the movies are left out (images.live: false)" in result.stderr, result.stderr
    assert "gk-live" not in (output / "live" / "index.html").read_text()
    assert "<video" not in (output / "live" / "img-0001" / "index.html").read_text()
    videos = sorted(p.name for p in (output / "_video").rglob("*.mp4"))
    assert videos == ["dsc-0004-2.mp4"], videos


def test_the_live_pages_have_no_serious_accessibility_violations(live_site, serve, browser, axe_check):
    _, _, output = live_site
    base = serve(output)
    for page in ("live/", "live/img-0001/"):
        browser.get(base + page)
        # The EXIF panel groups each <dt>/<dd> pair in a <div>, which HTML allows and axe-core
        # newer axe-core releases accept; the axe-core 3.1.1 that axe-selenium-python bundles does not.
        outdated = {"dlitem", "definition-list"}
        assert [v for v in axe_check(browser) if v.rule not in outdated] == [], page
    name = browser.execute_script(
        "const b = document.querySelector('[data-gk-live]'); return b.textContent.trim();"
    )
    assert name == "Play the Live Photo (2 seconds)", name
