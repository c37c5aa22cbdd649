#!/usr/bin/env bash
# Instructions and allocations per game200 request, stage by stage, counted by callgrind (the
# same figure on every run, unlike wall time on a shared machine). See
# benches/servers/game200_cost.rs for the stages, and docs/performance.md for the figures.
#
#   cargo build --release --features harness --example game200_cost
#   bash scripts/cost.sh                       # every stage, RUNS requests each
#   RUNS=100 bash scripts/cost.sh app loopback # some stages
#
# `parse` to `request`: (the stage's count - the `setup` stage's) / RUNS. `app`, `loopback` and
# `loopback-ceiling`: only their request loop is counted (`--toggle-collect`, after the set-up
# and a warm-up request), / RUNS. Allocations are counted by the driver itself, in a native run.
#
# Environment: RUNS=200, BIN (default $CARGO_TARGET_DIR/release/examples/game200_cost,
# CARGO_TARGET_DIR defaulting to ./target).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-200}"
BIN="${BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/examples/game200_cost}"
[ -x "$BIN" ] || { echo "cost.sh: build it first: $BIN" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "cost.sh: valgrind is needed" >&2; exit 2; }
if (($# == 0)); then
    set -- parse parse-api replay rule request app loopback loopback-ceiling
fi

# Instructions of one run of a stage (valgrind options first).
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected :/ {print $NF}'
}

# The driver's own count of allocations: the whole run's, or the request loop's.
allocations() {
    "$BIN" "$2" "$RUNS" 2>&1 >/dev/null | awk -v key="$1" '$0 ~ "^" key " " {print $NF}'
}

setup=""
setup_allocs=""
for stage in "$@"; do
    case "$stage" in
        app | loopback | loopback-ceiling)
            total="$(count --toggle-collect='game200_cost::measured*' "$BIN" "$stage" "$RUNS")"
            base=0
            allocs="$(allocations 'measured allocations' "$stage")"
            base_allocs=0
            ;;
        *)
            [ -n "$setup" ] || setup="$(count "$BIN" setup "$RUNS")"
            [ -n "$setup_allocs" ] || setup_allocs="$(allocations allocations setup)"
            total="$(count "$BIN" "$stage" "$RUNS")"
            base="$setup"
            allocs="$(allocations allocations "$stage")"
            base_allocs="$setup_allocs"
            ;;
    esac
    awk -v t="$total" -v b="$base" -v a="$allocs" -v c="$base_allocs" -v n="$RUNS" -v s="$stage" \
        'BEGIN {printf "%-18s %10.0f instructions %8.1f allocations per request\n", s, (t - b) / n, (a - c) / n}'
done
