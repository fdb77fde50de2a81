"""Reference solver: every subset of the hidden cells, checked against the board.

Exponential; used only by tests to check the reductions and the counting engine.
"""

from __future__ import annotations

from itertools import combinations

from minesat.board import Board, Cell
from minesat.counting.outcomes import Outcome

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
