"""Ctrl-C during a transcode: once (the build is cancelled cleanly) or twice (galleryc ends at
once). Either way no ffmpeg or ffprobe of the run is left, no temporary folder stays in the
cache, and the previous site is exactly as it was (README "How it works", DESIGN "What must
never happen").

The clip is a 1080p test pattern made here with ffmpeg, long enough that galleryc's ffmpeg is
still transcoding when the signals come."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from conftest import tree_digest
from processes import comm, descendants, live_in_groups, stat

pytestmark = pytest.mark.e2e

# A few seconds of 1080p: galleryc's ffmpeg (at most 1080 lines, x264 on two threads) takes
# longer than that to transcode it on two cores, which is the window the signals need.
CLIP_SECONDS = 12
# galleryc must be gone this soon after the last signal (the first one gives ffmpeg 2 s
# between SIGTERM and SIGKILL).
STOP_SECONDS = 15


@pytest.fixture(scope="module")
def long_clip(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("clip") / "long.mp4"
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
         "-i", f"testsrc2=size=1920x1080:rate=30:duration={CLIP_SECONDS}",
         "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", str(path)],
        check=True, timeout=120,
    )  # fmt: skip
    return path


def _cache_temporaries(cache: Path) -> list[str]:
    tmp = cache / "tmp"
    return sorted(str(p.relative_to(cache)) for p in tmp.iterdir()) if tmp.is_dir() else []


@pytest.fixture
def rebuild_with_clip(galleryc, tmp_path, long_clip):
    """A site built once (a page, no clip), then the clip added: returns a function that
    starts the rebuild, waits until its ffmpeg is transcoding, and returns what the test
    needs to send signals and check."""
    content, public, cache = tmp_path / "content", tmp_path / "public", tmp_path / "cache"
    (content / "trip").mkdir(parents=True)
    (content / "site.yml").write_text("title: Interrupted\nlanguage: en\nbase_url: https://example.org/\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nA clip follows.\n")
    (content / "trip" / "index.md").write_text("---\ntitle: Trip\n---\n\nMoving pictures.\n")
    first = subprocess.run(
        [str(galleryc), "build", str(content), "--output", str(public), "--cache-dir", str(cache)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, env=dict(os.environ, NO_COLOR="1"))
    assert first.returncode == 0, first.stderr
    before = tree_digest(public)
    os.link(long_clip, content / "trip" / "long.mp4")

    def start():
        proc = subprocess.Popen(
            [str(galleryc), "build", str(content), "--output", str(public), "--cache-dir", str(cache),
             "--jobs", "2"],
            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, NO_COLOR="1"),
        )  # fmt: skip
        groups: set[int] = set()
        deadline = time.monotonic() + 60
        transcoding = False
        while time.monotonic() < deadline and proc.poll() is None:
            children = descendants(proc.pid)
            for pid in children:
                if comm(pid) in ("ffmpeg", "ffprobe") and (fields := stat(pid)) is not None:
                    groups.add(int(fields[2]))
            ffmpeg = [pid for pid in children if comm(pid) == "ffmpeg"]
            if ffmpeg and any((cache / "tmp").rglob("*.mp4")):
                transcoding = True
                break
            time.sleep(0.02)
        if not transcoding:
            proc.kill()
            out, err = proc.communicate()
            pytest.fail(f"ffmpeg never started transcoding (exit {proc.returncode})\n{err}")
        time.sleep(0.3)
        return proc, groups

    return start, public, cache, before


def _check_stopped(proc, groups: set[int], public: Path, cache: Path, before: dict, what: str):
    stdout, stderr = proc.communicate(timeout=STOP_SECONDS)
    report = f"{what}: exit {proc.returncode}\n--- stderr\n{stderr}"
    assert proc.returncode == 130, report
    assert groups, "no ffmpeg or ffprobe process group was seen"
    left = live_in_groups(groups)
    assert not left, f"{what}: still running after galleryc ended: {left}\n{report}"
    assert _cache_temporaries(cache) == [], f"{what}: left in the cache: {_cache_temporaries(cache)}"
    assert tree_digest(public) == before, f"{what}: the previous site changed"
    beside = [p.name for p in public.parent.iterdir() if p.name.startswith("public.galleryc-")]
    return stdout, stderr, beside


def test_one_ctrl_c_stops_ffmpeg_and_leaves_nothing(rebuild_with_clip):
    start, public, cache, before = rebuild_with_clip
    proc, groups = start()
    proc.send_signal(signal.SIGINT)
    stdout, stderr, beside = _check_stopped(proc, groups, public, cache, before, "one Ctrl-C")
    assert "build interrupted" in stderr, stderr
    assert beside == [], f"one Ctrl-C left {beside} beside public/"


def test_a_second_ctrl_c_ends_at_once_and_still_stops_ffmpeg_and_cleans_the_cache(rebuild_with_clip):
    """The second Ctrl-C comes while the first is still stopping ffmpeg (which finishes its
    frames after SIGTERM): galleryc ends at once, after killing ffmpeg's process group and
    removing the cache's work folders and the staging folder (before the fix, ffmpeg went on
    until its next write to the closed pipe, and its folder stayed)."""
    start, public, cache, before = rebuild_with_clip
    proc, groups = start()
    proc.send_signal(signal.SIGINT)
    time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, _, beside = _check_stopped(proc, groups, public, cache, before, "two Ctrl-C")
    assert time.monotonic() - sent < 2, "the second Ctrl-C did not end galleryc at once"
    assert beside == [], f"two Ctrl-Cs left {beside} beside public/"
