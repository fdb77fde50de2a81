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
