# Shared helpers for the benchmark scripts. Sourced, not run.
# shellcheck shell=bash

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$BENCH_DIR/.." && pwd)
OUT_DIR="$BENCH_DIR/out"
VENV_DIR="$BENCH_DIR/.venv"
GALLERYC="${GALLERYC:-$REPO_DIR/.build/release/galleryc}"
JOBS="${JOBS:-$(nproc)}"
WIDTHS=(480 960 1600 2400)
JPEG_Q=82
WEBP_Q=80
# AVIF quality of the avif row: galleryc's default (Benchmarks/avif-quality.py chose it).
AVIF_Q=65
GNU_TIME=/usr/bin/time

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

note() { printf '%s\n' "$*" >&2; }

# work_folder NAME: a fresh folder for this run in $OUT_DIR as WORK, and PIDS, the servers the
# script starts; on exit they get SIGINT and are waited for, and WORK is removed (KEEP=1 keeps it).
work_folder() {
    mkdir -p "$OUT_DIR"
    WORK=$(mktemp -d "$OUT_DIR/$1.XXXXXX")
    PIDS=()
    trap stop_work EXIT
}

stop_work() {
    local pid
    for pid in "${PIDS[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [[ "${KEEP:-0}" == 1 ]]; then note "kept $WORK"; else rm -rf "$WORK"; fi
}

# free_port: a TCP port nothing listens on now.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# http_ok PORT PATH SECONDS: waits until the path answers 200.
http_ok() {
    python3 - "$@" <<'PY'
import http.client, sys, time
port, path, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        c.request("GET", path)
        if c.getresponse().status == 200:
            sys.exit(0)
    except OSError:
        pass
    time.sleep(0.02)
sys.exit(1)
PY
}

# The photo corpus: $CORPUS, else <repo>/../shared/corpus (where the published figures were
# measured), else the shared folder next to the main checkout when this is a git worktree,
# else the repository's own Tests/Fixtures/corpus (the same photos but one; see its README).
find_corpus() {
    if [[ -n "${CORPUS:-}" ]]; then
        [[ -d "$CORPUS" ]] || die "CORPUS=$CORPUS is not a folder"
        printf '%s\n' "$CORPUS"
        return
    fi
    local candidate="$REPO_DIR/../shared/corpus"
    if [[ ! -d "$candidate" ]]; then
        local common
        common=$(git -C "$REPO_DIR" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
        [[ -n "$common" ]] && candidate="$common/../../shared/corpus"
    fi
    [[ -d "$candidate" ]] || candidate="$REPO_DIR/Tests/Fixtures/corpus"
    [[ -d "$candidate" ]] || die "photo corpus not found; set CORPUS=/path/to/corpus"
    (cd "$candidate" && pwd)
}

# Installs the peers when missing (idempotent). Never fails the run: a peer that cannot be
# installed is reported as such in its row.
ensure_peers() {
    local missing=()
    command -v vipsthumbnail >/dev/null || missing+=(libvips-tools)
    command -v vipsheader >/dev/null || missing+=(libvips-tools)
    command -v hugo >/dev/null || missing+=(hugo)
    command -v exiftool >/dev/null || missing+=(libimage-exiftool-perl)
    [[ -x "$GNU_TIME" ]] && "$GNU_TIME" --version 2>&1 | grep -q 'GNU' || missing+=(time)
    if ((${#missing[@]})); then
        local sudo=()
        ((EUID == 0)) || sudo=(sudo)
        note "installing Debian packages: ${missing[*]}"
        # apt-get update first: on a fresh machine the package lists are empty.
        if ! "${sudo[@]}" apt-get update -qq ||
            ! DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
                --no-install-recommends "${missing[@]}" >/dev/null; then
            note "warning: apt-get install ${missing[*]} failed; those rows will say so"
        fi
    fi
    command -v exiftool >/dev/null || die "exiftool (Debian libimage-exiftool-perl) is required to read photo sizes"
    [[ -x "$GNU_TIME" ]] || die "GNU time ($GNU_TIME) is required to measure and could not be installed"
    if [[ ! -x "$VENV_DIR/bin/sigal" ]]; then
        note "installing sigal into $VENV_DIR"
        if ! { python3 -m venv "$VENV_DIR" && "$VENV_DIR/bin/pip" install -q sigal; }; then
            note "warning: could not install sigal from PyPI; its row will say so"
        fi
    fi
}

# Copies every distinct JPEG under $1 (byte-identical duplicates dropped, names made
# URL-safe) into album folder $2.
make_photo_set() {
    local src=$1 album=$2 n=0
    mkdir -p "$album"
    declare -A seen=()
    local f sum base
    while IFS= read -r -d '' f; do
        sum=$(sha256sum "$f" | cut -c1-64)
        [[ -n "${seen[$sum]:-}" ]] && continue
        seen[$sum]=1
        n=$((n + 1))
        base=$(basename "$f")
        base=${base%.*}
        base=$(printf '%s' "$base" | LC_ALL=C tr -c 'A-Za-z0-9_-' '-' | tr 'A-Z' 'a-z')
        cp "$f" "$album/$(printf '%03d' "$n")-$base.jpg"
    done < <(find "$src" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -print0 | LC_ALL=C sort -z)
    ((n > 0)) || die "no JPEG found under $src"
}

# Fills DISPLAY_WIDTH[path] (width as displayed: EXIF orientation 5-8 swaps width and height)
# and PIXELS[path] for every JPEG under $1, with one exiftool run.
declare -A DISPLAY_WIDTH=() PIXELS=()
load_dimensions() {
    local dir file w h o
    while IFS=$'\t' read -r dir file w h o; do
        [[ $w =~ ^[0-9]+$ && $h =~ ^[0-9]+$ ]] || die "cannot read the size of $dir/$file"
        if [[ $o =~ ^[5-8]$ ]]; then DISPLAY_WIDTH["$dir/$file"]=$h; else DISPLAY_WIDTH["$dir/$file"]=$w; fi
        PIXELS["$dir/$file"]=$((w * h))
    done < <(exiftool -q -n -T -r -ext jpg -Directory -FileName -ImageWidth -ImageHeight -Orientation "$1")
}

# The rendition widths for a photo of display width $1, by galleryc's rule (RenditionPlan.widths)
# so that every tool makes the same files: each configured width below the photo's width, plus
# the photo's own width when a configured width reaches it. Never an upscale.
widths_for() {
    local dw=$1 w reach=0
    for w in "${WIDTHS[@]}"; do
        if ((w < dw)); then
            echo "$w"
        else
            reach=1
        fi
    done
    if ((reach)); then echo "$dw"; fi
}

# measure SLUG LABEL CMD...: runs CMD under GNU time, appends one result line to $RESULTS
# (slug|label|status|wall|cpu|rss_mb|files|out_mb). Outputs are counted by count_outputs_SLUG
# if such a function exists (it reads $2: the output folder in $OUTPUT_OF).
RESULTS=""
measure() {
    local slug=$1 label=$2
    shift 2
    local tf="$WORK/$slug.time" log="$WORK/$slug.log"
    local status=ok wall=- cpu=- rss=- files=- outmb=-
    if "$GNU_TIME" -f '%e %U %S %M' -o "$tf" -- "$@" >"$log" 2>&1; then
        :
    else
        local rc=$?
        status="FAILED (exit $rc): $(grep -v '^Command exited' "$log" | grep -v '^[[:space:]]*$' | tail -n 1 | cut -c1-110 || true)"
    fi
    if [[ $status == ok && -s "$tf" ]]; then
        local e u s m
        read -r e u s m < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$tf" | tail -n 1) || true
        if [[ -n "${e:-}" ]]; then
            wall=$e
            cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
            rss=$(awk -v m="$m" 'BEGIN { printf "%.0f", m / 1024 }')
        fi
    fi
    if [[ -n "${OUTPUT_OF:-}" && ! -d "$OUTPUT_OF" ]]; then
        files=0
    elif [[ -n "${OUTPUT_OF:-}" ]]; then
        files=$(find "$OUTPUT_OF" -type f \( -name '*.jpg' -o -name '*.jpeg' -o -name '*.webp' \) \
            ${OUTPUT_FILTER:+-path "$OUTPUT_FILTER"} | wc -l)
        outmb=$(find "$OUTPUT_OF" -type f \( -name '*.jpg' -o -name '*.jpeg' -o -name '*.webp' \) \
            ${OUTPUT_FILTER:+-path "$OUTPUT_FILTER"} -printf '%s\n' |
            awk '{ s += $1 } END { printf "%.1f", s / 1048576 }')
    fi
    if [[ $status == ok && $files == 0 ]]; then
        status="FAILED: exited 0 but wrote no .jpg/.webp under its output folder"
    fi
    RESULTS+="$slug|$label|$status|$wall|$cpu|$rss|$files|$outmb"$'\n'
    if [[ $status != ok ]]; then
        note "  $label: $status (last lines of its output below; KEEP=1 keeps the whole log)"
        sed 's/^/    | /' "$log" | tail -n 8 >&2
    else
        note "  $label: ${wall}s wall, ${cpu}s CPU, ${rss} MB peak RSS"
    fi
}

# Records a row for a tool that could not run at all.
skip_row() {
    RESULTS+="$1|$2|$3|-|-|-|-|-"$'\n'
    note "  $2: $3"
}

print_table() {
    printf '\n%-34s %8s %8s %9s %6s %8s  %s\n' tool 'wall s' 'CPU s' 'RSS MB' files 'out MB' status
    printf '%s\n' "$RESULTS" | while IFS='|' read -r slug label status wall cpu rss files outmb; do
        [[ -n "$slug" ]] || continue
        printf '%-34s %8s %8s %9s %6s %8s  %s\n' "$label" "$wall" "$cpu" "$rss" "$files" "$outmb" "$status"
    done
}

# Prints galleryc's wall and CPU ratio (galleryc / peer; below 1 means galleryc is faster) for
# each galleryc row against each peer row.
print_ratios() {
    local rows
    rows=$(printf '%s' "$RESULTS" | grep -v '^$')
    printf '\ngalleryc / peer (below 1.00 = galleryc faster)\n'
    local g gl gs gw gc p pl ps pw pc
    while IFS='|' read -r g gl gs gw gc _; do
        [[ $g == galleryc* ]] || continue
        while IFS='|' read -r p pl ps pw pc _; do
            [[ $p == galleryc* ]] && continue
            if [[ $gs != ok ]]; then
                printf '  %-28s vs %-32s n/a (galleryc did not run)\n' "$gl" "$pl"
            elif [[ $ps != ok ]]; then
                printf '  %-28s vs %-32s n/a (peer did not run)\n' "$gl" "$pl"
            else
                awk -v a="$gw" -v b="$pw" -v c="$gc" -v d="$pc" -v gl="$gl" -v pl="$pl" 'BEGIN {
                    printf "  %-28s vs %-32s wall %5.2fx   CPU %5.2fx\n", gl, pl,
                        (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }'
            fi
        done <<<"$rows"
    done <<<"$rows"
}

# Checks that the galleryc binary exists; prints the reason it cannot run, or nothing.
galleryc_problem() {
    if [[ ! -x "$GALLERYC" ]]; then
        echo "NOT BUILT: $GALLERYC missing (run: swift build -c release)"
    fi
}

# build_sigal <work> <title>: installs sigal into $VENV_DIR when missing, then builds
# <work>/sigal-src into <work>/sigal with the photoswipe theme and sigal's default sizes.
build_sigal() {
    local work=$1 title=$2
    if [[ ! -x "$VENV_DIR/bin/sigal" ]]; then
        note "installing sigal into $VENV_DIR"
        python3 -m venv "$VENV_DIR" && "$VENV_DIR/bin/pip" install -q sigal || die "could not install sigal"
    fi
    note "building the sigal site (photoswipe theme, sigal's default sizes)"
    cat >"$work/sigal.conf.py" <<PY
source = "$work/sigal-src"
destination = "$work/sigal"
theme = "photoswipe"
title = "$title"
PY
    "$VENV_DIR/bin/sigal" build -c "$work/sigal.conf.py" --quiet
}
