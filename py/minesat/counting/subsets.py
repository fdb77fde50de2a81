"""Subsets of a fixed size by number: the k-subsets of range(n) in lexicographic order of positions."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from minesat.board import Cell


def unrank_positions(n: int, k: int, rank: int) -> list[int]:
    """The size-k subset number `rank` of range(n), in lexicographic order, as sorted positions."""
    out: list[int] = []
    if not k:
        return out
    c = comb(n - 1, k - 1)  # subsets whose first chosen position is x, x = 0
    for x in range(n):
        a = n - x - 1  # positions after x
        if rank < c:
            out.append(x)
            k -= 1
            if not k:
                return out
            c = c * k // a  # C(a-1, k-1) from C(a, k)
        else:
            rank -= c
            c = c * (a - k + 1) // a if a else 0  # C(a-1, k-1) from C(a, k-1)
    raise AssertionError("subset rank out of range")


def unrank_subset(cells: Sequence[Cell], k: int, rank: int) -> list[Cell]:
    """The size-k subset number `rank` of `cells` in lexicographic order of positions."""
    return [cells[p] for p in unrank_positions(len(cells), k, rank)]


def next_positions(positions: list[int], n: int) -> None:
    """Step sorted positions to the next size-k subset of range(n) in lexicographic order."""
    k = len(positions)
    i = k - 1
    while i >= 0 and positions[i] == n - k + i:
        i -= 1
    if i >= 0:
        positions[i] += 1
        for j in range(i + 1, k):
            positions[j] = positions[j - 1] + 1
