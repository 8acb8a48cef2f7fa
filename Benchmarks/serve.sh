#!/usr/bin/env bash
# Live-preview benchmark: a generated 200-photo site (4 albums of 50 small photos copied from
# the corpus, each made byte-unique with its own JPEG comment), served by `galleryc serve`; a
# client listens on the reload channel while one photo caption (a Markdown file) is saved RUNS
# times: each time, save -> `reload` received. Then one photo is added: copy -> its page
# answers 200. `hugo server` runs on the same photos the same way (LiveReload websocket).
#
#   Benchmarks/serve.sh             env: PHOTOS (200), RUNS (20), GALLERYC, CORPUS, ONLY
#                                   ("galleryc hugo"), KEEP=1 keeps the sites and logs
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

count=${PHOTOS:-200}
albums=4
runs=${RUNS:-20}
only=${ONLY:-galleryc hugo}
target_ms=150
command -v python3 >/dev/null || die "python3 is needed for the reload client"
command -v hugo >/dev/null || [[ " $only " != *" hugo "* ]] || ensure_peers
corpus=$(find_corpus)
probe="$BENCH_DIR/reload_probe.py"

work_folder serve

# --- the photos (shared by both sites) ---------------------------------------------------------
make_photo_set "$corpus/sigal-sample" "$WORK/sources"
photos="$WORK/photos"
python3 - "$WORK/sources" "$photos" "$count" "$albums" <<'EOF'
import os, sys
src, dest, count, albums = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
files = sorted(os.path.join(src, f) for f in os.listdir(src))
blobs = [open(f, "rb").read() for f in files]

def with_comment(data, text):
    i = 2
    while data[i] == 0xFF and 0xE0 <= data[i + 1] <= 0xEF:  # after APP0..APP15
        i += 2 + int.from_bytes(data[i + 2:i + 4], "big")
    body = text.encode()
    return data[:i] + b"\xff\xfe" + (len(body) + 2).to_bytes(2, "big") + body + data[i:]

per_album = -(-count // albums)
for n in range(count + 1):  # the last one is the photo added during the run
    album = os.path.join(dest, "album-%02d" % (n // per_album + 1)) if n < count else dest
    os.makedirs(album, exist_ok=True)
    name = "new-photo" if n == count else "%04d-photo" % (n + 1)
    with open(os.path.join(album, name + ".jpg"), "wb") as f:
        f.write(with_comment(blobs[n % len(blobs)], "galleryc serve benchmark copy %d" % n))
EOF
made=$(find "$photos" -mindepth 2 -name '*.jpg' | wc -l)
distinct=$(find "$photos" -name '*.jpg' -exec sha256sum {} + | cut -c1-64 | sort -u | wc -l)
((distinct == made + 1)) || die "generated photos are not all byte-distinct"
note "site: $made photos in $albums albums, from $(find "$WORK/sources" -name '*.jpg' | wc -l) corpus photos"
first_photo=0001-photo
caption() { printf 'caption edit %s' "$1"; }

declare -A RESULT=() WHY=()

# --- galleryc serve ----------------------------------------------------------------------------
run_galleryc() {
    local problem
    problem=$(galleryc_problem)
    if [[ -n "$problem" ]]; then
        WHY[galleryc]="galleryc $problem"
        return
    fi
    local content="$WORK/galleryc/content" log="$WORK/galleryc/serve.log"
    mkdir -p "$content"
    cp -rl "$photos"/album-* "$content/"
    cat >"$content/site.yml" <<EOF
title: galleryc serve benchmark
images:
  widths: [480, 960]
  formats: [jpeg]
  quality: {jpeg: $JPEG_Q}
EOF
    printf -- '---\ntitle: Home\n---\n\nThe serve benchmark.\n' >"$content/index.md"
    local a
    for a in "$content"/album-*; do
        printf -- '---\ntitle: %s\ndate: 2024-05-01\n---\n' "$(basename "$a")" >"$a/index.md"
    done
    local template
    template=$(printf -- '---\nalt: A benchmark photo.\n---\n\n%s.\n' "$(caption '{n}')")
    printf '%s' "${template//\{n\}/0}" >"$content/album-01/$first_photo.md"

    note "galleryc: starting galleryc serve (first build of $made photos)"
    (cd "$WORK/galleryc" && exec "$GALLERYC" serve content --port 0 --output public) >"$log" 2>&1 &
    PIDS+=($!)
    local port="" i
    for i in $(seq 1 600); do
        port=$(grep -oE 'Serving http://127\.0\.0\.1:[0-9]+/' "$log" | grep -oE '[0-9]+/$' | tr -d / || true)
        [[ -n "$port" ]] && grep -qE '^Built [0-9]+ pages' "$log" && break
        kill -0 "${PIDS[-1]}" 2>/dev/null || break
        sleep 0.5
    done
    if [[ -z "$port" ]] || ! grep -qE '^Built [0-9]+ pages' "$log"; then
        tail -n 20 "$log" | sed 's/^/    | /' >&2
        WHY[galleryc]="galleryc serve did not start or its first build failed (log above)"
        return
    fi
    note "galleryc: $(grep -E '^Built' "$log" | head -n 1), on port $port"
    local page="/album-01/$first_photo/"
    if ! http_ok "$port" "$page" 10; then
        WHY[galleryc]="the photo page $page is not served"
        return
    fi
    local line
    line=$(python3 "$probe" --kind galleryc --port "$port" --runs "$runs" \
        --edit "$content/album-01/$first_photo.md" --template "$template" --page "$page" \
        --add-source "$photos/new-photo.jpg" --add-dest "$content/album-01/new-photo.jpg" \
        --add-page /album-01/new-photo/ | grep '^RESULT' || true)
    RESULT[galleryc]=$line
    # galleryc's own rebuild times, from its log (the first line is the initial build).
    BUILD_MEDIAN=$(grep -oE '^Built .* in [0-9.]+ s' "$log" | tail -n +2 | grep -oE '[0-9.]+ s$' |
        tr -d ' s' | sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "-" }')
    FIRST_BUILD=$(grep -oE '^Built .* in [0-9.]+ s' "$log" | head -n 1 | grep -oE '[0-9.]+ s$')
}

# --- hugo server -------------------------------------------------------------------------------
run_hugo() {
    if ! command -v hugo >/dev/null; then
        WHY[hugo]="NOT INSTALLED: hugo (Debian package hugo)"
        return
    fi
    local site="$WORK/hugo" log="$WORK/hugo/server.log" a b
    mkdir -p "$site/content" "$site/layouts/_default"
    cat >"$site/config.toml" <<EOF
baseURL = "http://127.0.0.1/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[imaging]
  quality = $JPEG_Q
  resampleFilter = "lanczos"
EOF
    printf -- '---\ntitle: Home\n---\n' >"$site/content/_index.md"
    printf '<!doctype html><title>home</title>\n' >"$site/layouts/index.html"
    # An album page: every photo with its caption (the resource's title) and renditions at the
    # widths galleryc makes (480 and 960, never upscaled; a narrower photo at its own width).
    cat >"$site/layouts/_default/single.html" <<'EOF'
<!doctype html><html><head><title>{{ .Title }}</title></head><body>
{{- range .Resources.ByType "image" }}
  {{- $img := . }}
  {{- $done := false }}
<figure><figcaption>{{ $img.Title }}</figcaption>
  {{- range slice 480 960 }}
    {{- if le . $img.Width }}
      {{- $r := $img.Resize (printf "%dx q82" .) }}
<img src="{{ $r.RelPermalink }}" width="{{ $r.Width }}" height="{{ $r.Height }}" alt="">
      {{- $done = true }}
    {{- end }}
  {{- end }}
  {{- if not $done }}
    {{- $r := $img.Resize (printf "%dx q82" $img.Width) }}
<img src="{{ $r.RelPermalink }}" width="{{ $r.Width }}" height="{{ $r.Height }}" alt="">
  {{- end }}
</figure>
{{- end }}
</body></html>
EOF
    for a in "$photos"/album-*; do
        b=$(basename "$a")
        mkdir -p "$site/content/$b"
        cp -l "$a"/*.jpg "$site/content/$b/"
        printf -- '---\ntitle: %s\ndate: 2024-05-01\n---\n' "$b" >"$site/content/$b/index.md"
    done
    # The caption of the first photo lives in its album's front matter (Hugo's page resources).
    local template
    template=$(printf -- '---\ntitle: album-01\ndate: 2024-05-01\nresources:\n- src: %s.jpg\n  title: %s\n---\n' \
        "$first_photo" "$(caption '{n}')")
    printf '%s' "${template//\{n\}/0}" >"$site/content/album-01/index.md"

    local port
    port=$(free_port)
    note "hugo: starting hugo server (first build of $made photos)"
    (cd "$site" && exec hugo server --bind 127.0.0.1 --port "$port" --baseURL "http://127.0.0.1/" \
        --cacheDir "$site/.cache") >"$log" 2>&1 &
    PIDS+=($!)
    if ! http_ok "$port" /album-01/ 600; then
        tail -n 20 "$log" | sed 's/^/    | /' >&2
        WHY[hugo]="hugo server did not serve /album-01/ (log above)"
        return
    fi
    note "hugo: serving on port $port ($(grep -oE 'Built in [0-9]+ ms' "$log" | head -n 1 || true))"
    local line
    line=$(python3 "$probe" --kind hugo --port "$port" --runs "$runs" \
        --edit "$site/content/album-01/index.md" --template "$template" --page /album-01/ \
        --add-source "$photos/new-photo.jpg" --add-dest "$site/content/album-01/new-photo.jpg" \
        --add-page /album-01/ | grep '^RESULT' || true)
    RESULT[hugo]=$line
}

BUILD_MEDIAN=- FIRST_BUILD=-
[[ " $only " == *" galleryc "* ]] && run_galleryc
[[ " $only " == *" hugo "* ]] && run_hugo

# --- report ------------------------------------------------------------------------------------
hugo_label="hugo server $(hugo version 2>/dev/null | grep -oE 'v[0-9.]+' | head -n 1 || true)"
printf '\nsave -> reload event at the client, %d caption edits; %d-photo site; nproc %s\n' \
    "$runs" "$made" "$(nproc)"
printf '%-24s %10s %10s %10s %10s %22s %12s\n' server 'median ms' 'p90 ms' 'min ms' 'max ms' \
    'add photo -> 200 ms' 'edit shown'
status=0
for kind in galleryc hugo; do
    [[ " $only " == *" $kind "* ]] || continue
    label=$([[ $kind == galleryc ]] && echo "galleryc serve" || echo "$hugo_label")
    line=${RESULT[$kind]:-}
    if [[ -z "$line" ]]; then
        printf '%-24s %s\n' "$label" "NOT MEASURED: ${WHY[$kind]:-the probe failed (see the lines above)}"
        status=1
        continue
    fi
    read -r _ _ median p90 min max added shown <<<"$line"
    printf '%-24s %10s %10s %10s %10s %22s %12s\n' "$label" "$median" "$p90" "$min" "$max" "$added" "$shown"
done
if [[ -n "${RESULT[galleryc]:-}" ]]; then
    read -r _ _ median _ <<<"${RESULT[galleryc]}"
    verdict=$(awk -v m="$median" -v t="$target_ms" 'BEGIN { if (m == "-") print "NOT MEASURED"; else print (m < t ? "OK" : "OVER TARGET") }')
    printf '\ngalleryc median %s ms against the %d ms target: %s\n' "$median" "$target_ms" "$verdict"
    printf 'galleryc first build %s; each rebuild after an edit, from its log (median): %s s.\n' \
        "${FIRST_BUILD:--}" "$BUILD_MEDIAN"
    printf 'Each rebuild restores unchanged photos from the derivative cache, renders every page\n'
    printf 'and rewrites only the files whose bytes changed; a new photo is the only one processed.\n'
fi
if [[ " $only " == *" hugo "* && -n "${RESULT[hugo]:-}" ]]; then
    printf 'hugo: same photos as page bundles, captions in front matter; reload = its LiveReload\n'
    printf 'websocket message. Hugo keeps resized images in resources/_gen across rebuilds and\n'
    printf 'renders in memory; it makes no per-photo pages, so "add photo" waits for the album\n'
    printf 'page to list the photo and for its resized image to answer 200.\n'
fi
exit "$status"
