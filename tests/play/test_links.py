"""Game links (play/links.py): the link that names a position (the game and its moves) read back, and
broken move lists refused with what is wrong (issue 22)."""

from __future__ import annotations

import pytest

from minesat.play.game import Game
from minesat.play.links import game_fragment, game_from_fragment, game_moves


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


def test_game_links_round_trip_and_refuse_nonsense():
    import pytest

    from minesat.play.game import Game
    from minesat.play.links import game_fragment, game_from_fragment
    game = Game.new("expert", 12345, "zero")
    again = game_from_fragment(game_fragment(game, "expert"))
    assert (again.rows, again.cols, again.mines, again.seed, again.rule) == (16, 30, 99, 12345, "zero")
    custom = game_from_fragment("#play=custom&rows=10&cols=12&mines=20&seed=7&rule=classic")
    assert (custom.rows, custom.cols, custom.mines) == (10, 12, 20)
    assert game_fragment(custom, "custom")[-1].isalnum()
    for bad in ("play=huge&seed=1", "play=expert&seed=x", "play=expert&seed=1&rule=none",
                "play=custom&rows=100&cols=2&mines=1&seed=1", "play=custom&rows=9&cols=9&mines=80&seed=1",
                "play=expert&seed=" + "9" * 40):
        with pytest.raises(ValueError):
            game_from_fragment(bad)


@pytest.mark.parametrize("link", ["play=expert&seed=\u00b2", "play=expert&seed=\u0663\u0663",
                                  "play=custom&rows=\u00b2&cols=9&mines=10&seed=1",
                                  "play=custom&rows=9&cols=\uff19&mines=10&seed=1"])
def test_game_links_take_only_ascii_digits(link):
    from minesat.play.links import game_from_fragment
    with pytest.raises(ValueError, match="digits 0-9"):  # not "invalid literal for int()", nor seed 33
        game_from_fragment(link)
