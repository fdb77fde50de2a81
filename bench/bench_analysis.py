"""Exact analysis, side by side: minesat.counting, the naive SAT route and ms_toollib.

    .venv/bin/python bench/bench_analysis.py [--groups 30x16/99,...] [--cap SECONDS] [--no-naive]

Per board: this engine's full analysis as the CLI and the page run it (`analysis.analyze`:
count, every probability as a Fraction, forced cells, total known), best of a few runs;
ms_toollib.cal_probability_onboard (native Rust, run in a worker process so a slow board can
be stopped at the cap) with its probabilities checked against ours to 1e-9; the naive route:
the binomial CNF of the whole board through pycosat, one solver call per hidden cell for the
forced cells (no total), then blocking-clause enumeration of the layouts until the cap.  Prints per-board
lines and per-group medians and ratios.
Not part of the test suite: timings are noisy on shared machines, compare within one run.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing as mp
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

import pycosat

from minesat.analysis.analyze import analyze
from minesat.board import Board
from minesat.counting import LayoutSpace
from minesat.reductions.cnf import REDUCTIONS
from suites import run_in_pyodide, suite

HERE = Path(__file__).resolve().parent


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.2f}" if seconds != float("inf") else "     >cap"


def approx(n: int) -> str:
    """A huge count in short: 1.2e+345."""
    if n < 10 ** 300:
        return f"{float(n):9.3g}"
    exponent = int((n.bit_length() - 1) * 0.30102999566398120)
    if n.bit_length() >= 4000:
        return f"~1e+{exponent}"
    mantissa = n / 10 ** exponent
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.3g}e+{exponent}"


# -- this engine ---------------------------------------------------------------------------
def engine(board: Board) -> tuple[LayoutSpace, float]:
    """Full analysis as the CLI and the page run it: count, every probability, forced cells."""
    start = time.perf_counter()
    space = analyze(board).space
    return space, time.perf_counter() - start


def engine_best(board: Board, runs: int) -> tuple[LayoutSpace, float]:
    gc.collect()
    results = [engine(board) for _ in range(runs)]
    return results[0][0], min(t for _, t in results)


def page_time(space: LayoutSpace, rng: random.Random) -> float:
    """Worst time for a page of 50 layouts: the first, the last and a few random pages."""
    offsets = [0, max(0, space.count - 50)] + [rng.randrange(space.count) for _ in range(3)]
    worst = 0.0
    for offset in offsets:
        start = time.perf_counter()
        page = space.layouts(offset, 50)
        worst = max(worst, time.perf_counter() - start)
        assert all(space.board.is_layout(layout) for layout in page[:3])
    return worst


# -- ms_toollib in a worker -------------------------------------------------------------
def _ms_worker(game_board, mines):
    import ms_toollib
    start = time.perf_counter()
    probs, _ = ms_toollib.cal_probability_onboard(game_board, mines)
    return time.perf_counter() - start, probs


class Peer:
    """ms_toollib in a worker process, stopped when a board takes longer than the cap."""

    def __init__(self, cap: float):
        self.cap, self.pool = cap, None

    def run(self, board: Board):
        if self.pool is None:
            self.pool = mp.get_context("fork").Pool(1)
        grid = [[10 if board[r, c] == "?" else 11 if board[r, c] == "F" else int(board[r, c])
                 for c in range(board.cols)] for r in range(board.rows)]
        job = self.pool.apply_async(_ms_worker, (grid, board.mines))
        try:
            return job.get(timeout=self.cap)
        except mp.TimeoutError:
            self.close()
            return None, None
        except Exception as error:  # noqa: BLE001 - the peer rejects the board in its own ways
            return None, str(error)[:60]

    def close(self):
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None


def disagreement(space: LayoutSpace, probs) -> float:
    return max(abs(float(Fraction(space.mine_counts[r, c], space.count)) - probs[r][c])
               for r, c in space.board.hidden)


# -- the naive SAT route -----------------------------------------------------------------
def naive(board: Board, cap: float) -> tuple[float, int, bool, tuple]:
    """(seconds for forced cells by one call per hidden cell, layouts enumerated, finished, forced).

    The binomial CNF of the whole board (no total: binomially it is millions of clauses), one
    pycosat call per hidden cell after a first model, then blocking-clause enumeration.
    """
    start = time.perf_counter()
    clauses = REDUCTIONS["binomial"].reduce(board).clauses
    n = len(board.hidden)
    model = pycosat.solve(clauses, vars=n)
    if model == "UNSAT":
        return time.perf_counter() - start, 0, True, ([], [])
    value = {abs(lit): lit > 0 for lit in model}
    safe, mines = [], []
    for v in range(1, n + 1):
        if pycosat.solve(clauses + [[-v if value[v] else v]], vars=n) == "UNSAT":
            (mines if value[v] else safe).append(board.hidden[v - 1])
        if time.perf_counter() - start > cap:
            return float("inf"), 0, False, None
    forced_time = time.perf_counter() - start
    start, found, finished = time.perf_counter(), 0, True
    for _ in pycosat.itersolve(clauses, vars=n):
        found += 1
        if time.perf_counter() - start > cap:
            finished = False
            break
    return forced_time, found, finished, (sorted(safe), sorted(mines))


# -- the same engine in Pyodide (Node), for the browser ratio --------------------------------
PYODIDE_SCRIPT = r"""
import { readFileSync } from "node:fs";
const [pyodideDir, root, boardsJson] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/home/pyodide/minesat/counting");
for (const name of ["__init__.py", "answers.py", "board.py", "unionfind.py", "counting/__init__.py",
                    "counting/classes.py", "counting/component.py", "counting/polynomials.py", "counting/subsets.py"])
  pyodide.FS.writeFile("/home/pyodide/minesat/" + name, readFileSync(root + "/py/minesat/" + name));
pyodide.globals.set("BOARDS", readFileSync(boardsJson, "utf8"));
console.log(pyodide.runPython(`
import json, sys, time
sys.path.insert(0, "/home/pyodide")
from minesat.board import parse_board
from minesat.counting import LayoutSpace
times = []
for text in json.loads(BOARDS):
    board = parse_board(text)
    best = 1e9
    for _ in range(5):
        start = time.perf_counter()
        space = LayoutSpace(board)
        space.safe, space.mines
        best = min(best, time.perf_counter() - start)
    times.append(best)
json.dumps({"python": sys.version.split()[0], "times": times})
`));
"""


def pyodide_times(boards: list[Board]) -> tuple[str, list[float]] | None:
    """Best-of-5 analysis times of the boards in Pyodide under Node, or None without Node/Pyodide."""
    result = run_in_pyodide(PYODIDE_SCRIPT, boards)
    return None if result is None else (result["python"], result["times"])


def pyodide_report(boards: list[Board], name: str) -> None:
    got = pyodide_times(boards)
    if got is None:
        print(f"{name:14s} pyodide: not available (needs node and node_modules/pyodide)")
        return
    version, times = got
    ours = [engine_best(b, 5)[1] for b in boards]
    ratios = [p / c for p, c in zip(times, ours)]
    print(f"{name:14s} Pyodide {version} in Node: median {ms(statistics.median(times))} max {ms(max(times))}"
          f" | CPython median {ms(statistics.median(ours))} | Pyodide/CPython median {statistics.median(ratios):.2f}"
          f" worst {max(ratios):.2f}", flush=True)


# -- the run ----------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", help="comma-separated group names (default: all)")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds per board for ms_toollib")
    parser.add_argument("--naive-cap", type=float, default=1.0, help="seconds per board for each naive step")
    parser.add_argument("--no-naive", action="store_true")
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per board")
    parser.add_argument("--pyodide", action="store_true",
                        help="also time the expert boards in Pyodide (Node), the browser's Python")
    args = parser.parse_args()
    groups = suite()
    if args.groups:
        groups = {name: groups[name] for name in args.groups.split(",")}
    peer = Peer(args.cap)
    peer.run(Board.from_rows(["1??", "12?", "01?"], mines=2))  # start the worker, import ms_toollib
    rng = random.Random(0)
    print(f"python {sys.version.split()[0]}; times in ms; ms_toollib cap {args.cap:g} s, "
          f"naive cap {args.naive_cap:g} s")
    for name, boards in groups.items():
        ours, theirs, ratios, naive_times, pages, worst_diff = [], [], [], [], [], 0.0
        enum_note = []
        for i, board in enumerate(boards):
            runs = 5 if len(board.hidden) < 1000 else 3
            space, t = engine_best(board, runs)
            ours.append(t)
            peer_t, probs = peer.run(board)
            if peer_t is not None:
                theirs.append(peer_t)
                ratios.append(t / peer_t)
                worst_diff = max(worst_diff, disagreement(space, probs))
            if name.startswith("30x16") or name.startswith("lattice"):
                pages.append(page_time(space, rng))
            shown = ms(peer_t) if peer_t is not None else f"  >{args.cap:g}s" if probs is None else " error"
            line = (f"  {name} #{i:2d}: hidden {len(board.hidden):5d} layouts {approx(space.count)}"
                    f" ours {ms(t)}  ms_toollib {shown}")
            if not args.no_naive:
                nt, found, finished, forced = naive(board, args.naive_cap)
                naive_times.append(nt)
                enum_note.append((found, finished))
                if forced is not None:
                    free = LayoutSpace(board.with_mines(None))
                    assert forced == (free.safe, free.mines) or not space.count, f"forced cells differ on {name} #{i}"
                line += f"  naive forced {ms(nt)}  enumerated {found}{'' if finished else '+'}"
            if args.verbose:
                print(line, flush=True)
        row = [name, len(boards), statistics.median(ours), max(ours)]
        msg = f"{name:14s} n={len(boards):2d}  ours median {ms(row[2])} max {ms(row[3])}"
        if theirs:
            msg += (f" | ms_toollib median {ms(statistics.median(theirs))} ({len(theirs)}/{len(boards)} within cap)"
                    f"  ours/peer median {statistics.median(ratios):5.2f} worst {max(ratios):5.2f}"
                    f"  max |dp| {worst_diff:.1e}")
        else:
            msg += f" | ms_toollib: none within {args.cap:g} s"
        if naive_times:
            finite = [x for x in naive_times if x != float("inf")]
            done = sum(f for _, f in enum_note)
            msg += (f" | naive forced median {ms(statistics.median(naive_times)) if finite else ' >cap'}"
                    f" (ours x{statistics.median(naive_times) / statistics.median(ours):.0f} faster)"
                    f", enumeration finished {done}/{len(boards)} in {args.naive_cap:g} s")
        if pages:
            msg += f" | page of 50 layouts worst {ms(max(pages))}"
        print(msg, flush=True)
        assert worst_diff <= 1e-9, "probabilities disagree with ms_toollib"
    peer.close()
    if args.pyodide:
        pyodide_report(suite()["30x16/99"], "30x16/99")


if __name__ == "__main__":
    main()
