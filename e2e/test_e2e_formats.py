"""Every file gets a named outcome: published, published with a warning, or skipped with a
warning that names the file and the format. Nothing vanishes, nothing valid is "damaged".

Fixtures are made here: Pillow writes the JPEG, AVIF and JPEG 2000 (JP2 and bare codestream)
files, libjpeg-turbo's cjpeg the arithmetic-coded JPEG, libjxl's cjxl the JPEG XL files
(lossy, and lossless from a JPEG); the lossless JPEG (SOF3, predictor 1) is written byte by
byte, as no tool installed here writes one. The 102 MP photo (a Fujifilm GFX100's
8736 x 11648) is built with `--jobs 2` under the image benchmark's memory bound (400 MB of
peak RSS, Benchmarks/README.md).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import run_build
from PIL import Image

pytestmark = pytest.mark.e2e

MEMORY_BOUND_MB = 400


def photo(width: int = 320, height: int = 240) -> Image.Image:
    y, x = np.mgrid[0:height, 0:width]
    rgb = np.stack([255 * x / width, 255 * y / height, 128 + 0 * x], axis=-1)
    return Image.fromarray(rgb.astype(np.uint8), "RGB")


def lossless_jpeg(width: int = 16, height: int = 16) -> bytes:
    """A valid lossless JPEG (SOF3, predictor 1, 8 bits, one component) of a mid-grey image:
    every difference from the prediction (128 for the first sample) is 0, Huffman code '0'."""

    def segment(marker: int, body: bytes) -> bytes:
        return bytes([0xFF, marker]) + (len(body) + 2).to_bytes(2, "big") + body

    dht = segment(0xC4, bytes([0x00]) + bytes([1] + [0] * 15) + bytes([0]))
    sof3 = segment(0xC3, bytes([8]) + height.to_bytes(2, "big") + width.to_bytes(2, "big") + bytes([1, 1, 0x11, 0]))
    sos = segment(0xDA, bytes([1, 1, 0x00, 1, 0, 0]))  # Ss = predictor 1, Se = 0, Ah/Al = 0
    data = bytes((width * height + 7) // 8)
    return b"\xff\xd8" + dht + sof3 + sos + data + b"\xff\xd9"


def with_extraneous_bytes(jpeg: bytes) -> bytes:
    """The JPEG with three stray bytes between two header segments (as some editors leave
    after an APP segment): libjpeg decodes it all and warns "Corrupt JPEG data: 3 extraneous
    bytes before marker 0xc0"."""
    sof = jpeg.index(b"\xff\xc0")
    return jpeg[:sof] + b"\x12\x34\x56" + jpeg[sof:]


def with_damaged_scan(jpeg: bytes) -> bytes:
    """The JPEG (written with a restart marker after every MCU row) with 40 bytes of its
    entropy-coded data overwritten in the middle of the image: libjpeg loses that stretch,
    resynchronises at the next restart marker and warns "Corrupt JPEG data: ..."."""
    sos = jpeg.index(b"\xff\xda")
    middle = sos + (len(jpeg) - sos) // 2
    damaged = bytearray(jpeg)
    for i in range(middle, middle + 40):
        if damaged[i] != 0xFF and damaged[i - 1] != 0xFF:
            damaged[i] = (damaged[i] * 7 + 13) % 255
    return bytes(damaged)


@pytest.fixture(scope="module")
def formats_site(galleryc: Path, tmp_path_factory):
    work = tmp_path_factory.mktemp("formats")
    album = work / "content" / "formats"
    album.mkdir(parents=True)
    (work / "content" / "site.yml").write_text("title: formats\nimages:\n  widths: [160]\n")
    image = photo()
    image.save(album / "plain.jpg", quality=90)
    (album / "damaged.jpg").write_bytes(with_extraneous_bytes((album / "plain.jpg").read_bytes()))
    image.save(album / "still.avif", quality=80)
    image.save(album / "scan.jp2")
    image.save(album / "codestream.j2k")
    (album / "lossless.jpg").write_bytes(lossless_jpeg())
    ppm = work / "photo.ppm"
    image.save(ppm)
    cjpeg = shutil.which("cjpeg")
    assert cjpeg, "cjpeg is missing: run `make test-deps` (libjpeg-turbo-progs)"
    with open(album / "arithmetic.jpg", "wb") as out:
        subprocess.run([cjpeg, "-arithmetic", "-quality", "90", str(ppm)], stdout=out, check=True)
    restarts = subprocess.run(
        [cjpeg, "-restart", "1", "-quality", "90", str(ppm)], capture_output=True, check=True
    ).stdout
    (album / "damaged-scan.jpg").write_bytes(with_damaged_scan(restarts))
    cjxl = shutil.which("cjxl")
    assert cjxl, "cjxl is missing: run `make test-deps` (libjxl-tools)"
    png = work / "photo.png"
    image.save(png)
    subprocess.run([cjxl, str(png), str(album / "new.jxl"), "-q", "90"], check=True, capture_output=True)
    # Lossless from a JPEG: cjxl's default for JPEG input, the kind of .jxl a photo library keeps.
    subprocess.run([cjxl, str(album / "plain.jpg"), str(album / "recompressed.jxl")], check=True, capture_output=True)
    (album / "multi.jpm").write_bytes(b"\0\0\0\x0cjP  \r\n\x87\n\0\0\0\x14ftypjpm \0\0\0\0jpm ")
    # .jpe and .jfif are JPEG's too (the scanner and the sniffer read one list of extensions).
    image.save(album / "camera.jpe", quality=90)
    image.save(album / "scanned.jfif", quality=90)
    result = run_build(galleryc, work / "content", work / "public", work)
    return result


def warnings_for(result, name: str) -> list[str]:
    return [line for line in result.stderr.splitlines() if f"formats/{name}:" in line]


def test_the_site_builds(formats_site):
    formats_site.check()


def test_a_jpeg_with_corrupt_data_is_published_with_libjpegs_words(formats_site):
    output = formats_site.check()
    lines = warnings_for(formats_site, "damaged.jpg")
    assert any(
        "warning: the JPEG data is damaged; it was published as libjpeg decoded it: "
        "Corrupt JPEG data: 3 extraneous bytes before marker 0xc0" in line
        for line in lines
    ), formats_site.stderr
    assert list(output.glob("_img/*/damaged-160.jpg")), "the damaged JPEG was not published"


def test_a_jpeg_damaged_mid_scan_is_published_with_a_warning(formats_site):
    output = formats_site.check()
    lines = warnings_for(formats_site, "damaged-scan.jpg")
    assert any(
        "warning: the JPEG data is damaged; it was published as libjpeg decoded it: Corrupt JPEG data" in line
        for line in lines
    ), formats_site.stderr
    assert list(output.glob("_img/*/damaged-scan-160.jpg")), "the damaged JPEG was not published"


def test_avif_is_published(formats_site):
    output = formats_site.check()
    renditions = list(output.glob("_img/*/still-160.*"))
    assert {r.suffix for r in renditions} == {".jpg", ".webp"}, renditions
    with Image.open(next(r for r in renditions if r.suffix == ".jpg")) as rendition:
        assert rendition.size == (160, 120)
        # The gradient survived: left is dark in red, right is bright.
        assert rendition.getpixel((150, 60))[0] - rendition.getpixel((5, 60))[0] > 150


def test_arithmetic_coded_jpeg_is_published(formats_site):
    output = formats_site.check()
    assert list(output.glob("_img/*/arithmetic-160.jpg")), formats_site.stderr
    assert not warnings_for(formats_site, "arithmetic.jpg") or all(
        "alt text" in line for line in warnings_for(formats_site, "arithmetic.jpg")
    )


def test_lossless_jpeg_is_an_unsupported_format_warning(formats_site):
    lines = warnings_for(formats_site, "lossless.jpg")
    assert any(
        "warning: unsupported image format: JPEG: lossless JPEG is not read (libjpeg: Unsupported JPEG process: SOF type 0xc3)"
        in line
        for line in lines
    ), formats_site.stderr
    assert not any("damaged" in line for line in lines)


def test_multi_layer_jpeg_2000_is_warned_about_by_name(formats_site):
    """JPEG 2000 Part 6 (JPM): OpenJPEG reads Parts 1 and 2 only, so it is skipped, saying why."""
    lines = warnings_for(formats_site, "multi.jpm")
    assert any(
        "warning: unsupported image format JPM (JPEG 2000 Part 6, a compound document image, "
        "which OpenJPEG does not read); skipped" in line
        for line in lines
    ), formats_site.stderr


@pytest.mark.parametrize("name", ["camera.jpe", "scanned.jfif"])
def test_every_jpeg_extension_is_published(formats_site, name):
    output = formats_site.check()
    stem = name.split(".")[0]
    assert list(output.glob(f"_img/*/{stem}-160.jpg")), (name, formats_site.stderr)
    assert (output / "formats" / stem / "index.html").is_file(), formats_site.stderr


@pytest.mark.parametrize("stem", ["new", "recompressed"])
def test_jpeg_xl_is_published(formats_site, stem):
    output = formats_site.check()
    renditions = list(output.glob(f"_img/*/{stem}-160.*"))
    assert {r.suffix for r in renditions} == {".jpg", ".webp"}, (renditions, formats_site.stderr)
    with Image.open(next(r for r in renditions if r.suffix == ".jpg")) as rendition:
        assert rendition.size == (160, 120)
        assert rendition.getpixel((150, 60))[0] - rendition.getpixel((5, 60))[0] > 150


@pytest.mark.parametrize("name", ["scan.jp2", "codestream.j2k"])
def test_jpeg_2000_is_published(formats_site, name):
    output = formats_site.check()
    stem = name.split(".")[0]
    renditions = list(output.glob(f"_img/*/{stem}-160.*"))
    assert {r.suffix for r in renditions} == {".jpg", ".webp"}, (renditions, formats_site.stderr)
    with Image.open(next(r for r in renditions if r.suffix == ".jpg")) as rendition:
        assert rendition.size == (160, 120)
        assert rendition.getpixel((150, 60))[0] - rendition.getpixel((5, 60))[0] > 150


# In test-full: 23 s of make test's 15 minutes; the 100 MP limit and the scaled decode are
# unit-tested (the megapixel limit in the format tests, the decode scale in RenditionPlanTests);
# Benchmarks/ measure the memory.
@pytest.mark.full
def test_a_102_megapixel_jpeg_builds_within_the_memory_bound(galleryc: Path, tmp_path: Path):
    """8736 x 11648, as a GFX100 shoots: refused before (100 MP limit). It decodes at 4/8 for
    the 2400 px rendition (25 MP), well under the benchmark's 400 MB at --jobs 2."""
    album = tmp_path / "content" / "big"
    album.mkdir(parents=True)
    width, height = 8736, 11648
    rng = np.random.default_rng(5)
    rows = []
    for top in range(0, height, 1456):
        y, x = np.mgrid[top : top + 1456, 0:width]
        band = np.stack([x * 255 // width, y * 255 // height, (x + y) % 256], axis=-1).astype(np.int16)
        band += rng.integers(-6, 7, band.shape, dtype=np.int16)
        rows.append(np.clip(band, 0, 255).astype(np.uint8))
    big = Image.fromarray(np.concatenate(rows), "RGB")
    del rows
    big.save(album / "gfx100.jpg", quality=90)
    del big
    # Peak RSS of galleryc alone, measured in a fresh interpreter whose only child it is.
    probe = (
        "import resource, subprocess, sys\n"
        "code = subprocess.run(sys.argv[1:]).returncode\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)\n"
        "sys.exit(code)\n"
    )
    proc = subprocess.run(
        [
            sys.executable, "-c", probe, str(galleryc), "build", str(tmp_path / "content"),
            "--output", str(tmp_path / "public"), "--jobs", "2", "--cache-dir", str(tmp_path / "cache"),
        ],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    peak_mb = int(proc.stdout.strip().splitlines()[-1])
    print(f"102 MP JPEG: peak RSS {peak_mb} MB")
    assert peak_mb < MEMORY_BOUND_MB, f"peak RSS {peak_mb} MB"
    largest = max((tmp_path / "public").glob("_img/*/gfx100-*.jpg"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    with Image.open(largest) as rendition:
        assert rendition.size == (2400, round(2400 * height / width))
