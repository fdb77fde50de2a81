"""Outcome tables and dead cells (`minesat.counting.outcomes`) against brute force."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from boards import SEED_9X9, lattice, random_board
from brute import outcomes_by_brute
from minesat.board import parse_board
from minesat.counting import LayoutSpace
from minesat.counting import outcomes as out


@pytest.mark.slow
@pytest.mark.parametrize("listed", [out.LISTED, 0])  # groups listed as layouts, or counted per number
def test_outcomes_and_dead_cells_against_brute_force(listed, monkeypatch):
    monkeypatch.setattr(out, "LISTED", listed)
    rng = random.Random(115)
    dead = 0
    for _ in range(250):
        board = random_board(rng, max_hidden=12)
        expected = outcomes_by_brute(board)
        tables = out.outcome_tables(board)
        assert tables == expected, str(board)
        for outcome in tables.values():
            total = outcome.probability(out.MINE) + sum(outcome.probability(n) for n in outcome.numbers)
            assert total == 1 and isinstance(total, Fraction)
        brute_dead = sorted(c for c, o in expected.items() if o.mine < o.layouts and len(o.numbers) == 1)
        assert out.dead_cells(tables) == brute_dead
        one_by_one = out.OutcomeTables(board, LayoutSpace(board)) if expected else None
        assert sorted(c for c in board.hidden if one_by_one and one_by_one.is_dead(c)) == brute_dead
        dead += len(brute_dead)
    assert dead > 50


def test_dead_cells_one_at_a_time_on_tangled_boards_agree_with_their_tables():
    checked = dead = 0
    for seed in range(3):
        board = lattice(8, 9, seed=seed)
        space = LayoutSpace(board)
        tables = out.OutcomeTables(board, space)
        for cell in board.hidden:
            assert tables.is_dead(cell) == tables.of(cell).dead, (seed, cell)
            checked += 1
            dead += tables.of(cell).dead
    assert checked > 100 and dead


@pytest.mark.slow
def test_tables_walked_around_each_cell_agree_with_counting_anew():
    """The large groups' tables walked again around each cell (`near_counts`) against the same
    groups counted anew with a clue at the cell for every number of mines around it."""
    walked = 0
    for board in [lattice(8, 9, seed=seed) for seed in range(3)] + [lattice(7, 11, seed=3, density=0.2)]:
        tables = out.OutcomeTables(board, LayoutSpace(board))
        large = [j for j, listed in enumerate(tables.layouts) if listed is None]
        for x in board.hidden:
            unknown = tuple(n for n in board.neighbours(x) if n in tables.group_of)
            for j in large:
                if any(tables.group_of.get(c) == j for c in (x, *unknown)):
                    assert tables._tally(j, x, unknown) == tables._tally_by_counting(j, x, unknown), (str(board), x)
                    walked += 1
    assert walked > 100


@pytest.mark.slow
@pytest.mark.parametrize("listed", [out.LISTED, 0])
def test_outcomes_on_lattices_against_brute_force(listed, monkeypatch):
    monkeypatch.setattr(out, "LISTED", listed)
    for seed in range(3):
        board = lattice(4, 5, seed=seed, density=0.35)
        assert len(board.hidden) <= 18 and out.outcome_tables(board) == outcomes_by_brute(board), str(board)


def test_work_grows_with_the_tangle_and_is_zero_on_listed_groups(monkeypatch):
    board = parse_board(SEED_9X9, mines=10)
    assert out.OutcomeTables(board, LayoutSpace(board)).work() == 0  # its groups are listed
    monkeypatch.setattr(out, "LISTED", 0)
    small, large = (out.OutcomeTables(b, LayoutSpace(b)).work() for b in (board, lattice(12, 12, seed=0)))
    assert 0 < small < large


def test_outcomes_on_the_seed_9x9():
    board = parse_board(SEED_9X9, mines=10)
    tables = out.outcome_tables(board)
    assert tables[5, 1] == out.Outcome(65, 0, {1: 35, 2: 27, 3: 3})
    assert tables[0, 8] == out.Outcome(65, 65, {})  # surely a mine: never opened safely
    assert (0, 2) in out.dead_cells(tables)  # safe, and always a 1
