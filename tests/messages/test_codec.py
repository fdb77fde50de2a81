"""The page's messages (messages/codec.py): every answer encoded to plain JSON data and decoded back whole, requests
carrying the board as its share fragment."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from boards import INSTANCE_2, SEED_9X9, random_board
from minesat.analysis.analyze import analyze
from minesat.board import Board, parse_board
from minesat.counting import LayoutSpace, outcomes
from minesat.formats.links import board_to_fragment
from minesat.messages.codec import (
    decode_analysis,
    decode_layouts,
    dumps,
    encode_analysis,
    encode_layouts,
    encode_outcome,
    encode_proof,
    request,
)
from minesat.messages.protocol import Engine
from minesat.proofs import explain as ex


def test_analysis_round_trips_every_field_on_random_boards():
    rng = random.Random(5)
    kinds = set()
    for _ in range(150):
        board = random_board(rng)
        a = analyze(board)
        back = decode_analysis(board, json.loads(dumps(encode_analysis(a))))
        assert (back.satisfiable, back.count, back.safe, back.mines, back.probability, back.conflict,
                back.conflict_total) == (a.satisfiable, a.count, a.safe, a.mines, a.probability, a.conflict,
                                         a.conflict_total)
        kinds.add((a.satisfiable, a.conflict_total))
    assert (True, False) in kinds and (False, False) in kinds  # consistent and contradictory boards seen


def test_counts_of_forty_digits_and_exact_probabilities_arrive_whole():
    board = Board(12, 12, ("?",) * 144, 60)  # C(144, 60): 41 digits
    a = analyze(board)
    assert len(str(a.count)) >= 40
    back = decode_analysis(board, json.loads(dumps(encode_analysis(a))))
    assert back.count == a.count
    assert back.probability[(0, 0)] == Fraction(60, 144)


def test_a_too_tangled_board_travels_without_a_count():
    from minesat.analysis.analyze import analyze_by_sat
    a = analyze_by_sat(parse_board("1?\n??"))
    back = decode_analysis(a.board, json.loads(dumps(encode_analysis(a))))
    assert back.count is None and back.safe == a.safe and back.mines == a.mines


def test_layouts_round_trip():
    layouts = [frozenset({(0, 1), (2, 3)}), frozenset()]
    assert decode_layouts(json.loads(dumps(encode_layouts(layouts)))) == layouts


def test_requests_carry_the_board_as_its_share_fragment():
    board = parse_board(SEED_9X9, 10)
    assert request("analyze", board) == {"op": "analyze", "board": board_to_fragment(board)}


def test_proofs_and_outcomes_travel_as_plain_json_data():
    board = parse_board(SEED_9X9, mines=10)
    proofs = ex.proofs(board)
    data = [encode_proof(p, board) for p in proofs]
    assert json.loads(json.dumps(data)) == data
    assert len(data) == 13
    first = data[0]
    assert set(first) == {"cell", "verdict", "clues", "flags", "total", "grade", "grade_name", "text"}
    assert first["grade_name"] == "one clue" and len(first["clues"]) == 1
    assert [ex.Proof((r, c), p["verdict"], tuple(tuple(x) for x in p["clues"]), p["flags"], p["total"])
            for p in data for r, c in [p["cell"]]] == proofs
    outcome = encode_outcome((5, 1), outcomes.OutcomeTables(board, LayoutSpace(board)).of((5, 1)))
    assert (outcome["layouts"], outcome["mine"], outcome["numbers"]) == ("65", "0", {"1": "35", "2": "27", "3": "3"})
    assert Engine().answer(dumps(request("explain", parse_board(INSTANCE_2)) | {"id": 1})) == \
        dumps({"id": 1, "ok": {"proofs": []}})
