#!/usr/bin/env bash
# Alternating A/B of servers against a baseline, on loopback only: issue 15's measurement.
#
#   bash scripts/ab.sh BINARY...
#   ROUNDS=3 DURATION=15 bash scripts/ab.sh target/release/xiangqi-arbiter
#   bash scripts/ab.sh target/release/xiangqi-arbiter /tmp/old/xiangqi-arbiter \
#       "target/release/examples/canned_answer --bare"
#
# The baseline is the ceiling of issue 15: `canned_answer --precomputed`, a bare axum server
# that parses the same request and sends the service's own answer bytes to game200, serialized
# once at start-up. (Before issue 15 it was parse_only and the load was -c64: pass
# BASE_BIN=target/release/examples/parse_only CONNECTIONS=64 for the old figures.)
#
# A BINARY (and BASE_BIN) may carry arguments, split on spaces: it is run as
# `BINARY ARGS --addr 127.0.0.1:PORT`, with RUST_LOG=warn.
#
# One wrk run cannot tell a 10 % change from the noise of a shared machine, so each round
# runs every BINARY between two runs of the baseline (baseline, A, baseline, B, baseline) and
# compares it with the mean of those two: on this machine the baseline itself drifts by more
# than 10 % within a minute, and a baseline run once a round was far from the conditions of
# the servers run after it. The BINARYs also take turns at going first, one place a round,
# since the slot moved a server's figure by several per cent. Each run: start the server on
# 127.0.0.1, check one answer (status 200; the first run of each says its size and whether its
# bytes are the baseline's), 2 s of warm-up, DURATION seconds of
# `wrk -tTHREADS -cCONNECTIONS --latency` POST /v1/adjudicate with tests/data/game200.json,
# stop it. Each line gives the run's req/s, its p99 latency, its ratio to the baseline around
# it, and the server's CPU time per request (user and system, from /proc/PID/stat: the
# server's own cost, which wrk's share of the two cores does not enter); then the mean of each server, and how many of its runs reached TARGET (issue 15
# is done at 0.75 in three rounds). A run with non-2xx answers or socket errors is flagged.
# Build first; the script builds nothing:
#
#   cargo build --release --features harness --bin xiangqi-arbiter --example canned_answer
#
# Binaries are looked up under $CARGO_TARGET_DIR (default ./target) only for the default
# BASE_BIN; pass paths for the others.
#
# Environment (all optional): ROUNDS=3, DURATION=8, PORT=18095, THREADS=2, CONNECTIONS=32,
# TARGET=0.75, BASE_BIN (the baseline, default the ceiling above).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8}"
PORT="${PORT:-18095}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
TARGET="${TARGET:-0.75}"
BASE_BIN="${BASE_BIN:-$TARGET_DIR/release/examples/canned_answer --precomputed}"
BODY="$ROOT/tests/data/game200.json"

if (($# == 0)); then
    echo "usage: scripts/ab.sh BINARY... (see the header)" >&2
    exit 2
fi
for v in ROUNDS DURATION PORT THREADS CONNECTIONS; do
    if ! [[ "${!v}" =~ ^[1-9][0-9]*$ ]]; then
        echo "ab.sh: $v must be a positive integer, got '${!v}'" >&2
        exit 2
    fi
done
if ! [[ "$TARGET" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
    echo "ab.sh: TARGET must be a number, got '$TARGET'" >&2
    exit 2
fi
for bin in "$BASE_BIN" "$@"; do
    read -ra cmd <<<"$bin"
    [ -x "${cmd[0]:-}" ] || { echo "ab.sh: not an executable: $bin" >&2; exit 2; }
done
command -v wrk >/dev/null || { echo "ab.sh: wrk is needed (apt-get install wrk)" >&2; exit 2; }
command -v curl >/dev/null || { echo "ab.sh: curl is needed" >&2; exit 2; }

WORK="$(mktemp -d)"
PID=""
cleanup() {
    if [ -n "$PID" ]; then
        kill "$PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

LUA="$WORK/post.lua"
{
    echo 'wrk.method = "POST"'
    echo 'wrk.headers["Content-Type"] = "application/json"'
    printf 'wrk.body = [==[%s]==]\n' "$(cat "$BODY")"
} >"$LUA"

# Prints "REQ_PER_S P99_MS CPU_US ANSWER_BYTES FLAG" for one binary, started fresh: CPU_US is
# the server's CPU time (user and system) per request over the measured run. FLAG is "ok", or
# what went wrong in the run (non-2xx answers, socket errors).
measure() {
    local url="http://127.0.0.1:$PORT/v1/adjudicate" cmd out status bytes
    read -ra cmd <<<"$1"
    RUST_LOG=warn "${cmd[@]}" --addr "127.0.0.1:$PORT" >/dev/null 2>&1 &
    PID=$!
    for _ in $(seq 50); do
        curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
        sleep 0.1
    done
    read -r status bytes < <(curl -s -o "$WORK/answer" -w '%{http_code} %{size_download}\n' \
        -H 'Content-Type: application/json' --data-binary "@$BODY" "$url")
    if [ "$status" != 200 ]; then
        echo "ab.sh: $1 answered $status to game200" >&2
        exit 1
    fi
    wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -s "$LUA" "$url" >/dev/null
    # The server's CPU time (user + system, in clock ticks) around the measured run.
    local ticks_before ticks_after
    ticks_before="$(awk '{print $14 + $15}' "/proc/$PID/stat")"
    out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$LUA" "$url")"
    ticks_after="$(awk '{print $14 + $15}' "/proc/$PID/stat")"
    kill "$PID"
    wait "$PID" 2>/dev/null || true
    PID=""
    # wrk prints the p99 as e.g. "99%  812.00us", "99%  2.31ms" or "99%  1.02s".
    awk -v bytes="$bytes" -v ticks="$((ticks_after - ticks_before))" -v hz="$(getconf CLK_TCK)" '
        $2 == "requests" && $3 == "in" { requests = $1 }
        /Requests\/sec/ { rate = $2 }
        $1 == "99%" {
            v = $2; unit = v; sub(/^[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v)
            p99 = (unit == "us") ? v / 1000 : (unit == "s") ? v * 1000 : v
        }
        /Non-2xx/ { flag = flag "non-2xx:" $NF " " }
        /Socket errors/ { flag = flag "socket-errors " }
        END {
            cpu = requests > 0 ? ticks / hz * 1e6 / requests : 0
            printf "%s %.2f %.1f %s %s\n", rate, p99, cpu, bytes, (flag == "" ? "ok" : flag)
        }
    ' <<<"$out"
}

BINS=("$BASE_BIN" "$@")
declare -a SUM_RATE SUM_RATIO SUM_P99 MAX_P99 REACHED RUNS SUM_CPU
for ((i = 0; i < ${#BINS[@]}; i++)); do
    SUM_RATE[i]=0 SUM_RATIO[i]=0 SUM_P99[i]=0 MAX_P99[i]=0 REACHED[i]=0 RUNS[i]=0 SUM_CPU[i]=0
done

# Runs server `i` once and leaves its figures in RATE, P99, CPU and NOTE (what the first run
# of each server says of its answer, and any flag).
run_one() {
    local i="$1" bytes flag same
    # Not in a subshell: the server's PID must stay visible to the cleanup.
    measure "${BINS[i]}" >"$WORK/result"
    read -r RATE P99 CPU bytes flag <"$WORK/result"
    NOTE=""
    if ((round == 1 && RUNS[i] == 0)); then
        ((i == 0)) && cp "$WORK/answer" "$WORK/base-answer"
        same="differs from the baseline's"
        cmp -s "$WORK/answer" "$WORK/base-answer" && same="same bytes as the baseline's"
        NOTE="answer ${bytes} B, $same"
    fi
    [ "$flag" != ok ] && NOTE="$NOTE FLAGGED: $flag"
    return 0
}

# Prints one run of server `i` (RATIO RATE P99 CPU NOTE) and adds it to that server's sums.
record() {
    local i="$1" ratio="$2" rate="$3" p99="$4" cpu="$5" note="$6"
    printf '%-5d %-58s %10.0f %9.2f %8s %10s  %s\n' "$round" "${BINS[i]}" "$rate" "$p99" "$ratio" "$cpu" "$note"
    read -r SUM_RATE[i] SUM_RATIO[i] SUM_P99[i] MAX_P99[i] REACHED[i] RUNS[i] SUM_CPU[i] < <(awk \
        -v s="${SUM_RATE[i]}" -v q="${SUM_RATIO[i]}" -v p="${SUM_P99[i]}" -v m="${MAX_P99[i]}" \
        -v k="${REACHED[i]}" -v n="${RUNS[i]}" -v c="${SUM_CPU[i]}" -v rate="$rate" \
        -v ratio="$ratio" -v p99="$p99" -v cpu="$cpu" -v t="$TARGET" \
        'BEGIN {print s + rate, q + ratio, p + p99, (p99 > m ? p99 : m), k + (ratio >= t), n + 1, c + cpu}')
}

printf '%-5s %-58s %10s %9s %8s %10s\n' round server 'req/s' 'p99 ms' '/ base' 'cpu us/req'
for ((round = 1; round <= ROUNDS; round++)); do
    # The servers after the baseline in an order that turns by one each round: the slot in a
    # round moves a server's figure by several per cent on this machine, so no server keeps one.
    order=()
    for ((k = 0; k < ${#BINS[@]} - 1; k++)); do
        order+=($((1 + (k + round - 1) % (${#BINS[@]} - 1))))
    done
    # Each server runs between two runs of the baseline, and is compared with their mean: the
    # machine's speed drifts by more than 10 % within a minute, so a baseline measured once a
    # round would be far from the conditions of the servers measured after it.
    run_one 0
    record 0 1.000 "$RATE" "$P99" "$CPU" "$NOTE"
    before="$RATE"
    for i in "${order[@]}"; do
        run_one "$i"
        server=("$RATE" "$P99" "$CPU" "$NOTE")
        run_one 0
        ratio="$(awk -v r="${server[0]}" -v a="$before" -v b="$RATE" 'BEGIN {printf "%.3f", 2 * r / (a + b)}')"
        record "$i" "$ratio" "${server[@]}"
        record 0 1.000 "$RATE" "$P99" "$CPU" "$NOTE"
        before="$RATE"
    done
done
echo
printf '%-5s %-58s %10s %9s %8s %10s  %s\n' '' server 'req/s' 'p99 ms' '/ base' 'cpu us/req' \
    "runs >= $TARGET (max p99)"
for ((i = 0; i < ${#BINS[@]}; i++)); do
    awk -v s="${SUM_RATE[i]}" -v q="${SUM_RATIO[i]}" -v p="${SUM_P99[i]}" -v m="${MAX_P99[i]}" \
        -v k="${REACHED[i]}" -v n="${RUNS[i]}" -v c="${SUM_CPU[i]}" -v name="${BINS[i]}" \
        'BEGIN {printf "mean  %-58s %10.0f %9.2f %8.3f %10.1f  %d of %d (%.2f ms)\n", name, s / n, p / n, q / n, c / n, k, n, m}'
done
