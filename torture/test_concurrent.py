"""Builds at the same time: two or three `galleryc build` runs of the same content into the
same output folder and cache, and a build while `galleryc serve` rebuilds the same output.

The promises guarded (README "Cache", "How it works: Output"; DESIGN "A half-written
public/"):
- every build either succeeds or fails with a message (exit 1 and an error line): no crash,
  no hang, no silent exit;
- public/ is a complete site at every moment while they run (sampled every few ms: never
  missing) and afterwards: exactly the site a lone build makes;
- nothing is left beside public/ or half-made in the cache once they are done, and the
  cache is usable: the next build says every photo came from it, "(N cached)".
"""

from __future__ import annotations

import re
import shutil
import threading
import time
from pathlib import Path

import pytest

from torture_support import (
    Server,
    build,
    describe_difference,
    files_only,
    leftovers_beside,
    photo_jpeg,
    record,
    request,
    start_build,
    tree_digest,
)

PHOTOS = 16


def _site(root: Path, version: str) -> Path:
    """``root/content``: 16 photos in two albums; version "b" has another title and 4 photos
    replaced, so a rebuild from "a" has real work to do."""
    content = root / "content"
    for album in ("north", "south"):
        (content / album).mkdir(parents=True, exist_ok=True)
        # Dated: the feed gives an undated album the build's clock time, which would make
        # builds a second apart differ.
        (content / album / "index.md").write_text(
            f"---\ntitle: {album.title()}\ndate: 2024-0{len(album)}-01\n---\n")
    (content / "site.yml").write_text(
        f"title: Concurrent {version.upper()}\nimages:\n  widths: [320, 640]\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nHome.\n")
    for index in range(PHOTOS):
        album = "north" if index % 2 else "south"
        seed = index + (1000 if version == "b" and index % 4 == 0 else 0)
        (content / album / f"p{index:02}.jpg").write_bytes(photo_jpeg(seed, (600 + index * 20, 450)))
        (content / album / f"p{index:02}.md").write_text(f"---\nalt: Photo {index}.\n---\n")
    return content


@pytest.fixture(scope="module")
def references(galleryc, tmp_path_factory):
    """Each version's content folder (a master the tests copy, keeping modification times,
    which feed.xml's <updated> comes from) and the site it gives when built alone."""
    masters, trees = {}, {}
    for version in ("a", "b"):
        root = tmp_path_factory.mktemp(f"reference-{version}")
        masters[version] = _site(root, version)
        run = build(galleryc, root, masters[version], root / "public", cache=root / "cache")
        assert run.returncode == 0, run.report()
        trees[version] = files_only(tree_digest(root / "public"))
    return masters, trees


def _put(master: Path, content: Path) -> Path:
    if content.exists():
        shutil.rmtree(content)
    shutil.copytree(master, content)  # copy2: modification times kept
    return content


class Watcher:
    """Samples public/ every 2 ms in a thread: counts the moments it was missing or had no
    index.html."""

    def __init__(self, public: Path):
        self.public = public
        self.samples = 0
        self.missing = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples += 1
            if not (self.public / "index.html").is_file():
                self.missing += 1
            time.sleep(0.002)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


def _cache_leftovers(cache: Path) -> list[str]:
    found = [f"tmp/{n}" for n in (cache / "tmp").iterdir()] if (cache / "tmp").is_dir() else []
    return found + [p.name for p in cache.glob(".dat.nosync*")]


def _assert_cached_rebuild(galleryc, root: Path, content: Path, public: Path, cache, expected, what):
    again = build(galleryc, root, content, public, cache=cache)
    assert again.returncode == 0, f"{what}: the next build failed\n{again.report()}"
    m = re.search(r"Built \d+ pages?(?: \(\d+ rendered\))?, (\d+) photos?(?: \((\d+) cached\))?", again.stdout)
    assert m, f"{what}: no summary line\n{again.report()}"
    photos, cached = int(m.group(1)), int(m.group(2) or 0)
    assert cached == photos == PHOTOS, (
        f"{what}: the next build took {cached} of {photos} photos from the cache; all "
        f"{PHOTOS} should have been there\n{again.report()}")
    actual = files_only(tree_digest(public))
    assert actual == expected, f"{what}: after the next build: {describe_difference(actual, expected)}"


@pytest.mark.parametrize("cache_state", ["warm", "cold"])
@pytest.mark.parametrize("count", [2, 3])
def test_simultaneous_builds_of_one_site(galleryc, tmp_path, references, count, cache_state):
    """``count`` builds of version B started together, into the public/ and cache of a
    finished build of version A (warm: A's cache kept, 4 photos to process; cold: the cache
    deleted first, every photo processed by every build at once). Each exits 0, or 1 with an
    error line; public/ is never missing while they run and is exactly B's site after; no
    leftovers; the next build finds all 16 photos in the cache."""
    masters, references = references
    content = _put(masters["a"], tmp_path / "content")
    public, cache = tmp_path / "public", tmp_path / "cache"
    first = build(galleryc, tmp_path, content, public, cache=cache)
    assert first.returncode == 0, first.report()
    _put(masters["b"], content)
    if cache_state == "cold":
        shutil.rmtree(cache)

    watcher = Watcher(public)
    processes = [start_build(galleryc, tmp_path, content, public, cache=cache) for _ in range(count)]
    runs = [p.wait(180) for p in processes]
    watcher.stop()
    what = f"{count} builds at once, {cache_state} cache"
    outcomes = []
    for index, run in enumerate(runs):
        run.assert_no_crash()
        errors = [l for l in run.diagnostics("error") if not l.startswith("error: ")]
        outcomes.append(f"exit {run.returncode} in {run.seconds:.1f} s"
                        + (f" ({errors[0][-160:]})" if run.returncode and errors else ""))
        assert run.returncode in (0, 1), f"{what}: build {index}\n{run.report()}"
        if run.returncode == 1:
            assert [l for l in run.diagnostics("error") if not l.startswith("error: ")], (
                f"{what}: build {index} failed without saying which file or why\n{run.report()}")
    record("concurrent builds", f"{what}: {', '.join(outcomes)}; public/ sampled "
                                f"{watcher.samples} times, missing {watcher.missing}")
    assert watcher.missing == 0, (
        f"{what}: public/index.html was missing in {watcher.missing} of {watcher.samples} samples")
    actual = files_only(tree_digest(public))
    if any(run.returncode == 0 for run in runs):
        assert actual == references["b"], (
            f"{what}: public/ is not the site a lone build makes: "
            f"{describe_difference(actual, references['b'])}\n" + "\n".join(r.report() for r in runs))
    else:
        assert actual == references["a"], f"{what}: every build failed, yet public/ changed"
    assert not leftovers_beside(public), f"{what}: left beside public/: {leftovers_beside(public)}"
    assert not _cache_leftovers(cache), f"{what}: left in the cache: {_cache_leftovers(cache)}"
    _assert_cached_rebuild(galleryc, tmp_path, content, public, cache, references["b"], what)


def test_a_build_while_serve_rebuilds_the_same_output(galleryc, tmp_path, references):
    """`galleryc serve` on version A's content and output; then, together, the content becomes
    version B (serve rebuilds) and a `galleryc build` of the same content into the same output
    and the same cache runs. The build exits 0, or 1 with a message; serve keeps running and
    serving; public/ is never missing, and once both are done it is exactly B's site; the next
    build finds every photo in the cache."""
    masters, references = references
    content = _put(masters["a"], tmp_path / "content")
    public = tmp_path / "public"
    cache = tmp_path / ".galleryc" / "cache"  # serve's default, in its working folder
    server = Server(galleryc, content, public, tmp_path).start()
    try:
        assert request(server.port, "/").status == 200
        watcher = Watcher(public)
        built_before = len([l for l in server.lines if l.startswith("Built")])
        # B's files over A's in place (the folder stays, so serve's watches stay).
        shutil.copytree(masters["b"], content, dirs_exist_ok=True)
        process = start_build(galleryc, tmp_path, content, public, cache=cache)
        run = process.wait(180)
        # serve's rebuild of B: wait for its next summary (or error) line.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            lines = server.lines[:]
            if len([l for l in lines if l.startswith("Built")]) > built_before or any(
                    "error" in l for l in lines[built_before:]):
                break
            time.sleep(0.1)
        time.sleep(1.0)  # a second burst of inotify events may start one more rebuild
        watcher.stop()
        run.assert_no_crash()
        assert run.returncode in (0, 1), run.report()
        if run.returncode == 1:
            assert [l for l in run.diagnostics("error") if not l.startswith("error: ")], run.report()
        assert server.proc.poll() is None, f"serve exited during the build\n{server.stderr}"
        assert request(server.port, "/").status == 200, "serve stopped serving"
        record("concurrent builds", f"build beside serve: exit {run.returncode} in {run.seconds:.1f} s; "
                                    f"public/ sampled {watcher.samples} times, missing {watcher.missing}")
        assert watcher.missing == 0, (
            f"public/index.html was missing in {watcher.missing} of {watcher.samples} samples")
        settled = _settle(public)
        assert settled == references["b"], (
            f"with serve and a build on one output, public/ ended up "
            f"{describe_difference(settled, references['b'])}\n--- build\n{run.report()}\n"
            f"--- serve\n{server.stderr[-3000:]}")
    finally:
        server.stop()
    record("concurrent builds", f"beside public/ once serve stopped (SIGTERM): {leftovers_beside(public)}")
    _assert_cached_rebuild(galleryc, tmp_path, content, public, cache, references["b"],
                           "after serve and a build")
    assert not leftovers_beside(public), (
        f"after serve stopped and a build completed, left beside public/: {leftovers_beside(public)}")


def _settle(public: Path, seconds: float = 20) -> dict[str, str]:
    """public/'s files once they stop changing (serve may still be finishing a rebuild)."""
    deadline = time.monotonic() + seconds
    previous = files_only(tree_digest(public))
    while time.monotonic() < deadline:
        time.sleep(0.5)
        current = files_only(tree_digest(public))
        if current == previous:
            return current
        previous = current
    return previous


def test_first_builds_into_a_new_cache_folder_at_once(galleryc, tmp_path):
    """Three builds started together with no cache folder yet (two CI jobs on a fresh
    runner, `make -j`), 20 rounds of a one-photo site (the race is in the first
    milliseconds, so many short rounds): the cache is only an optimisation, and the cache
    code expects other processes (an entry another process stored first is kept), so every
    build of this valid content must succeed; none may be refused the folder that another
    galleryc process is creating at that moment."""
    master = tmp_path / "master"
    (master / "album").mkdir(parents=True)
    (master / "site.yml").write_text("title: First builds\nimages:\n  widths: [160]\n")
    (master / "album" / "photo.jpg").write_bytes(photo_jpeg(1, (320, 240)))
    (master / "album" / "photo.md").write_text("---\nalt: A photo.\n---\n")
    failures, rounds = [], 20
    for round_ in range(rounds):
        root = tmp_path / f"round-{round_}"
        root.mkdir()
        content = _put(master, root / "content")
        processes = [start_build(galleryc, root, content, root / "public", cache=root / "cache")
                     for _ in range(3)]
        for index, run in enumerate(p.wait(180) for p in processes):
            run.assert_no_crash()
            if run.returncode != 0:
                errors = [l for l in run.diagnostics("error") if not l.startswith("error: ")]
                failures.append(f"round {round_}, build {index}: exit {run.returncode}: "
                                f"{errors[0] if errors else run.stderr[-300:]}")
        assert (root / "public" / "album" / "photo" / "index.html").is_file(), f"round {round_}: no site"
    record("concurrent builds", f"3 first builds at once into a new cache folder, {rounds} rounds: "
                                f"{len(failures)} of {3 * rounds} failed")
    assert not failures, (f"{len(failures)} of {3 * rounds} builds failed although the content is valid:\n  "
                          + "\n  ".join(failures[:8]))
