#!/usr/bin/env bash
# Load, soak and slow-client check of the release server, on loopback only.
#
#   bash scripts/load.sh                                  # full run (15 s phases, 300 s soak)
#   DURATION=10 SOAK_SECONDS=120 bash scripts/load.sh     # shorter
#
# Starts target/release/xiangqi-arbiter and the parse_only baseline (examples/parse_only.rs)
# on 127.0.0.1, then measures with wrk:
#   (a) GET /healthz                   the machine's HTTP baseline
#   (b) POST /v1/adjudicate on parse_only, the same body: the HTTP + JSON baseline
#   (c) POST /v1/adjudicate            tests/data/game200.json (200 plies, a repetition)
#   (d) POST /v1/adjudicate/batch      16 copies of that game
# then soaks (c) for SOAK_SECONDS while sampling the server's RSS, and shows that slow and
# idle clients neither hold a connection past the header-read timeout nor block a good
# request. Every loop is bounded in count and time; both servers are killed on exit.
#
# Environment (all optional):
#   DURATION=15          seconds per measured phase
#   SOAK_SECONDS=300     seconds of the soak (0 skips it)
#   SOAK_SAMPLE=30       seconds between RSS samples during the soak
#   CONNECTIONS=64       wrk connections;  THREADS=2  wrk threads
#   WARMUP=3             seconds of warm-up load before the measured phases
#   PORT=18080           the service;  BASE_PORT=18081  parse_only
#   HEADER_TIMEOUT_MS=5000  the service's --header-read-timeout-ms for the slow-client check
#   IDLE_CONNS=200       idle connections opened in the slow-client check
#   SKIP_BUILD=1         use the binaries already built
#   CARGO_TARGET_DIR     where cargo builds (default ./target)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

DURATION="${DURATION:-15}"
SOAK_SECONDS="${SOAK_SECONDS:-300}"
SOAK_SAMPLE="${SOAK_SAMPLE:-30}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
WARMUP="${WARMUP:-3}"
PORT="${PORT:-18080}"
BASE_PORT="${BASE_PORT:-18081}"
HEADER_TIMEOUT_MS="${HEADER_TIMEOUT_MS:-5000}"
IDLE_CONNS="${IDLE_CONNS:-200}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="$TARGET_DIR/release/xiangqi-arbiter"
BASE_BIN="$TARGET_DIR/release/examples/parse_only"
HOST=127.0.0.1

for v in DURATION SOAK_SECONDS SOAK_SAMPLE CONNECTIONS THREADS WARMUP PORT BASE_PORT \
    HEADER_TIMEOUT_MS IDLE_CONNS; do
    if ! [[ "${!v}" =~ ^[0-9]+$ ]]; then
        echo "load.sh: $v must be a non-negative integer, got '${!v}'" >&2
        exit 2
    fi
done
if ((SOAK_SAMPLE < 1 || DURATION < 1)); then
    echo "load.sh: DURATION and SOAK_SAMPLE must be at least 1" >&2
    exit 2
fi

WORK="$(mktemp -d)"
SERVER_PID=""
BASE_PID=""

# shellcheck disable=SC2317 # invoked by the EXIT trap
cleanup() {
    local pid
    for pid in "$SERVER_PID" "$BASE_PID"; do
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
        fi
    done
    for pid in "$SERVER_PID" "$BASE_PID"; do
        if [[ -n "$pid" ]]; then
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '\n==> %s\n' "$*"; }

# ------------------------------------------------------------------------------ tools

if ! command -v wrk >/dev/null; then
    say "installing wrk (Debian package)"
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
for tool in curl python3; do
    command -v "$tool" >/dev/null || { echo "load.sh: $tool is required" >&2; exit 2; }
done

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    say "cargo build --release (server and parse_only)"
    cargo build --release --locked --quiet --bin xiangqi-arbiter --example parse_only
fi
[[ -x "$BIN" && -x "$BASE_BIN" ]] || { echo "load.sh: binaries missing under $TARGET_DIR" >&2; exit 2; }

# ------------------------------------------------------------------------------ bodies

GAME="$WORK/game200.json"
BATCH="$WORK/batch16.json"
tr -d '\n' <tests/data/game200.json >"$GAME"
{
    printf '{"games":['
    for i in $(seq 1 16); do
        ((i > 1)) && printf ','
        cat "$GAME"
    done
    printf ']}'
} >"$BATCH"

# A wrk script: method and body from the environment, a machine-readable line at the end.
LUA="$WORK/req.lua"
cat >"$LUA" <<'EOF'
local body_file = os.getenv("XA_BODY")
if body_file and body_file ~= "" then
  local f = assert(io.open(body_file, "rb"))
  wrk.method = "POST"
  wrk.body = f:read("*a")
  f:close()
  wrk.headers["Content-Type"] = "application/json"
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "XA_RESULT requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f " ..
    "non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
EOF

# ------------------------------------------------------------------------------ servers

wait_healthy() { # url, name: at most 100 tries, 10 s
    local i
    for i in $(seq 1 100); do
        if curl -fsS -o /dev/null --max-time 1 "$1"; then
            return 0
        fi
        sleep 0.1
    done
    echo "load.sh: $2 did not become healthy at $1" >&2
    return 1
}

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

say "starting the service on $HOST:$PORT and parse_only on $HOST:$BASE_PORT"
RUST_LOG=warn "$BIN" serve --addr "$HOST:$PORT" \
    --header-read-timeout-ms "$HEADER_TIMEOUT_MS" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
"$BASE_BIN" --addr "$HOST:$BASE_PORT" >"$WORK/base.log" 2>&1 &
BASE_PID=$!
wait_healthy "http://$HOST:$PORT/healthz" "the service"
# parse_only has no health route: wait until it answers the parse request.
for i in $(seq 1 100); do
    curl -fsS -o /dev/null --max-time 1 -H 'content-type: application/json' \
        --data-binary "@$GAME" "http://$HOST:$BASE_PORT/v1/adjudicate" && break
    ((i == 100)) && { echo "load.sh: parse_only did not start" >&2; exit 1; }
    sleep 0.1
done

# The answers under test, once, before any load.
VERDICT="$(curl -fsS --max-time 5 -H 'content-type: application/json' \
    --data-binary "@$GAME" "http://$HOST:$PORT/v1/adjudicate" |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["verdict"], d["position"]["plies"])')"
BATCH_OK="$(curl -fsS --max-time 5 -H 'content-type: application/json' \
    --data-binary "@$BATCH" "http://$HOST:$PORT/v1/adjudicate/batch" |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["results"]; print(len(r), len({x["verdict"] for x in r}))')"
echo "game200: verdict/plies = $VERDICT; batch: results/distinct verdicts = $BATCH_OK"
echo "bodies: adjudicate $(wc -c <"$GAME") bytes, batch $(wc -c <"$BATCH") bytes"

# ------------------------------------------------------------------------------ load

declare -A RPS P50 P99 NON2XX SOCKERR
run_wrk() { # name, url, body file ('' for GET), seconds
    local name="$1" url="$2" body="$3" secs="$4" line
    XA_BODY="$body" wrk -t "$THREADS" -c "$CONNECTIONS" -d "${secs}s" --timeout 5s --latency \
        -s "$LUA" "$url" >"$WORK/wrk-$name.txt" 2>&1
    line="$(grep '^XA_RESULT' "$WORK/wrk-$name.txt")"
    RPS[$name]="$(sed -E 's/.* rps=([^ ]+).*/\1/' <<<"$line")"
    P50[$name]="$(sed -E 's/.* p50_ms=([^ ]+).*/\1/' <<<"$line")"
    P99[$name]="$(sed -E 's/.* p99_ms=([^ ]+).*/\1/' <<<"$line")"
    NON2XX[$name]="$(sed -E 's/.* non2xx=([^ ]+).*/\1/' <<<"$line")"
    SOCKERR[$name]="$(sed -E 's/.* socket_errors=([^ ]+).*/\1/' <<<"$line")"
    printf '%-18s %10s req/s  p50 %8s ms  p99 %8s ms  non-2xx %s  socket errors %s\n' \
        "$name" "${RPS[$name]}" "${P50[$name]}" "${P99[$name]}" "${NON2XX[$name]}" "${SOCKERR[$name]}"
}

if ((WARMUP > 0)); then
    say "warm-up (${WARMUP} s each)"
    XA_BODY="$GAME" wrk -t "$THREADS" -c "$CONNECTIONS" -d "${WARMUP}s" -s "$LUA" \
        "http://$HOST:$PORT/v1/adjudicate" >/dev/null 2>&1
    XA_BODY="$GAME" wrk -t "$THREADS" -c "$CONNECTIONS" -d "${WARMUP}s" -s "$LUA" \
        "http://$HOST:$BASE_PORT/v1/adjudicate" >/dev/null 2>&1
fi

say "load: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency"
run_wrk healthz "http://$HOST:$PORT/healthz" "" "$DURATION"
run_wrk parse_only "http://$HOST:$BASE_PORT/v1/adjudicate" "$GAME" "$DURATION"
run_wrk adjudicate "http://$HOST:$PORT/v1/adjudicate" "$GAME" "$DURATION"
run_wrk batch16 "http://$HOST:$PORT/v1/adjudicate/batch" "$BATCH" "$DURATION"

# ------------------------------------------------------------------------------ soak

RSS_BEFORE="$(rss_kib "$SERVER_PID")"
RSS_SAMPLES=()
RSS_AFTER="$RSS_BEFORE"
SOAK_VERDICT="skipped"
if ((SOAK_SECONDS > 0)); then
    say "soak: POST /v1/adjudicate for ${SOAK_SECONDS} s, RSS every ${SOAK_SAMPLE} s"
    XA_BODY="$GAME" wrk -t "$THREADS" -c "$CONNECTIONS" -d "${SOAK_SECONDS}s" --timeout 5s \
        --latency -s "$LUA" "http://$HOST:$PORT/v1/adjudicate" >"$WORK/wrk-soak.txt" 2>&1 &
    SOAK_PID=$!
    echo "RSS before: ${RSS_BEFORE} KiB"
    samples=$(((SOAK_SECONDS - 1) / SOAK_SAMPLE)) # strictly inside the soak
    for i in $(seq 1 "$samples"); do
        sleep "$SOAK_SAMPLE"
        kill -0 "$SOAK_PID" 2>/dev/null || break
        RSS_SAMPLES+=("$(rss_kib "$SERVER_PID")")
        echo "RSS at $((i * SOAK_SAMPLE)) s: ${RSS_SAMPLES[-1]} KiB"
    done
    wait "$SOAK_PID"
    line="$(grep '^XA_RESULT' "$WORK/wrk-soak.txt")"
    RPS[soak]="$(sed -E 's/.* rps=([^ ]+).*/\1/' <<<"$line")"
    P50[soak]="$(sed -E 's/.* p50_ms=([^ ]+).*/\1/' <<<"$line")"
    P99[soak]="$(sed -E 's/.* p99_ms=([^ ]+).*/\1/' <<<"$line")"
    NON2XX[soak]="$(sed -E 's/.* non2xx=([^ ]+).*/\1/' <<<"$line")"
    SOCKERR[soak]="$(sed -E 's/.* socket_errors=([^ ]+).*/\1/' <<<"$line")"
    sleep 1
    RSS_AFTER="$(rss_kib "$SERVER_PID")"
    echo "RSS after: ${RSS_AFTER} KiB"
    # Flat: the peak during the soak and the value after it stay within 10% (at least 4 MiB)
    # of the value before it.
    SOAK_VERDICT="$(printf '%s\n' "$RSS_BEFORE" "${RSS_SAMPLES[@]}" "$RSS_AFTER" |
        awk -v before="$RSS_BEFORE" '
            { if ($1 > max) max = $1; last = $1 }
            END {
                slack = before * 0.10; if (slack < 4096) slack = 4096
                growth = max - before
                printf "%s (peak %+d KiB, after %+d KiB)", (growth <= slack ? "flat" : "GROWING"),
                    growth, last - before
            }')"
fi

# ------------------------------------------------------------------------------ slow clients

say "slow clients (header-read timeout ${HEADER_TIMEOUT_MS} ms, ${IDLE_CONNS} idle connections)"
SLOW_RESULT="$(python3 - "$HOST" "$PORT" "$HEADER_TIMEOUT_MS" "$IDLE_CONNS" "$GAME" <<'EOF'
import json, socket, sys, time

host, port, timeout_ms, n_idle, game = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
limit = timeout_ms / 1000.0
deadline = limit + 5.0  # every wait below is bounded by this

def closed(sock):
    """True once the server has answered or closed the connection (EOF, reset, a 408)."""
    try:
        sock.recv(4096)
        return True
    except BlockingIOError:
        return False
    except (ConnectionResetError, BrokenPipeError):
        return True

# 1. Headers one byte per second: the server must hang up near the header-read timeout.
head = b"GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Pad: " + b"a" * 64 + b"\r\n\r\n"
s = socket.create_connection((host, port))
s.setblocking(False)
start = time.monotonic()
slow_closed_at = None
for i, byte in enumerate(head):
    if time.monotonic() - start > deadline:
        break
    try:
        s.send(bytes([byte]))
    except (BrokenPipeError, ConnectionResetError):
        slow_closed_at = time.monotonic() - start
        break
    time.sleep(1.0)
    if closed(s):
        slow_closed_at = time.monotonic() - start
        break
s.close()

# 2. Idle connections that send nothing must not block a good request.
idle = []
for _ in range(n_idle):
    c = socket.create_connection((host, port))
    c.setblocking(False)
    idle.append(c)
time.sleep(0.2)
body = open(game, "rb").read()
req = (b"POST /v1/adjudicate HTTP/1.1\r\nHost: good\r\nContent-Type: application/json\r\n"
       b"Connection: close\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
t0 = time.monotonic()
g = socket.create_connection((host, port), timeout=5)
g.sendall(req)
resp = b""
while True:
    chunk = g.recv(65536)
    if not chunk:
        break
    resp += chunk
g.close()
good_ms = (time.monotonic() - t0) * 1000
good_status = int(resp.split(b" ", 2)[1]) if resp.startswith(b"HTTP/") else 0
good_verdict = json.loads(resp.split(b"\r\n\r\n", 1)[1]).get("verdict") if good_status == 200 else None

# 3. The idle connections are closed by the server within the timeout (plus slack).
t_idle = time.monotonic()
open_idle = list(idle)
while open_idle and time.monotonic() - t_idle < deadline:
    open_idle = [c for c in open_idle if not closed(c)]
    time.sleep(0.1)
idle_closed_s = time.monotonic() - t_idle
for c in idle:
    c.close()

print(json.dumps({
    "slow_closed_after_s": None if slow_closed_at is None else round(slow_closed_at, 1),
    "slow_ok": slow_closed_at is not None and slow_closed_at <= limit + 2.0,
    "good_status": good_status, "good_verdict": good_verdict, "good_ms": round(good_ms, 1),
    "good_ok": good_status == 200 and good_ms < 1000,
    "idle": n_idle, "idle_still_open": len(open_idle), "idle_closed_within_s": round(idle_closed_s, 1),
    "idle_ok": not open_idle,
}))
EOF
)"
echo "$SLOW_RESULT"
slow_field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$SLOW_RESULT" "$1"; }

HEALTH_AFTER="$(curl -fsS --max-time 2 "http://$HOST:$PORT/healthz" || echo down)"

# ------------------------------------------------------------------------------ summary

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

say "summary ($(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2; exit}'), $(nproc) cores," \
    "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
printf '| %-30s | %10s | %9s | %9s | %7s | %7s |\n' phase "req/s" "p50 ms" "p99 ms" "non-2xx" "errors"
printf '|%s|%s|%s|%s|%s|%s|\n' "--------------------------------" "------------" "-----------" \
    "-----------" "---------" "---------"
TOTAL_BAD=0
for name in healthz parse_only adjudicate batch16 soak; do
    [[ -n "${RPS[$name]:-}" ]] || continue
    case "$name" in
        healthz) label="GET /healthz" ;;
        parse_only) label="parse_only (same body)" ;;
        adjudicate) label="POST /v1/adjudicate" ;;
        batch16) label="POST /v1/adjudicate/batch x16" ;;
        soak) label="soak ${SOAK_SECONDS} s (adjudicate)" ;;
    esac
    printf '| %-30s | %10s | %9s | %9s | %7s | %7s |\n' "$label" "${RPS[$name]}" "${P50[$name]}" \
        "${P99[$name]}" "${NON2XX[$name]}" "${SOCKERR[$name]}"
    TOTAL_BAD=$((TOTAL_BAD + ${NON2XX[$name]} + ${SOCKERR[$name]}))
done
echo
echo "adjudicate / parse_only : $(ratio "${RPS[adjudicate]}" "${RPS[parse_only]}")"
echo "adjudicate / healthz    : $(ratio "${RPS[adjudicate]}" "${RPS[healthz]}")"
echo "parse_only / healthz    : $(ratio "${RPS[parse_only]}" "${RPS[healthz]}")"
echo "batch16 games/s         : $(awk -v r="${RPS[batch16]}" 'BEGIN { printf "%.0f", r * 16 }')" \
    "($(ratio "$(awk -v r="${RPS[batch16]}" 'BEGIN { print r * 16 }')" "${RPS[adjudicate]}") x single)"
echo "RSS KiB before/samples/after soak: ${RSS_BEFORE} / ${RSS_SAMPLES[*]:-none} / ${RSS_AFTER}: $SOAK_VERDICT"
echo "slow client closed after: $(slow_field slow_closed_after_s) s (timeout $((HEADER_TIMEOUT_MS / 1000)) s)"
echo "good request beside ${IDLE_CONNS} idle connections: HTTP $(slow_field good_status)," \
    "$(slow_field good_ms) ms; idle connections still open after $(slow_field idle_closed_within_s) s:" \
    "$(slow_field idle_still_open)"
echo "healthz after everything: $HEALTH_AFTER"

FAIL=0
((TOTAL_BAD == 0)) || { echo "FAIL: $TOTAL_BAD non-2xx responses or socket errors"; FAIL=1; }
[[ "$SOAK_VERDICT" != GROWING* ]] || { echo "FAIL: RSS grew during the soak"; FAIL=1; }
for check in slow_ok good_ok idle_ok; do
    [[ "$(slow_field "$check")" == True ]] || { echo "FAIL: slow-client check $check"; FAIL=1; }
done
[[ "$HEALTH_AFTER" == *ok* ]] || { echo "FAIL: the service is not healthy afterwards"; FAIL=1; }
((FAIL == 0)) && echo "OK: zero errors, memory $SOAK_VERDICT, slow clients handled"
exit "$FAIL"
