"""Benchmark boards from fixed seeds: mid-game positions and dense lattice positions.

Mid-game: mines placed at random; the first click opens a zero and flood-fills; then random
safe cells are revealed (zeros flood-fill) until a fraction drawn from [0.35, 0.50] of the
safe cells is open.  The total number of mines is known.  Lattice: random mines at density
0.3 and every safe cell at an odd row and an odd column revealed, which leaves one large
tangled frontier component (the hard case for frontier enumeration).
"""

from __future__ import annotations

import random

from minesat.board import Board, Cell

# name -> (cols, rows, mines, number of boards)
SIZES = {
    "9x9/10": (9, 9, 10, 20),
    "16x16/40": (16, 16, 40, 20),
    "30x16/99": (30, 16, 99, 20),
    "50x50/500": (50, 50, 500, 5),
    "100x100/2000": (100, 100, 2000, 3),
}


def _neighbours(r: int, c: int, rows: int, cols: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def _numbers(rows: int, cols: int, mines: set[Cell]) -> dict[Cell, int]:
    return {(r, c): sum(n in mines for n in _neighbours(r, c, rows, cols))
            for r in range(rows) for c in range(cols) if (r, c) not in mines}


def _board(rows: int, cols: int, mines: set[Cell], numbers: dict[Cell, int], opened: set[Cell]) -> Board:
    cells = tuple(str(numbers[r, c]) if (r, c) in opened else "?" for r in range(rows) for c in range(cols))
    return Board(rows, cols, cells, len(mines))


def midgame(cols: int, rows: int, n_mines: int, seed: int) -> Board:
    """A mid-game position: see the module docstring."""
    rng = random.Random(seed)
    while True:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        mines = set(rng.sample(cells, n_mines))
        numbers = _numbers(rows, cols, mines)
        zeros = [cell for cell, n in numbers.items() if n == 0]
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
            if numbers[cur] == 0:
                stack.extend(n for n in _neighbours(*cur, rows, cols) if n not in opened)

    open_cell(rng.choice(sorted(zeros)))
    goal = rng.uniform(0.35, 0.50) * len(numbers)
    closed = [cell for cell in sorted(numbers) if cell not in opened]
    rng.shuffle(closed)
    for cell in closed:
        if len(opened) >= goal:
            break
        open_cell(cell)
    return _board(rows, cols, mines, numbers, opened)


def lattice(cols: int, rows: int, seed: int, density: float = 0.3) -> Board:
    """Random mines; every safe cell at an odd row and odd column revealed."""
    rng = random.Random(seed)
    mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < density}
    numbers = _numbers(rows, cols, mines)
    opened = {cell for cell in numbers if cell[0] % 2 and cell[1] % 2}
    return _board(rows, cols, mines, numbers, opened)


def suite() -> dict[str, list[Board]]:
    """Every benchmark group: name -> boards (fixed seeds)."""
    groups = {name: [midgame(c, r, m, seed=1000 * i + s) for s in range(n)]
              for i, (name, (c, r, m, n)) in enumerate(SIZES.items())}
    groups["lattice 10x21"] = [lattice(21, 10, seed=s) for s in range(6)]
    return groups


if __name__ == "__main__":
    for name, boards in suite().items():
        b = boards[0]
        print(f"{name}: {len(boards)} boards; first has {len(b.hidden)} hidden cells, {b.mines} mines")
        if b.cols <= 30:
            print(b)
