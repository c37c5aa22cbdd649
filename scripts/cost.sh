#!/usr/bin/env bash
# Instructions per game200 request, stage by stage, counted by callgrind (the same figure on
# every run, unlike wall time on a shared machine). See benches/servers/game200_cost.rs for the
# stages, and docs/performance.md for the figures.
#
#   cargo build --release --example game200_cost
#   bash scripts/cost.sh                       # every stage, 200 runs each
#   RUNS=100 bash scripts/cost.sh app loopback # some stages
#
# Each stage's count minus its set-up stage's (`setup`, `app-setup`,
# `loopback-setup` or `loopback-ceiling-setup`), divided by RUNS; the same for the
# allocations, which the driver counts itself (run natively, outside valgrind). Environment: RUNS=200, BIN (default
# $CARGO_TARGET_DIR/release/examples/game200_cost, CARGO_TARGET_DIR defaulting to ./target).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-200}"
BIN="${BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/examples/game200_cost}"
[ -x "$BIN" ] || { echo "cost.sh: build it first: $BIN" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "cost.sh: valgrind is needed" >&2; exit 2; }
if (($# == 0)); then
    set -- parse parse-api replay rule request app loopback loopback-ceiling
fi

# Instructions of one run of a stage.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" 2>&1 >/dev/null |
        awk '/Collected :/ {print $NF}'
}

# Allocations of one native run of a stage.
allocations() {
    "$BIN" "$1" "$2" 2>&1 >/dev/null | awk '/^allocations / {print $2}'
}

declare -A BASE ALLOCS
for stage in "$@"; do
    case "$stage" in
        app) setup=app-setup ;;
        loopback) setup=loopback-setup ;;
        loopback-ceiling) setup=loopback-ceiling-setup ;;
        *) setup=setup ;;
    esac
    [ -n "${BASE[$setup]:-}" ] || BASE[$setup]="$(count "$setup" "$RUNS")"
    [ -n "${ALLOCS[$setup]:-}" ] || ALLOCS[$setup]="$(allocations "$setup" "$RUNS")"
    total="$(count "$stage" "$RUNS")"
    allocs="$(allocations "$stage" "$RUNS")"
    awk -v t="$total" -v b="${BASE[$setup]}" -v a="$allocs" -v c="${ALLOCS[$setup]}" \
        -v n="$RUNS" -v s="$stage" \
        'BEGIN {printf "%-18s %10.0f instructions %8.1f allocations per request\n", s, (t - b) / n, (a - c) / n}'
done
