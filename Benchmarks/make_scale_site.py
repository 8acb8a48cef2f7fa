"""Writes a generated site for the scale benchmarks (Benchmarks/scale.sh): PHOTOS distinct
small photos (400x300 JPEG, each its own noise and colours, so no two share bytes) in ALBUMS
albums, as a photographer's dump looks: no sidecars but in the first album (one sidecar to
edit), an EXIF date on every photo.

    python3 make_scale_site.py CONTENT PHOTOS ALBUMS [--side 400]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from PIL import Image, ImageDraw


def photo(path: Path, index: int, side: int) -> None:
    rng = random.Random(index)
    width, height = side, side * 3 // 4
    base = tuple(rng.randrange(40, 200) for _ in range(3))
    image = Image.new("RGB", (width, height), base)
    draw = ImageDraw.Draw(image)
    for _ in range(6):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(10, width // 3)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    grain = Image.effect_noise((width, height), 24).convert("RGB")
    image = Image.blend(image, grain, 0.12)
    exif = Image.Exif()
    day = index % 28 + 1
    exif[0x0132] = f"2024:{index % 12 + 1:02d}:{day:02d} {index % 24:02d}:{index % 60:02d}:00"
    image.save(path, "JPEG", quality=80, exif=exif)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("content", type=Path)
    parser.add_argument("photos", type=int)
    parser.add_argument("albums", type=int)
    parser.add_argument("--side", type=int, default=400)
    args = parser.parse_args()
    content = args.content
    content.mkdir(parents=True, exist_ok=True)
    (content / "site.yml").write_text("title: Scale benchmark\nbase_url: https://example.org/\n")
    (content / "index.md").write_text("---\ntitle: Home\n---\n\nA generated site.\n")
    per_album = -(-args.photos // args.albums)
    for n in range(args.photos):
        album = content / f"album-{n // per_album + 1:03d}"
        if not album.exists():
            album.mkdir()
            (album / "index.md").write_text(f"---\ntitle: Album {n // per_album + 1}\n---\n")
        photo(album / f"photo-{n:05d}.jpg", n, args.side)
        if n < per_album:
            (album / f"photo-{n:05d}.md").write_text(f"---\ntitle: Photo {n}\nalt: Generated photo {n}\n---\n")


if __name__ == "__main__":
    main()
