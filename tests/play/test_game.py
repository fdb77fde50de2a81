"""Game logic: mine placement under both rules, flood fill, flags, chording, win and loss."""

from __future__ import annotations

import random

import pytest

from minesat.play.game import LEVELS, Game, neighbours


@pytest.mark.parametrize("level", list(LEVELS))
def test_classic_first_click_is_safe_and_mines_are_placed_after_it(level):
    for seed in range(40):
        game = Game.new(level, seed)
        assert game.mine_cells is None
        opened = game.open((0, 0))
        assert game.state in ("playing", "won") and (0, 0) in opened
        assert (0, 0) not in game.mine_cells and len(game.mine_cells) == LEVELS[level][2]


@pytest.mark.parametrize("level", list(LEVELS))
def test_zero_start_opens_a_zero(level):
    rows, cols, _ = LEVELS[level]
    for seed in range(40):
        game = Game.new(level, seed, "zero")
        game.open((3, 3))
        assert game.number((3, 3)) == 0
        assert set(neighbours((3, 3), rows, cols)) <= game.opened


def test_same_seed_same_game_and_other_seeds_differ():
    a, b, c = Game.new("expert", 7), Game.new("expert", 7), Game.new("expert", 8)
    for game in (a, b, c):
        game.open((5, 5))
    assert a.mine_cells == b.mine_cells != c.mine_cells


def test_flood_fill_opens_the_zero_region_and_its_border():
    # mines in the right column only: opening the left corner floods the two left columns
    game = Game.with_mines(4, 4, {(0, 3), (1, 3), (2, 3), (3, 3)})
    opened = game.open((0, 0))
    assert set(opened) == {(r, c) for r in range(4) for c in range(3)}
    assert game.state == "won"
    assert str(game.board()).splitlines() == ["mines=4", "002?", "003?", "003?", "002?"]


def test_flood_fill_invariant_on_random_games():
    for seed in range(30):
        game = Game.new("intermediate", seed)
        game.open((8, 8))
        for cell in game.opened:  # every open zero has all its neighbours open
            if game.number(cell) == 0:
                assert set(neighbours(cell, game.rows, game.cols)) <= game.opened
        assert not game.opened & game.mine_cells


def test_flags_are_not_opened_and_toggle():
    game = Game.with_mines(3, 3, {(0, 2)})
    game.flag((0, 1))
    assert game.open((0, 1)) == [] and (0, 1) not in game.opened
    opened = game.open((0, 0))
    assert (0, 1) not in opened and game.board()[0, 1] == "F"
    game.flag((0, 1))
    assert game.board()[0, 1] == "?"
    assert game.open((0, 1)) == [(0, 1)]


def test_chord_opens_the_neighbours_of_a_satisfied_number():
    game = Game.with_mines(3, 3, {(0, 0)})
    game.open((1, 1))
    assert game.number((1, 1)) == 1 and game.opened == {(1, 1)}
    assert game.chord((1, 1)) == []  # no flag yet: nothing happens
    game.flag((0, 0))
    opened = game.chord((1, 1))
    assert set(opened) == {(r, c) for r in range(3) for c in range(3)} - {(0, 0), (1, 1)}
    assert game.state == "won"


def test_chord_with_a_wrong_flag_loses():
    game = Game.with_mines(3, 3, {(0, 0)})
    game.open((1, 1))
    game.flag((2, 2))
    game.chord((1, 1))
    assert game.state == "lost" and game.exploded == (0, 0)


def test_loss_and_finished_games_ignore_moves():
    game = Game.with_mines(2, 2, {(0, 0)})
    assert game.open((0, 0)) == [] and game.state == "lost" and game.exploded == (0, 0)
    assert game.open((1, 1)) == [] and game.opened == set()


def test_win_by_opening_every_safe_cell():
    game = Game.with_mines(2, 3, {(0, 0), (1, 2)})
    for cell in [(0, 1), (0, 2), (1, 0)]:
        game.open(cell)
        assert game.state == "playing"
    game.open((1, 1))
    assert game.state == "won"


def test_board_is_the_visible_position_with_the_total():
    game = Game.new("beginner", 3)
    game.open((0, 0))
    board = game.board()
    assert (board.rows, board.cols, board.mines) == (9, 9, 10)
    for r in range(9):
        for c in range(9):
            assert board[r, c] == (str(game.number((r, c))) if (r, c) in game.opened else "?")
    assert board.is_layout(game.mine_cells)


def test_bad_games_are_refused():
    with pytest.raises(ValueError):
        Game.new("huge")
    with pytest.raises(ValueError):
        Game(3, 3, 9)
    with pytest.raises(ValueError):
        Game(3, 3, 1, rule="lucky")
    with pytest.raises(ValueError):  # zero start needs 9 free cells
        Game(3, 3, 1, rule="zero").open((1, 1))


def three_bv_by_clicks(game: Game) -> int:
    """3BV by its definition, played out: click a zero while one is hidden (each floods an
    opening), then every safe number still hidden; count the clicks."""
    assert game.mine_cells is not None
    replay = Game.with_mines(game.rows, game.cols, game.mine_cells)
    cells = [(r, c) for r in range(game.rows) for c in range(game.cols) if (r, c) not in game.mine_cells]
    clicks = 0
    for cell in [c for c in cells if game.number(c) == 0] + [c for c in cells if game.number(c) != 0]:
        if cell not in replay.opened:
            replay.open(cell)
            clicks += 1
    assert replay.state == "won"
    return clicks


def test_three_bv_is_the_fewest_clicks_that_clear_the_board():
    rng = random.Random(3)
    for _ in range(60):
        rows, cols = rng.randint(1, 16), rng.randint(1, 30)
        game = Game(rows, cols, rng.randint(0, rows * cols - 1), rng.randrange(10**6), rng.choice(["classic", "zero"]))
        try:
            game.place_for((rng.randrange(rows), rng.randrange(cols)))
        except ValueError:  # the zero rule leaves no room for that many mines
            continue
        assert game.three_bv() == three_bv_by_clicks(game)
    with pytest.raises(ValueError):
        Game.new("beginner", 1).three_bv()  # no mines before the first click


def test_a_board_played_again_has_the_same_mines():
    game = Game.new("expert", 99, "classic")
    game.open((5, 7))
    again = Game.new("expert", 99, "classic")
    again.place_for((5, 7))
    assert again.mine_cells == game.mine_cells and not again.opened


def test_neighbours_stay_on_the_board():
    assert sorted(neighbours((0, 0), 2, 2)) == [(0, 1), (1, 0), (1, 1)]
