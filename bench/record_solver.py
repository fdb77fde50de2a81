"""The record solver's own moves on our games: JSMinesweeper (DavidNHill), run under Node.

    git clone https://github.com/DavidNHill/JSMinesweeper /tmp/JSMinesweeper
    git -C /tmp/JSMinesweeper checkout d8ff392543623c77e72b34e437ff30d68ca7178a
    .venv/bin/python bench/run.py record_solver.py /tmp/JSMinesweeper BASE [--open N | --after N] [--set ...]
        [--results FILE] [--jobs 2] [--runner dask|pool] [--scheduler ADDRESS]

Replays a `paired.py record` file (`BASE`) the way `paired.py compare` does, but at every
guess the move is the record solver's (the JavaScript build of the solver that holds the
published record), asked through a Node process of each game's own: the board is sent as rows of
`?` and digits with the total of mines, the solver answers with the cell it would open.  With
`--open N` it is asked only while at most N cells are open (the opening), and `advice.py`
plays the rest; with `--after N` only once more than N cells are open (its end game after our
opening and middle game).  Prints `paired.py`'s line: the baseline's wins, the record solver's, the
games only one of them won.

Nothing of the record solver is copied into this project: its source files are read from the
checkout named on the command line and joined, in memory, with the few browser globals they
expect (stubbed below) and a driver that reads one board per line.  The games run on
`runner.py` (Dask by default): the joined script goes to each worker once, so a cluster's
workers need Node but not the checkout.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import paired
import runner
from bench_play import configure, parse_overrides
from minesat.board import FLAG, HIDDEN, Board
from minesat.counting import LayoutSpace
from minesat.play import advice

COMMIT = "d8ff392543623c77e72b34e437ff30d68ca7178a"  # the checkout measured in bench/README.md
FILES = ["Utility/Binomial.js", "Utility/PrimeSieve.js", "client/Board.js", "client/Tile.js",
         "client/solver_probability_engine.js", "client/solver_main.js", "client/BruteForceAnalysis.js",
         "client/Brute_force.js", "client/FiftyFiftyHelper.js", "client/LongTermRiskHelper.js",
         "client/EfficiencyHelper.js", "client/SolutionCounter.js"]

# What the solver's files expect of the page (main.js and the DOM), stubbed.
GLOBALS = """
const BOMB = 9, HIDDEN = 10, FLAGGED = 11, FLAGGED_WRONG = 12, EXPLODED = 13, SKULL = 14, START = 15, MINUS = 10;
const MAX_BINOMIAL_N = 65000, ACTION_CLEAR = 1, ACTION_FLAG = 2, ACTION_CHORD = 3;
var guessAnalysisPruning = true, analysisMode = false, binomialCache, window = {};
var document = { getElementById: () => ({ checked: false, value: 0, style: {}, innerHTML: "" }) };
function showMessage(m) {}
function sleep(ms) { return Promise.resolve(); }
"""

# One board per line in (JSON: mines, rows); one answer per line out, marked, since the solver logs too.
DRIVER = """
const readline = require("readline");
async function main() {
  await solver();
  binomialCache = new BinomialCache(5000, 500, new Binomial(1000, 500));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [mines, rows] = JSON.parse(line);
    board = new Board(0, rows[0].length, rows.length, mines, 0, "safe");
    rows.forEach((row, y) => [...row].forEach((ch, x) => {
      if (ch >= "0" && ch <= "8") board.getTileXY(x, y).setValue(Number(ch));
    }));
    const reply = await solver(board, { playStyle: PLAY_STYLE_NOFLAGS, verbose: false,
                                        advancedGuessing: true, fullProbability: true, hardcore: false });
    const action = reply.actions[0];
    process.stdout.write("@move " + JSON.stringify(action ? [action.y, action.x] : null) + "\\n");
  }
}
main();
"""


class RecordSolver:
    """The record solver in a Node process: `move(board)` is the cell it would open."""

    def __init__(self, script: str):
        self.script = Path(tempfile.mkdtemp()) / "record_solver.js"
        self.script.write_text(script)
        self.process: subprocess.Popen[str] | None = None
        self.asked = self.failed = 0

    def restart(self) -> None:
        """End its Node process, if one runs: the next question starts a fresh one."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def move(self, board: Board) -> tuple[int, int] | None:
        """Its move, or None when it gives none (or its process died: it is started again)."""
        if self.process is None:
            self.process = subprocess.Popen(["node", str(self.script)], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdin and self.process.stdout
        rows = ["".join(board.cells[r * board.cols:(r + 1) * board.cols]).replace(FLAG, HIDDEN)
                for r in range(board.rows)]
        self.process.stdin.write(json.dumps([board.mines, rows]) + "\n")
        self.process.stdin.flush()
        self.asked += 1
        for line in self.process.stdout:
            if line.startswith("@move "):
                answer = json.loads(line[6:])
                return tuple(answer) if answer else None
        self.process, self.failed = None, self.failed + 1
        return None


def joined(checkout: Path) -> str:
    """The Node script: the stubs, the solver's files from the checkout, the driver."""
    missing = [name for name in FILES if not (checkout / "Minesweeper" / name).is_file()]
    if missing:
        raise SystemExit(f"{checkout} is no JSMinesweeper checkout (no Minesweeper/{missing[0]}): "
                         f"git clone https://github.com/DavidNHill/JSMinesweeper {checkout} && "
                         f"git -C {checkout} checkout {COMMIT}")
    return GLOBALS + "\n".join((checkout / "Minesweeper" / name).read_text() for name in FILES) + DRIVER


# A worker's record solver (the script, its Node process) and the run's --open and --after; games in one
# process take turns (one solver process at a time, and advice.advise is swapped for a game's length).
WORKER: dict = {"solver": None, "digest": None, "open": None, "after": None}
TURN = threading.Lock()


def start_worker(shared: dict) -> None:
    """Set the run's constants; start the record solver unless this worker runs the same script."""
    configure(shared["set"])
    digest = hashlib.sha256(shared["script"].encode()).hexdigest()
    if WORKER["digest"] != digest:
        WORKER.update(solver=RecordSolver(shared["script"]), digest=digest)
    WORKER["open"], WORKER["after"] = shared["open"], shared.get("after")


def solver_game(task: tuple) -> dict:
    """One recorded game replayed with the record solver's guesses: `paired.compare_game`'s result
    and how often the solver was asked, chose differently, failed."""
    with TURN:
        record, opening, after, ours = WORKER["solver"], WORKER["open"], WORKER["after"], advice.advise
        # A fresh Node process for each game that asks it: its answers depend on the boards it saw
        # before (one game went differently after other games than alone), so they must not
        # depend on which games a worker played first.
        record.restart()
        asked, failed, changed = record.asked, record.failed, 0

        def advise(board: Board, space: LayoutSpace | None = None) -> advice.Advice:
            nonlocal changed
            a = ours(board, space)
            opened = len(board.cells) - len(board.hidden)
            if a.safe or (opening is not None and opened > opening) or (after is not None and opened <= after):
                return a
            cell = record.move(board)
            if cell is None or cell == a.move or board[cell] != HIDDEN:
                return a
            changed += 1
            space = space or LayoutSpace(board)
            return advice.Advice(cell, False, space.mine_counts[cell] / space.count, "record solver")

        advice.advise = advise
        try:
            result = paired.compare_game(task)
        finally:
            advice.advise = ours
        return {**result, "asked": record.asked - asked, "changed": changed, "failed": record.failed - failed}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", help=f"a JSMinesweeper checkout (commit {COMMIT})")
    parser.add_argument("base", help="a `paired.py record` file")
    parser.add_argument("--open", type=int, metavar="N",
                        help="ask the record solver only while at most N cells are open")
    parser.add_argument("--after", type=int, metavar="N",
                        help="ask the record solver only once more than N cells are open")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    runner.add_options(parser)
    args = parser.parse_args(argv)
    start = time.time()
    opts = runner.options(args)
    script = joined(Path(args.checkout))
    base = paired.load_base(args.base)
    overrides = parse_overrides(args.set)
    header = {"script": "record_solver", "base": str(Path(args.base).resolve()), "open": args.open, "set": overrides}
    if args.after is not None:
        header["after"] = args.after
    shared = {"script": script, "open": args.open, "after": args.after, "set": overrides}
    outcomes = paired.compare(base, opts, header, solver_game, start_worker, shared)
    print(paired.summary(" ".join(args.set) or "record solver", base, outcomes, time.time() - start))
    print(f"record solver asked at {sum(o['asked'] for o in outcomes.values())} guesses, chose differently at "
          f"{sum(o['changed'] for o in outcomes.values())}, failed {sum(o['failed'] for o in outcomes.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
