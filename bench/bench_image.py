"""Screenshots read back to boards: per-cell accuracy, exact reads, and the time to read one.

    .venv/bin/python bench/bench_image.py [--verbose] [--pyodide]

Reads every screenshot of tests/images/ (real clients, see tests/images/README.md) with
`minesat.image.reader.read_image` and compares it with its truth file (read from the client's own state).
A cell counts as right when the reader's guess is the truth; a screenshot is read exactly when
every cell is right, and read "sure and right" when, besides, no cell is below the confidence
threshold. A sure board with a wrong cell is the error that matters most: it is counted apart.
Targets: at least 99.5% of cells right, 95% of screenshots exact. The total read from a mine
counter, where one is read, is compared with the game's. The time is the median of 3
reads of the largest expert (16x30) screenshot, in CPython, decoding excluded; with --pyodide, also
in Pyodide under Node (node_modules/pyodide, as `make setup` installs it), the RGBA bytes handed over
as the page's worker would get them from the browser's decoder.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from minesat.board import BoardError
from minesat.image.reader import read_image

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "tests" / "images"
NODE_SCRIPT = """
import { readFileSync } from "node:fs";
import path from "node:path";
const [root, rgbaPath, width, height] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
const cwd = pyodide.runPython("import os; os.getcwd()");
pyodide.FS.mkdir(`${cwd}/minesat`);
pyodide.FS.writeFile(`${cwd}/minesat/__init__.py`, "");
for (const name of ["board.py", "image.py", "imagegrid.py", "imagecell.py", "imagecounter.py"])
  pyodide.FS.writeFile(`${cwd}/minesat/${name}`, readFileSync(path.join(root, "py", "minesat", name)));
pyodide.globals.set("rgba", pyodide.toPy(new Uint8Array(readFileSync(rgbaPath))));
console.log(pyodide.runPython(`
import time, statistics
from minesat.image.reader import read_image
data = bytes(rgba)
times = []
for _ in range(3):
    start = time.perf_counter()
    reading = read_image(${width}, ${height}, data)
    times.append(time.perf_counter() - start)
(f"{statistics.median(times) * 1000:.0f} ms per read in Pyodide under Node (median of 3), "
 f"{reading.board.rows}x{reading.board.cols}")
`));
"""


def load(path: Path) -> tuple[int, int, bytes]:
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
        return rgba.width, rgba.height, rgba.tobytes()


def main(argv: list[str]) -> int:
    verbose = "--verbose" in argv
    cells = right = exact = sure_right = sure_wrong = failed = totals = totals_right = 0
    per_client: dict[str, list[int]] = {}
    expert: tuple[int, Path] | None = None
    for truth_path in sorted(IMAGES.glob("*.json")):
        truth = json.loads(truth_path.read_text())
        image_path = next(p for p in (truth_path.with_suffix(".png"), truth_path.with_suffix(".jpg")) if p.exists())
        width, height, data = load(image_path)
        rows = truth["rows"]
        n = len(rows) * len(rows[0])
        stats = per_client.setdefault(truth["client"], [0, 0, 0, 0])
        stats[0] += 1
        stats[2] += n
        cells += n
        if len(rows) == 16 and len(rows[0]) == 30 and (expert is None or width * height > expert[0]):
            expert = (width * height, image_path)
        try:
            reading = read_image(width, height, data)
        except BoardError as e:
            failed += 1
            print(f"{image_path.name}: no board: {e}")
            continue
        got = ["".join(reading.board.cells[r * reading.board.cols:(r + 1) * reading.board.cols])
               for r in range(reading.board.rows)]
        if (reading.board.rows, reading.board.cols) != (len(rows), len(rows[0])):
            size = f"{reading.board.rows}x{reading.board.cols}"
            print(f"{image_path.name}: grid {size}, truth {len(rows)}x{len(rows[0])}")
            continue
        if reading.board.mines is not None:
            totals += 1
            totals_right += reading.board.mines == truth["mines"]
        ok = sum(a == b for row_got, row_truth in zip(got, rows) for a, b in zip(row_got, row_truth))
        right += ok
        stats[3] += ok
        if ok == n:
            exact += 1
            stats[1] += 1
            sure_right += reading.sure
        elif reading.sure:
            sure_wrong += 1
        if verbose or ok != n:
            wrong = [(r, c, rows[r][c], got[r][c], round(reading.confidence[r * len(rows[0]) + c], 2))
                     for r in range(len(rows)) for c in range(len(rows[0])) if got[r][c] != rows[r][c]]
            print(f"{image_path.name}: {ok}/{n} cells, sure={reading.sure}, unsure={len(reading.unsure)}, "
                  f"wrong (row, col, truth, read, confidence): {wrong[:12]}")
    shots = sum(s[0] for s in per_client.values())
    print(f"\n{'client':40} {'shots':>5} {'exact':>5} {'cells right':>16}")
    for client, (k, e, c, ok) in sorted(per_client.items()):
        print(f"{client:40} {k:5} {e:5} {ok:7}/{c:<6} {100 * ok / c:6.2f}%")
    print(f"\ncells right: {right}/{cells} = {100 * right / cells:.2f}% (target >= 99.5%)")
    print(f"screenshots read exactly: {exact}/{shots} = {100 * exact / shots:.1f}% (target >= 95%)")
    print(f"exact and sure: {sure_right}; sure but wrong (must be 0): {sure_wrong}; no board found: {failed}")
    print(f"total from a mine counter: {totals} of {shots} screenshots, {totals_right} right, "
          f"{totals - totals_right} wrong")
    if expert is not None:
        width, height, data = load(expert[1])
        times = []
        for _ in range(3):
            start = time.perf_counter()
            read_image(width, height, data)
            times.append(time.perf_counter() - start)
        print(f"expert board {expert[1].name} ({width}x{height} px): {statistics.median(times) * 1000:.0f} ms "
              f"per read in CPython (median of 3)")
        if "--pyodide" in argv:
            with tempfile.TemporaryDirectory() as tmp:
                rgba = Path(tmp) / "image.rgba"
                rgba.write_bytes(data)
                script = Path(tmp) / "read.mjs"
                script.write_text(NODE_SCRIPT)
                done = subprocess.run(["node", str(script), str(ROOT), str(rgba), str(width), str(height)],
                                      capture_output=True, text=True, timeout=600, env=dict(os.environ))
                print(f"expert board {expert[1].name}: " + (done.stdout.strip() or done.stderr.strip()[-500:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
