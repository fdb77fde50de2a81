"""Step 3 of counting (see the package docstring): one component of linked classes, counted by
dynamic programming along an order of its classes.

The state after some classes is the vector of the partial sums of the clues still open, packed in
one int: 5 bits per clue (`FIELD`), a clue's field starting at `FULL - count` so that it reads
`FULL` when satisfied and sets its `HIGH` bit when overfull.  A class is a step of masks on that
int (`Step`), and `moves` says which mine counts it may take from a state: every pass follows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from math import comb
from typing import NamedTuple

from minesat.board import Cell
from minesat.counting.classes import Classes, Contradiction, OpenClues
from minesat.counting.polynomials import Poly, trim, unpack
from minesat.counting.subsets import unrank_subset

Step = tuple[int, int, int, int, int, int]  # a class's (size, open, inc, high, low, close) masks
Move = tuple[int, int]  # (mines the class holds, the state after it)

FIELD = 5  # bits per open clue in a packed DP state
HIGH = 1 << (FIELD - 1)  # the bit that flags a field out of range
FULL = HIGH - 1  # field value of a satisfied clue (partial sum == count)
BINOMIALS = [[comb(s, m) for m in range(s + 1)] for s in range(65)]  # ways to place m mines in a class of s cells


class Prefix(NamedTuple):
    """The layouts of the classes before one class, by the state they reach (states with a
    completion only), and the moves from each of those states through the class."""

    polys: dict[int, int]  # {state: packed polynomial of the layouts reaching it}
    low: int  # the polynomials' lowest degree (they are divided by x ** low)
    moves: dict[int, list[Move]]  # {state: its `moves` through the class}


Prefixes = list[Prefix]  # per class of a component


class TooTangled(ValueError):
    """A component's clue graph is too wide for exact counting within the state budget."""


def moves(step: Step, state: int) -> list[Move]:
    """The numbers of mines m a class may hold after `state`, each with the state it leads to.

    Every pass over the classes (the forward counts, the backward completions, the marginals,
    the prefixes, the walk near a cell, the unranking of a layout) follows these moves, so the
    rule is written here once: no pass can disagree with another about which layouts exist.
    Each mine adds 1 to the field of every clue over the class (`inc`); a field reaching its
    `HIGH` bit is a clue overfull, and so is every larger m; `(t + low) & high == high` checks
    that each clue can still be filled by the cells after the class; `close` clears the fields of
    the clues the class completes, whose slots are reused."""
    size, opn, inc, high, low, close = step
    t = state + opn
    out = []
    for m in range(size + 1):
        if m:
            t += inc
        if t & high:
            break
        if (t + low) & high == high:
            out.append((m, t - close))
    return out


def steps_along(order: list[int], classes: Classes, clues: OpenClues) -> list[Step]:
    """Per class of the order: its (size, open, inc, high, low, close) masks on the packed state."""
    left = {k: len(clues[k][1]) for i in order for k in classes[i][1]}
    slot: dict[int, int] = {}
    free: list[int] = []
    top = 0
    steps = []
    for i in order:
        cells, ks = classes[i]
        size = len(cells)
        opn = inc = high = low = close = 0
        for k in ks:
            if k not in slot:
                if free:
                    free.sort()
                    slot[k] = free.pop(0)
                else:
                    slot[k], top = top, top + 1
                opn += (FULL - clues[k][0]) << (FIELD * slot[k])
            shift = FIELD * slot[k]
            left[k] -= size
            inc += 1 << shift
            high += HIGH << shift
            low += (left[k] + 1) << shift
            if left[k] == 0:
                close += FULL << shift
        for k in ks:
            if left[k] == 0:
                free.append(slot.pop(k))
        steps.append((size, opn, inc, high, low, close))
    return steps


class Component:
    """The layouts of one component of linked classes, counted.

    cells       per class, in the order counted along: its cells, sorted
    poly        {mines in the component: its layouts}
    held        per class: {mines in the component: sum over those layouts of the class's mines}
    states      the dynamic program's size, all layers together: what the component costs to keep
    unrank(i, mines, out)          the mines of its layout number i among those with `mines` mines
    prefixes(), near_counts(...)   the layouts counted again by the mines near one cell
    """

    def __init__(self, orders: list[list[int]], classes: Classes, clues: OpenClues, max_states: int):
        """Count along the first candidate order that stays within `max_states` states in all."""
        best, error = None, None
        for order in orders:
            steps = steps_along(order, classes, clues)
            try:
                best = (order, steps, *self._forward_counts(steps, max_states))
                break
            except TooTangled as too_wide:
                error = too_wide
        if best is None:
            raise error or AssertionError("no order to count along")
        order, self.steps, layers, found = best
        self.states = sum(map(len, layers))
        self.cells = [classes[i][0] for i in order]
        counts = layers[-1].get(0, 0)
        if not counts:
            raise Contradiction
        self.width = counts.bit_length() + 4  # bits per coefficient of a packed polynomial
        self.tables, self.low_mines = self._backward(found)
        self.poly: Poly = unpack(self.tables[0][0], self.width, self.low_mines[0]) if self.tables[0] else {}
        self.held = self._marginals(found)
        self._path: list[tuple[int, int, int, int, list[Cell]]] = []  # (start, end, state, left, mines)
        self._path_mines = -1

    @staticmethod
    def _forward_counts(steps: list[Step], max_states: int) -> tuple[list[dict[int, int]], list[dict[int, list[Move]]]]:
        """Reachable states per layer with their counts (prefix layouts reaching each state), and
        per layer the moves from each state, which the backward pass and the marginals follow."""
        layers = [{0: 1}]
        found: list[dict[int, list[Move]]] = []
        total = 1
        for step in steps:
            weights = BINOMIALS[step[0]]
            nxt: dict[int, int] = {}
            get = nxt.get
            here = {}
            for state, v in layers[-1].items():
                here[state] = out = moves(step, state)
                for m, key in out:
                    nxt[key] = get(key, 0) + v * weights[m]
            total += len(nxt)
            if total > max_states:
                raise TooTangled(
                    f"the board is too tangled to count exactly: a group of {len(steps)} linked cell "
                    f"classes needs more than {max_states:,} partial states")
            layers.append(nxt)
            found.append(here)
        return layers, found

    def _backward(self, found: list[dict[int, list[Move]]]) -> tuple[list[dict[int, int]], list[int]]:
        """(tables, low_mines): tables[i][state] = completions of classes i.. as a packed
        polynomial in mines, divided by x ** low_mines[i]."""
        width = self.width
        tables: list[dict[int, int]] = [{}] * len(self.steps) + [{0: 1}]
        low_mines = [0] * (len(self.steps) + 1)
        for i in range(len(self.steps) - 1, -1, -1):
            weights = BINOMIALS[self.steps[i][0]]
            after = tables[i + 1]
            table: dict[int, int] = {}
            for state, out in found[i].items():
                v = 0
                for m, key in out:
                    w = after.get(key)
                    if w:
                        v += (w * weights[m]) << (width * m)
                if v:
                    table[state] = v
            table, power = trim(table, width)
            tables[i] = table
            low_mines[i] = low_mines[i + 1] + power
        return tables, low_mines

    def _marginals(self, found: list[dict[int, list[Move]]]) -> list[Poly]:
        """held[i] = {component mines: sum over layouts of the mines in class i}."""
        width, tables = self.width, self.tables
        current, offset = {0: 1}, 0
        held = []
        for i, step in enumerate(self.steps):
            weights = BINOMIALS[step[0]]
            after, here = tables[i + 1], found[i]
            nxt: dict[int, int] = {}
            get = nxt.get
            mined: dict[int, int] = {}  # per next state: prefixes weighted by this class's mines
            for state, f in current.items():
                for m, key in here[state]:
                    if key in after:
                        g = (f * weights[m]) << (width * m)
                        nxt[key] = get(key, 0) + g
                        if m:
                            mined[key] = mined.get(key, 0) + m * g
            acc = 0
            for key, h in mined.items():  # multiply without the low zero coefficients
                w = after[key]
                zh = ((h & -h).bit_length() - 1) // width * width
                zw = ((w & -w).bit_length() - 1) // width * width
                acc += ((h >> zh) * (w >> zw)) << (zh + zw)
            held.append(unpack(acc, width, offset + self.low_mines[i + 1]))
            nxt, power = trim(nxt, width)
            current, offset = nxt, offset + power
        return held

    def prefixes(self) -> Prefixes:
        """Per class i: the `Prefix` of the layouts of the classes before it."""
        width, out = self.width, []
        current, offset = {0: 1}, 0
        for i, step in enumerate(self.steps):
            found = {state: moves(step, state) for state in current}
            out.append(Prefix(current, offset, found))
            weights, after = BINOMIALS[step[0]], self.tables[i + 1]
            nxt: dict[int, int] = {}
            for state, f in current.items():
                for m, key in found[state]:
                    if key in after:
                        nxt[key] = nxt.get(key, 0) + ((f * weights[m]) << (width * m))
            current, power = trim(nxt, width)
            offset += power
        return out

    def near_counts(self, prefixes: Prefixes, near: set[Cell], safe: Cell | None) -> dict[int, Poly]:
        """{mines among the `near` cells (at most 15): {mines in the component: layouts}} of the
        layouts with `safe` (if given) not a mine.  Only the classes from the first to the last
        holding one of these cells are walked again, from their `prefixes` to their completions,
        the mines near counted in the low 4 bits of the walk's keys: the states walked are those
        of the prefixes, so are their moves."""
        touched = [i for i, cells in enumerate(self.cells) if safe in cells or not near.isdisjoint(cells)]
        if not touched:
            return {0: unpack(self.tables[0][0], self.width, self.low_mines[0])}
        first, last = touched[0], touched[-1]
        layer, offset, _ = prefixes[first]
        current = {state << 4: f for state, f in layer.items()}
        for i in range(first, last + 1):
            cells = self.cells[i]
            r = sum(c in near for c in cells)
            rest = len(cells) - r - (safe in cells)
            split = [[(d, comb(r, d) * comb(rest, m - d)) for d in range(max(0, m - rest), min(r, m) + 1)]
                     for m in range(len(cells) + 1)]  # m mines in the class: (d of them near, ways)
            current = self._walk(prefixes[i].moves, current, self.tables[i + 1], split)
        after, packed = self.tables[last + 1], dict[int, int]()
        for key, f in current.items():
            packed[key & 15] = packed.get(key & 15, 0) + f * after[key >> 4]
        return {n: poly for n, v in sorted(packed.items())
                if (poly := unpack(v, self.width, offset + self.low_mines[last + 1]))}

    def _walk(self, found: dict[int, list[Move]], current: dict[int, int], after: dict[int, int],
              split: list[list[tuple[int, int]]]) -> dict[int, int]:
        """One class of `near_counts`: {state << 4 | mines near: packed prefixes}, to the next
        states that have completions, by the moves `found` from each state."""
        width = self.width
        nxt: dict[int, int] = {}
        get = nxt.get
        for key, f in current.items():
            n = key & 15
            for m, state in found[key >> 4]:
                if state in after:
                    g = f << (width * m)
                    base = state << 4 | n
                    for d, ways in split[m]:
                        nxt[base + d] = get(base + d, 0) + (g if ways == 1 else g * ways)
        return nxt

    @cached_property
    def _walked(self) -> tuple[dict[Cell, int], list[int]]:
        """({cell: its class}, states of the tables after the first i classes)."""
        where = {c: i for i, cells in enumerate(self.cells) for c in cells}
        states = [0]
        for table in self.tables[1:]:
            states.append(states[-1] + len(table))
        return where, states

    def walk_states(self, cells: Iterable[Cell]) -> int:
        """The states `near_counts` walks again for a cell and its neighbours `cells`: those of the
        classes from the first to the last holding one of them (0 when none is in the component)."""
        where, states = self._walked
        around = [where[c] for c in cells if c in where]
        return states[max(around) + 1] - states[min(around)] if around else 0

    def unrank(self, index: int, mines: int, out: list[Cell]) -> None:
        """Append the mines of layout `index` among those with `mines` mines in this component.

        The walk is cached: consecutive indices share all but the last steps, so a page of
        layouts redoes only the tail of the walk.
        """
        width, mask = self.width, (1 << self.width) - 1
        if self._path_mines != mines:
            self._path, self._path_mines = [], mines
        path = self._path
        while path and not path[-1][0] <= index < path[-1][1]:
            path.pop()
        if path:
            start, _, state, left, _ = path[-1]
        else:
            start, state, left = 0, 0, mines
        rel = index - start
        for i in range(len(path), len(self.steps)):
            step = self.steps[i]
            after, base = self.tables[i + 1], self.low_mines[i + 1]
            weights = BINOMIALS[step[0]]
            for m, key in moves(step, state):
                e = left - m - base
                w = after.get(key)
                if e < 0 or not w:
                    continue
                c = (w >> (width * e)) & mask
                block = c * weights[m]
                if rel < block:
                    rank, rel = divmod(rel, c)
                    start = index - rel
                    state, left = key, left - m
                    path.append((start, start + c, state, left, unrank_subset(self.cells[i], m, rank)))
                    break
                rel -= block
            else:
                raise AssertionError("layout index out of range in a component")
        for entry in path:
            out.extend(entry[4])
