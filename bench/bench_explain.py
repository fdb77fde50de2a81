"""Why, timed: a minimal proof of every forced cell, and every hidden cell's outcome table.

    .venv/bin/python bench/bench_explain.py [--groups 30x16/99,...] [--runs 3] [-v] [--pyodide]

Per board (bench/boards.py, fixed seeds), best of `--runs`, the board already counted (the
page and the CLI have its LayoutSpace from the analysis): `explain.proofs` with native pycosat
(assumptions as unit clauses) and with picosat.wasm under wasmtime (a real incremental
session), and `outcomes.outcome_tables`.  Prints per-group medians and maxima, the number of
forced cells, how many needed SAT (three clues or more, or the total) and the grades.
`--pyodide` also times proofs and outcomes of the expert boards in Pyodide under Node (the
browser's Python, with picosat.wasm run by Node's WebAssembly).
Not part of the test suite: timings are noisy on shared machines, compare within one run.
"""

from __future__ import annotations

import argparse
import collections
import gc
import statistics
import sys
import time
from pathlib import Path

import pycosat

import picosat_wasm
from minesat.counting import LayoutSpace, outcomes
from minesat.proofs import explain
from suites import PYODIDE_ENGINE, run_in_pyodide, suite

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

DEFAULT_GROUPS = "9x9/10,16x16/40,30x16/99"


def best(runs: int, work) -> tuple[object, float]:
    gc.collect()
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return result, min(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


PYODIDE_SCRIPT = PYODIDE_ENGINE + r"""
const [boardsJson, runs] = rest;
pyodide.globals.set("BOARDS", readFileSync(boardsJson, "utf8"));
pyodide.globals.set("RUNS", Number(runs));
console.log(pyodide.runPython(`
import json, sys, time
from minesat.board import parse_board
from minesat.counting import LayoutSpace
from minesat.proofs import explain
from minesat.counting import outcomes
out = []
for text in json.loads(BOARDS):
    board = parse_board(text)
    space = LayoutSpace(board)
    row = []
    for work in (lambda: explain.proofs(board, pycosat, space), lambda: outcomes.outcome_tables(board, space)):
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        row.append(min(times))
    out.append(row)
json.dumps({"python": sys.version.split()[0], "times": out})
`));
"""


def pyodide_times(boards, runs: int):
    """[(proofs, outcomes) seconds] per board in Pyodide under Node, or None without them."""
    result = run_in_pyodide(PYODIDE_SCRIPT, boards, str(runs), timeout=1200)
    return None if result is None else (result["python"], result["times"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", default=DEFAULT_GROUPS, help=f"comma-separated (default {DEFAULT_GROUPS})")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per board")
    parser.add_argument("--pyodide", action="store_true", help="also the expert boards in Pyodide (Node)")
    args = parser.parse_args()
    groups = suite()
    explain.proofs(groups["9x9/10"][0], picosat_wasm)  # compile the wasm module before timing
    print(f"python {sys.version.split()[0]}; times in ms, best of {args.runs}; the board already counted")
    cpython = {}
    for name in args.groups.split(","):
        rows = []
        grades: collections.Counter = collections.Counter()
        for i, board in enumerate(groups[name]):
            space = LayoutSpace(board)
            proofs, native = best(args.runs, lambda: explain.proofs(board, pycosat, space))
            wasm_proofs, wasm = best(args.runs, lambda: explain.proofs(board, picosat_wasm, space))
            tables, tabling = best(args.runs, lambda: outcomes.outcome_tables(board, space))
            assert [p.cell for p in wasm_proofs] == [p.cell for p in proofs] or \
                sorted(p.cell for p in wasm_proofs) == sorted(p.cell for p in proofs)
            by_sat = sum(p.total or len(p.clues) >= 3 for p in proofs)
            grades.update(explain.GRADES[p.grade] for p in proofs)
            rows.append((native, wasm, tabling, len(proofs), by_sat, len(outcomes.dead_cells(tables))))
            if args.verbose:
                print(f"  {name} #{i:2d}: forced {len(proofs):3d} (SAT {by_sat:2d})  proofs native {ms(native)}"
                      f"  wasm {ms(wasm)}  outcomes {ms(tabling)}  dead {rows[-1][5]}", flush=True)
        cpython[name] = [r[0] for r in rows], [r[2] for r in rows]
        column = lambda k: [r[k] for r in rows]  # noqa: E731
        print(f"{name:10s} n={len(rows):2d} forced median {statistics.median(column(3)):5.1f} "
              f"(by SAT {statistics.median(column(4)):4.1f}) | proofs native median {ms(statistics.median(column(0)))}"
              f" max {ms(max(column(0)))} | wasm median {ms(statistics.median(column(1)))} max {ms(max(column(1)))}"
              f" | outcomes median {ms(statistics.median(column(2)))} max {ms(max(column(2)))}"
              f" | dead median {statistics.median(column(5)):.1f}", flush=True)
        print(f"{'':10s} grades: " + ", ".join(f"{g} {grades[g]}" for g in explain.GRADES), flush=True)
    if args.pyodide:
        boards = groups["30x16/99"]
        got = pyodide_times(boards, args.runs)
        if got is None:
            print("pyodide: not available (needs node and node_modules/pyodide)")
            return
        version, times = got
        native, tabled = cpython.get("30x16/99") or (
            [best(args.runs, lambda: explain.proofs(b, pycosat, LayoutSpace(b)))[1] for b in boards],
            [best(args.runs, lambda: outcomes.outcome_tables(b))[1] for b in boards])
        proofs_py, outcomes_py = [t[0] for t in times], [t[1] for t in times]
        proofs_ratio = statistics.median(proofs_py) / statistics.median(native)
        outcomes_ratio = statistics.median(outcomes_py) / statistics.median(tabled)
        print(f"30x16/99 in Pyodide {version} (Node): proofs median {ms(statistics.median(proofs_py))}"
              f" max {ms(max(proofs_py))} (x{proofs_ratio:.2f} CPython native)"
              f" | outcomes median {ms(statistics.median(outcomes_py))} max {ms(max(outcomes_py))}"
              f" (x{outcomes_ratio:.2f} CPython)", flush=True)


if __name__ == "__main__":
    main()
