"""Move by move: at our own guesses, the other solver's move and ours, both valued on the position.

    .venv/bin/python bench/run.py positions.py BASE.jsonl --other /tmp/JSMinesweeper [--after N] [--upto N]
        [--exact 20000] [--samples 100] [--results FILE] [--jobs 2] [--runner dask|pool] [--scheduler ADDRESS]

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
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import record_solver
import runner
from bench_play import plain_moves
from minesat import advice
from minesat.board import FLAG, HIDDEN, Board, Cell
from minesat.counting import LayoutSpace
from minesat.game import Game
from paired import FIRST, live, load_base

WORKER: dict = {"other": None, "after": 0, "upto": 10**9, "exact": 20_000, "samples": 100}


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


def played_out(board: Board, mines: frozenset[Cell], move: Cell) -> bool:
    """Whether opening `move` and then following our advisor wins, the mines being `mines`."""
    game = Game.with_mines(board.rows, board.cols, mines)
    game.opened.update(divmod(i, board.cols) for i, ch in enumerate(board.cells) if ch not in (HIDDEN, FLAG))
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


def start_worker(shared: dict) -> None:
    """The run's phase and valuation; the record solver's Node script, when it is the other."""
    if shared["script"] is not None:
        record_solver.start_worker({"script": shared["script"], "open": None, "set": {}})
    WORKER.update(shared, other=record_solver.WORKER["solver"] if shared["script"] else "plain")


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


def summary(results: dict[int, dict]) -> str:
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
    parser.add_argument("base", help="a `paired.py record` file")
    parser.add_argument("--other", required=True, metavar="CHECKOUT|plain",
                        help="a JSMinesweeper checkout (the record solver), or plain")
    parser.add_argument("--after", type=int, default=0, help="only guesses with more than N cells open")
    parser.add_argument("--upto", type=int, default=10**9, help="only guesses with at most N cells open")
    parser.add_argument("--exact", type=int, default=20_000, help="value exactly up to this many layouts")
    parser.add_argument("--samples", type=int, default=100, help="play-outs per position above --exact")
    runner.add_options(parser)
    args = parser.parse_args(argv)
    start = time.time()
    base = load_base(args.base)
    script = None if args.other == "plain" else record_solver.joined(Path(args.other))
    phase = {"after": args.after, "upto": args.upto, "exact": args.exact, "samples": args.samples}
    header = {"script": "positions", "base": str(Path(args.base).resolve()),
              "other": "plain" if script is None else "record solver", **phase}
    tasks = [(base["level"], base["rule"], seed, steps) for seed, (_, steps) in sorted(base["games"].items())]
    results = {seed: result for seed, result, _ in runner.run(position_game, tasks, lambda task: task[2],
                                                              runner.options(args), header, start_worker,
                                                              {"script": script, **phase})}
    print(summary(results))
    print(f"{time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
