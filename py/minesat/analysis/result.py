"""What the engine answers about a board, as plain data: light enough for the page's main
thread, which holds answers without importing the engine that computes them (`codec.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from minesat.board import Board, Cell

if TYPE_CHECKING:
    from minesat.counting import LayoutSpace


@dataclass
class Analysis:
    """Everything the page and the CLI show about a board (`analysis.analyze`)."""
    board: Board
    satisfiable: bool
    count: int | None  # None only from analyze(..., uncountable="sat"): too tangled to count
    safe: list[Cell]
    mines: list[Cell]
    probability: dict[Cell, Fraction]
    conflict: list[Cell] = field(default_factory=list)
    conflict_total: bool = False  # whether the total number of mines takes part in the conflict
    space: LayoutSpace | None = field(default=None, repr=False, compare=False)  # the layouts, when counted here
