"""Play strength: games won by always playing the advice, against the plain policy (not a test).

    python bench/bench_play.py [--levels beginner,intermediate,expert] [--rules classic,zero]
                               [--games N] [--policies best,plain] [--jobs 2] [--seed S]
                               [--results FILE] [--runner dask|pool] [--scheduler ADDRESS]
    python bench/bench_play.py --no-guess [--levels ...] [--rules ...] [--games N] [--pyodide]
    python bench/bench_play.py --review [--rules ...] [--games N] [--pyodide]

Game i of a level and rule set uses seed S + i for both policies (paired).  Classic: the mines
are placed after the first click, which is safe, at the top-left corner; zero: the first click,
at row 3, column 3 (0-based), always opens a zero.  A move is one call of the policy on the
visible board: `best` is `minesat.play.advice.advise` (when it finds surely safe cells, all of them are
opened: the same game as opening them one advice at a time); `plain` opens every surely safe cell,
otherwise the cell with the lowest mine probability (first in row-major order on ties).  Prints,
per level, rule set and policy: games won / played, the win rate with its 95% Wilson interval,
and the median and worst time per move.  The games are tasks of `runner.py`: on a Dask
LocalCluster of --jobs processes, or a running cluster (`--scheduler`), or a process pool; with
`--results FILE` each game's result and move times are appended to FILE as it finishes, and a
run given the same FILE again plays only the games not in it.

`--no-guess` times no-guess boards instead (`minesat.play.generate`, seed S + i, the same first
clicks): per level and rule, boards per second, tries per board, median, 90th percentile and
worst time per board.  `--review` times `minesat.play.review` of --games expert games per rule played by
the advisor one cell per move, won and lost ones apart (games, median moves, and the median, 90th
percentile and worst seconds per review, with the seed of the slowest game).  `--pyodide` also
runs them in Pyodide under Node.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import time

import runner
from minesat.counting import LayoutSpace
from minesat.play.advice import advise
from minesat.play.game import LEVELS, Game
from minesat.play.generate import generate
from minesat.play.review import GameRecord, review

FIRST = {"classic": (0, 0), "zero": (3, 3)}


def plain_moves(board) -> list:
    """Every surely safe cell, else the one lowest-probability cell."""
    space = LayoutSpace(board)
    closed = [c for c in board.hidden if board[c] == "?"]
    safe = [c for c in closed if space.mine_counts[c] == 0]
    return safe or [min(closed, key=lambda c: (space.mine_counts[c], c))]


def best_moves(board) -> list:
    advice = advise(board)
    return advice.safe_cells or [advice.move]


POLICIES = {"best": best_moves, "plain": plain_moves}


def parse_overrides(items: list[str]) -> dict[str, int | float]:
    """{NAME: value} from `--set NAME=VALUE` items (a float when the value has "." or "e")."""
    out: dict[str, int | float] = {}
    for item in items:
        name, _, value = item.partition("=")
        out[name] = float(value) if "." in value or "e" in value else int(value)
    return out


def configure(overrides: dict) -> None:
    """Set tuning constants of minesat.play.advice or minesat.play.fifty (the module that defines each) in a
    worker, every other constant as its module defines it: a worker of a cluster that plays one
    run after another gets each run's constants, not the sum of them.  The constants as defined
    are kept beside them, in minesat.play.advice (a cluster's worker reloads this file for each run)."""
    from minesat.play import advice, fifty
    defaults = advice.__dict__.setdefault("_BENCH_DEFAULTS", {})
    for (module, name), value in defaults.items():
        setattr(module, name, value)
    for name, value in overrides.items():
        module = next((m for m in (advice, fifty) if hasattr(m, name)), None)
        if module is None:
            raise SystemExit(f"minesat.play.advice and minesat.play.fifty have no constant {name}")
        defaults.setdefault((module, name), getattr(module, name))
        setattr(module, name, value)


def milliseconds(times: list[float]) -> list[float]:
    """Seconds as milliseconds to the hundredth, as the results files keep them."""
    return [round(1000 * t, 2) for t in times]


def play(task: tuple[str, str, str, int]) -> dict:
    """Play one game: {"won": whether it was won, "ms": milliseconds per move}."""
    level, rule, policy, seed = task
    game = Game.new(level, seed, rule)
    game.open(FIRST[rule])
    times = []
    move = POLICIES[policy]
    while game.state == "playing":
        start = time.perf_counter()
        cells = move(game.board())
        times.append(time.perf_counter() - start)
        for cell in cells:
            game.open(cell)
    return {"won": game.state == "won", "ms": milliseconds(times)}


def no_guess_board(task: tuple[str, str, int]) -> dict:
    """Draw one no-guess board: {"tries", "seconds"}."""
    level, rule, seed = task
    rows, cols, mines = LEVELS[level]
    start = time.perf_counter()
    made = generate(rows, cols, mines, FIRST[rule], rule, seed, no_guess=True)
    return {"tries": made.tries, "seconds": time.perf_counter() - start}


def bench_no_guess(args: argparse.Namespace, levels: list[str], rules: list[str]) -> int:
    """Per level and rule: boards per second, tries per board, median and worst time per board."""
    keys = [(level, rule) for level in levels for rule in rules]
    tasks = [(*key, args.seed + i) for key in keys for i in range(args.games)]
    tries: dict = {key: [] for key in keys}
    times: dict = {key: [] for key in keys}
    start = time.time()
    opts = runner.options(args)
    header = {"script": "bench_play --no-guess"}
    for (level, rule, _), result, _ in runner.run(no_guess_board, tasks, list, opts, header):
        tries[level, rule].append(result["tries"])
        times[level, rule].append(result["seconds"])
    no_guess_table(f"no-guess boards: {args.games} per row, seeds {args.seed}..{args.seed + args.games - 1}, "
                   f"{opts.scheduler or f'{args.jobs} processes'} ({opts.runner}), {time.time() - start:.0f} s; "
                   f"first click {FIRST}", keys, tries, times)
    if args.pyodide:
        got = in_pyodide([[*key, FIRST[key[1]], seed] for key, seed, *_ in tasks_of(keys, args)], [])
        if got:
            tries = {key: [] for key in keys}
            times = {key: [] for key in keys}
            for level, rule, n, spent in got["boards"]:
                tries[level, rule].append(n)
                times[level, rule].append(spent)
            no_guess_table(f"the same boards in Pyodide {got['python']} under Node, one process", keys, tries, times)
    return 0


def tasks_of(keys: list, args: argparse.Namespace) -> list:
    return [(key, args.seed + i) for key in keys for i in range(args.games)]


# Run after suites.PYODIDE_ENGINE (imported where it runs: suites needs tests/ on the path).
PYODIDE_SCRIPT = r"""
const [_boards, taskJson] = rest;
pyodide.globals.set("TASK", readFileSync(taskJson, "utf8"));
console.log(pyodide.runPython(`
import json, sys, time
from minesat.play.game import LEVELS
from minesat.play.generate import generate
from minesat.play.review import GameRecord, review
task = json.loads(TASK)
boards = []
for level, rule, first, seed in task["no_guess"]:
    start = time.perf_counter()
    made = generate(*LEVELS[level], tuple(first), rule, seed, no_guess=True)
    boards.append([level, rule, made.tries, time.perf_counter() - start])
reviews = []
for record in task["reviews"]:
    start = time.perf_counter()
    review(GameRecord.from_json(record), pycosat)
    reviews.append(time.perf_counter() - start)
json.dumps({"python": sys.version.split()[0], "boards": boards, "reviews": reviews})
`));
"""


def in_pyodide(no_guess: list, reviews: list) -> dict | None:
    """The no-guess boards' (level, rule, tries, seconds) and the reviews' seconds in Pyodide under
    Node, or None without Node or Pyodide."""
    import json
    import tempfile

    from suites import PYODIDE_ENGINE, run_in_pyodide
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump({"no_guess": no_guess, "reviews": reviews}, f)
        f.flush()
        return run_in_pyodide(PYODIDE_ENGINE + PYODIDE_SCRIPT, [], f.name, timeout=3600)


def no_guess_table(title: str, keys: list, tries: dict, times: dict) -> None:
    print(title)
    print(f"{'level':13} {'rule':8} {'boards/s':>9} {'tries mean':>11} {'tries median':>13} {'tries max':>10} "
          f"{'median ms':>10} {'p90 ms':>8} {'worst ms':>9}")
    for key in keys:
        t, n = sorted(times[key]), sorted(tries[key])
        print(f"{key[0]:13} {key[1]:8} {len(t) / sum(t):9.1f} {sum(n) / len(n):11.2f} {n[len(n) // 2]:13d} "
              f"{n[-1]:10d} {1000 * t[len(t) // 2]:10.1f} {1000 * t[int(0.9 * (len(t) - 1))]:8.1f} "
              f"{1000 * t[-1]:9.1f}")


def recorded_game(task: tuple[str, str, int]) -> dict:
    """The game record of the advisor's play (one cell per move), won or lost: {"won", "record"}."""
    level, rule, seed = task
    game = Game.new(level, seed, rule)
    moves = [[*FIRST[rule], "open"]]
    game.open(FIRST[rule])
    while game.state == "playing":
        cell = advise(game.board()).move
        moves.append([*cell, "open"])
        game.open(cell)
    assert game.mine_cells is not None
    return {"won": game.state == "won", "record": {"rows": game.rows, "cols": game.cols,
            "mines": [list(m) for m in sorted(game.mine_cells)], "moves": moves}}


def timed_review(record: dict) -> float:
    start = time.perf_counter()
    review(GameRecord.from_json(record))
    return time.perf_counter() - start


def bench_review(args: argparse.Namespace, rules: list[str]) -> int:
    """Time `review` of expert games played by the advisor one cell at a time, won and lost apart."""
    print(f"review of expert games played by the advisor, one cell per move: {args.games} per rule, seeds "
          f"{args.seed}..{args.seed + args.games - 1}; seconds per game")
    opts = dataclasses.replace(runner.options(args), results=None)
    print(f"{'rule':8} {'games':>9} {'moves':>6} {'python':>16} {'median':>7} {'p90':>6} {'worst':>6} {'(seed)':>7}")
    for rule in rules:
        games = [("expert", rule, args.seed + i) for i in range(args.games)]
        played = [r for _, r, _ in sorted(runner.run(recorded_game, games, list, opts, {}))]
        records = [r["record"] for r in played]
        index = {id(r): i for i, r in enumerate(records)}
        times = {i: t for i, t, _ in runner.run(timed_review, records, lambda r: index[id(r)], opts, {})}
        by_python = {"CPython": [times[i] for i in range(len(records))]}
        if args.pyodide:
            got = in_pyodide([], records)
            if got:
                by_python[f"Pyodide {got['python']}"] = got["reviews"]
        for won, name in ((True, "won"), (False, "lost"), (None, "all")):
            chosen = [i for i, r in enumerate(played) if won is None or r["won"] == won]
            if not chosen:
                continue
            moves = sorted(len(records[i]["moves"]) for i in chosen)
            for python, seconds in by_python.items():
                t = sorted(seconds[i] for i in chosen)
                slowest = args.seed + max(chosen, key=lambda i: seconds[i])
                print(f"{rule:8} {f'{len(t)} {name}':>9} {moves[len(moves) // 2]:6d} {python:>16} "
                      f"{t[len(t) // 2]:7.2f} {t[int(0.9 * (len(t) - 1))]:6.2f} {t[-1]:6.2f} {f'({slowest})':>7}")
    return 0


def wilson(won: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not n:
        return 0.0, 1.0
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--rules", default="classic,zero")
    parser.add_argument("--policies", default="best,plain")
    parser.add_argument("--games", type=int, default=100, help="games per level, rule set and policy")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    runner.add_options(parser, jobs=min(2, os.cpu_count() or 1))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override a tuning constant of minesat.play.advice or minesat.play.fifty "
                             "(for experiments)")
    parser.add_argument("--no-guess", action="store_true",
                        help="instead: time no-guess board generation (--games boards per level and rule)")
    parser.add_argument("--review", action="store_true",
                        help="instead: time the review of --games expert games per rule played by the advisor")
    parser.add_argument("--pyodide", action="store_true", help="with --no-guess or --review: in Pyodide (Node) too")
    args = parser.parse_args(argv)
    if args.no_guess:
        return bench_no_guess(args, args.levels.split(","), args.rules.split(","))
    if args.review:
        return bench_review(args, args.rules.split(","))
    overrides = parse_overrides(args.set)
    keys = [(level, rule, policy) for level in args.levels.split(",") for rule in args.rules.split(",")
            for policy in args.policies.split(",")]
    for level, rule, policy in keys:
        if level not in LEVELS or rule not in FIRST or policy not in POLICIES:
            parser.error(f"unknown level, rule or policy in {level}/{rule}/{policy}")
    tasks = [(*key, args.seed + i) for i in range(args.games) for key in keys]
    won = dict.fromkeys(keys, 0)
    played = dict.fromkeys(keys, 0)
    times: dict = {key: [] for key in keys}
    slowest = dict.fromkeys(keys, (0.0, -1))  # (worst time per move, seed of its game)
    start = time.time()
    opts = runner.options(args)
    header = {"script": "bench_play", "set": overrides}
    now = 0
    for (level, rule, policy, seed), result, fresh in runner.run(play, tasks, list, opts, header, configure, overrides):
        key = level, rule, policy
        now += fresh
        won[key] += result["won"]
        played[key] += 1
        times[key] += result["ms"]
        slowest[key] = max(slowest[key], (max(result["ms"], default=0.0), seed))
    where = opts.scheduler or f"{opts.jobs} processes ({'a Dask LocalCluster' if opts.runner == 'dask' else 'a pool'})"
    print(f"{args.games} games per row, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{now} played now on {where}{f', {len(tasks) - now} from {args.results}' if args.results else ''}, "
          f"{time.time() - start:.0f} s "
          f"({opts.startup:.1f} s to start the workers)")
    print(f"{'level':13} {'rule':8} {'policy':6} {'won/played':>12} {'win rate':>9} {'95% CI':>17} "
          f"{'median ms':>10} {'worst ms':>9} {'(seed)':>7}")
    for key in keys:
        n, w, t = played[key], won[key], sorted(times[key])
        lo, hi = wilson(w, n)
        median = t[len(t) // 2] if t else 0.0
        worst = t[-1] if t else 0.0
        worst_seed = slowest[key][1]
        print(f"{key[0]:13} {key[1]:8} {key[2]:6} {f'{w}/{n}':>12} {100 * w / n:8.2f}% "
              f"{f'[{100 * lo:.2f}, {100 * hi:.2f}]%':>17} {median:10.2f} {worst:9.1f} {f'({worst_seed})':>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
