"""The replay readers on real files of every format and version (tests/data/replays, with their
sources in its README): figures against ms-toollib's (recorded in ms-toollib.json) and against
Arbiter's own file names; the board events against the ones RMV files record; the files ms-toollib
cannot read, read and consistent; mangled copies give a Replay or ReplayError, nothing else."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from minesat.board import BoardError
from minesat.formats.replays import Replay, ReplayError, looks_like_replay, read_replay
from minesat.play.game import Game
from minesat.play.replay_review import pluck, record, record_json, review_replay
from minesat.play.replay_stats import statistics
from minesat.play.review import GameRecord, review

DATA = Path(__file__).resolve().parent.parent / "data" / "replays"
ORACLE = json.loads((DATA / "ms-toollib.json").read_text(encoding="utf-8"))["files"]
FILES = sorted(p for p in DATA.rglob("*") if p.suffix in (".avf", ".rmv", ".evf", ".mvf", ".rawvf"))
BAD = {"rawvf/flop-player_error_video_invalid_event.rawvf"}
GOOD = [p for p in FILES if str(p.relative_to(DATA)) not in BAD]
READ_BY_ORACLE = [p for p in GOOD if "error" not in ORACLE.get(str(p.relative_to(DATA)), {"error": 1})]
NOT_READ_BY_ORACLE = [p for p in GOOD if p not in READ_BY_ORACLE]
# ours -> ms-toollib's
SAME = {"3bv": "bbbv", "3bv_solved": "bbbv_solved", "left": "left", "right": "right", "double": "double",
        "lce": "lce", "rce": "rce", "dce": "dce", "openings": "op", "islands": "isl", "time": "rtime"}


def read(path: Path) -> Replay:
    return read_replay(path.read_bytes(), path.name)


def rel(path: Path) -> str:
    return str(path.relative_to(DATA))


@pytest.mark.slow
def test_every_format_and_version_is_among_the_files() -> None:
    seen = {(r.format, r.version) for r in map(read, GOOD)}
    wanted = {("avf", "0.52"), ("avf", "0.49"), ("rmv", "v1"), ("rmv", "v2"), ("evf", "v0"), ("evf", "v2"),
              ("evf", "v3"), ("evf", "v4"), ("mvf", "0.96 beta"), ("mvf", "0.97 beta"), ("mvf", "2006 release 1"),
              ("mvf", "2006 release 2"), ("mvf", "2007 release 1"), ("mvf", "2007 release 2")}
    assert wanted <= seen
    assert {f for f, _ in seen} == {"avf", "rmv", "evf", "mvf", "rawvf"}


@pytest.mark.parametrize("path", READ_BY_ORACLE, ids=rel)
def test_figures_equal_ms_toollibs(path: Path) -> None:
    replay, theirs = read(path), ORACLE[rel(path)]
    ours = statistics(replay)
    assert (replay.rows, replay.cols) == (theirs["row"], theirs["column"])
    assert sorted(map(list, replay.mines)) == sorted(theirs["mines"])
    assert replay.won == theirs["is_completed"]
    assert replay.meta.player == theirs["player_identifier"]
    for mine, their_name in SAME.items():
        assert ours[mine] == pytest.approx(theirs[their_name], abs=1e-6), mine
    assert ours["cells"] == [theirs[f"cell{k}"] for k in range(9)]
    assert ours["path"] == pytest.approx(theirs["path_length"], rel=1e-6)
    assert ours["ioe"] == pytest.approx(theirs["ioe"])
    assert ours["correctness"] == pytest.approx(theirs["corr"])
    assert ours["throughput"] == pytest.approx(theirs["thrp"])


ARBITER_NAME = re.compile(r"(?:^|_)(\d+\.\d\d)_3BV=(\d+)_")


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".avf" and ARBITER_NAME.search(p.name)], ids=rel)
def test_time_and_3bv_equal_arbiters_file_names(path: Path) -> None:
    m = ARBITER_NAME.search(path.name)
    assert m
    stats = statistics(read(path))
    assert f"{stats['time']:.2f}" == m.group(1)
    assert stats["3bv"] == int(m.group(2))


def test_minesweeper_clone_names_show_the_time_plus_one_second() -> None:
    replay = read(DATA / "mvf" / "saolei_website_Lin_Jin_Fan_Exp_60.623bv207.mvf")  # 60.62 s shown, 3BV 207
    assert statistics(replay)["3bv"] == 207
    assert replay.time + 1 == pytest.approx(60.62)
    assert replay.recorded["time"] + 1 == pytest.approx(60.62)  # Clone's own figures, in the file


@pytest.mark.parametrize("path", sorted((DATA / "rmv").glob("*.rmv")), ids=rel)
def test_board_events_equal_the_ones_rmv_files_record(path: Path) -> None:
    replay = read(path)
    assert replay.file_events
    recorded = sorted((t, r, c) for t, kind, r, c in replay.file_events if kind.startswith("open") or kind == "blast")
    ours = sorted((e.time, r, c) for e in replay.board_events for r, c in e.opened)
    assert ours == recorded
    pre_flags = sum(1 for m in replay.mouse if m.kind == "pf")  # in the file's header, not among its events
    flags = [(e.time, e.row, e.col) for e in replay.board_events if e.kind == "flag"][pre_flags:]
    assert flags == [(t, r, c) for t, kind, r, c in replay.file_events if kind == "flag"]


def consistent(replay: Replay) -> bool:
    opened = [c for e in replay.board_events for c in e.opened]
    safe = replay.rows * replay.cols - len(replay.mines)
    blasts = set(opened) & replay.mine_set
    if replay.outcome == "won":
        return not blasts and len(set(opened)) == len(opened) == safe
    return replay.outcome == "lost" and len(blasts) == 1 or replay.outcome == "unfinished" and not blasts


@pytest.mark.parametrize("path", NOT_READ_BY_ORACLE, ids=rel)
def test_files_ms_toollib_cannot_read_are_read_and_consistent(path: Path) -> None:
    replay = read(path)
    assert consistent(replay)
    assert replay.won and replay.time >= 0
    if "time" in replay.recorded and replay.format == "mvf":  # Clone's own time, in the file
        assert replay.time == pytest.approx(replay.recorded["time"], abs=0.011)


def test_clone_097_states_its_own_3bv_and_left_and_double_clicks() -> None:
    for path in (DATA / "mvf").glob("*0.97*"):
        replay = read(path)
        stats = statistics(replay)
        assert (stats["3bv"], stats["3bv_solved"], stats["left"], stats["double"]) == tuple(
            replay.recorded[k] for k in ("3bv", "3bv_solved", "left", "double"))


def test_evf_v0_v1_v2_transcodes_are_the_arbiter_game_they_came_from() -> None:
    source = read(DATA / "avf" / "ms-toollib_Cus_8x11_7mines_5.42_3BV=8_3BVs=1.47_Wang Jianing G15208.avf")
    v0 = (DATA / "evf" / "transcoded_Cus_8x11_v0.evf").read_bytes()
    v1 = b"\x01" + v0[1:]  # v1's layout is v0's (evf标准.md); no v1 file is public
    v2 = (DATA / "evf" / "transcoded_Cus_8x11_v2.evf").read_bytes()
    for data, version in ((v0, "v0"), (v1, "v1"), (v2, "v2")):
        replay = read_replay(data, "x.evf")
        assert (replay.format, replay.version) == ("evf", version)
        assert (replay.rows, replay.cols, replay.mines) == (source.rows, source.cols, source.mines)
        assert replay.board_events == source.board_events
        assert statistics(replay) | {"path": 0} == statistics(source) | {"path": 0}


def test_a_lost_game_is_lost_on_a_mine() -> None:
    replay = read(DATA / "evf" / "saolei_website_c_10_39.832_24_0.477_Pu Tian Yi(Hu Bei)_fail.evf")
    assert replay.outcome == "lost" and consistent(replay)
    assert replay.board_events[-1].opened[-1] in replay.mine_set


def test_metadata() -> None:
    avf = read(DATA / "avf" / "flop-player_arbiter_beg.avf")
    assert (avf.meta.software, avf.meta.player, avf.meta.level, avf.meta.date) == (
        "Arbiter 0.52.3", "Flop893", "beginner", "2018-04-17T19:45:57")
    rmv = read(DATA / "rmv" / "ms-toollib_test_rmv2_utf8_invalid.rmv")
    assert "\ufffd" in rmv.meta.player  # an invalid UTF-8 name is read, its bad bytes replaced
    evf = read(DATA / "evf" / "ms-toollib_b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf")
    assert (evf.meta.software, evf.meta.player) == ("Metasweeper 3.1.9", "王嘉宁")
    mvf = read(DATA / "mvf" / "flop-player_2007_release_2.mvf")
    assert mvf.meta.software.startswith("Minesweeper Clone 2007") and mvf.meta.date.startswith("2010-07-03")
    nf = statistics(read(DATA / "avf" / "Beg_NF_1.86_3BV=3_3BVs=1.61_Wang Jianing.avf"))
    assert nf["right"] == 0 and nf["flagging"] is False


def test_detection_by_content_then_extension() -> None:
    for path in GOOD:
        assert looks_like_replay(path.read_bytes(), "") or path.suffix == ".mvf"  # old Clone files: no magic
        assert looks_like_replay(path.read_bytes(), path.name)
    assert not looks_like_replay(b"1??\n?2?\n", "board.txt")
    png = b"\x89PNG\r\n\x1a\n" + bytes(200)
    with pytest.raises(ReplayError, match="mvf|avf|replay"):
        read_replay(png, "game.avf")
    with pytest.raises(ReplayError):
        read_replay(png, "game.mvf")
    with pytest.raises(ReplayError, match="not a replay"):
        read_replay(b"hello", "notes.txt")


def test_the_format_registry_reads_a_replays_board() -> None:
    from minesat.formats import registry
    data = (DATA / "avf" / "flop-player_arbiter_beg.avf").read_bytes()
    mines = read_replay(data).mine_set
    for name in ("game.avf", "game"):  # by extension, and by content
        reading = registry.read_bytes(data, name)
        assert reading.format == "replay" and reading.board.mines == len(mines) == 10
        assert {c for c in reading.board.flags} == mines
    old_clone = (DATA / "mvf" / "flop-player_0.96_beta_or_earlier.mvf").read_bytes()
    assert registry.read_bytes(old_clone, "x.mvf").board.mines == len(read_replay(old_clone, "x.mvf").mines)
    with pytest.raises(BoardError, match="not a replay"):
        registry.read_bytes(b"\x00\x01 not a game", "x.avf")


def test_bad_rawvf_is_one_error() -> None:
    with pytest.raises(ReplayError, match="line 831"):
        read(DATA / "rawvf" / "flop-player_error_video_invalid_event.rawvf")


def test_a_100_mb_file_is_refused_at_once() -> None:
    huge = b"\x34" + bytes(100 * 2 ** 20 - 1)  # Arbiter's first byte, then 100 MB
    start = time.perf_counter()
    with pytest.raises(ReplayError, match="MB"):
        read_replay(huge, "huge.avf")
    assert time.perf_counter() - start < 0.5
    assert issubclass(ReplayError, BoardError)


def test_the_review_of_a_replay_is_the_review_of_the_same_game_as_minesats_record() -> None:
    replay = read(DATA / "rmv" / "flop-player_int.rmv")
    graded = review_replay(replay)
    mine = GameRecord.from_json(json.loads(json.dumps(record_json(replay))))  # as `minesat review` reads it
    assert review(mine) == graded
    # minesat's own game, played move by move, opens the very cells the replay's events opened
    game = Game.with_mines(replay.rows, replay.cols, set(replay.mines))
    for event, move in zip(replay.board_events, record(replay).moves):
        assert sorted(game.act(move[:2], move[2])) == sorted(event.opened)
    assert game.state == replay.outcome
    assert len(graded) == len(replay.board_events)
    assert pluck(graded) >= 0


@pytest.mark.slow
def test_a_lost_game_is_reviewed_up_to_its_losing_click() -> None:
    replay = read(DATA / "evf" / "saolei_website_c_10_39.832_24_0.477_Pu Tian Yi(Hu Bei)_fail.evf")
    graded = review_replay(replay)
    assert len(graded) == len(replay.board_events) and graded[-1].p_mine > 0  # the losing click was a guess
    assert pluck(graded, lost=True) == pytest.approx(pluck(graded[:-1]))  # its luck ran out: not counted


def mangled(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(4)
    if kind == 0:  # truncated
        return data[:rng.randrange(len(data))]
    out = bytearray(data)
    if kind == 1:  # bit flips
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(out))
            out[i] ^= 1 << rng.randrange(8)
    elif kind == 2:  # a length, count or size that lies: bytes near the start set high
        i = rng.randrange(min(len(out), 120))
        out[i:i + 2] = b"\xff\xff"
    else:  # a run of bytes overwritten
        i = rng.randrange(len(out))
        out[i:i + rng.randint(1, 40)] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
    return bytes(out)


@pytest.mark.slow
def test_mangled_replays_give_a_replay_or_one_error() -> None:
    rng = random.Random(33)
    sources = [(p.read_bytes(), p.name) for p in FILES if p.stat().st_size < 40_000]
    start = time.perf_counter()
    outcomes = {"read": 0, "refused": 0}
    for n in range(300):
        data, name = sources[n % len(sources)]
        bad = mangled(data, rng)
        t0 = time.perf_counter()
        try:
            replay = read_replay(bad, name)
            statistics(replay)
            outcomes["read"] += 1
        except ReplayError as e:
            assert "\n" not in str(e) and str(e)
            outcomes["refused"] += 1
        assert time.perf_counter() - t0 < 2.0, name
    assert outcomes["read"] and outcomes["refused"]
    assert time.perf_counter() - start < 60
