"""Benchmark boards from fixed seeds (generators in tests/support/boards.py): mid-game positions of the
classic sizes and larger, and dense lattice positions."""

from __future__ import annotations

from boards import lattice, midgame
from minesat.board import Board

# name -> (cols, rows, mines, number of boards)
SIZES = {
    "9x9/10": (9, 9, 10, 20),
    "16x16/40": (16, 16, 40, 20),
    "30x16/99": (30, 16, 99, 20),
    "50x50/500": (50, 50, 500, 5),
    "100x100/2000": (100, 100, 2000, 3),
}


# The start of a `run_in_pyodide` script that runs the whole engine: Pyodide loaded, minesat and
# pycosat (over picosat.wasm) installed and imported from /home/pyodide; the script's own
# arguments (after the boards file) are in `rest`.
PYODIDE_ENGINE = r"""
import { readFileSync, readdirSync } from "node:fs";
const [pyodideDir, root, ...rest] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
for (const name of readdirSync(root + "/py/minesat", { recursive: true }).filter((n) => n.endsWith(".py"))) {
  pyodide.FS.mkdirTree("/home/pyodide/minesat/" + name.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile("/home/pyodide/minesat/" + name, readFileSync(root + "/py/minesat/" + name));
}
pyodide.FS.writeFile("/home/pyodide/pycosat.py", readFileSync(root + "/py/picosat_wasm.py"));
pyodide.FS.writeFile("/home/pyodide/picosat.wasm", readFileSync(root + "/static/picosat.wasm"));
pyodide.runPython(`
import os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
import pycosat
pycosat.load(open("picosat.wasm", "rb").read())
`);
"""


def run_in_pyodide(script: str, boards: list[Board], *args: str, timeout: int = 600) -> dict | None:
    """Run a Node `script` over the boards in Pyodide (node_modules/pyodide); the JSON its last line
    prints, or None without Node or Pyodide (or when it fails: the error is printed)."""
    import json
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    from minesat.board import format_board
    root = Path(__file__).resolve().parent.parent
    pyodide_dir = root / "node_modules" / "pyodide"
    if not shutil.which("node") or not (pyodide_dir / "pyodide.mjs").exists():
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump([format_board(b) for b in boards], f)
        f.flush()
        out = subprocess.run(["node", "--input-type=module", "-e", script, str(pyodide_dir), str(root), f.name,
                              *args], capture_output=True, text=True, timeout=timeout)
    if out.returncode:
        print("pyodide run failed:", out.stderr[-800:])
        return None
    result: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def suite() -> dict[str, list[Board]]:
    """Every benchmark group: name -> boards (fixed seeds)."""
    groups = {name: [midgame(r, c, m, seed=1000 * i + s) for s in range(n)]
              for i, (name, (c, r, m, n)) in enumerate(SIZES.items())}
    groups["lattice 10x21"] = [lattice(10, 21, seed=s) for s in range(6)]
    return groups


if __name__ == "__main__":
    for name, boards in suite().items():
        b = boards[0]
        print(f"{name}: {len(boards)} boards; first has {len(b.hidden)} hidden cells, {b.mines} mines")
        if b.cols <= 30:
            print(b)
