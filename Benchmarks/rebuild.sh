#!/usr/bin/env bash
# Incremental-build benchmark: a generated 1,000-photo site (10 albums of 100 small photos
# copied from the corpus, each file made byte-unique with its own JPEG comment so that a
# content-hash cache cannot fold copies together), then:
#   1. a cold build (empty cache, no output),
#   2. a rebuild with nothing changed (RUNS times; target: < 0.3 s),
#   3. a rebuild after `touch` on one photo (new mtime, same bytes),
#   4. a rebuild after one photo's bytes changed (a new comment: one photo to redo).
#
#   Benchmarks/rebuild.sh            env: PHOTOS (1000), ALBUMS (10), RUNS (5), JOBS, GALLERYC,
#                                    CORPUS, KEEP=1 keeps the site
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

count=${PHOTOS:-1000}
albums=${ALBUMS:-10}
runs=${RUNS:-5}
target_s=0.3
[[ -x "$GNU_TIME" ]] || ensure_peers
command -v python3 >/dev/null || die "python3 is needed to write the photos' JPEG comments"
corpus=$(find_corpus)

mkdir -p "$OUT_DIR"
WORK=$(mktemp -d "$OUT_DIR/rebuild.XXXXXX")
cleanup() { if [[ "${KEEP:-0}" == 1 ]]; then note "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

# --- the site --------------------------------------------------------------------------------
content="$WORK/content"
mkdir -p "$content"
make_photo_set "$corpus/sigal-sample" "$WORK/sources" # small photos (<= 0.6 MP), distinct
widths_yaml=$(printf '%s, ' "${WIDTHS[@]}")
cat >"$content/site.yml" <<EOF
title: galleryc rebuild benchmark
images:
  widths: [${widths_yaml%, }]
  formats: [${FORMATS:-jpeg}]
  quality: {jpeg: $JPEG_Q, webp: $WEBP_Q}
EOF
# Each copy gets a COM segment after the APPn segments (EXIF stays where readers expect it).
python3 - "$WORK/sources" "$content" "$count" "$albums" <<'EOF'
import os, sys
src, dest, count, albums = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
files = sorted(os.path.join(src, f) for f in os.listdir(src))
blobs = [open(f, "rb").read() for f in files]

def with_comment(data, text):
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    i = 2
    while data[i] == 0xFF and 0xE0 <= data[i + 1] <= 0xEF:  # skip APP0..APP15
        i += 2 + int.from_bytes(data[i + 2:i + 4], "big")
    body = text.encode()
    return data[:i] + b"\xff\xfe" + (len(body) + 2).to_bytes(2, "big") + body + data[i:]

per_album = -(-count // albums)
for n in range(count):
    album = os.path.join(dest, "album-%02d" % (n // per_album + 1))
    os.makedirs(album, exist_ok=True)
    name = os.path.splitext(os.path.basename(files[n % len(files)]))[0]
    with open(os.path.join(album, "%04d-%s.jpg" % (n + 1, name)), "wb") as f:
        f.write(with_comment(blobs[n % len(blobs)], "galleryc benchmark copy %d" % (n + 1)))
EOF
made=$(find "$content" -name '*.jpg' | wc -l)
distinct=$(find "$content" -name '*.jpg' -exec sha256sum {} + | cut -c1-64 | sort -u | wc -l)
note "site: $made photos in $albums albums ($distinct distinct files), from $(find "$WORK/sources" -name '*.jpg' | wc -l) corpus photos"
((distinct == made)) || die "generated photos are not all byte-distinct ($distinct of $made)"

problem=$(galleryc_problem)
if [[ -n "$problem" ]]; then
    printf '\ngalleryc %s\nno figures: the site was generated (%d photos) but galleryc cannot run.\n' \
        "$problem" "$made" >&2
    exit 1
fi

# --- the builds ------------------------------------------------------------------------------
out="$WORK/public" cache="$WORK/cache"
declare -a rows=()
build() { # label
    local tf="$WORK/time" log="$WORK/build.log"
    if ! "$GNU_TIME" -f '%e %U %S %M' -o "$tf" -- \
        "$GALLERYC" build "$content" --output "$out" --cache-dir "$cache" --jobs "$JOBS" \
        >"$log" 2>&1; then
        note "galleryc build failed during '$1':"
        tail -n 20 "$log" | sed 's/^/    | /' >&2
        die "galleryc build failed ($1)"
    fi
    local e u s m
    read -r e u s m < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$tf" | tail -n 1)
    rows+=("$(awk -v l="$1" -v e="$e" -v u="$u" -v s="$s" -v m="$m" \
        'BEGIN { printf "%-44s %8.2f %8.2f %8.0f", l, e, u + s, m / 1024 }')")
    LAST_WALL=$e
}

build "cold build ($made photos, empty cache)"
[[ -d "$out" ]] || die "galleryc exited 0 but did not create the output folder $out"
rendered=$(find "$out" -type f \( -name '*.jpg' -o -name '*.webp' \) | wc -l)
((rendered > 0)) || die "galleryc exited 0 but wrote no images under $out"

walls=()
for i in $(seq 1 "$runs"); do
    build "no-change rebuild #$i"
    walls+=("$LAST_WALL")
done
median=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }')

one=$(find "$content" -name '*.jpg' | LC_ALL=C sort | sed -n "$((made / 2))p")
touch "$one"
build "rebuild after touch (mtime) of 1 photo"
python3 - "$one" <<'EOF'
import sys
p = sys.argv[1]
data = open(p, "rb").read()
i = data.index(b"galleryc benchmark copy ")
open(p, "wb").write(data[:i] + b"G" + data[i + 1:])  # same length, different bytes
EOF
build "rebuild after 1 photo's bytes changed"

printf '\n%s: %d photos, %d image files written, jobs %s\n' "$GALLERYC" "$made" "$rendered" "$JOBS"
printf '%-44s %8s %8s %8s\n' build 'wall s' 'CPU s' 'RSS MB'
printf '%s\n' "${rows[@]}"
verdict=$(awk -v m="$median" -v t="$target_s" 'BEGIN { print (m < t ? "OK" : "OVER TARGET") }')
printf '\nno-change rebuild, median of %d: %s s (target < %s s): %s\n' "$runs" "$median" "$target_s" "$verdict"
