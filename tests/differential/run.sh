#!/usr/bin/env bash
# Differential tests: against Fairy-Stockfish (pyffish, see pyffish_diff.py), the
# default, or against the cchess library's Chinese notation (see cchess_diff.py).
#
#   tests/differential/run.sh [pyffish_diff.py flags...]
#   tests/differential/run.sh cchess [cchess_diff.py flags...]
#
# Creates a virtualenv (default target/venv-diff, or $DIFF_VENV), installs the
# pinned requirements, builds the release binary if it is missing, and runs
# the comparison. Environment:
#   DIFF_BIN        our binary (default $CARGO_TARGET_DIR or target, /release/xiangqi-arbiter)
#   DIFF_BIN_ARGS   pyffish only: arguments before the JSONL file (default "legal-moves")
#   DIFF_VENV       virtualenv directory
#   PYTHON          interpreter used to create the virtualenv (default python3)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"
venv="${DIFF_VENV:-$target/venv-diff}"
bin="${DIFF_BIN:-$target/release/xiangqi-arbiter}"
bin_args="${DIFF_BIN_ARGS-legal-moves}"

if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r "$here/requirements.txt"

if [ ! -x "$bin" ]; then
    (cd "$repo" && cargo build --release --locked)
fi

if [ "${1-}" = cchess ]; then
    shift
    exec "$venv/bin/python" "$here/cchess_diff.py" --bin "$bin" "$@"
fi
exec "$venv/bin/python" "$here/pyffish_diff.py" --bin "$bin" --bin-args "$bin_args" "$@"
