#!/usr/bin/env bash
# Video transcode benchmark: how many times real time galleryc's video stage transcodes
#   1. a 1080p SDR clip (testsrc2 with a tone, H.264 + AAC, 25 fps), and
#   2. a 4K HDR clip (10-bit HEVC tagged HLG, BT.2020, as phones record it), which galleryc
#      scales to 1080p and tone-maps to SDR BT.709,
# each in a fresh build with an empty cache (`--jobs` = JOBS), timed by galleryc's own phase
# clock (GALLERYC_TIMINGS=1: the `videos` phase, which also takes the poster). Then a rebuild
# with the cache, which must transcode nothing.
#
#   Benchmarks/video.sh            env: SECONDS_1080 (10), SECONDS_4K (5), JOBS, GALLERYC, KEEP=1
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

seconds_1080=${SECONDS_1080:-10}
seconds_4k=${SECONDS_4K:-5}
command -v ffmpeg >/dev/null || die "ffmpeg is needed (make deps installs Debian's ffmpeg)"
[[ -x "$GALLERYC" ]] || die "$GALLERYC missing (run: swift build -c release)"

mkdir -p "$OUT_DIR"
WORK=$(mktemp -d "$OUT_DIR/video.XXXXXX")
cleanup() { if [[ "${KEEP:-0}" == 1 ]]; then note "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

note "making the test clips (not timed)"
ffmpeg -hide_banner -nostdin -v error -y \
  -f lavfi -i "testsrc2=size=1920x1080:rate=25:duration=$seconds_1080" \
  -f lavfi -i "sine=frequency=440:duration=$seconds_1080" \
  -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -shortest "$WORK/sdr-1080p.mp4"
ffmpeg -hide_banner -nostdin -v error -y \
  -f lavfi -i "testsrc2=size=3840x2160:rate=25:duration=$seconds_4k" \
  -f lavfi -i "sine=frequency=500:duration=$seconds_4k" \
  -vf format=yuv420p10le -c:v libx265 -preset ultrafast -x265-params log-level=error \
  -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc -tag:v hvc1 \
  -c:a aac -shortest "$WORK/hdr-4k.mov"

# bench <name> <clip> <seconds>: one cold build of a site holding only the clip.
bench() {
  local name=$1 clip=$2 seconds=$3 site="$WORK/$1"
  mkdir -p "$site/content/clips"
  printf 'title: video benchmark\n' >"$site/content/site.yml"
  cp "$clip" "$site/content/clips/"
  local stem=${clip##*/}
  printf -- '---\nalt: A test pattern\n---\n' >"$site/content/clips/${stem%.*}.md"
  local log="$site/build.log"
  GALLERYC_TIMINGS=1 "$GALLERYC" build "$site/content" --output "$site/public" \
    --cache-dir "$site/cache" --jobs "$JOBS" --quiet >"$log" 2>&1 || { cat "$log" >&2; die "$name: build failed"; }
  local ms
  ms=$(grep -o 'videos [0-9.]* ms' "$log" | awk '{print $2}')
  [[ -n "$ms" ]] || { cat "$log" >&2; die "$name: no videos timing in the output"; }
  GALLERYC_TIMINGS=1 "$GALLERYC" build "$site/content" --output "$site/public" \
    --cache-dir "$site/cache" --jobs "$JOBS" >"$site/rebuild.log" 2>&1 || die "$name: rebuild failed"
  grep -q '1 video (1 cached)' "$site/rebuild.log" || { cat "$site/rebuild.log" >&2; die "$name: the rebuild transcoded"; }
  awk -v name="$name" -v ms="$ms" -v s="$seconds" \
    'BEGIN { printf "%-12s %6.1f s of video in %7.2f s: %5.2fx real time\n", name, s, ms / 1000, s / (ms / 1000) }'
}

printf 'galleryc video stage, --jobs %s, %s cores\n' "$JOBS" "$(nproc)"
bench sdr-1080p "$WORK/sdr-1080p.mp4" "$seconds_1080"
bench hdr-4k "$WORK/hdr-4k.mov" "$seconds_4k"
