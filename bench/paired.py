"""Paired comparison of advisor variations, fast: replay the baseline's games and think only at guesses.

    python bench/paired.py record --level expert --seed S --games N --out BASE.pkl
    python bench/paired.py compare BASE.pkl [--set NAME=VALUE ...]

`record` plays the unchanged advisor and stores, per game, its moves (the safe cells opened, or
the guess) and the result.  `compare` replays each game with constants overridden (`--set`: on
minesat.advice, or on minesat.fifty for the 50/50 geometry's, where each is defined): safe moves
are the same for every variation (all surely safe cells), so only at the baseline's guesses is
the variation asked; while it agrees the game follows the record, from the first different guess
on it is played live.  Prints the wins of each, the games that differ, and the sign test
z = (a - b) / sqrt(a + b).
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time

from bench_play import configure, parse_overrides
from minesat import advice
from minesat.game import Game

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("base", nargs="?")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rule", default="classic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--out")
    parser.add_argument("--set", action="append", default=[])
    args = parser.parse_args(argv)
    configure(parse_overrides(args.set))
    start = time.time()
    if args.mode == "record":
        games = {}
        for seed in range(args.seed, args.seed + args.games):
            games[seed] = record(args.level, args.rule, seed)
        with open(args.out, "wb") as f:
            pickle.dump({"level": args.level, "rule": args.rule, "games": games}, f)
        won = sum(w for w, _ in games.values())
        print(f"recorded {len(games)} {args.level} {args.rule} games from seed {args.seed}: "
              f"{won} won ({100 * won / len(games):.2f}%), {time.time() - start:.0f} s")
        return 0
    with open(args.base, "rb") as f:
        data = pickle.load(f)
    times: list[float] = []
    a = b = diverged = 0
    base_won = var_won = 0
    diff = []
    for seed, (won, steps) in sorted(data["games"].items()):
        w, d = replay(data["level"], data["rule"], seed, steps, times)
        diverged += d
        base_won += won
        var_won += w
        if w and not won:
            a += 1
            diff.append(f"+{seed}")
        elif won and not w:
            b += 1
            diff.append(f"-{seed}")
    n = len(data["games"])
    z = (a - b) / math.sqrt(a + b) if a + b else 0.0
    times.sort()
    med = times[len(times) // 2] * 1000 if times else 0
    worst = times[-1] * 1000 if times else 0
    print(f"{' '.join(args.set) or 'baseline'}: {data['level']} {data['rule']} {n} games "
          f"{min(data['games'])}..{max(data['games'])}: base {base_won} ({100 * base_won / n:.2f}%), "
          f"variant {var_won} ({100 * var_won / n:.2f}%), diverged {diverged}, variant-only wins {a}, "
          f"base-only wins {b}, z = {z:+.2f}; guess-time median {med:.1f} ms worst {worst:.0f} ms; "
          f"{time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
