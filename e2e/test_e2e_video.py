"""Video clips end to end: built by the galleryc binary from clips that ffmpeg makes here,
played in headless Chromium, checked with exiftool, and stopped with Ctrl-C.

The fixture album holds a test pattern with a tone, a phone-like MOV (320 x 240 coded, blue
with a red top-left quadrant, a display matrix turning it a quarter left, its location three
ways, make, model and serial), a 10-bit HLG clip and a photo. Pages are served on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from conftest import run_build, set_reduced_motion
from processes import children, comm, running
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

LOCATION = "+48.8584+002.2945"


def ffmpeg(*args: str) -> None:
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=120
    )


def make_pattern(path: Path, seconds: float = 2, size: str = "320x240") -> None:
    ffmpeg(
        "-f", "lavfi", "-i", f"testsrc2=size={size}:rate=25:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:duration={seconds}",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
        "-shortest", str(path),
    )  # fmt: skip


def make_phone(path: Path) -> None:
    plain = path.with_name(".plain.mp4")
    ffmpeg(
        "-f", "lavfi", "-i", "color=c=blue:size=320x240:rate=25:duration=1",
        "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
        "-vf", "drawbox=x=0:y=0:w=160:h=120:color=red:t=fill", "-c:v", "libx264",
        "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", str(plain),
    )  # fmt: skip
    ffmpeg(
        "-i", str(plain), "-c", "copy", "-metadata:s:v:0", "rotate=90",
        "-metadata", f"location={LOCATION}/",
        "-metadata", f"com.apple.quicktime.location.ISO6709={LOCATION}+035.000/",
        "-metadata", "com.apple.quicktime.make=Apple",
        "-metadata", "com.apple.quicktime.model=iPhone 15 Pro",
        "-metadata", "com.apple.quicktime.serial=C39XK0ABCDEF",
        "-metadata", "creation_time=2024-05-01T10:20:30Z",
        "-movflags", "use_metadata_tags", "-f", "mov", str(path),
    )  # fmt: skip
    plain.unlink()


def make_hlg(path: Path) -> None:
    ffmpeg(
        "-f", "lavfi", "-i", "smptehdbars=size=320x240:rate=25:duration=1",
        "-vf", "format=yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error",
        "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
        "-tag:v", "hvc1", str(path),
    )  # fmt: skip


@pytest.fixture(scope="session")
def video_site(galleryc, tmp_path_factory):
    work = tmp_path_factory.mktemp("video")
    album = work / "content" / "clips"
    album.mkdir(parents=True)
    (work / "content" / "site.yml").write_text("title: Clips\n")
    (album / "index.md").write_text("---\ntitle: Clips\nlayout: grid\n---\n")
    make_pattern(album / "pattern.mp4")
    make_phone(album / "phone.mov")
    make_hlg(album / "hdr.mov")
    Image.new("RGB", (320, 240), (40, 160, 90)).save(album / "still.jpg", quality=90)
    for stem, alt in [
        ("pattern", "A moving test pattern"),
        ("phone", "Blue with a red corner"),
        ("hdr", "Colour bars"),
        ("still", "A green field"),
    ]:
        (album / f"{stem}.md").write_text(f"---\ntitle: {stem.title()}\nalt: {alt}\n---\n")
    result = run_build(galleryc, work / "content", work / "public", work, "--cache-dir", str(work / "cache"))
    return work, result


@pytest.fixture(scope="session")
def video_output(video_site) -> Path:
    return video_site[1].check()


def published_videos(output: Path) -> list[Path]:
    return sorted(p for p in (output / "_video").rglob("*") if p.is_file())


def test_each_clip_is_published_once_as_mp4_and_counted(video_site, video_output):
    _, result = video_site
    assert "3 videos" in result.stdout, result.stdout
    names = sorted(p.name for p in published_videos(video_output))
    assert names == ["hdr.mp4", "pattern.mp4", "phone.mp4"]


def test_no_location_or_device_metadata_in_any_published_byte(video_output):
    files = published_videos(video_output)
    tags = json.loads(
        subprocess.run(
            ["exiftool", "-j", "-a", "-G1", "-ee", *map(str, files)],
            capture_output=True, text=True, check=True,
        ).stdout
    )  # fmt: skip
    for entry in tags:
        # HandlerVendorID is the muxer's own four-letter code in the `hdlr` box ('appl' in
        # some of what ffmpeg writes), not the source's device.
        found = {
            key: value
            for key, value in entry.items()
            if key != "QuickTime:HandlerVendorID"
            and (
                any(w in key.lower() for w in ("gps", "location", "make", "model", "serial", "software"))
                or "iphone" in str(value).lower()
                or "apple" in str(value).lower()
            )
        }
        assert not found, f"{entry['SourceFile']}: {found}"
        assert entry.get("Composite:Rotation", 0) == 0, entry
    for path in video_output.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for secret in (LOCATION.encode(), b"C39XK0", b"iPhone 15"):
                assert secret not in data, f"{secret!r} in {path}"


def _clip_state(browser, url: str) -> dict:
    """Loads `url`, plays its <video> muted (headless has no one to click) and returns what
    the element says once it has data, or after ten seconds."""
    browser.get(url)
    browser.set_script_timeout(20)
    return browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const v = document.querySelector('video.gk-video-player');
        if (!v) { done({error: 'no video element'}); return; }
        const attrs = {autoplay: v.hasAttribute('autoplay'), muted: v.hasAttribute('muted'),
          controls: v.hasAttribute('controls'), playsinline: v.hasAttribute('playsinline'),
          preload: v.getAttribute('preload'), poster: v.getAttribute('poster'),
          pausedAtLoad: v.paused};
        const deadline = Date.now() + 10000;
        function report() {
          let pixels = null;
          if (v.readyState >= 2) {
            const c = document.createElement('canvas');
            c.width = v.videoWidth; c.height = v.videoHeight;
            const g = c.getContext('2d');
            g.drawImage(v, 0, 0);
            const at = (x, y) => Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3));
            pixels = {bottomLeft: at(Math.floor(c.width / 4), Math.floor(c.height * 3 / 4)),
                      topLeft: at(Math.floor(c.width / 4), Math.floor(c.height / 4)),
                      bottomRight: at(Math.floor(c.width * 3 / 4), Math.floor(c.height * 3 / 4))};
          }
          done(Object.assign(attrs, {readyState: v.readyState, duration: v.duration,
            width: v.videoWidth, height: v.videoHeight, currentSrc: v.currentSrc,
            error: v.error && v.error.message, pixels: pixels}));
        }
        function poll() {
          if ((v.readyState >= 2 && v.currentTime > 0) || Date.now() > deadline) report();
          else setTimeout(poll, 50);
        }
        v.muted = true;
        v.play().catch(() => {});
        poll();
        """,
    )


def test_the_mp4s_play_in_chromium_upright_with_their_size_and_duration(video_output, serve, browser):
    base = serve(video_output)
    expected = {"pattern": (320, 240, 2.0), "phone": (240, 320, 1.0), "hdr": (320, 240, 1.0)}
    for slug, (width, height, seconds) in expected.items():
        state = _clip_state(browser, f"{base}clips/{slug}/")
        assert not state.get("error"), state
        assert state["readyState"] >= 2, state
        assert (state["width"], state["height"]) == (width, height), state
        assert abs(state["duration"] - seconds) < 0.15, state
        assert state["currentSrc"].endswith(f"/{slug}.mp4"), state
        assert state["controls"] and state["playsinline"] and state["preload"] == "metadata", state
        assert not state["autoplay"] and not state["muted"] and state["pausedAtLoad"], state
        assert state["poster"] and state["poster"].endswith(".jpg"), state
    # Upright: the source's red top-left quadrant is at the bottom left once turned.
    pixels = _clip_state(browser, f"{base}clips/phone/")["pixels"]
    red, blue = pixels["bottomLeft"], pixels["topLeft"]
    assert red[0] > 180 and red[2] < 80, pixels
    assert blue[2] > 180 and blue[0] < 80, pixels
    assert pixels["bottomRight"][2] > 180, pixels


NOTHING_PLAYS_JS = """
return Array.from(document.querySelectorAll('video')).filter(v =>
  !v.paused || v.currentTime > 0 || v.autoplay).map(v => v.outerHTML.slice(0, 120));
"""


def _hover_every_tile(browser) -> int:
    tiles = browser.find_elements(By.CSS_SELECTOR, ".card-link:has(.gk-video-badge)")
    for tile in tiles:
        ActionChains(browser).move_to_element(tile).pause(0.6).perform()
    return len(tiles)


def test_reduced_motion_no_video_plays_by_itself_on_any_page(video_output, serve, browser):
    base = serve(video_output)
    set_reduced_motion(browser, True)
    pages = ["", "clips/", "clips/pattern/", "clips/phone/", "clips/hdr/", "clips/still/"]
    for page in pages:
        browser.get(base + page)
        if page == "clips/":
            assert _hover_every_tile(browser) == 3
        time.sleep(1.0)
        assert browser.execute_script(NOTHING_PLAYS_JS) == [], page
        assert browser.find_elements(By.CSS_SELECTOR, ".gk-video-preview") == [], page


def test_without_a_motion_preference_a_tile_previews_muted_under_the_mouse(video_output, serve, browser):
    base = serve(video_output)
    set_reduced_motion(browser, False)
    browser.get(base + "clips/")
    # Nothing plays before the mouse comes.
    time.sleep(0.5)
    assert browser.execute_script(NOTHING_PLAYS_JS) == []
    tile = browser.find_element(By.CSS_SELECTOR, '.card-link[href$="/clips/pattern/"]')
    ActionChains(browser).move_to_element(tile).perform()
    deadline = time.monotonic() + 10
    state = None
    while time.monotonic() < deadline:
        state = browser.execute_script(
            "const v = document.querySelector('.gk-video-preview');"
            "return v && {muted: v.muted, paused: v.paused, t: v.currentTime, loop: v.loop};"
        )
        if state and state["t"] > 0:
            break
        time.sleep(0.1)
    assert state and state["muted"] and state["loop"] and state["t"] > 0, state
    # Leaving the tile removes the preview; so does switching to reduced motion while hovering.
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, "h1")).perform()
    time.sleep(0.3)
    assert browser.find_elements(By.CSS_SELECTOR, ".gk-video-preview") == []
    ActionChains(browser).move_to_element(tile).perform()
    time.sleep(0.5)
    set_reduced_motion(browser, True)
    time.sleep(0.3)
    assert browser.find_elements(By.CSS_SELECTOR, ".gk-video-preview") == []


def test_a_clip_page_has_no_serious_accessibility_violations(video_output, serve, browser, axe_check):
    base = serve(video_output)
    for page in ("clips/", "clips/pattern/"):
        browser.get(base + page)
        assert axe_check(browser) == [], page


def test_a_rebuild_transcodes_nothing_and_a_changed_clip_only_itself(video_site, galleryc):
    work, first = video_site
    first.check()
    again = run_build(galleryc, work / "content", work / "public", work, "--cache-dir", str(work / "cache"))
    again.check()
    assert "3 videos (3 cached)" in again.stdout, again.stdout
    make_pattern(work / "content" / "clips" / "pattern.mp4", seconds=1)
    changed = run_build(galleryc, work / "content", work / "public", work, "--cache-dir", str(work / "cache"))
    changed.check()
    assert "3 videos (2 cached)" in changed.stdout, changed.stdout


def test_a_broken_clip_is_named_and_fails_the_build(build_site, tmp_path):
    content = tmp_path / "content"
    (content / "a").mkdir(parents=True)
    whole = tmp_path / "whole.mp4"
    make_pattern(whole, seconds=1)
    data = whole.read_bytes()
    (content / "a" / "cut.mp4").write_bytes(data[: len(data) // 2])
    (content / "a" / "noise.mov").write_bytes(os.urandom(4096))
    result = build_site(content)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "a/cut.mp4: error: the video is damaged or truncated" in result.stderr, result.stderr
    assert "a/noise.mov: error: " in result.stderr, result.stderr
    assert result.stdout == ""


def test_ctrl_c_stops_ffmpeg_and_leaves_no_partial_file(galleryc, tmp_path):
    content = tmp_path / "content" / "long"
    content.mkdir(parents=True)
    # Long enough that a transcode is running when the signal comes, small enough to make fast.
    make_pattern(content / "long.mp4", seconds=40, size="640x360")
    output, cache = tmp_path / "public", tmp_path / "cache"
    proc = subprocess.Popen(
        [str(galleryc), "build", str(tmp_path / "content"), "--output", str(output),
         "--cache-dir", str(cache), "--jobs", "1"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, NO_COLOR="1"),
    )  # fmt: skip
    ffmpegs: list[int] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        ffmpegs = [p for p in children(proc.pid) if comm(p) == "ffmpeg"]
        if ffmpegs and any((cache / "tmp").rglob("*.mp4")):
            break
        time.sleep(0.05)
    assert ffmpegs, "ffmpeg never started"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stdout + stderr
    for pid in ffmpegs:
        assert not (running(pid) and comm(pid) == "ffmpeg"), f"ffmpeg {pid} still runs"
    assert not output.exists() or not list(output.rglob("*.mp4")), list(output.rglob("*"))
    leftovers = [p for p in cache.rglob("*") if p.is_file() and p.suffix in (".mp4", ".png", ".webm")]
    assert leftovers == [], leftovers


def test_without_ffmpeg_clips_are_a_warning_and_the_rest_of_the_site_builds(galleryc, tmp_path):
    content = tmp_path / "content" / "a"
    content.mkdir(parents=True)
    make_pattern(content / "clip.mp4", seconds=1)
    (content / "clip.md").write_text("---\nalt: A pattern\n---\n")
    Image.new("RGB", (64, 48), (200, 40, 40)).save(content / "red.jpg")
    (content / "red.md").write_text("---\nalt: Red\n---\n")
    output = tmp_path / "public"
    proc = subprocess.run(
        [str(galleryc), "build", str(tmp_path / "content"), "--output", str(output)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env=dict(os.environ, NO_COLOR="1", PATH=str(tmp_path / "no-tools")),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (
        "a/clip.mp4: warning: ffmpeg is not installed, so this video is left out "
        "(on Debian: apt-get install ffmpeg)" in proc.stderr
    ), proc.stderr
    assert "1 photo" in proc.stdout and "video" not in proc.stdout, proc.stdout
    assert (output / "a" / "red" / "index.html").is_file()
    assert not (output / "a" / "clip").exists()
    assert not (output / "_video").exists()


def test_webm_is_offered_first_and_chromium_plays_it(galleryc, tmp_path, serve, browser):
    content = tmp_path / "content"
    (content / "a").mkdir(parents=True)
    (content / "site.yml").write_text("title: WebM\nvideo:\n  formats: [webm, mp4]\n")
    make_pattern(content / "a" / "clip.mp4", seconds=1)
    (content / "a" / "clip.md").write_text("---\nalt: A pattern\n---\n")
    output = run_build(galleryc, content, tmp_path / "public", tmp_path).check()
    assert sorted(p.suffix for p in published_videos(output)) == [".mp4", ".webm"]
    state = _clip_state(browser, serve(output) + "a/clip/")
    assert state["currentSrc"].endswith("/clip.webm"), state
    assert state["readyState"] >= 2 and (state["width"], state["height"]) == (320, 240), state
    assert abs(state["duration"] - 1.0) < 0.15, state


# --- The viewer around a clip (issues 13 and 15) -------------------------------------------------


def build_album(galleryc, work: Path, album: str, front: str, items: list[tuple[str, str]]) -> Path:
    """Builds a site of one album (`sort: name`) of untitled items given as (file name, what):
    a `WxH` photo ("photo 1200x800") or clip ("clip 640x360 2" seconds), each with an alt."""
    folder = work / "content" / album
    folder.mkdir(parents=True)
    (work / "content" / "site.yml").write_text(f"title: {album.title()}\nbase_url: https://{album}.example/\n")
    (folder / "index.md").write_text(f"---\ntitle: {album.title()}\nsort: name\n{front}---\n")
    for index, (name, what) in enumerate(items):
        kind, size, *rest = what.split()
        if kind == "photo":
            width, height = (int(n) for n in size.split("x"))
            Image.new("RGB", (width, height), (40 + 60 * index, 160, 90)).save(folder / name, quality=90)
        else:
            make_pattern(folder / name, seconds=float(rest[0]), size=size)
        (folder / f"{Path(name).stem}.md").write_text(f"---\nalt: {Path(name).stem}\n---\n")
    return run_build(galleryc, work / "content", work / "public", work).check()


@pytest.fixture(scope="session")
def mixed_site(galleryc, tmp_path_factory) -> Path:
    """Photo, 16:9 clip, portrait clip, photo, in that order (sort: name), untitled."""
    return build_album(galleryc, tmp_path_factory.mktemp("mixed"), "walk", "", [
        ("a-field.jpg", "photo 1200x800"), ("b-wide.mp4", "clip 640x360 1"),
        ("c-tall.mp4", "clip 360x640 1"), ("d-wall.jpg", "photo 800x1200"),
    ])  # fmt: skip


def _touch(browser, kind: str, x: float = 0, y: float = 0) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def _swipe_at(browser, x: float, y: float, dx: float) -> None:
    _touch(browser, "touchStart", x, y)
    for step in range(1, 6):
        _touch(browser, "touchMove", x + dx * step / 5, y)
    _touch(browser, "touchEnd")


def _open(browser, url: str) -> None:
    browser.get(url)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if browser.execute_script("return document.querySelector('[data-viewer].is-ready') !== null"):
            return
        time.sleep(0.05)
    pytest.fail(f"the viewer did not start on {url}")


def _url_becomes(browser, url: str, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and browser.current_url != url:
        time.sleep(0.05)
    assert browser.current_url == url


PLAYER_BOX_JS = """
const v = document.querySelector('video.gk-video-player');
const stage = document.querySelector('[data-viewer-stage]').getBoundingClientRect();
const meta = document.querySelector('.gk-video-meta').getBoundingClientRect();
const r = v.getBoundingClientRect();
return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
  stage: {top: stage.top, bottom: stage.bottom, left: stage.left, right: stage.right},
  metaBottom: meta.bottom, title: document.querySelector('.photo-title').textContent,
  zoomButtons: document.querySelectorAll('[data-viewer-action^="zoom"]').length};
"""


@pytest.mark.parametrize("viewport", [(390, 844, True), (1280, 800, False)])
def test_a_clip_fits_the_viewer_and_is_named_as_a_video(viewport, mixed_site, serve, browser):
    width, height, mobile = viewport
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )
    try:
        base = serve(mixed_site)
        for slug, ratio in (("b-wide", 16 / 9), ("c-tall", 9 / 16)):
            _open(browser, f"{base}walk/{slug}/")
            box = browser.execute_script(PLAYER_BOX_JS)
            stage = box["stage"]
            # The player and its duration line inside the stage, the picture's own shape.
            assert box["top"] >= stage["top"] - 1 and box["metaBottom"] <= stage["bottom"] + 1, box
            assert box["left"] >= stage["left"] - 1 and box["right"] <= stage["right"] + 1, box
            assert abs(box["width"] / box["height"] - ratio) < 0.02, box
            # Never wider than the clip's own pixels.
            assert box["width"] <= (640 if slug == "b-wide" else 360) + 0.5, box
            assert box["title"] == ("Video 2 of 4" if slug == "b-wide" else "Video 3 of 4")
            assert box["zoomButtons"] == 0, "a clip does not zoom: no zoom buttons"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_swipes_page_across_clips_and_a_tap_on_the_player_stays(mixed_site, serve, browser):
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        base = serve(mixed_site)
        _open(browser, f"{base}walk/b-wide/")
        box = browser.execute_script(PLAYER_BOX_JS)
        x, y = (box["left"] + box["right"]) / 2, box["top"] + box["height"] / 3
        # A tap on the picture is the player's: the pointer stays with the <video> (the viewer
        # captures it only once a drag is a swipe; a photo's stage takes it at once), and the
        # page stays.
        browser.execute_script(
            "window.__up = []; document.addEventListener('pointerup', e => window.__up.push(e.target.tagName), true);"
        )
        _touch(browser, "touchStart", x, y)
        _touch(browser, "touchEnd")
        time.sleep(0.6)
        assert browser.execute_script("return window.__up") == ["VIDEO"]
        assert browser.current_url == f"{base}walk/b-wide/"
        # A drag along the controls' strip is the player's scrubbing, not a swipe.
        _swipe_at(browser, x + 60, box["bottom"] - 10, -150)
        time.sleep(0.8)
        assert browser.current_url == f"{base}walk/b-wide/"
        # A flick across the picture goes to the next clip, then on to the photo after it.
        _swipe_at(browser, x + 60, y, -150)
        _url_becomes(browser, f"{base}walk/c-tall/")
        # Soon after: the slide may still be running (its snapshot then takes the touch).
        time.sleep(0.3)
        box = browser.execute_script(PLAYER_BOX_JS)
        _swipe_at(browser, (box["left"] + box["right"]) / 2 + 60, box["top"] + box["height"] / 3, -150)
        _url_becomes(browser, f"{base}walk/d-wall/")
        # And back from the photo onto the clip.
        time.sleep(0.6)
        stage = browser.execute_script(
            "const r = document.querySelector('[data-viewer-image]').getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];"
        )
        _swipe_at(browser, stage[0] - 60, stage[1], 150)
        _url_becomes(browser, f"{base}walk/c-tall/")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


LEAKY_FFMPEG = """#!/usr/bin/env python3
# ffmpeg as galleryc calls it, but keeping the source's metadata (a broken or changed ffmpeg).
import os, sys
args = sys.argv[1:]
for i, arg in enumerate(args):
    if arg == "-map_metadata" and args[i + 1] == "-1":
        args[i + 1] = "0"
    if arg == "+faststart":
        args[i] = "+faststart+use_metadata_tags"
os.execv(REAL, ["ffmpeg", *args])
"""


def test_a_published_video_with_a_location_fails_the_build_and_is_not_cached(galleryc, tmp_path):
    """The post-build scan reads the MP4's atoms: an ffmpeg that kept the phone's location
    fails the build, naming the published file; nothing is published, and the next build
    (with a good ffmpeg) transcodes again instead of restoring the leaking file."""
    real = subprocess.run(["which", "ffmpeg"], capture_output=True, text=True, check=True).stdout.strip()
    tools = tmp_path / "leaky"
    tools.mkdir()
    (tools / "ffmpeg").write_text(LEAKY_FFMPEG.replace("REAL", repr(real)))
    (tools / "ffmpeg").chmod(0o755)
    album = tmp_path / "content" / "a"
    album.mkdir(parents=True)
    make_phone(album / "phone.mov")
    (album / "phone.md").write_text("---\nalt: Blue with a red corner\n---\n")
    output = tmp_path / "public"

    def build(path: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(galleryc), "build", str(tmp_path / "content"), "--output", str(output),
             "--cache-dir", str(tmp_path / "cache")],
            cwd=tmp_path, capture_output=True, text=True, timeout=180,
            env=dict(os.environ, NO_COLOR="1", PATH=path),
        )  # fmt: skip

    leaky = build(f"{tools}:{os.environ['PATH']}")
    assert leaky.returncode != 0, leaky.stdout + leaky.stderr
    assert re.search(r"public/_video/[0-9a-f]+/phone\.mp4: error: published video contains a location", leaky.stderr), leaky.stderr
    assert not output.exists()
    good = build(os.environ["PATH"])
    assert good.returncode == 0, good.stdout + good.stderr
    assert "1 video" in good.stdout and "cached" not in good.stdout.split("video")[1], good.stdout
    [mp4] = published_videos(output)
    tags = json.loads(subprocess.run(["exiftool", "-j", "-a", "-G1", str(mp4)], capture_output=True, text=True).stdout)[0]
    assert not [k for k in tags if "GPS" in k or "Location" in k or "Serial" in k], tags


@pytest.fixture(scope="session")
def slider_site(galleryc, tmp_path_factory) -> Path:
    """A slider album: a photo, then a clip, then a photo."""
    return build_album(galleryc, tmp_path_factory.mktemp("slider"), "reel", "layout: slider\n", [
        ("a-field.jpg", "photo 1200x800"), ("b-clip.mp4", "clip 640x360 2"), ("c-wall.jpg", "photo 1200x800"),
    ])  # fmt: skip


SLIDE_PREVIEW_JS = """
const slide = document.querySelector('.gk-slide.is-current');
const v = slide && slide.querySelector('.gk-video-preview');
return {current: slide && slide.id, previews: document.querySelectorAll('.gk-video-preview').length,
  playing: !!v && !v.paused && v.currentTime > 0, muted: !!v && v.muted, loop: !!v && v.loop};
"""


def _slider_state(browser, want: dict, timeout: float = 8) -> dict:
    deadline = time.monotonic() + timeout
    state = {}
    while time.monotonic() < deadline:
        state = browser.execute_script(SLIDE_PREVIEW_JS)
        if all(state.get(k) == v for k, v in want.items()):
            break
        time.sleep(0.1)
    return state


def test_the_hero_sliders_current_clip_previews_muted_only_without_reduced_motion(slider_site, serve, browser):
    base = serve(slider_site)
    set_reduced_motion(browser, False)
    browser.get(base + "reel/")
    # The first slide is a photo: nothing plays.
    time.sleep(0.8)
    assert browser.execute_script(SLIDE_PREVIEW_JS)["previews"] == 0
    assert browser.find_elements(By.CSS_SELECTOR, "#gk-slide-2 .gk-video-badge"), "the clip's slide has no badge"
    # The badge sits on the clip's frame (centred, narrower than the slide), not beside it.
    badge, frame = browser.execute_script(
        "const s = document.querySelector('#gk-slide-2'); const r = e => { const b = e.getBoundingClientRect();"
        " return [b.left, b.top, b.right, b.bottom]; };"
        "return [r(s.querySelector('.gk-video-badge')), r(s.querySelector('[data-blurup]'))];"
    )
    assert frame[0] <= badge[0] and badge[2] <= frame[2] and frame[1] <= badge[1] and badge[3] <= frame[3], (badge, frame)
    browser.find_element(By.CSS_SELECTOR, "[data-slider-next]").click()
    state = _slider_state(browser, {"current": "gk-slide-2", "playing": True})
    assert state == {"current": "gk-slide-2", "previews": 1, "playing": True, "muted": True, "loop": True}, state
    # Moving on stops it.
    browser.find_element(By.CSS_SELECTOR, "[data-slider-next]").click()
    state = _slider_state(browser, {"current": "gk-slide-3", "previews": 0})
    assert state["previews"] == 0, state
    # Under reduced motion the clip's slide stays a still, and a preference change stops one.
    browser.find_element(By.CSS_SELECTOR, "[data-slider-prev]").click()
    assert _slider_state(browser, {"current": "gk-slide-2", "playing": True})["playing"]
    set_reduced_motion(browser, True)
    assert _slider_state(browser, {"previews": 0})["previews"] == 0
    browser.get("about:blank")  # a new document, loaded under reduced motion
    browser.get(base + "reel/#gk-slide-2")
    browser.find_element(By.CSS_SELECTOR, "[data-slider-next]").click()
    browser.find_element(By.CSS_SELECTOR, "[data-slider-prev]").click()
    time.sleep(1.5)
    state = browser.execute_script(SLIDE_PREVIEW_JS)
    assert state["current"] == "gk-slide-2" and state["previews"] == 0, state
    assert browser.execute_script(NOTHING_PLAYS_JS) == []
