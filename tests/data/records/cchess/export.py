"""Writes the records of this folder with the cchess library's own PGN writer (Game.save_to):
game200 and a few public repetition cases, each file exactly as cchess wrote it.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install cchess==1.25.5
    /tmp/venv/bin/python tests/data/records/cchess/export.py

Run from the repository root. A case whose move cchess cannot name unambiguously (a pawn on
one of two files that each hold two pawns) would stop the export with an error: none of the
games below has one.
"""

import importlib.metadata
import json
import pathlib

import cchess

HERE = pathlib.Path(__file__).parent
DATA = HERE.parent.parent
CASES = ["E1@+", "E3@+", "E12@3", "E14@+"]


def squares(iccs):
    return (ord(iccs[0]) - 97, int(iccs[1])), (ord(iccs[2]) - 97, int(iccs[3]))


def export(name, fen, moves):
    board = cchess.ChessBoard(" ".join(fen.split()[:2]))
    game = cchess.Game(board)
    for iccs in moves:
        src, dst = squares(iccs)
        move = board.move(src, dst)
        if move is None:
            raise SystemExit(f"{name}: cchess refuses {iccs}")
        game.append_next_move(move)
        board.next_turn()
    path = HERE / f"{name}.pgn"
    game.save_to(str(path))
    print(f"{path}: {len(moves)} moves")


def main():
    print(f"cchess {importlib.metadata.version('cchess')}")
    game200 = json.loads((DATA / "game200.json").read_text())
    export("game200", game200["fen"], game200["moves"])
    public = {c["id"]: c for c in json.loads((DATA / "public.json").read_text())["cases"]}
    for case in CASES:
        c = public[case]
        export(case.replace("@", "_").replace("+", "plus"), c["fen"], c["moves"])


if __name__ == "__main__":
    main()
