"""A game's record (issue 22): its 3BV, the same board played again, and the link that names the
position (the game and its moves), read back."""

from __future__ import annotations

import random

import pytest

from minesat.messages.codec import encode_graded
from minesat.play.game import Game, neighbours
from minesat.play.links import game_fragment, game_from_fragment, game_moves
from minesat_web.play import render as playrender


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


def test_the_link_of_a_position_replays_to_the_same_position():
    game = Game.new("intermediate", 31, "zero")
    moves = [(7, 7, "open"), (0, 0, "flag"), (7, 7, "chord"), (0, 0, "flag")]
    link = game_fragment(game, "intermediate", moves, first=(7, 7))
    assert link.endswith("&rule=zero") and "first=7.7" in link and "moves=o7.7,f0.0,c7.7,f0.0" in link
    read = game_from_fragment(link + ".")  # a chat app's full stop
    assert (read.seed, read.rule, read.rows) == (31, "zero", 16)
    assert game_moves(link, read) == ((7, 7), moves)


@pytest.mark.parametrize("bad, words", [
    ("moves=x1.1", "should start with o"), ("moves=o1", "row.column"), ("moves=o99.1", "off the"),
    ("first=1.1.1", "row.column"), ("moves=o².1", "row.column"),
])
def test_a_broken_move_list_says_what_is_wrong(bad, words):
    game = Game.new("beginner", 1)
    with pytest.raises(ValueError, match=words):
        game_moves(f"play=beginner&seed=1&{bad}&rule=classic", game)


def test_the_end_of_a_game_and_the_statistics_in_words():
    text = playrender.game_end_text(14, 19, 1.94, won=True)
    assert "3BV 14" in text and "clicks: 19" in text and "efficiency 74%" in text and "1.9 s" in text
    assert "efficiency" not in playrender.game_end_text(14, 3, 1.0, won=False)
    stats = {"beginner/zero": {"won": 2, "lost": 1, "streak": 2, "best_streak": 2, "best_ms": 12345},
             "beginner/classic": {"won": 0, "lost": 3, "streak": 0, "best_streak": 0, "best_ms": 0}}
    html = playrender.play_stats_html(stats)
    assert "beginner: 2 won, 4 lost" in html and "12.3 s" in html and "beginner, classic" in html
    assert playrender.play_stats_html({}) == ""


def test_neighbours_stay_on_the_board():
    assert sorted(neighbours((0, 0), 2, 2)) == [(0, 1), (1, 0), (1, 1)]


def test_a_reviewed_move_in_words():
    from minesat.play.game import Game
    from minesat.play.review import GameRecord, review
    game = Game.new("beginner", 11, "classic")
    game.open((0, 0))
    record = GameRecord.from_json({"rows": 9, "cols": 9, "mines": [list(c) for c in game.mine_cells],
                                   "moves": [[0, 0, "open"], [8, 8, "open"]]})
    first, second = (encode_graded(g) for g in review(record))
    assert playrender.review_line(first) == "open r1c1: the best guess."
    line = playrender.review_line(second)
    assert line.startswith("open r9c9: ")
    if second["grade"] == "forced":
        assert "forced: surely safe (why r9c9 is safe: the clue" in line
    else:
        assert f"{second['p_mine'] * 100:.1f}% mine" in line
    assert 'aria-selected="true"' in playrender.review_html({"moves": [first, second]}, 1).split("</li>")[1]


def test_a_needless_guess_names_the_safe_cell_its_proof_is_about():
    proof = {"cell": [13, 8], "verdict": "safe", "clues": [[12, 8]], "total": False}
    move = {"move": [15, 2, "open"], "grade": "needless", "p_mine": 0.2, "best": None,
            "safe_cells": [[0, 7], [13, 8]], "proof": [proof]}
    line = playrender.review_line(move)
    assert "r14c9 was surely safe (why r14c9 is safe: the clue r13c9)" in line and "r1c8" not in line


def test_texts_are_joined_as_sentences():
    assert playrender.sentences(["r1c4 is flagged but cannot be a mine", " r7c7 too. ", "", "Why?"]) == \
        "r1c4 is flagged but cannot be a mine. r7c7 too. Why?"


def test_a_game_opened_from_its_link_ends_without_a_time_it_never_had():
    assert playrender.game_end_text(14, 3, None, won=False).startswith("Lost. 3BV 14")
