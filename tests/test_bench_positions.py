"""bench/positions.py values a move two ways: exactly (the chance of winning by opening it, then
playing best) and by play-outs (open it, then follow our advisor). Where our advisor plays best
(few layouts: its exact game-tree search), play-outs over every layout give the exact value."""

from __future__ import annotations

import paired
import positions
from minesat.board import HIDDEN
from minesat.counting import LayoutSpace


def test_play_outs_over_every_layout_give_the_exact_value_where_our_advisor_plays_best():
    checked = 0
    for seed in range(40):
        if checked >= 8:
            break
        _won, steps = paired.record("expert", "zero", seed)
        for board in positions.guesses("expert", "zero", seed, steps, 300, 10**9):
            space = LayoutSpace(board)
            if not 1 < space.count <= 60:
                continue
            layouts = space.layouts(0, space.count)
            moves = [c for c in board.hidden if board[c] == HIDDEN and 0 < space.mine_counts[c] < space.count][:3]
            values = positions.exact_values(board, space, moves, 200_000)
            assert values is not None
            for move, value in zip(moves, values):
                wins = sum(positions.played_out(board, mines, move) for mines in layouts)
                assert wins == round(value * space.count), (seed, move)
            first, second = positions.sampled_values(board, layouts, (moves[0], moves[-1]))
            assert first - second == round((values[0] - values[-1]) * space.count)
            checked += 1
    assert checked >= 5
