"""Minesweeper -> SAT with counting networks (seed 004).

Each clue's hidden neighbours go through a bubble sorting network of comparators (max = OR,
min = AND); the sorted outputs are a thermometer code of the number of mines, so "exactly c"
fixes output c-1 true and output c false.  A d-input network has d(d-1)/2 comparators,
2 auxiliary variables and 6 clauses each.  The total number of mines uses a sequential unary
counter at board scale, O(|U| * total) rather than the binomial C(|U|, total + 1).

The reduction is `cnf.REDUCTIONS["sortnet"]`, the encodings `card.ENCODINGS["sortnet"]` and
`card.ENCODINGS["counter"]`; this module keeps the names other modules import from it.
"""

from __future__ import annotations

from . import card
from .card import MAX_COUNTER_CELLS, CounterTooLarge
from .cnf import CNF, REDUCTIONS, TOTAL_ENCODING

__all__ = ["MAX_COUNTER_CELLS", "REDUCTION", "CounterTooLarge", "add_count", "add_total", "counter_size", "reduce"]

REDUCTION = REDUCTIONS["sortnet"]
reduce = REDUCTION.reduce


def add_count(cnf: CNF, variables: list[int], low: int, high: int) -> CNF:
    """Add "between `low` and `high` of `variables` are true" with a sequential unary counter."""
    cnf.add_between(variables, low, high, TOTAL_ENCODING, None)
    return cnf


def add_total(cnf: CNF, total: int) -> CNF:
    """Add "exactly `total` of the cell variables are true" with a sequential unary counter."""
    return add_count(cnf, list(range(1, len(cnf.cells) + 1)), total, total)


def counter_size(n: int, low: int, high: int) -> tuple[int, int]:
    """(auxiliary variables, clauses) that `add_count` adds over n variables, without building them."""
    return card.size(n, low, high, TOTAL_ENCODING)
