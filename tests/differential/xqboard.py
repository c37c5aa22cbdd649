"""Board helpers the differential tests share: FEN placements as dictionaries and back, and
the FENs of the perft reference file. Standard library only."""

from __future__ import annotations


def board_of(fen: str) -> dict[tuple[int, int], str]:
    """(file 0-8, rank 0-9) -> FEN letter."""
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, rank)] = ch
                file += 1
    return board


def placement(board: dict[tuple[int, int], str]) -> str:
    """The placement field of a FEN."""
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            ch = board.get((file, rank))
            if ch is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + ch
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def fen_of(board: dict[tuple[int, int], str], side: str) -> str:
    """A whole FEN: the placement, `side` to move, no counters."""
    return placement(board) + f" {side} - - 0 1"


def perft_fens(path: str) -> list[str]:
    """The FENs of tests/data/perft.txt (lines `fen ...`)."""
    with open(path, encoding="utf-8") as fh:
        return [line[4:].strip() for line in fh if line.startswith("fen ")]
