"""pycosat 0.6.6's behaviour, checked on native pycosat and on picosat_wasm alike.

Answers are checked against brute force, never hard-coded; the same tests run on both
modules, so a difference between them fails here.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from array import array
from pathlib import Path

import pycosat
import pytest

import picosat_wasm

ROOT = Path(__file__).resolve().parent.parent
MODULES = [pytest.param(pycosat, id="native"), pytest.param(picosat_wasm, id="wasm")]
SMALL = [[1, -5, 4], [-1, 5, 3, 4], [-3, -4]]


def satisfies(model: list[int], clauses: list[list[int]]) -> bool:
    true = set(model)
    return all(any(lit in true for lit in clause) for clause in clauses)


def brute_models(clauses: list[list[int]], n_vars: int) -> list[list[int]]:
    """Every full assignment of variables 1..n_vars that satisfies the clauses."""
    models = ([v if bit else -v for v, bit in zip(range(1, n_vars + 1), bits)]
              for bits in itertools.product((0, 1), repeat=n_vars))
    return [m for m in models if satisfies(m, clauses)]


def pigeonhole(pigeons: int, holes: int) -> list[list[int]]:
    """Each pigeon in a hole, no two in one: UNSAT when pigeons > holes, hard for resolution."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    every = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    apart = [[-var(p, h), -var(q, h)] for h in range(holes)
             for p in range(pigeons) for q in range(p + 1, pigeons)]
    return every + apart


def canon(models) -> list[tuple[int, ...]]:
    return sorted(tuple(m) for m in models)


@pytest.mark.parametrize("mod", MODULES)
def test_version(mod):
    assert mod.__version__ == "0.6.6"


@pytest.mark.parametrize("mod", MODULES)
def test_solve_small_formula(mod):
    model = mod.solve(SMALL)
    assert isinstance(model, list)
    assert [abs(lit) for lit in model] == [1, 2, 3, 4, 5]
    assert satisfies(model, SMALL)


@pytest.mark.parametrize("mod", MODULES)
def test_itersolve_gives_every_model_once(mod):
    models = list(mod.itersolve(SMALL))
    assert len(models) == len(set(map(tuple, models)))
    assert canon(models) == canon(brute_models(SMALL, 5))


@pytest.mark.parametrize("mod", MODULES)
def test_unsat_formulas(mod):
    assert mod.solve([[1], [-1]]) == "UNSAT"
    assert mod.solve(pigeonhole(4, 3)) == "UNSAT"
    assert list(mod.itersolve([[1, 2], [-1], [-2]])) == []


@pytest.mark.parametrize("mod", MODULES)
def test_empty_clause_list_is_sat_with_one_empty_model(mod):
    assert mod.solve([]) == []
    assert list(mod.itersolve([])) == [[]]


@pytest.mark.parametrize("mod", MODULES)
def test_empty_clause_is_unsat(mod):
    assert mod.solve([[]]) == "UNSAT"
    assert mod.solve([[1, 2], []]) == "UNSAT"
    assert list(mod.itersolve([[1], []])) == []


@pytest.mark.parametrize("mod", MODULES)
def test_vars_declares_free_variables(mod):
    assert [abs(lit) for lit in mod.solve([], vars=3)] == [1, 2, 3]
    assert [abs(lit) for lit in mod.solve([[-2]], vars=5)] == [1, 2, 3, 4, 5]
    assert len(mod.solve([[7]], vars=2)) == 7            # vars is a minimum
    assert len(mod.solve([[1]], vars=-3)) == 3           # its absolute value counts
    assert canon(mod.itersolve([[1, 2]], vars=3)) == canon(brute_models([[1, 2]], 3))
    assert canon(mod.itersolve([[1, 2]], 3)) == canon(brute_models([[1, 2]], 3))


@pytest.mark.parametrize("mod", MODULES)
def test_prop_limit_gives_unknown_on_a_hard_instance(mod):
    hard = pigeonhole(9, 8)
    assert mod.solve(hard, prop_limit=5_000) == "UNKNOWN"
    assert mod.solve(pigeonhole(5, 4), prop_limit=10**9) == "UNSAT"
    assert list(mod.itersolve(hard, prop_limit=5_000)) == []
    easy = [[1, 2, 3]]
    assert mod.solve(easy, prop_limit=10**9) != "UNKNOWN"
    assert mod.solve(easy, prop_limit=-1) != "UNKNOWN"    # wraps to 2**64 - 1


@pytest.mark.parametrize("mod", MODULES)
def test_keyword_and_positional_arguments(mod):
    expected = mod.solve(SMALL)
    assert mod.solve(clauses=SMALL) == expected
    assert mod.solve(SMALL, -1, 0, 0) == expected
    assert mod.solve(SMALL, verbose=0, prop_limit=0, vars=0) == expected


@pytest.mark.parametrize("mod", MODULES)
def test_any_iterables_as_input(mod):
    expected = mod.solve(SMALL)
    assert mod.solve(tuple(tuple(c) for c in SMALL)) == expected
    assert mod.solve(iter(c) for c in SMALL) == expected
    assert mod.solve([range(1, 3), {-1: "key"}, (x for x in [-2, 3])]) == mod.solve(
        [[1, 2], [-1], [-2, 3]])
    assert list(mod.itersolve(tuple(c) for c in SMALL)) == list(mod.itersolve(SMALL))
    assert mod.solve([[True]]) == [1]                   # bool is an int


@pytest.mark.parametrize("mod", MODULES)
def test_answers_are_deterministic(mod):
    formula = pigeonhole(3, 3)
    assert mod.solve(formula) == mod.solve(formula)
    assert list(mod.itersolve(formula)) == list(mod.itersolve(formula))


@pytest.mark.parametrize("mod", MODULES)
@pytest.mark.parametrize("clauses, error, message", [
    ([[1, "a"]], TypeError, "integer expected"),
    ([[1.0]], TypeError, "integer expected"),
    ([[None]], TypeError, "integer expected"),
    (["ab"], TypeError, "integer expected"),
    ([[1, 0]], ValueError, "non-zero integer expected"),
    ([[False]], ValueError, "non-zero integer expected"),
    ([[1, 0, "a"]], ValueError, "non-zero integer expected"),   # first bad literal wins
    ([[1, "a", 0]], TypeError, "integer expected"),
    ([[1], ["a"], 5], TypeError, "integer expected"),           # ... before a later clause
    ([[1], 5], TypeError, "'int' object is not iterable"),
    ([1], TypeError, "'int' object is not iterable"),
    (1, TypeError, "'int' object is not iterable"),
    (None, TypeError, "'NoneType' object is not iterable"),
])
def test_bad_clauses_raise_pycosat_errors(mod, clauses, error, message):
    with pytest.raises(error, match=message):
        mod.solve(clauses)
    with pytest.raises(error, match=message):
        mod.itersolve(clauses)                  # raised at once, not on first next()


@pytest.mark.parametrize("mod", MODULES)
@pytest.mark.parametrize("kwargs, error", [
    ({"vars": 1.5}, TypeError),
    ({"vars": "3"}, TypeError),
    ({"vars": None}, TypeError),
    ({"verbose": "x"}, TypeError),
    ({"prop_limit": 1.5}, TypeError),
    ({"prop_limit": None}, TypeError),
    ({"vars": 2**31}, OverflowError),
    ({"verbose": -2**31 - 1}, OverflowError),
    ({"foo": 3}, TypeError),
])
def test_bad_arguments(mod, kwargs, error):
    with pytest.raises(error):
        mod.solve([[1]], **kwargs)
    with pytest.raises(error):
        mod.itersolve([[1]], **kwargs)


@pytest.mark.parametrize("args, kwargs", [
    (([[1]],), {"vars": 2**63}), (([[1]],), {"vars": -2**63 - 1}), (([[1]],), {"verbose": 2**64}),
    (([[1]],), {"vars": 2**31}), (([[1]],), {"bogus": 1, "other": 2}), (([[1]], 1, 0, 0, 5), {}), ((), {}),
])
def test_argument_errors_say_what_native_pycosat_says(args, kwargs):
    """The fuzzing finds: vars=2**63 and unknown keywords had other texts than native pycosat's."""
    for solve in ("solve", "itersolve"):
        errors = []
        for mod in (pycosat, picosat_wasm):
            with pytest.raises((TypeError, OverflowError)) as info:
                getattr(mod, solve)(*args, **kwargs)
            errors.append((info.type, str(info.value)))
        assert errors[0] == errors[1]


@pytest.mark.parametrize("mod", MODULES)
def test_missing_and_extra_arguments(mod):
    with pytest.raises(TypeError):
        mod.solve()
    with pytest.raises(TypeError):
        mod.solve([[1]], 1, 0, 0, 5)


@pytest.mark.parametrize("mod", MODULES)
def test_itersolve_is_an_iterator(mod):
    it = mod.itersolve([[1, 2]])
    assert iter(it) is it
    first = next(it)
    rest = list(it)
    assert canon([first, *rest]) == canon(brute_models([[1, 2]], 2))
    with pytest.raises(StopIteration):
        next(it)


# ---------------------------------------------------------------- picosat_wasm only

def test_verbose_output_reaches_stdout(capsys):
    assert picosat_wasm.solve(SMALL, verbose=2) == pycosat.solve(SMALL)
    out = capsys.readouterr().out
    assert "p cnf 5 3" in out                     # verbose >= 2 prints the formula
    assert any(line.startswith("c ") for line in out.splitlines())
    picosat_wasm.solve(SMALL)
    assert capsys.readouterr().out == ""


def test_literal_outside_picosat_range():
    with pytest.raises(OverflowError):
        picosat_wasm.solve([[2**31]])
    with pytest.raises(OverflowError):
        picosat_wasm.solve([[1], [-2**31]])
    with pytest.raises(MemoryError, match="WebAssembly"):
        picosat_wasm.solve([[2**31 - 1]])               # too many variables for wasm32
    with pytest.raises(MemoryError, match="WebAssembly"):
        picosat_wasm.solve([[1]], vars=-2**31)
    assert len(picosat_wasm.solve([[1]], vars=-1)) == 1


def test_module_is_small_and_imports_nothing():
    import wasmtime
    wasm = picosat_wasm.wasm_path().read_bytes()
    assert len(wasm) < 150_000
    module = wasmtime.Module(wasmtime.Engine(), wasm)
    assert list(module.imports) == []
    assert {"memory", "ms_new", "ms_sat"} <= {export.name for export in module.exports}


def test_backend_in_cpython():
    assert picosat_wasm.backend() == "wasmtime"


def test_star_import_gives_the_whole_api():
    namespace: dict = {}
    exec("from picosat_wasm import *", namespace)       # what a pycosat.py shim would do
    assert namespace["__version__"] == "0.6.6"
    assert namespace["solve"]([[1], [-2]]) == [1, -2]
    assert {"itersolve", "Solver", "load", "backend"} <= set(namespace)


def test_warm_up_leaves_the_module_working():
    picosat_wasm.warm_up(0.05)
    assert picosat_wasm.solve(SMALL) == pycosat.solve(SMALL)


def test_load_accepts_bytes():
    wasm = picosat_wasm.wasm_path().read_bytes()
    picosat_wasm.load(bytearray(wasm))
    assert picosat_wasm.solve(SMALL) == pycosat.solve(SMALL)


def test_crash_is_an_error_and_the_module_recovers():
    solver = picosat_wasm.Solver([[1, 2]])
    broken = picosat_wasm.Solver()
    broken._handle.send("ms_add", array("i", [1]))      # a clause without its 0
    with pytest.raises(picosat_wasm.PicosatError, match="API usage: incomplete clause"):
        broken.solve()                                  # picosat aborts: the wasm traps
    with pytest.raises(picosat_wasm.PicosatError, match="gone"):
        solver.solve()                                  # lost with the old instance
    assert picosat_wasm.solve(SMALL) == pycosat.solve(SMALL)


def test_missing_wasm_file_has_a_clear_message(tmp_path):
    code = "import picosat_wasm; picosat_wasm.solve([[1]])"
    env = {**os.environ, "MINESAT_PICOSAT_WASM": str(tmp_path / "nothing.wasm"),
           "PYTHONPATH": str(ROOT / "py")}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True)
    assert result.returncode != 0
    assert "make setup" in result.stderr and "nothing.wasm" in result.stderr


def test_solver_incremental_with_assumptions():
    with picosat_wasm.Solver([[1, 2], [-1, 2]]) as solver:
        model = solver.solve()
        assert satisfies(model, [[1, 2], [-1, 2]])
        assert solver.solve(assumptions=[-2]) == "UNSAT"
        assert solver.failed_assumptions() == [-2]
        assert solver.solve(assumptions=[1])[:2] == [1, 2]   # assumptions last one call
        assert solver.add_clauses([[-1], (x for x in [3, -2])]) == 2
        assert solver.solve() == [-1, 2, 3]                   # the only model left
        solver.add_clause([-3])
        assert solver.solve() == "UNSAT"
        assert solver.nvars == 3


def test_solver_prop_limit_is_per_call():
    with picosat_wasm.Solver(pigeonhole(9, 8)) as solver:
        assert solver.solve(prop_limit=2_000) == "UNKNOWN"
        assert solver.solve(prop_limit=2_000) == "UNKNOWN"      # a fresh budget, not used up
    with picosat_wasm.Solver(pigeonhole(6, 5)) as solver:
        assert solver.solve(prop_limit=10) == "UNKNOWN"
        assert solver.solve() == "UNSAT"                        # no limit left behind
        assert solver.solve(prop_limit=10) == "UNSAT"           # UNSAT is now known at once
    with picosat_wasm.Solver(SMALL) as solver:
        assert solver.solve(prop_limit=2_000) != "UNKNOWN"


def test_solver_rejects_bad_input_before_adding_anything():
    with picosat_wasm.Solver([[1]]) as solver:
        with pytest.raises(TypeError, match="integer expected"):
            solver.add_clauses([[-1], ["x"]])
        with pytest.raises(ValueError):
            solver.solve(assumptions=[0])
        assert solver.solve() == [1]                       # [-1] was not added


def test_solver_closed_is_an_error():
    solver = picosat_wasm.Solver([[1]])
    solver.close()
    solver.close()                                         # closing twice is harmless
    with pytest.raises(picosat_wasm.PicosatError):
        solver.solve()
