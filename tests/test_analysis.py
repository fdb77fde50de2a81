"""analyze(): exact counting and SAT agree with each other and with brute force."""

from __future__ import annotations

import random
from fractions import Fraction

import pycosat

from boards import random_board
from minesat.analysis import analyze
from minesat.brute import brute_layouts


def test_analysis_equals_brute_force_and_sat_agrees_with_counting():
    rng = random.Random(99)
    contradictory = 0
    for _ in range(250):
        board = random_board(rng, max_side=5, max_hidden=12)
        layouts = brute_layouts(board)
        result = analyze(board, pycosat)
        assert result.satisfiable == bool(layouts)
        assert result.count == len(layouts)
        if not layouts:
            contradictory += 1
            assert result.probability == {} and result.safe == result.mines == []
            continue
        for cell in board.hidden:
            assert result.probability[cell] == Fraction(sum(cell in lay for lay in layouts), len(layouts))
        # the SAT backbone and the counts' certainties are computed independently
        assert result.safe == sorted(c for c, p in result.probability.items() if p == 0)
        assert result.mines == sorted(c for c, p in result.probability.items() if p == 1)
    assert contradictory > 10
