"""Speed of picosat.wasm under wasmtime relative to native pycosat on hard random 3-SAT.

    .venv/bin/python bench/bench_wasm.py [--vars 200] [--clauses 852] [--seeds 5] [--repeat 3]

200 variables with 852 clauses (ratio 4.26) is at the satisfiability threshold, where random
3-SAT is hardest. Both solvers get the same formulas; runs are interleaved so that load on
the machine hits both alike, and each seed reports its best time per solver. Times are the
CPU time of this thread (both solvers run in it), which other processes on a shared machine
disturb far less than wall-clock time. Target: the median ratio wasm/native within 1.25.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import pycosat

import picosat_wasm
from formulas import random_3sat

TARGET = 1.25


def timed(solve, clauses: list[list[int]]) -> tuple[float, object]:
    start = time.thread_time()
    result = solve(clauses)
    return time.thread_time() - start, result


def bench_seed(clauses: list[list[int]], repeat: int) -> tuple[float, float, str]:
    """Best native and wasm times over `repeat` interleaved runs, and the answer."""
    times: dict = {pycosat.solve: [], picosat_wasm.solve: []}
    results: dict = {}
    for i in range(repeat):
        for solve in list(times) if i % 2 == 0 else list(times)[::-1]:
            seconds, results[solve] = timed(solve, clauses)
            times[solve].append(seconds)
    if results[pycosat.solve] != results[picosat_wasm.solve]:
        raise SystemExit("wasm and native disagree: this is a bug")
    answer = "UNSAT" if results[pycosat.solve] == "UNSAT" else "SAT"
    return min(times[pycosat.solve]), min(times[picosat_wasm.solve]), answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vars", type=int, default=200)
    parser.add_argument("--clauses", type=int, default=852)
    parser.add_argument("--seeds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    picosat_wasm.solve([[1]])                     # load and compile the module first
    print(f"random 3-SAT, {args.vars} vars, {args.clauses} clauses; backend "
          f"{picosat_wasm.backend()}; best of {args.repeat} interleaved runs per seed")
    print(f"{'seed':>4} {'answer':>6} {'native s':>9} {'wasm s':>9} {'wasm/native':>11}  (thread CPU time)")
    ratios = []
    for seed in range(args.seeds):
        clauses = random_3sat(random.Random(seed), args.vars, args.clauses)
        native, wasm, answer = bench_seed(clauses, args.repeat)
        ratios.append(wasm / native)
        print(f"{seed:>4} {answer:>6} {native:>9.3f} {wasm:>9.3f} {wasm / native:>11.2f}")
    median = statistics.median(ratios)
    verdict = "within" if median <= TARGET else "OVER"
    print(f"median wasm/native ratio: {median:.2f} ({verdict} the {TARGET} target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
