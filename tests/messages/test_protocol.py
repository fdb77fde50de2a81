"""The engine's dispatcher (messages/protocol.py), as the page's worker runs it: each op answered, bad requests
given a message (the encoding of answers: test_codec.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boards import SEED_9X9
from minesat.board import Board, parse_board
from minesat.counting import LayoutSpace
from minesat.messages.protocol import (
    Engine,
    decode_layouts,
    dumps,
    request,
)
from minesat.reductions.solve import formula


def ask(engine: Engine, rid: int, op: str, board: Board | None, **args) -> dict:
    answer = json.loads(engine.answer(dumps({"id": rid, **request(op, board, **args)})))
    assert answer["id"] == rid
    return answer


def test_engine_answers_analysis_layouts_and_reduction():
    board = parse_board(SEED_9X9, 10)
    engine = Engine()
    a = ask(engine, 1, "analyze", board)["ok"]
    assert a["count"] == "65" and len(a["safe"]) == 6
    space = LayoutSpace(board)
    page = ask(engine, 2, "layouts", board, offset=60, limit=12)["ok"]
    assert page["count"] == "65" and decode_layouts(page["layouts"]) == space.layouts(60, 5)
    red = ask(engine, 3, "reduction", board.with_mines(None), encoding="sortnet", limit=10)["ok"]
    cnf = formula(board.with_mines(None), "sortnet")
    assert (red["num_vars"], red["num_clauses"], red["shown"]) == (cnf.num_vars, cnf.num_clauses, 10)
    assert [c for _, _, cs in red["groups"] for c in cs] == cnf.clauses[:10]
    assert [total for _, total, _ in red["groups"]] == [cnf.origin.count(tuple(o) if o else None)
                                                       for o, _, _ in red["groups"]]


def test_reduction_sizes_with_the_total_match_the_built_formula():
    board = parse_board(SEED_9X9, 10)
    for encoding in ("binomial", "sortnet"):
        cnf = formula(board, encoding)
        few = Engine().op_reduction(request("reduction", board, encoding=encoding, limit=5))
        assert (few["num_vars"], few["num_clauses"]) == (cnf.num_vars, cnf.num_clauses)
        every = Engine().op_reduction(request("reduction", board, encoding=encoding, limit=10**6))
        assert [c for _, _, cs in every["groups"] for c in cs] == cnf.clauses
        assert sum(total for _, total, _ in every["groups"]) == cnf.num_clauses


def test_bad_requests_get_a_message_not_a_traceback():
    engine = Engine()
    assert "error" in json.loads(engine.answer("not json"))
    assert "unknown request" in json.loads(engine.answer('{"id": 1, "op": "nope"}'))["error"]
    bad = json.loads(engine.answer('{"id": 2, "op": "analyze", "board": "board=1x"}'))
    assert bad["id"] == 2 and "unknown cell" in bad["error"]
    contradictory = parse_board("1?1\n?0?\n1?1")
    assert ask(engine, 3, "layouts", contradictory, offset=0)["ok"]["layouts"] == []
    assert ask(engine, 4, "layouts", parse_board("1?\n??"), offset=-5)["ok"]["layouts"] == []


@pytest.mark.slow
def test_big_counter_waits_for_a_click_and_huge_one_is_refused():
    big = Board(40, 40, ("?",) * 1600, 100)
    engine = Engine()
    assert ask(engine, 1, "reduction", big)["ok"]["too_big"] == "ask"
    assert "num_clauses" in ask(engine, 2, "reduction", big, force=True, limit=5)["ok"]
    huge = Board(100, 100, ("?",) * 10000, 2000)
    assert ask(engine, 3, "reduction", huge, force=True)["ok"]["too_big"] == "never"


def test_downloads_stream_the_whole_file_in_chunks():
    board = parse_board(SEED_9X9, 10)
    engine = Engine()
    for op, whole in (("dimacs", formula(board, "sortnet").to_dimacs()),):
        items = [json.loads(t) for t in engine.stream(dumps({"id": 9, **request(op, board, encoding="sortnet")}))]
        assert items[0] == {"id": 9, "size": formula(board, "sortnet").num_clauses}
        assert items[-1] == {"id": 9, "end": True}
        assert "".join(i["chunk"] for i in items[1:-1]) == whole
    from minesat.reductions import ilp
    items = [json.loads(t) for t in engine.stream(dumps({"id": 3, **request("lp", board)}))]
    assert "".join(i.get("chunk", "") for i in items) == ilp.reduce(board).to_lp()
    bad = list(engine.stream(dumps({"id": 4, "op": "dimacs", "board": "board=x"})))
    assert len(bad) == 1 and "error" in json.loads(bad[0])


def test_dimacs_in_small_chunks_is_the_same_text():
    board = parse_board(SEED_9X9, 10)
    cnf = formula(board, "binomial")
    chunks = list(cnf.iter_dimacs(100))
    assert len(chunks) > 10 and "".join(chunks) == cnf.to_dimacs()


def test_counter_size_without_building_equals_the_built_counter():
    from minesat.reductions.card import size
    from minesat.reductions.cnf import CNF, TOTAL_ENCODING
    for n in range(0, 9):
        for low in range(-1, n + 2):
            for high in range(low, n + 3):
                board = Board(1, max(n, 1), ("?",) * max(n, 1))
                cnf = CNF(board, "sortnet", board.hidden)
                before = (cnf.num_vars, cnf.num_clauses)
                cnf.add_between(list(range(1, n + 1)), low, high, TOTAL_ENCODING, None)
                built = (cnf.num_vars - before[0], cnf.num_clauses - before[1])
                assert size(n, low, high, TOTAL_ENCODING) == built, (n, low, high)


def test_engine_advises_the_best_move_or_says_why_there_is_none():
    engine = Engine()
    safe = ask(engine, 1, "advise", parse_board("1??\n12?\n01?"))["ok"]
    assert safe["safe"] and safe["move"] == [0, 2]
    assert "none" in ask(engine, 2, "advise", parse_board("1?1\n?0?\n1?1"))["ok"]
    guess = ask(engine, 3, "advise", Board(3, 3, ("?",) * 9, 2))["ok"]
    assert not guess["safe"] and 0 < guess["p_mine"] < 1


@pytest.mark.slow
def test_engine_advice_takes_flags_as_marks_and_names_the_wrong_ones():
    from minesat.play.game import Game
    game = Game.new("expert", 4242, "classic")
    game.open((1, 1))
    game.flag((0, 5))  # the game: a flag the numbers rule out
    engine = Engine()
    while game.state == "playing":  # auto-play, until the numbers rule the flag out
        data = ask(engine, 1, "advise", game.board())["ok"]
        if data["wrong_flags"]:
            break
        for r, c in data["safe_cells"] or [data["move"]]:
            game.open((r, c))
    assert game.state == "playing" and "move" in data and [w["cell"] for w in data["wrong_flags"]] == [[0, 5]]
    assert data["wrong_flags"][0]["proof"]["clues"]  # with its proof
    assert "none" in ask(engine, 2, "advise", game.board(), flags_as_mines=True)["ok"]  # the peers' option


def test_engine_explains_proofs_dead_cells_in_slices_outcomes_and_a_proof_as_sat(monkeypatch):
    from minesat.counting import outcomes
    board = parse_board(SEED_9X9, 10)
    engine = Engine()
    why = ask(engine, 1, "explain", board)["ok"]
    assert len(why["proofs"]) == 13 and why["proofs"][0]["grade"] == 0
    tables = outcomes.outcome_tables(board)
    expected = sorted(list(c) for c in outcomes.dead_cells(tables) if 0 < tables[c].mine < tables[c].layouts)
    import minesat.messages.protocol as protocol
    for budget in (10.0, 0.0):  # all at once, or one cell per request: the same cells
        monkeypatch.setattr(protocol, "OUTCOME_SLICE", budget)
        start, dead, calls = 0, [], 0
        while start is not None:
            part = ask(engine, 9, "dead", board, start=start)["ok"]
            dead, start, calls = dead + part["dead"], part["next"], calls + 1
        assert sorted(dead) == expected and (calls == 1 if budget else calls == len(board.hidden))
    outcome = ask(engine, 2, "outcome", board, cell=[8, 8])["ok"]
    assert int(outcome["mine"]) + sum(map(int, outcome["numbers"].values())) == int(outcome["layouts"]) == 65
    sat = ask(engine, 3, "proof_cnf", board, cell=[0, 2])["ok"]
    assert sat["answer"] == "UNSAT" and "p cnf" in sat["dimacs"]
    assert "error" in ask(engine, 4, "proof_cnf", board, cell=[8, 8])  # not forced: no proof


def test_engine_generates_no_guess_boards_and_reviews_games():
    from minesat.play.game import Game
    from minesat.play.generate import solvable_without_guessing
    engine = Engine()
    made = ask(engine, 1, "generate", None, rows=9, cols=9, mines=10, first=[4, 4], rule="zero", seed=3,
               no_guess=True)["ok"]
    mines = frozenset((r, c) for r, c in made["mines"])
    assert len(mines) == 10 and made["tries"] >= 1 and solvable_without_guessing(9, 9, mines, (4, 4))
    game = Game.with_mines(9, 9, mines)
    moves = [[4, 4, "open"]]
    game.open((4, 4))
    record = {"rows": 9, "cols": 9, "mines": made["mines"], "moves": moves}
    graded = ask(engine, 2, "review", None, game=record)["ok"]
    assert [m["move"] for m in graded["moves"]] == moves and graded["moves"][0]["grade"] == "best"
    assert "error" in ask(engine, 3, "review", None, game={"rows": 9})  # a broken record: refused, said


def test_a_tangled_board_gets_quick_forced_cells_at_once_and_the_sat_backbone_in_slices(monkeypatch):
    import minesat.counting.space as counting
    from boards import midgame
    from minesat.analysis.analyze import analyze_by_sat, local_forced
    monkeypatch.setattr(counting, "MAX_STATES", 8)  # so that an expert board is too tangled to count
    board = midgame(16, 30, 99, seed=3)
    engine = Engine()
    data = ask(engine, 1, "analyze", board)["ok"]
    assert data["tangled"] and data["count"] is None and data["pending"]
    quick = local_forced(board.with_mines(None))
    assert quick and [tuple(c) for c in data["safe"]] == quick[0] and [tuple(c) for c in data["mines"]] == quick[1]
    slices = 0
    while data.get("pending"):
        data = ask(engine, 2, "analyze_more", board, budget=0)["ok"]  # one solver call per request
        slices += 1
        assert {tuple(c) for c in data["safe"]} >= set(quick[0])  # what is known stays known
    expected = analyze_by_sat(board)
    assert slices > 1 and data["step"] == "done" and data["satisfiable"]
    assert [tuple(c) for c in data["safe"]] == expected.safe and [tuple(c) for c in data["mines"]] == expected.mines
    assert "none" in ask(engine, 3, "advise", board)["ok"]  # not counted: no advice, said


def test_every_op_has_one_handler_and_the_worker_knows_the_analysis_lane():
    """The contract is declared once (messages/ops.py): each op is answered by a handler or is a
    download, an unknown op is refused by name, and the worker's JavaScript names the analysis lane
    by the value the page sends."""
    from pathlib import Path

    from minesat.messages.ops import DOWNLOADS, Lane, Op
    from minesat.messages.protocol import HANDLERS, Engine
    assert set(HANDLERS) | DOWNLOADS == set(Op) and not set(HANDLERS) & DOWNLOADS
    answer = json.loads(Engine().answer(json.dumps({"id": 1, "op": "no_such_op"})))
    assert answer == {"id": 1, "error": "unknown request 'no_such_op'"}
    worker = (Path(__file__).resolve().parents[2] / "static" / "engine-worker.mjs").read_text()
    assert f'"{Lane.ANALYSIS.value}"' in worker


def test_the_lanes_a_new_board_supersedes_are_the_analyzers_only():
    """A new board's analysis drops the waiting requests of the analyzer's lanes (ops.BOARD_LANES,
    which the client marks `board` and the worker reads), never Play's, a replay's or a screenshot's
    (a no-guess board, or a replay, asked for while the engine started was dropped by the page's
    first analysis: issue 35)."""
    from pathlib import Path

    from minesat.messages.ops import BOARD_LANES, Lane
    assert Lane.ANALYSIS in BOARD_LANES
    assert not [lane for lane in BOARD_LANES if lane.value.startswith(("play", "replay")) or lane is Lane.IMAGE]
    root = Path(__file__).resolve().parents[2]
    worker = (root / "static" / "engine-worker.mjs").read_text()
    assert 'm.lane === "analysis" && queue[i].board' in worker and "startsWith" not in worker
    assert '"board": lane in BOARD_LANES' in (root / "py" / "minesat_web" / "client.py").read_text()


# -- a replay file, for the page's player (issue 33) --
REPLAYS = Path(__file__).resolve().parent.parent / "data" / "replays"
EXPERT = REPLAYS / "avf" / "Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"


def ask_file(engine: Engine, rid: int, op: str, data: bytes, name: str) -> dict:
    answer = json.loads(engine.answer(dumps({"id": rid, **request(op, None, name=name)}), data))
    assert answer["id"] == rid
    return answer


def test_a_replay_is_read_with_its_statistics_then_graded_with_proofs_in_words():
    engine = Engine()
    data = EXPERT.read_bytes()
    read = ask_file(engine, 1, "replay", data, EXPERT.name)["ok"]
    # Arbiter's own figures, in the file's name: 49.25 s, 3BV 127
    assert (read["rows"], read["cols"], len(read["mines"])) == (16, 30, 99)
    assert read["stats"]["3bv"] == 127 and abs(read["stats"]["time"] - 49.25) < 0.01 and read["outcome"] == "won"
    assert read["meta"]["software"].startswith("Arbiter")
    times = [e[0] for e in read["events"]]
    assert times == sorted(times) and all(kind in ("open", "flag", "unflag", "chord") for _, kind, *_ in read["events"])
    mines = {tuple(m) for m in read["mines"]}
    opened = {tuple(c) for e in read["events"] for c in e[4]}
    assert opened == {(r, c) for r in range(16) for c in range(30)} - mines  # a won game opens every safe cell
    graded = review_in_slices(engine, data, EXPERT.name, budget=1000)
    assert len(graded["moves"]) == len(read["events"]) and graded["pluck"] >= 0
    assert [m["time"] for m in graded["moves"]] == times
    needless = [m for m in graded["moves"] if m["grade"] == "needless"]
    assert needless and "needless" in graded["summary"]
    for m in needless:  # the proof proves a safe cell in words naming its clues with their numbers
        proof = m["proof"][0]
        text = m["proof_text"][0]
        r, c = proof["cell"]
        assert proof["cell"] in m["safe_cells"] and text.startswith(f"r{r + 1}c{c + 1} is safe")
        for r, c in proof["clues"]:
            number = sum((rr, cc) in mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))
            assert f"r{r + 1}c{c + 1} ({number})" in text


def review_in_slices(engine: Engine, data: bytes, name: str, **args) -> dict:
    """Every slice of a replay's review asked for, as the page does: the moves put together, the last answer's rest."""
    moves, start, rid = [], 0, 100
    while True:
        rid += 1
        answer = json.loads(engine.answer(dumps({"id": rid, **request("replay_review", None, name=name, start=start,
                                                                      **args)}), data))["ok"]
        assert answer["start"] == start and answer["total"] >= start + len(answer["moves"])
        moves += answer["moves"]
        if answer["next"] is None:
            return answer | {"moves": moves}
        assert answer["next"] == len(moves) > start and answer["summary"] is None and answer["pluck"] is None
        start = answer["next"]


def test_a_replays_review_in_slices_of_one_event_equals_the_review_at_once():
    from minesat.formats.replays import read_replay
    from minesat.messages.codec import encode_graded
    from minesat.play.replay_review import pluck, review_replay
    from minesat.play.review import summary
    path = REPLAYS / "avf" / "Int_14.95_3BV=40_3BVs=2.67_Wang Jianing.avf"
    data = path.read_bytes()
    graded = review_replay(read_replay(data, path.name))
    sliced = review_in_slices(Engine(), data, path.name, budget=0)  # one event a request
    assert [{k: v for k, v in m.items() if k not in ("time", "proof_text")} for m in sliced["moves"]] == [
        encode_graded(g) for g in graded]
    assert sliced["summary"] == summary(graded) and sliced["pluck"] == round(pluck(graded), 6)


def test_a_broken_replay_gets_the_readers_one_line_message():
    from minesat.formats.replays import ReplayError, read_replay
    engine = Engine()
    data = EXPERT.read_bytes()
    for rid, (bad, name) in enumerate([(data[:200], "cut.avf"), (b"\x00garbage" * 10, "junk.rmv"), (b"", "empty.evf"),
                                       (bytes(300), "zeros.mvf")], 1):
        for op in ("replay", "replay_review"):
            answer = ask_file(engine, rid, op, bad, name)
            try:
                read_replay(bad, name)
            except ReplayError as e:
                expected = str(e)
            assert "ok" not in answer and answer["error"] == expected and "\n" not in answer["error"]
            assert "Traceback" not in answer["error"] and "Error:" not in answer["error"]
