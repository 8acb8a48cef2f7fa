#!/usr/bin/env bash
# Makes 24 MP test photos (6000x4000 or 4000x6000) by upscaling real photos of the corpus with
# libvips, into Benchmarks/out/large/ (gitignored; never commit it). Camera-like grain is added
# so that the files are as hard to decode as real 24 MP photos (a smooth upscale compresses to
# a third of the size and decodes much faster). One photo is stored sideways with EXIF
# Orientation 6, so the orientation path is exercised at full size too.
#
#   Benchmarks/make-large.sh [--force]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

force=0
[[ "${1:-}" == --force ]] && force=1
dest="$OUT_DIR/large"
if [[ -d "$dest" && $force == 0 ]]; then
    note "$dest exists (use --force to remake it)"
    exit 0
fi
command -v vips >/dev/null || ensure_peers
command -v vips >/dev/null || die "vips (Debian libvips-tools) is needed"
command -v exiftool >/dev/null || die "exiftool (Debian libimage-exiftool-perl) is needed"
corpus=$(find_corpus)

mkdir -p "$OUT_DIR"
tmp=$(mktemp -d "$OUT_DIR/make-large.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# source | output name | orientation (landscape/portrait/sideways)
sources=(
    "exif-orientation/Landscape_1.jpg|landscape-1|landscape"
    "exif-orientation/Portrait_1.jpg|portrait-1|portrait"
    "exif-orientation/Portrait_1.jpg|portrait-1-exif6|sideways"
    "sigal-sample/dir2/KeckObservatory20071020.jpg|keck|landscape"
    "sigal-sample/iptcTest/1.jpg|iptc-1|landscape"
    "sigal-sample/dir2/Hubble Interacting Galaxy NGC 5257.jpg|hubble-ngc5257|landscape"
    "sigal-sample/dir1/test1/flickr_jerquiaga_2394751088_cc-by-nc.jpg|jerquiaga|portrait"
    "sigal-sample/iptcTest/2.jpg|iptc-2|landscape"
)

mkdir -p "$tmp/large"
for entry in "${sources[@]}"; do
    IFS='|' read -r src name shape <<<"$entry"
    [[ -f "$corpus/$src" ]] || die "missing corpus photo $corpus/$src"
    if [[ $shape != landscape ]]; then w=4000 h=6000; else w=6000 h=4000; fi
    # Upscale to fill WxH and crop the centre (--size both allows upscaling).
    vips thumbnail "$corpus/$src" "$tmp/up.v" "$w" --height "$h" --size both --crop centre
    vips gaussnoise "$tmp/noise.v" "$w" "$h" --sigma 5 --mean 0
    vips add "$tmp/up.v" "$tmp/noise.v" "$tmp/grain.v"
    vips cast "$tmp/grain.v" "$tmp/grain8.v" uchar
    if [[ $shape == sideways ]]; then
        # Stored 6000x4000, shown 4000x6000: the pixels turned left, EXIF says turn right.
        vips rot "$tmp/grain8.v" "$tmp/final.v" d270
        vips jpegsave "$tmp/final.v" "$tmp/large/$name.jpg" --Q 92
        exiftool -q -overwrite_original -n -Orientation=6 "$tmp/large/$name.jpg"
    else
        vips jpegsave "$tmp/grain8.v" "$tmp/large/$name.jpg" --Q 92
    fi
    note "made $name.jpg ($(vipsheader -f width "$tmp/large/$name.jpg")x$(vipsheader -f height "$tmp/large/$name.jpg"), $(($(stat -c %s "$tmp/large/$name.jpg") / 1048576)) MiB)"
    rm -f "$tmp"/*.v
done
rm -rf "$dest"
mv "$tmp/large" "$dest"
note "24 MP set ready: $dest"
