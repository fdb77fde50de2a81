"""Everything the page and the CLI show about a board, in one call."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType

from .board import Board, Cell
from .counting import LayoutSpace
from .solve import conflict, forced_cells, get_solver

WITNESSES = 8  # layouts sampled from the count to spare SAT calls in the backbone


@dataclass
class Analysis:
    board: Board
    satisfiable: bool
    count: int
    safe: list[Cell]
    mines: list[Cell]
    probability: dict[Cell, Fraction]
    conflict: list[Cell] = field(default_factory=list)

    def to_json(self) -> dict:
        """The CLI's JSON object: exact count as a string, probabilities as floats."""
        out = {
            "rows": self.board.rows, "cols": self.board.cols,
            "satisfiable": self.satisfiable, "count": str(self.count),
            "safe": [list(c) for c in self.safe], "mines": [list(c) for c in self.mines],
            "probability": {f"{r},{c}": float(p) for (r, c), p in self.probability.items()},
        }
        if not self.satisfiable:
            out["conflict"] = [list(c) for c in self.conflict]
        return out


def analyze(board: Board, solver: ModuleType | None = None, encoding: str = "binomial") -> Analysis:
    """Count and probabilities by exact counting; consistency, forced cells and conflicts by SAT.

    The two methods are independent; tests check that they agree.
    """
    solver = solver or get_solver()
    space = LayoutSpace(board)
    rng = random.Random(0)
    witnesses = [space.sample(rng) for _ in range(WITNESSES)] if space.count else []
    forced = forced_cells(board, solver, encoding, witnesses)
    if forced is None:
        return Analysis(board, False, 0, [], [], {}, conflict(board, solver, encoding) or [])
    safe, mines = forced
    probability = {cell: space.probability(cell) for cell in board.hidden}
    return Analysis(board, True, space.count, safe, mines, probability)
