"""Boards shared by the tests: the seeds' examples and a generator of small random positions."""

from __future__ import annotations

import random

from minesat.board import Board

SEED_3X3 = "1 ? ?\n1 2 ?\n0 1 ?\n"  # seeds 000 and 001: 4 variables, 12 clauses, 2 layouts
INSTANCE_1 = "???\n?1?\n???\n"  # 8 layouts, nothing forced
INSTANCE_2 = "1?1\n?0?\n1?1\n"  # contradictory
SEED_9X9 = "\n".join([  # seed 004 (Yurichev): six safe cells, 65 layouts with 10 mines
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
SEED_9X9_SAFE = [(0, 2), (5, 1), (5, 2), (6, 3), (6, 8), (7, 8)]  # the seed's 1-based list, 0-based


def random_board(rng: random.Random, max_side: int = 5, max_hidden: int = 12,
                 flags: bool = True, total: bool | None = None) -> Board:
    """A random small position: mines placed, some cells revealed with true or perturbed counts.

    About one board in five has a perturbed count, so contradictory boards are covered too.
    """
    while True:
        rows, cols = rng.randint(1, max_side), rng.randint(1, max_side)
        mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.25}
        cells = []
        for r in range(rows):
            for c in range(cols):
                if (r, c) in mines:
                    cells.append("F" if flags and rng.random() < 0.15 else "?")
                elif rng.random() < 0.5:
                    cells.append("?")
                else:
                    n = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                    if rng.random() < 0.2:
                        n = max(0, min(8, n + rng.choice((-1, 1))))
                    cells.append(str(n))
        hidden = sum(ch in "?F" for ch in cells)
        if hidden > max_hidden:
            continue
        use_total = rng.random() < 0.4 if total is None else total
        n_mines = min(hidden, len(mines) + rng.choice((0, 0, 0, 1, -1))) if use_total else None
        return Board(rows, cols, tuple(cells), None if n_mines is None or n_mines < 0 else n_mines)
