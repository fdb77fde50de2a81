"""Minesweeper -> SAT with the binomial ("combinatorial") exactly-k encoding (seed 000).

One variable per hidden cell (row-major, 1-based), no auxiliary variables.  A revealed cell
with count c and d hidden neighbours gives C(d, c+1) at-most clauses (no c+1 neighbours are
all mines) and C(d, d-c+1) at-least clauses (no d-c+1 neighbours are all safe); a flag gives a
unit clause.  A clue that cannot be met gets the empty clause, so the formula is plainly UNSAT.
Size: num_vars = |U|, num_clauses <= 112 |R| (d = 8, c = 4) plus one per flag.

The reduction is `cnf.REDUCTIONS["binomial"]` and the encoding `card.ENCODINGS["binomial"]`;
this module keeps the name `reduce` that the benchmarks import.
"""

from __future__ import annotations

from .cnf import REDUCTIONS

REDUCTION = REDUCTIONS["binomial"]
reduce = REDUCTION.reduce
