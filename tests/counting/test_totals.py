"""Minimal conflicts of a wrong total, by counting (totals.py), against brute force."""

from __future__ import annotations

import random
from itertools import combinations

import pycosat
import pytest

from boards import midgame, random_board
from minesat.analysis.analyze import analyze
from minesat.board import Board, Cell, parse_board
from minesat.counting import LayoutSpace
from minesat.counting.totals import total_conflict
from minesat.reductions.solve import conflict


def has_layout(board: Board, clue_cells: set[Cell], total: int) -> bool:
    """Brute force: some `total` hidden cells, the flags among them, meet every clue in `clue_cells`."""
    clues = [c for c in board.clues if c.cell in clue_cells]
    return any(set(board.flags) <= set(mines) and all(sum(x in mines for x in c.neighbours) == c.count for c in clues)
               for mines in map(set, combinations(board.hidden, total)))


def wrong_totals(rng: random.Random, count: int) -> list[Board]:
    """Small boards whose clues and flags have layouts, none of them with the board's total."""
    out: list[Board] = []
    while len(out) < count:
        board = random_board(rng, max_side=5, max_hidden=12, total=False, wrong=0.1)
        possible = {len(layout) for layout in _layouts(board)}
        impossible = [n for n in range(len(board.hidden) + 1) if n not in possible]
        if possible and impossible:
            out.append(board.with_mines(rng.choice(impossible)))
    return out


def _layouts(board: Board) -> list[set[Cell]]:
    return [set(m) for n in range(len(board.hidden) + 1) for m in combinations(board.hidden, n)
            if board.is_layout(frozenset(m))]


def test_a_wrong_total_gets_a_minimal_contradictory_set_of_clues():
    rng = random.Random(23)
    for board in wrong_totals(rng, 150):
        found = total_conflict(board)
        assert found is not None, board
        assert not has_layout(board, set(found), board.mines)
        for clue in found:  # minimal: without any one of them the total is possible
            assert has_layout(board, set(found) - {clue}, board.mines), (board, found, clue)
        assert analyze(board).conflict == found and analyze(board).conflict_total


def test_no_conflict_by_counting_when_the_total_is_not_to_blame():
    rng = random.Random(5)
    for _ in range(200):
        board = random_board(rng, total=None)
        clues_alone = LayoutSpace(board.with_mines(None)).count
        found = total_conflict(board)
        if board.mines is None or not clues_alone or LayoutSpace(board).count:
            assert found is None
        else:
            assert found is not None and not has_layout(board, set(found), board.mines)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_expert_boards_with_a_total_too_high_or_too_low(seed):
    """Expert mid-game positions with a total 6 beyond what the clues allow: a conflict that the
    counting engine, counting the board with only those clues under the total, finds contradictory
    and minimal (each clue dropped in turn: layouts again)."""
    board = midgame(16, 30, 99, seed)
    possible = LayoutSpace(board.with_mines(None)).mines_distribution
    for total in (max(possible) + 6, min(possible) - 6):
        if not 0 <= total <= len(board.hidden):
            continue
        wrong = board.with_mines(total)
        found = total_conflict(wrong)
        assert found is not None
        assert not LayoutSpace(with_only(wrong, set(found))).count
        for clue in found:
            assert LayoutSpace(with_only(wrong, set(found) - {clue})).count


def with_only(board: Board, clue_cells: set[Cell]) -> Board:
    """The board as the counting engine sees it with only these clues (the others still shown, not counted)."""
    part = object.__new__(Board)
    for name, value in (("rows", board.rows), ("cols", board.cols), ("cells", board.cells), ("mines", board.mines)):
        object.__setattr__(part, name, value)
    part.__dict__.update(hidden=board.hidden, flags=board.flags,
                         clues=tuple(c for c in board.clues if c.cell in clue_cells))
    return part


def test_a_conflict_by_counting_is_one_sat_finds_contradictory():
    rng = random.Random(8)
    for board in wrong_totals(rng, 30):
        found = total_conflict(board)
        assert found is not None
        assert conflict(with_only(board, set(found)), pycosat) is not None


def test_the_flags_alone_can_contradict_the_total():
    board = parse_board("mines=1\nFF1\n???\n")
    assert not LayoutSpace(board).count and LayoutSpace(board.with_mines(None)).count
    assert total_conflict(board) == []
