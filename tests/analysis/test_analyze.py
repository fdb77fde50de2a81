"""analyze(): exact counting and SAT agree with each other and with brute force."""

from __future__ import annotations

import random
from fractions import Fraction

import pycosat
import pytest

from boards import SEED_9X9, midgame, random_board
from brute import brute_layouts
from minesat.analysis.analyze import EnginesDisagree, analyze, local_forced
from minesat.board import Board, parse_board


@pytest.mark.slow
@pytest.mark.parametrize("forced", ["count", "sat"])
def test_analysis_equals_brute_force(forced):
    rng = random.Random(99)
    contradictory = with_total = 0
    for _ in range(250):
        board = random_board(rng, max_side=5, max_hidden=12)
        layouts = brute_layouts(board)
        result = analyze(board, pycosat, forced=forced)
        assert result.satisfiable == bool(layouts)
        assert result.count == len(layouts)
        if not layouts:
            contradictory += 1
            assert result.probability == {} and result.safe == result.mines == []
            assert result.conflict is not None
            continue
        with_total += board.mines is not None
        for cell in board.hidden:
            assert result.probability[cell] == Fraction(sum(cell in lay for lay in layouts), len(layouts))
        assert result.safe == sorted(c for c in board.hidden if all(c not in lay for lay in layouts))
        assert result.mines == sorted(c for c in board.hidden if all(c in lay for lay in layouts))
    assert contradictory > 10 and with_total > 10


def test_sat_backbone_is_a_real_cross_check(monkeypatch):
    """forced="sat" runs the SAT backbone and compares: a wrong backbone is caught, not shown."""
    import minesat.analysis.analyze as analysis
    board = parse_board("mines=10\n" + SEED_9X9)
    assert analyze(board, pycosat, forced="sat").safe == analyze(board, pycosat).safe
    monkeypatch.setattr(analysis, "forced_cells", lambda *args: ([], []))
    with pytest.raises(EnginesDisagree):
        analyze(board, pycosat, forced="sat")
    assert analyze(board, pycosat, forced="count").count == 65  # the default does not ask SAT


def test_unknown_source_of_forced_cells():
    with pytest.raises(ValueError, match="forced"):
        analyze(parse_board(SEED_9X9), pycosat, forced="guess")


def test_conflict_says_whether_the_total_takes_part():
    from boards import INSTANCE_2, SEED_3X3
    too_many = analyze(parse_board("mines=3\n" + SEED_3X3), pycosat)  # the clues allow exactly 2
    assert not too_many.satisfiable and too_many.conflict_total
    bad_clues = analyze(parse_board("mines=1\n" + INSTANCE_2), pycosat)
    assert not bad_clues.satisfiable and not bad_clues.conflict_total and len(bad_clues.conflict) == 2


def test_too_tangled_to_count_falls_back_on_sat(monkeypatch):
    """With uncountable="sat", a board beyond the counting budget still gets the forced cells of its
    clues and flags, by SAT: all of them without a total, and never a wrong one with a total."""
    import minesat.counting.space
    from minesat.counting import TooTangled
    rng = random.Random(3)
    boards = [random_board(rng, max_side=5, max_hidden=12) for _ in range(200)]
    expected = [(analyze(b, pycosat), analyze(b.with_mines(None), pycosat)) for b in boards]
    monkeypatch.setattr(minesat.counting.space, "MAX_STATES", 1)
    fell_back = 0
    for board, (full, clues_only) in zip(boards, expected):
        try:
            analyze(board, pycosat)
        except TooTangled:
            by_sat = analyze(board, pycosat, uncountable="sat")
            assert by_sat.satisfiable == clues_only.satisfiable
            if by_sat.satisfiable:
                fell_back += 1
                assert by_sat.count is None and by_sat.probability == {}
                assert (by_sat.safe, by_sat.mines) == (clues_only.safe, clues_only.mines)
                if full.satisfiable:
                    assert set(by_sat.safe) <= set(full.safe) and set(by_sat.mines) <= set(full.mines)
            else:
                assert by_sat.count == 0 and by_sat.conflict == clues_only.conflict
        else:
            assert analyze(board, pycosat, uncountable="sat") == full  # nothing too tangled here
    assert fell_back > 20


# The quick deductions (`analysis.local_forced`) that a board too tangled to count gets at once: every cell they
# mark is forced (checked against exact counting), and they find what single clues and pairs of clues show.
@pytest.mark.slow
def test_every_cell_marked_is_forced_by_the_clues_and_flags():
    checked = 0
    for seed in range(80):
        board = midgame(9, 9, 10, seed)
        plain = board.with_mines(None)
        exact = analyze(plain)
        quick = local_forced(plain)
        assert quick is not None
        assert set(quick[0]) <= set(exact.safe) and set(quick[1]) <= set(exact.mines)
        checked += len(quick[0]) + len(quick[1])
    assert checked > 200  # it does find cells


def test_chains_of_single_clues_and_pairs_are_followed():
    board = parse_board("1?\n??")  # one clue, three cells: nothing
    assert local_forced(board) == ([], [])
    chain = parse_board("0??\n???\n???")  # the 0 clears its cells, nothing else is known
    assert local_forced(chain) == ([(0, 1), (1, 0), (1, 1)], [])
    one_two = parse_board("???\n121\n000")  # the 1-2-1 pattern: the corners above the 1s are mines
    assert local_forced(one_two) == ([(0, 1)], [(0, 0), (0, 2)])


def test_a_contradiction_found_on_the_way_gives_none():
    assert local_forced(parse_board("3?\n??")) is not None  # three mines in three cells: fine
    assert local_forced(parse_board("4?\n??")) is None  # four in three
    assert local_forced(Board(1, 3, ("1", "?", "1"), None)) == ([], [(0, 1)])
    assert local_forced(Board(1, 3, ("1", "?", "0"), None)) is None  # a mine for the 1, none for the 0
    assert local_forced(parse_board("1?1\n?0?\n1?1")) is None  # the 0 empties what the 1s need
