"""Boards shared by the tests and the benchmarks: the papers' examples (docs/architecture.md#references)
and every board generator.

Small random positions (closed loops against brute force), mid-game positions and dense lattices
(benchmarks, and the tests of boards too tangled to count).  Benchmarks import this module too
(`bench/run.py` puts tests/support/ on the path, as pytest does).
"""

from __future__ import annotations

import random

from minesat.board import Board, Cell
from minesat.play.game import Game

SEED_3X3 = "1 ? ?\n1 2 ?\n0 1 ?\n"  # problem-reductions #645 and #644: 4 variables, 12 clauses, 2 layouts
INSTANCE_1 = "???\n?1?\n???\n"  # 8 layouts, nothing forced
INSTANCE_2 = "1?1\n?0?\n1?1\n"  # contradictory
SEED_9X9 = "\n".join([  # Yurichev's sorting-network post: six safe cells, 65 layouts with 10 mines
    "01?10001?",
    "01?100011",
    "011100000",
    "000000000",
    "111110011",
    "????1001?",
    "????3101?",
    "?????211?",
    "?????????",
]) + "\n"
SEED_9X9_SAFE = [(0, 2), (5, 1), (5, 2), (6, 3), (6, 8), (7, 8)]  # the post's 1-based list, 0-based


def random_board(rng: random.Random, max_side: int = 5, max_hidden: int = 12, flags: bool = True,
                 total: bool | None = None, *, density: float = 0.25, wrong: float = 0.2,
                 total_share: float = 0.4, wild_totals: float = 0.0) -> Board:
    """A random small position: mines placed, about half the safe cells revealed.

    A share `wrong` of the revealed counts is off by one, so contradictory boards are covered too.
    The total number of mines is given when `total` says so (None: for a share `total_share` of
    boards): mostly the true one or off by one, for a share `wild_totals` any number of mines.
    """
    while True:
        rows, cols = rng.randint(1, max_side), rng.randint(1, max_side)
        mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < density}
        cells = []
        for r in range(rows):
            for c in range(cols):
                if (r, c) in mines:
                    cells.append("F" if flags and rng.random() < 0.15 else "?")
                elif rng.random() < 0.5:
                    cells.append("?")
                else:
                    n = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                    if rng.random() < wrong:
                        n = max(0, min(8, n + rng.choice((-1, 1))))
                    cells.append(str(n))
        hidden = sum(ch in "?F" for ch in cells)
        if hidden > max_hidden:
            continue
        use_total = rng.random() < total_share if total is None else total
        n_mines = min(hidden, len(mines) + rng.choice((0, 0, 0, 1, -1))) if use_total else None
        if use_total and wild_totals and rng.random() < wild_totals:
            n_mines = rng.randint(0, hidden)
        return Board(rows, cols, tuple(cells), None if n_mines is None or n_mines < 0 else n_mines)


def positions(rng: random.Random, count: int, rows=(3, 5), cols=(3, 5), density=(0.15, 0.3), flags=0.0):
    """Positions met in play: random mines, random safe cells opened (zeros flood), some flags."""
    out = []
    while len(out) < count:
        r, c = rng.randint(*rows), rng.randint(*cols)
        cells = [(i, j) for i in range(r) for j in range(c)]
        mines = set(rng.sample(cells, max(1, int(rng.uniform(*density) * len(cells)))))
        game = Game.with_mines(r, c, mines)
        safe = [x for x in cells if x not in mines]
        for x in rng.sample(safe, rng.randint(1, len(safe) - 1)):
            game.open(x)
        for x in mines:
            if rng.random() < flags:
                game.flag(x)
        if game.state == "playing":
            out.append(game.board())
    return out


# -- larger positions, from a seed: mid-game and lattice ------------------------------------
def neighbours(r: int, c: int, rows: int, cols: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def numbers(rows: int, cols: int, mines: set[Cell]) -> dict[Cell, int]:
    """The count of every safe cell."""
    return {(r, c): sum(n in mines for n in neighbours(r, c, rows, cols))
            for r in range(rows) for c in range(cols) if (r, c) not in mines}


def opened_board(rows: int, cols: int, mines: set[Cell], opened: set[Cell]) -> Board:
    """The position with the `opened` safe cells revealed; the total number of mines is known."""
    counts = numbers(rows, cols, mines)
    cells = tuple(str(counts[r, c]) if (r, c) in opened else "?" for r in range(rows) for c in range(cols))
    return Board(rows, cols, cells, len(mines))


def midgame(rows: int, cols: int, n_mines: int, seed: int) -> Board:
    """A mid-game position: mines placed at random; the first click opens a zero and flood-fills;
    then random safe cells are revealed (zeros flood-fill) until a fraction drawn from
    [0.35, 0.50] of the safe cells is open."""
    rng = random.Random(seed)
    while True:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        mines = set(rng.sample(cells, n_mines))
        counts = numbers(rows, cols, mines)
        zeros = [cell for cell, n in counts.items() if n == 0]
        if zeros:
            break
    opened: set[Cell] = set()

    def open_cell(cell: Cell) -> None:
        stack = [cell]
        while stack:
            cur = stack.pop()
            if cur in opened:
                continue
            opened.add(cur)
            if counts[cur] == 0:
                stack.extend(n for n in neighbours(*cur, rows, cols) if n not in opened)

    open_cell(rng.choice(sorted(zeros)))
    goal = rng.uniform(0.35, 0.50) * len(counts)
    closed = [cell for cell in sorted(counts) if cell not in opened]
    rng.shuffle(closed)
    for cell in closed:
        if len(opened) >= goal:
            break
        open_cell(cell)
    return opened_board(rows, cols, mines, opened)


def lattice(rows: int, cols: int, seed: int, density: float = 0.3) -> Board:
    """Random mines; every safe cell at an odd row and an odd column revealed.  This leaves one
    large tangled frontier component: the hard case for frontier enumeration."""
    rng = random.Random(seed)
    mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < density}
    opened = {cell for cell in numbers(rows, cols, mines) if cell[0] % 2 and cell[1] % 2}
    return opened_board(rows, cols, mines, opened)


def mbf(width: int, height: int, mines: list[tuple[int, int]]) -> bytes:
    """An MBF file (Minesweeper Board Format, binary): width, height, the number of mines in two
    bytes, then each mine's x and y."""
    return bytes([width, height, len(mines) >> 8, len(mines) & 255] + [v for x, y in mines for v in (x, y)])
