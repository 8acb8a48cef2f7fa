"""Camera RAW files are photos: developed by LibRaw as rawpy (LibRaw's Python binding) develops
them, or shown through the camera's embedded preview when it is large enough; upright by the
orientation the camera recorded; camera, lens, exposure and date in the renditions' EXIF, GPS
never; a RAW+JPEG pair is one photo; a damaged or unknown RAW is an error naming the file.

The DNG fixtures are written by e2e/raw_fixtures.py from a known picture.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
import raw_fixtures
from conftest import run_build
from PIL import Image

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 600, 400
SITE = 'title: RAW\nbase_url: ""\nimages:\n  widths: [600]\n'


def site(tmp_path: Path, files: dict[str, bytes], config: str = "") -> Path:
    content = tmp_path / "content"
    (content / "shots").mkdir(parents=True)
    (content / "site.yml").write_text(SITE + config)
    for name, data in files.items():
        (content / "shots" / name).write_bytes(data)
        (content / "shots" / (Path(name).stem + ".md")).write_text("---\nalt: A test picture.\n---\n")
    return content


def largest(public: Path, slug: str) -> np.ndarray:
    """The photo's largest JPEG rendition as RGB values."""
    found = [p for p in public.glob(f"_img/*/{slug}-*.jpg") if re.fullmatch(rf"{slug}-\d+\.jpg", p.name)]
    assert found, f"no JPEG rendition of {slug} in {sorted(p.name for p in public.glob('_img/*/*'))}"
    best = max(found, key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return np.asarray(Image.open(best).convert("RGB"), dtype=np.float64)


def rawpy_rendering(path: Path) -> np.ndarray:
    import rawpy

    with rawpy.imread(str(path)) as raw:
        return raw.postprocess(use_camera_wb=True, output_bps=8).astype(np.float64)


def correlation(a: np.ndarray, b: np.ndarray) -> float:
    assert a.shape == b.shape, (a.shape, b.shape)
    return float(np.corrcoef(a.ravel(), b.ravel())[0, 1])


def test_a_raw_is_developed_as_libraw_develops_it(galleryc, tmp_path):
    dng = raw_fixtures.dng(raw_fixtures.scene(WIDTH, HEIGHT))
    content = site(tmp_path, {"frame.dng": dng}, "  raw: develop\n")
    public = run_build(galleryc, content, tmp_path / "public", tmp_path).check()
    ours = largest(public, "frame")
    reference = rawpy_rendering(content / "shots" / "frame.dng")
    assert ours.shape == (HEIGHT, WIDTH, 3)
    assert correlation(ours, reference) > 0.99
    assert np.abs(ours - reference).mean() < 6, "further from LibRaw's rendering than JPEG's loss"
    # The red block of the scene is red, the ramp's far corner is not.
    assert ours[HEIGHT // 4, WIDTH // 5, 0] > 200 and ours[HEIGHT // 4, WIDTH // 5, 1] < 60


def test_the_embedded_preview_is_used_when_it_is_large_enough(galleryc, tmp_path):
    picture = raw_fixtures.scene(WIDTH, HEIGHT)
    green = Image.new("RGB", (WIDTH, HEIGHT), (30, 190, 60))
    small = Image.new("RGB", (160, 106), (30, 190, 60))
    content = site(
        tmp_path,
        {"large.dng": raw_fixtures.dng(picture, preview=green), "small.dng": raw_fixtures.dng(picture, preview=small)},
    )
    public = run_build(galleryc, content, tmp_path / "public", tmp_path).check()
    large = largest(public, "large")
    assert large.shape == (HEIGHT, WIDTH, 3)
    assert np.abs(large - [30, 190, 60]).max() < 12, "the camera's preview was not the picture shown"
    # A preview smaller than the largest rendition: the RAW is developed instead.
    developed = largest(public, "small")
    assert developed.shape == (HEIGHT, WIDTH, 3)
    assert correlation(developed, rawpy_rendering(content / "shots" / "small.dng")) > 0.99

    # `images.raw: develop` develops even with a large preview.
    again = site(tmp_path / "develop", {"large.dng": raw_fixtures.dng(picture, preview=green)}, "  raw: develop\n")
    public = run_build(galleryc, again, tmp_path / "develop" / "public", tmp_path).check()
    assert correlation(largest(public, "large"), rawpy_rendering(again / "shots" / "large.dng")) > 0.99


@pytest.mark.parametrize("orientation", [6, 8])
def test_a_turned_raw_is_upright_in_both_ways(galleryc, tmp_path, orientation):
    picture = raw_fixtures.scene(WIDTH, HEIGHT)
    preview = raw_fixtures.as_image(picture)
    content = site(
        tmp_path,
        {
            "developed.dng": raw_fixtures.dng(picture, orientation=orientation),
            "previewed.dng": raw_fixtures.dng(picture, orientation=orientation, preview=preview),
        },
    )
    public = run_build(galleryc, content, tmp_path / "public", tmp_path).check()
    reference = rawpy_rendering(content / "shots" / "developed.dng")
    assert reference.shape == (WIDTH, HEIGHT, 3), "rawpy did not turn it: the fixture is wrong"
    developed = largest(public, "developed")
    assert correlation(developed, reference) > 0.99
    # The preview is the same scene: turned the same way, its white square lands where LibRaw's is.
    previewed = largest(public, "previewed")
    assert previewed.shape == (WIDTH, HEIGHT, 3)
    white = lambda image: np.argwhere(image.min(axis=2) > 220).mean(axis=0)  # noqa: E731
    assert np.abs(white(previewed) - white(reference)).max() < 4, (white(previewed), white(reference))


def exif(path: Path) -> dict:
    out = subprocess.run(["exiftool", "-json", "-a", "-G1", str(path)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)[0]


def test_camera_lens_exposure_and_date_are_kept_and_gps_never(galleryc, tmp_path):
    """Also with the originals published: a RAW's is a full-size JPEG, never the RAW file."""
    content = site(
        tmp_path,
        {"street.dng": raw_fixtures.dng(raw_fixtures.scene(WIDTH, HEIGHT))},
        "privacy:\n  publish_originals: true\n",
    )
    raw = content / "shots" / "street.dng"
    subprocess.run(
        ["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:06 07:08:09", "-ISO=400",
         "-FNumber=2.8", "-ExposureTime=0.004", "-FocalLength=35", "-LensModel=Test 35mm F1.4",
         "-GPSLatitude=51.5072", "-GPSLatitudeRef=N", "-GPSLongitude=0.1276", "-GPSLongitudeRef=W", str(raw)],
        check=True,
    )
    assert "GPS:GPSLatitude" in exif(raw), "the fixture has no GPS to leak"
    public = run_build(galleryc, content, tmp_path / "public", tmp_path).check()
    published = [p for p in public.rglob("*") if p.is_file() and p.suffix in (".jpg", ".webp", ".avif")]
    assert published
    assert not list(public.rglob("*.dng")), "the RAW file itself was published"
    original = [p for p in published if p.name == "street-original.jpg"]
    assert original and Image.open(original[0]).size == (WIDTH, HEIGHT), sorted(p.name for p in published)
    for path in published:
        tags = exif(path)
        assert not [key for key in tags if key.startswith("GPS:") or "GPS" in key.split(":")[-1]], path
    jpeg = next(p for p in published if p.name.startswith("street-") and p.suffix == ".jpg")
    tags = exif(jpeg)
    assert tags.get("IFD0:Make") == "galleryc" and tags.get("IFD0:Model") == "Test Sensor", tags
    assert tags.get("ExifIFD:DateTimeOriginal") == "2024:05:06 07:08:09", tags
    assert tags.get("ExifIFD:ISO") == 400 and tags.get("ExifIFD:FNumber") == 2.8, tags
    assert tags.get("ExifIFD:LensModel") == "Test 35mm F1.4", tags
    page = (public / "shots" / "street" / "index.html").read_text()
    assert "Test 35mm F1.4" in page and "f/2.8" in page, "the EXIF panel does not show the RAW's values"
    for html in public.rglob("*.html"):
        assert "51.507" not in html.read_text() and "0.1276" not in html.read_text(), html


def test_the_raws_own_xmp_gives_title_and_keywords(galleryc, tmp_path):
    """Lightroom writes a DNG's title and keywords into its XMP (tag 700): they are the photo's,
    as a JPEG's would be."""
    content = site(tmp_path, {"harbour.dng": raw_fixtures.dng(raw_fixtures.scene(WIDTH, HEIGHT))})
    (content / "shots" / "harbour.md").unlink()
    subprocess.run(
        ["exiftool", "-q", "-overwrite_original", "-XMP-dc:Title=Harbour at dawn", "-XMP-dc:Subject=boats",
         "-XMP-dc:Subject=harbour", "-XMP-dc:Description=Boats at rest.", str(content / "shots" / "harbour.dng")],
        check=True,
    )
    public = run_build(galleryc, content, tmp_path / "public", tmp_path).check()
    page = (public / "shots" / "harbour" / "index.html").read_text()
    assert "Harbour at dawn" in page
    assert (public / "tags" / "boats" / "index.html").is_file(), sorted(p.name for p in (public / "tags").iterdir())


def jpeg_of(picture: Image.Image) -> bytes:
    import io

    buffer = io.BytesIO()
    picture.save(buffer, "JPEG", quality=95)
    return buffer.getvalue()


@pytest.mark.parametrize("prefer", ["jpeg", "raw"])
def test_a_raw_and_jpeg_pair_is_one_photo(galleryc, tmp_path, prefer):
    picture = raw_fixtures.scene(WIDTH, HEIGHT)
    blue = Image.new("RGB", (WIDTH, HEIGHT), (40, 60, 200))
    config = "" if prefer == "jpeg" else "  raw_pairs: raw\n"
    content = site(tmp_path, {"IMG_0001.DNG": raw_fixtures.dng(picture), "IMG_0001.JPG": jpeg_of(blue)}, config)
    result = run_build(galleryc, content, tmp_path / "public", tmp_path, "--verbose")
    public = result.check()
    pages = sorted(p.parent.name for p in (public / "shots").glob("*/index.html"))
    assert pages == ["img-0001"], pages
    assert "1 RAW+JPEG pair" in result.stderr, result.stderr
    shown = largest(public, "img-0001")
    if prefer == "jpeg":
        assert np.abs(shown - [40, 60, 200]).max() < 12, "the pair did not show its JPEG"
    else:
        assert correlation(shown, rawpy_rendering(content / "shots" / "IMG_0001.DNG")) > 0.99


def test_a_damaged_or_unknown_raw_is_an_error_naming_the_file(galleryc, tmp_path):
    whole = raw_fixtures.dng(raw_fixtures.scene(WIDTH, HEIGHT))
    content = site(tmp_path, {"cut.dng": whole[: len(whole) // 3], "fine.dng": whole})
    # A camera LibRaw does not know: a TIFF from a "Canon EOS R99" with no sensor data it reads.
    Image.new("RGB", (64, 48), (10, 20, 30)).save(
        content / "shots" / "unknown.cr2", format="TIFF", tiffinfo={271: "Canon", 272: "Canon EOS R99"}
    )
    result = run_build(galleryc, content, tmp_path / "public", tmp_path)
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if ": error:" in line]
    cut = [line for line in errors if "shots/cut.dng" in line]
    assert cut and "LibRaw" in cut[0] and "cut short" in cut[0], result.stderr
    unknown = [line for line in errors if "shots/unknown.cr2" in line]
    assert unknown and "Canon EOS R99" in unknown[0], result.stderr
    assert not [line for line in errors if "fine.dng" in line], result.stderr
    assert "Unexpected end of file" not in result.stderr, "LibRaw printed on its own"
    # --keep-going publishes the good one (and still says the build was not whole).
    kept = run_build(galleryc, content, tmp_path / "kept", tmp_path, "--keep-going")
    assert (tmp_path / "kept" / "shots" / "fine" / "index.html").is_file(), kept.stderr
    assert not (tmp_path / "kept" / "shots" / "cut").exists()


def test_raw_off_skips_raw_files_with_a_note(galleryc, tmp_path):
    content = site(
        tmp_path,
        {"frame.dng": raw_fixtures.dng(raw_fixtures.scene(WIDTH, HEIGHT)), "plain.jpg": jpeg_of(Image.new("RGB", (64, 48)))},
        "  raw: off\n",
    )
    result = run_build(galleryc, content, tmp_path / "public", tmp_path, "--verbose")
    public = result.check()
    assert "images.raw: off" in result.stderr, result.stderr
    assert sorted(p.parent.name for p in (public / "shots").glob("*/index.html")) == ["plain"]
