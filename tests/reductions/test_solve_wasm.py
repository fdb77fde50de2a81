"""The engine on picosat compiled to WebAssembly: the same answers as native pycosat."""

from __future__ import annotations

import random

import pycosat

import picosat_wasm
from boards import random_board
from brute import brute_layouts
from minesat.analysis.analyze import analyze
from minesat.cli.commands import analysis_json
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
