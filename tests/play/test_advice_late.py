"""The look-ahead's switchable rule: candidates by 50/50 influence (`advice.INFLUENCE_CANDIDATES`)."""

from __future__ import annotations

import random

from boards import positions
from minesat.play import advice, fifty
from test_advice import guesses


def test_may_influence_is_true_wherever_a_cell_has_some_influence():
    rng = random.Random(26)
    checked = 0
    for board, space, closed in guesses(positions(rng, 400, rows=(3, 6), cols=(3, 6), density=(0.2, 0.35))):
        for t in closed:
            if space.mine_counts[t] < space.count and fifty.influence(board, space, t):
                assert fifty.may_influence(board, space, t)
                checked += 1
    assert checked >= 20


def test_influenced_cells_are_new_living_frontier_cells_within_reach_of_the_best():
    rng = random.Random(27)
    found = 0
    for board, space, closed in guesses(positions(rng, 400, rows=(4, 7), cols=(4, 7), density=(0.2, 0.35))):
        n, counts = space.count, space.mine_counts
        chosen = advice.candidates(board, space, closed)
        known: dict = {}
        extra = advice.influenced(board, space, closed, chosen, known)
        best = n - min(counts[c] for c in closed if counts[c] < n)
        for c in extra:
            assert c not in chosen and c in board.frontier() and counts[c] < n
            assert known[c] == fifty.influence(board, space, c)
            assert n - counts[c] + known[c] >= advice.WITHIN * best
        found += len(extra)
    assert found >= 1

