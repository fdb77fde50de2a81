// Dev check: picosat_wasm's Pyodide backend, run in Node, gives native pycosat's answers.
//
//   node tools/check_pyodide_node.mjs            (from the repository root, after make setup)
//
// Installs py/picosat_wasm.py as pycosat.py and static/picosat.wasm as picosat.wasm in
// Pyodide's working directory, exactly as the page maps them, solves fixed-seed random
// formulas there (solve, itersolve, prop_limit, Solver with assumptions), then asks
// .venv/bin/python for native pycosat's answers to the same formulas and compares.
// Exit status 0 when everything matches. Set PYODIDE_DIR to use another pyodide copy.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || path.join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));

const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
const cwd = pyodide.runPython("import os; os.getcwd()");
pyodide.FS.writeFile(`${cwd}/pycosat.py`, readFileSync(path.join(root, "py", "picosat_wasm.py")));
pyodide.FS.writeFile(`${cwd}/picosat.wasm`, readFileSync(path.join(root, "static", "picosat.wasm")));
pyodide.FS.writeFile(`${cwd}/formulas.py`, readFileSync(path.join(root, "tests", "support", "formulas.py")));

// Formulas and the wasm answers, computed inside Pyodide.
const CASES = `
import json, random, sys
from itertools import islice
import pycosat
from formulas import random_3sat, random_cnf   # the tests' generators (tests/support/formulas.py)

memory = lambda: pycosat._rt().backend._memory.buffer.byteLength >> 20
pycosat.warm_up(0.05)
first_mb = memory()
rng = random.Random(2026)
cases = []
for i in range(150):
    clauses, n = random_cnf(rng, max_vars=20)
    cases.append({"clauses": clauses, "vars": rng.choice((-1, n + 2)), "prop_limit": 0,
                  "assume": [v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), min(n, 3))]})
for n in (60, 100, 150):
    cases.append({"clauses": random_3sat(rng, n, round(4.26 * n)), "vars": -1, "prop_limit": 0, "assume": []})
    cases.append({"clauses": random_3sat(rng, n, round(4.26 * n)), "vars": -1, "prop_limit": 2000, "assume": []})
big = 60000                           # grows the wasm memory: views must be taken afresh
cases.append({"clauses": random_3sat(rng, big, 3 * big), "vars": -1, "prop_limit": 0, "assume": [1, -2]})
cases.append({"clauses": [], "vars": -1, "prop_limit": 0, "assume": []})
cases.append({"clauses": [[]], "vars": -1, "prop_limit": 0, "assume": []})

def errors():
    out = []
    for bad in ([[1, "a"]], [[1, 0]], [1], 5):
        try:
            pycosat.solve(bad)
            out.append("no error")
        except Exception as err:
            out.append(f"{type(err).__name__}: {err}")
    return out

results = []
for case in cases:
    kw = {"vars": case["vars"], "prop_limit": case["prop_limit"]}
    with pycosat.Solver(case["clauses"], vars=max(case["vars"], 0)) as solver:
        assumed = solver.solve(assumptions=case["assume"])
    results.append({"solve": pycosat.solve(case["clauses"], **kw),
                    "iter": list(islice(pycosat.itersolve(case["clauses"], **kw), 3)),
                    "assumed_unsat": assumed == "UNSAT"})
grown_mb = memory()
import contextlib, io
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    pycosat.solve([[1, 2]], verbose=2)
verbose_ok = "p cnf 2 1" in printed.getvalue()
import js
with open("picosat.wasm", "rb") as f:
    data = f.read()
pycosat.load(data)
verbose_ok = verbose_ok and pycosat.solve([[1, 2], [-1]]) == [-1, 2]
fetched = js.Uint8Array.new(len(data))     # what a page that fetched the bytes itself has
fetched.assign(data)
pycosat.load(fetched.buffer)
verbose_ok = verbose_ok and pycosat.solve([[1, 2], [-1]]) == [-1, 2]
json.dumps({"backend": pycosat.backend(), "python": sys.version.split()[0], "verbose_ok": verbose_ok,
            "memory": [first_mb, grown_mb],
            "cases": cases, "results": results, "errors": errors()})
`;

// The same computation with native pycosat in CPython (assumptions as unit clauses).
const NATIVE = `
import json, sys
from itertools import islice
import pycosat
data = json.load(sys.stdin)
results = []
for case in data["cases"]:
    kw = {"vars": case["vars"], "prop_limit": case["prop_limit"]}
    units = [[lit] for lit in case["assume"]]
    results.append({"solve": pycosat.solve(case["clauses"], **kw),
                    "iter": list(islice(pycosat.itersolve(case["clauses"], **kw), 3)),
                    "assumed_unsat": pycosat.solve(case["clauses"] + units,
                                                   vars=max(case["vars"], 0)) == "UNSAT"})
errors = []
for bad in ([[1, "a"]], [[1, 0]], [1], 5):
    try:
        pycosat.solve(bad)
        errors.append("no error")
    except Exception as err:
        errors.append(f"{type(err).__name__}: {err}")
print(json.dumps({"results": results, "errors": errors}))
`;

const started = performance.now();
const wasm = JSON.parse(pyodide.runPython(CASES));
const seconds = ((performance.now() - started) / 1000).toFixed(2);
const python = process.env.PYTHON || path.join(root, ".venv", "bin", "python");
const native = JSON.parse(execFileSync(python, ["-c", NATIVE], {
  input: JSON.stringify({ cases: wasm.cases }), maxBuffer: 1 << 28,
}).toString());

let mismatches = 0;
wasm.results.forEach((got, i) => {
  if (JSON.stringify(got) !== JSON.stringify(native.results[i])) {
    mismatches++;
    if (mismatches <= 5) console.error(`case ${i} differs:`, JSON.stringify(got).slice(0, 200));
  }
});
if (JSON.stringify(wasm.errors) !== JSON.stringify(native.errors)) {
  mismatches++;
  console.error("errors differ:", wasm.errors, native.errors);
}
if (!wasm.verbose_ok) {
  mismatches++;
  console.error("verbose=2 did not print the formula to sys.stdout");
}
const tally = {};
for (const r of native.results) {
  const kind = Array.isArray(r.solve) ? "SAT" : r.solve;
  tally[kind] = (tally[kind] || 0) + 1;
}
console.log(`Pyodide ${pyodide.version} (Python ${wasm.python}), backend ${wasm.backend}: ` +
  `${wasm.cases.length} formulas (${JSON.stringify(tally)}) in ${seconds} s, ` +
  `wasm memory ${wasm.memory[0]} -> ${wasm.memory[1]} MB, ` +
  `${mismatches} mismatches with native pycosat`);
process.exit(mismatches || wasm.backend !== "pyodide" ? 1 : 0);
