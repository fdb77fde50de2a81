"""Minesweeper -> SAT with the binomial ("combinatorial") exactly-k encoding.

Seed 000: one variable per hidden cell (row-major, 1-based), no auxiliary
variables.  A revealed cell with count c and d hidden neighbours gives C(d, c+1)
at-most clauses (no c+1 neighbours are all mines) and C(d, d-c+1) at-least
clauses (no d-c+1 neighbours are all safe); a flag gives a unit clause.  A clue
that cannot be met gets the empty clause, so the formula is plainly UNSAT.
Size: num_vars = |U|, num_clauses <= 112 |R| (d = 8, c = 4) plus one per flag.
"""

from __future__ import annotations

from itertools import combinations

from .board import Board, Cell
from .cnf import CNF, encode_board

ENCODING = "binomial"


def exactly(variables: list[int], count: int) -> list[list[int]]:
    """Clauses saying exactly `count` of `variables` are true, with no new variables."""
    at_most = [[-v for v in subset] for subset in combinations(variables, count + 1)]
    at_least = [list(subset) for subset in combinations(variables, len(variables) - count + 1)]
    return at_most + at_least


def add_exactly(cnf: CNF, variables: list[int], count: int, clue: Cell) -> None:
    for clause in exactly(variables, count):
        cnf.add(clause, clue)


def reduce(board: Board) -> CNF:
    """The binomial CNF of a board's clues and flags (the total, if any, is not encoded here)."""
    return encode_board(board, ENCODING, add_exactly)
