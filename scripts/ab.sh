#!/usr/bin/env bash
# Alternating A/B of service builds against the parse_only baseline, on loopback only.
#
#   bash scripts/ab.sh BINARY...                       # e.g. this build against an older one
#   ROUNDS=3 DURATION=8 bash scripts/ab.sh target/release/xiangqi-arbiter /tmp/old/xiangqi-arbiter
#   bash scripts/ab.sh target/release/examples/canned_answer "target/release/examples/canned_answer --bare"
#
# A BINARY may carry arguments, split on spaces: it is run as `BINARY ARGS --addr 127.0.0.1:PORT`.
#
# One wrk run cannot tell a 10 % change from the noise of a shared machine, so each round
# measures the baseline (target/release/examples/parse_only) and then every BINARY in turn:
# start it on 127.0.0.1, 2 s of warm-up, DURATION seconds of wrk -t2 -c64 POST /v1/adjudicate
# with tests/data/game200.json, stop it. Prints each round, then the mean req/s of each and its
# ratio to the baseline's mean. Build first (cargo build --release --bin xiangqi-arbiter
# --example parse_only); the script builds nothing.
#
# Environment (all optional): ROUNDS=3, DURATION=8, PORT=18095, BASE_BIN (the baseline).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8}"
PORT="${PORT:-18095}"
BASE_BIN="${BASE_BIN:-$ROOT/target/release/examples/parse_only}"
BODY="$ROOT/tests/data/game200.json"

if (($# == 0)); then
    echo "usage: scripts/ab.sh BINARY... (see the header)" >&2
    exit 2
fi
for v in ROUNDS DURATION PORT; do
    if ! [[ "${!v}" =~ ^[1-9][0-9]*$ ]]; then
        echo "ab.sh: $v must be a positive integer, got '${!v}'" >&2
        exit 2
    fi
done
for bin in "$BASE_BIN" "$@"; do
    read -ra cmd <<<"$bin"
    [ -x "${cmd[0]:-}" ] || { echo "ab.sh: not an executable: $bin" >&2; exit 2; }
done
command -v wrk >/dev/null || { echo "ab.sh: wrk is needed (apt-get install wrk)" >&2; exit 2; }

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

# Requests per second of one binary, started fresh.
measure() {
    local url="http://127.0.0.1:$PORT/v1/adjudicate" cmd
    read -ra cmd <<<"$1"
    RUST_LOG=warn "${cmd[@]}" --addr "127.0.0.1:$PORT" >/dev/null 2>&1 &
    PID=$!
    for _ in $(seq 50); do
        curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
        sleep 0.1
    done
    wrk -t2 -c64 -d2s -s "$LUA" "$url" >/dev/null
    wrk -t2 -c64 -d"${DURATION}s" -s "$LUA" "$url" | awk '/Requests\/sec/ {print $2}'
    kill "$PID"
    wait "$PID" 2>/dev/null || true
    PID=""
}

BINS=("$BASE_BIN" "$@")
declare -a SUM
for ((i = 0; i < ${#BINS[@]}; i++)); do SUM[i]=0; done
for ((round = 1; round <= ROUNDS; round++)); do
    for ((i = 0; i < ${#BINS[@]}; i++)); do
        rate="$(measure "${BINS[i]}")"
        printf 'round %d  %-50s %10s req/s\n' "$round" "${BINS[i]}" "$rate"
        SUM[i]="$(awk -v a="${SUM[i]}" -v b="$rate" 'BEGIN {print a + b}')"
    done
done
echo
base_mean="$(awk -v s="${SUM[0]}" -v n="$ROUNDS" 'BEGIN {print s / n}')"
for ((i = 0; i < ${#BINS[@]}; i++)); do
    awk -v s="${SUM[i]}" -v n="$ROUNDS" -v b="$base_mean" -v name="${BINS[i]}" \
        'BEGIN {printf "mean  %-50s %10.0f req/s  %.2f of the baseline\n", name, s / n, s / n / b}'
done
