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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import cached_property, reduce
from math import comb
from operator import mul, or_

from .board import Board, Cell
from .unionfind import UnionFind

OpenClues = list[tuple[int, list[Cell]]]  # per open clue: (mines left, unknown neighbours)
Classes = list[tuple[tuple[Cell, ...], tuple[int, ...]]]  # per class: (its cells, its clues)
ClueClasses = dict[int, list[int]]  # clue -> the classes it covers
Step = tuple[int, int, int, int, int, int]  # a class's (size, open, inc, high, low, close) masks

_FIELD = 5  # bits per open clue in a packed DP state
_HIGH = 1 << (_FIELD - 1)  # the bit that flags a field out of range
_FULL = _HIGH - 1  # field value of a satisfied clue (partial sum == count)
_BIN = [[comb(s, m) for m in range(s + 1)] for s in range(65)]


class Contradiction(Exception):
    """The board has no layout."""


class TooTangled(ValueError):
    """A component's clue graph is too wide for exact counting within the state budget."""


MAX_STATES = 500_000  # DP states of one component, all layers together (memory guard: ~0.5 GB);
                      # real positions need a few thousand (a dense 10x21 lattice: 3,666)
SWEEP_ABOVE = 24  # components with more classes also try geometric sweeps as elimination orders


# -- step 1: flags and trivial clues ---------------------------------------------------
def _propagate(board: Board) -> tuple[dict[Cell, bool], OpenClues]:
    """Fixed cells (cell -> is mine) and the open clues as (mines left, unknown neighbours)."""
    need: list[int] = []  # per clue with hidden neighbours: mines still to place
    free: list[int] = []  # ... and neighbours not fixed yet
    cells: list[tuple[Cell, ...]] = []
    touching: dict[Cell, list[int]] = {}
    for clue in board.clues:
        if not clue.neighbours:
            if clue.count:
                raise Contradiction
            continue
        k = len(need)
        need.append(clue.count)
        free.append(len(clue.neighbours))
        cells.append(clue.neighbours)
        for cell in clue.neighbours:
            if cell in touching:
                touching[cell].append(k)
            else:
                touching[cell] = [k]
    fixed: dict[Cell, bool] = {}
    stack: list[int] = []

    def assign(cell: Cell, mine: bool) -> None:
        fixed[cell] = mine
        for j in touching.get(cell, ()):
            free[j] -= 1
            if mine:
                need[j] -= 1
            n, f = need[j], free[j]
            if n < 0 or n > f:
                raise Contradiction
            if f and (n == 0 or n == f):
                stack.append(j)

    for cell in board.flags:
        assign(cell, True)
    for k, (n, f) in enumerate(zip(need, free)):
        if n > f:
            raise Contradiction
        if f and (n == 0 or n == f):
            stack.append(k)
    while stack:
        k = stack.pop()
        if free[k]:
            mine = need[k] > 0
            for cell in cells[k]:
                if cell not in fixed:
                    assign(cell, mine)
    return fixed, [(need[k], [c for c in cells[k] if c not in fixed]) for k in range(len(need)) if free[k]]


# -- step 2: classes and components ----------------------------------------------------
def _classes(clues: OpenClues) -> Classes:
    """Cells grouped by their set of clues: (sorted cells, sorted clue ids), sorted by first cell."""
    keys: dict[Cell, list[int]] = {}
    for k, (_, cells) in enumerate(clues):
        for cell in cells:
            keys.setdefault(cell, []).append(k)
    groups: dict[tuple[int, ...], list[Cell]] = {}
    for cell, ks in keys.items():
        groups.setdefault(tuple(ks), []).append(cell)
    return sorted((tuple(sorted(cells)), ks) for ks, cells in groups.items())


def _components(classes: Classes) -> list[list[int]]:
    """Class indices grouped into connected components, each sorted, ordered by first cell."""
    sets = UnionFind(len(classes))
    first_class: dict[int, int] = {}  # per clue: the first class seen under it
    for i, (_, ks) in enumerate(classes):
        for k in ks:
            sets.union(first_class.setdefault(k, i), i)
    return sets.groups()


# -- step 3: one component ---------------------------------------------------------------
def _elimination_order(members: list[int], classes: Classes, clue_classes: ClueClasses) -> list[int]:
    """A class order that keeps few clues open: start far away, then greedily close clues."""
    if len(members) == 1:
        return members

    def farthest(start: int) -> int:
        seen, frontier = {start}, [start]
        while frontier:
            nxt = [j for i in frontier for k in classes[i][1] for j in clue_classes[k] if j not in seen]
            nxt = list(dict.fromkeys(nxt))  # each class once, in the order first reached
            seen.update(nxt)
            if not nxt:
                return frontier[-1]
            frontier = nxt
        return start

    left = {k: len(clue_classes[k]) for i in members for k in classes[i][1]}
    opened: set[int] = set()
    done: set[int] = set()
    order: list[int] = []
    candidates = {farthest(farthest(members[0]))}
    while candidates:
        best, best_key = -1, None
        for i in candidates:
            ks = classes[i][1]
            new = closes = 0
            for k in ks:
                if k not in opened:
                    new += 1
                if left[k] == 1:
                    closes += 1
            key = (new - closes, new - len(ks), i)
            if best_key is None or key < best_key:
                best, best_key = i, key
        candidates.discard(best)
        done.add(best)
        order.append(best)
        for k in classes[best][1]:
            left[k] -= 1
            if k not in opened:
                opened.add(k)
                candidates.update(j for j in clue_classes[k] if j not in done)
            if left[k] == 0:
                opened.discard(k)
        if not candidates and len(order) < len(members):
            candidates = {min(i for i in members if i not in done)}
    return order


def _candidate_orders(members: list[int], classes: Classes, clue_classes: ClueClasses) -> list[list[int]]:
    """Orders to count along, most promising first: for large components the greedy order and
    column and row sweeps, ranked by sum over steps of 2 ** (clues open after the step)."""
    greedy = _elimination_order(members, classes, clue_classes)
    if len(members) <= SWEEP_ABOVE:
        return [greedy]
    columns = sorted(members, key=lambda i: (min(c for _, c in classes[i][0]), classes[i][0][0][0]))
    orders = [greedy, columns, sorted(members)]

    def estimate(order: list[int]) -> int:
        left = {k: len(clue_classes[k]) for i in order for k in classes[i][1]}
        opened: set[int] = set()
        total = 0
        for i in order:
            for k in classes[i][1]:
                left[k] -= 1
                if left[k]:
                    opened.add(k)
                else:
                    opened.discard(k)
            total += 1 << len(opened)
        return total

    return sorted(orders, key=estimate)


class _Component:
    """Counts of one component of classes: per number of mines, per class, per state."""

    def __init__(self, orders: list[list[int]], classes: Classes, clues: OpenClues, clue_classes: ClueClasses,
                 max_states: int = MAX_STATES):
        """Count along the first candidate order that stays within `max_states` states in all."""
        best, error = None, None
        for order in orders:
            steps = self._masks(order, classes, clues, clue_classes)
            try:
                best = (order, steps, self._forward_counts(steps, max_states))
                break
            except TooTangled as too_wide:
                error = too_wide
        if best is None:
            raise error or AssertionError("no order to count along")
        order, self.steps, self._layers = best
        self.states = sum(map(len, self._layers))  # the DP's size: what the component costs to keep
        self.cells = [classes[i][0] for i in order]
        counts = self._layers[-1].get(0, 0)
        if not counts:
            raise Contradiction
        self.width = counts.bit_length() + 4
        self._backward()
        self._marginals()
        self._path: list[tuple[int, int, int, int, list[Cell]]] = []  # (start, end, state, left, mines)
        self._path_mines = -1

    @staticmethod
    def _masks(order: list[int], classes: Classes, clues: OpenClues, clue_classes: ClueClasses) -> list[Step]:
        """Per class: (size, open, inc, high, low, close) masks on the packed state."""
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
                    opn += (_FULL - clues[k][0]) << (_FIELD * slot[k])
                shift = _FIELD * slot[k]
                left[k] -= size
                inc += 1 << shift
                high += _HIGH << shift
                low += (left[k] + 1) << shift
                if left[k] == 0:
                    close += _FULL << shift
            for k in ks:
                if left[k] == 0:
                    free.append(slot.pop(k))
            steps.append((size, opn, inc, high, low, close))
        return steps

    def _transitions(self, step: Step, state: int) -> list[tuple[int, int]]:
        """(m, next state) for every mine count m of the class allowed from `state`."""
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

    @staticmethod
    def _forward_counts(steps: list[Step], max_states: int) -> list[dict[int, int]]:
        """Reachable states per layer with their counts (prefix layouts reaching each state)."""
        layers = [{0: 1}]
        total = 1
        for step in steps:
            size, opn, inc, high, low, close = step
            weights = _BIN[size]
            nxt: dict[int, int] = {}
            get = nxt.get
            for state, v in layers[-1].items():
                t = state + opn
                for m in range(size + 1):
                    if m:
                        t += inc
                    if t & high:
                        break
                    if (t + low) & high == high:
                        key = t - close
                        nxt[key] = get(key, 0) + v * weights[m]
            total += len(nxt)
            if total > max_states:
                raise TooTangled(
                    f"the board is too tangled to count exactly: a group of {len(steps)} linked cell "
                    f"classes needs more than {max_states:,} partial states")
            layers.append(nxt)
        return layers

    def _backward(self) -> None:
        """tables[i][state] = completions of classes i.. as a packed polynomial in mines."""
        width = self.width
        tables: list[dict[int, int]] = [{}] * len(self.steps) + [{0: 1}]
        low_mines = [0] * (len(self.steps) + 1)
        for i in range(len(self.steps) - 1, -1, -1):
            size, opn, inc, high, low, close = self.steps[i]
            weights = _BIN[size]
            after = tables[i + 1]
            table: dict[int, int] = {}
            for state in self._layers[i]:
                t = state + opn
                v = 0
                for m in range(size + 1):
                    if m:
                        t += inc
                    if t & high:
                        break
                    if (t + low) & high == high:
                        w = after.get(t - close)
                        if w:
                            v += (w * weights[m]) << (width * m)
                if v:
                    table[state] = v
            table, trim = _trim(table, width)
            tables[i] = table
            low_mines[i] = low_mines[i + 1] + trim
        self.tables, self.low_mines = tables, low_mines
        del self._layers
        self.poly = _unpack(tables[0][0], width, low_mines[0]) if tables[0] else {}

    def _marginals(self) -> None:
        """held[i] = {component mines: sum over layouts of the mines in class i}."""
        width, tables = self.width, self.tables
        current, offset = {0: 1}, 0
        held = []
        for i, step in enumerate(self.steps):
            size, opn, inc, high, low, close = step
            weights = _BIN[size]
            after = tables[i + 1]
            nxt: dict[int, int] = {}
            get = nxt.get
            mined: dict[int, int] = {}  # per next state: prefixes weighted by this class's mines
            for state, f in current.items():
                t = state + opn
                for m in range(size + 1):
                    if m:
                        t += inc
                    if t & high:
                        break
                    if (t + low) & high == high:
                        key = t - close
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
            held.append(_unpack(acc, width, offset + self.low_mines[i + 1]))
            nxt, trim = _trim(nxt, width)
            current, offset = nxt, offset + trim
        self.held = held

    def prefixes(self) -> list[tuple[dict[int, int], int]]:
        """Per class i: ({state: packed polynomial of the layouts of the classes before i
        reaching it}, the polynomial's lowest degree), states with a completion only."""
        width, out = self.width, []
        current, offset = {0: 1}, 0
        for i, step in enumerate(self.steps):
            out.append((current, offset))
            weights, after = _BIN[step[0]], self.tables[i + 1]
            nxt: dict[int, int] = {}
            for state, f in current.items():
                for m, key in self._transitions(step, state):
                    if key in after:
                        nxt[key] = nxt.get(key, 0) + ((f * weights[m]) << (width * m))
            current, trim = _trim(nxt, width)
            offset += trim
        return out

    def near_counts(self, prefixes: list[tuple[dict[int, int], int]], near: set[Cell], safe: Cell | None
                    ) -> dict[int, dict[int, int]]:
        """{mines among the `near` cells (at most 15): {mines in the component: layouts}} of the
        layouts with `safe` (if given) not a mine.  Only the classes from the first to the last
        holding one of these cells are walked again, from their `prefixes` to their completions
        (`tables`), the mines near counted in the low 4 bits of the walk's keys."""
        touched = [i for i, cells in enumerate(self.cells) if safe in cells or not near.isdisjoint(cells)]
        if not touched:
            return {0: _unpack(self.tables[0][0], self.width, self.low_mines[0])}
        first, last = touched[0], touched[-1]
        layer, offset = prefixes[first]
        current = {state << 4: f for state, f in layer.items()}
        for i in range(first, last + 1):
            cells = self.cells[i]
            r = sum(c in near for c in cells)
            rest = len(cells) - r - (safe in cells)
            split = [[(d, comb(r, d) * comb(rest, m - d)) for d in range(max(0, m - rest), min(r, m) + 1)]
                     for m in range(len(cells) + 1)]  # m mines in the class: (d of them near, ways)
            current = self._walk(self.steps[i], current, self.tables[i + 1], split)
        after, packed = self.tables[last + 1], dict[int, int]()
        for key, f in current.items():
            packed[key & 15] = packed.get(key & 15, 0) + f * after[key >> 4]
        return {n: poly for n, v in sorted(packed.items())
                if (poly := _unpack(v, self.width, offset + self.low_mines[last + 1]))}

    def _walk(self, step: Step, current: dict[int, int], after: dict[int, int], split: list[list[tuple[int, int]]]
              ) -> dict[int, int]:
        """One class of `near_counts`: {state << 4 | mines near: packed prefixes}, to the next
        states that have completions."""
        size, opn, inc, high, low, close = step
        width = self.width
        nxt: dict[int, int] = {}
        get = nxt.get
        for key, f in current.items():
            n = key & 15
            t = (key >> 4) + opn
            for m in range(size + 1):
                if m:
                    t += inc
                if t & high:
                    break
                if (t + low) & high == high and t - close in after:
                    g = f << (width * m)
                    base = (t - close) << 4 | n
                    for d, ways in split[m]:
                        nxt[base + d] = get(base + d, 0) + (g if ways == 1 else g * ways)
        return nxt

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
            weights = _BIN[step[0]]
            for m, key in self._transitions(step, state):
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
                    path.append((start, start + c, state, left, _unrank_subset(self.cells[i], m, rank)))
                    break
                rel -= block
            else:
                raise AssertionError("layout index out of range in a component")
        for entry in path:
            out.extend(entry[4])


def _trim(table: dict[int, int], width: int) -> tuple[dict[int, int], int]:
    """Divide packed polynomials by the largest power of x dividing them all: (table, power)."""
    if not table:
        return table, 0
    low = reduce(or_, table.values())
    power = ((low & -low).bit_length() - 1) // width
    if power:
        shift = width * power
        table = {s: v >> shift for s, v in table.items()}
    return table, power


def _unpack(v: int, width: int, offset: int) -> dict[int, int]:
    """{offset + j: coefficient j} of a packed polynomial, nonzero coefficients only."""
    out = {}
    mask = (1 << width) - 1
    j = offset
    while v:
        c = v & mask
        if c:
            out[j] = c
        v >>= width
        j += 1
    return out


def _unrank_positions(n: int, k: int, rank: int) -> list[int]:
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


def _unrank_subset(cells: Sequence[Cell], k: int, rank: int) -> list[Cell]:
    """The size-k subset number `rank` of `cells` in lexicographic order of positions."""
    return [cells[p] for p in _unrank_positions(len(cells), k, rank)]


def _next_positions(positions: list[int], n: int) -> None:
    """Step sorted positions to the next size-k subset of range(n) in lexicographic order."""
    k = len(positions)
    i = k - 1
    while i >= 0 and positions[i] == n - k + i:
        i -= 1
    if i >= 0:
        positions[i] += 1
        for j in range(i + 1, k):
            positions[j] = positions[j - 1] + 1


def _dense(poly: dict[int, int]) -> tuple[int, list[int]]:
    """A polynomial {degree: coefficient} as (lowest degree, coefficients from there)."""
    lo = min(poly)
    return lo, [poly.get(d, 0) for d in range(lo, max(poly) + 1)]


def _conv(p: tuple[int, list[int]], q: tuple[int, list[int]]) -> tuple[int, list[int]]:
    """The product of two dense polynomials."""
    a, b = p[1], q[1]
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return p[0] + q[0], out


def _binomials(n: int, lo: int, hi: int) -> list[int]:
    """[C(n, t) for t in lo..hi] (0 outside 0..n), by the multiplicative recurrence."""
    out: list[int] = []
    t = min(max(lo, 0), hi + 1)
    out.extend([0] * (t - lo))
    if t <= min(hi, n):
        c = comb(n, t)
        out.append(c)
        for u in range(t + 1, min(hi, n) + 1):
            c = c * (n - u + 1) // u
            out.append(c)
    out.extend([0] * (hi - lo + 1 - len(out)))
    return out


def _mul(p: dict[int, int], q: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, a in p.items():
        for j, b in q.items():
            out[i + j] = out.get(i + j, 0) + a * b
    return out


# -- step 4: the whole board -----------------------------------------------------------
CACHE_STATES = 100_000  # components kept for later boards, at most this many DP states in all
                       # (memory: a few MB; an expert board's components hold a few hundred)
ComponentKey = tuple[int, tuple[tuple[int, tuple[Cell, ...]], ...]]  # (max_states, open clues)


class _Cache:
    """Components kept for later boards, oldest first, at most `CACHE_STATES` DP states in all."""

    def __init__(self) -> None:
        self.components: dict[ComponentKey, _Component] = {}
        self.states = 0

    def keep(self, key: ComponentKey, comp: _Component) -> None:
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
               max_states: int) -> _Component:
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
        comp = _Component(_candidate_orders(members, classes, clue_classes), classes, clues, clue_classes,
                          max_states)
        _cache.keep(key, comp)
    return comp


class LayoutSpace:
    """All layouts of a board, counted exactly; see the module docstring for the method and order.

    count               number of layouts (0 when the board is contradictory)
    mine_counts         {cell: layouts where the cell is a mine} for every cell of board.hidden
    probability(cell)   mine_counts[cell] / count as a Fraction
    safe, mines         cells that are safe / mines in every layout, sorted
    mines_distribution  {total number of mines: layouts}
    layout(i), layouts(offset, limit), sample(rng)   layouts by number, uniform draws

    Raises TooTangled (a ValueError with a readable message) when one component would need more
    than `max_states` partial states in all (memory guard; never met on real positions).
    """

    def __init__(self, board: Board, max_states: int | None = None):
        self.board = board
        self.max_states = MAX_STATES if max_states is None else max_states
        self.total = board.mines
        self.count = 0
        self.fixed_mines: list[Cell] = []
        self.components: list[_Component] = []
        self.outside: list[Cell] = []
        self.mine_counts: dict[Cell, int] = dict.fromkeys(board.hidden, 0)
        try:
            self._build()
        except Contradiction:
            self.count, self.components = 0, []
            self.mine_counts = dict.fromkeys(board.hidden, 0)

    def _build(self) -> None:
        board = self.board
        fixed, clues = _propagate(board)
        classes = _classes(clues)
        clue_classes: dict[int, list[int]] = {}
        for i, (_, ks) in enumerate(classes):
            for k in ks:
                clue_classes.setdefault(k, []).append(i)
        in_class = {cell for cells, _ in classes for cell in cells}
        self.fixed_mines = sorted(c for c, mine in fixed.items() if mine)
        self.outside = [c for c in board.hidden if c not in fixed and c not in in_class]
        self.components = [_component(members, classes, clues, clue_classes, self.max_states)
                           for members in _components(classes)]
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
        dense = {j: _dense(comps[j].poly) for j in varying}
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
            order = sorted(varying, key=lambda j: -len(dense[j][1]))
            prefix = [(shift, [1])]
            for j in order:
                prefix.append(_conv(prefix[-1], dense[j]))
            lo, top = prefix[-1]
            outside = _binomials(n_out, left - lo - len(top) + 1, left - lo)[::-1]  # ways for D = lo + i
            count = scalar * sum(a * b for a, b in zip(top, outside))
            if not count:
                raise Contradiction
            tail = outside  # ways to finish the components after j and the outside, by prefix index
            for j, pre in zip(reversed(order), reversed(prefix[:-1])):
                lo_j, poly = dense[j]
                pre_ways = pre[1]
                n, m = len(pre_ways), len(poly)
                weights[j] = {lo_j + t: scalar * sum(map(mul, pre_ways, tail[t:t + n]))
                              for t, w in enumerate(poly) if w}
                tail = [sum(map(mul, poly, tail[i:i + m])) for i in range(n)]
            inner = _binomials(n_out - 1, left - lo - len(top), left - lo - 1)[::-1] if n_out else []
            outside_each = scalar * sum(a * b for a, b in zip(top, inner))
        self.count = count
        counts = self.mine_counts
        for cell in self.fixed_mines:
            counts[cell] = count
        for j, comp in enumerate(comps):
            weight = weights.get(j) or {k: count // w for k, w in comp.poly.items()}
            for cells, held in zip(comp.cells, comp.held):
                per_cell = sum(h * weight.get(k, 0) for k, h in held.items()) // len(cells)
                for cell in cells:
                    counts[cell] = per_cell
        for cell in self.outside:
            counts[cell] = outside_each

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
            prefix.append(_mul(prefix[-1], p))
        lo, hi = min(prefix[-1]), max(prefix[-1])
        row = _binomials(n_out, left - hi, left - lo)
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
            frontier = _mul(frontier, comp.poly)
        n_out, base = len(self.outside), len(self.fixed_mines)
        row = _binomials(n_out, 0, n_out)
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
        return frozenset(mines + [self.outside[p] for p in _unrank_positions(len(self.outside), t, rank)])

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
            positions = _unrank_positions(len(outside), t, rank)
            span = min(end - index, comb(len(outside), t) - rank)
            for _ in range(span):
                yield frozenset(mines + [outside[p] for p in positions])
                _next_positions(positions, len(outside))
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
