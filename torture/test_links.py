"""Symbolic links in the content folder: to /etc/passwd, to a folder outside, to `/`, in a
loop, to nothing, to a sibling album, to an ancestor.

The promises guarded (README `--follow-links`, DESIGN "What must never happen"):
- by default nothing from outside the content folder is published: no page, no photo, not
  one byte (every output file is searched for /etc/passwd's `root:x:0` and for a marker
  planted outside);
- every link that is skipped is named in a warning, with where it points, and the build
  still succeeds (exit 0): a stray link is not a broken site;
- `--follow-links` publishes the outside folder, but never follows a link to a folder that
  holds the content folder (`/`, `..`): no build walks the whole disk or loops;
- every build finishes quickly (well under a minute), loops and `/` included.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from torture_support import build, photo_jpeg

QUICK_SECONDS = 30
MARKER = "OUTSIDE-THE-CONTENT-FOLDER-7d1e"
PASSWD = b"root:x:0"


def _site(root: Path) -> tuple[Path, dict[str, str | None]]:
    """The content folder and its links: link (relative to the content folder) -> the text a
    warning should show for its target (None: the link's name is enough, as for a loop)."""
    content = root / "content"
    outside = root / "outside" / "secret"
    for folder in (content / "album", content / "other", outside):
        folder.mkdir(parents=True)
    (content / "site.yml").write_text("title: Links\nimages:\n  widths: [320]\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nHome.\n")
    for index, folder in enumerate((content / "album", content / "other", outside)):
        (folder / f"photo-{index}.jpg").write_bytes(photo_jpeg(index, (400, 300)))
        alt = f"{MARKER} photo" if folder == outside else f"Photo {index}"
        (folder / f"photo-{index}.md").write_text(f"---\nalt: {alt}.\n---\n")
    (outside / "page.md").write_text(f"---\ntitle: Secret\n---\n\n{MARKER}\n")
    (root / "outside" / "secret.md").write_text(f"---\ntitle: Secret page\n---\n\n{MARKER}\n")

    links = {
        "passwd.md": ("/etc/passwd", "/etc/passwd"),
        "secret.md": (str(root / "outside" / "secret.md"), str(root / "outside" / "secret.md")),
        "outside-album": (str(outside), str(outside)),
        "root": ("/", "/"),
        "loop-a": ("loop-b", None),
        "loop-b": ("loop-a", None),
        "dangling.jpg": ("nowhere.jpg", "nowhere.jpg"),
        "sibling": ("other", "other"),
        "album/up": ("..", None),
    }
    for name, (target, _) in links.items():
        os.symlink(target, content / name)
    return content, {name: shown for name, (_, shown) in links.items()}


def _published_outside(public: Path) -> list[str]:
    """Output files that hold /etc/passwd's first line or the marker planted outside."""
    found = []
    for path in public.rglob("*"):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            if PASSWD in data or MARKER.encode() in data:
                found.append(path.relative_to(public).as_posix())
    return sorted(found)


def test_links_out_of_the_content_folder_are_refused_by_default(galleryc, tmp_path):
    """Default build: exit 0, quickly; no output file holds `root:x:0` or the marker planted
    outside; the sibling album and the link inside are published once; each skipped link is
    named in a warning with its target."""
    content, links = _site(tmp_path)
    public = tmp_path / "public"
    run = build(galleryc, tmp_path, content, public, cache=tmp_path / "cache", timeout=120)
    run.assert_no_crash()
    assert run.seconds < QUICK_SECONDS, f"the build took {run.seconds:.0f} s\n{run.report()}"
    assert run.returncode == 0, f"links out of the content folder must only warn\n{run.report()}"
    leaked = _published_outside(public)
    assert not leaked, f"published from outside the content folder: {leaked}\n{run.report()}"
    assert (public / "album" / "index.html").is_file() and (public / "other" / "index.html").is_file()
    assert not (public / "sibling").exists(), "the link to a sibling album published it twice"

    warnings = run.diagnostics("warning")
    unnamed = []
    for name, target in links.items():
        lines = [line for line in warnings if f"content/{name}:" in line or f"content/{name} " in line]
        if not lines:
            unnamed.append(f"{name}: no warning names it")
        elif target is not None and not any(target in line for line in lines):
            unnamed.append(f"{name}: its warning does not say where it points ({target}): {lines}")
    assert not unnamed, "skipped links not reported:\n  " + "\n  ".join(unnamed) + "\n" + run.report()


def test_follow_links_publishes_outside_but_never_the_root(galleryc, tmp_path):
    """`--follow-links`: the folder linked from outside is published (its page and photo),
    quickly; `root -> /` and `album/up -> ..` (folders holding the content folder) are never
    followed, each with a warning naming it."""
    content, _ = _site(tmp_path)
    public = tmp_path / "public"
    run = build(galleryc, tmp_path, content, public, "--follow-links", cache=tmp_path / "cache",
                timeout=120)
    run.assert_no_crash()
    assert run.seconds < QUICK_SECONDS, f"the build took {run.seconds:.0f} s\n{run.report()}"
    assert run.returncode == 0, run.report()
    published = sorted(p.relative_to(public).as_posix() for p in public.rglob("*"))
    assert any(p.startswith("outside-album/") for p in published), (
        f"--follow-links did not publish the linked folder: {published}\n{run.report()}")
    assert (public / "outside-album" / "page" / "index.html").is_file(), published
    assert (public / "outside-album" / "photo-2" / "index.html").is_file(), published
    assert "outside-album/page/index.html" in _published_outside(public), "the outside page is empty"
    walked = [p for p in published if p.startswith(("root/", "album/up/"))]
    assert not walked, f"a link to a folder holding the content folder was followed: {walked[:10]}"
    warnings = run.diagnostics("warning")
    for name in ("root", "album/up"):
        assert any(f"content/{name}:" in line for line in warnings), (
            f"no warning names {name}, which is not followed\n{run.report()}")
    print(f"\n--follow-links published {len(published)} paths; passwd.md became a page: "
          f"{(public / 'passwd' / 'index.html').exists()} (it is a link out, so that is what was asked)")


@pytest.mark.parametrize("follow", [False, True])
def test_a_deep_chain_of_links_is_quick(galleryc, tmp_path, follow):
    """40 links, each to the next, the last to the content folder's parent: the build refuses
    or resolves them without walking anything twice, and finishes quickly."""
    content = tmp_path / "content"
    (content / "album").mkdir(parents=True)
    (content / "album" / "photo.jpg").write_bytes(photo_jpeg(1, (400, 300)))
    (content / "album" / "photo.md").write_text("---\nalt: A photo.\n---\n")
    (content / "chain-39").symlink_to(tmp_path)
    for index in range(38, -1, -1):
        (content / f"chain-{index}").symlink_to(f"chain-{index + 1}")
    extra = ("--follow-links",) if follow else ()
    run = build(galleryc, tmp_path, content, tmp_path / "public", *extra, cache=tmp_path / "cache",
                timeout=120)
    run.assert_no_crash()
    assert run.seconds < QUICK_SECONDS, f"the build took {run.seconds:.0f} s\n{run.report()}"
    assert run.returncode == 0, run.report()
    walked = [p for p in (tmp_path / "public").rglob("*") if "chain-" in str(p)]
    assert not walked, f"a chain to a folder holding the content folder was followed: {walked[:5]}"
