"""Reference solver: every subset of the hidden cells, checked against the board.

Exponential; used only by tests to check the reductions and the counting engine.
"""

from __future__ import annotations

from itertools import combinations

from minesat.board import Board, Cell
from minesat.counting.outcomes import Outcome
from minesat.proofs.explain import MINE, SAFE

MAX_HIDDEN = 20


def brute_layouts(board: Board) -> list[frozenset[Cell]]:
    """All layouts of a small board, each a frozenset of mine cells, sorted by (size, cells)."""
    if len(board.hidden) > MAX_HIDDEN:
        raise ValueError(f"brute force is for boards with at most {MAX_HIDDEN} hidden cells")
    sizes = [board.mines] if board.mines is not None else range(len(board.hidden) + 1)
    return [frozenset(mines) for n in sizes for mines in combinations(board.hidden, n)
            if board.is_layout(frozenset(mines))]


def outcomes_by_brute(board: Board) -> dict[Cell, Outcome]:
    """Every hidden cell's outcome table, from every layout listed."""
    layouts = brute_layouts(board)
    out = {}
    for cell in board.hidden if layouts else ():
        numbers: dict[int, int] = {}
        for layout in layouts:
            if cell not in layout:
                shown = sum(n in layout for n in board.neighbours(cell))
                numbers[shown] = numbers.get(shown, 0) + 1
        out[cell] = Outcome(len(layouts), sum(cell in layout for layout in layouts), numbers)
    return out


class Brute:
    """Every subset of a small board's hidden cells, as bit masks, checked against any part of
    its constraints: some clues, the flags or not, the total or not."""

    def __init__(self, board: Board):
        self.board = board
        self.bit = {cell: 1 << i for i, cell in enumerate(board.hidden)}
        self.masks = range(1 << len(board.hidden))
        self.clue = {clue.cell: (sum(self.bit[n] for n in clue.neighbours), clue.count) for clue in board.clues}
        self.flags = sum(self.bit[f] for f in board.flags)

    def layouts(self, clues, flags: bool, total: bool) -> list[int]:
        checks = [self.clue[c] for c in clues]
        return [m for m in self.masks
                if (not flags or m & self.flags == self.flags)
                and (not total or self.board.mines is None or m.bit_count() == self.board.mines)
                and all((m & near).bit_count() == count for near, count in checks)]

    def verdict(self, cell, clues, flags: bool, total: bool) -> str | None:
        values = {bool(m & self.bit[cell]) for m in self.layouts(clues, flags, total)}
        return {frozenset([True]): MINE, frozenset([False]): SAFE}.get(frozenset(values))


def verdicts_by_brute(board: Board) -> dict:
    """Forced cells of the whole board, flags left out: cell -> verdict ({} when contradictory)."""
    layouts = brute_layouts(board)
    if not layouts:
        return {}
    out = {}
    for cell in board.hidden:
        values = {cell in layout for layout in layouts}
        if len(values) == 1 and board[cell] != "F":
            out[cell] = MINE if values == {True} else SAFE
    return out
