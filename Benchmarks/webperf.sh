#!/usr/bin/env bash
# Web performance of the published site, galleryc against sigal (photoswipe theme) on the same
# 150 photos: LCP, CLS and bytes of the home page, the album and a photo page under Fast 3G and
# a 4x slower CPU, at 1280x800 and 390x844 (DPR 3), then the bytes of scrolling the whole album
# on the phone. Prints a table (Benchmarks/webperf.py measures). Not a test.
#
#   Benchmarks/webperf.sh            PHOTOS=150 LONG_SIDE=3000 RUNS=3 by default (the median is
#                                    printed: one run moves by up to half a second)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PHOTOS="${PHOTOS:-150}"
LONG_SIDE="${LONG_SIDE:-3000}"
RUNS="${RUNS:-3}"
PYTHON="${PYTHON:-$REPO_DIR/.venv/bin/python}"
[[ -x "$GALLERYC" ]] || die "$GALLERYC missing (run: swift build -c release -Xcc -O2)"
[[ -x "$PYTHON" ]] || die "$PYTHON missing (run: make venv; it has selenium and Pillow)"
corpus=$(find_corpus)

mkdir -p "$OUT_DIR"
work=$(mktemp -d "$OUT_DIR/webperf.XXXXXX")
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT

# The same photos for both: the corpus's JPEGs, each used several times with its own crop and
# grain so that every file is different, scaled to LONG_SIDE px as a camera would make them.
mkdir -p "$work/content/album" "$work/sigal-src/album"
"$PYTHON" - "$corpus" "$work/content/album" "$PHOTOS" "$LONG_SIDE" <<'PY'
import sys
from pathlib import Path
from PIL import Image, ImageOps
corpus, dest, count, side = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
sources = sorted(p for p in corpus.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg") and p.stat().st_size > 20000)
for i in range(count):
    image = ImageOps.exif_transpose(Image.open(sources[i % len(sources)])).convert("RGB")
    w, h = image.size
    k = 0.06 * ((i // len(sources)) % 5)
    image = image.crop((int(w * k / 2), int(h * k / 3), w - int(w * k / 2), h - int(h * k * 2 / 3)))
    scale = side / max(image.size)
    image = image.resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
    grain = Image.effect_noise(image.size, 18).convert("RGB")
    image = Image.blend(image, grain, 0.06)
    image.save(dest / f"photo-{i + 1:03d}.jpg", quality=90)
PY
cp "$work/content/album/"*.jpg "$work/sigal-src/album/"
printf 'title: Web performance\n' >"$work/content/site.yml"
printf -- '---\ntitle: Home\n---\n\n%s photos.\n' "$PHOTOS" >"$work/content/index.md"
printf -- '---\ntitle: Album\n---\n' >"$work/content/album/index.md"

note "building the galleryc site"
"$GALLERYC" build "$work/content" --output "$work/galleryc" --cache-dir "$work/cache" --quiet
build_sigal "$work" "Web performance"

"$PYTHON" "$BENCH_DIR/webperf.py" "$work/galleryc" "$work/sigal" --runs "$RUNS"
