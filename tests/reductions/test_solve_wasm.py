"""The engine on picosat compiled to WebAssembly: the same answers as native pycosat."""

from __future__ import annotations

import json
import random

import pycosat
import pytest

import picosat_wasm
from boards import INSTANCE_1, INSTANCE_2, SEED_3X3, SEED_9X9, random_board
from brute import brute_layouts
from minesat.analysis.analyze import analyze
from minesat.board import parse_board
from minesat.cli.commands import analysis_json, main
from minesat.reductions.solve import conflict, formula, get_solver, iter_layouts


def test_get_solver_names():
    assert get_solver("native") is pycosat
    assert get_solver("wasm") is picosat_wasm


def test_closed_loop_with_the_wasm_solver():
    rng = random.Random(4)
    for _ in range(120):
        board = random_board(rng, max_hidden=10)
        truth = set(brute_layouts(board))
        for encoding in ("binomial", "sortnet"):
            native = list(iter_layouts(formula(board, encoding), pycosat))
            wasm = list(iter_layouts(formula(board, encoding), picosat_wasm))
            assert wasm == native  # same layouts in the same order
            assert set(wasm) == truth
        assert conflict(board, picosat_wasm) == conflict(board, pycosat)


def test_analysis_identical_on_random_boards():
    rng = random.Random(8)
    for _ in range(120):
        board = random_board(rng, max_side=6, max_hidden=16)
        for forced in ("count", "sat"):
            assert (analysis_json(analyze(board, picosat_wasm, forced=forced))
                    == analysis_json(analyze(board, pycosat, forced=forced)))


CLI_BOARDS = [SEED_3X3, INSTANCE_1, INSTANCE_2, SEED_9X9, "mines=10\n" + SEED_9X9,  # the CLI tests' boards too
              "mines=3\n" + SEED_3X3, "mines=1\n" + INSTANCE_2, "mines=3\n1???\n12??\n01??\n", "F1?\n???\n",
              "mines=4\n?????\n?2???\n", "mines=2\n1???\n?2??\n", "?" * 100 + "\n" + "?" * 99 + "1\n"]


@pytest.mark.parametrize("text", CLI_BOARDS)
@pytest.mark.parametrize("forced", ["count", "sat"])
def test_cli_json_identical(text, forced, tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text(text)
    outputs = []
    for solver in ("native", "wasm"):
        assert main(["analyze", str(path), "--solver", solver, "--forced", forced]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    board = parse_board(text)
    if len(board.hidden) <= 16:
        assert outputs[0]["satisfiable"] == bool(brute_layouts(board))
