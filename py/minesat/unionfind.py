"""Disjoint sets: the one union-find of the engine (SAT components in solve, cell classes in counting)."""

from __future__ import annotations

from collections.abc import Iterable


class UnionFind:
    """Disjoint sets over the items 0..n-1; the root of a set is its smallest item.

    >>> sets = UnionFind(5)
    >>> sets.union(3, 1); sets.union(4, 3)
    >>> sets.find(4), sets.groups()
    (1, [[0], [1, 3, 4], [2]])
    """

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        """The root of x's set (path halving keeps the trees flat)."""
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        """Merge the sets of a and b."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def union_all(self, items: Iterable[int]) -> None:
        """Merge the sets of all the items."""
        first = None
        for x in items:
            if first is None:
                first = x
            else:
                self.union(first, x)

    def groups(self, items: Iterable[int] | None = None) -> list[list[int]]:
        """The sets (of `items`, by default of all items), each sorted, ordered by their first item."""
        out: dict[int, list[int]] = {}
        for x in range(len(self.parent)) if items is None else sorted(items):
            out.setdefault(self.find(x), []).append(x)
        return sorted(out.values())
