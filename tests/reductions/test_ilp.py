"""The 0/1 ILP reduction (reductions/ilp.py): the seed example verbatim (its closed loop against brute force and HiGHS
is in test_cnf.py, with the SAT reductions')."""

from __future__ import annotations

from boards import SEED_3X3
from minesat.board import parse_board
from minesat.reductions import ilp


def test_seed_ilp_example_verbatim():
    model = ilp.reduce(parse_board(SEED_3X3))
    assert (model.num_vars, model.num_constraints) == (4, 4)  # (2,0)=0 has no hidden neighbour
    assert [(c.variables, c.rhs) for c in model.constraints] == [
        ((0,), 1), ((0,), 1), ((0, 1, 2, 3), 2), ((2, 3), 1)]
    feasible = [x for n in range(16) for x in [[(n >> i) & 1 for i in range(4)]] if model.is_feasible(x)]
    assert sorted(feasible) == [[1, 0, 0, 1], [1, 0, 1, 0]]
