"""Play mode's state (minesat_web/play/state.py), in CPython: moves, times, links, status."""

from __future__ import annotations

from minesat.play.game import Game
from minesat.play.links import game_from_fragment, game_moves
from minesat_web.play.state import PlayState


def started(seed: int = 5) -> PlayState:
    state = PlayState(cursor=(20, 40))
    state.begin(Game.new("beginner", seed, "classic"), "beginner")
    return state


def test_a_new_game_resets_the_moves_and_keeps_the_cursor_on_the_board():
    state = started()
    assert (state.moves, state.started, state.ended, state.best) == ([], 0.0, 0.0, None)
    assert state.cursor == (8, 8) and state.shown_seed == "5"


def test_moves_are_recorded_with_the_time_of_the_first_and_of_the_end():
    state = started()
    assert state.apply((0, 0), "open", now=1000.0)
    assert state.started == 1000.0 and state.moves == [(0, 0, "open")]
    game = state.game
    assert game is not None and (0, 0) in game.opened
    assert not state.apply((0, 0), "flag", now=1100.0)  # an open cell takes no flag
    hidden = next(c for c in ((r, c) for r in range(9) for c in range(9)) if c not in game.opened)
    assert state.apply(hidden, "flag", now=1200.0) and hidden in game.flags
    assert not state.apply(hidden, "open", now=1300.0)  # a flagged cell does not open
    assert state.status().startswith(f"Mines left: {game.mines - 1}.")
    for cell in sorted(game.mine_cells or ()):  # open a mine: the game ends at that time
        if cell not in game.flags:
            assert state.apply(cell, "open", now=5000.0)
            break
    assert game.state == "lost" and state.ended == 5000.0 and state.seconds() == 4.0
    assert not state.apply((8, 8), "open", now=6000.0)  # nothing more after the end
    assert state.status().startswith("You lost")


def test_the_link_names_the_position_it_came_from():
    state = started(seed=9)
    state.apply((4, 4), "open", now=1.0)
    game = state.game
    assert game is not None
    flag = next((r, c) for r in range(9) for c in range(9) if (r, c) not in game.opened)
    state.apply(flag, "flag", now=2.0)
    fragment = state.fragment()
    again = game_from_fragment(fragment)
    first, moves = game_moves(fragment, again)
    assert (again.seed, first, moves) == (9, None, state.moves)


def test_wrong_flags_are_those_still_flagged():
    state = started()
    state.apply((0, 0), "open", now=1.0)
    game = state.game
    assert game is not None
    hidden = [(r, c) for r in range(9) for c in range(9) if (r, c) not in game.opened][:2]
    state.apply(hidden[0], "flag", now=2.0)
    state.wrong = [{"cell": list(hidden[0]), "text": "a"}, {"cell": list(hidden[1]), "text": "b"}]
    assert state.wrong_flags() == {hidden[0]}
    state.apply(hidden[0], "flag", now=3.0)  # unflagged
    state.forget_unflagged_wrong()
    assert state.wrong == [] and state.wrong_flags() == frozenset()


def test_a_game_from_a_link_is_timed_from_the_players_first_click_not_the_load():
    state = started()
    assert state.apply((4, 4), "open", now=1000.0, timed=False)  # the link's moves, replayed at the load
    assert state.started == 0.0 and state.seconds() is None
    game = state.game
    assert game is not None
    hidden = next((r, c) for r in range(9) for c in range(9) if (r, c) not in game.opened)
    assert state.apply(hidden, "flag", now=9000.0)  # the player's first click: the clock starts
    assert state.started == 9000.0
    mine = next(c for c in sorted(game.mine_cells or ()) if c not in game.flags)
    assert state.apply(mine, "open", now=12500.0)
    assert state.seconds() == 3.5


def test_the_mine_counter_and_the_face():
    state = started()
    assert (state.counter_text(), state.face()) == ("010", "🙂")
    game = state.game
    assert game is not None
    state.apply((0, 0), "open", now=1.0)
    hidden = [(r, c) for r in range(9) for c in range(9) if (r, c) not in game.opened]
    for cell in hidden[:12]:
        state.apply(cell, "flag", now=2.0)
    assert state.mines_left() == 10 - len(game.flags) and state.counter_text() == f"-{len(game.flags) - 10:02d}"
    mine = next(c for c in sorted(game.mine_cells or ()) if c not in game.flags)
    state.apply(mine, "open", now=3.0)
    assert state.face() == "😵"
    won = started(seed=8)
    assert won.game is not None
    won.apply((0, 0), "open", now=1.0)
    for cell in [(r, c) for r in range(9) for c in range(9) if (r, c) not in (won.game.mine_cells or ())]:
        won.apply(cell, "open", now=2.0)
    assert won.game.state == "won" and won.face() == "😎" and won.counter_text() == "000"


def test_the_cursor_moves_a_cell_a_key_and_stops_at_the_edges():
    state = started()  # beginner: 9x9, the cursor at (8, 8)
    walked = []
    for step in [(0, 1), (1, 0), (-1, 0), (0, -1)] + [(-1, 0)] * 9 + [(0, -1)] * 9 + [(1, 1)]:
        state.move_cursor(*step)
        walked.append(state.cursor)
    assert walked[:4] == [(8, 8), (8, 8), (7, 8), (7, 7)]  # right and down at the corner: no further
    assert walked[4:13] == [(r, 7) for r in range(6, -1, -1)] + [(0, 7), (0, 7)]
    assert walked[13:22] == [(0, c) for c in range(6, -1, -1)] + [(0, 0), (0, 0)]
    assert walked[22] == (1, 1)
    idle = PlayState(cursor=(3, 4))
    idle.move_cursor(1, 0)  # no game: nothing to move on
    assert idle.cursor == (3, 4)
