"""What each click can reveal: outcome tables and dead cells.

`outcome_tables(board)` gives, for every hidden cell, the number of layouts in
which it is a mine and, for each number 0-8, the number in which it is safe and shows that
number (`OutcomeTables` computes them one cell at a time): the board with the cell revealed as
each number, counted only where that changes anything, i.e. in the groups of linked cells
around it (their layouts listed, or counted anew by the engine), combined with the counts of
the rest of the board.  A cell that can be safe but then always shows the same number is
*dead*: opening it teaches nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from math import comb
from typing import NamedTuple

from minesat.board import Board, Cell, Clue, cell_name
from minesat.counting import ClueSpace, Constraints, LayoutSpace
from minesat.counting.component import Prefixes
from minesat.counting.polynomials import Poly, Poly2, product, product2, quotient
from minesat.unionfind import UnionFind

MINE = "mine"  # the outcome "a mine here" (and a proof's verdict, in `explain`)
LISTED = 4096  # groups of linked cells with at most this many layouts are listed for the outcomes


class CountError(AssertionError):
    """Two ways of counting the same layouts disagree: a bug, never the board's fault."""


class Outcome(NamedTuple):
    """What opening a hidden cell can give, in numbers of layouts (exact ints)."""

    layouts: int  # layouts of the board (not `count`: that would shadow tuple.count)
    mine: int  # layouts in which the cell is a mine
    numbers: dict[int, int]  # number shown -> layouts in which the cell is safe and shows it (> 0 only)

    def probability(self, outcome: str | int) -> Fraction:
        """P(mine) for "mine", else P(safe and showing that number)."""
        return Fraction(self.mine if outcome == MINE else self.numbers.get(int(outcome), 0), self.layouts)

    @property
    def dead(self) -> bool:
        """Whether the cell can be safe, and then always shows the same number."""
        return self.mine < self.layouts and len(self.numbers) == 1


def _mines_polynomial(clues: Iterable[Clue], hidden: Iterable[Cell]) -> Poly:
    """{number of mines: layouts} of some clues over some cells (no total)."""
    return ClueSpace(Constraints(tuple(clues), tuple(hidden))).mines_distribution


SAMPLES, MORE_SAMPLES = 32, 256  # layouts drawn to show cells alive before their tables are counted


class OutcomeTables:
    """Outcome tables of one board (which has layouts), one cell at a time: `of(cell)`.

    For a cell x and a number n: the board with x revealed as n, counted where it differs.
    Cells forced by the counts stay forced (a new clue only removes layouts), so they are
    constants; the other cells fall into groups linked by clues (each with its polynomial
    {mines: layouts}, and its layouts listed as bit masks when there are at most LISTED) and
    the outside (cells next to no clue, as seen with the forced cells set apart).  Revealing x
    only touches the groups of x and its neighbours: for each, the number of layouts per
    (mines in the group, mines next to x) is tallied from its list, or counted by the engine
    with a clue at x; with the outside cells next to x they give {n: {mines: layouts}}, and
    `ways` puts back the untouched groups (the product of all divided by the touched ones) and
    the other outside cells under the total.  Each table is checked: mine + sum of numbers =
    count."""

    def __init__(self, board: Board, space: LayoutSpace):
        self.board, self.space = board, space
        self._drawn: list[frozenset[Cell]] = []  # layouts drawn for `is_dead`, from a fixed seed
        self._rng = random.Random(0)
        self.mine = {c for c in space.mines}
        forced = self.mine | set(space.safe)
        free = self._free = {c for c in board.hidden if c not in forced}
        self.clues = [Clue(clue.cell, clue.count - sum(n in self.mine for n in clue.neighbours),
                           tuple(n for n in clue.neighbours if n in free))
                      for clue in board.clues]
        self.clues = [clue for clue in self.clues if clue.neighbours]
        in_clue = sorted({n for clue in self.clues for n in clue.neighbours})
        index = {c: i for i, c in enumerate(in_clue)}
        sets = UnionFind(len(in_clue))
        for clue in self.clues:
            sets.union_all(index[n] for n in clue.neighbours)
        self.cells: list[list[Cell]] = [[in_clue[i] for i in group] for group in sets.groups()]  # per group, sorted
        self.group_of = {c: j for j, cells in enumerate(self.cells) for c in cells}
        self.group_clues: list[list[Clue]] = [[] for _ in self.cells]
        for clue in self.clues:
            self.group_clues[self.group_of[clue.neighbours[0]]].append(clue)
        self._outside = {c for c in free if c not in index}
        self.polys: list[Poly] = []  # per group: {mines: layouts}
        self.layouts: list[list[tuple[int, int]] | None] = []  # per group: (bit mask, mines) of each layout, if listed
        self._counted: list[ClueSpace] = []  # per group: its counts
        self._prefixes: dict[int, Prefixes] = {}  # per large group: its DP's prefixes (cached)
        for clues, cells in zip(self.group_clues, self.cells):
            counted = ClueSpace(Constraints(tuple(clues), tuple(cells)))
            self._counted.append(counted)
            self.polys.append(counted.mines_distribution)
            bit = {c: 1 << i for i, c in enumerate(cells)}
            self.layouts.append([(sum(bit[c] for c in layout), len(layout))
                                 for layout in counted.layouts(0, counted.count)]
                                if counted.count <= LISTED else None)
        self.left = None if board.mines is None else board.mines - len(self.mine)
        self._others: dict[frozenset[int], dict[int, int]] = {}  # the other groups' polynomial per part (cached)
        self._completed: dict[tuple[frozenset[int], int, int], int] = {}  # completions (cached)
        self._everything: dict[int, int] = {0: 1}
        for poly in self.polys:
            self._everything = product(self._everything, poly) if self.left is not None else \
                {0: self._everything[0] * sum(poly.values())}
        if self.ways({0: 1}, frozenset(), len(self._outside)) != space.count:
            raise CountError("the groups of linked cells do not multiply to the board's count")

    def by_number(self, x: Cell, unknown: tuple[Cell, ...], groups: frozenset[int]
                  ) -> dict[int, dict[int, int]]:
        """For the affected `groups` and the outside cells among `unknown`, with x safe:
        {mines among `unknown`: {mines in these cells: layouts}}."""
        joint = {(0, 0): 1}  # (mines in the cells, mines among unknown) -> layouts
        for j in groups:
            joint = product2(joint, self._tally(j, x, unknown))
        alone = sum(c not in self.group_of for c in unknown)  # outside cells around x
        joint = product2(joint, {(u, u): comb(alone, u) for u in range(alone + 1)})
        out: dict[int, dict[int, int]] = {}
        for (k, n), ways in joint.items():
            out.setdefault(n, {})[k] = ways
        return out

    def _tally(self, j: int, x: Cell, unknown: tuple[Cell, ...]) -> Poly2:
        """{(mines in group j, mines among its cells in `unknown`): layouts with x safe}: from
        its list of layouts, or for a large group from its counts walked again around x."""
        cells = self.cells[j]
        tally: Poly2 = {}
        listed = self.layouts[j]
        if listed is not None:
            near = sum(1 << i for i, c in enumerate(cells) if c in unknown)
            own = 1 << cells.index(x) if self.group_of.get(x) == j else 0
            for mask, k in listed:
                if not mask & own:
                    key = (k, (mask & near).bit_count())
                    tally[key] = tally.get(key, 0) + 1
            return tally
        counted = self._counted[j]
        if len(counted.components) != 1 or counted.outside or counted.fixed_mines:
            return self._tally_by_counting(j, x, unknown)
        component = counted.components[0]
        if j not in self._prefixes:
            self._prefixes[j] = component.prefixes()
        inside = {c for c in unknown if self.group_of.get(c) == j}
        by_near = component.near_counts(self._prefixes[j], inside, x if self.group_of.get(x) == j else None)
        return {(k, m): ways for m, poly in by_near.items() for k, ways in poly.items()}

    def _tally_by_counting(self, j: int, x: Cell, unknown: tuple[Cell, ...]) -> Poly2:
        """`_tally` of a large group, counting it anew with a clue at x for each number of mines
        among its cells in `unknown` (one count per number: slow on tangled groups)."""
        cells = self.cells[j]
        tally: Poly2 = {}
        inside = tuple(c for c in unknown if self.group_of.get(c) == j)
        clues = [Clue(c.cell, c.count, tuple(n for n in c.neighbours if n != x)) for c in self.group_clues[j]]
        for m in range(len(inside) + 1):
            for k, ways in _mines_polynomial(clues + [Clue(x, m, inside)], [c for c in cells if c != x]).items():
                tally[k, m] = ways
        return tally

    def ways(self, part: dict[int, int], groups: frozenset[int], outside: int) -> int:
        """Layouts of the board made of `part` ({mines: layouts} of some cells replacing the
        `groups`), the other groups, and `outside` outside cells, under the total if known."""
        if groups not in self._others:  # all groups' product, divided by those of the part
            others = self._everything
            for j in groups:
                others = quotient(others, self.polys[j]) if self.left is not None else \
                    {0: others[0] // sum(self.polys[j].values())}
            self._others[groups] = others
        others = self._others[groups]
        if self.left is None:
            return sum(part.values()) * others[0] << outside
        return sum(a * self._completions(groups, outside, k) for k, a in part.items())

    def work(self) -> int:
        """What all the tables cost, about: over the hidden cells, the DP states that `of` walks
        again in the large groups (those of the classes from the first to the last around the cell)."""
        total = 0
        for j, counted in enumerate(self._counted):
            if self.layouts[j] is not None or len(counted.components) != 1:
                continue
            component = counted.components[0]
            total += sum(component.walk_states((x, *self.board.neighbours(x))) for x in self.board.hidden)
        return total

    def is_dead(self, x: Cell) -> bool:
        """`self.of(x).dead`, mostly without counting x's table: a cell that shows two different
        numbers in a few layouts drawn at random (`SAMPLES`, then `MORE_SAMPLES` for the cells
        still unsettled, the same layouts for every cell) is alive, and only the others are
        counted.  Exact either way: a drawn layout is a real one.  On tangled 20x20 lattices,
        32 layouts (15 ms) settle 298 of 301 cells, 256 all but the dead ones, where a table
        can take seconds."""
        if self.space.mine_counts[x] == self.space.count:
            return False
        around = self.board.unknown_neighbours(x)
        for size in (SAMPLES, MORE_SAMPLES):
            while len(self._drawn) < size:
                self._drawn.append(self.space.sample(self._rng))
            if len({sum(n in layout for n in around) for layout in self._drawn if x not in layout}) > 1:
                return False
        return self.of(x).dead

    def of(self, x: Cell) -> Outcome:
        """The outcome table of hidden cell x."""
        space, count = self.space, self.space.count
        mine = space.mine_counts[x]
        if mine == count:
            return Outcome(count, mine, {})
        around = self.board.unknown_neighbours(x)
        low = sum(n in self.mine for n in around)
        unknown = tuple(n for n in around if n in self._free)
        if not unknown:
            return Outcome(count, mine, {low: count - mine})
        groups = frozenset(self.group_of[c] for c in unknown + (x,) if c in self.group_of)
        left_outside = len(self._outside) - sum(n in self._outside for n in unknown) - (x in self._outside)
        numbers: dict[int, int] = {}
        for n, part in sorted(self.by_number(x, unknown, groups).items()):
            if ways := self.ways(part, groups, left_outside):
                numbers[low + n] = ways
        if sum(numbers.values()) + mine != count:
            raise CountError(f"the outcomes of {cell_name(x)} do not add up to the board's count")
        return Outcome(count, mine, numbers)

    def _completions(self, groups: frozenset[int], outside: int, k: int) -> int:
        """Ways for the other groups and `outside` outside cells to hold the mines that `k` in
        the part leave of the total."""
        key = groups, outside, k
        if key not in self._completed:
            assert self.left is not None, "completions are only asked for under the total"
            left = self.left - k
            self._completed[key] = sum(b * comb(outside, left - r) for r, b in self._others[groups].items()
                                       if 0 <= left - r <= outside)
        return self._completed[key]


def outcome_tables(board: Board, space: LayoutSpace | None = None) -> dict[Cell, Outcome]:
    """The outcome table of every hidden cell (flags included: always a mine); empty when the
    board has no layout.  See `OutcomeTables` for one cell at a time."""
    space = space or LayoutSpace(board)
    if not space.count:
        return {}
    tables = OutcomeTables(board, space)
    return {cell: tables.of(cell) for cell in board.hidden}


def dead_cells(tables: dict[Cell, Outcome]) -> list[Cell]:
    """Cells that can be safe but then always show the same number: opening them teaches nothing."""
    return sorted(cell for cell, outcome in tables.items() if outcome.dead)
