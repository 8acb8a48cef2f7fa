#!/usr/bin/env python3
"""Which `images.quality.avif` makes AVIF renditions look like the WebP and JPEG ones?

Builds the same photos with galleryc once per AVIF quality (`formats: [avif, webp, jpeg]`,
one width), then scores every rendition with SSIMULACRA2 (PyPI `ssimulacra2`; 100 is
identical, 90 visually lossless, 70 good, 50 medium) against the photo resized to the same
width by Pillow (Lanczos), the same reference for every format. Prints the mean score and the
bytes of each format, and the AVIF quality whose mean score is closest to WebP's at its
configured quality: the default galleryc ships.

    Benchmarks/avif-quality.py PHOTO_DIR [--width 960] [--qualities 40,45,...]

Environment: GALLERYC (default .build/release/galleryc), JOBS (default 2).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageOps
from ssimulacra2 import compute_ssimulacra2

REPO = Path(__file__).resolve().parent.parent
WEBP_Q = 80
JPEG_Q = 82


def build(galleryc: str, photos: list[Path], work: Path, width: int, avif_q: int) -> Path:
    content = work / f"content-{avif_q}"
    album = content / "photos"
    album.mkdir(parents=True, exist_ok=True)
    for photo in photos:
        target = album / photo.name
        if not target.exists():
            target.symlink_to(photo)
    (content / "site.yml").write_text(
        "title: avif quality\nimages:\n"
        f"  widths: [{width}]\n  formats: [avif, webp, jpeg]\n"
        f"  quality: {{jpeg: {JPEG_Q}, webp: {WEBP_Q}, avif: {avif_q}}}\n"
    )
    out = work / f"out-{avif_q}"
    subprocess.run(
        [galleryc, "build", str(content), "--output", str(out), "--cache-dir", str(work / f"cache-{avif_q}"),
         "--jobs", os.environ.get("JOBS", "2")],
        check=True, capture_output=True,
    )
    return out


def reference(photo: Path, width: int, folder: Path) -> Path:
    path = folder / f"{photo.stem}-ref.png"
    if not path.exists():
        with Image.open(photo) as image:
            image = ImageOps.exif_transpose(image).convert("RGB")
            height = round(image.height * width / image.width)
            image.resize((width, height), Image.Resampling.LANCZOS).save(path)
    return path


def score(ref: Path, rendition: Path, folder: Path) -> float:
    png = folder / (rendition.name + ".png")
    with Image.open(rendition) as image:
        image.convert("RGB").save(png)
    return float(compute_ssimulacra2(str(ref), str(png)))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("photos", type=Path)
    parser.add_argument("--width", type=int, default=960)
    parser.add_argument("--qualities", default="40,45,50,55,60,65,70")
    args = parser.parse_args()
    galleryc = os.environ.get("GALLERYC", str(REPO / ".build/release/galleryc"))
    photos = sorted(p for p in args.photos.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg"))
    photos = [p for p in photos if Image.open(p).width > args.width][:8]
    if not photos:
        print(f"no JPEG wider than {args.width} px under {args.photos}", file=sys.stderr)
        return 1
    qualities = [int(q) for q in args.qualities.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        refs = {p.stem: reference(p, args.width, work) for p in photos}
        rows = []
        for q in qualities:
            out = build(galleryc, photos, work, args.width, q)
            scores: dict[str, list[float]] = {"avif": [], "webp": [], "jpg": []}
            sizes: dict[str, int] = {"avif": 0, "webp": 0, "jpg": 0}
            for rendition in sorted(out.glob(f"_img/*/*-{args.width}.*")):
                fmt = rendition.suffix[1:]
                stem = rendition.stem.rsplit("-", 1)[0]
                ref = next((r for s, r in refs.items() if s.lower().replace("_", "-") == stem), None)
                if ref is None or fmt not in scores:
                    continue
                scores[fmt].append(score(ref, rendition, work))
                sizes[fmt] += rendition.stat().st_size
            rows.append((q, {f: statistics.mean(v) for f, v in scores.items() if v}, sizes))
    print(f"{len(photos)} photos at {args.width} px; SSIMULACRA2 against Pillow's Lanczos resize")
    print(f"{'avif q':>7} {'AVIF':>7} {'WebP q%d' % WEBP_Q:>9} {'JPEG q%d' % JPEG_Q:>9}   bytes AVIF / WebP / JPEG")
    for q, means, sizes in rows:
        print(
            f"{q:>7} {means.get('avif', 0):7.2f} {means.get('webp', 0):9.2f} {means.get('jpg', 0):9.2f}"
            f"   {sizes['avif']:>9,} / {sizes['webp']:,} / {sizes['jpg']:,}"
        )
    webp = statistics.mean(m["webp"] for _, m, _ in rows)
    best = min(rows, key=lambda row: abs(row[1]["avif"] - webp))
    print(f"closest to WebP q{WEBP_Q} ({webp:.2f}): avif q{best[0]} ({best[1]['avif']:.2f}), "
          f"{best[2]['avif'] / max(1, best[2]['webp']):.0%} of WebP's bytes, "
          f"{best[2]['avif'] / max(1, best[2]['jpg']):.0%} of JPEG's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
