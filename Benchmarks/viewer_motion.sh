#!/usr/bin/env bash
# Smoothness of the viewer's gestures (drag, zoomed pan, pinch) under a 4x slower CPU on a
# phone-sized screen, galleryc's viewer against sigal's PhotoSwipe on the same photos (the
# shapes of e2e/viewer_fixture.py: landscape, portrait, panorama, tall, square). Prints frames
# per second, dropped frames and layouts per move (Benchmarks/viewer_motion.py). Not a test.
#
#   Benchmarks/viewer_motion.sh      RUNS=3 by default
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RUNS="${RUNS:-3}"
PYTHON="${PYTHON:-$REPO_DIR/.venv/bin/python}"
[[ -x "$GALLERYC" ]] || die "$GALLERYC missing (run: swift build -c release -Xcc -O2)"
[[ -x "$PYTHON" ]] || die "$PYTHON missing (run: make venv; it has selenium and Pillow)"

mkdir -p "$OUT_DIR"
work=$(mktemp -d "$OUT_DIR/viewer-motion.XXXXXX")
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT

"$PYTHON" - "$REPO_DIR/e2e" "$work/content" <<'PY'
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from viewer_fixture import make_viewer_site
make_viewer_site(Path(sys.argv[2]))
PY
mkdir -p "$work/sigal-src/album"
cp "$work/content/shapes/"*.jpg "$work/sigal-src/album/"

note "building the galleryc site"
"$GALLERYC" build "$work/content" --output "$work/galleryc" --cache-dir "$work/cache" --quiet
build_sigal "$work" "Viewer motion"

"$PYTHON" "$BENCH_DIR/viewer_motion.py" "$work/galleryc" "$work/sigal" --runs "$RUNS"
