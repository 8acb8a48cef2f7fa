"""Wide-gamut photos look the same on the site as the original.

A real sRGB photo from the corpus is converted into Adobe RGB (1998) and ProPhoto RGB with the
profile embedded (JPEG APP2, PNG iCCP), as a camera or an editor would save it, and built
together with the sRGB original. Every JPEG and WebP rendition of a wide-gamut copy, converted
to sRGB with the profile embedded in that rendition, must match the rendition of the sRGB
original of the same format and size (the source resized the same way, so only colour handling
can differ). The same rendition read as if it had no profile must NOT match: that is what a
browser would show if the profile were lost, and it is what makes this test able to fail.

Needs Debian's colord-data (``/usr/share/color/icc/colord/*.icc``; ``make test-deps``).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import CORPUS, run_build
from PIL import Image, ImageChops, ImageCms, ImageStat

pytestmark = pytest.mark.e2e

PROFILES = Path("/usr/share/color/icc/colord")
SOURCE = CORPUS / "exif-orientation" / "Landscape_1.jpg"  # sRGB, 1800 x 1200, upright
WIDTH = 480
# Compared after both images are box-averaged down to COMPARE_WIDTH pixels wide, so JPEG/WebP
# noise averages out while a colour shift does not. Measured on this photo: read with their
# profiles the renditions differ from the sRGB original's by 0.65-0.9 (Adobe RGB) and
# 0.9-1.45 (ProPhoto RGB, coarser in 8 bits); read without them,
# Adobe RGB differs by about 4 and ProPhoto RGB by about 11.5.
COMPARE_WIDTH = 48
MATCH = 2.0
MISMATCH = 3.0
INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
SRGB = ImageCms.createProfile("sRGB")
ORIGINAL = "srgb-original"  # the untouched photo, built beside the wide-gamut copies

# (file name, profile file, format) of the photos put into the content folder.
PHOTOS = [
    ("adobe-rgb.jpg", "AdobeRGB1998.icc", "JPEG"),
    ("prophoto-rgb.jpg", "ProPhotoRGB.icc", "JPEG"),
    ("prophoto-png.png", "ProPhotoRGB.icc", "PNG"),
]


def _profile(name: str) -> ImageCms.ImageCmsProfile:
    path = PROFILES / name
    if not path.is_file():
        pytest.skip(f"{path} is missing: install Debian's colord-data (make test-deps)")
    return ImageCms.getOpenProfile(str(path))


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference, 0-255 per channel, of two images box-averaged to a few
    dozen pixels wide."""
    size = (COMPARE_WIDTH, round(COMPARE_WIDTH * a.height / a.width))
    small_a = a.convert("RGB").resize(size, Image.Resampling.BOX)
    small_b = b.convert("RGB").resize(size, Image.Resampling.BOX)
    return sum(ImageStat.Stat(ImageChops.difference(small_a, small_b)).mean) / 3


def _to_srgb(rendition: Image.Image) -> Image.Image:
    """The rendition's pixels converted from its embedded profile to sRGB."""
    icc = rendition.info.get("icc_profile")
    assert icc, f"{rendition.filename}: no embedded ICC profile"
    embedded = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    return ImageCms.profileToProfile(
        rendition.convert("RGB"), embedded, SRGB, renderingIntent=INTENT, outputMode="RGB"
    )


@pytest.fixture(scope="module")
def original() -> Image.Image:
    assert SOURCE.is_file(), f"corpus photo {SOURCE} not found"
    with Image.open(SOURCE) as image:
        return image.convert("RGB")


@pytest.fixture(scope="module")
def wide_gamut_site(galleryc: Path, tmp_path_factory, original: Image.Image) -> Path:
    """A content folder with the photo in each wide-gamut encoding, built once for the module
    (the tests only read it); returns the output."""
    work = tmp_path_factory.mktemp("colour")
    content = work / "content"
    album = content / "colour"
    album.mkdir(parents=True)
    (content / "site.yml").write_text(
        f"title: Colour\nimages:\n  widths: [{WIDTH}]\n  formats: [webp, jpeg]\n"
    )
    for name, profile_name, image_format in PHOTOS:
        profile = _profile(profile_name)
        wide = ImageCms.profileToProfile(
            original, SRGB, profile, renderingIntent=INTENT, outputMode="RGB"
        )
        icc = profile.tobytes()
        options = {"quality": 95} if image_format == "JPEG" else {}
        wide.save(album / name, image_format, icc_profile=icc, **options)
        (album / f"{Path(name).stem}.md").write_text(f"---\nalt: {name}\n---\n")
    original.save(album / f"{ORIGINAL}.jpg", "JPEG", quality=95)
    (album / f"{ORIGINAL}.md").write_text("---\nalt: the sRGB original\n---\n")
    return run_build(galleryc, content, work / "public", work).check()


def _renditions(output: Path, stem: str) -> list[Path]:
    found = sorted(output.glob(f"_img/*/{stem}-{WIDTH}.jpg")) + sorted(
        output.glob(f"_img/*/{stem}-{WIDTH}.webp")
    )
    assert [p.suffix for p in found] == [".jpg", ".webp"], (
        f"expected one JPEG and one WebP rendition {WIDTH} px wide for {stem}, found {found}"
    )
    return found


@pytest.mark.parametrize("name", [photo[0] for photo in PHOTOS])
def test_renditions_read_with_their_profile_match_the_srgb_original(
    name: str, wide_gamut_site: Path
) -> None:
    references = _renditions(wide_gamut_site, ORIGINAL)
    for path, reference_path in zip(_renditions(wide_gamut_site, Path(name).stem), references):
        with Image.open(path) as rendition, Image.open(reference_path) as reference:
            rendition.load()
            assert rendition.size == reference.size and rendition.width == WIDTH
            matched = _mean_difference(_to_srgb(rendition), reference)
            stripped = _mean_difference(rendition, reference)
        assert matched < MATCH, (
            f"{path.name}: read with its embedded profile it differs from the sRGB original by "
            f"{matched:.2f} (limit {MATCH}): colours changed on the way"
        )
        assert stripped > MISMATCH, (
            f"{path.name}: read without a profile it differs by only {stripped:.2f}: the test "
            f"photo is not wide-gamut enough to tell a lost profile (needs > {MISMATCH})"
        )
