#!/usr/bin/env bash
# Load, soak and slow-client check of the release server, on loopback only.
#
#   bash scripts/load.sh                                  # full run (15 s phases, 300 s soak)
#   DURATION=10 SOAK_SECONDS=120 bash scripts/load.sh     # shorter
#
# Starts target/release/xiangqi-arbiter and the parse_only baseline (benches/servers/parse_only.rs)
# on 127.0.0.1, then measures with wrk:
#   (a) GET /healthz                   the machine's HTTP baseline
#   (b) POST /v1/adjudicate on parse_only, the same body: the HTTP + JSON baseline
#   (c) POST /v1/adjudicate            tests/data/game200.json (200 plies, a repetition)
#   (d) POST /v1/adjudicate/batch      16 copies of that game
# then soaks (c) for SOAK_SECONDS while sampling the server's RSS, and shows that slow and
# idle clients neither hold a connection past the header-read timeout nor block a good
# request. Then the hostile phases of issue 12, each for HOSTILE_SECONDS beside the same
# good load (wrk -c GOOD_CONNS on game200) and a /healthz probe every 50 ms (2 s deadline),
# reported side by side with that good load alone ("normal", measured in the same run):
#   worst      WORST_CONNS connections sending tests/data/walk1024.json (1,024 plies)
#   nonread    NONREAD_CONNS clients pipelining requests and never reading an answer
#   chunked    CHUNKED_CONNS clients sending 262,000-byte bodies as 1-byte chunks
#   idle       IDLE_FLOOD silent connections, re-opened as the server closes them
# and the compression phase of issue 28 (compression_phase): gzip vs identity CPU per request
# of redoc.standalone.js, and the probe beside COMPRESS_CONNS non-reading gzip clients.
# Each reports good-request p99, probe p99/max and misses, and the server's peak RSS.
# Then issue 28's connection attacks, each on a server of its own started with the flags
# the attack is about, beside the same good load and probe, against that server's baseline:
#   heads      1,100 connections sending POST heads without bodies, re-opened as closed
#   slowpost   70 maximal POSTs sent over about 9 s each, against --max-connections 64
#   churn      2,000 idle connections churning beside a keep-alive client posting every 0.5 s
#   nonread    NONREAD28 clients pipelining 200 SVG diagrams and never reading: KiB each
#   storm      16 clients ignoring Retry-After against a full pool (baseline: 3, no 503)
#   record     the 1,024-ply game as a `game` record, against the same game as moves
# Attackers bind 127.0.0.2 and 127.0.0.3 (distinct clients to the per-address cap).
# Every loop is bounded in count and time; both servers are killed on exit.
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
#   HOSTILE_SECONDS=$DURATION  seconds per hostile phase (0 skips them)
#   GOOD_CONNS=8  WORST_CONNS=8  NONREAD_CONNS=200  CHUNKED_CONNS=10  IDLE_FLOOD=2000
#   COMPRESS_SECONDS=$HOSTILE_SECONDS  COMPRESS_CONNS=20  the compression phase (0 s skips it)
#   CONN_SECONDS=$HOSTILE_SECONDS  seconds per issue-28 measurement (0 skips them)
#   CONN_PORT=$((PORT + 2))  their server;  NONREAD28=50  non-readers in their nonread phase
#   SKIP_BUILD=1         use the binaries already built
#   BIN                  the service (default $CARGO_TARGET_DIR/release/xiangqi-arbiter;
#                        the shipped build is target/pgo/xiangqi-arbiter, scripts/pgo.sh)
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
HOSTILE_SECONDS="${HOSTILE_SECONDS:-$DURATION}"
GOOD_CONNS="${GOOD_CONNS:-8}"
WORST_CONNS="${WORST_CONNS:-8}"
NONREAD_CONNS="${NONREAD_CONNS:-200}"
CHUNKED_CONNS="${CHUNKED_CONNS:-10}"
IDLE_FLOOD="${IDLE_FLOOD:-2000}"
CONN_SECONDS="${CONN_SECONDS:-$HOSTILE_SECONDS}"
CONN_PORT="${CONN_PORT:-$((PORT + 2))}"
NONREAD28="${NONREAD28:-50}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${BIN:-$TARGET_DIR/release/xiangqi-arbiter}"
BASE_BIN="$TARGET_DIR/release/examples/parse_only"
HOST=127.0.0.1

for v in DURATION SOAK_SECONDS SOAK_SAMPLE CONNECTIONS THREADS WARMUP PORT BASE_PORT \
    HEADER_TIMEOUT_MS IDLE_CONNS HOSTILE_SECONDS GOOD_CONNS WORST_CONNS NONREAD_CONNS \
    CHUNKED_CONNS IDLE_FLOOD CONN_SECONDS CONN_PORT NONREAD28; do
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
    for pid in "$SERVER_PID" "$BASE_PID" "${CONN_PID:-}"; do
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
        fi
    done
    for pid in "$SERVER_PID" "$BASE_PID" "${CONN_PID:-}"; do
        if [[ -n "$pid" ]]; then
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '\n==> %s\n' "$*"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

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
    cargo build --release --locked --quiet --features harness --bin xiangqi-arbiter --example parse_only
fi
[[ -x "$BIN" && -x "$BASE_BIN" ]] || { echo "load.sh: binaries missing under $TARGET_DIR" >&2; exit 2; }

# ------------------------------------------------------------------------------ bodies

GAME="$WORK/game200.json"
WORST="$WORK/walk1024.json"
tr -d '\n' <tests/data/walk1024.json >"$WORST"
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
WORST_OK="$(curl -fsS --max-time 10 -H 'content-type: application/json' \
    --data-binary "@$WORST" "http://$HOST:$PORT/v1/adjudicate" |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["verdict"], d["position"]["plies"])')"
echo "game200: verdict/plies = $VERDICT; batch: results/distinct verdicts = $BATCH_OK"
echo "walk1024 (legal, the worst case): verdict/plies = $WORST_OK"
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

# ------------------------------------------------------------------------------ hostile

# probe.py SECONDS: /healthz every 50 ms (2 s deadline) and the server's RSS every 100 ms.
cat >"$WORK/probe.py" <<'PYEOF'
import json, socket, sys, time
host, port, pid, secs = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
def rss():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
lat, misses, peak = [], 0, rss()
end = time.monotonic() + secs
nxt = time.monotonic()
while time.monotonic() < end:
    t0 = time.monotonic()
    try:
        s = socket.create_connection((host, port), timeout=2)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n")
        data = b""
        while True:
            c = s.recv(4096)
            if not c:
                break
            data += c
        s.close()
        ms = (time.monotonic() - t0) * 1000
        if not data.startswith(b"HTTP/1.1 200") or ms > 2000:
            misses += 1
        lat.append(ms)
    except OSError:
        misses += 1
        lat.append((time.monotonic() - t0) * 1000)
    peak = max(peak, rss())
    nxt += 0.05
    time.sleep(max(0.0, nxt - time.monotonic()))
lat.sort()
pct = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))] if lat else 0
print(json.dumps({"probes": len(lat), "probe_p50_ms": round(pct(0.5), 1),
                  "probe_p99_ms": round(pct(0.99), 1), "probe_max_ms": round(lat[-1] if lat else 0, 1),
                  "probe_misses": misses, "rss_peak_kib": peak, "rss_end_kib": rss()}))
PYEOF

# attack.py MODE SECONDS COUNT [BODY]: the non-reading, chunked and idle-flood clients.
cat >"$WORK/attack.py" <<'PYEOF'
import resource, select, socket, sys, threading, time
host, port, mode, secs, n = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
game = open(sys.argv[6], "rb").read() if len(sys.argv) > 6 else b""
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
end = time.monotonic() + secs
stats = {"opened": 0, "closed_by_server": 0, "answers": 0}
def connect(rcvbuf=0):
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # before the handshake
        s.settimeout(5)
        s.connect((host, port))
        stats["opened"] += 1
        return s
    except OSError:
        time.sleep(0.05)
        return None
if mode in ("nonread", "idle"):
    # Keep n connections open; re-open each one the server closes. nonread sends 20
    # pipelined rulings of game200 (about 60 KB of answers) with a 4 KiB receive buffer, and
    # never reads.
    req = (b"POST /v1/adjudicate HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
           b"Content-Length: " + str(len(game)).encode() + b"\r\n\r\n" + game) * 20
    conns = []
    while time.monotonic() < end:
        while len(conns) < n and time.monotonic() < end:
            s = connect(4096 if mode == "nonread" else 0)
            if s is None:
                break
            if mode == "nonread":
                try:
                    s.sendall(req)
                except OSError:
                    pass
            s.setblocking(False)
            conns.append(s)
        # A connection is closed by the server when it turns readable with EOF or an error
        # (non-reading clients only peek, so they keep not reading).
        _, _, _ = select.select([], [], [], 0.2)
        alive = []
        for s in conns:
            try:
                if mode == "idle":
                    d = s.recv(1)
                    if d == b"":
                        raise ConnectionResetError
                else:
                    s.getpeername()
                    d = s.recv(1, socket.MSG_PEEK)
                    if d == b"":
                        raise ConnectionResetError
                alive.append(s)
            except BlockingIOError:
                alive.append(s)
            except OSError:
                stats["closed_by_server"] += 1
                s.close()
        conns = alive
    for s in conns:
        s.close()
elif mode == "chunked":
    body = b'{"moves": [], "pad": "' + b"a" * (262000 - 24) + b'"}'
    chunked = b"".join(b"1\r\n" + body[i:i + 1] + b"\r\n" for i in range(len(body))) + b"0\r\n\r\n"
    head = (b"POST /v1/adjudicate HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    lock = threading.Lock()
    def worker():
        while time.monotonic() < end:
            s = connect()
            if s is None:
                continue
            try:
                s.sendall(head + chunked)
                resp = s.recv(65536)
                with lock:
                    if resp.startswith(b"HTTP/1.1 200"):
                        stats["answers"] += 1
            except OSError:
                pass
            s.close()
    ts = [threading.Thread(target=worker) for _ in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
print(stats)
PYEOF

declare -A H_P99 H_PROBE
hostile_phase() { # name: good load + probe, plus the attack of that name
    local name="$1" attack_pid="" line probe
    case "$name" in
        worst)
            XA_BODY="$WORST" wrk -t 1 -c "$WORST_CONNS" -d "${HOSTILE_SECONDS}s" --timeout 10s \
                -s "$LUA" "http://$HOST:$PORT/v1/adjudicate" >"$WORK/wrk-attack-$name.txt" 2>&1 &
            attack_pid=$! ;;
        nonread) python3 "$WORK/attack.py" "$HOST" "$PORT" nonread "$HOSTILE_SECONDS" \
            "$NONREAD_CONNS" "$GAME" >"$WORK/attack-$name.txt" 2>&1 & attack_pid=$! ;;
        chunked) python3 "$WORK/attack.py" "$HOST" "$PORT" chunked "$HOSTILE_SECONDS" \
            "$CHUNKED_CONNS" >"$WORK/attack-$name.txt" 2>&1 & attack_pid=$! ;;
        idle) python3 "$WORK/attack.py" "$HOST" "$PORT" idle "$HOSTILE_SECONDS" \
            "$IDLE_FLOOD" >"$WORK/attack-$name.txt" 2>&1 & attack_pid=$! ;;
    esac
    [[ -n "$attack_pid" ]] && sleep 1 # let the attack build up
    python3 "$WORK/probe.py" "$HOST" "$PORT" "$SERVER_PID" "$HOSTILE_SECONDS" >"$WORK/probe-$name.txt" &
    local probe_pid=$!
    XA_BODY="$GAME" wrk -t 1 -c "$GOOD_CONNS" -d "${HOSTILE_SECONDS}s" --timeout 5s --latency \
        -s "$LUA" "http://$HOST:$PORT/v1/adjudicate" >"$WORK/wrk-good-$name.txt" 2>&1
    wait "$probe_pid"
    [[ -n "$attack_pid" ]] && wait "$attack_pid"
    line="$(grep '^XA_RESULT' "$WORK/wrk-good-$name.txt")"
    probe="$(cat "$WORK/probe-$name.txt")"
    H_P99[$name]="$(sed -E 's/.* p99_ms=([^ ]+).*/\1/' <<<"$line")"
    H_PROBE[$name]="$probe"
    printf '%-8s good: %s\n         probe: %s\n' "$name" "$line" "$probe"
    if [[ -n "$attack_pid" ]]; then
        printf '         attack: %s\n' "$(grep -h 'XA_RESULT\|opened\|answers' \
            "$WORK/wrk-attack-$name.txt" "$WORK/attack-$name.txt" 2>/dev/null | tr '\n' ' ')"
    fi
    printf '         server: %s\n' "$(curl -fsS --max-time 2 "http://$HOST:$PORT/metrics" |
        grep -E '^xiangqi_(http_connections_(open|evicted_total)|http_connection_errors_total|ruling_pool_rejected_total)' |
        tr '\n' ' ')"
    sleep 2 # let the server settle between phases
}

HOSTILE_PHASES=()
if ((HOSTILE_SECONDS > 0)); then
    say "hostile phases (${HOSTILE_SECONDS} s each; good load wrk -t1 -c$GOOD_CONNS game200)"
    for phase in normal worst nonread chunked idle; do
        hostile_phase "$phase"
        HOSTILE_PHASES+=("$phase")
    done
fi

# ------------------------------------------------------------------------------ issue 28

# Issue 28's connection attacks, one function each, every one on a server of its own
# (127.0.0.1:CONN_PORT, started with the flags the attack is about) and measured against a
# baseline of the same server in the same run: the good load (wrk -t1 -c GOOD_CONNS game200
# from 127.0.0.1) and the probe, first alone, then beside the attack. Attackers bind other
# loopback addresses (127.0.0.2, 127.0.0.3: distinct clients to the per-address cap).
CONN_PID=""

start_conn_server() { # flags...
    RUST_LOG=warn "$BIN" serve --addr "$HOST:$CONN_PORT" "$@" >"$WORK/conn-server.log" 2>&1 &
    CONN_PID=$!
    wait_healthy "http://$HOST:$CONN_PORT/healthz" "the phase's server"
    XA_BODY="$GAME" wrk -t 1 -c "$GOOD_CONNS" -d 2s -s "$LUA" \
        "http://$HOST:$CONN_PORT/v1/adjudicate" >/dev/null 2>&1 # warm-up
}

stop_conn_server() {
    if [[ -n "$CONN_PID" ]]; then
        kill -TERM "$CONN_PID" 2>/dev/null || true
        wait "$CONN_PID" 2>/dev/null || true
        CONN_PID=""
    fi
}

conn_metrics() { # the server's connection and pool counters, on one line
    curl -fsS --max-time 2 "http://$HOST:$CONN_PORT/metrics" |
        grep -E '^xiangqi_(http_connections_(open|evicted_total|refused_total)|http_connection_errors_total|ruling_pool_rejected_total|http_requests_total.*status="(408|503)")' |
        sed -E 's/^xiangqi_//; s/\{[^}]*kind="([^"]*)"[^}]*\}/[\1]/; s/\{[^}]*status="([^"]*)"[^}]*\}/[\1]/' |
        tr '\n' ' '
}

# good_load NAME [BODY]: the good load and the probe for CONN_SECONDS on the phase's server;
# sets G_RPS[NAME], G_P99[NAME], G_PROBE[NAME].
declare -A G_RPS G_P99 G_PROBE
good_load() {
    local name="$1" body="${2:-$GAME}" line probe_pid
    python3 "$WORK/probe.py" "$HOST" "$CONN_PORT" "$CONN_PID" "$CONN_SECONDS" >"$WORK/probe-c-$name.txt" &
    probe_pid=$!
    XA_BODY="$body" wrk -t 1 -c "$GOOD_CONNS" -d "${CONN_SECONDS}s" --timeout 5s --latency \
        -s "$LUA" "http://$HOST:$CONN_PORT/v1/adjudicate" >"$WORK/wrk-c-$name.txt" 2>&1
    wait "$probe_pid"
    line="$(grep '^XA_RESULT' "$WORK/wrk-c-$name.txt")"
    G_RPS[$name]="$(sed -E 's/.* rps=([^ ]+).*/\1/' <<<"$line")"
    G_P99[$name]="$(sed -E 's/.* p99_ms=([^ ]+).*/\1/' <<<"$line")"
    G_PROBE[$name]="$(cat "$WORK/probe-c-$name.txt")"
    printf '%-16s good: %s\n                 probe: %s\n' "$name" "$line" "${G_PROBE[$name]}"
}

# conn.py MODE SECONDS COUNT FROM [BODY]: issue 28's attackers, from the address FROM.
cat >"$WORK/conn.py" <<'PYEOF'
import json, resource, socket, sys, threading, time
host, port, mode, secs, n, src = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
body = open(sys.argv[7], "rb").read() if len(sys.argv) > 7 else b""
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
end = time.monotonic() + secs
stats = {"opened": 0, "closed_by_server": 0, "answers": {}}
lock = threading.Lock()
def connect(rcvbuf=0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.bind((src, 0))
    s.settimeout(5)
    s.connect((host, port))
    with lock:
        stats["opened"] += 1
    return s
def status_of(s):
    try:
        data = s.recv(65536)
    except OSError:
        return "reset"
    if not data:
        return "closed"
    return data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "garbage"
def count(key):
    with lock:
        stats["answers"][key] = stats["answers"].get(key, 0) + 1
if mode == "heads":
    # n connections, each sending a POST head announcing a body it never sends; re-opened as
    # soon as the server answers or closes.
    head = (b"POST /v1/adjudicate HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n")
    def worker(k):
        while time.monotonic() < end:
            try:
                s = connect()
                s.sendall(head)
                s.settimeout(max(0.1, end - time.monotonic()))
                count(status_of(s))
                s.close()
            except OSError:
                time.sleep(0.01)
    ts = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(n)]
    for t in ts: t.start()
    for t in ts: t.join(secs + 10)
elif mode == "slowpost":
    # n clients each sending a maximal body (BODY) so that it takes about 9 s, back to back.
    head = (b"POST /v1/adjudicate HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n")
    step = max(1, len(body) // 90)  # 90 parts, 100 ms apart
    def worker(k):
        while time.monotonic() < end:
            try:
                s = connect()
                s.sendall(head)
                for i in range(0, len(body), step):
                    if time.monotonic() > end:
                        break
                    s.sendall(body[i:i + step])
                    time.sleep(0.1)
                s.settimeout(5)
                count(status_of(s))
                s.close()
            except OSError:
                count("cut")
                time.sleep(0.01)
    ts = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(n)]
    for t in ts: t.start()
    for t in ts: t.join(secs + 15)
elif mode == "churn":
    # n idle connections, each re-opened as soon as the server closes it.
    import select
    conns = []
    while time.monotonic() < end:
        while len(conns) < n and time.monotonic() < end:
            try:
                s = connect()
            except OSError:
                time.sleep(0.05)
                break
            s.setblocking(False)
            conns.append(s)
        select.select([], [], [], 0.2)
        alive = []
        for s in conns:
            try:
                if s.recv(1) == b"":
                    raise ConnectionResetError
                alive.append(s)
            except BlockingIOError:
                alive.append(s)
            except OSError:
                stats["closed_by_server"] += 1
                s.close()
        conns = alive
    for s in conns: s.close()
elif mode == "keepalive":
    # One client posting BODY every 0.5 s on one keep-alive connection; counts the requests
    # that found it closed (then it reconnects) and their latencies.
    req = (b"POST /v1/adjudicate HTTP/1.1\r\nHost: k\r\nContent-Type: application/json\r\n"
           b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    s, sent, found_closed, lat = connect(), 0, 0, []
    while time.monotonic() < end:
        t0 = time.monotonic()
        ok = False
        for attempt in range(2):
            try:
                s.sendall(req)
                data = s.recv(65536)
                if data.startswith(b"HTTP/1.1 200"):
                    ok = True
                    break
                raise ConnectionResetError
            except OSError:
                found_closed += 1
                s.close()
                s = connect()
        sent += 1
        lat.append((time.monotonic() - t0) * 1000)
        time.sleep(max(0.0, 0.5 - (time.monotonic() - t0)))
    lat.sort()
    stats.update({"requests": sent, "found_closed": found_closed,
                  "p50_ms": round(lat[len(lat) // 2], 1), "max_ms": round(lat[-1], 1)})
elif mode == "nonread":
    # n clients with a 4 KiB receive buffer, each pipelining 200 GET diagrams (BODY holds the
    # path) and never reading; held open for the phase.
    path = body.strip()
    req = (b"GET " + path + b" HTTP/1.1\r\nHost: a\r\n\r\n") * 200
    conns = []
    def send_all(s):
        try:
            s.sendall(req)
        except OSError:
            pass
    for _ in range(n):
        s = connect(4096)
        threading.Thread(target=send_all, args=(s,), daemon=True).start()
        conns.append(s)
    time.sleep(secs)
    for s in conns: s.close()
print(json.dumps(stats))
PYEOF

# The kernel memory of the server's connections from ADDRESS, from ss -tmn: connections,
# and the largest and mean per connection of send queue + receive queue + their
# allocations (skmem t, r, w), in KiB.
kernel_kib() { # address
    ss -tmnH state established "( sport = :$CONN_PORT )" dst "$1" 2>/dev/null | awk '
        /skmem:/ {
            match($0, /skmem:\([^)]*\)/); m = substr($0, RSTART + 6, RLENGTH - 7)
            split(m, f, ","); r = 0; t = 0; w = 0
            for (i in f) {
                if (f[i] ~ /^r[0-9]/) r = substr(f[i], 2) + 0
                if (f[i] ~ /^t[0-9]/) t = substr(f[i], 2) + 0
                if (f[i] ~ /^w[0-9]/) w = substr(f[i], 2) + 0
            }
            kib = (r + t + w) / 1024; n++; sum += kib; if (kib > max) max = kib
        }
        END { printf "%d %.0f %.0f", n, max, (n ? sum / n : 0) }'
}

declare -A C_SUMMARY

# 1,100 connections of one client sending POST heads without bodies, re-opened as closed:
# the per-address cap keeps them to 256 slots, the body timeout answers each 408 in 2 s.
conn_heads() {
    say "issue 28 / heads: 1,100 body-less POST heads from 127.0.0.2, default flags"
    start_conn_server
    good_load heads-base
    python3 "$WORK/conn.py" "$HOST" "$CONN_PORT" heads "$((CONN_SECONDS + 1))" 1100 127.0.0.2 \
        >"$WORK/conn-heads.txt" 2>&1 &
    local pid=$!
    sleep 1
    good_load heads
    wait "$pid"
    echo "attack: $(cat "$WORK/conn-heads.txt")"
    echo "server: $(conn_metrics)"
    C_SUMMARY[heads]="$(conn_row heads heads-base)"
    stop_conn_server
}

# 70 clients each sending a maximal body over about 9 s, against --max-connections 64.
conn_slowpost() {
    say "issue 28 / slowpost: 70 slow maximal POSTs from 127.0.0.2, --max-connections 64"
    python3 - "$WORK/maxbody.json" <<'PYEOF'
import sys
open(sys.argv[1], "w").write('{"moves": [], "pad": "' + "a" * (262144 - 64) + '"}')
PYEOF
    start_conn_server --max-connections 64
    good_load slowpost-base
    python3 "$WORK/conn.py" "$HOST" "$CONN_PORT" slowpost "$((CONN_SECONDS + 1))" 70 127.0.0.2 \
        "$WORK/maxbody.json" >"$WORK/conn-slowpost.txt" 2>&1 &
    local pid=$!
    sleep 1
    good_load slowpost
    wait "$pid"
    echo "attack: $(cat "$WORK/conn-slowpost.txt")"
    echo "server: $(conn_metrics)"
    C_SUMMARY[slowpost]="$(conn_row slowpost slowpost-base)"
    stop_conn_server
}

# 2,000 idle connections of one address churning, with the per-address cap off (as behind a
# proxy, the hardest case for eviction), beside one keep-alive client posting every 0.5 s.
conn_churn() {
    say "issue 28 / churn: 2,000 idle connections from 127.0.0.2 vs a keep-alive client" \
        "from 127.0.0.3, --max-connections-per-client 0"
    start_conn_server --max-connections-per-client 0
    good_load churn-base
    python3 "$WORK/conn.py" "$HOST" "$CONN_PORT" churn "$((CONN_SECONDS + 1))" 2000 127.0.0.2 \
        >"$WORK/conn-churn.txt" 2>&1 &
    local pid=$!
    sleep 1
    python3 "$WORK/conn.py" "$HOST" "$CONN_PORT" keepalive "$CONN_SECONDS" 1 127.0.0.3 "$GAME" \
        >"$WORK/conn-keepalive.txt" 2>&1 &
    local kpid=$!
    good_load churn
    wait "$pid" "$kpid"
    echo "attack: $(cat "$WORK/conn-churn.txt")"
    echo "keep-alive client: $(cat "$WORK/conn-keepalive.txt")"
    echo "server: $(conn_metrics)"
    C_SUMMARY[churn]="$(conn_row churn churn-base) keep-alive: $(cat "$WORK/conn-keepalive.txt")"
    stop_conn_server
}

# NONREAD28 clients pipelining 200 SVG diagrams each and never reading: the memory each
# costs, kernel (ss) and process (RSS above the idle server's), at its peak.
conn_nonread() {
    say "issue 28 / nonread: $NONREAD28 non-reading pipeliners from 127.0.0.2, default flags"
    start_conn_server
    local svg="/v1/diagram.svg?fen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w&arrows=h2e2:move,h7e7:move,a0a1:chase&marks=e3:dest,e6:chased"
    local svg_bytes rss0 rss_peak=0 k_peak="0 0 0" k i
    svg_bytes="$(curl -fsS --max-time 5 "http://$HOST:$CONN_PORT$svg" | wc -c)"
    printf '%s' "$svg" >"$WORK/svg-path.txt"
    sleep 1
    rss0="$(rss_kib "$CONN_PID")"
    python3 "$WORK/conn.py" "$HOST" "$CONN_PORT" nonread "$CONN_SECONDS" "$NONREAD28" 127.0.0.2 \
        "$WORK/svg-path.txt" >"$WORK/conn-nonread.txt" 2>&1 &
    local pid=$!
    for i in $(seq 1 $((CONN_SECONDS * 2 - 2))); do
        sleep 0.5
        rss="$(rss_kib "$CONN_PID")"; ((rss > rss_peak)) && rss_peak=$rss
        k="$(kernel_kib 127.0.0.2)"
        (($(cut -d' ' -f2 <<<"$k") > $(cut -d' ' -f2 <<<"$k_peak"))) && k_peak="$k"
    done
    wait "$pid"
    read -r kn kmax kmean <<<"$k_peak"
    local proc_per=$(((rss_peak - rss0) / NONREAD28))
    echo "SVG ${svg_bytes} bytes; kernel at its peak: ${kn} connections, max ${kmax} KiB, mean ${kmean} KiB each;" \
        "RSS ${rss0} -> peak ${rss_peak} KiB: $proc_per KiB per connection"
    echo "server: $(conn_metrics)"
    C_SUMMARY[nonread]="per connection: kernel max ${kmax} KiB (mean ${kmean}) + process ${proc_per} KiB = $((kmax + proc_per)) KiB (bound 512); $NONREAD28 clients x 200 pipelined ${svg_bytes}-byte SVGs"
    stop_conn_server
}

# 16 clients sending a maximal body (walk1024 padded to 256 KiB of whitespace) back to back,
# ignoring Retry-After, against a pool of 1 worker and 2 queued: the baseline is the same
# pool kept exactly full by 3 such clients (no 503 needed).
conn_storm() {
    say "issue 28 / storm: 16 clients ignoring Retry-After, --ruling-workers 1 --ruling-queue 2"
    python3 - "$WORST" "$WORK/worstpad.json" <<'PYEOF'
import sys
w = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(w + " " * (262144 - 64 - len(w)))
PYEOF
    start_conn_server --ruling-workers 1 --ruling-queue 2
    local s
    for s in 3 16; do
        XA_BODY="$WORK/worstpad.json" wrk -t 1 -c "$s" -d "$((CONN_SECONDS + 1))s" --timeout 10s \
            -s "$LUA" "http://$HOST:$CONN_PORT/v1/adjudicate" >"$WORK/wrk-storm-$s.txt" 2>&1 &
        local pid=$!
        sleep 1
        good_load "storm-$s"
        wait "$pid"
        echo "storm of $s: $(grep '^XA_RESULT' "$WORK/wrk-storm-$s.txt")"
    done
    echo "server: $(conn_metrics)"
    C_SUMMARY[storm]="$(conn_row storm-16 storm-3) goodput x$(ratio "${G_RPS[storm-16]}" "${G_RPS[storm-3]}") of the full-pool baseline"
    stop_conn_server
}

# The worst game (walk1024) as a `game` record, 8 connections back to back, against the same
# game as moves: both on the pool, so the probe (on the async workers) sees the same.
conn_record() {
    say "issue 28 / record: walk1024 as a game record vs as moves, 8 connections each"
    python3 - "$WORST" "$WORK/walk1024-record.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
m = d["moves"]
sheet = " ".join(f"{i // 2 + 1}. {m[i]} {m[i + 1]}" for i in range(0, len(m), 2))
json.dump({"fen": d["fen"], "game": sheet}, open(sys.argv[2], "w"))
PYEOF
    start_conn_server
    good_load record-base
    local kind body
    for kind in moves record; do
        body="$WORST"; [[ "$kind" == record ]] && body="$WORK/walk1024-record.json"
        XA_BODY="$body" wrk -t 1 -c 8 -d "$((CONN_SECONDS + 1))s" --timeout 10s -s "$LUA" \
            "http://$HOST:$CONN_PORT/v1/adjudicate" >"$WORK/wrk-rec-$kind.txt" 2>&1 &
        local pid=$!
        sleep 1
        good_load "record-$kind"
        wait "$pid"
        echo "8 x walk1024 as $kind: $(grep '^XA_RESULT' "$WORK/wrk-rec-$kind.txt")"
    done
    # The worst game's cost against game200's: each alone on one connection, one request
    # at a time, so req/s is one over the time a request takes.
    local rps200 rps1024 secs=$(((CONN_SECONDS + 1) / 2))
    XA_BODY="$GAME" wrk -t 1 -c 1 -d "${secs}s" -s "$LUA" \
        "http://$HOST:$CONN_PORT/v1/adjudicate" >"$WORK/wrk-cost-200.txt" 2>&1
    XA_BODY="$WORST" wrk -t 1 -c 1 -d "${secs}s" -s "$LUA" \
        "http://$HOST:$CONN_PORT/v1/adjudicate" >"$WORK/wrk-cost-1024.txt" 2>&1
    rps200="$(grep '^XA_RESULT' "$WORK/wrk-cost-200.txt" | sed -E 's/.* rps=([^ ]+).*/\1/')"
    rps1024="$(grep '^XA_RESULT' "$WORK/wrk-cost-1024.txt" | sed -E 's/.* rps=([^ ]+).*/\1/')"
    echo "one connection: game200 $rps200 req/s, walk1024 $rps1024 req/s"
    C_SUMMARY[record]="$(conn_row record-record record-moves) (vs the same game as moves);"
    C_SUMMARY[record]+=" probe p50 $(probe_field record-record probe_p50_ms) vs $(probe_field record-moves probe_p50_ms) ms;"
    C_SUMMARY[record]+=" walk1024 costs $(ratio "$rps200" "$rps1024") x game200 (one connection, $rps200 vs $rps1024 req/s)"
    stop_conn_server
}

probe_field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "${G_PROBE[$1]}" "$2"; }

conn_row() { # phase, baseline: good p99 and probe p99 against the baseline's
    printf 'good p99 %s ms (baseline %s ms, x%s), req/s %s (x%s); probe p99 %s ms (baseline %s), misses %s' \
        "${G_P99[$1]}" "${G_P99[$2]}" "$(ratio "${G_P99[$1]}" "${G_P99[$2]}")" \
        "${G_RPS[$1]}" "$(ratio "${G_RPS[$1]}" "${G_RPS[$2]}")" \
        "$(probe_field "$1" probe_p99_ms)" "$(probe_field "$2" probe_p99_ms)" \
        "$(probe_field "$1" probe_misses)"
}

CONN_PHASES=()
if ((CONN_SECONDS > 0)); then
    for phase in heads slowpost churn nonread storm record; do
        "conn_$phase"
        CONN_PHASES+=("$phase")
    done
fi

# ------------------------------------------------------------------------------ compression (issue 28)

# compression_phase: (1) server CPU per request of GET /docs/redoc.standalone.js, identity and
# gzip, over one keep-alive connection (from /proc/PID/stat), and the same for the 16-game
# batch, the largest common answer, compressed on the fly; (2) the /healthz probe alone,
# then beside COMPRESS_CONNS clients that pipeline gzip GETs of it and never read (4 KiB
# receive buffer, re-opened as the server closes them), with the server's CPU seconds in
# each: both as ratios within this run. Fails when gzip costs over 3x identity, or a probe
# misses its deadline.
COMPRESS_FAIL=0
compression_phase() {
    local secs="${COMPRESS_SECONDS:-$HOSTILE_SECONDS}" conns="${COMPRESS_CONNS:-20}"
    ((secs > 0)) || return 0
    say "compression: redoc.standalone.js CPU per request; ${conns} non-reading gzip clients, ${secs} s"
    cat >"$WORK/compress.py" <<'PYEOF2'
import http.client, json, os, socket, sys, time
host, port, pid, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
path = "/docs/redoc.standalone.js"
def cpu():
    f = open(f"/proc/{pid}/stat").read().split(")")[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
if mode == "cpu":
    out = {}
    for rnd in range(2):
        for enc in ("identity", "gzip"):
            c = http.client.HTTPConnection(host, port, timeout=10)
            n, t0, size = 300, cpu(), 0
            for _ in range(n):
                c.request("GET", path, headers={"Accept-Encoding": enc})
                r = c.getresponse(); size = len(r.read()); assert r.status == 200, r.status
            us = (cpu() - t0) / n * 1e6
            c.close()
            out[enc] = min(out.get(enc, us), us)
            out[enc + "_bytes"] = size
    out["gzip_over_identity"] = round(out["gzip"] / out["identity"], 2) if out["identity"] else None
    out["identity"], out["gzip"] = round(out["identity"], 1), round(out["gzip"], 1)
    # A large dynamic answer: the 16-game batch, compressed on the fly (fastest level).
    batch = open(sys.argv[5], "rb").read()
    for rnd in range(2):
        for enc in ("identity", "gzip"):
            c = http.client.HTTPConnection(host, port, timeout=10)
            n, t0 = 500, cpu()  # 500 x ~0.4 ms: 20 clock ticks, so a tick is 5 %
            for _ in range(n):
                c.request("POST", "/v1/adjudicate/batch", body=batch,
                          headers={"Accept-Encoding": enc, "Content-Type": "application/json"})
                r = c.getresponse(); size = len(r.read()); assert r.status == 200, r.status
            us = (cpu() - t0) / n * 1e6
            c.close()
            out["batch_" + enc] = min(out.get("batch_" + enc, us), us)
            out["batch_" + enc + "_bytes"] = size
    b_id, b_gz = out["batch_identity"], out["batch_gzip"]
    out["batch_gzip_over_identity"] = round(b_gz / b_id, 2) if b_id else None
    out["batch_identity"], out["batch_gzip"] = round(b_id, 1), round(b_gz, 1)
    print(json.dumps(out))
elif mode == "flood":
    secs, n = float(sys.argv[5]), int(sys.argv[6])
    req = (f"GET {path} HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip\r\n\r\n".encode()) * 50
    end, conns, opened, closed = time.monotonic() + secs, [], 0, 0
    while time.monotonic() < end:
        while len(conns) < n:
            try:
                s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.settimeout(2); s.connect((host, port)); s.sendall(req); s.setblocking(False)
                conns.append(s); opened += 1
            except OSError:
                break
        time.sleep(0.2)
        alive = []
        for s in conns:
            try:
                if s.recv(1, socket.MSG_PEEK) == b"":
                    raise ConnectionResetError
                alive.append(s)
            except BlockingIOError:
                alive.append(s)
            except OSError:
                closed += 1; s.close()
        conns = alive
    for s in conns:
        s.close()
    print(json.dumps({"opened": opened, "closed_by_server": closed}))
PYEOF2
    local cpu_json base_json flood_json c0 c1 c2 c3 ticks
    ticks="$(getconf CLK_TCK)"
    proc_cpu() { awk -v t="$ticks" '{ split($0, a, ") "); split(a[2], f, " "); printf "%.2f", (f[12] + f[13]) / t }' "/proc/$SERVER_PID/stat"; }
    cpu_json="$(python3 "$WORK/compress.py" "$HOST" "$PORT" "$SERVER_PID" cpu "$BATCH")"
    c0="$(proc_cpu)"
    base_json="$(python3 "$WORK/probe.py" "$HOST" "$PORT" "$SERVER_PID" "$secs")"
    c1="$(proc_cpu)"
    python3 "$WORK/compress.py" "$HOST" "$PORT" "$SERVER_PID" flood "$secs" "$conns" >"$WORK/flood.txt" &
    local flood_pid=$!
    sleep 1
    c2="$(proc_cpu)"
    flood_json="$(python3 "$WORK/probe.py" "$HOST" "$PORT" "$SERVER_PID" "$((secs - 1))")"
    c3="$(proc_cpu)"
    wait "$flood_pid"
    echo "CPU per request: $cpu_json"
    echo "probe alone:     $base_json (server CPU $(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.2f", b - a }') s)"
    echo "probe beside:    $flood_json (server CPU $(awk -v a="$c2" -v b="$c3" 'BEGIN { printf "%.2f", b - a }') s; flood $(cat "$WORK/flood.txt"))"
    python3 - "$cpu_json" "$base_json" "$flood_json" <<'PYEOF2'
import json, sys
cpu, base, flood = (json.loads(a) for a in sys.argv[1:4])
r = lambda a, b: f"{a / b:.2f}" if b else "n/a"
print(f"gzip / identity CPU per request: {cpu['gzip_over_identity']} (asset),"
      f" {cpu['batch_gzip_over_identity']} (16-game batch, compressed per answer); probe p99 beside the flood:"
      f" {flood['probe_p99_ms']} ms = {r(flood['probe_p99_ms'], base['probe_p99_ms'])} x alone")
PYEOF2
    local ratio misses
    ratio="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["gzip_over_identity"])' "$cpu_json")"
    misses="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["probe_misses"])' "$flood_json")"
    awk -v r="$ratio" 'BEGIN { exit !(r <= 3) }' || { echo "FAIL: gzip costs ${ratio}x identity"; COMPRESS_FAIL=1; }
    ((misses == 0)) || { echo "FAIL: $misses probes missed beside the gzip flood"; COMPRESS_FAIL=1; }
}
compression_phase

HEALTH_AFTER="$(curl -fsS --max-time 2 "http://$HOST:$PORT/healthz" || echo down)"

# ------------------------------------------------------------------------------ summary


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
if ((${#HOSTILE_PHASES[@]} > 0)); then
    echo
    echo "hostile phases, side by side with 'normal' (the same good load alone, this run):"
    printf '| %-8s | %12s | %8s | %12s | %12s | %6s | %13s | %9s |\n' phase "good p99 ms" "x normal" \
        "probe p99 ms" "probe max ms" misses "peak RSS MiB" "x normal"
    printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' ---------- -------------- ---------- -------------- \
        -------------- -------- --------------- -----------
    for name in "${HOSTILE_PHASES[@]}"; do
        python3 - "$name" "${H_P99[$name]}" "${H_P99[normal]}" "${H_PROBE[$name]}" \
            "${H_PROBE[normal]}" <<'PYEOF'
import json, sys
name, p99, p99n, probe, proben = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), json.loads(sys.argv[4]), json.loads(sys.argv[5])
r = lambda a, b: f"{a / b:.2f}" if b else "n/a"
print(f"| {name:<8} | {p99:12.2f} | {r(p99, p99n):>8} | {probe['probe_p99_ms']:12.1f} | "
      f"{probe['probe_max_ms']:12.1f} | {probe['probe_misses']:6d} | {probe['rss_peak_kib'] / 1024:13.1f} | "
      f"{r(probe['rss_peak_kib'], proben['rss_peak_kib']):>9} |")
PYEOF
    done
fi

if ((${#CONN_PHASES[@]} > 0)); then
    echo
    echo "issue 28 phases, each against its own server's baseline in this run:"
    for name in "${CONN_PHASES[@]}"; do
        printf '  %-9s %s\n' "$name" "${C_SUMMARY[$name]}"
    done
fi

FAIL=0
((TOTAL_BAD == 0)) || { echo "FAIL: $TOTAL_BAD non-2xx responses or socket errors"; FAIL=1; }
[[ "$SOAK_VERDICT" != GROWING* ]] || { echo "FAIL: RSS grew during the soak"; FAIL=1; }
for check in slow_ok good_ok idle_ok; do
    [[ "$(slow_field "$check")" == True ]] || { echo "FAIL: slow-client check $check"; FAIL=1; }
done
[[ "$HEALTH_AFTER" == *ok* ]] || { echo "FAIL: the service is not healthy afterwards"; FAIL=1; }
((COMPRESS_FAIL == 0)) || FAIL=1
for name in "${HOSTILE_PHASES[@]}"; do
    misses="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["probe_misses"])' "${H_PROBE[$name]}")"
    ((misses == 0)) || { echo "FAIL: $misses probes missed their 2 s deadline during '$name'"; FAIL=1; }
done
for name in "${!G_PROBE[@]}"; do
    misses="$(probe_field "$name" probe_misses)"
    ((misses == 0)) || { echo "FAIL: $misses probes missed their 2 s deadline during '$name'"; FAIL=1; }
done
((FAIL == 0)) && echo "OK: zero errors, memory $SOAK_VERDICT, slow clients handled"
exit "$FAIL"
