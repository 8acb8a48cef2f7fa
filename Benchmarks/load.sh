#!/usr/bin/env bash
# Load benchmark of `galleryc serve`: the demo site (content/) served on 127.0.0.1; wrk drives
# CONNECTIONS concurrent keep-alive connections for SECONDS against a photo page and against a
# JPEG rendition, first alone, then while SLOW clients hold half-sent requests open (one more
# header byte every 2 s, so an idle timeout alone does not free them) and a probe fetches the
# photo page every 0.2 s on a fresh connection. Errors must be zero.
#
#   Benchmarks/load.sh              env: CONNECTIONS (200), SECONDS_EACH (10), SLOW (50),
#                                   THREADS (nproc), GALLERYC, KEEP=1 keeps the site and logs
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

connections=${CONNECTIONS:-200}
seconds=${SECONDS_EACH:-10}
slow=${SLOW:-50}
threads=${THREADS:-$(nproc)}
command -v python3 >/dev/null || die "python3 is needed for the slow clients"

# wrk (Debian package wrk), installed when missing; idempotent.
if ! command -v wrk >/dev/null; then
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    note "installing Debian package: wrk"
    "${sudo[@]}" apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends wrk \
            >/dev/null || die "apt-get install wrk failed"
fi
problem=$(galleryc_problem)
[[ -z "$problem" ]] || die "galleryc $problem"

work_folder load

cp -r "$REPO_DIR/content" "$WORK/content"
log="$WORK/serve.log"
(cd "$WORK" && exec "$GALLERYC" serve content --port 0 --output public) >"$log" 2>&1 &
server_pid=$!
PIDS+=("$server_pid")
port=""
for _ in $(seq 1 600); do
    port=$(grep -oE 'Serving http://127\.0\.0\.1:[0-9]+/' "$log" | grep -oE '[0-9]+/$' | tr -d / || true)
    [[ -n "$port" ]] && grep -qE '^Built [0-9]+ pages' "$log" && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.5
done
if [[ -z "$port" ]] || ! grep -qE '^Built [0-9]+ pages' "$log"; then
    tail -n 20 "$log" | sed 's/^/    | /' >&2
    die "galleryc serve did not start or its first build failed"
fi
# A photo page (a folder two levels down with an index.html) and the largest JPEG rendition.
page_file=$(find "$WORK/public" -mindepth 3 -maxdepth 3 -name index.html -not -path '*/_img/*' | LC_ALL=C sort | head -n 1)
jpeg_file=$(find "$WORK/public/_img" -name '*.jpg' -printf '%s %p\n' | sort -n | tail -n 1 | cut -d' ' -f2-)
[[ -n "$page_file" && -n "$jpeg_file" ]] || die "no photo page or JPEG rendition in the built site"
page_path=${page_file#"$WORK/public"}
page_path=${page_path%index.html}
jpeg_path=${jpeg_file#"$WORK/public"}
base="http://127.0.0.1:$port"
note "serving on port $port: $(grep -E '^Built' "$log" | head -n 1)"
note "photo page $page_path ($(stat -c %s "$page_file") bytes on disk), JPEG $jpeg_path ($(stat -c %s "$jpeg_file") bytes)"

declare -a ROWS=()
failures=0
# run_wrk LABEL PATH
run_wrk() {
    local label=$1 path=$2 out="$WORK/wrk.$RANDOM.txt"
    note "wrk: $label, $connections connections, ${seconds}s"
    wrk -t "$threads" -c "$connections" -d "${seconds}s" --timeout 5s --latency "$base$path" >"$out" 2>&1 ||
        { cat "$out" >&2; die "wrk failed"; }
    local rps p50 p99 max errors non2xx reqs
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
    reqs=$(awk '/requests in/ { print $1 }' "$out")
    p50=$(awk '$1 == "50%" { print $2 }' "$out")
    p99=$(awk '$1 == "99%" { print $2 }' "$out")
    max=$(awk '$1 == "Latency" { print $4 }' "$out")
    errors=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out")
    non2xx=$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$out")
    errors=${errors:-0} non2xx=${non2xx:-0}
    ((errors == 0 && non2xx == 0)) || failures=$((failures + 1))
    ROWS+=("$(printf '%-34s %10s %9s %9s %9s %9s %7s %8s' "$label" "$reqs" "$rps" "$p50" "$p99" "$max" "$errors" "$non2xx")")
}

run_wrk "photo page, alone" "$page_path"
run_wrk "JPEG, alone" "$jpeg_path"

slow_out="$WORK/slow.txt"
python3 "$BENCH_DIR/slow_clients.py" --port "$port" --count "$slow" --path "$page_path" >"$slow_out" 2>"$WORK/slow.err" &
slow_pid=$!
PIDS+=("$slow_pid")
sleep 1
kill -0 "$slow_pid" 2>/dev/null || { cat "$WORK/slow.err" >&2; die "the slow clients did not start"; }
run_wrk "photo page, $slow slow clients open" "$page_path"
run_wrk "JPEG, $slow slow clients open" "$jpeg_path"
kill -TERM "$slow_pid"
wait "$slow_pid" || true
kill -0 "$server_pid" 2>/dev/null || die "galleryc serve died during the load"

read -r _ held closed answered < <(grep '^SLOW' "$slow_out" | tr '=' ' ' | awk '{ print $1, $3, $5, $7 }')
read -r _ probe_n probe_errors probe_median probe_p99 probe_max < <(grep '^PROBE' "$slow_out" |
    tr '=' ' ' | awk '{ print $1, $3, $5, $7, $9, $11 }')

printf '\ngalleryc serve on 127.0.0.1, wrk -t%s -c%s -d%ss (keep-alive), nproc %s, load average %s\n' \
    "$threads" "$connections" "$seconds" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %10s %9s %9s %9s %9s %7s %8s\n' run requests 'req/s' p50 p99 max errors non-2xx
printf '%s\n' "${ROWS[@]}"
printf '\nslow clients: %s opened, %s still held at the end, %s closed by the server, %s got a response\n' \
    "$slow" "${held:-?}" "${closed:-?}" "${answered:-?}"
printf 'probe (a fresh connection every 0.2 s while the slow clients were open, under the wrk load):\n'
printf '  %s requests, %s errors, median %s ms, p99 %s ms, max %s ms\n' \
    "${probe_n:-?}" "${probe_errors:-?}" "${probe_median:-?}" "${probe_p99:-?}" "${probe_max:-?}"
((${probe_errors:-1} == 0)) || failures=$((failures + 1))
# The slow clients' effect: wrk's p50 and p99 with them open against alone (on a shared machine
# p99 moves by 2x from one run to the next, so read the ratios with that in mind), and whether
# anyone was blocked: a probe request that failed or waited over 1 s, or any wrk error.
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.1f", n }'; }
printf '\neffect of the slow clients (with / alone):\n'
for i in 0 1; do
    read -r a50 a99 < <(awk '{ print $(NF - 4), $(NF - 3) }' <<<"${ROWS[$i]}")
    read -r w50 w99 < <(awk '{ print $(NF - 4), $(NF - 3) }' <<<"${ROWS[$((i + 2))]}")
    awk -v what="$([[ $i == 0 ]] && echo 'photo page' || echo 'JPEG')" -v a50="$(to_ms "$a50")" \
        -v w50="$(to_ms "$w50")" -v a99="$(to_ms "$a99")" -v w99="$(to_ms "$w99")" 'BEGIN {
        printf "  %-11s p50 %.1f -> %.1f ms (%.2fx), p99 %.1f -> %.1f ms (%.2fx)\n",
            what, a50, w50, (a50 > 0 ? w50 / a50 : 0), a99, w99, (a99 > 0 ? w99 / a99 : 0) }'
done
blocked="no (every probe request answered, none waited over 1 s; no wrk errors)"
awk -v m="${probe_max:-}" 'BEGIN { exit !(m == "" || m == "-" || m > 1000) }' &&
    blocked="yes (a probe request waited ${probe_max:-?} ms)"
((${probe_errors:-1} == 0)) || blocked="yes (${probe_errors:-?} probe requests failed)"
((failures == 0)) || blocked="yes (wrk errors)"
printf 'slow clients blocked others: %s\n' "$blocked"
if ((failures == 0)); then
    printf 'errors: none.\n'
else
    printf 'errors: %d run(s) had errors (see the table)\n' "$failures"
    exit 1
fi
