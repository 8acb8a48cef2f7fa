"""A full disk: the output folder and the cache on a 2 MiB tmpfs.

The promises guarded (README "Bad input", "Cache"; DESIGN "What must never happen"):
- a build that runs out of space fails (exit 1) with a message naming the file it could not
  write and saying "No space left on device" (the words every admin greps for);
- the previous site stays complete, byte for byte, and nothing half-written is left: no
  staging folder beside public/, no half-made cache entry that a later build would trust;
- the cache is only an optimisation: a cache folder on a full disk gives warnings, never a
  failed build or a wrong site.

Needs root (or CAP_SYS_ADMIN) to mount the tmpfs; skipped, with the reason, otherwise.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
from pathlib import Path

import pytest

from torture_support import (
    build,
    describe_difference,
    files_only,
    leftovers_beside,
    small_site,
    tree_digest,
)

TMPFS_SIZE = "2m"
ENOSPC = "No space left on device"


@pytest.fixture
def tmpfs(tmp_path):
    """A fresh 2 MiB tmpfs at ``tmp_path/disk``, unmounted after the test."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE}", "tmpfs", str(mount_point)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs (needs root or CAP_SYS_ADMIN): "
                    f"{(proc.stderr or proc.stdout).strip()}")
    yield mount_point
    if subprocess.run(["umount", str(mount_point)], capture_output=True).returncode != 0:
        subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


def _fill(disk: Path, leave: int = 0) -> None:
    """Fills ``disk`` until at most ``leave`` bytes are free."""
    with open(disk / "filler", "wb") as filler:
        chunk = b"\xa5" * 65536
        try:
            while True:
                free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
                if free <= leave:
                    break
                filler.write(chunk[: max(1, min(len(chunk), free - leave))])
                filler.flush()
        except OSError:
            pass


def _noise_photos(folder: Path, count: int, seed: int = 7) -> list[Path]:
    """Photos of pure noise: nothing compresses them, so their renditions fill the disk."""
    from PIL import Image

    rng = random.Random(seed)
    paths = []
    for index in range(count):
        path = folder / f"noise-{index:02}.jpg"
        Image.frombytes("RGB", (800, 600), rng.randbytes(800 * 600 * 3)).save(path, quality=95)
        (folder / f"noise-{index:02}.md").write_text(f"---\nalt: Noise {index}.\n---\n")
        paths.append(path)
    return paths


def _half_written(disk: Path) -> list[str]:
    """What an interrupted write leaves: Foundation's atomic-write temporaries, cache entries
    being assembled in <cache>/tmp, staging folders."""
    found = []
    for folder, folders, files in os.walk(disk):
        for name in files + folders:
            relative = os.path.relpath(os.path.join(folder, name), disk)
            if name.startswith(".dat.nosync") or ".galleryc-new-" in name or ".galleryc-old-" in name:
                found.append(relative)
            elif os.path.basename(folder) == "tmp" and os.path.basename(os.path.dirname(folder)) == "cache":
                found.append(relative)
    return sorted(found)


def _error_lines(stderr: str) -> list[str]:
    """Per-file error lines (`<file>: error: ...`), without the closing summary line."""
    return [line for line in stderr.splitlines() if re.match(r"^\S.*?: error: ", line)]


def _reference(galleryc, tmp_path: Path, name: str, make) -> dict[str, str]:
    """The site ``make(root)`` describes, built on the ordinary disk with a cache of its own."""
    root = tmp_path / name
    content = make(root)
    run = build(galleryc, root, content, root / "public", cache=root / "cache")
    assert run.returncode == 0, run.report()
    return files_only(tree_digest(root / "public"))


def _big_page(content: Path) -> None:
    """A 3 MiB Markdown page (far under the 16 MiB limit): its HTML does not fit on the disk."""
    line = "A long line of a very long page, which is written out to HTML at full length.\n\n"
    (content / "long.md").write_text("---\ntitle: Long\n---\n\n" + line * (3 * 2**20 // len(line)))


@pytest.mark.parametrize("overflow", ["renditions", "a page"])
def test_full_disk_fails_cleanly_and_keeps_the_previous_site(galleryc, tmp_path, tmpfs, overflow):
    """The output and the cache on a 2 MiB tmpfs; a first build fits. Then either 12 photos of
    noise (their renditions cannot fit) or a 3 MiB page is added: the build exits 1, each
    error names the file it could not write (a source photo, or the page in the output
    folder: not a made-up path in the content folder) and says "No space left on device";
    public/ is the previous site byte for byte; nothing half-written is left. Once the extra
    files are gone, a build in the same tmpfs publishes exactly the site a fresh build makes
    (so no half-made cache entry was kept and trusted)."""
    content = small_site(tmp_path / "site")
    public, cache = tmpfs / "public", tmpfs / "cache"
    first = build(galleryc, tmp_path / "site", content, public, cache=cache)
    assert first.returncode == 0, f"the small site does not fit in {TMPFS_SIZE}\n{first.report()}"
    before = tree_digest(public)

    if overflow == "renditions":
        extra = _noise_photos(content / "trip", 12)
    else:
        _big_page(content)
        extra = [content / "long.md"]
    run = build(galleryc, tmp_path / "site", content, public, cache=cache)
    run.assert_no_crash()
    assert run.returncode == 1, f"a build on a full disk must fail with exit 1\n{run.report()}"
    errors = _error_lines(run.stderr)
    assert errors, f"no per-file error on a full disk\n{run.report()}"
    # What the messages say is checked last, so that a wording problem does not hide a
    # broken site or a kept half-written file.
    wording = [f"does not say {ENOSPC!r} (the errno text): {line}" for line in errors if ENOSPC not in line]
    for line in errors:
        named = line.split(": error: ", 1)[0]
        place = Path(os.path.normpath(Path(run.cwd, named)))
        if not (place.exists() or public == place or public in place.parents):
            wording.append(f"names {named!r}, which is neither a content file nor in the output "
                           f"folder {public}: {line}")
    assert tree_digest(public) == before, (
        f"the failed build changed the previous site: {describe_difference(tree_digest(public), before)}")
    assert not leftovers_beside(public), f"left beside public/: {leftovers_beside(public)}"
    assert not _half_written(tmpfs), f"half-written files left on the full disk: {_half_written(tmpfs)}"

    for path in extra:
        path.unlink()
        sidecar = path.with_suffix(".md")
        if sidecar.exists() and sidecar != path:
            sidecar.unlink()
    again = build(galleryc, tmp_path / "site", content, public, cache=cache)
    assert again.returncode == 0, f"once space is free again the build must succeed\n{again.report()}"
    expected = _reference(galleryc, tmp_path, "reference", small_site)
    actual = files_only(tree_digest(public))
    assert actual == expected, (
        f"after the full-disk failure, the site differs from a fresh build: "
        f"{describe_difference(actual, expected)}")
    assert not wording, (f"{len(wording)} of {len(errors)} full-disk errors are unclear:\n  "
                         + "\n  ".join(wording[:6]) + f"\n{run.report()}")


def test_cache_on_a_full_disk_only_warns(galleryc, tmp_path, tmpfs):
    """Only the cache on a full tmpfs (filled to the last few KiB), the output on the ordinary
    disk: the build succeeds with warnings about the cache and no error, and publishes exactly
    the site a build with a working cache makes. With the disk freed again, the next build
    uses the same cache folder and succeeds too."""
    make = lambda root: small_site(root, photos=6)  # noqa: E731
    content = make(tmp_path / "site")
    cache = tmpfs / "cache"
    _fill(tmpfs, leave=16 * 1024)
    public = tmp_path / "site" / "public"
    run = build(galleryc, tmp_path / "site", content, public, cache=cache)
    run.assert_no_crash()
    assert run.returncode == 0, f"a full cache disk must not fail the build\n{run.report()}"
    assert not _error_lines(run.stderr), f"a full cache disk gave errors\n{run.report()}"
    warnings = [line for line in run.diagnostics("warning") if "cache" in line]
    assert warnings, f"the build said nothing about the cache it could not write\n{run.report()}"
    print("\ncache warnings on a full disk:\n  " + "\n  ".join(warnings[:5]))
    expected = _reference(galleryc, tmp_path, "reference", make)
    actual = files_only(tree_digest(public))
    assert actual == expected, (
        f"with the cache on a full disk the site differs: {describe_difference(actual, expected)}")

    (tmpfs / "filler").unlink()
    again = build(galleryc, tmp_path / "site", content, public, cache=cache)
    assert again.returncode == 0, f"the cache left by the full disk broke the next build\n{again.report()}"
    assert files_only(tree_digest(public)) == expected, "the next build's site differs"
