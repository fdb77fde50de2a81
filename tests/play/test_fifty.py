"""The 50/50 geometry: unavoidable guesses and the 50/50 influence (the advisor's use of them is
tested in test_advice.py)."""

from __future__ import annotations

import random

from boards import positions
from brute import brute_layouts
from minesat.board import parse_board
from minesat.counting import LayoutSpace
from minesat.play.fifty import fifty_fifty, influence, layouts_with


def test_no_fifty_fifty_when_a_clue_tells_the_pair_apart():
    board = parse_board("mines=2\n?1???\n?2???\n11???\n")
    space = LayoutSpace(board)
    assert fifty_fifty(board, space, [c for c in board.hidden if board[c] == "?"]) is None


def test_layouts_with_given_mines_and_safe_cells_agree_with_brute_force():
    rng = random.Random(47)
    checked = 0
    for board in positions(rng, 60, rows=(3, 4), cols=(3, 5)):
        layouts = brute_layouts(board)
        closed = [c for c in board.hidden if board[c] == "?"]
        for _ in range(4):
            if len(closed) < 3:
                break
            picked = rng.sample(closed, 3)
            mines, safe = picked[:1], picked[1:] if rng.random() < 0.5 else picked[1:2]
            expected = sum(set(mines) <= L and not set(safe) & L for L in layouts)
            assert layouts_with(board, mines, safe) == expected
            checked += 1
    assert checked > 100


def test_fifty_influence_counts_the_layouts_where_a_cell_is_half_of_a_future_fifty_fifty():
    board = parse_board("mines=6\nF??F\nF??F\n")  # 2 mines among the 4 middle cells: 6 layouts
    space = LayoutSpace(board)
    # (0,1) a mine beside a safe (0,2) or above a safe (1,1): 2 + 2 layouts, and the 2x2 block's
    # diagonal 1; capped by the 3 layouts where (0,1) is a mine (and the 3 where it is safe)
    assert influence(board, space, (0, 1)) == 3
