"""The quick deductions (`analysis.local_forced`) that a board too tangled to count gets at once:
every cell they mark is forced (checked against exact counting), and they find what single clues
and pairs of clues show."""

from __future__ import annotations

from boards import midgame
from minesat.analysis.analyze import analyze, local_forced
from minesat.board import Board, parse_board


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
