"""HDR gain maps: an Ultra HDR JPEG keeps its gain map in every JPEG rendition (resized with
it, turned with it, with the same metadata), an iPhone HEIC's Apple gain map becomes an Ultra
HDR gain map (its values converted by Apple's formula), HDR screens are offered those JPEGs
first, and `images.hdr: off` publishes SDR only. The fixtures are built by `hdr_fixtures.py`;
exiftool reads what galleryc wrote (the MPF index, the XMP, the gain map image)."""

from __future__ import annotations

import io
import json
import math
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import run_build
from hdr_fixtures import ISO_PREFIX, apple_hdr_heic, iso_21496_metadata, ultra_hdr
from PIL import Image

pytestmark = [pytest.mark.e2e]


def exiftool(*args: str) -> bytes:
    return subprocess.run(["exiftool", *args], capture_output=True, check=True, timeout=60).stdout


def build(galleryc, work: Path, site_yml: str) -> Path:
    album = work / "content" / "hdr"
    album.mkdir(parents=True)
    ultra_hdr(album / "sunset.jpg")
    ultra_hdr(album / "turned.jpg", orientation=6)
    ultra_hdr(album / "iso.jpg", iso_only=True)
    Image.new("RGB", (1600, 1200), (90, 120, 160)).save(album / "plain.jpg", quality=90)
    # Stored landscape, shown portrait (irot and Orientation 6), 8x headroom.
    apple_hdr_heic(album / "iphone.heic", orientation=6, makernote=(1.0, 0.0), gain=255)
    for stem in ["sunset", "turned", "plain", "iphone", "iso"]:
        (album / f"{stem}.md").write_text(f"---\nalt: {stem}\n---\n")
    (work / "content" / "site.yml").write_text(site_yml)
    return run_build(galleryc, work / "content", work / "public", work).check()


@pytest.fixture(scope="module")
def hdr_site(galleryc, tmp_path_factory) -> Path:
    return build(
        galleryc, tmp_path_factory.mktemp("hdr"), "title: HDR\nprivacy:\n  publish_originals: true\n"
    )


def renditions(output: Path, slug: str, extension: str) -> list[Path]:
    return sorted(
        p for p in (output / "_img").rglob(f"{slug}-*.{extension}") if "original" not in p.name
    )


def ultra_hdr_parts(path: Path, scale: int) -> tuple[dict, Image.Image, dict]:
    """The MPF and XMP facts of a rendition that must be an Ultra HDR JPEG, its gain map (checked
    to be 1/`scale` of the rendition's width and height) and the gain map's own hdrgm values."""
    facts, gain_map = gain_map_of(path)
    assert facts.get("MPF0:NumberOfImages") == 2 and gain_map is not None, (path.name, facts)
    assert str(facts.get("XMP-hdrgm:Version")) == "1.0", (path.name, facts)
    width, height = Image.open(path).size
    assert abs(gain_map.width - width / scale) <= 1 and abs(gain_map.height - height / scale) <= 1, (
        path.name, gain_map.size, (width, height))  # fmt: skip
    second = exiftool("-b", "-MPImage2", str(path))
    gain_xmp = json.loads(
        subprocess.run(["exiftool", "-j", "-XMP-hdrgm:all", "-"], input=second, capture_output=True, check=True).stdout
    )[0]
    return facts, gain_map, gain_xmp


def gain_map_of(path: Path) -> tuple[dict, Image.Image]:
    """The MPF and XMP facts exiftool reads from `path`, and its second image."""
    facts = json.loads(exiftool("-j", "-G1", "-MPF:all", "-XMP-hdrgm:all", str(path)))[0]
    second = exiftool("-b", "-MPImage2", str(path))
    return facts, Image.open(io.BytesIO(second)) if second else None


def test_every_jpeg_rendition_is_ultra_hdr_with_a_gain_map_of_its_size(hdr_site):
    jpegs = renditions(hdr_site, "sunset", "jpg")
    assert len(jpegs) >= 3, jpegs
    _, source_map = gain_map_of(hdr_site.parent / "content" / "hdr" / "sunset.jpg")
    for path in jpegs:
        # The source's gain map is a quarter of the photo: so is each rendition's.
        _, gain_map, gain_xmp = ultra_hdr_parts(path, scale=4)
        assert gain_xmp.get("GainMapMax") == 2.5 and gain_xmp.get("HDRCapacityMax") == 2.5, gain_xmp
        # Its pixels are the source's gain map, resized.
        expected = np.asarray(source_map.convert("L").resize(gain_map.size), dtype=float).ravel()
        actual = np.asarray(gain_map.convert("L"), dtype=float).ravel()
        assert np.corrcoef(expected, actual)[0, 1] > 0.95, path.name
    # WebP renditions stay SDR.
    for path in renditions(hdr_site, "sunset", "webp"):
        assert b"MPF\x00" not in path.read_bytes()
    for path in renditions(hdr_site, "plain", "jpg"):
        assert b"MPF\x00" not in path.read_bytes() and b"hdr-gain-map" not in path.read_bytes()


def test_the_gain_map_turns_with_the_photo(hdr_site):
    # Stored landscape with its bright corner top-left; Orientation 6 turns it a quarter
    # clockwise: portrait, bright corner top-right.
    path = renditions(hdr_site, "turned", "jpg")[-1]
    width, height = Image.open(path).size
    assert height > width
    _, gain_map = gain_map_of(path)
    grey = gain_map.convert("L")
    assert grey.width < grey.height
    top_right = grey.getpixel((grey.width * 7 // 8, grey.height // 16))
    top_left = grey.getpixel((grey.width // 8, grey.height // 16))
    assert top_right > 180 and top_left < 80, (top_left, top_right)


def test_iso_21496_metadata_alone_is_kept_as_it_is(hdr_site):
    # No hdrgm XMP in the source: the gain map is found by its ISO 21496-1 segment, which each
    # rendition's gain map carries unchanged, and the primary keeps its version segment.
    iso = ISO_PREFIX + iso_21496_metadata()
    jpegs = renditions(hdr_site, "iso", "jpg")
    assert len(jpegs) >= 3, jpegs
    for path in jpegs:
        facts, gain_map = gain_map_of(path)
        assert facts.get("MPF0:NumberOfImages") == 2 and gain_map is not None, (path.name, facts)
        data = path.read_bytes()
        second = exiftool("-b", "-MPImage2", str(path))
        assert iso in second and iso not in data[: len(data) - len(second)], path.name
        assert ISO_PREFIX + struct.pack(">HH", 0, 0) in data[: len(data) - len(second)], path.name
    assert '<source media="(dynamic-range: high)"' in (hdr_site / "hdr" / "iso" / "index.html").read_text()


def apple_to_ultra_hdr(value: int, headroom: float) -> float:
    """What an Apple gain map value (Rec. 709 encoded linear light) becomes in an Ultra HDR
    gain map whose GainMapMax and HDRCapacityMax are log2(headroom), offsets 0, gamma 1: the
    same brightness factor, Apple's 1 + (headroom - 1) x g, as a fraction of log2(headroom)."""
    encoded = value / 255
    linear = encoded / 4.5 if encoded < 0.081 else ((encoded + 0.099) / 1.099) ** (1 / 0.45)
    return math.log2(1 + (headroom - 1) * linear) / math.log2(headroom) * 255


def test_an_iphone_heics_gain_map_is_converted_into_every_jpeg_rendition(hdr_site):
    jpegs = renditions(hdr_site, "iphone", "jpg")
    assert len(jpegs) >= 3, jpegs
    for path in jpegs:
        # Apple's gain map is half the photo's width and height: so is each rendition's.
        _, gain_map, gain_xmp = ultra_hdr_parts(path, scale=2)
        width, height = Image.open(path).size
        assert height > width, "shown portrait, as the irot and Orientation say"
        # MakerNote 0x0021 = 1, 0x0030 = 0: 3 stops, 8x.
        assert gain_xmp.get("GainMapMax") == 3 and gain_xmp.get("HDRCapacityMax") == 3, gain_xmp
        assert gain_xmp.get("GainMapMin") == 0 and gain_xmp.get("OffsetSDR") == 0, gain_xmp
        # Stored bright in its top-left quarter (255) and 40 elsewhere; Orientation 6 puts the
        # bright quarter top-right. Each value is Apple's, converted.
        grey = gain_map.convert("L")
        top_right = grey.getpixel((grey.width * 7 // 8, grey.height // 16))
        elsewhere = [grey.getpixel((grey.width // 8, grey.height // 16)), grey.getpixel((grey.width // 2, grey.height * 7 // 8))]
        assert top_right >= 250, top_right
        expected = apple_to_ultra_hdr(40, 8.0)
        assert all(abs(value - expected) <= 4 for value in elsewhere), (elsewhere, expected)
    page = (hdr_site / "hdr" / "iphone" / "index.html").read_text()
    assert '<source media="(dynamic-range: high)" type="image/jpeg"' in page
    # The published original (a JPEG in place of the HEIC) carries it too.
    originals = list((hdr_site / "_img").rglob("iphone-original.jpg"))
    assert len(originals) == 1
    facts, gain_map = gain_map_of(originals[0])
    assert facts.get("MPF0:NumberOfImages") == 2 and gain_map.size == (600, 800), facts


def test_hdr_screens_are_offered_the_gain_map_jpegs_first(hdr_site):
    page = (hdr_site / "hdr" / "sunset" / "index.html").read_text()
    picture = page.split("<picture>")[1].split("</picture>")[0]
    first = picture.split("<source ")[1]
    assert first.startswith('media="(dynamic-range: high)" type="image/jpeg"'), picture
    assert "sunset-" in first and ".jpg" in first
    plain = (hdr_site / "hdr" / "plain" / "index.html").read_text()
    assert "dynamic-range" not in plain


def test_the_published_original_keeps_its_gain_map(hdr_site):
    originals = list((hdr_site / "_img").rglob("sunset-original.jpg"))
    assert len(originals) == 1
    facts, gain_map = gain_map_of(originals[0])
    assert facts.get("MPF0:NumberOfImages") == 2 and gain_map.size == (400, 300), facts


@pytest.mark.full  # a second build; the setting's reading and fingerprint are unit-tested
def test_hdr_off_publishes_sdr_only(galleryc, tmp_path):
    output = build(galleryc, tmp_path, "title: HDR\nimages:\n  hdr: off\n")
    for path in renditions(output, "sunset", "jpg") + renditions(output, "iphone", "jpg"):
        data = path.read_bytes()
        assert b"MPF\x00" not in data and b"hdr-gain-map" not in data, path.name
    assert "dynamic-range" not in (output / "hdr" / "sunset" / "index.html").read_text()
