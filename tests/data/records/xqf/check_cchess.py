"""Reads the XQF samples of this folder with a third-party reader, the `cchess` library's
`read_from_xqf` (PyPI, LGPL-3.0, version 1.25.5, the peer of tests/differential/cchess_diff.py),
and checks each against the game it holds: the start (its FEN, Black to move included), the
main line move for move, the number of branches (the E3@+ samples hold a variation) and the
header's texts. Our writer (tests/it/common/xqf.rs) and our reader (src/records/xqf.rs) share
one reading of the format; this is the check that the reading is the format's.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install cchess==1.25.5
    /tmp/venv/bin/python tests/data/records/xqf/check_cchess.py     # from the repository root

Prints one line per file and `xqf: N files agree`; exits non-zero on a difference.
"""

import json
import sys
from pathlib import Path

from cchess.read_xqf import read_from_xqf

DATA = Path("tests/data")
FILES = {
    "game200_v10.xqf": ("game200", 1),
    "game200_v18.xqf": ("game200", 1),
    "E1_plus_mirrored_black_first_v10.xqf": ("mirrored E1@+", 1),
    "E1_plus_mirrored_black_first_v18.xqf": ("mirrored E1@+", 1),
    "E3_plus_variation_comments_v10.xqf": ("E3@+", 2),
    "E3_plus_variation_comments_v18.xqf": ("E3@+", 2),
}


def mirror_square(sq):
    """A square flipped top to bottom (ICCS rank r to 9 - r)."""
    return sq[0] + str(9 - int(sq[1]))


def game(case_id):
    """The board part of the start's FEN, its side to move, and the moves of `case_id`."""
    if case_id.startswith("mirrored "):
        board, side, moves = game(case_id[len("mirrored "):])
        rows = [r.swapcase() for r in reversed(board.split("/"))]
        mirrored = [mirror_square(m[:2]) + mirror_square(m[2:]) for m in moves]
        return "/".join(rows), "b" if side == "w" else "w", mirrored
    if case_id == "game200":
        g = json.loads((DATA / "game200.json").read_text())
    else:
        cases = json.loads((DATA / "public.json").read_text())["cases"]
        g = next(c for c in cases if c["id"] == case_id)
    board, side = g["fen"].split()[:2]
    return board, side, g["moves"]


def main():
    bad = 0
    folder = Path(__file__).parent
    for name, (case_id, branches) in FILES.items():
        board, side, moves = game(case_id)
        g = read_from_xqf(str(folder / name))
        fen = g.init_board.to_fen().split()
        main_line = g.dump_iccs_moves()[0]
        checks = {
            "board": fen[0] == board,
            "side": fen[1] == side,
            "moves": main_line == moves,
            "branches": g.info.get("branchs") == branches,
        }
        if case_id == "game200":
            checks["texts"] = (g.info.get("red"), g.info.get("event")) == (
                "红方棋手",
                "全国象棋个人赛",
            )
        failed = [k for k, ok in checks.items() if not ok]
        bad += bool(failed)
        print(f"{name}: {'ok' if not failed else 'DIFFERS in ' + ', '.join(failed)}")
    print(f"xqf: {len(FILES) - bad} files agree" + (f", {bad} differ" if bad else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
