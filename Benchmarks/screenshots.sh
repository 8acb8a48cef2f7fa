#!/usr/bin/env bash
# Screenshots for the README: galleryc next to sigal's photoswipe theme on the same photos
# (sigal's own sample gallery, Tests/Fixtures/corpus/sigal-sample), the album page with the long
# description (dir2) and a photo page, on a phone (390x844 at 3x) and a laptop (1280x800), light
# colour scheme. Installs sigal as the other benchmark scripts do; writes docs/screenshots/*.webp
# (Benchmarks/screenshots.py takes them). Not a test. Re-run it when the theme changes.
#
#   Benchmarks/screenshots.sh          OUT=docs/screenshots by default
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PYTHON="${PYTHON:-$REPO_DIR/.venv/bin/python}"
SHOTS="${OUT:-$REPO_DIR/docs/screenshots}"
[[ -x "$GALLERYC" ]] || die "$GALLERYC missing (run: swift build -c release)"
[[ -x "$PYTHON" ]] || die "$PYTHON missing (run: make venv; it has selenium and Pillow)"

mkdir -p "$OUT_DIR" "$SHOTS"
work=$(mktemp -d "$OUT_DIR/screenshots.XXXXXX")
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT

# One copy of sigal's sample gallery for each tool (neither writes into the repository).
cp -r "$REPO_DIR/Tests/Fixtures/corpus/sigal-sample" "$work/content"
cp -r "$REPO_DIR/Tests/Fixtures/corpus/sigal-sample" "$work/sigal-src"
printf 'title: Sigal test gallery\nbase_url: ""\n' >"$work/content/site.yml"

note "building the galleryc site"
"$GALLERYC" build "$work/content" --output "$work/galleryc" --cache-dir "$work/cache" --quiet
build_sigal "$work" "Sigal test gallery"

"$PYTHON" "$BENCH_DIR/screenshots.py" "$work/galleryc" "$work/sigal" "$SHOTS"
