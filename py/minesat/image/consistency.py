"""Whether a board read from an image can be a game's: a cell's neighbours, the hidden or flagged ones
among them, and the cells no game shows (shared by the tile reader, `minesat.image.reader`, and the text
reader, `minesat.image.textboard`).  Cells are row-major indices into a list of minesat's cell characters."""

from __future__ import annotations

from minesat.board import FLAG, HIDDEN


def near(i: int, rows: int, cols: int) -> list[int]:
    """Cell i and its neighbours (row-major indices)."""
    r, c = divmod(i, cols)
    return [y * cols + x for y in range(max(0, r - 1), min(rows, r + 2))
            for x in range(max(0, c - 1), min(cols, c + 2))]


def around(cells: list[str], i: int, rows: int, cols: int) -> tuple[list[int], int]:
    """The hidden or flagged neighbours of cell i, and how many of them are flags."""
    unknown = [j for j in near(i, rows, cols) if j != i and cells[j] in (HIDDEN, FLAG)]
    return unknown, sum(cells[j] == FLAG for j in unknown)


def impossible_numbers(cells: list[str], rows: int, cols: int) -> int:
    """How many numbers are more than the hidden cells and flags around them."""
    return sum(int(ch) > len(around(cells, i, rows, cols)[0]) for i, ch in enumerate(cells) if ch in "12345678")


def inconsistent(cells: list[str], rows: int, cols: int) -> set[int]:
    """Cells of a reading no game can show, with their neighbours: a 0 next to a hidden cell (opening
    a 0 opens its neighbours), a number with more flags around it, or fewer hidden cells and flags."""
    bad: set[int] = set()
    for i, ch in enumerate(cells):
        if ch in (HIDDEN, FLAG):
            continue
        unknown, flags = around(cells, i, rows, cols)
        if (ch == "0" and unknown) or int(ch) > len(unknown) or flags > int(ch):
            bad.add(i)
            bad.update(unknown)
    return bad
