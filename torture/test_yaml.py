"""Hostile YAML in site.yml, in a page's front matter and in a photo's sidecar.

The promises guarded (README "Reference": every problem is reported with file and line;
DESIGN "What must never happen": no crash, no hang):
- deep nesting (50,000 block sequences, 100,000 `[`), alias bombs (billion laughs), tabs,
  binary garbage, invalid UTF-8, a 200 KB file of keys, a 20 MB front matter: each fails or
  warns with a message naming the file (and the line, where a line means something: all but
  the size refusal), within a few seconds, never a crash (no exit code >= 128, no "Fatal
  error" or "Illegal instruction");
- control characters that YAML carries legally (`"a\\vb"`, `\\e`, `\\0`, `\\x7f`, NEL, U+FFFE)
  never make a published file ill-formed: feed.xml and sitemap.xml parse as XML, and every
  page as HTML without the characters HTML forbids.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from torture_support import build, photo_jpeg

FEW_SECONDS = 10
TEXT_LIMIT = 16 << 20


def _billion_laughs() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _quadratic_aliases() -> str:
    """One anchor of 5,000 items, aliased 5,000 times: 25 million values, few bytes."""
    items = ", ".join(["x"] * 5000)
    return f"base: &b [{items}]\n" + "".join(f"k{i}: *b\n" for i in range(5000))


# name -> (YAML text, or bytes; whether a line number is expected in the message)
CASES: dict[str, tuple[str | bytes, bool]] = {
    "50,000 nested block sequences": ("title: Deep\nkey:\n" + "- " * 50_000 + "x\n", True),
    "100,000 levels of [": ("title: Deep\nkey: " + "[" * 100_000 + "\n", True),
    "100,000 levels of {": ("title: Deep\nkey: " + "{a: " * 100_000 + "\n", True),
    "billion laughs": ("title: Laughs\n" + _billion_laughs(), True),
    "5,000 aliases of 5,000 items": ("title: Aliases\n" + _quadratic_aliases(), True),
    "tab indentation": ("title: Tabs\nimages:\n\twidths: [320]\n", True),
    "binary garbage": (random.Random(1).randbytes(4096), True),
    "invalid UTF-8 in a value": (b"title: caf\xe9 \xff\xfe\nlanguage: en\n", True),
    "raw control characters": ("title: a\x01b\x1b[2Jc\x7f\n", True),
    "unclosed quote": ('title: "never closed\nlanguage: en\n', True),
    "duplicate keys": ("title: One\ntitle: Two\n", True),
}


def _site(root: Path) -> Path:
    content = root / "content"
    (content / "trip").mkdir(parents=True)
    (content / "site.yml").write_text("title: YAML\nimages:\n  widths: [160]\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nHome.\n")
    (content / "trip" / "index.md").write_text("---\ntitle: Trip\n---\n")
    (content / "trip" / "photo.jpg").write_bytes(photo_jpeg(1, (320, 240)))
    (content / "trip" / "photo.md").write_text("---\nalt: A photo.\n---\n")
    return content


def _as_bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


def _place(content: Path, where: str, yaml: bytes) -> tuple[Path, int]:
    """Writes the YAML as site.yml, as the home page's front matter or as the photo's
    sidecar; returns the file and how many lines come before the YAML in it."""
    if where == "site.yml":
        path, data, offset = content / "site.yml", yaml, 0
    else:
        path = content / ("index.md" if where == "front matter" else "trip/photo.md")
        data, offset = b"---\n" + yaml + (b"" if yaml.endswith(b"\n") else b"\n") + b"---\n\nBody.\n", 1
    path.write_bytes(data)
    return path, offset


def _located(run, content: Path, path: Path) -> list[tuple[int | None, str]]:
    """(line or None, severity) of each diagnostic naming ``path``."""
    relative = "content/" + path.relative_to(content).as_posix()
    found = []
    for line in run.stderr.splitlines():
        m = re.match(rf"^{re.escape(relative)}(?::(\d+)(?::\d+)?)?: (error|warning): ", line)
        if m:
            found.append((int(m.group(1)) if m.group(1) else None, m.group(2)))
    return found


@pytest.mark.parametrize("where", ["site.yml", "front matter", "sidecar"])
@pytest.mark.parametrize("case", list(CASES))
def test_hostile_yaml_is_reported_quickly(galleryc, tmp_path, case, where):
    """One hostile YAML text as site.yml, as a page's front matter, or as a photo sidecar:
    the build finishes within a few seconds without crashing, and exits 1 with an error, or
    0 with a warning, naming the file and a line inside it."""
    content = _site(tmp_path)
    text, wants_line = CASES[case]
    path, _ = _place(content, where, _as_bytes(text))
    lines_in_file = path.read_bytes().count(b"\n") + 1
    run = build(galleryc, tmp_path, "content", tmp_path / "public", cache=tmp_path / "cache",
                timeout=120)
    run.assert_no_crash()
    assert run.seconds < FEW_SECONDS, f"{case} in {where}: {run.seconds:.1f} s\n{run.report()}"
    located = _located(run, content, path)
    assert located, f"{case} in {where}: no error or warning names {path.name}\n{run.report()}"
    if run.returncode == 1:
        assert any(severity == "error" for _, severity in located), (
            f"{case} in {where}: the build failed without an error naming {path.name}\n{run.report()}")
    else:
        assert run.returncode == 0, run.report()
    if wants_line:
        numbered = [line for line, _ in located if line is not None]
        assert numbered, f"{case} in {where}: the message names no line\n{run.report()}"
        assert all(1 <= n <= lines_in_file for n in numbered), (
            f"{case} in {where}: line {numbered} is outside the file ({lines_in_file} lines)")


def test_a_200_kb_site_yml_of_keys(galleryc, tmp_path):
    """200 KB of unknown keys in site.yml: a warning for each, naming file and line, and the
    build still finishes within a few seconds (exit 0: unknown keys only warn)."""
    content = _site(tmp_path)
    keys = "".join(f"key{index:06}: value number {index}\n" for index in range(200_000 // 26))
    # base_url last, set empty: its absence is a warning of its own, with no line to name.
    (content / "site.yml").write_text("title: Keys\n" + keys + 'base_url: ""\n')
    run = build(galleryc, tmp_path, "content", tmp_path / "public", cache=tmp_path / "cache",
                timeout=120)
    run.assert_no_crash()
    assert run.seconds < FEW_SECONDS, f"{run.seconds:.1f} s for a 200 KB site.yml\n{run.report()}"
    assert run.returncode == 0, run.report()
    located = _located(run, content, content / "site.yml")
    assert located and all(line is not None for line, _ in located), run.report()
    assert {line for line, _ in located} >= {2, 3, 4}, "the first unknown keys are not named by line"


@pytest.mark.parametrize("where", ["front matter", "sidecar"])
def test_a_20_mb_front_matter_is_refused(galleryc, tmp_path, where):
    """A 20 MB front matter (text files over 16 MiB are refused): an error naming the file,
    exit 1, within a few seconds, memory well under the file's size times ten."""
    content = _site(tmp_path)
    line = "description: " + "x" * 1000 + "\n"
    yaml = ("title: Huge\n" + "".join(f"k{i}: {line[13:]}" for i in range(20 * 1024))).encode()
    assert len(yaml) > TEXT_LIMIT
    path, _ = _place(content, where, yaml)
    run = build(galleryc, tmp_path, "content", tmp_path / "public", cache=tmp_path / "cache",
                timeout=120)
    run.assert_no_crash()
    assert run.seconds < FEW_SECONDS, f"{run.seconds:.1f} s\n{run.report()}"
    assert run.returncode == 1, f"a {len(yaml) >> 20} MB front matter must be refused\n{run.report()}"
    errors = [line for line, severity in _located(run, content, path) if severity == "error"]
    assert errors, f"no error names {path.name}\n{run.report()}"
    assert run.peak_rss_kib < 10 * len(yaml) // 1024, f"peak RSS {run.peak_rss_kib} KiB"


# Characters YAML carries legally in double-quoted strings, and that HTML or XML forbid.
CONTROL = r"a\vb\x01c\ed\0e\x7ff\x85g\uFFFEh\x08i\u2028j\x0cend"


def test_control_characters_keep_feed_and_pages_well_formed(galleryc, tmp_path):
    """`alt: "a\\vb"` and other control characters (as YAML escapes, so the YAML is valid)
    in the site title, a page title, an album title and description, a photo's title, alt
    and caption: the build succeeds (warnings at most), feed.xml and sitemap.xml parse with
    xml.etree, and no page holds a character HTML forbids."""
    content = _site(tmp_path)
    (content / "site.yml").write_text(
        f'title: "Site {CONTROL}"\ndescription: "Description {CONTROL}"\n'
        f'author: "Author {CONTROL}"\nbase_url: https://example.org/\nimages:\n  widths: [160]\n')
    (content / "index.md").write_text(f'---\ntitle: "Home {CONTROL}"\n---\n\nHome.\n')
    (content / "trip" / "index.md").write_text(
        f'---\ntitle: "Trip {CONTROL}"\ndescription: "Album {CONTROL}"\ndate: 2024-05-01\n---\n')
    (content / "trip" / "photo.md").write_bytes(
        f'---\ntitle: "Photo {CONTROL}"\nalt: "Alt {CONTROL}"\n---\n\nCaption '.encode()
        + b"with raw \x0b vertical tab and \x1b escape.\n")
    public = tmp_path / "public"
    run = build(galleryc, tmp_path, "content", public, cache=tmp_path / "cache", timeout=120)
    run.assert_no_crash()
    assert run.returncode == 0, f"control characters in valid YAML must not fail the build\n{run.report()}"
    for name in ("feed.xml", "sitemap.xml"):
        try:
            ElementTree.parse(public / name)
        except ElementTree.ParseError as error:
            data = (public / name).read_bytes()
            pytest.fail(f"{name} is not well-formed XML: {error}\n{data[:2000]!r}")
    forbidden = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
    bad = [p.relative_to(public).as_posix() for p in public.rglob("*.html")
           if forbidden.search(p.read_text(errors="replace"))]
    assert not bad, f"pages holding characters HTML forbids: {bad}"
