"""Screenshots read back to boards, per client: cells right, screenshots exact, sure-and-wrong; the time.

    .venv/bin/python bench/bench_image.py [DIR ...] [--verbose] [--no-copies] [--dev] [--show-unseen] [--pyodide]
    .venv/bin/python bench/bench_image.py --time FILE ...

Reads every screenshot with a truth file under each DIR (default: /work/screens-corpus/shots when it
exists, made by bench/screens/, and tests/images/ always) with `minesat.image.reader.read_image`, and
compares it with its truth (the client's own state, never minesat's reader).  A cell counts as right
when the reader's guess is the truth (an unsure cell read right counts as right); a screenshot is exact
when every cell is; a *sure and wrong* screenshot (offered as sure with a wrong cell) is the error that
matters most.  Each screenshot is also read in grayscale and colour-inverted: those copies must come back
unsure, refused, or right (counted as "copies sure-and-wrong").

Leave-one-client-out.  The reader's rules are written by hand; what is tuned from data is the confidence
threshold at which a reading is offered as sure.  For each client the threshold is chosen on the other
clients only (the lowest of a ladder with no sure-and-wrong screenshot among them, copies included) and
the client is then measured with it: those are the left-out figures.  Besides, `DEVELOPED_ON` names the
clients whose screenshots were looked at while the rules were written; the others were never looked at
(their rows say "unseen"): theirs are left out of everything, and their screenshots' details are not
printed (unless --show-unseen) so that they stay so.  --dev measures only the clients developed on.

Targets on left-out clients: >= 99.5% cells, >= 95% screenshots exact, zero sure-and-wrong.  The time is
the median of 3 reads of the largest expert (16x30) screenshot in CPython, decoding excluded; with
--pyodide, also in Pyodide under Node (node_modules/pyodide, as `make setup` installs it).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageOps

from minesat.board import BoardError
from minesat.image.reader import read_image

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path("/work/screens-corpus/shots")
# The clients whose screenshots were looked at while the reader's rules were written (issue 34 and before).
DEVELOPED_ON = {"JSMinesweeper", "juliansalvador727/minesweeper", "minesweeperjs/minesweeperjs.github.io",
                "minesat Play", "minesat Play (dark)", "skin:classic", "skin:checker", "sgt-puzzles mines", "skin:dark",
                "hex-coding/minesweeper", "skin:rounded", "xdemineur", "xbomb", "gnome-mines",
                "ace-of-penguins minesweeper", "freesweep", "kurehajime/minesweeper_tag", "lazzerex/NeoSweeper",
                "kmines", "ziebelje/minesweeper", "cobalthex/minesweeper", "atif5/minesweeper",
                "rw-pz/claude-minesweeper", "dmcshared/minesweeper", "IvoSpasov/minesweeper",
                "michaelkolesidis/emoji-minesweeper", "fthielke/html-minesweeper", "emil-litwiniec/minesweeper-game",
                "BrandonDusseau/minesweeper-classic", "areasoft/winmine.html", "skin:phone", "winemine",
                "nejiko96/jquery-minesweeper", "hgraceb/flop-player"}
# The desktop programs run under Xvfb (bench/screens/: sgt_mines.py, xbomb.py, freesweep.py, xdemineur.py,
# gnome_mines.py, ace_mines.py), each its own client, all developed on by now: "sgt-puzzles mines", "xdemineur",
# "xbomb", "gnome-mines", "ace-of-penguins minesweeper" and "freesweep" (its text board, image/textboard.py).
# Two web clients added later, never looked at at first (unseen): "dippedrusk/minesweeper" (still unseen) and
# "kurehajime/minesweeper_tag" (bench/screens/corpus.py: dippedrusk, minetag), moved to dev in the fifth round
# before any of its screenshots was looked at (its left-out figures: 79.42% of cells, 5 of 27 exact).
# Three web clients added after that, never looked at (unseen): "rw-pz/claude-minesweeper" (a monochrome dark
# look), "lazzerex/NeoSweeper" (flat rounded cells, light and dark) and "dipanshunamdev799/minesweeper" (indigo
# rounded tiles with wide gaps) (bench/screens/corpus.py: rwpz, neosweeper, elegant).  NeoSweeper moved to dev
# in the fifth round, before any of its screenshots was looked at (its left-out figures: 58.54% of cells and 10
# of 27 exact with the fourth round's reader, 69.97% and 11 of 27 with the fifth round's, written without it).
# A desktop program added later, never looked at (unseen): "kmines" (KDE's KMines, bench/screens/kmines.py), moved
# to dev in the sixth round before any of its screenshots was looked at (its left-out figures: 59.83% of cells
# and 12 of 39 exact with the fifth round's reader).
# Three web clients added after KMines, never looked at (unseen): "ziebelje/minesweeper" (Windows XP's look in its
# 16-pixel bitmap sprites), "cobalthex/minesweeper" (a neon look: glowing cyan outlines on dark navy, white
# digits) and "JayAgra/minesweeper-js" (16-pixel sprites blown up pixelated in an XP.css window, 9x9 only)
# (bench/screens/corpus.py: xp, neon, pixel).  ziebelje/minesweeper moved to dev in the sixth round, before any
# of its screenshots was looked at (its left-out figures: 74.89% of cells, 19 of 27 exact, with the readers of
# 20fb63d and 7130f83 alike); cobalthex/minesweeper likewise, later in the round (18.64% of cells, none of 27
# exact, with every reader of the round up to eaaac04).
# Two desktop games written in Python added after that, never looked at (unseen): "atif5/minesweeper" (pygame:
# flat grey squares in red lines, number pictures; bench/screens/atif5_mines.py) and "ragam2/Minesweeper" (Tk:
# raised Tk buttons holding tile pictures; bench/screens/ragam2_mines.py), truth from each game's own state.
# Moved to dev at the start of the seventh round, before any of their screenshots was looked at:
# "atif5/minesweeper" (its left-out figures: 44.74% of cells, none of 30 exact, with every reader from 20fb63d to
# c79ca2e) and "rw-pz/claude-minesweeper" (92.72% of cells, 3 of 27 exact with c79ca2e; a figure no longer clean,
# as the sixth round's note says: its row had moved two of that round's choices).
# Three web clients added in the seventh round, never looked at (unseen): "IvoSpasov/minesweeper" (sky-blue gradient
# tiles with gaps on a canvas, bold fallback-font digits, a red "M" for a flag),
# "michaelkolesidis/emoji-minesweeper" (emoji pictures on a p5.js canvas: keycap counts, square-button hidden cells,
# light and dark) and "dmcshared/minesweeper" (a plain grid of divs, monospace digits, a grey "0" on every empty
# cell, light and dark) (bench/screens/corpus.py: bluecanvas, emoji, dmcshared).  "dmcshared/minesweeper" moved to dev
# in the seventh round, before any of its screenshots was looked at (its left-out figures: 10.60% of cells, none of
# 27 exact, with the readers of a9aa255 and 7aef992).  "IvoSpasov/minesweeper" moved to dev at the start of the
# eighth round, before any of its screenshots was looked at (its left-out figures: 72.36% of cells, 16 of 27 exact,
# with every reader of the seventh round, up to 534af21).  "michaelkolesidis/emoji-minesweeper" moved to dev in the
# eighth round, after its first changes and before any of its screenshots was looked at (its left-out figures: 67.59%
# of cells, none of 27 exact, with the readers of 534af21 and 4560999).
# Three web clients added in the eighth round, never looked at (unseen): "Zirkman/minesweeper" (frosted-glass rounded
# cells on a violet gradient, Material-coloured digits, emoji flags and bombs on red), "emil-litwiniec/minesweeper-game"
# (a canvas of lavender pixel-art tiles, digits in the VT323 pixel font) and "thisancog/JSMinesweeper" (its own grey
# sprites scaled on a canvas, LED counters in its header; the whole board drawn at a loss) (bench/screens/corpus.py:
# glass, lavender, greycanvas).  "emil-litwiniec/minesweeper-game" moved to dev in the ninth round, after its first
# changes and before any of its screenshots was looked at (its left-out figures: 54.47% of cells, 12 of 27 exact, with
# the readers of f90d6d9 and of the round's first changes alike).
# Two web clients added late in the eighth round, never looked at (unseen): "fthielke/html-minesweeper" (shiny outset
# grey cells in CSS, bold PT Mono digits in bright colours) and "premislau/minesweeper-p5.js" (flat dark grey and
# white squares outlined in black on a p5.js canvas, vector sans-serif digits, marks as plain red squares, "BOOM!"
# across the board at a loss) (bench/screens/corpus.py: ptmono, p5mines).  "fthielke/html-minesweeper" moved to dev
# at the start of the ninth round, before any of its screenshots was looked at (its left-out figures: 47.75% of
# cells, 2 of 26 exact, with the readers of 03b29fb and f90d6d9).
# Two web clients added after those, never looked at (unseen): "areasoft/winmine.html" (Windows' look redrawn in CSS
# and SVG sprites of its own, cells of 16 to 32 pixels with the sprites kept small in their middle, colour or black and
# white) and "BrandonDusseau/minesweeper-classic" (a Windows 2000 clone in its own 16-pixel sprites and a desktop of its
# own; colour, or black and white with dithered hidden cells) (bench/screens/corpus.py: winmine, mclassic).
# "BrandonDusseau/minesweeper-classic" moved to dev at the start of the tenth round, before any of its screenshots was
# looked at (its left-out figures: 18.39% of cells with f90d6d9, 19.25% with bc1228b, 2 of 27 exact; on the set made
# again on the tenth round's machine, see its note).  "areasoft/winmine.html" moved to dev in the tenth round, after
# its first changes and before any of its screenshots was looked at (its left-out figures on the set made again:
# 85.71% of cells, 11 of 27 exact with 3ae7f02; 85.62%, 12 of 27 with 82ffa6b).
# A desktop program added in the ninth round, never looked at (unseen): "winemine" (Wine's own Minesweeper clone,
# WineMine, run by Wine 8.0 under Xvfb: green raised squares on black, bright seven-segment-like digits, green LED
# counters, a yellow face; bench/screens/winemine.py), truth from its own sprites as for xdemineur.
# Two web clients added after WineMine, never looked at (unseen): "nejiko96/jquery-minesweeper" (32-pixel sprites of
# its own: pale green squares with handwritten-style digits, or one game in three its Windows-like grey sheet) and
# "cosmith/minesweeper" (25-pixel JPEG tiles on a canvas, condensed Bebas Neue digits in dark grey, a dark status bar
# below) (bench/screens/corpus.py: jqmines, bebas).
# A desktop program added after those, never looked at (unseen): "wqhanginge/My_Minesweeper" (a Win32/GDI clone of
# Windows' Minesweeper in C, built with Debian's MinGW and run by Wine 8.0 under Xvfb: raised grey 24-pixel squares,
# polygon digits in the classic colours, red seven-segment LED counters, a face button of its own pictures;
# bench/screens/mymines.py), truth from its own sprites as for WineMine.
# Moved to dev at the start of the eleventh round, before any of their screenshots was looked at: "skin:phone" (the
# phone-like look drawn by bench/screens/skins.py; its left-out figures: 99.71% of cells, 9 of 10 exact, one board
# offered as sure with a wrong cell, with the readers of 3ae7f02 and 7cafb9f alike) and "winemine" (59.00% of cells
# with 3ae7f02, 59.78% with 7cafb9f, 5 of 28 exact with both).  "nejiko96/jquery-minesweeper" moved to dev in the
# eleventh round, after its first changes and before any of its screenshots was looked at (its left-out figures:
# 50.36% of cells, 8 of 27 exact with 7cafb9f).  "hgraceb/flop-player" (added unseen in the eleventh round, see
# below) moved to dev at the end of that round, before any of its screenshots was looked at (its left-out figures:
# 90.40% of cells with ff4f075, 90.37% with 31f08f8, 13 of 27 exact with both).
# A desktop client added after those, never looked at (unseen): "eee555/Metasweeper" (the PyQt5 client, with the
# Rust library ms_toollib, that the Chinese competitive community plays and records with: its own SVG cell pictures
# scaled to 16-40 pixels, LED counter pictures, a face picture, its separate score board window beside it;
# bench/screens/metasweeper.py), truth from its own game state (its ms_toollib board's shown cells and layout).
# A web client added after those, never looked at (unseen): "hgraceb/flop-player" (Flop Player, the web player of
# competitive replays: Minesweeper Arbiter's classic look redrawn as SVG, squares of 16 to 32 pixels, the replay's
# mouse cursor over the board; real players' AVF, MVF and RMV replays paused early, midway or at the end;
# bench/screens/flop.py), truth from its own Vuex store (each cell's picture and the layout).  A web client: not in
# DESKTOP.
DESKTOP = ("sgt-puzzles mines", "xbomb", "freesweep", "xdemineur", "gnome-mines", "ace-of-penguins minesweeper",
           "kmines", "atif5/minesweeper", "ragam2/Minesweeper", "winemine", "wqhanginge/My_Minesweeper",
           "eee555/Metasweeper")
LADDER = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1.01)  # thresholds tried (1.01: never sure)
NODE_SCRIPT = """
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
const [root, rgbaPath, width, height] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
const cwd = pyodide.runPython("import os; os.getcwd()");
for (const dir of ["minesat", "minesat/image", "minesat/counting"]) {
  pyodide.FS.mkdir(`${cwd}/${dir}`);
  for (const name of readdirSync(path.join(root, "py", dir)).filter(n => n.endsWith(".py")))
    pyodide.FS.writeFile(`${cwd}/${dir}/${name}`, readFileSync(path.join(root, "py", dir, name)));
}
pyodide.FS.writeFile(`${cwd}/minesat/__init__.py`, "");
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


@dataclass
class Shot:
    path: Path
    client: str
    rows: list[str]
    mines: int
    cells: int = 0
    right: int = 0  # cells right
    refused: str = ""  # the refusal's message, when no board was read
    min_conf: float = 0.0  # the lowest confidence of a cell (a reading is sure at a threshold at or below it)
    copies: list[tuple[str, bool, float]] = field(default_factory=list)  # (how, right, lowest confidence)
    seconds: float = 0.0
    note: bool = False  # the reading came with a note (an overlay's hint)
    total: int | None = None  # the total read (from a mine counter), if any
    wrong: list[tuple[int, int, str, str, float]] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        return not self.refused and self.right == self.cells


def shots(dirs: list[Path]) -> Iterator[tuple[Path, dict]]:
    for d in dirs:
        for truth_path in sorted(d.rglob("*.json")):
            truth = json.loads(truth_path.read_text())
            if "rows" not in truth:
                continue
            image = next((p for p in (truth_path.with_suffix(".png"), truth_path.with_suffix(".jpg")) if p.exists()),
                         None)
            if image is not None:
                yield image, truth


def load(image: Image.Image) -> tuple[int, int, bytes]:
    rgba = image.convert("RGBA")
    return rgba.width, rgba.height, rgba.tobytes()


def rows_of(board) -> list[str]:
    return ["".join(board.cells[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]


def measure(path: Path, truth: dict, copies: bool) -> Shot:
    rows = truth["rows"]
    shot = Shot(path, truth["client"], rows, truth["mines"], cells=len(rows) * len(rows[0]))
    with Image.open(path) as image:
        image.load()
    start = time.perf_counter()
    try:
        reading = read_image(*load(image))
    except BoardError as e:
        shot.refused = str(e)
    shot.seconds = time.perf_counter() - start
    if not shot.refused:
        shot.note = bool(getattr(reading, "note", ""))  # (a reader of before notes)
        shot.total = reading.board.mines
        got = rows_of(reading.board)
        if len(got) != len(rows) or len(got[0]) != len(rows[0]):
            shot.refused = f"grid {len(got)}x{len(got[0])}, truth {len(rows)}x{len(rows[0])}"
            shot.min_conf = min(reading.confidence)  # a wrong board all the same: sure-and-wrong if sure
        else:
            shot.right = sum(a == b for g, t in zip(got, rows) for a, b in zip(g, t))
            shot.min_conf = min(reading.confidence)
            shot.wrong = [(r, c, rows[r][c], got[r][c], round(reading.confidence[r * len(rows[0]) + c], 2))
                          for r in range(len(rows)) for c in range(len(rows[0])) if got[r][c] != rows[r][c]]
    if copies:
        for how, copy in (("grayscale", ImageOps.grayscale(image.convert("RGB"))),
                          ("inverted", ImageOps.invert(image.convert("RGB")))):
            try:
                seen = read_image(*load(copy))
            except BoardError:
                continue
            shot.copies.append((how, rows_of(seen.board) == rows, min(seen.confidence)))
    return shot


def sure_wrong(shot: Shot, threshold: float) -> tuple[int, int]:
    """Whether the shot, and how many of its copies, are offered as sure at this threshold and wrong."""
    own = int(shot.min_conf >= threshold and (shot.right != shot.cells or bool(shot.refused and shot.min_conf)))
    return own, sum(1 for _, right, low in shot.copies if low >= threshold and not right)


def tuned(others: list[Shot]) -> float:
    """The lowest threshold of the ladder at which no screenshot of these (nor a copy) is sure and wrong."""
    for threshold in LADDER:
        if not any(any(sure_wrong(s, threshold)) for s in others):
            return threshold
    return LADDER[-1]


def time_reads(paths: list[Path]) -> None:
    """The median of 5 reads of each screenshot, decoding excluded (`--time FILE ...`; with PYTHONPATH
    pointing at another checkout's py/, that checkout's reader: two readers timed in one run)."""
    for path in paths:
        with Image.open(path) as image:
            width, height, data = load(image)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            try:
                read_image(width, height, data)
            except BoardError:
                pass
            times.append(time.perf_counter() - start)
        print(f"{path} ({width}x{height} px): {statistics.median(times) * 1000:.0f} ms per read (median of 5)")


def main(argv: list[str]) -> int:
    if "--time" in argv:
        time_reads([Path(a) for a in argv if not a.startswith("--")])
        return 0
    verbose = "--verbose" in argv
    dirs = [Path(a) for a in argv if not a.startswith("--")] or [
        *([CORPUS] if CORPUS.exists() else []), ROOT / "tests" / "images"]
    measured = []
    for path, truth in shots(dirs):
        if "--dev" in argv and truth["client"] not in DEVELOPED_ON:
            continue
        shot = measure(path, truth, "--no-copies" not in argv)
        measured.append(shot)
        if (verbose or not shot.exact) and (shot.client in DEVELOPED_ON or "--show-unseen" in argv):
            print(f"{path.parent.name}/{path.name}: {shot.right}/{shot.cells} cells, min confidence "
                  f"{shot.min_conf:.2f}{', ' + shot.refused if shot.refused else ''}; "
                  f"wrong (row, col, truth, read, confidence): {shot.wrong[:8]}", flush=True)
    clients = sorted({s.client for s in measured})
    print(f"\n{'client':40} {'seen':>6} {'shots':>5} {'thr':>5} {'cells right':>9} {'exact':>7} {'sure':>5} "
          f"{'s&w':>4} {'copies s&w':>10}")
    totals = [0, 0, 0, 0, 0, 0, 0]
    for client in clients:
        mine = [s for s in measured if s.client == client]
        threshold = tuned([s for s in measured if s.client != client])
        cells = sum(s.cells for s in mine)
        right = sum(s.right for s in mine)
        exact = sum(s.exact for s in mine)
        sure = sum(s.min_conf >= threshold and not s.refused for s in mine)
        wrong = [sure_wrong(s, threshold) for s in mine]
        own, copies = sum(w[0] for w in wrong), sum(w[1] for w in wrong)
        for k, v in enumerate((len(mine), cells, right, exact, sure, own, copies)):
            totals[k] += v
        seen = "dev" if client in DEVELOPED_ON else "unseen"
        print(f"{client:40} {seen:>6} {len(mine):5} {threshold:5.2f} {100 * right / cells:8.2f}% "
              f"{100 * exact / len(mine):6.1f}% {sure:5} {own:4} {copies:10}")
    n, cells, right, exact, sure, own, copies = totals
    print(f"{'all (each client at its left-out threshold)':40} {'':>6} {n:5} {'':>5} {100 * right / cells:8.2f}% "
          f"{100 * exact / n:6.1f}% {sure:5} {own:4} {copies:10}")
    print("targets on left-out clients: cells >= 99.5%, exact >= 95%, sure-and-wrong (s&w) 0, copies s&w 0")
    missing = [c for c in DESKTOP if c not in clients]
    if missing:
        print(f"desktop programs with no screenshot here: {', '.join(missing)} (made by bench/screens/)")
    for s in measured:
        if any(low >= tuned([o for o in measured if o.client != s.client]) and not right for _, right, low in s.copies):
            bad = [how for how, right, low in s.copies if not right and low >= 0.5]
            if s.client in DEVELOPED_ON or "--show-unseen" in argv:
                print(f"copy sure and wrong: {s.path.parent.name}/{s.path.name} {bad}")
    totals_read = [s for s in measured if s.total is not None]
    print(f"total from a mine counter: {len(totals_read)} of {len(measured)} screenshots, "
          f"{sum(s.total == s.mines for s in totals_read)} right")
    for s in totals_read:
        if s.total != s.mines:
            where = f"{s.path.parent.name}/{s.path.name}" if s.client in DEVELOPED_ON or "--show-unseen" in argv else (
                f"a screenshot of {s.client} (unseen)")
            print(f"  wrong total: {where}: read {s.total}, truth {s.mines}")
    overlays = [s for s in measured if "overlay" in s.client]
    if overlays:
        print(f"overlay hint given: {sum(s.note for s in overlays)} of {len(overlays)} screenshots with an overlay; "
              f"{sum(s.note for s in measured if 'overlay' not in s.client)} hints on the "
              f"{len(measured) - len(overlays)} others")
    experts = [s for s in measured if len(s.rows) == 16 and len(s.rows[0]) == 30 and not s.refused]
    if experts:
        biggest = max(experts, key=lambda s: Image.open(s.path).size[0] * Image.open(s.path).size[1])
        with Image.open(biggest.path) as image:
            width, height, data = load(image)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            read_image(width, height, data)
            times.append(time.perf_counter() - start)
        print(f"expert board {biggest.path.parent.name}/{biggest.path.name} ({width}x{height} px): "
              f"{statistics.median(times) * 1000:.0f} ms per read in CPython (median of 3); slowest read of the set "
              f"{max(s.seconds for s in measured) * 1000:.0f} ms")
        if "--pyodide" in argv:
            with tempfile.TemporaryDirectory() as tmp:
                rgba = Path(tmp) / "image.rgba"
                rgba.write_bytes(data)
                script = Path(tmp) / "read.mjs"
                script.write_text(NODE_SCRIPT)
                done = subprocess.run(["node", str(script), str(ROOT), str(rgba), str(width), str(height)],
                                      capture_output=True, text=True, timeout=600, env=dict(os.environ))
                print("in Pyodide: " + (done.stdout.strip() or done.stderr.strip()[-500:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
