"""picosat.wasm against native pycosat on random CNF: the very same answers.

Same C code, so everything must match exactly: SAT/UNSAT, the model, the order of
itersolve's models, prop_limit's cut-off. The Solver extension (assumptions, incremental
clauses) has no native counterpart; it is checked against native solves of the equivalent
formula (assumptions as unit clauses).
"""

from __future__ import annotations

import random
import threading
from itertools import islice

import pycosat
import pytest

import picosat_wasm
from formulas import random_3sat, random_cnf

ITER_BOUND = 40          # models compared per itersolve sequence


def satisfies(model: list[int], clauses: list[list[int]]) -> bool:
    true = set(model)
    return all(any(lit in true for lit in clause) for clause in clauses)


@pytest.mark.parametrize("seed", range(8))
def test_solve_and_itersolve_identical(seed):
    rng = random.Random(seed)
    sat = 0
    for _ in range(60):
        clauses, n = random_cnf(rng)
        vars = rng.choice((-1, -1, n, n + 3))
        native = pycosat.solve(clauses, vars=vars)
        assert picosat_wasm.solve(clauses, vars=vars) == native
        sat += native != "UNSAT"
        assert (list(islice(picosat_wasm.itersolve(clauses, vars=vars), ITER_BOUND))
                == list(islice(pycosat.itersolve(clauses, vars=vars), ITER_BOUND)))
    assert 5 < sat < 60                 # both kinds of answer were exercised


def test_whole_itersolve_sequences_identical():
    """Every model, to the end, on formulas with up to a few hundred models."""
    rng = random.Random(7)
    compared = 0
    while compared < 60:
        n = rng.randint(1, 10)
        clauses = [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), min(n, 3))]
                   for _ in range(rng.randint(0, 4 * n))]
        native = list(pycosat.itersolve(clauses, vars=n))
        assert list(picosat_wasm.itersolve(clauses, vars=n)) == native
        compared += len(native) > 1
    assert compared == 60


def test_threads_solving_at_once_match_native():
    """Several threads share the one wasm instance, as they may share native pycosat."""
    rng = random.Random(11)
    formulas = [random_3sat(rng, 40, 160) for _ in range(40)]
    expected = [pycosat.solve(f) for f in formulas]
    results: dict[int, list] = {}

    def work(t: int) -> None:
        results[t] = [picosat_wasm.solve(f) for f in formulas[t::4]]

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [results[t] for t in range(4)] == [expected[t::4] for t in range(4)]


@pytest.mark.parametrize("seed", range(3))
def test_hard_random_3sat_identical(seed):
    rng = random.Random(100 + seed)
    for n in (50, 80, 110):
        clauses = random_3sat(rng, n, round(4.26 * n))
        assert picosat_wasm.solve(clauses) == pycosat.solve(clauses)
        assert (list(islice(picosat_wasm.itersolve(clauses), 10))
                == list(islice(pycosat.itersolve(clauses), 10)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_prop_limit_cut_off_identical(seed):
    rng = random.Random(200 + seed)
    unknown = 0
    for _ in range(20):
        clauses = random_3sat(rng, 120, round(4.26 * 120))
        limit = rng.choice((100, 1_000, 10_000, 100_000))
        native = pycosat.solve(clauses, prop_limit=limit)
        assert picosat_wasm.solve(clauses, prop_limit=limit) == native
        unknown += native == "UNKNOWN"
        assert (list(picosat_wasm.itersolve(clauses, prop_limit=limit))
                == list(pycosat.itersolve(clauses, prop_limit=limit)))
    assert unknown > 0


@pytest.mark.parametrize("seed", range(4))
def test_solver_assumptions_agree_with_native_units(seed):
    rng = random.Random(300 + seed)
    for _ in range(40):
        clauses, n = random_cnf(rng)
        with picosat_wasm.Solver(clauses) as solver:
            for _ in range(5):
                assumed = [v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1),
                                                                       rng.randint(0, min(n, 4)))]
                native = pycosat.solve(clauses + [[lit] for lit in assumed])
                wasm = solver.solve(assumptions=assumed)
                assert (wasm == "UNSAT") == (native == "UNSAT")
                if wasm != "UNSAT":
                    assert satisfies(wasm, clauses + [[lit] for lit in assumed])
                else:
                    failed = solver.failed_assumptions()
                    assert set(failed) <= set(assumed)
                    assert pycosat.solve(clauses + [[lit] for lit in failed]) == "UNSAT"


@pytest.mark.parametrize("seed", range(3))
def test_solver_incremental_agrees_with_native(seed):
    rng = random.Random(400 + seed)
    for _ in range(20):
        clauses, n = random_cnf(rng)
        added: list[list[int]] = []
        with picosat_wasm.Solver(vars=n) as solver:
            for start in range(0, len(clauses), 7):
                batch = clauses[start:start + 7]
                solver.add_clauses(batch)
                added += batch
                wasm, native = solver.solve(), pycosat.solve(added, vars=n)
                assert (wasm == "UNSAT") == (native == "UNSAT")
                if wasm != "UNSAT":
                    assert len(wasm) == n and satisfies(wasm, added)


def test_backbone_with_one_solver_matches_native():
    """The engine's use: which literals hold in every model (safe / mine cells)."""
    rng = random.Random(500)
    checked = 0
    for _ in range(30):
        clauses, n = random_cnf(rng)
        if pycosat.solve(clauses, vars=n) == "UNSAT":
            continue
        native = {lit for v in range(1, n + 1) for lit in (v, -v)
                  if pycosat.solve(clauses + [[-lit]], vars=n) == "UNSAT"}
        with picosat_wasm.Solver(clauses, vars=n) as solver:
            wasm = {lit for v in range(1, n + 1) for lit in (v, -v)
                    if solver.solve(assumptions=[-lit]) == "UNSAT"}
        assert wasm == native
        with picosat_wasm.Solver(clauses, vars=n) as solver:
            assert set(solver.backbone()) == native
            shown = rng.sample(range(1, n + 1), n // 2)
            assert set(solver.backbone(shown)) == {lit for lit in native if abs(lit) in shown}
            assert set(solver.backbone()) == native         # selectors left no trace
        checked += 1
    assert checked > 10
    with picosat_wasm.Solver([[1], [-1]]) as solver:
        assert solver.backbone() == "UNSAT"


def test_projected_enumeration_matches_native_itersolve():
    """Solver.iter_projected gives each assignment of the chosen variables exactly once:
    the distinct projections of native itersolve's full models."""
    rng = random.Random(600)
    for _ in range(60):
        clauses, n = random_cnf(rng)
        n = min(n, 12)
        clauses = [[lit for lit in clause if abs(lit) <= n] for clause in clauses]
        shown = sorted(rng.sample(range(1, n + 1), rng.randint(0, n)))
        native = {tuple(lit for lit in model if abs(lit) in shown)
                  for model in pycosat.itersolve(clauses, vars=n)}
        with picosat_wasm.Solver(clauses, vars=n) as solver:
            wasm = [tuple(a) for a in solver.iter_projected(shown)]
        assert len(wasm) == len(set(wasm))
        assert set(wasm) == native
    with picosat_wasm.Solver([[1, 2, 3]]) as solver:
        assert len(list(solver.iter_projected([1, 2, 3], limit=4))) == 4
