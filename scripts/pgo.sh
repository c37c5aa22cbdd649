#!/usr/bin/env bash
# The profile-guided release build: what the Dockerfile ships, and what issue 15 measures.
#
#   bash scripts/pgo.sh            # -> $CARGO_TARGET_DIR/pgo/xiangqi-arbiter (default ./target)
#
# 1. builds the service instrumented (-Cprofile-generate) and the training client
#    (benches/servers/pgo_train.rs);
# 2. serves on 127.0.0.1:PGO_PORT and sends it the training load: game200 and every public
#    case of both rule books, over PGO_THREADS connections for PGO_ROUNDS rounds; the client
#    fails on a server error or on an answer that changes between rounds; then SIGTERM, and
#    the profile is written as the server exits;
# 3. merges the profile with llvm-profdata (rustup's llvm-tools component, added if missing)
#    and builds the service again with -Cprofile-use;
# 4. checks the built binary against the pinned answer corpus (tests/data/answer_corpus):
#    its 2,213 answers must be byte for byte the plain build's.
#
# The profile is the compiler's guess of which branches are hot, never a change of what the
# code does: step 4 holds the answers equal. docs/performance.md gives what it buys.
#
# Environment (all optional): PGO_PORT=18097, PGO_ROUNDS=100, PGO_THREADS=4.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
OUT="$TARGET/pgo"
PORT="${PGO_PORT:-18097}"
ROUNDS="${PGO_ROUNDS:-100}"
THREADS="${PGO_THREADS:-4}"
FLAGS="${RUSTFLAGS:-}"

say() { printf 'pgo.sh: %s\n' "$*" >&2; }

sysroot="$(rustc --print sysroot)"
host="$(rustc -vV | sed -n 's/^host: //p')"
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    say "adding rustup's llvm-tools component (llvm-profdata)"
    rustup component add llvm-tools
fi

rm -rf "$OUT/profiles"
mkdir -p "$OUT/profiles"

say "1/4 the instrumented build and the training client"
# An explicit --target keeps RUSTFLAGS off build scripts and proc macros: only the service is
# instrumented, and only its runs write profiles.
RUSTFLAGS="$FLAGS -Cprofile-generate=$OUT/profiles" \
    cargo build --release --locked --quiet --bin xiangqi-arbiter --target "$host" \
    --target-dir "$OUT/generate"
cargo build --release --locked --quiet --features harness --example pgo_train

say "2/4 the training load on 127.0.0.1:$PORT"
RUST_LOG=warn "$OUT/generate/$host/release/xiangqi-arbiter" serve --addr "127.0.0.1:$PORT" \
    >"$OUT/train.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
if ! "$TARGET/release/examples/pgo_train" "127.0.0.1:$PORT" "$ROUNDS" "$THREADS"; then
    cat "$OUT/train.log" >&2
    exit 1
fi
kill -TERM "$server"
wait "$server"
trap - EXIT

say "3/4 the build guided by the profile"
"$profdata" merge -o "$OUT/merged.profdata" "$OUT/profiles"
RUSTFLAGS="$FLAGS -Cprofile-use=$OUT/merged.profdata" \
    cargo build --release --locked --quiet --bin xiangqi-arbiter --target "$host" \
    --target-dir "$OUT/use"
install -m 0755 "$OUT/use/$host/release/xiangqi-arbiter" "$OUT/xiangqi-arbiter"

say "4/4 the pinned answer corpus"
corpus="tests/data/answer_corpus"
if ! gzip -dc "$corpus/requests.jsonl.gz" | "$OUT/xiangqi-arbiter" adjudicate |
    cmp -s - <(gzip -dc "$corpus/answers.jsonl.gz"); then
    say "the guided build's answers differ from the pinned corpus"
    exit 1
fi
say "built $OUT/xiangqi-arbiter (answers identical to the pinned corpus)"
