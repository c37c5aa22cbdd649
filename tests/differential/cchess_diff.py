#!/usr/bin/env python3
"""Differential test of our Chinese notation against the Python library cchess.

cchess (PyPI, LGPL-3.0, by walker8088) writes and reads moves the way Chinese
score sheets do (炮二平五, 马８进７). It is only called here, never copied.

Positions come from seeded random games played through our own binary
(`xiangqi-arbiter legal-moves`, JSON Lines in and out): from the start
position, from every `fen` line of tests/data/perft.txt and from a few fixed
positions with tandem pieces and three, four or five pawns on one file (each
also with colours and sides swapped). Half of the games move pawns three
times out of four when they can, so that pawns cross the river and stack up.
Our rules core is compared with Fairy-Stockfish by pyffish_diff.py; here the
legal moves are ours and only their Chinese text is compared.

For every legal move of every position:

* **write**: the `chinese` text our binary lists equals cchess's
  `Move.to_text()` for the same move;
* **read**: cchess's text, sent to `xiangqi-arbiter adjudicate` with
  `"notation": "chinese"`, plays the same move (the board and side to move
  after it are compared).

One case is set apart and counted, not failed: when two files each hold two or
more of the mover's pawns, cchess names the front pawn of each file `前兵` (it
looks at one file only), so its text names two moves. There our text follows
our own documented numbering (一兵 ... 五兵), and reading cchess's text must
give the `ambiguous` error. A cchess text naming two moves anywhere else is a
failure.

Also, a few games are exported by cchess as PGN (`Game.save_to`), the file's
moves are read back in Chinese by our binary, and the position reached must be
the game's. cchess reading our texts (`Move.from_text`) is reported for
information: its reader does not handle stacked pawns.

Exit status 0 when nothing differs, 1 otherwise, 2 on a usage or setup error.
The last line is always `differential: N passed, M failed` (moves compared).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import cchess

from xqboard import board_of, perft_fens, placement

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# The first character of our texts for pawns of two stacked files.
NUMBERED = "一二三四五１２３４５"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Fixed positions reaching the tandem forms (the fixtures of tests/it/notation.rs).
FIXED = [
    "3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1",            # two cannons on a file
    "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",          # three pawns on a file
    "2P2k3/2P6/2P6/2P6/9/9/9/9/9/4K4 w - - 0 1",        # four
    "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1",      # five
    "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",      # three and two (set apart)
    "3k5/9/9/9/R8/2B6/9/3A5/9/R1BA1K3 w - - 0 1",       # advisors, elephants, rooks
]


# --------------------------------------------------------------------------
# Boards
# --------------------------------------------------------------------------

def rotated(fen: str) -> str:
    """The position turned half round with colours swapped: the same game
    seen from the other side."""
    board = {(8 - f, 9 - r): ch.swapcase() for (f, r), ch in board_of(fen).items()}
    side = "b" if fen.split()[1] == "w" else "w"
    return f"{placement(board)} {side} - - 0 1"


def squares(iccs: str) -> tuple[tuple[int, int], tuple[int, int]]:
    return (ord(iccs[0]) - 97, int(iccs[1])), (ord(iccs[2]) - 97, int(iccs[3]))


def after(fen: str, iccs: str) -> str:
    """Board and side to move after the move."""
    board = board_of(fen)
    src, dst = squares(iccs)
    board[dst] = board.pop(src)
    return f"{placement(board)} {'b' if fen.split()[1] == 'w' else 'w'}"


def on_two_stacks(fen: str, iccs: str) -> bool:
    """Does the move move a pawn standing on one of two or more files that
    each hold two or more pawns of the side to move?"""
    pawn = "P" if fen.split()[1] == "w" else "p"
    board = board_of(fen)
    counts: dict[int, int] = {}
    for (f, _), ch in board.items():
        if ch == pawn:
            counts[f] = counts.get(f, 0) + 1
    src = squares(iccs)[0]
    stacks = sum(1 for n in counts.values() if n >= 2)
    return stacks >= 2 and board.get(src) == pawn and counts[src[0]] >= 2


# --------------------------------------------------------------------------
# Asking us
# --------------------------------------------------------------------------

def die(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def run_ours(args, subcommand: str, requests: list[dict]) -> list[dict]:
    """Sends JSON Lines to our binary; one answer per request."""
    fd, path = tempfile.mkstemp(prefix="cchess-diff-", suffix=".jsonl")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        for r in requests:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    cmd = [args.bin, subcommand, path]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8",
                              timeout=args.timeout)
    finally:
        os.unlink(path)
    answers = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    if len(answers) != len(requests):
        die(f"{' '.join(cmd)} exited with {proc.returncode} after {len(answers)} answers "
            f"to {len(requests)} requests:\n{proc.stderr[-2000:]}")
    return answers


def play_games(args) -> tuple[list[dict], list[tuple[str, list[str]]]]:
    """Seeded random games, one batch per ply. Returns every position met
    (our legal-moves answers, each with its `fen`) and each game's start FEN
    and moves."""
    starts = [START_FEN] + [f for f in perft_fens(args.perft) if f != START_FEN]
    starts += FIXED + [rotated(f) for f in FIXED]
    rng = random.Random(args.seed)
    games = []
    for start in starts:
        for i in range(args.walks_per_start):
            games.append({"start": start, "fen": start, "moves": [],
                          "rng": random.Random(rng.randrange(2**63)),
                          "pawn_bias": i % 2 == 1, "over": False})
    everyone = list(games)
    seen: dict[str, dict] = {}
    answers = run_ours(args, "legal-moves", [{"fen": g["fen"]} for g in games])
    for _ in range(args.plies):
        requests, playing = [], []
        for g, ans in zip(games, answers):
            if g["over"]:
                continue
            fen = ans["position"]["fen"]
            g["fen"] = fen
            seen.setdefault(fen, {"fen": fen, "legal_moves": ans["legal_moves"]})
            moves = [m["iccs"] for m in ans["legal_moves"]]
            if not moves:
                g["over"] = True
                continue
            pool = moves
            if g["pawn_bias"] and g["rng"].random() < 0.75:
                board = board_of(fen)
                pawns = [m for m in moves if board[squares(m)[0]] in "Pp"]
                pool = pawns or moves
            move = g["rng"].choice(pool)
            g["moves"].append(move)
            requests.append({"fen": fen, "moves": [move]})
            playing.append(g)
        if not requests:
            break
        answers = run_ours(args, "legal-moves", requests)
        games = playing
    for g, ans in zip(games, answers):
        fen = ans["position"]["fen"]
        seen.setdefault(fen, {"fen": fen, "legal_moves": ans["legal_moves"]})
    return list(seen.values()), [(g["start"], g["moves"]) for g in everyone]


# --------------------------------------------------------------------------
# Asking cchess
# --------------------------------------------------------------------------

def cchess_board(fen: str) -> cchess.ChessBoard:
    return cchess.ChessBoard(" ".join(fen.split()[:2]))


def cchess_text(board: cchess.ChessBoard, iccs: str) -> str:
    src, dst = squares(iccs)
    return cchess.Move(board, src, dst).to_text()


def cchess_reads(board: cchess.ChessBoard, text: str, iccs: str) -> bool:
    try:
        got = cchess.Move.from_text(board, text)
    except (ValueError, IndexError, KeyError):
        return False
    return got is not None and got == squares(iccs)


# --------------------------------------------------------------------------
# Comparing
# --------------------------------------------------------------------------

def compare_moves(args, positions: list[dict]) -> tuple[int, list[str], dict[str, int]]:
    stats = {"moves": 0, "equal": 0, "set_apart": 0, "cchess_reads_ours": 0}
    failures: list[str] = []
    reads: list[tuple[dict, str, str, bool]] = []  # (position, iccs, cchess text, set apart)
    for pos in positions:
        fen = pos["fen"]
        board = cchess_board(fen)
        theirs = {m["iccs"]: cchess_text(board, m["iccs"]) for m in pos["legal_moves"]}
        named: dict[str, int] = {}
        for text in theirs.values():
            named[text] = named.get(text, 0) + 1
        for m in pos["legal_moves"]:
            iccs, ours = m["iccs"], m["chinese"]
            text = theirs[iccs]
            stats["moves"] += 1
            stats["cchess_reads_ours"] += cchess_reads(board, ours, iccs)
            if on_two_stacks(fen, iccs):
                # cchess's 前兵/中兵/后兵 does not say which file; ours numbers them.
                stats["set_apart"] += 1
                reads.append((pos, iccs, text, True))
                if ours[0] not in NUMBERED:
                    failures.append(f"fen {fen} move {iccs}: ours {ours} is not numbered")
                continue
            if named[text] > 1:
                failures.append(f"fen {fen} move {iccs}: cchess writes {text}, which names "
                                f"{named[text]} moves; ours {ours}")
            if ours == text:
                stats["equal"] += 1
            else:
                failures.append(f"fen {fen} move {iccs}: ours {ours}, cchess {text}")
            reads.append((pos, iccs, text, False))

    answers = run_ours(args, "adjudicate", [
        {"fen": pos["fen"], "moves": [text], "notation": "chinese"} for pos, _, text, _ in reads
    ])
    stats["read_back"] = 0
    for (pos, iccs, text, apart), ans in zip(reads, answers):
        fen = pos["fen"]
        if apart:
            if ans.get("kind") == "ambiguous":
                stats["read_back"] += 1
            else:
                failures.append(f"fen {fen} move {iccs}: cchess's {text} does not say which file, "
                                f"yet we did not answer ambiguous: {ans}")
            continue
        if "position" not in ans:
            failures.append(f"fen {fen} move {iccs}: we cannot read cchess's {text}: "
                            f"{ans.get('title')}: {ans.get('detail')}")
            continue
        got = " ".join(ans["position"]["fen"].split()[:2])
        if got != after(fen, iccs):
            failures.append(f"fen {fen} move {iccs}: we read cchess's {text} as another move "
                            f"(reached {got})")
        else:
            stats["read_back"] += 1
    return len(reads), failures, stats


def compare_pgn(args, games: list[tuple[str, list[str]]]) -> tuple[int, int, list[str]]:
    """Exports games with cchess, reads the PGN's moves back with our binary.
    A game is cut before its first move whose cchess text names two moves."""
    chosen, requests = [], []
    for start, moves in games[: args.pgn_games]:
        board = cchess_board(start)
        game = cchess.Game(board)
        played, fen = [], " ".join(start.split()[:2])
        for iccs in moves:
            src, dst = squares(iccs)
            if on_two_stacks(fen + " - - 0 1", iccs):
                break
            move = board.move(src, dst)
            if move is None:
                break
            game.append_next_move(move)
            board.next_turn()
            played.append(iccs)
            fen = after(fen, iccs)
        fd, path = tempfile.mkstemp(prefix="cchess-diff-", suffix=".pgn")
        os.close(fd)
        try:
            game.save_to(path)
            with open(path, encoding="utf-8") as fh:
                pgn = fh.read()
        finally:
            os.unlink(path)
        tags, tokens = read_pgn(pgn)
        chosen.append((start, played, pgn))
        requests.append({"fen": tags.get("FEN", START_FEN), "moves": tokens, "notation": "chinese"})
    failures = []
    for (start, played, pgn), ans in zip(chosen, run_ours(args, "adjudicate", requests)):
        want = " ".join(start.split()[:2])
        for iccs in played:
            want = after(want, iccs)
        got = " ".join(ans.get("position", {}).get("fen", "").split()[:2])
        if got != want:
            failures.append(f"PGN of {len(played)} moves from {start}: we reached {got or ans}, "
                            f"the game reached {want}\n{pgn[:600]}")
    return sum(len(played) for _, played, _ in chosen), len(chosen), failures


def read_pgn(pgn: str) -> tuple[dict[str, str], list[str]]:
    """The tags and the moves of a PGN's main line (no numbers, results or
    rules)."""
    tags, moves = {}, []
    for line in pgn.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]") and '"' in line:
            name, _, value = line[1:-1].partition(" ")
            tags[name] = value.strip().strip('"')
            continue
        if not line:
            continue
        for token in line.split():
            if token.endswith(".") or token in ("*", "1-0", "0-1", "1/2-1/2") or set(token) == {"="}:
                continue
            moves.append(token)
    return tags, moves


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(REPO, "target/release/xiangqi-arbiter"),
                    help="our binary (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=20041, help="random seed (default: %(default)s)")
    ap.add_argument("--perft", default=os.path.join(REPO, "tests/data/perft.txt"),
                    help="start FENs: the 'fen' lines of this file (default: %(default)s)")
    ap.add_argument("--walks-per-start", type=int, default=2,
                    help="random games per start position, every other one pawn-biased "
                         "(default: %(default)s)")
    ap.add_argument("--plies", type=int, default=80, help="longest game (default: %(default)s)")
    ap.add_argument("--pgn-games", type=int, default=6,
                    help="games exported as PGN by cchess and read back (default: %(default)s)")
    ap.add_argument("--show", type=int, default=10, help="differences printed in full")
    ap.add_argument("--timeout", type=float, default=300, help="seconds allowed to our binary")
    args = ap.parse_args()
    if not os.path.exists(args.bin):
        die(f"binary {args.bin} not found (build it, or pass --bin)")

    t0 = time.monotonic()
    positions, games = play_games(args)
    t1 = time.monotonic()
    read, failures, stats = compare_moves(args, positions)
    t2 = time.monotonic()
    pgn_moves, pgn_count, pgn_failures = compare_pgn(args, games)
    t3 = time.monotonic()
    failures += pgn_failures

    print(f"cchess {importlib.metadata.version('cchess')}, seed {args.seed}: {len(positions)} positions, {stats['moves']} legal moves")
    print(f"  written alike: {stats['equal']}; set apart (pawns of two stacked files): "
          f"{stats['set_apart']}")
    print(f"  cchess texts read back by us: {stats['read_back']} of {read} (those set apart "
          "as ambiguous)")
    print(f"  cchess PGN exports read back: {pgn_count - len(pgn_failures)} of {pgn_count} "
          f"({pgn_moves} moves)")
    print(f"  for information, our texts read back by cchess: {stats['cchess_reads_ours']} "
          f"of {stats['moves']}")
    print(f"  games {t1 - t0:.1f}s, moves {t2 - t1:.1f}s, PGN {t3 - t2:.1f}s")
    if failures:
        print(f"\n{len(failures)} differences; the first {min(args.show, len(failures))}:\n")
        for text in failures[: args.show]:
            print("  " + text)
    failed = len(failures) - len(pgn_failures)
    print(f"differential: {stats['moves'] - failed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
