"""End-to-end tests of site.yml's `privacy:`: which EXIF published images carry, and the
optional "original" downloads, rewritten without GPS.

The corpus photo sigal-sample/iptcTest/1.jpg carries GPS coordinates (in EXIF), XMP and IPTC.
Every build here also runs galleryc's own post-build GPS scan over all published files, so a
build that exits 0 has published none of the source coordinates.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import CORPUS, copy_content, run_build
from PIL import Image, ImageChops, ImageOps
from site_layout import has_gps

pytestmark = pytest.mark.e2e

EXIFTOOL = shutil.which("exiftool")


def _site(tmp_path: Path, site_yml: str, orientation: bool = False) -> Path:
    content = tmp_path / "content"
    copy_content(CORPUS / "sigal-sample" / "iptcTest", content / "iptc")
    if orientation:
        album = content / "turned"
        album.mkdir()
        for n in (1, 6):
            shutil.copy(CORPUS / "exif-orientation" / f"Landscape_{n}.jpg", album)
    (content / "site.yml").write_text("title: Privacy\n" + site_yml)
    return content


def _build(galleryc: Path, tmp_path: Path, site_yml: str, orientation: bool = False):
    content = _site(tmp_path, site_yml, orientation)
    result = run_build(galleryc, content, tmp_path / "public", tmp_path)
    return result, result.check()


def _exif_tags(path: Path) -> dict[str, object]:
    """exiftool's EXIF, GPS, XMP, IPTC and MakerNotes tags of one file, by name."""
    assert EXIFTOOL, "exiftool is needed for this test"
    out = subprocess.run(
        [EXIFTOOL, "-j", "-s", "-G", "-EXIF:all", "-GPS:all", "-XMP:all", "-IPTC:all"]
        + ["-MakerNotes:all", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    tags = json.loads(out)[0]
    return {k: v for k, v in tags.items() if k not in ("SourceFile",)}


def _scans(jpeg: bytes) -> bytes:
    """From the first SOS marker to the last EOI: the entropy-coded data."""
    return jpeg[jpeg.index(b"\xff\xda") : jpeg.rindex(b"\xff\xd9") + 2]


def _originals(output: Path) -> list[Path]:
    return sorted(output.glob("_img/*/*-original.*"))


def test_originals_are_not_published_by_default(galleryc, tmp_path):
    _, output = _build(galleryc, tmp_path, "")
    assert _originals(output) == []
    assert not any("Download original" in p.read_text() for p in output.rglob("index.html"))
    renditions = sorted(output.glob("_img/*/*.jpg"))
    assert renditions
    for path in renditions:
        assert not has_gps(path), path
        if EXIFTOOL:
            assert not any(k.startswith(("GPS", "XMP", "IPTC", "MakerNotes")) for k in _exif_tags(path)), path


@pytest.mark.skipif(EXIFTOOL is None, reason="exiftool not installed")
def test_allow_list_groups_are_exactly_what_renditions_carry(galleryc, tmp_path):
    _, output = _build(galleryc, tmp_path, "privacy:\n  exif: [camera, date]\n")
    rendition = max(output.glob("_img/*/1-*.jpg"), key=lambda p: p.stat().st_size)
    names = {k.split(":", 1)[1] for k in _exif_tags(rendition)}
    assert names == {"Make", "Model", "DateTimeOriginal", "Orientation"}


@pytest.mark.skipif(EXIFTOOL is None, reason="exiftool not installed")
def test_no_exif_strips_everything(galleryc, tmp_path):
    _, output = _build(galleryc, tmp_path, "privacy:\n  exif: []\n")
    for path in output.glob("_img/*/*.*"):
        assert _exif_tags(path) == {}, path


def test_refused_keys_warn_with_their_position(galleryc, tmp_path):
    result, _ = _build(galleryc, tmp_path, "privacy:\n  exif: [camera, gps]\n")
    assert "site.yml:3:18: warning: privacy.exif: 'gps' is refused: GPS is never published" in result.stderr


def test_published_originals_have_no_gps_and_the_same_pixels(galleryc, tmp_path):
    result, output = _build(
        galleryc, tmp_path, "privacy:\n  publish_originals: true\n  exif: [camera, date]\n", orientation=True
    )
    assert result.returncode == 0  # the post-build GPS scan also read the originals
    originals = _originals(output)
    assert len(originals) == 5  # three iptc photos and the two landscapes
    source = CORPUS / "sigal-sample" / "iptcTest" / "1.jpg"
    original = next(p for p in originals if p.name == "1-original.jpg")
    assert not has_gps(original)
    assert _scans(original.read_bytes()) == _scans(source.read_bytes())
    with Image.open(source) as a, Image.open(original) as b:
        assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None
    if EXIFTOOL:
        names = {k.split(":", 1)[1] for k in _exif_tags(original)}
        assert names == {"Make", "Model", "DateTimeOriginal", "Orientation"}

    # Linked from the photo page, with a link that resolves.
    pages = [p for p in output.rglob("index.html") if "/1-original.jpg" in p.read_text()]
    assert [p.relative_to(output).as_posix() for p in pages] == ["iptc/1/index.html"]
    html = pages[0].read_text()
    assert "Download original" in html
    href = re.search(r'href="([^"]*1-original\.jpg)"', html).group(1)
    assert (output / href.lstrip("/")).resolve() == original.resolve()


def test_a_published_original_still_shows_the_right_way_up(galleryc, tmp_path):
    _, output = _build(galleryc, tmp_path, "privacy:\n  publish_originals: true\n", orientation=True)
    turned = next(output.glob("_img/*/landscape-6-original.jpg"))
    upright = CORPUS / "exif-orientation" / "Landscape_1.jpg"
    with Image.open(turned) as t, Image.open(upright) as u:
        assert t.getexif().get(0x0112) == 6  # the pixels are as stored: the tag says how to turn them
        viewed = ImageOps.exif_transpose(t).convert("L")
        assert viewed.size == u.size
        diff = ImageChops.difference(viewed, u.convert("L"))
        mean = sum(i * n for i, n in enumerate(diff.histogram())) / (u.size[0] * u.size[1])
        assert mean < 6.0


# How the theme shows the download: under the EXIF details, in their column on a wide screen and
# after them on a phone, never on top of anything.
BOXES_JS = """
const box = s => { const r = document.querySelector(s).getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
return {link: box('.photo-original a'), size: box('.photo-original-size'), exif: box('.exif'),
  title: box('.photo-title'), page: document.documentElement.clientWidth,
  scroll: document.documentElement.scrollWidth};
"""


def test_the_original_download_sits_under_the_photo_details(galleryc, tmp_path, serve, browser):
    _, output = _build(galleryc, tmp_path, "privacy:\n  publish_originals: true\n")
    base = serve(output)
    for width in (1280, 390):
        browser.set_window_size(width, 1000)
        browser.get(base + "iptc/1/")
        b = browser.execute_script(BOXES_JS)
        assert b["link"]["width"] > 0 and b["size"]["width"] > 0, f"{width}px: download not shown"
        assert b["link"]["top"] >= b["exif"]["bottom"], f"{width}px: download overlaps the details: {b}"
        assert b["link"]["top"] - b["exif"]["bottom"] < 48, f"{width}px: download far below the details: {b}"
        assert abs(b["link"]["left"] - b["exif"]["left"]) < 1, f"{width}px: download not in the details column"
        assert b["size"]["right"] <= b["page"] and b["scroll"] <= b["page"], f"{width}px: page overflows: {b}"
        if width > 800:
            assert b["exif"]["left"] >= b["title"]["right"], "details not beside the title on a wide screen"


# Both run two builds through the same derivative cache: its key includes the privacy settings
# and its records keep the published original.


def test_a_cached_rebuild_keeps_the_published_originals(galleryc, tmp_path):
    content = _site(tmp_path, "privacy:\n  publish_originals: true\n")
    run_build(galleryc, content, tmp_path / "first", tmp_path).check()
    output = run_build(galleryc, content, tmp_path / "second", tmp_path).check()
    assert len(_originals(output)) == 3
    assert "Download original" in (output / "iptc" / "1" / "index.html").read_text()


@pytest.mark.skipif(EXIFTOOL is None, reason="exiftool not installed")
def test_changing_the_allow_list_redoes_cached_renditions(galleryc, tmp_path):
    content = _site(tmp_path, "")
    run_build(galleryc, content, tmp_path / "first", tmp_path).check()
    (content / "site.yml").write_text("title: Privacy\nprivacy:\n  exif: none\n")
    output = run_build(galleryc, content, tmp_path / "second", tmp_path).check()
    for path in output.glob("_img/*/*.jpg"):
        assert _exif_tags(path) == {}, path
