#!/usr/bin/env bash
# Camera RAW benchmark: galleryc's photo stage on 24 MP DNGs, per megapixel, against LibRaw's
# own command-line developer, dcraw_emu (Debian's libraw-bin), on the same files:
#   - develop: DNGs without a preview. galleryc develops at half size (half the 6000 px sensor
#     covers the largest rendition, 2400 px), then resizes and encodes every rendition (JPEG
#     and WebP at 5 widths, a placeholder); with `images.raw: develop` and widths up to 6000 it
#     develops at full size. dcraw_emu only develops and writes a PPM: `-w -h` (half size) and
#     `-w` (full size, AHD).
#   - preview: DNGs carrying a full-size JPEG preview, as Canon, Sony and most Nikons write
#     them. galleryc decodes the preview (DCT-scaled) and encodes the renditions; LibRaw's
#     `simple_dcraw -e` extracts the preview (no decode at all): the floor of any preview path.
# Every tool runs over all files, `JOBS` at once (galleryc: `--jobs`; dcraw_emu: xargs -P),
# cold, under GNU time; galleryc's time is its `images` phase (GALLERYC_TIMINGS=1).
#
#   Benchmarks/raw.sh          env: COUNT (6 files), WIDTH x HEIGHT (6000 x 4000), JOBS,
#                              GALLERYC, KEEP=1
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

count=${COUNT:-6}
width=${WIDTH:-6000}
height=${HEIGHT:-4000}
python="$REPO_DIR/.venv/bin/python"
[[ -x "$GALLERYC" ]] || die "$GALLERYC missing (run: swift build -c release)"
[[ -x "$python" ]] || die "$python missing (run: make venv): the DNGs are written by e2e/raw_fixtures.py"
if ! command -v dcraw_emu >/dev/null; then
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    note "installing Debian's libraw-bin (dcraw_emu)"
    "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
        --no-install-recommends libraw-bin >/dev/null || die "could not install libraw-bin"
fi
[[ -x "$GNU_TIME" ]] || die "GNU time ($GNU_TIME) is needed"

work_folder raw
note "writing $count DNGs of ${width}x${height} twice, with and without a full-size preview (not timed)"
"$python" - "$WORK" "$count" "$width" "$height" "$REPO_DIR/e2e" <<'PY'
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[5])
import numpy as np
import raw_fixtures

work, count, width, height = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(7)
for folder in ("develop", "preview"):
    (work / folder / "content" / "raw").mkdir(parents=True)
    (work / folder / "content" / "site.yml").write_text('title: RAW benchmark\nbase_url: ""\n')
for index in range(count):
    picture = raw_fixtures.scene(width, height)
    # Grain, so that no two files (nor their encodes) are alike.
    picture = np.clip(picture + rng.normal(0, 0.02, picture.shape), 0, 1)
    name = f"shot-{index:02d}"
    (work / "develop" / "content" / "raw" / f"{name}.dng").write_bytes(raw_fixtures.dng(picture))
    preview = raw_fixtures.as_image(picture)
    (work / "preview" / "content" / "raw" / f"{name}.dng").write_bytes(raw_fixtures.dng(picture, preview=preview))
    for folder in ("develop", "preview"):
        (work / folder / "content" / "raw" / f"{name}.md").write_text("---\nalt: A test scene\n---\n")
PY
megapixels=$(awk -v c="$count" -v w="$width" -v h="$height" 'BEGIN { printf "%.1f", c * w * h / 1e6 }')

# galleryc_row NAME FOLDER [SITE_YML_EXTRA]: one cold build; prints "NAME seconds".
galleryc_row() {
    local name=$1 folder=$2 extra=${3:-}
    [[ -z "$extra" ]] || printf '%s' "$extra" >>"$folder/content/site.yml"
    rm -rf "$folder/public" "$folder/cache"
    local log="$folder/$name.log"
    GALLERYC_TIMINGS=1 "$GNU_TIME" -f 'rss %M' "$GALLERYC" build "$folder/content" --output "$folder/public" \
        --cache-dir "$folder/cache" --jobs "$JOBS" --quiet >"$log" 2>&1 || { cat "$log" >&2; die "$name: build failed"; }
    local ms rss
    ms=$(grep -o 'images (wall) [0-9.]* ms' "$log" | awk '{print $3}')
    rss=$(grep -o 'rss [0-9]*' "$log" | awk '{print $2}')
    [[ -n "$ms" ]] || { cat "$log" >&2; die "$name: no images timing"; }
    printf '%s %s %s\n' "$name" "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')" "$((rss / 1024))"
}

# dcraw_row NAME FOLDER TOOL FLAGS...: LibRaw's TOOL over every DNG, JOBS at once; prints
# "NAME seconds RSS".
dcraw_row() {
    local name=$1 folder=$2
    shift 2
    find "$folder" -name '*.ppm' -delete -o -name '*.thumb.*' -delete
    local log="$WORK/$name.time"
    "$GNU_TIME" -f '%e %M' -o "$log" bash -c 'find "$1" -name "*.dng" -print0 | xargs -0 -n 1 -P "$2" "${@:3}"' \
        _ "$folder/content" "$JOBS" "$@" >/dev/null 2>&1 || die "$name: $1 failed"
    printf '%s %s %s\n' "$name" "$(awk '{print $1}' "$log")" "$(($(awk '{print $2}' "$log") / 1024))"
}

rows=()
rows+=("$(galleryc_row 'galleryc-develop(half)' "$WORK/develop")")
rows+=("$(dcraw_row 'dcraw_emu-w-h(half)' "$WORK/develop" dcraw_emu -w -h)")
rows+=("$(galleryc_row 'galleryc-develop(full)' "$WORK/develop" $'images:\n  raw: develop\n  widths: [480, 960, 1600, 2400, 6000]\n')")
rows+=("$(dcraw_row 'dcraw_emu-w(full)' "$WORK/develop" dcraw_emu -w)")
rows+=("$(galleryc_row 'galleryc-preview' "$WORK/preview")")
rows+=("$(dcraw_row 'simple_dcraw-e(extract)' "$WORK/preview" simple_dcraw -e)")

printf '\nCamera RAW: %s DNGs of %sx%s (%s MP), --jobs %s, %s cores\n' "$count" "$width" "$height" "$megapixels" "$JOBS" "$(nproc)"
printf '%-24s %9s %11s %9s\n' tool seconds 'ms per MP' 'RSS MB'
for row in "${rows[@]}"; do
    read -r name seconds rss <<<"$row"
    awk -v n="$name" -v s="$seconds" -v mp="$megapixels" -v r="$rss" \
        'BEGIN { printf "%-24s %9.2f %11.1f %9d\n", n, s, s * 1000 / mp, r }'
done
seconds_of() { printf '%s\n' "${rows[@]}" | awk -v n="$1" '$1 == n { print $2 }'; }
printf '\nratios (galleryc, develop + resize + encode / dcraw_emu, develop only):\n'
awk -v a="$(seconds_of 'galleryc-develop(half)')" -v b="$(seconds_of 'dcraw_emu-w-h(half)')" \
    'BEGIN { printf "  half size:  %.2fx\n", a / b }'
awk -v a="$(seconds_of 'galleryc-develop(full)')" -v b="$(seconds_of 'dcraw_emu-w(full)')" \
    'BEGIN { printf "  full size:  %.2fx\n", a / b }'
awk -v a="$(seconds_of 'galleryc-preview')" -v b="$(seconds_of 'galleryc-develop(half)')" \
    'BEGIN { printf "  galleryc preview / galleryc develop (half): %.2fx\n", a / b }'
