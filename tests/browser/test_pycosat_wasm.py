"""picosat_wasm installed as `pycosat` inside Pyodide in Chromium, offline, against native pycosat.

The page (tests/browser/pages/pyodide.html) starts a bare Pyodide; the test puts
py/picosat_wasm.py into its file system as pycosat.py, with picosat.wasm next to it
(as pyscript.toml does for the app), then runs the same formulas as native pycosat here.
"""

from __future__ import annotations

import json
import random

import pycosat
import pytest

from boards import SEED_9X9
from formulas import random_3sat
from harness import new_context, wait_ready
from minesat.board import parse_board
from minesat.reductions.solve import formula

INSTALL = """
async () => {
  const files = [["py/picosat_wasm.py", "pycosat.py"], ["static/picosat.wasm", "picosat.wasm"]];
  for (const [url, name] of files) {
    const r = await fetch("../../../" + url);
    if (!r.ok) throw new Error(url + ": HTTP " + r.status);
    pyodide.FS.writeFile(name, new Uint8Array(await r.arrayBuffer()));
  }
  return pyodide.runPython("import pycosat, json; pycosat.__file__");
}
"""

RUN = """
formulas => pyodide.runPython(`
import json, pycosat
out = []
for f in json.loads(${JSON.stringify(JSON.stringify(formulas))}):
    kw = {"vars": f["vars"]} if f["vars"] is not None else {}
    sols = []
    for s in pycosat.itersolve(f["clauses"], **kw):
        sols.append(s)
        if len(sols) >= f["limit"]:
            break
    out.append({"solve": pycosat.solve(f["clauses"], **kw), "iter": sols})
json.dumps(out)
`)
"""


def formulas() -> list[dict]:
    rng = random.Random(2026)
    fixed = [
        ([], None), ([[]], None), ([[1], [-1]], None), ([[1, 2], [-1, 2], [1, -2]], None),
        ([[1, -5, 4], [-1, 5, 3, 4], [-3, -4]], None), ([[1, 2]], 5),
        # pigeonhole: 4 pigeons in 3 holes (UNSAT)
        ([[3 * p + h + 1 for h in range(3)] for p in range(4)]
         + [[-(3 * p + h + 1), -(3 * q + h + 1)] for h in range(3) for p in range(4) for q in range(p + 1, 4)], None),
    ]
    fixed += [(random_3sat(rng, n, int(n * ratio)), None)
              for n, ratio in [(10, 2.0), (12, 3.0), (20, 4.26), (30, 4.26), (40, 4.0), (50, 4.3), (60, 3.5)]]
    board = parse_board(SEED_9X9)
    fixed.append((formula(board, "binomial").clauses, None))
    fixed.append((formula(board.with_mines(10), "sortnet").clauses, None))
    return [{"clauses": c, "vars": v, "limit": 300} for c, v in fixed]


def native(f: dict) -> dict:
    kw = {"vars": f["vars"]} if f["vars"] is not None else {}
    sols = []
    for s in pycosat.itersolve(f["clauses"], **kw):
        sols.append(s)
        if len(sols) >= f["limit"]:
            break
    return {"solve": pycosat.solve(f["clauses"], **kw), "iter": sols}


@pytest.fixture(scope="module")
def pyodide_page(browser, site):
    from harness import Watch
    watch = Watch()
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "tests/browser/pages/pyodide.html")
    wait_ready(page)
    assert page.evaluate(INSTALL).endswith("pycosat.py")
    yield page
    context.close()
    watch.check()


def test_wasm_pycosat_in_chromium_matches_native(pyodide_page):
    cases = formulas()
    got = json.loads(pyodide_page.evaluate(RUN, cases))
    assert len(got) == len(cases)
    kinds = set()
    for case, answer in zip(cases, got):
        expected = native(case)
        assert answer == expected, f"differs on a formula of {len(case['clauses'])} clauses"
        kinds.add(expected["solve"] if isinstance(expected["solve"], str) else "SAT")
    assert kinds == {"SAT", "UNSAT"}  # the set exercises both answers


def test_wasm_pycosat_is_the_wasm_module(pyodide_page):
    """The module Pyodide imported as pycosat is picosat_wasm, running the browser's WebAssembly."""
    assert pyodide_page.evaluate("() => pyodide.runPython('import pycosat; pycosat.backend()')") == "pyodide"
