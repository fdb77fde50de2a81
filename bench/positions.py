"""Move by move: at our own guesses, the other solver's move and ours, both valued on the position.

    .venv/bin/python bench/run.py positions.py BASE.jsonl --other /tmp/JSMinesweeper|plain|rollout [--after N]
        [--upto N] [--exact 20000] [--samples 100] [--width 4] [--results FILE] [--jobs 2] [--runner dask|pool]
        [--scheduler ADDRESS]

Game results are a noisy measure of play: two solvers that choose differently at one guess in
ten need tens of thousands of games to be told apart, since a different guess changes the
result of few games, and which ones is chance.  This script values the guesses themselves.  For
each game of a `paired.py record` file it replays our moves and, at each of our guesses with
more than `--after` and at most `--upto` cells open, asks the other solver what it would open:
the record solver (`--other CHECKOUT`, a JSMinesweeper checkout, through `record_solver.py`: a
fresh Node process per game, asked at each of the game's positions in turn) or `--other plain`
(the lowest mine probability, `bench_play.plain_moves`: no Node needed).  Where the two moves
differ, both are valued on the same position:

- **exactly** when the position has at most `--exact` layouts: the chance of winning by opening
  the move and then playing best (`advice.TreeSearch` over every layout);
- otherwise by **play-outs**: `--samples` layouts drawn uniformly from the position's layouts
  (`LayoutSpace.sample`), the same layouts for both moves; on each, the move is opened and our
  advisor plays to the end.  A layout won after one move and lost after the other counts for
  that move.  The continuation is ours for both, so this values the choice of the move, not
  the other solver's later play.

Prints, per kind, the positions valued and the games their choices gain: its move's value minus
ours, summed (exact), or estimated as (its layouts - ours) / samples, summed, with the sign test
over the layouts only one move won.  Each game's positions go to `--results FILE` as it finishes.

`--other rollout` measures a **sampled look-ahead** instead of another solver: at each of our
look-ahead guesses, our move and the next `--width` - 1 candidates are each valued by `--samples`
survival draws (`survival_draw`: our advisor plays on from a layout drawn from the position, and
the draw is the product of its guesses' safety, so that draws vary far less than won-or-lost
play-outs), the same layouts for every candidate; the highest mean is the sampled choice.  It is
valued on as many other draws, which it never saw, against ours: the games it would gain, with
z, for a few margins by which another cell must lead ours to be chosen.  `--summarise RESULTS
--choose-by N --width W` prints a run's summary again as a run of N draws on W cells would have
chosen (by the first N of its valuing draws, valued on the others).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

import record_solver
import runner
from bench_play import configure, parse_overrides, plain_moves
from minesat.board import FLAG, HIDDEN, Board, Cell
from minesat.counting import LayoutSpace
from minesat.play import advice
from minesat.play.game import Game
from paired import FIRST, live, load_base

WORKER: dict = {"other": None, "after": 0, "upto": 10**9, "exact": 20_000, "samples": 100, "width": 4}


def guesses(level: str, rule: str, seed: int, steps: list, after: int, upto: int) -> list[Board]:
    """The positions of a recorded game at which we guessed, with more than `after` and at most
    `upto` cells open."""
    game = Game.new(level, seed, rule)
    game.open(FIRST[rule])
    out = []
    for guess, cells in steps:
        board = game.board()
        if guess and after < len(board.cells) - len(board.hidden) <= upto:
            out.append(board)
        for cell in cells:
            game.open(tuple(cell))
    return out


def exact_values(board: Board, space: LayoutSpace, moves: list[Cell], max_nodes: int) -> list[float] | None:
    """Each move's chance of winning by opening it and then playing best, or None when the
    search visits more than `max_nodes` sets of layouts."""
    layouts = space.layouts(0, space.count)
    search = advice.TreeSearch(board, layouts, [c for c in board.hidden if board[c] == HIDDEN], max_nodes)
    try:
        return [search.score(search.all, list(advice.outcome_masks(board, layouts, move)[1])) / space.count
                for move in moves]
    except advice._TooBig:
        return None


def game_at(board: Board, mines: frozenset[Cell]) -> Game:
    """A game at the position `board`, its mines in `mines` (one of the position's layouts)."""
    game = Game.with_mines(board.rows, board.cols, mines)
    game.opened.update(divmod(i, board.cols) for i, ch in enumerate(board.cells) if ch not in (HIDDEN, FLAG))
    return game


def played_out(board: Board, mines: frozenset[Cell], move: Cell) -> bool:
    """Whether opening `move` and then following our advisor wins, the mines being `mines`."""
    game = game_at(board, mines)
    game.open(move)
    live(game, [])
    return game.state == "won"


def sampled_values(board: Board, layouts: list[frozenset[Cell]], moves: tuple[Cell, Cell]) -> tuple[int, int]:
    """(layouts won after the first move only, after the second only), over `layouts`."""
    first = second = 0
    for mines in layouts:
        a, b = (played_out(board, mines, move) for move in moves)
        first += a and not b
        second += b and not a
    return first, second


def survival_draw(board: Board, space: LayoutSpace, move: Cell, mines: frozenset[Cell], rng: random.Random,
                  memo: dict | None = None) -> float:
    """One draw of the chance of winning by opening `move` and then following our advisor, the
    mines being `mines` (a layout drawn from `space`) as long as the guesses miss them (conditional
    Monte Carlo): the product of the safety of each guess along the way; where a guess is a mine
    of the layout, the layout is drawn again among those in which it is safe (so the layout stays
    one drawn from the layouts of the board seen, given the guess survived).  Its mean over layouts
    is the chance of winning; no draw ends in a mine, and draws for two moves from the same layout
    differ only where the moves lead to different numbers or guesses.  `memo` keeps our advice on
    the boards met, for the draws of one position: they meet the same boards often (the same
    draws, about twice as fast)."""
    memo = {} if memo is None else memo
    weight = 1.0
    while True:
        weight *= 1 - space.mine_counts[move] / space.count
        if not weight:
            return 0.0
        while move in mines:
            mines = space.sample(rng)
        game = game_at(board, mines)
        game.open(move)
        while game.state == "playing":
            board = game.board()
            if board.cells not in memo:
                space = LayoutSpace(board)
                memo[board.cells] = space, advice.advise(board, space)
            space, ours = memo[board.cells]
            if not ours.safe:
                move = ours.move
                break
            for cell in ours.safe_cells:
                game.open(cell)
        else:
            return weight


def rollout_cells(ours: advice.Advice, width: int) -> list[Cell]:
    """The sampled look-ahead's choices: our move and the next best living candidates, `width` in all."""
    return [ours.move, *[c.cell for c in ours.candidates if c.cell != ours.move and not c.dead][:width - 1]]


def rollout_position(board: Board, space: LayoutSpace, ours: advice.Advice, seed: int) -> dict:
    """The sampled look-ahead at one of our look-ahead guesses: each of `rollout_cells` valued by
    `samples` survival draws that choose (`select`, their means) and as many others that value the
    choice (`value`, each draw), draw k of every cell from the same random numbers, so that the
    choice is valued on draws it never saw."""
    cells = rollout_cells(ours, WORKER["width"])
    n = WORKER["samples"]
    memo: dict = {}

    def draws(first: int) -> list[list[float]]:
        layouts = [space.sample(random.Random(seed * 10**6 + first + k)) for k in range(n)]
        return [[survival_draw(board, space, cell, mines, random.Random(seed * 10**6 + first + k), memo)
                 for k, mines in enumerate(layouts)] for cell in cells]

    return {"cells": [list(c) for c in cells], "select": [sum(d) / n for d in draws(0)],
            "value": [[round(x, 6) for x in d] for d in draws(n)]}


def rollout_pick(select: list[float], margin: float = 0.0) -> int:
    """The cell the sampled look-ahead opens: the highest mean, ours (index 0) unless another's is
    more than `margin` higher; earlier candidates first among equals."""
    best = max(range(len(select)), key=lambda k: (select[k], -k))
    return best if select[best] - select[0] > margin else 0


def start_worker(shared: dict) -> None:
    """The run's phase and valuation; the record solver's Node script, when it is the other."""
    if shared["script"] is not None:
        record_solver.start_worker({"script": shared["script"], "open": None, "set": {}})
    other = record_solver.WORKER["solver"] if shared["script"] else shared["kind"]
    WORKER.update(shared, other=other)


def other_moves(boards: list[Board]) -> list[Cell | None]:
    """The other solver's move at each position, asked in turn (one Node process per game)."""
    other = WORKER["other"]
    if other == "plain":
        return [plain_moves(board)[0] for board in boards]
    other.restart()
    return [other.move(board) for board in boards]


def position_game(task: tuple[str, str, int, list]) -> dict:
    """One recorded game: {"asked": positions, "positions": [one dict per position where the moves differ]}."""
    level, rule, seed, steps = task
    boards = guesses(level, rule, seed, steps, WORKER["after"], WORKER["upto"])
    out = []
    if WORKER["other"] == "rollout":
        for i, board in enumerate(boards):
            space = LayoutSpace(board)
            ours = advice.advise(board, space)
            if ours.method == "look-ahead" and len(rollout_cells(ours, WORKER["width"])) > 1:
                out.append({"open": len(board.cells) - len(board.hidden), "layouts": float(space.count),
                            **rollout_position(board, space, ours, seed * 100 + i)})
        return {"asked": len(boards), "positions": out}
    for i, (board, its) in enumerate(zip(boards, other_moves(boards))):
        space = LayoutSpace(board)
        ours = advice.advise(board, space)
        if ours.safe or its is None or its == ours.move or board[its] != HIDDEN:
            continue
        moves = (ours.move, tuple(its))
        row: dict = {"open": len(board.cells) - len(board.hidden), "layouts": float(space.count),
                     "method": ours.method, "ours": list(moves[0]), "its": list(moves[1])}
        values = exact_values(board, space, list(moves), 200_000) if space.count <= WORKER["exact"] else None
        if values is not None:
            row["exact"] = values
        else:
            rng = random.Random(seed * 1000 + i)
            row["sampled"] = [*sampled_values(board, [space.sample(rng) for _ in range(WORKER["samples"])], moves),
                              WORKER["samples"]]
        out.append(row)
    return {"asked": len(boards), "positions": out}


def choice_draws(row: dict, choose_by: int | None = None,
                 width: int | None = None) -> tuple[list[float], list[list[float]]]:
    """A rollout row's means to choose by and draws to value the choice on, one of each per cell:
    as run (`select`, `value`), or as a cheaper run would have chosen: by the first `choose_by`
    valuing draws of the first `width` cells only, valued on the rest of them (the draws are
    independent, so a run of N draws is the first N of 40)."""
    cells = len(row["cells"]) if width is None else min(width, len(row["cells"]))
    if choose_by is None:
        return row["select"][:cells], row["value"][:cells]
    return ([sum(d[:choose_by]) / choose_by for d in row["value"][:cells]],
            [d[choose_by:] for d in row["value"][:cells]])


def rollout_summary(results: dict[int, dict], margins: tuple[float, ...] = (0.0, 0.005, 0.01, 0.02, 0.05),
                    split: int = 300, choose_by: int | None = None, width: int | None = None) -> str:
    """What the sampled look-ahead gains over our move, valued on draws it did not choose by: over
    all positions, and over those with at most and more than `split` cells open; chosen as run or,
    with `choose_by`/`width`, as a run of fewer draws or cells would have (`choice_draws`)."""
    rows = [row for result in results.values() for row in result["positions"]]
    lines = [f"{len(results)} games, {sum(r['asked'] for r in results.values())} of our guesses asked, "
             f"{len(rows)} look-ahead guesses valued"
             + (f"; chosen by {choose_by} draws" if choose_by else "") + (f" of {width} cells" if width else "")]
    for name, part in (("all", rows), (f"up to {split} open", [r for r in rows if r["open"] <= split]),
                       (f"past {split} open", [r for r in rows if r["open"] > split])):
        for margin in margins:
            gain = variance = 0.0
            changed = 0
            for row in part:
                select, value = choice_draws(row, choose_by, width)
                k = rollout_pick(select, margin)
                if k:
                    changed += 1
                    diffs = [b - a for a, b in zip(value[0], value[k])]
                    mean = sum(diffs) / len(diffs)
                    gain += mean
                    variance += sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs)
            z = gain / math.sqrt(variance) if variance else 0.0
            lines.append(f"{name}, {len(part)} positions, margin {margin}: another cell at {changed}, "
                         f"gaining {gain:+.3f} games (z = {z:+.2f})")
    means = [[sum(v) / len(v) for v in choice_draws(row, choose_by, width)[1]] for row in rows]
    lines.append(f"our move the highest on the valuing draws at {sum(m[0] == max(m) for m in means)} of {len(rows)}")
    return "\n".join(lines)


def rescored(results_path: str, base: dict, overrides: dict) -> str:
    """Our advisor with constants overridden (`--set`), valued on a rollout run's positions: the
    move it chooses at each, where it is one of the cells played out there, is valued by the mean
    of their draws (select and value together), against ours; a move outside them is counted.
    Draws the variant never chose by, so the gain is not flattered by their noise."""
    lines = Path(results_path).read_text().splitlines()
    after = json.loads(lines[0])["run"]["after"]
    configure(overrides)
    gain, changed, outside, count = 0.0, 0, 0, 0
    for line in lines[1:]:
        game = json.loads(line)
        if not game["result"]["positions"]:
            continue
        seed = game["key"]
        boards = {len(b.cells) - len(b.hidden): b
                  for b in guesses(base["level"], base["rule"], seed, base["games"][seed][1], after, 10**9)}
        for row in game["result"]["positions"]:
            count += 1
            move = list(advice.advise(boards[row["open"]]).move)
            if move == row["cells"][0]:
                continue
            if move not in row["cells"]:
                outside += 1
                continue
            k = row["cells"].index(move)
            changed += 1
            gain += sum((row["select"][j] + sum(row["value"][j]) / len(row["value"][j])) / 2 * sign
                        for j, sign in ((k, 1), (0, -1)))
    configure({})
    return (f"{overrides}: {count} positions, another move at {changed} of the cells played out "
            f"(gaining {gain:+.3f} games), at {outside} another cell")


def summary(results: dict[int, dict]) -> str:
    if any("select" in row for result in results.values() for row in result["positions"]):
        return rollout_summary(results)
    rows = [row for result in results.values() for row in result["positions"]]
    exact = [row["exact"] for row in rows if "exact" in row]
    sampled = [row["sampled"] for row in rows if "sampled" in row]
    ours_only, its_only = sum(s[0] for s in sampled), sum(s[1] for s in sampled)
    z = (its_only - ours_only) / math.sqrt(ours_only + its_only) if ours_only + its_only else 0.0
    return (f"{len(results)} games, {sum(r['asked'] for r in results.values())} of our guesses asked, "
            f"{len(rows)} chosen differently\n"
            f"exact: {len(exact)} positions, its move better at {sum(b > a for a, b in exact)}, ours at "
            f"{sum(a > b for a, b in exact)}; its choices gain {sum(b - a for a, b in exact):+.2f} games\n"
            f"play-outs: {len(sampled)} positions, layouts won after our move only {ours_only}, after its only "
            f"{its_only} (z = {z:+.2f}); its choices gain {sum((s[1] - s[0]) / s[2] for s in sampled):+.2f} games")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", help="a `paired.py record` file (not needed with --summarise)")
    parser.add_argument("--other", metavar="CHECKOUT|plain|rollout",
                        help="a JSMinesweeper checkout (the record solver), plain, or rollout (a sampled look-ahead)")
    parser.add_argument("--width", type=int, help="rollout: the candidates played out, ours first (4); "
                        "--summarise: choose among the first N only")
    parser.add_argument("--after", type=int, default=0, help="only guesses with more than N cells open")
    parser.add_argument("--upto", type=int, default=10**9, help="only guesses with at most N cells open")
    parser.add_argument("--exact", type=int, default=20_000, help="value exactly up to this many layouts")
    parser.add_argument("--samples", type=int, default=100, help="play-outs per position above --exact")
    parser.add_argument("--rescore", metavar="RESULTS", help="a rollout run's results: value the advisor with --set")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="--rescore: a constant of minesat.play.advice or minesat.play.fifty (repeatable)")
    parser.add_argument("--summarise", metavar="RESULTS", help="a rollout run's results: its summary again")
    parser.add_argument("--choose-by", type=int, metavar="N",
                        help="--summarise: choose by the first N valuing draws, value on the rest")
    runner.add_options(parser)
    args = parser.parse_args(argv)
    start = time.time()
    if args.summarise:
        lines = Path(args.summarise).read_text().splitlines()[1:]
        results = {game["key"]: game["result"] for game in map(json.loads, lines)}
        if any("select" not in row for result in results.values() for row in result["positions"]):
            parser.error(f"{args.summarise} is not a rollout run's results")
        print(rollout_summary(results, choose_by=args.choose_by, width=args.width))
        return 0
    if not args.base:
        parser.error("a `paired.py record` file is needed")
    base = load_base(args.base)
    if args.rescore:
        print(rescored(args.rescore, base, parse_overrides(args.set)))
        return 0
    if not args.other:
        parser.error("--other or --rescore is needed")
    script = None if args.other in ("plain", "rollout") else record_solver.joined(Path(args.other))
    phase = {"after": args.after, "upto": args.upto, "exact": args.exact, "samples": args.samples,
             "width": args.width or 4}
    header = {"script": "positions", "base": str(Path(args.base).resolve()),
              "other": "record solver" if script else args.other, **phase}
    tasks = [(base["level"], base["rule"], seed, steps) for seed, (_, steps) in sorted(base["games"].items())]
    results = {seed: result for seed, result, _ in runner.run(position_game, tasks, lambda task: task[2],
                                                              runner.options(args), header, start_worker,
                                                              {"script": script, "kind": args.other, **phase})}
    print(summary(results))
    print(f"{time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
