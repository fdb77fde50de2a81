"""Steps 1 and 2 of counting (see the package docstring): the clues a board leaves open after
its flags and trivial clues, its unknown cells grouped into classes and components, and orders to
count a component along."""

from __future__ import annotations

from typing import NamedTuple

from minesat.board import FLAG, HIDDEN, Board, Cell, Clue
from minesat.unionfind import UnionFind

OpenClues = list[tuple[int, list[Cell]]]  # per open clue: (mines left, unknown neighbours)
Classes = list[tuple[tuple[Cell, ...], tuple[int, ...]]]  # per class: (its cells, its clues)
ClueClasses = dict[int, list[int]]  # clue -> the classes it covers

SWEEP_ABOVE = 24  # components with more classes also try geometric sweeps as elimination orders


class Constraints(NamedTuple):
    """What counting reads of a board, to count a part of one: clues over the unknown cells
    `hidden`, the flags among them, and the total number of mines when known.  A `Board` has
    the same four; `ClueSpace(Constraints(...))` counts clues that belong to no board."""

    clues: tuple[Clue, ...]
    hidden: tuple[Cell, ...]
    flags: tuple[Cell, ...] = ()
    mines: int | None = None


class Contradiction(Exception):
    """The board has no layout."""


# -- step 1: flags and trivial clues ---------------------------------------------------
def propagate(board: Board | Constraints, fired: list[int] | None = None) -> tuple[dict[Cell, bool], OpenClues]:
    """Fixed cells (cell -> is mine) and the open clues as (mines left, unknown neighbours).
    `fired`, when given, gets the clues that fixed some cell themselves (their positions among
    the clues with unknown neighbours)."""
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
            if fired is not None:
                fired.append(k)
            mine = need[k] > 0
            for cell in cells[k]:
                if cell not in fixed:
                    assign(cell, mine)
    return fixed, [(need[k], [c for c in cells[k] if c not in fixed]) for k in range(len(need)) if free[k]]


class Settled(NamedTuple):
    """Step 1's end state on a board, by clue cell, kept so that the board with a few more cells
    revealed starts from it (`settle_after`): mines left and neighbours not fixed per clue, each
    clue's unknown neighbours (fixed ones included), the clues around each unknown cell, and the
    fixed cells (with the cells revealed since, as safe)."""

    need: dict[Cell, int]
    free: dict[Cell, int]
    around: dict[Cell, tuple[Cell, ...]]
    touching: dict[Cell, list[Cell]]
    fixed: dict[Cell, bool]


def settle(board: Board) -> Settled:
    """`propagate`'s fixed cells, as a state to start from; Contradiction as it."""
    need: dict[Cell, int] = {}
    free: dict[Cell, int] = {}
    around: dict[Cell, tuple[Cell, ...]] = {}
    touching: dict[Cell, list[Cell]] = {}
    stack: list[Cell] = []
    for clue in board.clues:
        if not clue.neighbours:
            if clue.count:
                raise Contradiction
            continue
        k = clue.cell
        need[k], free[k], around[k] = clue.count, len(clue.neighbours), clue.neighbours
        for cell in clue.neighbours:
            if cell in touching:
                touching[cell].append(k)
            else:
                touching[cell] = [k]
    state = Settled(need, free, around, touching, {})
    for cell in board.flags:
        _assign(state, cell, True, stack)
    for k, n in need.items():
        f = free[k]
        if n > f:
            raise Contradiction
        if f and (n == 0 or n == f):
            stack.append(k)
    _settle(state, stack)
    return state


def settle_after(before: Settled, board: Board, revealed: list[Cell]) -> Settled:
    """Step 1's end state on `board`, a board whose state was `before` with the hidden cells
    `revealed` now showing numbers: the same fixed cells as `propagate(board)` (unit propagation
    reaches the same cells in any order, and the earlier board's steps are steps of this one, a
    revealed cell being a safe one), found from `before` instead of from scratch."""
    state = Settled(dict(before.need), dict(before.free), dict(before.around), dict(before.touching),
                    dict(before.fixed))
    stack: list[Cell] = []
    for cell in revealed:
        mine = state.fixed.get(cell)
        if mine:
            raise Contradiction
        if mine is None:
            _assign(state, cell, False, stack)
    need, free, touching, fixed = state.need, state.free, state.touching, state.fixed
    for cell in revealed:
        k = cell
        neighbours = tuple(x for x in board.neighbours(cell) if board[x] in (HIDDEN, FLAG))  # its clue's
        if not neighbours:
            if int(board[cell]):
                raise Contradiction
            continue
        n = int(board[cell]) - sum(1 for x in neighbours if fixed.get(x))
        f = sum(1 for x in neighbours if x not in fixed)
        if n < 0 or n > f:
            raise Contradiction
        need[k], free[k], state.around[k] = n, f, neighbours
        for x in neighbours:
            if x not in fixed:
                touching[x] = [*touching.get(x, ()), k]
        if f and (n == 0 or n == f):
            stack.append(k)
    _settle(state, stack)
    return state


def _assign(state: Settled, cell: Cell, mine: bool, stack: list[Cell]) -> None:
    need, free = state.need, state.free
    state.fixed[cell] = mine
    for j in state.touching.get(cell, ()):
        free[j] -= 1
        if mine:
            need[j] -= 1
        n, f = need[j], free[j]
        if n < 0 or n > f:
            raise Contradiction
        if f and (n == 0 or n == f):
            stack.append(j)


def _settle(state: Settled, stack: list[Cell]) -> None:
    """Fire the clues on the stack, and those they trigger, until none is left (propagate's loop)."""
    free, need, around, fixed = state.free, state.need, state.around, state.fixed
    while stack:
        k = stack.pop()
        if free[k]:
            mine = need[k] > 0
            for cell in around[k]:
                if cell not in fixed:
                    _assign(state, cell, mine, stack)


def open_clues(board: Board, state: Settled) -> OpenClues:
    """`propagate`'s open clues, from a settled state of the board."""
    need, free, fixed = state.need, state.free, state.fixed
    return [(need[c.cell], [x for x in c.neighbours if x not in fixed]) for c in board.clues
            if c.neighbours and free[c.cell]]


# -- step 2: classes and components ----------------------------------------------------
def cell_classes(clues: OpenClues) -> Classes:
    """Cells grouped by their set of clues: (sorted cells, sorted clue ids), sorted by first cell."""
    keys: dict[Cell, list[int]] = {}
    for k, (_, cells) in enumerate(clues):
        for cell in cells:
            keys.setdefault(cell, []).append(k)
    groups: dict[tuple[int, ...], list[Cell]] = {}
    for cell, ks in keys.items():
        groups.setdefault(tuple(ks), []).append(cell)
    return sorted((tuple(sorted(cells)), ks) for ks, cells in groups.items())


def linked_components(classes: Classes) -> list[list[int]]:
    """Class indices grouped into connected components, each sorted, ordered by first cell."""
    sets = UnionFind(len(classes))
    first_class: dict[int, int] = {}  # per clue: the first class seen under it
    for i, (_, ks) in enumerate(classes):
        for k in ks:
            sets.union(first_class.setdefault(k, i), i)
    return sets.groups()


# -- orders to count a component along (step 3) ---------------------------------------
def elimination_order(members: list[int], classes: Classes, clue_classes: ClueClasses) -> list[int]:
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


def candidate_orders(members: list[int], classes: Classes, clue_classes: ClueClasses) -> list[list[int]]:
    """Orders to count along, most promising first: for large components the greedy order and
    column and row sweeps, ranked by sum over steps of 2 ** (clues open after the step)."""
    greedy = elimination_order(members, classes, clue_classes)
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

