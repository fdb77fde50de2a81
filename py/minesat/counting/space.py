"""Exact counting of layouts: how many, per-cell mine counts, and layout number i.

`LayoutSpace(board)` counts every layout of the unknown cells (``board.hidden``, flags
included) consistent with the clues, the flags and, when known, the total number of mines,
without listing them.  The method, in short:

1. Flags are mines.  Trivial clues (0 left, or as many left as unknown neighbours) fix their
   cells; this repeats until no clue is trivial.  A clue asking for more mines than it has
   unknown neighbours, or fewer than 0, makes the board contradictory (count 0).
2. The remaining unknown cells touching an open clue are grouped into classes (same set of
   adjacent clues; a class of size s holding m mines has C(s, m) layouts).  Cells touching no
   clue form the *outside*.  Classes linked by clues form independent components.
3. Each component is counted by dynamic programming along an elimination order of its classes
   (greedy, keeping few clues open; for large components also column and row sweeps, the one
   with the smallest static width estimate first): the state is the vector of partial sums of the clues
   still open, packed in one int (5 bits per clue, biased so that one mask test detects a clue
   overfull or unfillable).  Values are polynomials in the number of mines, packed into one
   big int (Kronecker substitution), so adding and shifting them costs one int operation.
   The cost grows with the number of states (the width of the clue graph along the order),
   not with the number of layouts.  A backward pass gives, for every state, the completions
   per number of mines; a forward pass multiplies prefix and suffix to get, for every class,
   the mines it holds summed over all layouts, per component total.
4. Components and the outside (binomial C(outside, t)) are combined under the total number of
   mines by convolution; prefix products and suffix completion tables give every component's
   weight per number of its own mines, hence exact per-cell mine counts.

Order of layouts (for `layout(i)`): layouts are sorted lexicographically by the key

    (k_1, ..., k_J, t,                       # mines per component, then outside mines
                                             #   (t is fixed by the total when it is known)
     m_1, r_1, m_2, r_2, ...,                # per class, in component order, then class order:
                                             #   its mine count m and the rank r of its mines
     r_out)                                  # rank of the outside mines

each part ascending; components are numbered by their first cell (row-major), classes follow each
component's elimination order (a deterministic function of the board), and a rank r is the
position of the chosen cells in the lexicographic order of the size-m subsets of the class's
cells sorted row-major.  Cells fixed by step 1 are the same in every layout.  All numbers are
Python ints (exact); no numpy, so it runs in Pyodide too.

The package, in the order of the steps: `classes` (steps 1 and 2, and orders to count along),
`component` (step 3), this module (step 4: `ClueSpace` and `LayoutSpace`), with `polynomials`
and `subsets` (the arithmetic).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cached_property
from math import comb
from operator import mul

from minesat.board import Board, Cell
from minesat.counting.classes import (
    Classes,
    ClueClasses,
    Constraints,
    Contradiction,
    OpenClues,
    Settled,
    candidate_orders,
    cell_classes,
    linked_components,
    open_clues,
    propagate,
    settle,
    settle_after,
)
from minesat.counting.component import Component, TooTangled
from minesat.counting.polynomials import Poly, binomials, dense, dense_product, product
from minesat.counting.subsets import next_positions, unrank_positions

__all__ = ["CACHE_STATES", "MAX_STATES", "ClueSpace", "Component", "Constraints", "Contradiction", "LayoutSpace",
           "TooTangled"]

MAX_STATES = 500_000  # DP states of one component, all layers together (memory guard: ~0.5 GB);
                      # real positions need a few thousand (a dense 10x21 lattice: 3,666)

SETTLED_FROM = 30  # a board with this many clues or more: `reveal` starts step 1 from the earlier board's end

CACHE_STATES = 100_000  # components kept for later boards, at most this many DP states in all
                       # (memory: a few MB; an expert board's components hold a few hundred)
ComponentKey = tuple[int, tuple[tuple[int, tuple[Cell, ...]], ...]]  # (max_states, open clues)


class _Cache:
    """Components kept for later boards, oldest first, at most `CACHE_STATES` DP states in all."""

    def __init__(self) -> None:
        self.components: dict[ComponentKey, Component] = {}
        self.states = 0

    def keep(self, key: ComponentKey, comp: Component) -> None:
        if comp.states > CACHE_STATES // 10:  # one huge component would push out every other
            return
        while self.components and self.states + comp.states > CACHE_STATES:
            self.states -= self.components.pop(next(iter(self.components))).states  # the oldest
        self.components[key] = comp
        self.states += comp.states

    def clear(self) -> None:
        self.components.clear()
        self.states = 0


_cache = _Cache()


def _component(members: list[int], classes: Classes, clues: OpenClues, clue_classes: ClueClasses,
               max_states: int) -> Component:
    """The counts of one component, reused when an earlier board had the same one.

    A component is a function of its open clues alone (mines left, unknown neighbours): its
    classes are the cells grouped by those clues, and its order depends on nothing else.  So a
    board that differs from an earlier one in one place (the next edit, or a cell revealed by
    the advisor's look-ahead) counts only the components that place touches.  The oldest go
    first when the cache is full."""
    key: ComponentKey = (max_states, tuple((clues[k][0], tuple(clues[k][1]))
                             for k in sorted({k for i in members for k in classes[i][1]})))
    comp = _cache.components.get(key)
    if comp is None:
        comp = Component(candidate_orders(members, classes, clue_classes), classes, clues, max_states)
        _cache.keep(key, comp)
    return comp


def _without(cells: tuple[Cell, ...], skip: set[Cell]) -> list[Cell]:
    """`cells` (sorted) but those in `skip`, in order: the runs between the skipped ones."""
    cuts = sorted(i for c in skip if (i := bisect_left(cells, c)) < len(cells) and cells[i] == c)
    out: list[Cell] = []
    start = 0
    for i in cuts:
        out += cells[start:i]
        start = i + 1
    out += cells[start:]
    return out


class ClueSpace:
    """All layouts of some clues over some unknown cells (a `Board`, or `Constraints`: a part of
    one), counted exactly; see the module docstring for the method and order.

    count               number of layouts (0 when the clues contradict each other)
    mine_counts         {cell: layouts where the cell is a mine} for every unknown cell
    probability(cell)   mine_counts[cell] / count as a Fraction
    safe, mines         cells that are safe / mines in every layout, sorted
    mines_distribution  {total number of mines: layouts}
    layout(i), layouts(offset, limit), sample(rng)   layouts by number, uniform draws
    fixed_mines, outside, components   the cells fixed by step 1, those next to no clue, and the
                        `Component`s, each with `completions[j]`: {its mines: layouts of the rest}

    Raises TooTangled (a ValueError with a readable message) when one component would need more
    than `max_states` partial states in all (memory guard; never met on real positions).
    """

    def __init__(self, clues: Board | Constraints, max_states: int | None = None):
        self.max_states = MAX_STATES if max_states is None else max_states
        self.total = clues.mines
        self.count = 0
        self.fixed_mines: list[Cell] = []
        self.components: list[Component] = []
        self.completions: list[Poly] = []  # per component: {its mines: layouts of everything else}
        self.outside: list[Cell] = []
        self.mine_counts: dict[Cell, int] = {}  # every unknown cell's, set by _combine
        self._hidden = clues.hidden
        try:
            self._build(clues)
        except Contradiction:
            self.count, self.components, self.completions = 0, [], []
            self.mine_counts = dict.fromkeys(clues.hidden, 0)

    def _step1(self, board: Board | Constraints) -> tuple[dict[Cell, bool], OpenClues]:
        """Fixed cells and open clues (`classes.propagate`)."""
        return propagate(board)

    def _build(self, board: Board | Constraints) -> None:
        fixed, clues = self._step1(board)
        classes = cell_classes(clues)
        clue_classes: dict[int, list[int]] = {}
        for i, (_, ks) in enumerate(classes):
            for k in ks:
                clue_classes.setdefault(k, []).append(i)
        placed = {cell for cells, _ in classes for cell in cells}  # cells in a class, or fixed
        placed.update(fixed)
        self._fixed = fixed
        self.fixed_mines = sorted(c for c, mine in fixed.items() if mine)
        if isinstance(board, Board) and 8 * len(placed) < len(board.hidden):  # the opening: cut out the few
            self.outside = _without(board.hidden, placed)
        else:
            self.outside = [c for c in board.hidden if c not in placed]
        self.components = [_component(members, classes, clues, clue_classes, self.max_states)
                           for members in linked_components(classes)]
        self._combine()

    def _combine(self) -> None:
        """Count, per-component weights and per-cell mine counts under the total."""
        comps, n_out = self.components, len(self.outside)
        left = None if self.total is None else self.total - len(self.fixed_mines)
        if left is not None and left < 0:
            raise Contradiction
        self._left = left
        # Components whose number of mines is fixed are a constant factor (and shift).
        scalar, shift, varying = 1, 0, []
        for j, comp in enumerate(comps):
            if len(comp.poly) == 1:
                (k, ways), = comp.poly.items()
                scalar, shift = scalar * ways, shift + k
            else:
                varying.append(j)
        dense_polys = {j: dense(comps[j].poly) for j in varying}
        weights: dict[int, dict[int, int]] = {}
        if left is None:
            totals = {j: sum(comps[j].poly.values()) for j in varying}
            count = scalar << n_out
            for w in totals.values():
                count *= w
            for j in varying:
                weights[j] = dict.fromkeys(comps[j].poly, count // totals[j])
            outside_each = count // 2
        else:
            # Long polynomials first keeps the prefix products short while they are multiplied.
            order = sorted(varying, key=lambda j: -len(dense_polys[j][1]))
            prefix = [(shift, [1])]
            for j in order:
                prefix.append(dense_product(prefix[-1], dense_polys[j]))
            lo, top = prefix[-1]
            outside = binomials(n_out, left - lo - len(top) + 1, left - lo)[::-1]  # ways for D = lo + i
            count = scalar * sum(a * b for a, b in zip(top, outside))
            if not count:
                raise Contradiction
            tail = outside  # ways to finish the components after j and the outside, by prefix index
            for j, pre in zip(reversed(order), reversed(prefix[:-1])):
                lo_j, poly = dense_polys[j]
                pre_ways = pre[1]
                n, m = len(pre_ways), len(poly)
                weights[j] = {lo_j + t: scalar * sum(map(mul, pre_ways, tail[t:t + n]))
                              for t, w in enumerate(poly) if w}
                tail = [sum(map(mul, poly, tail[i:i + m])) for i in range(n)]
            inner = binomials(n_out - 1, left - lo - len(top), left - lo - 1)[::-1] if n_out else []
            outside_each = scalar * sum(a * b for a, b in zip(top, inner))
        self.count = count
        hidden = self._hidden
        if 2 * n_out > len(hidden):  # mostly cells next to no clue: all at their count, then the others
            counts = self.mine_counts = dict.fromkeys(hidden, outside_each)
            for cell, mine in self._fixed.items():
                if not mine and cell in counts:  # (step 1's fixed cells may hold cells revealed since)
                    counts[cell] = 0
        else:
            counts = self.mine_counts = dict.fromkeys(hidden, 0)
            counts.update(dict.fromkeys(self.outside, outside_each))
        for cell in self.fixed_mines:
            counts[cell] = count
        for j, comp in enumerate(comps):
            weight = weights.get(j) or {k: count // w for k, w in comp.poly.items()}
            self.completions.append(weight)
            for cells, held in zip(comp.cells, comp.held):
                per_cell = sum(h * weight.get(k, 0) for k, h in held.items()) // len(cells)
                for cell in cells:
                    counts[cell] = per_cell

    @cached_property
    def _after(self) -> Callable[[int, int], int]:
        """after(j, d): ways to finish components j.. and the outside when d mines are used before j."""
        polys, n_out, left = [c.poly for c in self.components], len(self.outside), self._left
        if left is None:
            consts = [1 << n_out]
            for p in reversed(polys):
                consts.append(consts[-1] * sum(p.values()))
            consts.reverse()
            return lambda j, d: consts[j]
        prefix = [{0: 1}]
        for p in polys:
            prefix.append(product(prefix[-1], p))
        lo, hi = min(prefix[-1]), max(prefix[-1])
        row = binomials(n_out, left - hi, left - lo)
        after: list[dict[int, int]] = [{}] * len(polys) + [{d: row[left - d - (left - hi)] for d in prefix[-1]}]
        for j in range(len(polys) - 1, -1, -1):
            nxt, p = after[j + 1], polys[j]
            after[j] = {d: s for d in prefix[j] if (s := sum(w * nxt.get(d + k, 0) for k, w in p.items()))}
        return lambda j, d: after[j].get(d, 0)

    # -- conveniences --------------------------------------------------------------------
    def probability(self, cell: Cell) -> Fraction:
        """The exact probability that `cell` (a hidden cell) is a mine; ValueError if no layout."""
        if not self.count:
            raise ValueError("no layout is consistent with this board")
        return Fraction(self.mine_counts[cell], self.count)

    @cached_property
    def safe(self) -> list[Cell]:
        """Cells that are safe in every layout (empty when there is no layout)."""
        return sorted(c for c, n in self.mine_counts.items() if self.count and n == 0)

    @cached_property
    def mines(self) -> list[Cell]:
        """Cells that are mines in every layout (empty when there is no layout)."""
        return sorted(c for c, n in self.mine_counts.items() if self.count and n == self.count)

    @cached_property
    def mines_distribution(self) -> dict[int, int]:
        """{total number of mines: number of layouts}, for totals with at least one layout."""
        if not self.count:
            return {}
        if self.total is not None:
            return {self.total: self.count}
        frontier = {0: 1}
        for comp in self.components:
            frontier = product(frontier, comp.poly)
        n_out, base = len(self.outside), len(self.fixed_mines)
        row = binomials(n_out, 0, n_out)
        out: dict[int, int] = {}
        for d, a in frontier.items():
            for t, ways in enumerate(row):
                out[base + d + t] = out.get(base + d + t, 0) + a * ways
        return dict(sorted(out.items()))

    # -- layouts by number ----------------------------------------------------------------
    def layout(self, index: int) -> frozenset[Cell]:
        """Layout number `index` (0 <= index < count) in the order of the module docstring."""
        if not isinstance(index, int) or not 0 <= index < self.count:
            raise IndexError(f"layout index {index!r} out of range: there are {self.count} layouts")
        mines, t, rank = self._locate(index)
        return frozenset(mines + [self.outside[p] for p in unrank_positions(len(self.outside), t, rank)])

    def layouts(self, offset: int = 0, limit: int = 50) -> list[frozenset[Cell]]:
        """Layouts number offset, offset+1, ... (at most `limit`, fewer at the end)."""
        return list(self.iter_layouts(offset, limit))

    def iter_layouts(self, offset: int = 0, limit: int | None = None) -> Iterator[frozenset[Cell]]:
        """Layouts number offset, offset+1, ..., one at a time (at most `limit`; None: to the end)."""
        if not isinstance(offset, int) or not isinstance(limit, int | None) or offset < 0 or (limit or 0) < 0:
            raise IndexError("offset and limit must be whole numbers >= 0")
        index, outside = offset, self.outside
        end = self.count if limit is None else min(self.count, offset + limit)
        while index < end:  # within one block only the outside subset changes: step it
            mines, t, rank = self._locate(index)
            positions = unrank_positions(len(outside), t, rank)
            span = min(end - index, comb(len(outside), t) - rank)
            for _ in range(span):
                yield frozenset(mines + [outside[p] for p in positions])
                next_positions(positions, len(outside))
            index += span

    def _locate(self, index: int) -> tuple[list[Cell], int, int]:
        """(mines of the fixed cells and components, outside mines t, rank of the outside subset)."""
        mines = list(self.fixed_mines)
        chosen, d, above = [], 0, 1
        for j, comp in enumerate(self.components):
            for k, ways in sorted(comp.poly.items()):
                block = above * ways * self._after(j + 1, d + k)
                if index < block:
                    break
                index -= block
            else:
                raise AssertionError("layout index out of range at a component")
            chosen.append(k)
            d += k
            above *= ways
        n_out = len(self.outside)
        sizes = [comp.poly[k] for comp, k in zip(self.components, chosen)]
        if self._left is None:
            ways_out = 1  # C(n_out, t), stepped along: math.comb for each t took seconds on 10,000 cells
            for t in range(n_out + 1):
                block = above * ways_out
                if index < block:
                    break
                index -= block
                ways_out = ways_out * (n_out - t) // (t + 1)
        else:
            t = self._left - d
            ways_out = comb(n_out, t)
        sizes.append(ways_out)
        below = 1
        for size in sizes[1:]:
            below *= size
        for j, comp in enumerate(self.components):
            rank, index = divmod(index, below)
            below //= sizes[j + 1]
            comp.unrank(rank, chosen[j], mines)
        return mines, t, index

    def sample(self, rng: random.Random) -> frozenset[Cell]:
        """A layout drawn uniformly at random with `rng`; ValueError if there is none."""
        if not self.count:
            raise ValueError("no layout is consistent with this board")
        return self.layout(rng.randrange(self.count))


class LayoutSpace(ClueSpace):
    """All layouts of a board, counted exactly (`ClueSpace`); `board` is the board counted.
    `reveal(cell, value)`: the space of the board with one more cell revealed."""

    def __init__(self, board: Board, max_states: int | None = None,
                 after: tuple[Settled, list[Cell]] | None = None):
        """`after`: step 1's end state on a board that this one is with some hidden cells
        revealed, and those cells (`reveal`); step 1 then starts from it."""
        self.board = board
        self._revealed_from = after
        self._settled: Settled | None = None
        super().__init__(board, max_states)

    def _step1(self, board: Board | Constraints) -> tuple[dict[Cell, bool], OpenClues]:
        if self._revealed_from is None:
            return propagate(board)
        assert isinstance(board, Board)
        before, revealed = self._revealed_from
        state = self._settled = settle_after(before, board, revealed)
        return state.fixed, open_clues(board, state)

    def reveal(self, cell: Cell, value: int) -> LayoutSpace:
        """The space (with the default `max_states`) of the board with the hidden `cell` showing
        `value`, as the advisor's look-ahead counts them: step 1 starts from where it ended here."""
        board = self.board.replace({cell: str(value)})
        if len(board.clues) < SETTLED_FROM:  # step 1 from scratch is as fast
            return LayoutSpace(board)
        if self._settled is None and self.count:
            self._settled = settle(self.board)
        return LayoutSpace(board, None, (self._settled, [cell]) if self._settled else None)
