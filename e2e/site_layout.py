"""What DESIGN.md ("The content folder", "The output") says a built site looks like, as
functions the end-to-end tests share. If galleryc's naming rules change, change them here."""

from __future__ import annotations

import re
from html.parser import HTMLParser
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

# Photo formats every build must publish (JPEG first, PNG welcome).
SUPPORTED_PHOTOS = {".jpg", ".jpeg", ".png", ".webp", ".heic", ".heif", ".hif"}


def slug_candidates(name: str) -> list[str]:
    """URL names galleryc may give a file stem or folder (`DSC_0142` -> `dsc-0142`): ASCII
    (accents folded: `hélicoïde` -> `helicoide`) first, then one that keeps non-ASCII letters."""
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    ascii_slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    unicode_slug = re.sub(r"[^\w]+|_", "-", unicodedata.normalize("NFC", name).lower()).strip("-")
    return list(dict.fromkeys([ascii_slug, unicode_slug]))


def is_photo(path: Path) -> bool:
    return (
        path.is_file()
        and path.suffix.lower() in SUPPORTED_PHOTOS
        and not path.name.startswith(".")
    )


def _nomedia_skips(path: Path, content: Path) -> bool:
    """sigal's rule: an empty `.nomedia` skips its folder; otherwise each line names a file
    or sub-folder of that folder to skip."""
    current = path
    while True:
        marker = current / ".nomedia"
        if marker.is_file():
            names = [line.strip() for line in marker.read_text().splitlines() if line.strip()]
            if not names:
                return True
        if current.parent != current and current != content:
            parent_marker = current.parent / ".nomedia"
            if parent_marker.is_file():
                listed = [l.strip() for l in parent_marker.read_text().splitlines() if l.strip()]
                if current.name in listed:
                    return True
        if current == content or current.parent == current:
            return False
        current = current.parent


def _skipped_dir(path: Path, content: Path) -> bool:
    rel = path.relative_to(content)
    return (
        any(part.startswith(".") for part in rel.parts)
        or rel.parts[:1] == ("templates",)
        or _nomedia_skips(path, content)
    )


def albums(content: Path) -> list[Path]:
    """Folders (relative to ``content``) holding a supported photo, directly or below."""
    found = set()
    for photo in content.rglob("*"):
        if not is_photo(photo) or _skipped_dir(photo.parent, content):
            continue
        folder = photo.parent
        while folder != content:
            found.add(folder.relative_to(content))
            folder = folder.parent
    return sorted(found)


def photos(content: Path, album: Path) -> list[Path]:
    """Supported photos directly inside ``album`` (relative to ``content``)."""
    folder = content / album
    marker = folder / ".nomedia"
    listed = set(marker.read_text().split()) if marker.is_file() else set()
    return sorted(
        p.relative_to(content) for p in folder.iterdir() if is_photo(p) and p.name not in listed
    )


def output_dir(output: Path, relative: Path, is_file_stem: bool = False) -> Path | None:
    """The output folder for a content folder (or, with ``is_file_stem``, a photo), trying
    each slug candidate per path component; None when none exists."""
    current = output
    parts = list(relative.parts)
    for index, part in enumerate(parts):
        name = Path(part).stem if is_file_stem and index == len(parts) - 1 else part
        for candidate in slug_candidates(name):
            if (current / candidate).is_dir():
                current = current / candidate
                break
        else:
            return None
    return current


@dataclass(frozen=True)
class Derivative:
    path: Path
    width: int


def jpeg_derivatives(output: Path, photo_stem: str) -> list[Derivative]:
    """`_img/<hash>/<slug>-<width>.jpg` files of a photo, smallest first."""
    found = []
    for slug in slug_candidates(photo_stem):
        for path in output.glob(f"_img/*/{slug}-*.jpg"):
            match = re.fullmatch(re.escape(slug) + r"-(\d+)\.jpg", path.name)
            if match:
                found.append(Derivative(path, int(match.group(1))))
        if found:
            break
    return sorted(found, key=lambda d: d.width)


def mean_abs_diff(a: Path, b: Path) -> float:
    """Mean absolute difference of two same-sized images, 0-255 per channel, averaged."""
    with Image.open(a) as image_a, Image.open(b) as image_b:
        diff = ImageChops.difference(image_a.convert("RGB"), image_b.convert("RGB"))
        return sum(ImageStat.Stat(diff).mean) / 3


class _ImageAlts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.alts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.alts.append(dict(attrs).get("alt") or "")


def image_alts(html: str) -> list[str]:
    """The alt attribute of every <img> in a page (entities decoded; "" when absent)."""
    parser = _ImageAlts()
    parser.feed(html)
    return parser.alts


GPS_IFD = 0x8825


def has_gps(path: Path) -> bool:
    """Whether an image's EXIF has a non-empty GPS IFD, or its XMP mentions GPS."""
    with Image.open(path) as image:
        if image.getexif().get_ifd(GPS_IFD):
            return True
        xmp = image.info.get("xmp") or image.info.get("XML:com.adobe.xmp") or b""
        return b"GPSLatitude" in (xmp if isinstance(xmp, bytes) else xmp.encode())
