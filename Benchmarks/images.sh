#!/usr/bin/env bash
# Side-by-side image benchmark: galleryc against vipsthumbnail, Hugo and sigal on the same
# photos, the same widths (480, 960, 1600, 2400; never upscaled) and JPEG quality 82.
#
#   Benchmarks/images.sh [PHOTO_DIR]     photos under PHOTO_DIR (default: ../shared/corpus)
#   Benchmarks/images.sh --large         the 24 MP set made by make-large.sh (made if missing)
#
# Environment: JOBS (default nproc), GALLERYC (default .build/release/galleryc), CORPUS,
# ONLY (space-separated row slugs to run, e.g. "vips-baseline hugo"), KEEP=1 keeps the
# temporary folder. See Benchmarks/README.md for what each row does and how fair it is.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

large=0
photo_dir=""
for arg in "$@"; do
    case $arg in
        --large) large=1 ;;
        -h | --help)
            sed -n '2,11p' "$0"
            exit 0
            ;;
        -*) die "unknown option $arg" ;;
        *) photo_dir=$arg ;;
    esac
done

ensure_peers

if ((large)); then
    [[ -z "$photo_dir" ]] || die "--large and PHOTO_DIR are exclusive"
    photo_dir="$OUT_DIR/large"
    [[ -d "$photo_dir" ]] || "$BENCH_DIR/make-large.sh"
elif [[ -z "$photo_dir" ]]; then
    photo_dir=$(find_corpus)
fi
[[ -d "$photo_dir" ]] || die "$photo_dir is not a folder"
photo_dir=$(cd "$photo_dir" && pwd)

mkdir -p "$OUT_DIR"
WORK=$(mktemp -d "$OUT_DIR/images.XXXXXX")
cleanup() { if [[ "${KEEP:-0}" == 1 ]]; then note "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

want() { [[ -z "${ONLY:-}" || " $ONLY " == *" $1 "* ]]; }

# --- the photo set: one album, distinct JPEGs, URL-safe names -------------------------------
album_name=photos
SET="$WORK/content/$album_name"
make_photo_set "$photo_dir" "$SET"
mapfile -t PHOTOS < <(find "$SET" -type f -name '*.jpg' | LC_ALL=C sort)
load_dimensions "$SET"
mpix=$(for p in "${PHOTOS[@]}"; do echo "${PIXELS[$p]}"; done | awk '{ s += $1 } END { printf "%.1f", s / 1e6 }')
renditions=0
for p in "${PHOTOS[@]}"; do
    renditions=$((renditions + $(widths_for "${DISPLAY_WIDTH[$p]}" | wc -l)))
done
note "photos: ${#PHOTOS[@]} distinct JPEGs from $photo_dir ($mpix MP in all)"
note "JPEG renditions expected at widths ${WIDTHS[*]} (no upscaling): $renditions; jobs: $JOBS"

# --- galleryc -------------------------------------------------------------------------------
galleryc_row() { # slug label formats
    local slug=$1 label=$2 formats=$3 problem
    want "$slug" || return 0
    problem=$(galleryc_problem)
    if [[ -n "$problem" ]]; then
        skip_row "$slug" "$label" "$problem"
        return 0
    fi
    local content="$WORK/$slug-content" widths_yaml
    widths_yaml=$(printf '%s, ' "${WIDTHS[@]}")
    widths_yaml=${widths_yaml%, }
    mkdir -p "$content"
    cp -al "$SET" "$content/$album_name" 2>/dev/null || cp -a "$SET" "$content/$album_name"
    cat >"$content/site.yml" <<EOF
title: galleryc benchmark
images:
  widths: [$widths_yaml]
  formats: [$formats]
  quality: {jpeg: $JPEG_Q, webp: $WEBP_Q, avif: $AVIF_Q}
EOF
    rm -rf "$WORK/$slug-cache" "$WORK/$slug-out" # cold: no cache
    OUTPUT_OF="$WORK/$slug-out" OUTPUT_FILTER='*/_img/*' measure "$slug" "$label" \
        "$GALLERYC" build "$content" --output "$WORK/$slug-out" --jobs "$JOBS" \
        --cache-dir "$WORK/$slug-cache"
}
galleryc_row galleryc-jpeg "galleryc (jpeg, cold)" jpeg
galleryc_row galleryc-webp "galleryc (webp+jpeg, cold)" "webp, jpeg"
galleryc_row galleryc-avif "galleryc (avif+webp+jpeg, cold)" "avif, webp, jpeg"

# --- vipsthumbnail: one process per width per photo, JOBS processes at a time ---------------
vips_row() { # slug label save-options
    local slug=$1 label=$2 opts=$3
    want "$slug" || return 0
    if ! command -v vipsthumbnail >/dev/null; then
        skip_row "$slug" "$label" "NOT INSTALLED: vipsthumbnail (Debian libvips-tools)"
        return 0
    fi
    local out="$WORK/$slug-out" args="$WORK/$slug.args" p w
    : >"$args"
    for p in "${PHOTOS[@]}"; do
        while read -r w; do
            mkdir -p "$out/$w"
            # "Wx": width W, height unbounded; ">": only ever shrink.
            printf '%s\0%s\0%s\0' "--size=${w}x>" "--output=$out/$w/%s.jpg[$opts]" "$p" >>"$args"
        done < <(widths_for "${DISPLAY_WIDTH[$p]}")
    done
    # One libvips thread per process: JOBS processes use JOBS cores, as galleryc's JOBS workers.
    OUTPUT_OF="$out" VIPS_CONCURRENCY=1 measure "$slug" "$label" \
        xargs -0 -P "$JOBS" -n 3 -a "$args" vipsthumbnail
}
vips_row vips-baseline "vipsthumbnail (baseline)" "Q=$JPEG_Q"
vips_row vips-progressive "vipsthumbnail (progressive+opt)" "Q=$JPEG_Q,interlace,optimize_coding"

# --- Hugo: page bundles whose layout resizes every photo to every width ----------------------
hugo_row() {
    local slug=hugo label="hugo $(hugo version 2>/dev/null | grep -o 'v[0-9.]*' | head -n 1)"
    want "$slug" || return 0
    if ! command -v hugo >/dev/null; then
        skip_row "$slug" "hugo" "NOT INSTALLED: hugo (Debian package hugo)"
        return 0
    fi
    local site="$WORK/hugo-site" i=0 b
    mkdir -p "$site/content" "$site/layouts/_default"
    cat >"$site/config.toml" <<EOF
baseURL = "https://example.org/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[imaging]
  quality = $JPEG_Q
  resampleFilter = "lanczos"
EOF
    printf -- '---\ntitle: home\n---\n' >"$site/content/_index.md"
    printf '<!doctype html><title>home</title>\n' >"$site/layouts/index.html"
    local hugo_widths
    hugo_widths=$(printf '%s ' "${WIDTHS[@]}")
    # Hugo 0.111 does not apply EXIF orientation: read it and rotate (r90/r180/r270), as Hugo
    # gallery themes do; mirrored orientations (2, 4, 5, 7) cannot be expressed.
    cat >"$site/layouts/_default/single.html" <<EOF
<!doctype html><title>{{ .Title }}</title>
{{- \$widths := slice $hugo_widths }}
{{- range .Resources.ByType "image" }}
  {{- \$img := . }}
  {{- \$o := 1 }}
  {{- with \$img.Exif }}{{ with .Tags.Orientation }}{{ \$o = int . }}{{ end }}{{ end }}
  {{- \$rot := "" }}
  {{- if eq \$o 5 6 }}{{ \$rot = " r270" }}{{ else if eq \$o 7 8 }}{{ \$rot = " r90" }}{{ else if eq \$o 3 4 }}{{ \$rot = " r180" }}{{ end }}
  {{- \$dw := \$img.Width }}
  {{- if eq \$o 5 6 7 8 }}{{ \$dw = \$img.Height }}{{ end }}
  {{- \$reach := false }}
  {{- range \$widths }}
    {{- if lt . \$dw }}
      {{- \$r := \$img.Resize (printf "%dx q$JPEG_Q%s" . \$rot) }}
<img src="{{ \$r.RelPermalink }}" width="{{ \$r.Width }}" height="{{ \$r.Height }}">
    {{- else }}
      {{- \$reach = true }}
    {{- end }}
  {{- end }}
  {{- if \$reach }}
    {{- \$r := \$img.Resize (printf "%dx q$JPEG_Q%s" \$dw \$rot) }}
<img src="{{ \$r.RelPermalink }}" width="{{ \$r.Width }}" height="{{ \$r.Height }}">
  {{- end }}
{{- end }}
EOF
    # Hugo processes the images of one page one after another and pages in parallel, so the
    # photos are dealt round-robin into JOBS bundles: Hugo gets JOBS-way parallelism.
    for b in $(seq 1 "$JOBS"); do
        mkdir -p "$site/content/bundle$b"
        printf -- '---\ntitle: bundle %s\n---\n' "$b" >"$site/content/bundle$b/index.md"
    done
    for p in "${PHOTOS[@]}"; do
        b=$((i % JOBS + 1))
        i=$((i + 1))
        cp -l "$p" "$site/content/bundle$b/" 2>/dev/null || cp "$p" "$site/content/bundle$b/"
    done
    rm -rf "$site/resources" "$WORK/hugo-cache" "$WORK/hugo-out" # cold: no resources/_gen, no cacheDir
    OUTPUT_OF="$WORK/hugo-out" OUTPUT_FILTER='*_hu*' GOMAXPROCS="$JOBS" measure "$slug" "$label" \
        hugo --source "$site" --destination "$WORK/hugo-out" --cacheDir "$WORK/hugo-cache" --quiet
}
hugo_row

# --- sigal: one large size and one thumbnail per photo ---------------------------------------
sigal_row() {
    local slug=sigal sigal="$VENV_DIR/bin/sigal"
    local label="sigal $("$sigal" --version 2>/dev/null | grep -o '[0-9][0-9.]*' | head -n 1)"
    want "$slug" || return 0
    if [[ ! -x "$sigal" ]]; then
        skip_row "$slug" "sigal" "NOT INSTALLED: sigal (pip install sigal into $VENV_DIR failed)"
        return 0
    fi
    local src="$WORK/sigal-src" conf="$WORK/sigal.conf.py" maxw=${WIDTHS[-1]} minw=${WIDTHS[0]}
    mkdir -p "$src"
    cp -al "$SET" "$src/$album_name" 2>/dev/null || cp -a "$SET" "$src/$album_name"
    # sigal makes one resized image (img_size, a box: long edge <= maxw, never upscaled) and
    # a thumbnail of it (thumb_size, a box, not cropped): 2 renditions where the others make 4.
    cat >"$conf" <<EOF
source = "$src"
destination = "$WORK/sigal-out"
img_processor = "ResizeToFit"
img_size = ($maxw, $maxw)
thumb_size = ($minw, $minw)
thumb_fit = False
jpg_options = {"quality": $JPEG_Q, "optimize": True, "progressive": True}
autorotate_images = True
keep_orig = False
zip_gallery = False
EOF
    rm -rf "$WORK/sigal-out"
    OUTPUT_OF="$WORK/sigal-out" measure "$slug" "$label" "$sigal" build -c "$conf" -n "$JOBS" --quiet
}
sigal_row

printf '\n%s: %d photos, %s MP, widths %s (%d JPEG renditions without upscaling), JPEG q%s, jobs %s\n' \
    "$photo_dir" "${#PHOTOS[@]}" "$mpix" "${WIDTHS[*]}" "$renditions" "$JPEG_Q" "$JOBS"
print_table
print_ratios

# --- AVIF's cost and bytes --------------------------------------------------------------------
# The avif+webp+jpeg row makes the same WebP and JPEG files as the webp+jpeg row plus the AVIF
# ones, so the difference in CPU time is what AVIF costs; its files are counted by format.
avif_report() {
    local avif_row webp_row
    avif_row=$(printf '%s' "$RESULTS" | grep '^galleryc-avif|' || true)
    webp_row=$(printf '%s' "$RESULTS" | grep '^galleryc-webp|' || true)
    printf '
AVIF (speed 8, quality %s, against WebP q%s and JPEG q%s)
' "$AVIF_Q" "$WEBP_Q" "$JPEG_Q"
    local a_status a_cpu w_status w_cpu
    IFS='|' read -r _ _ a_status _ a_cpu _ <<<"$avif_row"
    IFS='|' read -r _ _ w_status _ w_cpu _ <<<"$webp_row"
    if [[ "${a_status:-}" != ok || "${w_status:-}" != ok ]]; then
        printf '  n/a (the galleryc avif and webp rows must both run)
'
        return
    fi
    local out="$WORK/galleryc-avif-out" ext bytes
    declare -A size
    for ext in avif webp jpg; do
        bytes=$(find "$out" -path '*/_img/*' -type f -name "*.$ext" -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
        size[$ext]=$bytes
    done
    awk -v a="$a_cpu" -v w="$w_cpu" -v n="${#PHOTOS[@]}" -v mp="$mpix" 'BEGIN {
        printf "  cost: %.2f s of CPU per photo (%.2f s per MP) on top of WebP + JPEG\n", (a - w) / n, (a - w) / mp }'
    awk -v av="${size[avif]}" -v wb="${size[webp]}" -v jp="${size[jpg]}" 'BEGIN {
        printf "  bytes: AVIF %.1f MB, WebP %.1f MB, JPEG %.1f MB: AVIF is %.0f%% of WebP, %.0f%% of JPEG\n",
            av / 1048576, wb / 1048576, jp / 1048576, (wb > 0 ? 100 * av / wb : 0), (jp > 0 ? 100 * av / jp : 0) }'
}
want galleryc-avif && avif_report
any_failed=0
while IFS='|' read -r slug _ st _; do
    [[ -z "$slug" || $st == ok ]] || any_failed=1
done <<<"$RESULTS"

# --- Peak RSS check on 24 MP photos ----------------------------------------------------------
if ((large)) && want galleryc-jpeg; then
    target_mb=400
    printf '\npeak RSS check (24 MP, --jobs 2, target %s MB): ' "$target_mb"
    problem=$(galleryc_problem)
    if [[ -n "$problem" ]]; then
        printf 'galleryc %s\n' "$problem"
    else
        JOBS=2
        RESULTS=""
        ONLY="" galleryc_row galleryc-rss "galleryc (jpeg, --jobs 2)" jpeg 2>/dev/null || true
        IFS='|' read -r _ _ st _ _ rss _ <<<"$RESULTS"
        if [[ $st != ok ]]; then
            printf 'galleryc %s\n' "$st"
        elif ((rss <= target_mb)); then
            printf '%s MB <= %s MB: OK\n' "$rss" "$target_mb"
        else
            printf '%s MB > %s MB: OVER TARGET\n' "$rss" "$target_mb"
        fi
    fi
fi

if ((any_failed)); then
    note "some rows did not run (see their status above): exit status 1"
    exit 1
fi
