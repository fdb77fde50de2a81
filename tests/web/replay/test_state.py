"""The replay player's pure state (minesat_web/replay/state.py), in CPython, on the engine's answers for real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from minesat.formats.links import board_from_fragment
from minesat.formats.replays import read_replay
from minesat.formats.replays.model import MAX_BYTES
from minesat.messages.codec import encode_replay
from minesat.play.replay_stats import statistics
from minesat_web.replay import state
from minesat_web.replay.state import ReplayView

REPLAYS = Path(__file__).resolve().parents[2] / "data" / "replays"
EXPERT = REPLAYS / "avf" / "Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
LOST = REPLAYS / "evf" / "saolei_website_c_10_39.832_24_0.477_Pu Tian Yi(Hu Bei)_fail.evf"


def view_of(path: Path) -> ReplayView:
    replay = read_replay(path.read_bytes(), path.name)
    return ReplayView(encode_replay(replay, statistics(replay)))


def around(mines: frozenset, cell: tuple[int, int]) -> int:
    return sum((cell[0] + dr, cell[1] + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def test_a_won_game_ends_with_every_safe_cell_open_and_positions_only_grow():
    view = view_of(EXPERT)
    safe = {(r, c) for r in range(view.rows) for c in range(view.cols)} - view.mines
    assert view.position(view.steps()).opened == safe and view.over(view.steps()) and not view.over(view.steps() - 1)
    assert view.position(0).opened == frozenset() and view.position(-5) == view.position(0)
    before = frozenset()
    for step in range(view.steps() + 1):
        pos = view.position(step)
        assert before <= pos.opened and not pos.flags & pos.opened and pos.exploded is None
        before = pos.opened
    flags = [e for e in view.events if e[1] == "flag"]
    if flags:  # a flag placed is on the board right after its event
        i = view.events.index(flags[0])
        assert (flags[0][2], flags[0][3]) in view.position(i + 1).flags


def test_a_lost_game_ends_on_the_mine_opened():
    view = view_of(LOST)
    last = view.position(view.steps())
    assert view.data["outcome"] == "lost" and last.exploded in view.mines
    assert view.position(view.steps() - 1).exploded is None


def test_the_position_as_a_board_and_its_link():
    view = view_of(EXPERT)
    step = view.steps() // 2
    pos = view.position(step)
    board = view.board(step)
    assert board.mines == 99 and not board.flags
    for cell in pos.opened:
        assert board[cell] == str(around(view.mines, cell))
    assert set(board.hidden) == {(r, c) for r in range(16) for c in range(30)} - pos.opened
    linked = board_from_fragment(view.fragment(step))
    assert linked == view.board(step, flags=True) and set(linked.flags) == set(pos.flags)


def test_moments_steps_and_the_pointer():
    view = view_of(EXPERT)
    assert view.start <= view.times[0] and view.end >= view.times[-1]
    for step in (1, 10, view.steps()):
        assert view.step_at(view.time_of(step)) >= step and view.step_at(view.time_of(step) - 1e-6) < step
    assert view.time_of(0) == view.start
    t = view.times[20]
    path = view.path(t)
    assert path and all(0 <= x <= view.cols and 0 <= y <= view.rows for x, y in path)
    assert len(view.path(t, since=view.times[10])) < len(path)
    here = view.cursor(t)
    assert here is None or (0 <= here[0] <= view.cols and 0 <= here[1] <= view.rows)
    assert view.cursor(view.start - 1) is None


@pytest.mark.parametrize("name,replay", [("a.AVF", True), ("b.rawvf", True), ("c.mvf", True), ("d.evf", True),
                                         ("e.rmv", True), ("f.mbf", False), ("g.txt", False), ("avf", False)])
def test_replay_names(name, replay):
    assert state.is_replay_name(name) is replay


def test_the_page_refuses_what_the_readers_refuse():
    assert state.MAX_BYTES == MAX_BYTES
