"""Every kind of source keeps its colours: CMYK, YCCK, grey, 16-bit and Display P3.

Each photo is saved as an editor would save it (the CMYK ones converted from an sRGB photo
with a real press profile, embedded or not; grey ones with a grey profile whose curve is not
sRGB's), and built together with its reference: the source read with its own profile by
lcms2 (Pillow's ImageCms) and saved as a plain sRGB PNG; a CMYK file without a profile is
read as FOGRA39, the press profile galleryc assumes (its file is in the repository). Every
JPEG and WebP rendition, read with its own embedded profile, is compared with the same
rendition of the reference: both were resized and compressed the same way, so only colour
handling can differ. Tolerance (the issue's): mean error at most 2/255, 99th percentile at
most 6/255 per channel, per pixel.

Sources: a synthetic photo (gradients, saturated patches, texture) always, and the corpus
photo Landscape_1.jpg when the corpus is there (skipped with a message otherwise).

Needs Debian's libgs-common (ghostscript's SWOP CMYK profile), icc-profiles-free (grey
profiles) and colord-data (ProPhoto): all in the Makefile's TEST_PACKAGES.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

import numpy as np
import pytest
from conftest import CORPUS, REPO_ROOT, run_build
from PIL import Image, ImageCms

pytestmark = pytest.mark.e2e

SWOP = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
GREY_LSTAR = Path("/usr/share/color/icc/Gray-CIE_L.icc")
PROPHOTO = Path("/usr/share/color/icc/colord/ProPhotoRGB.icc")
PRESS = REPO_ROOT / "Sources" / "CColourProfiles" / "press-cmyk.icc"
CORPUS_PHOTO = CORPUS / "exif-orientation" / "Landscape_1.jpg"
SRGB = ImageCms.createProfile("sRGB")
INTENT = ImageCms.Intent.PERCEPTUAL
WIDTH = 480
MEAN_LIMIT = 2.0
BOX = 16
P99_LIMIT = 6.0

# name -> how the file is made from the sRGB photo
KINDS = [
    "cmyk-profile.jpg",
    "cmyk-none.jpg",
    "ycck-profile.jpg",
    "grey-profile.jpg",
    "grey-profile.png",
    "grey16-profile.png",
    "rgb16-prophoto.png",
    "display-p3.jpg",
]


def _need(path: Path) -> Path:
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `make test-deps`")
    return path


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def display_p3_profile() -> bytes:
    """A Display P3 profile (ICC v2, matrix/TRC): P3 primaries, D65 white adapted to D50
    (Bradford), the sRGB curve, as Apple's "Display P3" has."""

    def tag_xyz(xyz):
        return b"XYZ \0\0\0\0" + b"".join(_s15(v) for v in xyz)

    # Rows: red, green, blue colorants (D50-adapted), from Apple's Display P3 profile.
    colorants = [
        (0.515102, 0.241182, -0.001049),
        (0.291965, 0.692236, 0.041885),
        (0.157153, 0.066582, 0.784378),
    ]
    # sRGB's curve as a parametric curve would be v4; v2 needs a sampled 'curv'.
    samples = []
    for i in range(1024):
        v = i / 1023
        lin = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        samples.append(round(lin * 65535))
    curve = b"curv\0\0\0\0" + struct.pack(">I", len(samples)) + struct.pack(f">{len(samples)}H", *samples)
    text = b"Display P3 (galleryc test)"
    desc = (
        b"desc\0\0\0\0" + struct.pack(">I", len(text) + 1) + text + b"\0" + b"\0" * 8 + b"\0" * 3 + b"\0" * 67
    )
    tags = [
        (b"desc", desc),
        (b"wtpt", tag_xyz((0.9642, 1.0, 0.8249))),
        (b"rXYZ", tag_xyz(colorants[0])),
        (b"gXYZ", tag_xyz(colorants[1])),
        (b"bXYZ", tag_xyz(colorants[2])),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
        (b"cprt", b"text\0\0\0\0public domain\0"),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table = struct.pack(">I", len(tags))
    body = b""
    for signature, data in tags:
        while (offset + len(body)) % 4:
            body += b"\0"
        table += signature + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = (
        struct.pack(">I", size)
        + b"lcms"
        + struct.pack(">I", 0x02100000)
        + b"mntrRGB XYZ "
        + struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
        + b"acsp"
        + b"APPL"
        + b"\0" * 8  # flags, manufacturer
        + b"\0" * 4  # model
        + b"\0" * 8  # attributes
        + struct.pack(">I", 0)  # perceptual
        + _s15(0.9642)
        + _s15(1.0)
        + _s15(0.8249)
        + b"\0" * 4
        + b"\0" * 16
        + b"\0" * 28
    )
    assert len(header) == 128, len(header)
    return header + table + body


def synthetic_photo() -> Image.Image:
    """A 720 x 480 photo-like sRGB image: smooth gradients, saturated patches, fine texture.

    The colours stay inside the sRGB cube's faces (16-239, patches at most 235): at sRGB's
    pure blue (0, 0, 255), stored as 8-bit ProPhoto and compressed as Display P3, JPEG's error
    comes back as up to 12/255 of red after conversion (99th percentile 8 over the image),
    where the sRGB reference's own error is clipped at 0."""
    height, width = 480, 720
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    red = 16 + 223 * x / width
    green = 16 + 223 * y / height
    blue = 128 + 100 * np.sin(x / 37) * np.cos(y / 23)
    rgb = np.stack([red, green, blue], axis=-1)
    patches = [(225, 30, 30), (30, 190, 40), (30, 40, 225), (30, 225, 225), (225, 30, 225), (235, 215, 20)]
    for i, colour in enumerate(patches):
        x0 = 40 + i * 110
        rgb[330:430, x0 : x0 + 90] = colour
    rng = np.random.default_rng(7)
    rgb += rng.normal(0, 4, rgb.shape)
    return Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8), "RGB")


def make_fixture(kind: str, photo: Image.Image, folder: Path) -> tuple[Path, ImageCms.ImageCmsProfile | None]:
    """Writes `kind` made from the sRGB `photo`; returns its path and the profile to read it
    with when the file embeds none (the press profile for CMYK)."""
    path = folder / kind
    if kind.startswith(("cmyk", "ycck")):
        swop = ImageCms.getOpenProfile(str(_need(SWOP)))
        cmyk = ImageCms.profileToProfile(photo, SRGB, swop, renderingIntent=INTENT, outputMode="CMYK")
        if kind == "cmyk-none.jpg":
            cmyk.save(path, quality=95)  # Pillow writes Adobe (inverted) CMYK, as Photoshop does
            return path, ImageCms.getOpenProfile(str(PRESS))
        cmyk.save(path, quality=95, icc_profile=swop.tobytes())
        if kind == "ycck-profile.jpg":
            import subprocess

            cmyk_path = folder / "cmyk-for-ycck.jpg"
            path.rename(cmyk_path)
            # ImageMagick: J_COLOR_SPACE 5 is JCS_YCCK; the profile is kept.
            subprocess.run(
                ["convert", str(cmyk_path), "-define", "jpeg:colorspace=5", "-quality", "95", str(path)],
                check=True,
            )
            cmyk_path.unlink()
        return path, None
    if kind.startswith("grey"):
        grey_profile = ImageCms.getOpenProfile(str(_need(GREY_LSTAR)))
        grey = ImageCms.profileToProfile(photo, SRGB, grey_profile, renderingIntent=INTENT, outputMode="L")
        if kind == "grey16-profile.png":
            # 16 bits: the L* curve's values spread over 0-65535 with fine steps.
            lstar16 = (np.asarray(grey, dtype=np.uint16) * 257).astype(np.uint16)
            lstar16 = lstar16 + np.random.default_rng(3).integers(0, 200, lstar16.shape, dtype=np.uint16)
            image = Image.fromarray(lstar16.astype(np.uint16))
            image.save(path, icc_profile=grey_profile.tobytes())
        else:
            grey.save(path, quality=95, icc_profile=grey_profile.tobytes())
        return path, None
    if kind == "rgb16-prophoto.png":
        prophoto = ImageCms.getOpenProfile(str(_need(PROPHOTO)))
        wide = ImageCms.profileToProfile(photo, SRGB, prophoto, renderingIntent=INTENT, outputMode="RGB")
        rgb16 = np.asarray(wide, dtype=np.uint16) * 257
        # Pillow cannot write 16-bit RGB PNGs: ImageMagick can, from raw 16-bit samples.
        raw = folder / "rgb16.raw"
        raw.write_bytes(rgb16.astype(">u2").tobytes())
        icc = folder / "prophoto.icc"
        icc.write_bytes(prophoto.tobytes())
        import subprocess

        subprocess.run(
            [
                "convert", "-size", f"{wide.width}x{wide.height}", "-depth", "16", f"rgb:{raw}",
                "-profile", str(icc), f"PNG48:{path}",
            ],
            check=True,
        )
        raw.unlink()
        icc.unlink()
        return path, None
    if kind == "display-p3.jpg":
        p3_bytes = display_p3_profile()
        p3 = ImageCms.ImageCmsProfile(io.BytesIO(p3_bytes))
        converted = ImageCms.profileToProfile(photo, SRGB, p3, renderingIntent=INTENT, outputMode="RGB")
        converted.save(path, quality=95, icc_profile=p3_bytes)
        return path, None
    raise AssertionError(kind)


def read_as_srgb(image: Image.Image, fallback: ImageCms.ImageCmsProfile | None = None) -> np.ndarray:
    """The image's pixels converted from its embedded profile (or `fallback`, or sRGB) to sRGB,
    as float RGB."""
    icc = image.info.get("icc_profile")
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc)) if icc else fallback
    if image.mode == "I;16" or image.mode == "I":
        # Pillow's CMS works in 8 bits for grey: convert the 16-bit samples through the
        # profile's curve at full precision by transforming a 65536-entry ramp.
        samples = np.asarray(image, dtype=np.uint32)
        ramp = Image.fromarray(np.arange(256, dtype=np.uint8).reshape(1, 256), "L")
        ramp_rgb = np.asarray(
            ImageCms.profileToProfile(ramp, profile, SRGB, renderingIntent=INTENT, outputMode="RGB"),
            dtype=np.float64,
        )[0]
        position = samples / 257.0
        low = np.floor(position).astype(int).clip(0, 255)
        high = (low + 1).clip(0, 255)
        t = (position - low)[..., None]
        return ramp_rgb[low] * (1 - t) + ramp_rgb[high] * t
    if image.mode in ("I;16B", "RGB;16") or (image.mode == "RGB" and image.info.get("bits") == 16):
        raise AssertionError("unexpected mode")
    if profile is None:
        return np.asarray(image.convert("RGB"), dtype=np.float64)
    converted = ImageCms.profileToProfile(image, profile, SRGB, renderingIntent=INTENT, outputMode="RGB")
    return np.asarray(converted, dtype=np.float64)


def box_average(pixels: np.ndarray, factor: int) -> np.ndarray:
    height, width = (pixels.shape[0] // factor) * factor, (pixels.shape[1] // factor) * factor
    cropped = pixels[:height, :width]
    return cropped.reshape(height // factor, factor, width // factor, factor, 3).mean(axis=(1, 3))


def errors(expected: np.ndarray, actual: np.ndarray) -> tuple[float, float]:
    """Mean and 99th percentile of the absolute per-channel difference, after both are
    box-averaged over BOX x BOX pixels: two lossy encodes of slightly different inputs differ
    pixel by pixel at every edge (JPEG's 8 x 8 blocks), while a colour shift does not average
    out."""
    assert expected.shape == actual.shape, (expected.shape, actual.shape)
    difference = np.abs(box_average(expected, BOX) - box_average(actual, BOX))
    return float(difference.mean()), float(np.percentile(difference, 99))


def rendition_pixels(path: Path) -> np.ndarray:
    with Image.open(path) as rendition:
        assert rendition.mode == "RGB", f"{path.name}: {rendition.mode}"
        icc = rendition.info.get("icc_profile")
        if icc:
            space = ImageCms.ImageCmsProfile(io.BytesIO(icc)).profile.xcolor_space.strip()
            assert space == "RGB", f"{path.name}: an RGB image carrying a {space} profile"
        return read_as_srgb(rendition)


def _corpus_photo() -> Image.Image:
    if not CORPUS_PHOTO.is_file():
        pytest.skip(f"the photo corpus is not there ({CORPUS_PHOTO}); only the synthetic photo is tested")
    with Image.open(CORPUS_PHOTO) as image:
        return image.convert("RGB")


@pytest.fixture(scope="module", params=["synthetic", "corpus"])
def built(request, galleryc: Path, tmp_path_factory):
    """Every kind made from one photo, built once: (source paths and fallbacks, output)."""
    photo = synthetic_photo() if request.param == "synthetic" else _corpus_photo()
    work = tmp_path_factory.mktemp(f"colour-{request.param}")
    album = work / "content" / "colours"
    album.mkdir(parents=True)
    (work / "content" / "site.yml").write_text(f"title: colours\nimages:\n  widths: [{WIDTH}]\n")
    sources = {kind: make_fixture(kind, photo, album) for kind in KINDS}
    for kind, (path, fallback) in sources.items():
        with Image.open(path) as source:
            srgb = read_as_srgb(source, fallback)
        reference = Image.fromarray(np.clip(srgb, 0, 255).round().astype(np.uint8), "RGB")
        reference.save(album / f"reference-{path.stem}.png")
    result = run_build(galleryc, work / "content", work / "public", work)
    return sources, result.check(), result


@pytest.mark.parametrize("kind", KINDS)
def test_renditions_match_the_source_read_with_its_own_profile(built, kind):
    sources, output, _ = built
    stem = sources[kind][0].stem
    renditions = sorted(output.glob(f"_img/*/{stem}-{WIDTH}.*"))
    assert {r.suffix for r in renditions} == {".jpg", ".webp"}, renditions
    for rendition_path in renditions:
        reference_path = next(output.glob(f"_img/*/reference-{stem}-{WIDTH}{rendition_path.suffix}"))
        mean, p99 = errors(rendition_pixels(reference_path), rendition_pixels(rendition_path))
        print(f"{kind} -> {rendition_path.name}: mean {mean:.2f}, p99 {p99:.2f}")
        assert mean <= MEAN_LIMIT and p99 <= P99_LIMIT, (
            f"{rendition_path.name} from {kind}: mean error {mean:.2f}/255 (limit {MEAN_LIMIT}), "
            f"99th percentile {p99:.2f} (limit {P99_LIMIT})"
        )


def test_the_comparison_can_fail(built):
    """The renditions of the CMYK file without a profile, read as the naive formula reads
    CMYK (Pillow's own conversion, no profile), are far from the reference: the comparison
    above is able to catch a lost conversion."""
    sources, output, _ = built
    path, _ = sources["cmyk-none.jpg"]
    with Image.open(path) as source:
        naive = Image.fromarray(np.asarray(source.convert("RGB")), "RGB").resize(
            (WIDTH, round(WIDTH * source.height / source.width)), Image.Resampling.LANCZOS
        )
    reference = rendition_pixels(next(output.glob(f"_img/*/reference-{path.stem}-{WIDTH}.jpg")))
    mean, _ = errors(reference, np.asarray(naive, dtype=np.float64))
    assert mean > 3 * MEAN_LIMIT, f"naive CMYK reading is only {mean:.2f} away"


def test_converted_sources_build_without_colour_warnings(built):
    _, _, result = built
    assert "ICC profile" not in result.stderr, result.stderr
