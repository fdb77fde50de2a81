"""Paired comparison of advisor variations, fast: replay the baseline's games and think only at guesses.

    python bench/paired.py record --level expert --seed S --games N --out BASE.jsonl
    python bench/paired.py compare BASE.jsonl [--set NAME=VALUE ...] [--results FILE]
    (both: [--jobs 2] [--runner dask|pool] [--scheduler ADDRESS])

`record` plays the unchanged advisor and stores, per game, its moves (the safe cells opened, or
the guess) and the result.  `compare` replays each game with constants overridden (`--set`: on
minesat.play.advice, or on minesat.play.fifty for the 50/50 geometry's, where each is defined): safe moves
are the same for every variation (all surely safe cells), so only at the baseline's guesses is
the variation asked; while it agrees the game follows the record, from the first different guess
on it is played live.  Prints the wins of each, the games that differ, and the sign test
z = (a - b) / sqrt(a + b).

The games are tasks of `runner.py` (a Dask LocalCluster of --jobs processes by default).  `record`
appends each game to BASE as it finishes (one JSON line; the pickles of before are still read by
`compare`), `compare` each replay to `--results FILE`; given the same file again, either plays
only the games not yet in it.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import runner
from bench_play import configure, milliseconds, parse_overrides
from minesat.play import advice
from minesat.play.game import Game

FIRST = {"classic": (0, 0), "zero": (3, 3)}


def live(game: Game, times: list[float]) -> None:
    while game.state == "playing":
        start = time.perf_counter()
        a = advice.advise(game.board())
        times.append(time.perf_counter() - start)
        for cell in a.safe_cells or [a.move]:
            game.open(cell)


def record(level: str, rule: str, seed: int) -> tuple[bool, list]:
    game = Game.new(level, seed, rule)
    game.open(FIRST[rule])
    steps = []
    while game.state == "playing":
        a = advice.advise(game.board())
        steps.append((not a.safe, a.safe_cells or [a.move]))
        for cell in a.safe_cells or [a.move]:
            game.open(cell)
    return game.state == "won", steps


def replay(level: str, rule: str, seed: int, steps: list, times: list[float]) -> tuple[bool, bool]:
    """(won, diverged)."""
    game = Game.new(level, seed, rule)
    game.open(FIRST[rule])
    for guess, cells in steps:
        if guess:
            start = time.perf_counter()
            a = advice.advise(game.board())
            times.append(time.perf_counter() - start)
            if a.safe or a.move != cells[0]:
                for cell in a.safe_cells or [a.move]:
                    game.open(cell)
                live(game, times)
                return game.state == "won", True
        for cell in cells:
            game.open(cell)
    return game.state == "won", False


def record_game(task: tuple[str, str, int]) -> dict:
    """One game of the advisor as it is: {"won", "steps": [[guess, [[row, col], ...]], ...]}."""
    won, steps = record(*task)
    return {"won": won, "steps": [[guess, [list(cell) for cell in cells]] for guess, cells in steps]}


def compare_game(task: tuple[str, str, int, list]) -> dict:
    """One recorded game replayed by the variation: {"won", "diverged", "ms": its guesses' times}."""
    level, rule, seed, steps = task
    times: list[float] = []
    won, diverged = replay(level, rule, seed, [(guess, [tuple(c) for c in cells]) for guess, cells in steps], times)
    return {"won": won, "diverged": diverged, "ms": milliseconds(times)}


def load_base(path: str) -> dict:
    """A `record` file: {"level", "rule", "games": {seed: (won, steps)}}; also the pickles of before."""
    data = Path(path).read_bytes()
    if data.startswith(b"\x80"):
        return pickle.loads(data)  # type: ignore[no-any-return,unused-ignore]
    lines = data.decode().splitlines()
    run = json.loads(lines[0])["run"] if lines else {}
    if run.get("script") != "paired record":
        raise SystemExit(f"{path} is not a file of `paired.py record`")
    games = {}
    for line in lines[1:]:
        if line.endswith("}"):  # a last line cut short by a stop is left out
            game = json.loads(line)
            games.setdefault(game["key"], (game["result"]["won"], game["result"]["steps"]))
    return {"level": run["level"], "rule": run["rule"], "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("base", nargs="?")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rule", default="classic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--out", help="record: the games, one JSON line each as it finishes (resumed when it exists)")
    parser.add_argument("--set", action="append", default=[])
    runner.add_options(parser)
    args = parser.parse_args(argv)
    overrides = parse_overrides(args.set)
    start = time.time()
    if args.mode == "record":
        if not args.out:
            parser.error("record needs --out FILE")
        args.results = args.out
        header = {"script": "paired record", "level": args.level, "rule": args.rule, "set": overrides}
        tasks = [(args.level, args.rule, seed) for seed in range(args.seed, args.seed + args.games)]
        results = runner.run(record_game, tasks, lambda task: task[2], runner.options(args), header,
                             configure, overrides)
        games = {seed: result["won"] for seed, result, _ in results}
        won = sum(games.values())
        print(f"recorded {len(games)} {args.level} {args.rule} games from seed {args.seed}: "
              f"{won} won ({100 * won / len(games):.2f}%), {time.time() - start:.0f} s")
        return 0
    base = load_base(args.base)
    header = {"script": "paired compare", "base": str(Path(args.base).resolve()), "set": overrides}
    outcomes = compare(base, runner.options(args), header, compare_game, configure, overrides)
    print(summary(" ".join(args.set) or "baseline", base, outcomes, time.time() - start))
    return 0


def compare(base: dict, opts: runner.Options, header: dict, game: Callable[[Any], dict],
            setup: Callable[[Any], None], shared: Any) -> dict[int, dict]:
    """Every game of `base` replayed by `game` on the runner: {seed: its result}."""
    tasks = [(base["level"], base["rule"], seed, steps) for seed, (_, steps) in sorted(base["games"].items())]
    return {seed: result for seed, result, _ in runner.run(game, tasks, lambda task: task[2], opts, header,
                                                           setup, shared)}


def summary(label: str, base: dict, outcomes: dict[int, dict], seconds: float) -> str:
    """The wins of each, the games only one of them won, the sign test, the guesses' times."""
    a = b = diverged = base_won = var_won = 0
    times: list[float] = []
    for seed, (won, _) in base["games"].items():
        w = outcomes[seed]["won"]
        diverged += outcomes[seed]["diverged"]
        times += outcomes[seed]["ms"]
        base_won += won
        var_won += w
        a += w and not won
        b += won and not w
    n = len(base["games"])
    z = (a - b) / math.sqrt(a + b) if a + b else 0.0
    times.sort()
    med = times[len(times) // 2] if times else 0
    worst = times[-1] if times else 0
    return (f"{label}: {base['level']} {base['rule']} {n} games "
            f"{min(base['games'])}..{max(base['games'])}: base {base_won} ({100 * base_won / n:.2f}%), "
            f"variant {var_won} ({100 * var_won / n:.2f}%), diverged {diverged}, variant-only wins {a}, "
            f"base-only wins {b}, z = {z:+.2f}; guess-time median {med:.1f} ms worst {worst:.0f} ms; "
            f"{seconds:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
