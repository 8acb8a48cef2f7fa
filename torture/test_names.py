"""Odd file and folder names in the content folder.

The promises guarded (README "The content folder", DESIGN "What must never happen"):
- any name a file system allows either becomes a working page (every link and image on
  every page resolves to a published file) or is reported by name: spaces, `? < > #`, a
  leading dash, emoji, a 255-byte name, a name that is only an extension;
- two names that differ only in Unicode normalisation (`café.jpg` as NFC and NFD, as a Mac
  copy leaves them) would share one URL: an error naming the file, exit 1;
- a name that is not UTF-8 (Latin-1 `caf\\xe9.jpg`) is a warning, printed escaped;
- a name holding terminal control codes (`ESC ]0;pwned BEL` retitles a terminal) never
  reaches the terminal raw, with or without colours; no published file holds them either;
- FIFOs named like a photo, a page or site.yml are refused ("not a regular file"), never
  read: the build does not hang;
- one-character album names (`a`, `1`, `é`) survive rebuilds with a photo removed between
  (one of these crashed the build once).
"""

from __future__ import annotations

import html.parser
import os
import pty
import re
import select
import subprocess
import time
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from torture_support import build, photo_jpeg

# Escape sequences galleryc itself may print on a terminal: SGR colours and erase-line.
OWN_ESCAPES = re.compile(rb"\x1b\[[0-9;]*m|\x1b\[K")
HOSTILE = b"\x1b]0;pwned\x07"


def _site(root: Path) -> Path:
    content = root / "content"
    content.mkdir(parents=True)
    (content / "site.yml").write_text("title: Names\nimages:\n  widths: [160]\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nHome.\n")
    return content


def _photo(folder: Path, name: bytes | str, seed: int, alt: str | None = None) -> None:
    """A photo (and, with ``alt``, its sidecar) under a name given as bytes, exactly."""
    raw = os.fsencode(folder) + b"/" + (name if isinstance(name, bytes) else name.encode())
    with open(raw, "wb") as f:
        f.write(photo_jpeg(seed, (240 + seed % 7 * 16, 180)))
    if alt is not None:
        stem = raw.rsplit(b".", 1)[0]
        with open(stem + b".md", "wb") as f:
            f.write(f"---\nalt: {alt}\n---\n".encode())


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src", "poster"):
                self.urls.append(value)
            elif name in ("srcset", "imagesrcset"):
                self.urls += [part.strip().split(" ")[0] for part in value.split(",") if part.strip()]


def broken_links(public: Path) -> list[str]:
    """Every local link, image and srcset entry of every page that does not lead to a
    published file, as `page: url`."""
    broken = []
    for page in sorted(public.rglob("*.html")):
        parser = _Links()
        parser.feed(page.read_text(errors="replace"))
        page_url = "/" + page.relative_to(public).as_posix()
        for url in parser.urls:
            parts = urlsplit(url)
            if parts.scheme or parts.netloc or url.startswith(("#", "data:", "mailto:")) or not parts.path:
                continue
            path = parts.path if parts.path.startswith("/") else (
                page_url.rsplit("/", 1)[0] + "/" + parts.path)
            target = Path(os.path.normpath(public / unquote(path).lstrip("/")))
            if url.endswith("/") or target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(public)}: {url}")
    return broken


ODD_NAMES = {
    "with space.jpg": "space",
    "q?.jpg": "question mark",
    "lt<.jpg": "less-than",
    "gt>.jpg": "greater-than",
    "hash#.jpg": "hash",
    "percent%20.jpg": "percent",
    "amp&.jpg": "ampersand",
    "quote\".jpg": "double quote",
    "apostrophe'.jpg": "apostrophe",
    "-dash.jpg": "leading dash",
    "📷 emoji.jpg": "emoji and text",
    "🌄.jpg": "emoji only",
}
# The longest names ext4 allows (255 bytes): the renditions' names add a width to them.
LONG_NAMES = {
    "a" * 251 + ".jpg": "255 bytes of ASCII",
    "é" * 125 + "e.jpg": "255 bytes of UTF-8",
    "photo " + "x" * 245 + ".JPG": "255 bytes, spaces and a capital extension",
}


def _assert_each_published(galleryc, tmp_path, names: dict[str, str], album_name: str, extra=None):
    """Builds an album of photos with these names (and sidecars): exit 0, each photo's alt
    text on a page, no broken link anywhere."""
    content = _site(tmp_path)
    album = content / album_name
    album.mkdir()
    for index, (name, what) in enumerate(names.items()):
        _photo(album, name, index, alt=f"Odd photo {index} ({what}).")
    if extra:
        extra(content, album)

    public = tmp_path / "public"
    run = build(galleryc, tmp_path, content, public, cache=tmp_path / "cache")
    run.assert_no_crash()
    assert run.returncode == 0, f"odd but valid names must build\n{run.report()}"
    pages = {p: p.read_text(errors="replace") for p in public.rglob("*.html")}
    missing = [f"{name!r} ({what})" for index, (name, what) in enumerate(names.items())
               if not any(f"Odd photo {index} (" in text for text in pages.values())]
    assert not missing, f"photos with no page carrying their alt text: {missing}\n{run.report()}"
    broken = broken_links(public)
    assert not broken, f"{len(broken)} broken links, e.g.:\n  " + "\n  ".join(broken[:12])
    return pages


def test_odd_names_become_working_pages(galleryc, tmp_path):
    """Photos named with spaces, `? < > # % & " '`, a leading dash and emoji, in an album
    whose own name is odd too, a `-dash-album`, and a file named only `.jpg`: the build
    succeeds (exit 0), every photo gets a page carrying its sidecar's alt text, and every
    link, image and srcset entry on every page leads to a published file."""
    def extra(content: Path, album: Path) -> None:
        (album / ".jpg").write_bytes(photo_jpeg(99, (200, 150)))
        (content / "-dash-album").mkdir()
        _photo(content / "-dash-album", "photo.jpg", 50, alt="In the dash album.")

    pages = _assert_each_published(galleryc, tmp_path, ODD_NAMES, "odd #1 ? album", extra)
    assert any("In the dash album." in text for text in pages.values()), "the -dash-album is missing"


def test_255_byte_names_become_working_pages(galleryc, tmp_path):
    """Photos with 255-byte names (the most ext4 allows: ASCII, two-byte UTF-8, with spaces):
    each is published with working links, although its renditions' names (name + width +
    extension) could not be that long."""
    _assert_each_published(galleryc, tmp_path, LONG_NAMES, "long")


def test_normalisation_twins_are_an_error(galleryc, tmp_path):
    """`café.jpg` twice, NFC and NFD, in one folder (both would have one URL): exit 1 and an
    error naming the file."""
    content = _site(tmp_path)
    album = content / "album"
    album.mkdir()
    for index, form in enumerate(("NFC", "NFD")):
        _photo(album, unicodedata.normalize(form, "café.jpg"), index, alt=f"Twin {form}.")
    run = build(galleryc, tmp_path, content, tmp_path / "public", cache=tmp_path / "cache")
    run.assert_no_crash()
    assert run.returncode == 1, f"normalisation twins must fail the build\n{run.report()}"
    named = [line for line in run.diagnostics("error")
             if "café" in unicodedata.normalize("NFC", line)]
    assert named, f"no error names café.jpg\n{run.report()}"


def test_a_latin1_name_is_a_warning_printed_escaped(galleryc, tmp_path):
    """`caf\\xe9.jpg` (Latin-1, not UTF-8): a warning naming it with the byte escaped (never
    an invalid UTF-8 byte on stderr), exit 0, the rest of the album published."""
    content = _site(tmp_path)
    album = content / "album"
    album.mkdir()
    _photo(album, b"caf\xe9.jpg", 1)
    _photo(album, "good.jpg", 2, alt="A good photo.")
    run = build(galleryc, tmp_path, content, tmp_path / "public", cache=tmp_path / "cache")
    run.assert_no_crash()
    assert run.returncode == 0, f"a Latin-1 name must only warn\n{run.report()}"
    assert any("caf\\xe9" in line for line in run.diagnostics("warning")), (
        f"no warning names caf\\xe9.jpg escaped\n{run.report()}")
    try:
        run.stderr_bytes.decode("utf-8")
    except UnicodeDecodeError as error:
        pytest.fail(f"stderr is not UTF-8 (the raw Latin-1 byte?): {error}\n{run.report()}")
    assert (tmp_path / "public" / "album" / "good" / "index.html").is_file()


def _stray_control(data: bytes) -> list[bytes]:
    """Control bytes in terminal output that are neither galleryc's own colour or erase-line
    codes nor ordinary whitespace."""
    rest = OWN_ESCAPES.sub(b"", data)
    return sorted({bytes([b]) for b in rest if b < 0x20 and b not in b"\n\r\t"} |
                  ({b"\x7f"} if b"\x7f" in rest else set()))


def _hostile_site(root: Path) -> Path:
    content = _site(root)
    album = content / ("album " + HOSTILE.decode())
    album.mkdir()
    _photo(album, HOSTILE + b".jpg", 1)
    _photo(album, b"bell\x07and\x1b[2Jclear.jpg", 2)
    (content / "page\x1b[31m.md").write_text("---\ntitle: \"Title \\e]0;owned\\a\"\n---\n\nText.\n")
    return content


def test_control_characters_in_names_never_reach_the_terminal_raw(galleryc, tmp_path):
    """Names holding `ESC ]0;pwned BEL`, `ESC [2J` and `ESC [31m`, without a terminal: the
    bytes on stderr and stdout hold no ESC, BEL or other control character (galleryc's own
    colour codes aside), each name is still reported (escaped), and no published file holds
    them raw."""
    content = _hostile_site(tmp_path)
    public = tmp_path / "public"
    run = build(galleryc, tmp_path, content, public, cache=tmp_path / "cache")
    run.assert_no_crash()
    assert run.returncode in (0, 1), run.report()
    stray = _stray_control(run.stderr_bytes) + _stray_control(run.stdout.encode())
    assert not stray, f"control bytes {stray} reached the terminal raw\n{run.stderr_bytes[-3000:]!r}"
    assert "\\x1b]0;pwned\\x07" in run.stderr, f"the hostile name is not shown escaped\n{run.report()}"
    if public.exists():
        raw = [p.relative_to(public).as_posix() for p in public.rglob("*")
               if p.is_file() and re.search(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", p.read_bytes())
               and p.suffix in (".html", ".xml", ".css", ".js", ".json", ".txt")]
        assert not raw, f"published text files holding control characters: {raw}"


def test_control_characters_in_names_on_a_terminal(galleryc, tmp_path):
    """The same names with stderr on a pseudo-terminal (colours on): the only escape
    sequences written are galleryc's own colour and erase-line codes."""
    content = _hostile_site(tmp_path)
    controller, terminal = pty.openpty()
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        [str(galleryc), "build", str(content), "--output", str(tmp_path / "public"),
         "--cache-dir", str(tmp_path / "cache")],
        cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=terminal, stderr=terminal, env=env)
    os.close(terminal)
    data = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([controller], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(controller, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        elif proc.poll() is not None:
            break
    os.close(controller)
    code = proc.wait(30)
    assert 0 <= code < 128, f"galleryc died (exit {code}) on a terminal\n{data[-3000:]!r}"
    stray = _stray_control(data)
    assert not stray, f"control bytes {stray} reached the terminal raw\n{data[-3000:]!r}"
    assert b"\\x1b]0;pwned\\x07" in data, f"the hostile name is not shown escaped\n{data[-3000:]!r}"


@pytest.mark.parametrize("name", ["album/x.jpg", "album/x.md", "site.yml"])
def test_a_fifo_is_refused_not_read(galleryc, tmp_path, name):
    """A FIFO named like a photo, a page or site.yml (reading it would block for ever): an
    error naming it, "not a regular file", exit 1, within seconds."""
    content = _site(tmp_path)
    (content / "album").mkdir()
    _photo(content / "album", "good.jpg", 1, alt="Good.")
    if (content / name).exists():
        (content / name).unlink()
    os.mkfifo(content / name)
    run = build(galleryc, tmp_path, content, tmp_path / "public", cache=tmp_path / "cache",
                timeout=60)
    run.assert_no_crash()
    assert run.returncode == 1, f"a FIFO named {name} must fail the build\n{run.report()}"
    lines = [line for line in run.diagnostics("error") if name in line]
    assert lines and all("not a regular file" in line for line in lines), (
        f"no 'not a regular file' error naming {name}\n{run.report()}")
    assert run.seconds < 30, f"the build took {run.seconds:.0f} s with a FIFO\n{run.report()}"


def test_one_character_albums_survive_rebuilds(galleryc, tmp_path):
    """Albums `a`, `1` and `é` (and one nested `a/b`), three photos each, built three times
    with a photo removed before each rebuild: every build exits 0, and the removed photo's
    page is gone while the others stay."""
    content = _site(tmp_path)
    albums = ["a", "1", "é", "a/b"]
    for index, album in enumerate(albums):
        (content / album).mkdir(parents=True, exist_ok=True)
        for photo in range(3):
            _photo(content / album, f"p{photo}.jpg", index * 10 + photo, alt=f"{album} {photo}.")
    public, cache = tmp_path / "public", tmp_path / "cache"
    for round_ in range(3):
        run = build(galleryc, tmp_path, content, public, cache=cache)
        run.assert_no_crash()
        assert run.returncode == 0, f"build {round_ + 1} of the one-character albums\n{run.report()}"
        published = "\n".join(p.read_text(errors="replace") for p in public.rglob("*.html"))
        for album in albums:
            remaining = sorted(p.stem for p in (content / album).glob("p*.jpg"))
            for stem in ("p0", "p1", "p2"):
                shown = f"{album} {stem[1]}." in published
                assert shown == (stem in remaining), (
                    f"build {round_ + 1}: photo {album}/{stem}.jpg is "
                    f"{'missing from' if stem in remaining else 'still on'} the site")
        for album in albums:
            (content / album / f"p{round_}.jpg").unlink(missing_ok=True)
            (content / album / f"p{round_}.md").unlink(missing_ok=True)
