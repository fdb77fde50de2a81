"""minesat: Minesweeper positions reduced to SAT (binomial and sorting-network CNF) and ILP,
solved with pycosat, counted exactly.

The public API is what this module exports (`__all__`); the modules behind it may change.
Read a board, analyse it:

>>> from minesat import analyze, parse_board
>>> board = parse_board("1 ? ?\\n1 2 ?\\n0 1 ?\\n")
>>> board.rows, board.cols, board.hidden
(3, 3, ((0, 1), (0, 2), (1, 2), (2, 2)))
>>> result = analyze(board)
>>> result.satisfiable, result.count, result.safe, result.mines
(True, 2, [(0, 2)], [(0, 1)])
>>> result.probability[1, 2]
Fraction(1, 2)

A contradictory board has no layout, and a minimal set of clues that contradict each other:

>>> broken = analyze(parse_board("1?1\\n?0?\\n1?1\\n"))
>>> broken.satisfiable, broken.count, broken.conflict
(False, 0, [(1, 1), (2, 2)])

Every layout, by number, without listing them all (a layout is the set of its mine cells):

>>> from minesat import LayoutSpace
>>> space = LayoutSpace(board)
>>> space.count, sorted(space.layout(1))
(2, [(0, 1), (2, 2)])

A `Board` is plain data; the total number of mines (flags included) is optional:

>>> Board.from_rows(["1??"], mines=1).mines
1

The engine's packages, from the bottom up (docs/architecture.md has the map and a glossary):
board (the data) and unionfind; reductions (cardinality encodings, CNF, ILP, the SAT solver);
counting (exact counts, probabilities, outcome tables, totals); formats (every board format, share
links, one registry); image (boards read from screenshots); proofs (why a cell is forced);
analysis (all of it in one call); play (games, no-guess boards, advice, reviews); messages (the
page's engine: ops and their codec); cli (the command line).
"""

from importlib import import_module
from typing import TYPE_CHECKING

from minesat.analysis.result import Analysis
from minesat.board import Board, BoardError, parse_board

if TYPE_CHECKING:
    from minesat.analysis.analyze import analyze
    from minesat.counting import LayoutSpace

__all__ = ["Analysis", "Board", "BoardError", "LayoutSpace", "analyze", "parse_board"]
__version__ = "0.1.0"

ENGINE = {"analyze": "analysis.analyze", "LayoutSpace": "counting"}  # imported on first use, so that
# the page's main thread can import the light modules (board, share, codec) without the engine


def __getattr__(name: str) -> object:
    if name not in ENGINE:
        raise AttributeError(f"module 'minesat' has no attribute {name!r}")
    return getattr(import_module(f".{ENGINE[name]}", __name__), name)
