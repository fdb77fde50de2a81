"""Benchmark boards from fixed seeds (generators in tests/boards.py): mid-game positions of the
classic sizes and larger, and dense lattice positions."""

from __future__ import annotations

from boards import lattice, midgame
from minesat.board import Board

# name -> (cols, rows, mines, number of boards)
SIZES = {
    "9x9/10": (9, 9, 10, 20),
    "16x16/40": (16, 16, 40, 20),
    "30x16/99": (30, 16, 99, 20),
    "50x50/500": (50, 50, 500, 5),
    "100x100/2000": (100, 100, 2000, 3),
}


def suite() -> dict[str, list[Board]]:
    """Every benchmark group: name -> boards (fixed seeds)."""
    groups = {name: [midgame(r, c, m, seed=1000 * i + s) for s in range(n)]
              for i, (name, (c, r, m, n)) in enumerate(SIZES.items())}
    groups["lattice 10x21"] = [lattice(10, 21, seed=s) for s in range(6)]
    return groups


if __name__ == "__main__":
    for name, boards in suite().items():
        b = boards[0]
        print(f"{name}: {len(boards)} boards; first has {len(b.hidden)} hidden cells, {b.mines} mines")
        if b.cols <= 30:
            print(b)
