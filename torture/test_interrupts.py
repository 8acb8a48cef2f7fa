"""`galleryc build` interrupted: Ctrl-C (SIGINT, once or twice) and SIGKILL at random moments
of a rebuild, and SIGKILL inside the commit window (the swap of the new site into place, held
open with strace).

The promises guarded (README "How it works", DESIGN "What must never happen"):
- `public/` is at every moment either the complete previous site or the complete new one:
  never missing, never a mix, never half-written;
- a build that says "interrupted ... was left as it was" left it as it was;
- what a killed build leaves beside `public/` (`public.galleryc-new-*`, `-old-*`) is gone once
  a following build completes, and that build succeeds;
- galleryc never writes into the content folder, however it is stopped.

The site: about 40 small JPEGs of different sizes in three albums (one nested), some with
EXIF GPS (written by exiftool). Two versions, A and B, differ in the site title, a page, an
album title, one photo removed, one added, one replaced; each is built once into a reference
folder with a cache of its own, and every `public/` seen is compared, file by file (SHA-256),
with those two trees.

The moments are drawn from a seeded RNG: `TORTURE_SEED=<n>` replays a run (the seed is
printed and named in every failure), `TORTURE_INTERRUPTS=<n>` sets how many (default 32).
"""

from __future__ import annotations

import os
import platform
import random
import shutil
import signal
import time
from pathlib import Path

import pytest

from torture_support import (
    Process,
    add_gps,
    build,
    describe_difference,
    files_only,
    leftovers_beside,
    photo_jpeg,
    start_build,
    tree_digest,
)

SEED = int(os.environ.get("TORTURE_SEED", "20241201"))
INTERRUPTS = int(os.environ.get("TORTURE_INTERRUPTS", "32"))
# An interrupted build must be gone promptly; a rebuild of this small site takes seconds.
STOP_SECONDS = 30
STRACE_DELAY_US = 2_000_000


# --- the two versions of the site ------------------------------------------------------------


def _write_version(content: Path, version: str) -> None:
    """Content version "a" or "b" (see the module docstring) into the empty folder ``content``."""
    rng = random.Random(4242)  # the same photos for both versions
    albums = {"coast": 14, "mountains": 14, "mountains/snow": 12}
    (content / "site.yml").parent.mkdir(parents=True, exist_ok=True)
    (content / "site.yml").write_text(
        f"title: Interrupted {version.upper()}\nlanguage: en\nauthor: Tester\n"
        "base_url: https://example.org/photos/\nimages:\n  widths: [320, 640, 960]\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nPhotographs, interrupted.\n")
    (content / "about.md").write_text(
        "---\ntitle: About\n---\n\n" + ("The first version.\n" if version == "a" else
                                        "The second version, with a longer about page.\n"))
    gps: list[Path] = []
    number = 0
    for album, count in albums.items():
        folder = content / album
        folder.mkdir(parents=True, exist_ok=True)
        title = album.split("/")[-1].title()
        if album == "mountains/snow" and version == "b":
            title = "Snow, renamed"
        (folder / "index.md").write_text(
            f"---\ntitle: {title}\ndate: 2024-0{len(album) % 9 + 1}-01\n---\n\nPhotos of {album}.\n")
        for _ in range(count):
            size = (rng.randrange(200, 1400), rng.randrange(200, 1400))
            name = f"photo-{number:02}"
            number += 1
            if version == "b" and name == "photo-03":
                continue  # removed in B
            seed = number * 7919 + (1 if version == "b" and name == "photo-10" else 0)
            path = folder / f"{name}.jpg"
            path.write_bytes(photo_jpeg(seed, size, progressive=number % 5 == 0))
            if number % 3:
                (folder / f"{name}.md").write_text(f"---\nalt: Photo {number} of {album}.\n---\n")
            if number % 7 == 0:
                gps.append(path)
    if version == "b":
        path = content / "coast" / "photo-40.jpg"
        path.write_bytes(photo_jpeg(40 * 7919, (900, 600)))
        (content / "coast" / "photo-40.md").write_text("---\nalt: A photo added in B.\n---\n")
        gps.append(path)
    add_gps(gps)


@pytest.fixture(scope="module")
def versions(galleryc, tmp_path_factory):
    """The masters of versions A and B and their reference trees, each built from scratch."""
    root = tmp_path_factory.mktemp("interrupts")
    masters, trees, cold = {}, {}, []
    for version in ("a", "b"):
        master = root / f"master-{version}"
        _write_version(master, version)
        masters[version] = master
        area = root / f"reference-{version}"
        area.mkdir()
        run = build(galleryc, area, master, area / "public", cache=area / "cache")
        assert run.returncode == 0, f"the reference build of version {version} failed\n{run.report()}"
        trees[version] = files_only(tree_digest(area / "public"))
        cold.append(run.seconds)
    assert trees["a"] != trees["b"], "versions A and B built the same site"
    return masters, trees, max(cold)


def _put_version(master: Path, content: Path) -> dict[str, str]:
    """Replaces the content folder with a copy of ``master``; returns the copy's digest."""
    if content.exists():
        shutil.rmtree(content)
    shutil.copytree(master, content, symlinks=True)
    return tree_digest(content)


def _which(tree: dict[str, str], trees: dict[str, dict[str, str]]) -> str | None:
    return next((name for name, expected in trees.items() if tree == expected), None)


def _cache_leftovers(cache: Path) -> list[str]:
    """Half-made things in the cache folder once no build runs: entries being assembled in
    tmp/, and Foundation's temporary files of an atomic index write."""
    found = []
    if (cache / "tmp").is_dir():
        found += [f"tmp/{name}" for name in os.listdir(cache / "tmp")]
    if cache.is_dir():
        found += [name for name in os.listdir(cache) if name.startswith(".dat.nosync")]
    return found


def _check_site(public: Path, trees, expected: tuple[str, ...], what: str) -> str:
    """Asserts that ``public`` exists and is exactly one of the ``expected`` versions' trees;
    returns which one."""
    assert public.is_dir(), f"{what}: public/ is missing"
    assert (public / "index.html").is_file(), f"{what}: public/index.html is missing"
    tree = files_only(tree_digest(public))
    found = _which(tree, {v: trees[v] for v in expected})
    assert found is not None, (
        f"{what}: public/ is neither " + " nor ".join(
            f"version {v.upper()} ({describe_difference(tree, trees[v])})" for v in expected))
    return found


# --- random moments -----------------------------------------------------------------------------


def _plan(rng: random.Random, count: int) -> list[tuple[str, bool]]:
    """(signal kind, cold cache) for each interrupt: every combination equally often, shuffled."""
    combos = [(kind, cold) for kind in ("SIGINT", "SIGKILL", "SIGINT twice") for cold in (False, True)]
    plan = [combos[i % len(combos)] for i in range(count)]
    rng.shuffle(plan)
    return plan


def test_interrupts_at_random_moments_leave_old_or_new_site(galleryc, versions, tmp_path):
    """SIGINT, SIGINT twice (the second ends the process at once) and SIGKILL at random
    moments of a rebuild, half of them with a warm cache (the previous site is recycled as the
    staging folder and edited in place: the riskiest case), half with the cache deleted first
    (a long image stage). After each: public/ is the complete previous site or the complete
    new one; a build that says it was interrupted ("left as it was") left the previous one; one interrupted
    by a single Ctrl-C leaves no staging folder behind; the content folder is byte-identical.
    Then a full build: it succeeds, publishes the new site, and leaves nothing beside public/
    or half-made in the cache."""
    masters, trees, cold_seconds = versions
    print(f"\ntorture seed {SEED} (TORTURE_SEED={SEED} replays this run), {INTERRUPTS} interrupts")
    rng = random.Random(SEED)
    work = tmp_path
    content, public, cache = work / "content", work / "public", work / "cache"

    _put_version(masters["a"], content)
    first = build(galleryc, work, content, public, cache=cache)
    assert first.returncode == 0, first.report()
    assert files_only(tree_digest(public)) == trees["a"], (
        "the same content built into another folder gave another site (so the output is not "
        f"reproducible): {describe_difference(files_only(tree_digest(public)), trees['a'])}")
    _put_version(masters["b"], content)
    warm = build(galleryc, work, content, public, cache=cache)
    assert warm.returncode == 0, warm.report()
    durations = {False: max(warm.seconds, 0.3), True: max(cold_seconds, 0.5)}
    current = "b"
    outcomes: dict[str, int] = {}
    stuck: list[str] = []

    for index, (kind, cold) in enumerate(_plan(rng, INTERRUPTS)):
        target = "a" if current == "b" else "b"
        delay = rng.uniform(0.0, durations[cold] * 1.15)
        what = (f"interrupt {index} (seed {SEED}): {kind} after {delay:.3f} s of a "
                f"{'cold' if cold else 'warm'} rebuild from version {current.upper()} to {target.upper()}")
        before = _put_version(masters[target], content)
        if cold:
            shutil.rmtree(cache, ignore_errors=True)
        process = start_build(galleryc, work, content, public, cache=cache)
        time.sleep(delay)
        if kind == "SIGKILL":
            process.signal(signal.SIGKILL)
        else:
            process.signal(signal.SIGINT)
            if kind == "SIGINT twice":
                time.sleep(rng.uniform(0.0, 0.05))
                process.signal(signal.SIGINT)
        run = process.wait(STOP_SECONDS)
        assert not run.timed_out, f"{what}: galleryc did not stop within {STOP_SECONDS} s\n{run.report()}"
        allowed = {"SIGKILL": {0, -9}, "SIGINT": {0, 130, -2}, "SIGINT twice": {0, 130, -2}}[kind]
        assert run.returncode in allowed, f"{what}: exit {run.returncode}\n{run.report()}"

        found = _check_site(public, trees, (current, target), what)
        outcome = f"{kind} exit {run.returncode}: {'new' if found == target else 'previous'} site"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if run.returncode == 0:
            assert found == target, f"{what}: exit 0, but public/ is still the previous site"
        if run.returncode == 130 and kind == "SIGINT":
            # (A second Ctrl-C ends the process at once, with 130 and no message.)
            assert "interrupted" in run.stderr, f"{what}: exit 130 without saying so\n{run.report()}"
            assert found == current, (
                f"{what}: galleryc said the build was interrupted and public/ left as it was, "
                f"but public/ is the new site\n{run.report()}")
        if kind == "SIGINT":
            assert not leftovers_beside(public), (
                f"{what}: a single Ctrl-C (exit {run.returncode}) left {leftovers_beside(public)} "
                f"beside public/\n{run.report()}")
        assert tree_digest(content) == before, (
            f"{what}: the content folder changed: {describe_difference(tree_digest(content), before)}")

        after = build(galleryc, work, content, public, cache=cache)
        assert after.returncode == 0, f"{what}: the next build failed\n{after.report()}"
        _check_site(public, trees, (target,), f"{what}, then a full build")
        assert tree_digest(content) == before, f"{what}: the next build changed the content folder"
        # Leftovers are collected (and removed, so later rounds start clean) rather than
        # stopping the run: the rest of the moments still get checked.
        for name in leftovers_beside(public):
            marker = (public.parent / name / ".galleryc-output").exists()
            stuck.append(f"{what}: {name} ({'with' if marker else 'without'} its marker) is still "
                         f"beside public/ after a complete build")
            shutil.rmtree(public.parent / name)
        if _cache_leftovers(cache):
            stuck.append(f"{what}: after a complete build the cache still holds {_cache_leftovers(cache)}")
        current = target

    print("outcomes: " + "; ".join(f"{n} x {o}" for o, n in sorted(outcomes.items())))
    assert not stuck, f"{len(stuck)} leftovers outlived the next build:\n  " + "\n  ".join(stuck)


def test_a_second_ctrl_c_during_the_cleanup_leaves_nothing_for_good(galleryc, versions, tmp_path):
    """Ctrl-C, then Ctrl-C again a few milliseconds later, 16 times, during warm rebuilds
    (the staging folder is the previous site, recycled: hundreds of files). The first makes
    the build delete its staging folder; the second ends the process at once, often in the
    middle of that deletion. Whatever is left, the next complete build must remove it: a
    folder galleryc made and abandoned must not stay beside public/ for good (it holds a
    whole old site, and hard links into the cache)."""
    masters, trees, _ = versions
    rng = random.Random(SEED + 1)
    content, public, cache = tmp_path / "content", tmp_path / "public", tmp_path / "cache"
    _put_version(masters["a"], content)
    assert build(galleryc, tmp_path, content, public, cache=cache).returncode == 0
    _put_version(masters["b"], content)
    warm = build(galleryc, tmp_path, content, public, cache=cache)
    assert warm.returncode == 0, warm.report()
    current, stuck = "b", []
    for index in range(16):
        target = "a" if current == "b" else "b"
        _put_version(masters[target], content)
        first = rng.uniform(0.02, max(0.05, warm.seconds * 0.6))
        second = rng.uniform(0.0, 0.03)
        process = start_build(galleryc, tmp_path, content, public, cache=cache)
        time.sleep(first)
        process.signal(signal.SIGINT)
        time.sleep(second)
        process.signal(signal.SIGINT)
        run = process.wait(STOP_SECONDS)
        what = (f"round {index} (seed {SEED + 1}): Ctrl-C after {first:.3f} s and again "
                f"{second * 1000:.0f} ms later (exit {run.returncode})")
        _check_site(public, trees, (current, target), what)
        killed_left = leftovers_beside(public)
        after = build(galleryc, tmp_path, content, public, cache=cache)
        assert after.returncode == 0, f"{what}: the next build failed\n{after.report()}"
        for name in leftovers_beside(public):
            has_marker = (public.parent / name / ".galleryc-output").exists()
            count = sum(len(files) for _, _, files in os.walk(public.parent / name))
            stuck.append(f"{what}: {name} ({count} files, "
                         f"{'with' if has_marker else 'without'} the .galleryc-output marker) "
                         f"is still beside public/ after the next build")
            shutil.rmtree(public.parent / name)  # so that the next round starts clean
        if killed_left:
            print(f"{what}: left {killed_left}")
        current = target
    assert not stuck, f"{len(stuck)} of 16 rounds left a folder for good:\n  " + "\n  ".join(stuck)


# --- the commit window, held open with strace ----------------------------------------------------


def _strace() -> str:
    found = shutil.which("strace")
    if found is None:
        pytest.fail("strace not found: install Debian's strace (`make torture` does)")
    return found


def _child_of(pid: int) -> int | None:
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return None
    return int(children[0]) if children else None


def _kill_when_traced(process: Process, trace: Path, needle: str, seconds: float = 120) -> str:
    """Waits until strace's log shows ``needle`` (the call being held), then SIGKILLs galleryc
    (strace's child), waits until strace has ended and galleryc is reaped (a zombie still
    counts as a running build, whose folders the next build rightly leaves alone), and returns
    the log line."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = trace.read_text(errors="replace") if trace.exists() else ""
        for line in text.splitlines():
            if needle in line:
                child = _child_of(process.pid)
                assert child is not None, f"strace has no child to kill; log:\n{text[-3000:]}"
                os.kill(child, signal.SIGKILL)
                process.wait(STOP_SECONDS)
                _wait_until_gone(child)
                return line
        if not process.running():
            break
        time.sleep(0.01)
    run = process.wait(10)
    raise AssertionError(f"strace never showed {needle!r}\n{run.report()}\n--- trace\n"
                         f"{trace.read_text(errors='replace')[-4000:] if trace.exists() else ''}")


def _wait_until_gone(pid: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while Path(f"/proc/{pid}").exists():
        assert time.monotonic() < deadline, f"the killed galleryc (pid {pid}) was never reaped"
        time.sleep(0.02)


def _traced_build(galleryc, work: Path, content, public, cache, injections: list[str]):
    trace = work / "strace.log"
    prefix = [_strace(), "-f", "--seccomp-bpf", "-o", str(trace), "-e", "trace=rename,renameat2"]
    for injection in injections:
        prefix += ["-e", f"inject={injection}"]
    return start_build(galleryc, work, content, public, cache=cache, prefix=prefix), trace


def _prepare(galleryc, versions, work: Path):
    masters, trees, _ = versions
    content, public, cache = work / "content", work / "public", work / "cache"
    _put_version(masters["a"], content)
    first = build(galleryc, work, content, public, cache=cache)
    assert first.returncode == 0, first.report()
    before = _put_version(masters["b"], content)
    return masters, trees, content, public, cache, before


@pytest.mark.parametrize("moment", ["delay_enter", "delay_exit"])
def test_sigkill_while_the_exchange_is_held(galleryc, versions, tmp_path, moment):
    """The swap is one renameat2(RENAME_EXCHANGE): SIGKILL while strace holds that call
    (before it runs, or after it ran and before galleryc sees the result) leaves public/
    complete, the previous site or the new one, never missing; the next build succeeds and
    cleans up what the killed one left beside public/."""
    masters, trees, content, public, cache, before = _prepare(galleryc, versions, tmp_path)
    process, trace = _traced_build(galleryc, tmp_path, content, public, cache,
                                   [f"renameat2:{moment}={STRACE_DELAY_US}"])
    line = _kill_when_traced(process, trace, "RENAME_EXCHANGE")
    what = f"SIGKILL during {line.strip()!r} ({moment})"
    found = _check_site(public, trees, ("a", "b"), what)
    print(f"\n{what}: public/ is version {found.upper()}; beside it: {leftovers_beside(public)}")
    assert tree_digest(content) == before, f"{what}: the content folder changed"

    after = build(galleryc, tmp_path, content, public, cache=cache)
    assert after.returncode == 0, f"{what}: the next build failed\n{after.report()}"
    _check_site(public, trees, ("b",), f"{what}, then a full build")
    assert not leftovers_beside(public), (
        f"{what}: after the next build, {leftovers_beside(public)} are still beside public/")


def test_sigkill_after_the_stash_rename_is_held(galleryc, versions, tmp_path):
    """After the exchange the previous site is moved (rename) into the cache folder as
    `site-spare`: SIGKILL while that rename is held leaves the new site in place, and the next
    build succeeds with nothing left beside public/."""
    masters, trees, content, public, cache, before = _prepare(galleryc, versions, tmp_path)
    process, trace = _traced_build(galleryc, tmp_path, content, public, cache,
                                   [f"rename:delay_enter={STRACE_DELAY_US}"])
    spare = os.path.realpath(cache / "site-spare")
    line = _kill_when_traced(process, trace, f', "{spare}"')
    what = f"SIGKILL during {line.strip()!r}"
    _check_site(public, trees, ("a", "b"), what)
    after = build(galleryc, tmp_path, content, public, cache=cache)
    assert after.returncode == 0, f"{what}: the next build failed\n{after.report()}"
    _check_site(public, trees, ("b",), f"{what}, then a full build")
    assert not leftovers_beside(public), f"{what}: {leftovers_beside(public)} left beside public/"
    assert tree_digest(content) == before, f"{what}: the content folder changed"


@pytest.mark.skipif(platform.machine() != "x86_64",
                    reason="uses the rename system call, which only some architectures have")
def test_sigkill_between_the_two_renames_of_the_fallback(galleryc, versions, tmp_path):
    """Where the file system cannot exchange (renameat2 fails with EINVAL, injected here),
    galleryc moves public/ aside to `public.galleryc-old-*`, then the new site into place.
    SIGKILL between the two renames leaves no public/, but the previous site whole beside
    it; the next build puts it back with a warning, then builds and publishes the new site."""
    masters, trees, content, public, cache, before = _prepare(galleryc, versions, tmp_path)
    process, trace = _traced_build(
        galleryc, tmp_path, content, public, cache,
        ["renameat2:error=EINVAL", f"rename:delay_exit={STRACE_DELAY_US}"])
    resolved = os.path.realpath(public)
    line = _kill_when_traced(process, trace, f'"{resolved}", "{resolved}.galleryc-old-')
    what = f"SIGKILL during {line.strip()!r}"
    assert tree_digest(content) == before, f"{what}: the content folder changed"
    old = [name for name in leftovers_beside(public) if ".galleryc-old-" in name]
    was_missing = not public.exists()
    if not was_missing:
        _check_site(public, trees, ("a", "b"), what)
    else:
        assert len(old) == 1, f"{what}: public/ is missing and beside it are {leftovers_beside(public)}"
        _check_site(public.parent / old[0], trees, ("a",), f"{what}: the site moved aside")

    after = build(galleryc, tmp_path, content, public, cache=cache)
    assert after.returncode == 0, f"{what}: the next build failed\n{after.report()}"
    if was_missing:
        assert any("put back" in line for line in after.diagnostics("warning")), (
            f"{what}: the next build recovered public/ without the warning\n{after.report()}")
    _check_site(public, trees, ("b",), f"{what}, then a full build")
    assert not leftovers_beside(public), (
        f"{what}: after the next build, {leftovers_beside(public)} are still beside public/")
