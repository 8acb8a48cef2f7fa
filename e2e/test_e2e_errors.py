"""A broken content folder: the build exits 1, names every problem with its file (and line
where there is one), and leaves the previous output exactly as it was."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import REPO_ROOT, tree_digest
from PIL import Image

pytestmark = pytest.mark.e2e

GOOD_ALBUM_INDEX = "---\ndate: 2024-05-01\ntitle: Trip\n---\n\nA short trip.\n"
# libyaml: "mapping values are not allowed in this context", on line 3 of the file.
BAD_ALBUM_INDEX = "---\ndate: 2024-05-01\ntitle: Trip: to the sea\n---\n\nA short trip.\n"
# An unclosed section opened on line 2 of the template.
BAD_TEMPLATE = "<!-- broken on purpose -->\n{{#never_closed}}\n<p>{{title}}</p>\n"


def _jpeg(color: tuple[int, int, int], size=(320, 200)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def _good_site(root: Path) -> Path:
    content = root / "content"
    (content / "trip").mkdir(parents=True)
    (content / "site.yml").write_text("title: Broken on purpose\nlanguage: en\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nHello.\n")
    (content / "trip" / "index.md").write_text(GOOD_ALBUM_INDEX)
    (content / "trip" / "sea.jpg").write_bytes(_jpeg((20, 90, 160)))
    (content / "trip" / "sea.md").write_text("---\nalt: A flat blue sea.\n---\n")
    return content


def _theme_template_name() -> str:
    """A template name the default theme really has, to override with a broken one."""
    theme = REPO_ROOT / "Templates"
    names = sorted(p.name for p in theme.glob("*.mustache")) if theme.is_dir() else []
    assert names, f"no default theme templates (*.mustache) in {theme}"
    return names[0]


def _located(stderr: str, relative: str, line: int | None = None) -> bool:
    """Whether stderr has a compiler-style `...<relative>[:line[:col]]: error:` line."""
    line_part = rf":{line}(?::\d+)?" if line is not None else r"(?::\d+){0,2}"
    pattern = rf"(?:^|[\s/]){re.escape(relative)}{line_part}: error:"
    return re.search(pattern, stderr, re.MULTILINE) is not None


@pytest.fixture
def good_build(build_site, tmp_path):
    content = _good_site(tmp_path)
    output = tmp_path / "public"
    build_site(content, output).check()
    return content, output, tree_digest(output)


def _assert_failed_cleanly(result, output: Path, before: dict[str, str]) -> None:
    assert result.returncode == 1, f"exit {result.returncode}\n{result.stderr}"
    assert "error" in result.stderr
    assert tree_digest(output) == before, "the failed build changed the previous output"


def test_bad_yaml_is_reported_with_file_and_line(build_site, good_build):
    content, output, before = good_build
    (content / "trip" / "index.md").write_text(BAD_ALBUM_INDEX)
    result = build_site(content, output)
    _assert_failed_cleanly(result, output, before)
    assert _located(result.stderr, "trip/index.md", 3), result.stderr


def test_corrupt_jpegs_are_reported_by_name(build_site, good_build):
    content, output, before = good_build
    whole = _jpeg((200, 120, 40), (640, 480))
    (content / "trip" / "truncated.jpg").write_bytes(whole[: len(whole) // 2])
    (content / "trip" / "empty.jpg").write_bytes(b"")
    result = build_site(content, output)
    _assert_failed_cleanly(result, output, before)
    for name in ("trip/truncated.jpg", "trip/empty.jpg"):
        assert _located(result.stderr, name), f"{name} not reported:\n{result.stderr}"


def test_broken_template_is_reported_with_file_and_line(build_site, good_build):
    content, output, before = good_build
    name = _theme_template_name()
    (content / "templates").mkdir()
    (content / "templates" / name).write_text(BAD_TEMPLATE)
    result = build_site(content, output)
    _assert_failed_cleanly(result, output, before)
    assert _located(result.stderr, f"templates/{name}", 2), result.stderr


def test_every_problem_is_reported_in_one_build(build_site, good_build):
    content, output, before = good_build
    (content / "trip" / "index.md").write_text(BAD_ALBUM_INDEX)
    (content / "trip" / "empty.jpg").write_bytes(b"")
    name = _theme_template_name()
    (content / "templates").mkdir()
    (content / "templates" / name).write_text(BAD_TEMPLATE)
    result = build_site(content, output)
    _assert_failed_cleanly(result, output, before)
    assert _located(result.stderr, "trip/index.md", 3), result.stderr
    assert _located(result.stderr, "trip/empty.jpg"), result.stderr
    assert _located(result.stderr, f"templates/{name}", 2), result.stderr


def test_a_base_url_that_is_not_a_url_fails_the_build_at_its_line(build_site, good_build):
    """`base_url` starts every link and `src` as written: quotes and angle brackets in it are
    an error at site.yml's line and column, with the percent-encoded form to write, and the
    previous site stays as it was (before: it was accepted and written into every `src`)."""
    content, output, before = good_build
    (content / "site.yml").write_text(
        "title: Broken on purpose\nbase_url: 'https://example.org/\"><b>/'\nlanguage: en\n")
    result = build_site(content, output)
    _assert_failed_cleanly(result, output, before)
    expected = (
        "site.yml:2:11: error: base_url 'https://example.org/\"><b>/' has '\"', '>' and '<' in its path, "
        "which a URL must percent-encode; if they are meant, write 'https://example.org/%22%3E%3Cb%3E/'")
    assert expected in result.stderr, result.stderr
    assert result.stdout == ""
