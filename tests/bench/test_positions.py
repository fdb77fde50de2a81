"""bench/positions.py values a move two ways: exactly (the chance of winning by opening it, then
playing best) and by play-outs (open it, then follow our advisor). Where our advisor plays best
(few layouts: its exact game-tree search), play-outs over every layout give the exact value."""

from __future__ import annotations

import random

import pytest

import paired
import positions
from minesat.board import HIDDEN
from minesat.counting import LayoutSpace
from minesat.play import advice


def late_positions(after: int, games: int = 40):
    """Per zero-start expert game of seeds 0.. (our advisor's own), its guesses with more than
    `after` cells open, each with its layout space."""
    for seed in range(games):
        _won, steps = paired.record("expert", "zero", seed)
        boards = positions.guesses("expert", "zero", seed, steps, after, 10**9)
        yield seed, [(board, LayoutSpace(board)) for board in boards]


@pytest.mark.slow
def test_play_outs_over_every_layout_give_the_exact_value_where_our_advisor_plays_best():
    checked = 0
    for seed, boards in late_positions(300):
        if checked >= 8:
            break
        for board, space in boards:
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


@pytest.mark.slow
def test_survival_draws_average_to_the_chance_of_winning_by_our_play():
    """The sampled look-ahead's draws (no draw ends in a mine: the product of each guess's safety)
    average to the chance that opening the move, then following our advisor, wins: here where our
    advisor plays best, the exact value, over draws started from every layout in turn."""
    checked = 0
    for seed, boards in late_positions(250):
        if checked >= 3:
            break
        for board, space in boards:
            if not 4 < space.count <= 60:
                continue
            layouts = space.layouts(0, space.count)
            move = min((c for c in board.hidden if board[c] == HIDDEN and 0 < space.mine_counts[c] < space.count),
                       key=lambda c: -space.mine_counts[c])  # the riskiest: its draws are drawn again most
            [value] = positions.exact_values(board, space, [move], 200_000) or [None]
            draws = [positions.survival_draw(board, space, move, mines, random.Random(round_ * 1000 + k))
                     for round_ in range(6) for k, mines in enumerate(layouts)]
            assert all(0 <= d <= 1 for d in draws)
            assert abs(sum(draws) / len(draws) - value) < 0.02, (seed, move, value)
            checked += 1
            break
    assert checked >= 3


@pytest.mark.slow
def test_the_sampled_look_ahead_plays_out_our_move_first_and_picks_by_a_margin(monkeypatch):
    assert positions.rollout_pick([0.5, 0.52, 0.51]) == 1
    assert positions.rollout_pick([0.5, 0.52, 0.51], margin=0.03) == 0  # no other cell leads ours by more
    assert positions.rollout_pick([0.5, 0.5]) == 0  # among equals, ours
    for seed, boards in late_positions(300, games=20):
        for board, space in boards:
            ours = advice.advise(board, space)
            if ours.method != "look-ahead" or len(positions.rollout_cells(ours, 3)) < 3:
                continue
            monkeypatch.setitem(positions.WORKER, "samples", 3)
            monkeypatch.setitem(positions.WORKER, "width", 3)
            row = positions.rollout_position(board, space, ours, seed)
            assert row["cells"][0] == list(ours.move)
            assert len(row["select"]) == len(row["value"]) == 3
            assert all(len(draws) == 3 and all(0 <= d <= 1 for d in draws) for draws in row["value"])
            return
    raise AssertionError("no look-ahead guess with three candidates in 20 games")


def test_the_sampled_look_ahead_is_valued_on_the_draws_it_did_not_choose_by():
    row = {"open": 350, "cells": [[0, 0], [0, 1]], "select": [0.4, 0.6], "value": [[0.4, 0.5], [0.6, 0.7]]}
    lines = positions.rollout_summary({1: {"asked": 1, "positions": [row]}}, margins=(0.0, 0.3)).splitlines()
    assert "margin 0.0: another cell at 1, gaining +0.200 games" in lines[1]  # 0.65 - 0.45 on the valuing draws
    assert "margin 0.3: another cell at 0, gaining +0.000 games" in lines[2]  # 0.6 does not lead 0.4 by 0.3
    assert lines[3].startswith("up to 300 open, 0 positions") and lines[5].startswith("past 300 open, 1 positions")


def test_a_cheaper_run_is_replayed_from_the_first_draws_and_valued_on_the_others():
    row = {"open": 350, "cells": [[0, 0], [0, 1], [0, 2]], "select": [0.5, 0.1, 0.9],
           "value": [[0.2, 0.5, 0.5], [0.6, 0.4, 0.4], [0.1, 0.9, 0.9]]}
    assert positions.choice_draws(row) == (row["select"], row["value"])
    select, value = positions.choice_draws(row, choose_by=1, width=2)
    assert select == [0.2, 0.6] and value == [[0.5, 0.5], [0.4, 0.4]]  # the third cell is not played out
    lines = positions.rollout_summary({1: {"asked": 1, "positions": [row]}}, margins=(0.0,), choose_by=1,
                                      width=2).splitlines()
    assert lines[0].endswith("chosen by 1 draws of 2 cells")
    assert "another cell at 1, gaining -0.100 games" in lines[1]  # chosen by 0.6 > 0.2, worth 0.4 - 0.5
