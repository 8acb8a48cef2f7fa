#!/usr/bin/env bash
# Scale benchmark (issue 22): generated sites of distinct small photos (400x300 JPEG, 100 per
# album, Benchmarks/make_scale_site.py), for each size:
#   galleryc  full build (empty cache), no-change rebuild, one-sidecar rebuild (median of RUNS),
#             `galleryc serve` start with a warm cache (launch -> the home page answers 200)
#             and save -> reload of one sidecar (median of RUNS, Benchmarks/reload_probe.py),
#             peak RSS of the full build, the site's size and file count;
#   hugo      the same photos as page bundles (one page per photo, its renditions at the same
#             widths in JPEG and WebP like galleryc's defaults; album pages list them), full
#             build (empty resource cache), no-change rebuild, one caption edited in a
#             photo's front matter, `hugo server` start and reload;
#   sigal     the same photos (its default sizes and theme), full, no-change, one sidecar;
# peers on the sizes up to PEERS_UP_TO. Then galleryc's linearity (full build time per photo
# against the smallest size) and, on SHARD_SIZE photos, the sharded first build: one machine
# against 4 shards run one after another, the work per shard, the merge (cp -rl) and the final
# build over the merged cache.
#
#   Benchmarks/scale.sh      env: SIZES ("1000 10000 50000"), PEERS_UP_TO (10000), RUNS (3),
#                            SHARD_SIZE (10000; 0 skips), ONLY ("galleryc hugo sigal"),
#                            GALLERYC, JOBS, KEEP=1 keeps the sites
#
# The generated photos are kept in Benchmarks/out/scale-sites/<N> (made again when missing)
# because 50,000 of them take minutes to draw; everything else is made fresh in a temporary
# folder. Expect about 15 minutes for 1,000 + 10,000 on 2 cores, and 15 more for 50,000.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sizes=${SIZES:-1000 10000 50000}
peers_up_to=${PEERS_UP_TO:-10000}
runs=${RUNS:-3}
shard_size=${SHARD_SIZE:-10000}
only=${ONLY:-galleryc hugo sigal}
probe="$BENCH_DIR/reload_probe.py"
[[ -x "$GNU_TIME" ]] && command -v hugo >/dev/null || ensure_peers
[[ -z "$(galleryc_problem)" ]] || die "$(galleryc_problem)"
"$VENV_DIR/bin/python" -c 'import PIL' 2>/dev/null || "$VENV_DIR/bin/pip" install -q pillow ||
    die "Pillow is needed to draw the photos"
PY="$VENV_DIR/bin/python"

mkdir -p "$OUT_DIR/scale-sites"
work_folder scale

now_ms() { date +%s%3N; }

# timed NAME CMD...: runs CMD under GNU time; sets WALL (s) and RSS (MB); dies with the log's
# last lines when it fails (a failed build measures nothing).
timed() {
    local name=$1
    shift
    local tf="$WORK/$name.time" log="$WORK/$name.log"
    if ! "$GNU_TIME" -f '%e %M' -o "$tf" -- "$@" >"$log" 2>&1; then
        tail -n 15 "$log" | sed 's/^/    | /' >&2
        die "$name failed: $*"
    fi
    read -r WALL RSS < <(grep -E '^[0-9.]+ [0-9]+$' "$tf" | tail -n 1)
    RSS=$(awk -v m="$RSS" 'BEGIN { printf "%.0f", m / 1024 }')
}

# median of the arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "-" }'; }

# The generated photos of size N, drawn once.
site_of() {
    local n=$1 dir="$OUT_DIR/scale-sites/$1"
    if [[ ! -f "$dir/.complete" ]]; then
        rm -rf "$dir"
        note "drawing $n photos into $dir"
        "$PY" "$BENCH_DIR/make_scale_site.py" "$dir/content" "$n" $(((n + 99) / 100))
        "$PY" - "$dir/new-photo.jpg" <<'EOF'
import sys
from PIL import Image, ImageDraw
image = Image.new("RGB", (400, 300), (30, 90, 160))
ImageDraw.Draw(image).ellipse((120, 60, 280, 220), fill=(240, 200, 40))
image.save(sys.argv[1], "JPEG", quality=80)
EOF
        touch "$dir/.complete"
    fi
    printf '%s\n' "$dir"
}

# Rows of the report: size|tool|full s|RSS MB|no-change s|sidecar s|serve start s|reload ms|site MB|files
ROWS=""
row() { ROWS+="$(
    IFS='|'
    echo "$*"
)"$'\n'; }

sidecar_text() { printf -- '---\ntitle: Photo 0\nalt: Generated photo 0\n---\n\ncaption edit %s.\n' "$1"; }

# rebuilds NAME EDIT OUTPUT CMD...: CMD's full build (FULL s, RSS MB), its no-change rebuild
# and its rebuild after EDIT (a caption, written anew each time) as the median of RUNS (AGAIN,
# SIDECAR), then OUTPUT's size in MB and files (SITE_MB, FILES).
rebuilds() {
    local name=$1 edit=$2 output=$3 times=() i
    shift 3
    note "$name: full build"
    timed "$name-full" "$@"
    FULL=$WALL
    local rss=$RSS
    for i in $(seq 1 "$runs"); do
        timed "$name-again-$i" "$@"
        times+=("$WALL")
    done
    AGAIN=$(median "${times[@]}")
    times=()
    for i in $(seq 1 "$runs"); do
        sidecar_text "$i" >"$edit"
        timed "$name-sidecar-$i" "$@"
        times+=("$WALL")
    done
    SIDECAR=$(median "${times[@]}")
    RSS=$rss
    SITE_MB=$(du -sb "$output" | awk '{ printf "%.0f", $1 / 1e6 }')
    FILES=$(find "$output" -type f | wc -l)
}

# --- galleryc ----------------------------------------------------------------------------------
run_galleryc() {
    local n=$1 source=$2 dir="$WORK/galleryc-$1"
    mkdir -p "$dir"
    cp -rl "$source/content" "$dir/content"
    # The sidecar is edited: a copy of its own, not a link to the kept site's.
    rm "$dir/content/album-001/photo-00000.md"
    sidecar_text 0 >"$dir/content/album-001/photo-00000.md"
    local build=("$GALLERYC" build "$dir/content" --output "$dir/public" --cache-dir "$dir/cache" --jobs "$JOBS" --quiet)
    rebuilds "galleryc-$n" "$dir/content/album-001/photo-00000.md" "$dir/public" "${build[@]}"
    FULL_OF[$n]=$FULL

    note "galleryc, $n photos: serve (warm cache)"
    # The builds above wrote the site several times over (450 MB at 10,000 photos): the page
    # cache is flushed first, as it would be by the time someone edits a caption, so that the
    # kernel writing it back does not land in the reload times (the same for hugo server).
    sync
    local log="$dir/serve.log" start port="" t0
    t0=$(now_ms)
    (cd "$dir" && exec "$GALLERYC" serve content --port 0 --output public --cache-dir cache) >"$log" 2>&1 &
    local pid=$!
    PIDS+=("$pid")
    for i in $(seq 1 3000); do
        port=$(grep -oE 'Serving http://127\.0\.0\.1:[0-9]+/' "$log" | grep -oE '[0-9]+/$' | tr -d / || true)
        # Started: listening, and its first build (all cached) done.
        [[ -n "$port" ]] && grep -qE '^Built [0-9]+ pages' "$log" && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.02
    done
    start=-
    reload=-
    if [[ -n "$port" ]] && http_ok "$port" / 300; then
        start=$(awk -v a="$t0" -v b="$(now_ms)" 'BEGIN { printf "%.2f", (b - a) / 1000 }')
        local line
        line=$(python3 "$probe" --kind galleryc --port "$port" --runs "$runs" \
            --edit "$dir/content/album-001/photo-00000.md" \
            --template "$(sidecar_text '{n}')" --page /album-001/photo-00000/ \
            --add-source "$source/new-photo.jpg" --add-dest "$dir/content/album-001/new-photo.jpg" \
            --add-page /album-001/new-photo/ | grep '^RESULT' || true)
        [[ -n "$line" ]] && read -r _ _ reload _ <<<"$line"
    else
        tail -n 10 "$log" | sed 's/^/    | /' >&2
        note "galleryc serve did not start"
    fi
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    row "$n" galleryc "$FULL" "$RSS" "$AGAIN" "$SIDECAR" "$start" "$reload" "$SITE_MB" "$FILES"
    [[ "${KEEP:-0}" == 1 ]] || rm -rf "$dir"
}

# --- hugo --------------------------------------------------------------------------------------
hugo_site() {
    local source=$1 site=$2 album name stem widths
    mkdir -p "$site/content" "$site/layouts/_default"
    cat >"$site/config.toml" <<EOF
baseURL = "https://example.org/"
disableKinds = ["taxonomy", "term", "RSS", "robotsTXT"]
[imaging]
  quality = $JPEG_Q
  resampleFilter = "lanczos"
EOF
    widths=$(printf '%s ' "${WIDTHS[@]}")
    # A photo's page: its renditions at galleryc's widths by galleryc's rule (each width below
    # the photo's, plus its own when a width reaches it), in WebP and JPEG, as galleryc's
    # defaults make them.
    cat >"$site/layouts/_default/single.html" <<EOF
<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>
{{- range .Resources.ByType "image" }}
  {{- \$img := . }}{{- \$reach := false }}
<picture>
  {{- range slice $widths }}
    {{- if lt . \$img.Width }}
<source type="image/webp" srcset="{{ (\$img.Resize (printf "%dx webp q$WEBP_Q" .)).RelPermalink }}">
<img src="{{ (\$img.Resize (printf "%dx q$JPEG_Q" .)).RelPermalink }}" alt="">
    {{- else }}{{ \$reach = true }}{{ end }}
  {{- end }}
  {{- if \$reach }}
<source type="image/webp" srcset="{{ (\$img.Resize (printf "%dx webp q$WEBP_Q" \$img.Width)).RelPermalink }}">
<img src="{{ (\$img.Resize (printf "%dx q$JPEG_Q" \$img.Width)).RelPermalink }}" alt="">
  {{- end }}
</picture>
{{- end }}
{{ .Content }}</body></html>
EOF
    # An album: every photo page's smallest rendition, linked.
    cat >"$site/layouts/_default/list.html" <<EOF
<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>
{{- range .Pages }}{{ \$page := . }}
  {{- range first 1 (.Resources.ByType "image") }}
<a href="{{ \$page.RelPermalink }}"><img src="{{ (.Resize (printf "%dx q$JPEG_Q" (cond (lt .Width ${WIDTHS[0]}) .Width ${WIDTHS[0]}))).RelPermalink }}" alt=""></a>
  {{- end }}
{{- end }}
{{ .Content }}</body></html>
EOF
    printf -- '---\ntitle: Home\n---\n' >"$site/content/_index.md"
    for album in "$source"/content/album-*; do
        name=$(basename "$album")
        mkdir -p "$site/content/$name"
        printf -- '---\ntitle: %s\n---\n' "$name" >"$site/content/$name/_index.md"
        for photo in "$album"/*.jpg; do
            stem=$(basename "$photo" .jpg)
            mkdir -p "$site/content/$name/$stem"
            ln "$photo" "$site/content/$name/$stem/$stem.jpg"
            printf -- '---\ntitle: %s\n---\n' "$stem" >"$site/content/$name/$stem/index.md"
        done
    done
}

run_hugo() {
    local n=$1 source=$2 site="$WORK/hugo-$1"
    note "hugo, $n photos: writing the page bundles"
    hugo_site "$source" "$site"
    local edit="$site/content/album-001/photo-00000/index.md"
    local build=(hugo --source "$site" --cacheDir "$site/.cache" --quiet)
    rebuilds "hugo-$n" "$edit" "$site/public" "${build[@]}"

    note "hugo, $n photos: hugo server (warm resource cache)"
    sync
    local port log="$site/server.log" t0 start=- reload=-
    port=$(free_port)
    t0=$(now_ms)
    (cd "$site" && exec hugo server --bind 127.0.0.1 --port "$port" --baseURL "http://127.0.0.1/" \
        --cacheDir "$site/.cache") >"$log" 2>&1 &
    local pid=$!
    PIDS+=("$pid")
    if http_ok "$port" / 600; then
        start=$(awk -v a="$t0" -v b="$(now_ms)" 'BEGIN { printf "%.2f", (b - a) / 1000 }')
        local line
        line=$(python3 "$probe" --kind hugo --port "$port" --runs "$runs" --edit "$edit" \
            --template "$(sidecar_text '{n}')" --page /album-001/photo-00000/ \
            --add-source "$source/new-photo.jpg" --add-dest "$site/content/album-001/photo-00000/new-photo.jpg" \
            --add-page /album-001/photo-00000/ | grep '^RESULT' || true)
        [[ -n "$line" ]] && read -r _ _ reload _ <<<"$line"
    else
        tail -n 10 "$log" | sed 's/^/    | /' >&2
        note "hugo server did not start"
    fi
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    row "$n" "hugo $(hugo version 2>/dev/null | grep -oE 'v[0-9.]+' | head -n 1)" "$FULL" "$RSS" "$AGAIN" \
        "$SIDECAR" "$start" "$reload" "$SITE_MB" "$FILES"
    [[ "${KEEP:-0}" == 1 ]] || rm -rf "$site"
}

# --- sigal -------------------------------------------------------------------------------------
run_sigal() {
    local n=$1 source=$2 work="$WORK/sigal-$1"
    mkdir -p "$work"
    cp -rl "$source/content" "$work/sigal-src"
    rm -f "$work/sigal-src/site.yml" "$work/sigal-src/album-001/photo-00000.md"
    sidecar_text 0 >"$work/sigal-src/album-001/photo-00000.md"
    cat >"$work/sigal.conf.py" <<PY
source = "$work/sigal-src"
destination = "$work/sigal"
theme = "photoswipe"
title = "Scale benchmark"
PY
    local build=("$VENV_DIR/bin/sigal" build -c "$work/sigal.conf.py" --quiet -n "$JOBS")
    rebuilds "sigal-$n" "$work/sigal-src/album-001/photo-00000.md" "$work/sigal" "${build[@]}"
    row "$n" "sigal $("$VENV_DIR/bin/sigal" --version 2>/dev/null | grep -oE '[0-9.]+' | head -n 1)" \
        "$FULL" "$RSS" "$AGAIN" "$SIDECAR" - - "$SITE_MB" "$FILES"
    [[ "${KEEP:-0}" == 1 ]] || rm -rf "$work"
}

# --- the sharded first build ------------------------------------------------------------------
SHARD_REPORT=""
run_shards() {
    local n=$1 source=$2 dir="$WORK/shards-$1" k
    mkdir -p "$dir"
    note "sharded build, $n photos: 4 shards one after another"
    local lines=() shard_times=()
    for k in 1 2 3 4; do
        timed "shard-$n-$k" "$GALLERYC" build "$source/content" --output "$dir/unused" \
            --cache-dir "$dir/cache-$k" --shard "$k/4" --jobs "$JOBS"
        shard_times+=("$WALL")
        lines+=("  shard $k/4: $(grep -E '^Shard' "$WORK/shard-$n-$k.log"), peak RSS $RSS MB")
    done
    local t0 merge
    t0=$(now_ms)
    mkdir -p "$dir/merged"
    for k in 1 2 3 4; do cp -rln "$dir/cache-$k/." "$dir/merged/"; done
    merge=$(awk -v a="$t0" -v b="$(now_ms)" 'BEGIN { printf "%.2f", (b - a) / 1000 }')
    timed "shard-$n-final" "$GALLERYC" build "$source/content" --output "$dir/public" \
        --cache-dir "$dir/merged" --jobs "$JOBS"
    local final=$WALL slowest
    slowest=$(printf '%s\n' "${shard_times[@]}" | sort -g | tail -n 1)
    SHARD_REPORT+="sharded first build of $n photos (nproc $(nproc), --jobs $JOBS)"$'\n'
    SHARD_REPORT+="$(printf '%s\n' "${lines[@]}")"$'\n'
    SHARD_REPORT+="  merge (cp -rln of the four caches): $merge s"$'\n'
    SHARD_REPORT+="  final build: $(grep -E '^Built' "$WORK/shard-$n-final.log" || echo "?")"$'\n'
    if [[ -n "${FULL_OF[$n]:-}" ]]; then
        SHARD_REPORT+="$(awk -v one="${FULL_OF[$n]}" -v s="$slowest" -v m="$merge" -v f="$final" 'BEGIN {
            printf "  one machine: %.1f s; four machines: slowest shard %.1f s + merge %.1f s + final %.1f s = %.1f s (%.2fx)",
                one, s, m, f, s + m + f, (s + m + f) / one }')"$'\n'
    fi
    [[ "${KEEP:-0}" == 1 ]] || rm -rf "$dir"
}

# --- run ---------------------------------------------------------------------------------------
declare -A FULL_OF=()
for n in $sizes; do
    source=$(site_of "$n")
    [[ " $only " == *" galleryc "* ]] && run_galleryc "$n" "$source"
    if ((n <= peers_up_to)); then
        if [[ " $only " == *" hugo "* ]]; then
            if command -v hugo >/dev/null; then run_hugo "$n" "$source"; else row "$n" "hugo: NOT INSTALLED"; fi
        fi
        if [[ " $only " == *" sigal "* ]]; then
            if [[ -x "$VENV_DIR/bin/sigal" ]]; then run_sigal "$n" "$source"; else row "$n" "sigal: NOT INSTALLED"; fi
        fi
    fi
done
if ((shard_size > 0)) && [[ " $only " == *" galleryc "* ]]; then
    run_shards "$shard_size" "$(site_of "$shard_size")"
fi

# --- report ------------------------------------------------------------------------------------
printf '\nScale: 400x300 photos, 100 per album; nproc %s, --jobs %s; medians of %s runs\n' "$(nproc)" "$JOBS" "$runs"
printf '%7s  %-14s %9s %8s %11s %10s %12s %10s %8s %8s\n' photos tool 'full s' 'RSS MB' 'no-change s' \
    'sidecar s' 'serve start s' 'reload ms' 'site MB' files
printf '%s' "$ROWS" | while IFS='|' read -r n tool full rss again sidecar start reload mb files; do
    [[ -n "$n" ]] || continue
    printf '%7s  %-14s %9s %8s %11s %10s %12s %10s %8s %8s\n' "$n" "$tool" "${full:--}" "${rss:--}" \
        "${again:--}" "${sidecar:--}" "${start:--}" "${reload:--}" "${mb:--}" "${files:--}"
done

printf '\ngalleryc / peer, same size (below 1.00 = galleryc faster)\n'
printf '%s' "$ROWS" | awk -F'|' '
    $2 == "galleryc" { for (i = 3; i <= 8; i++) g[$1, i] = $i; next }
    NF >= 8 {
        line = sprintf("  %6s photos vs %-12s", $1, $2)
        cols[1] = 3; cols[2] = 5; cols[3] = 6; cols[4] = 7; cols[5] = 8
        label[1] = "full"; label[2] = "no-change"; label[3] = "sidecar"; label[4] = "serve start"; label[5] = "reload"
        for (c = 1; c <= 5; c++) {
            i = cols[c]
            if ($i != "-" && $i > 0 && g[$1, i] != "" && g[$1, i] != "-")
                line = line sprintf("  %s %.2fx", label[c], g[$1, i] / $i)
        }
        print line
    }'

printf '\ngalleryc against the targets\n'
printf '%s' "$ROWS" | awk -F'|' -v sizes="$sizes" '
    $2 == "galleryc" { full[$1] = $3; rss[$1] = $4; again[$1] = $5; side[$1] = $6; start[$1] = $7; reload[$1] = $8 }
    function verdict(value, limit) { return (value == "-" || value == "") ? "NOT MEASURED" : (value + 0 <= limit ? "met" : "MISSED") }
    END {
        if (10000 in full) {
            printf "  10,000: no-change %s s (<= 1 s: %s), sidecar %s s (<= 1 s: %s), serve start %s s (<= 2 s: %s), reload %s ms (<= 300 ms: %s)\n",
                again[10000], verdict(again[10000], 1), side[10000], verdict(side[10000], 1),
                start[10000], verdict(start[10000], 2), reload[10000], verdict(reload[10000], 300)
        }
        if (50000 in full) {
            printf "  50,000: no-change %s s (<= 4 s: %s), peak RSS %s MB (<= 400 MB: %s)\n",
                again[50000], verdict(again[50000], 4), rss[50000], verdict(rss[50000], 400)
            if (10000 in full && full[10000] > 0)
                printf "  50,000 full build %.2fx the 10,000 one (<= 5.5x: %s)\n", full[50000] / full[10000],
                    verdict(full[50000] / full[10000], 5.5)
        }
        n = split(sizes, list, " ")
        if (n > 1 && (list[1] in full)) {
            printf "  full build per photo:"
            for (i = 1; i <= n; i++) if (list[i] in full) printf "  %s: %.1f ms", list[i], full[list[i]] * 1000 / list[i]
            printf "\n"
        }
    }'
if [[ -n "$SHARD_REPORT" ]]; then
    printf '\n%s' "$SHARD_REPORT"
fi
