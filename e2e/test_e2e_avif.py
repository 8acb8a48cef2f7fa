"""AVIF out, opt-in: `images.formats: [avif, webp, jpeg]`.

A photo with camera EXIF, an artist and a GPS position, in Adobe RGB, is built with AVIF on.
Its AVIF renditions are read back with Pillow: the right size, the Adobe RGB profile
carried, the allow-listed EXIF (camera, artist) in, the GPS IFD out (exiftool says so too);
headless Chromium picks the AVIF from the `<picture>`, and the pages pass the Nu HTML
Checker. A site without `avif` makes no AVIF at all.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_build
from PIL import Image, ImageCms

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

ADOBE = Path("/usr/share/color/icc/colord/AdobeRGB1998.icc")


def _photo(path: Path) -> None:
    if not ADOBE.is_file():
        pytest.fail(f"{ADOBE} is missing: run `make test-deps` (colord-data)")
    image = Image.new("RGB", (1200, 800))
    for x in range(0, 1200, 40):
        image.paste((x * 255 // 1200, 120, 255 - x * 255 // 1200), (x, 0, x + 40, 800))
    image.save(path, quality=92, icc_profile=ImageCms.getOpenProfile(str(ADOBE)).tobytes())
    exiftool = shutil.which("exiftool")
    assert exiftool, "exiftool is missing: run `make test-deps`"
    subprocess.run(
        [
            exiftool, "-q", "-overwrite_original", "-Make=Fujifilm", "-Model=GFX100", "-Artist=Ann Example",
            "-GPSLatitude=48.8582", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
            str(path),
        ],
        check=True,
    )


@pytest.fixture(scope="module")
def avif_site(galleryc: Path, tmp_path_factory) -> tuple[Path, Path]:
    work = tmp_path_factory.mktemp("avif")
    for name, formats in (("with", "[avif, webp, jpeg]"), ("without", "[webp, jpeg]")):
        album = work / name / "trip"
        album.mkdir(parents=True)
        (work / name / "site.yml").write_text(f"title: avif\nimages:\n  widths: [480, 960]\n  formats: {formats}\n")
        _photo(album / "tower.jpg")
        (album / "tower.md").write_text("---\nalt: a tower\n---\n")
    with_avif = run_build(galleryc, work / "with", work / "public-with", work).check()
    without = run_build(galleryc, work / "without", work / "public-without", work).check()
    return with_avif, without


def test_avif_renditions_carry_the_profile_and_the_allowed_exif_only(avif_site):
    output, _ = avif_site
    renditions = sorted(output.glob("_img/*/tower-*.avif"))
    # 480 and 960 from site.yml, 320 and 640 the tile renditions every photo gets.
    assert [r.name for r in renditions] == ["tower-320.avif", "tower-480.avif", "tower-640.avif", "tower-960.avif"]
    for path in renditions:
        with Image.open(path) as image:
            width = int(path.stem.rsplit("-", 1)[1])
            assert image.size == (width, round(width * 2 / 3))
            icc = image.info.get("icc_profile")
            assert icc and "Adobe" in ImageCms.ImageCmsProfile(io.BytesIO(icc)).profile.profile_description
            exif = image.getexif()
            assert exif.get(0x010F) == "Fujifilm" and exif.get(0x013B) == "Ann Example"
            assert 0x8825 not in exif, "a GPS IFD pointer in an AVIF rendition"
        tags = subprocess.run(
            ["exiftool", "-a", "-G1", "-s", "-GPS:all", str(path)], capture_output=True, text=True, check=True
        ).stdout
        assert tags.strip() == "", f"{path.name}: {tags}"


def test_chromium_takes_the_avif(avif_site, serve, browser):
    output, _ = avif_site
    browser.get(serve(output) + "trip/tower/")
    # The photo itself (the first paint under it is a plain WebP <img>: see ImageContext.preview).
    chosen = browser.execute_script("return document.querySelector('[data-viewer-image]').currentSrc")
    assert chosen.endswith(".avif"), chosen


def test_the_pages_are_valid_html(avif_site, nu_check):
    output, _ = avif_site
    errors = nu_check(output)
    assert errors == [], "\n".join(map(str, errors))


def test_without_avif_in_formats_no_avif_is_made(avif_site):
    _, without = avif_site
    assert not list(without.glob("_img/**/*.avif"))
    assert "image/avif" not in (without / "trip" / "tower" / "index.html").read_text()
