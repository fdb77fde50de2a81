"""Flags are the player's marks: wrong flags named with proofs, never taken as mines by the advisor."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from boards import positions
from brute import brute_layouts
from minesat.board import FLAG, HIDDEN, Board, Cell
from minesat.play.advice import advise
from minesat.play.flags import trusted_board, unflagged, wrong_flags
from minesat.play.game import Game


def flagged(board: Board, cells: list[Cell]) -> Board:
    """The board with flags added on these hidden cells."""
    out = list(board.cells)
    for r, c in cells:
        out[r * board.cols + c] = FLAG
    return Board(board.rows, board.cols, tuple(out), board.mines)


def forces_safe(board: Board, cell: Cell, clues: tuple[Cell, ...], total: bool) -> bool:
    """Whether these clues alone (with the total when asked) leave `cell` safe in every layout of
    the board's unknowns (flags included), by brute force."""
    plain = unflagged(board)
    kept = [clue for clue in plain.clues if clue.cell in clues]
    others = [c for c in plain.hidden if c != cell]
    for k in range(len(others) + 1):
        for rest in combinations(others, k):
            mines = {cell, *rest}
            if total and len(mines) != plain.mines:
                continue
            if all(sum(n in mines for n in clue.neighbours) == clue.count for clue in kept):
                return False
    return True


def boards_with_random_flags(seed: int, count: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    for board in positions(rng, count, rows=(3, 4), cols=(3, 5), density=(0.15, 0.3)):
        closed = [c for c in board.hidden if board[c] == HIDDEN]
        out.append(flagged(board, rng.sample(closed, rng.randint(1, min(3, len(closed))))))
    return out


def test_wrong_flags_are_the_flags_safe_in_every_layout_of_the_numbers_with_minimal_proofs():
    named_some = 0
    for board in boards_with_random_flags(7, 120):
        layouts = brute_layouts(unflagged(board))
        expected = [f for f in board.flags if layouts and all(f not in layout for layout in layouts)]
        found = wrong_flags(board)
        assert [w.cell for w in found] == expected
        named_some += bool(found)
        for w in found:
            clues, total = w.proof.clues, w.proof.total
            assert w.proof.verdict == "safe" and not w.proof.flags and w.text.startswith("r")
            assert forces_safe(board, w.cell, clues, total)
            for dropped in clues:  # minimal: no clue can be left out
                assert not forces_safe(board, w.cell, tuple(c for c in clues if c != dropped), total)
    assert named_some > 10


@pytest.mark.slow
def test_the_advice_never_takes_an_inconsistent_flag_as_a_mine():
    inconsistent = 0
    for board in boards_with_random_flags(11, 120):
        plain = unflagged(board)
        layouts = brute_layouts(plain)
        consistent = bool(brute_layouts(board))
        if not layouts or all(all(c in layout for layout in layouts) for c in plain.hidden):
            continue  # nothing to advise
        if consistent:  # the flags are taken as mines, as before
            assert advise(board) == advise(board, flags_as_mines=True)
            assert advise(board).wrong_flags == [] and advise(board).ignored_flags == []
            continue
        inconsistent += 1
        with pytest.raises(ValueError):
            advise(board, flags_as_mines=True)
        trusted, space, ignored = trusted_board(board)
        assert space.count > 0 and set(ignored) <= set(board.flags)
        assert set(trusted.flags) == set(board.flags) - set(ignored)
        result = advise(board)
        assert [w.cell for w in result.wrong_flags] == [w.cell for w in wrong_flags(board)]
        assert {w.cell for w in result.wrong_flags} <= set(result.ignored_flags) == set(ignored)
        # the move is a cell that is not a kept flag, with its true probability on the trusted board
        assert trusted[result.move] == HIDDEN
        mine_in = sum(result.move in layout for layout in brute_layouts(trusted))
        assert result.p_mine == pytest.approx(mine_in / len(brute_layouts(trusted)))
    assert inconsistent > 20


@pytest.mark.slow
def test_the_issues_game_names_the_wrong_flag_and_auto_play_reaches_the_end():
    game = Game.new("expert", 4242, "classic")
    game.open((1, 1))
    game.flag((0, 5))
    named = []
    while game.state == "playing":
        result = advise(game.board())
        if result.ignored_flags:
            named += result.wrong_flags
            for cell in result.ignored_flags:  # the player accepts: the flags are removed
                game.flag(cell)
        for cell in result.safe_cells or [result.move]:
            game.open(cell)
    assert game.state in ("won", "lost")
    assert [w.cell for w in named] == [(0, 5)]
    proof = named[0].proof
    assert (0, 5) not in (game.mine_cells or ())
    assert proof.cell == (0, 5) and proof.clues and "r1c6 is flagged but cannot be a mine" in named[0].text
