#!/usr/bin/env python3
"""Writes tests/data/answer_corpus/requests.jsonl.gz: random games ending in repetition cycles,
for tests/it/answer_corpus.rs, which pins the service's answers to them byte for byte.

Each game starts from the standard position or from a public case's position (both books'),
walks a few random legal moves, then plays a lap in which each side steps out one or two
moves and back again, two or three times, sometimes with a move or two after. A third of the
games are ruled under the Asian rules, the languages vary, and in some games the side opening
the lap prefers checking moves. Legal moves come from pyffish (Fairy-Stockfish), a peer that
shares no code with the service.

Only games the service rules on something (not `none`, not a problem) are kept, plus every
`keep_none`-th of the others, so the file holds mostly repetitions:

    pip install pyffish
    cargo build --release --bin xiangqi-arbiter
    python3 scripts/answer_corpus.py target/release/xiangqi-arbiter
    XA_BLESS=1 cargo test --test integration answer_corpus::
"""
import gzip
import json
import random
import re
import subprocess
import sys

import pyffish as sf

ROOT = __file__.rsplit("/scripts/", 1)[0]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# (seed, games, prefer checking moves): the runs the committed file was made from.
RUNS = [(11, 1500, False), (12, 1500, False), (21, 1200, True)]
KEEP_NONE = 20


def iccs(move):
    """pyffish numbers ranks 1-10; ICCS 0-9."""
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def back(move):
    m = re.fullmatch(r"([a-i]\d+)([a-i]\d+)", move)
    return m[2] + m[1]


def games(seed, count, checking, fens):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        fen = rng.choice(fens)
        moves = []
        for _ in range(rng.randrange(0, 30 if fen == START else 8)):
            legal = sf.legal_moves("xiangqi", fen, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        steps = rng.choice([1, 1, 2])
        out_moves, now = [], list(moves)
        for i in range(2 * steps):
            legal = sf.legal_moves("xiangqi", fen, now)
            if not legal:
                break
            checks = [m for m in legal if sf.gives_check("xiangqi", fen, now + [m])]
            prefer = checking and checks and i % 2 == 0 and rng.random() < 0.8
            m = rng.choice(checks) if prefer else rng.choice(legal)
            out_moves.append(m)
            now.append(m)
        if len(out_moves) < 2 * steps:
            continue
        red, black = out_moves[0::2][::-1], out_moves[1::2][::-1]
        lap = out_moves + [x for r, b in zip(red, black) for x in (back(r), back(b))]
        played, ok = list(moves), True
        for _ in range(rng.choice([2, 2, 3])):
            for m in lap:
                if m not in sf.legal_moves("xiangqi", fen, played):
                    ok = False
                    break
                played.append(m)
            if not ok:
                break
        if not ok:
            continue
        for _ in range(rng.randrange(0, 2)):
            legal = sf.legal_moves("xiangqi", fen, played)
            if legal:
                played.append(rng.choice(legal))
        request = {"fen": fen, "moves": [iccs(m) for m in played]}
        lang = rng.choice([None, "en", "vi", "zh"])
        if lang:
            request["lang"] = lang
        if rng.random() < 0.35:
            request["ruleset"] = "axf"
        out.append(request)
    return out


def main():
    binary = sys.argv[1]
    fens = [START] * 10
    for name in ("public.json", "axf_public.json"):
        for case in json.load(open(f"{ROOT}/tests/data/{name}"))["cases"]:
            fens.append(case["fen"])
    requests = [r for seed, n, checking in RUNS for r in games(seed, n, checking, fens)]
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests)
    answers = subprocess.run(
        [binary, "adjudicate"], input=lines, capture_output=True, text=True
    ).stdout.splitlines()
    kept, skipped = [], 0
    for request, answer in zip(requests, map(json.loads, answers)):
        ruled = answer.get("verdict") not in (None, "none")
        if ruled or (answer.get("verdict") == "none" and skipped % KEEP_NONE == 0):
            kept.append(request)
        skipped += not ruled
    with gzip.open(f"{ROOT}/tests/data/answer_corpus/requests.jsonl.gz", "wt", encoding="utf-8") as f:
        f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in kept)
    print(f"{len(kept)} games of {len(requests)}")


if __name__ == "__main__":
    main()
