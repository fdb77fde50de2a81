"""A minimal conflict of a wrong total, by counting: which clues rule out the board's total.

When the clues and the flags have layouts but none holds the board's total number of mines N,
the clues that contradict N are found without SAT.  For a set S of clues, the numbers of mines
its layouts can hold form a set T(S):

    T(S) = {flags} + T(A_1) + ... + T(A_m) + [0, free(S)]

where A_i are the groups of clues of S linked by shared cells, T(A) the numbers of mines the
(unflagged) cells next to A can hold (from the counting engine's per-component polynomials),
free(S) the unflagged hidden cells next to no clue of S, and + the sum of sets.  S contradicts
N exactly when N is not in T(S).  Removing a clue only changes its own group's T, so a deletion
search (drop a group, then a clue, and keep it out while N stays impossible) recounts one group
per step; fewer constraints never make N impossible, so what is left is minimal: dropping any
one of its clues makes N possible again.  Sets of possible numbers are ints used as bit sets.
"""

from __future__ import annotations

from minesat.board import FLAG, Board, Cell, Clue
from minesat.counting import ClueSpace, Constraints, LayoutSpace
from minesat.unionfind import UnionFind


def total_conflict(board: Board) -> list[Cell] | None:
    """The cells of a minimal set of clues that contradict the board's total with the flags, or
    None when the total is unknown, the clues and flags contradict each other without it, or it
    is possible.  An empty list: the flags alone contradict the total."""
    if board.mines is None or not LayoutSpace(board.with_mines(None)).count:
        return None
    search = _Search(board)
    if search.possible(search.groups):
        return None
    groups = search.drop_groups(search.groups)
    kept: list[_Group] = []
    for j in range(len(groups)):
        kept += search.drop_clues(kept + groups[j:], len(kept))
    return sorted(clue.cell for g in kept for clue in g.clues)


class _Group:
    """Clues counted together: their unflagged hidden neighbours and the numbers of mines those can hold."""

    def __init__(self, clues: tuple[Clue, ...], unknown: frozenset[Cell]):
        self.clues = clues
        self.cells = frozenset(x for c in clues for x in c.neighbours if x in unknown)
        self.mines = _possible_mines(clues, unknown) if clues else 1  # bit k: k mines among self.cells


class _Search:
    """The board's clues in groups, and the test "is the total possible with these groups?"."""

    def __init__(self, board: Board):
        self.unknown = frozenset(c for c in board.hidden if board[c] != FLAG)
        self.left = (board.mines or 0) - len(board.flags)  # mines among the unflagged cells
        self.groups = self.pieces(tuple(c for c in board.clues if any(x in self.unknown for x in c.neighbours)))

    def possible(self, groups: list[_Group]) -> bool:
        """Whether some layout of these groups' clues and the flags holds the board's total."""
        held = 1
        for group in groups:
            held = _sum_of_sets(group.mines, held)
        return self._meets(held, 1, sum(len(g.cells) for g in groups))

    def drop_groups(self, groups: list[_Group]) -> list[_Group]:
        """The groups left after dropping, in turn, each one whose clues the total does not need."""
        after = [1]
        for group in reversed(groups):
            after.append(_sum_of_sets(group.mines, after[-1]))
        after.reverse()  # after[i]: the numbers of mines groups i.. can hold
        cells_after = [sum(len(g.cells) for g in groups[i:]) for i in range(len(groups) + 1)]
        kept: list[_Group] = []
        before, cells_before = 1, 0
        for i, group in enumerate(groups):
            if self._meets(before, after[i + 1], cells_before + cells_after[i + 1]):
                kept.append(group)
                before, cells_before = _sum_of_sets(group.mines, before), cells_before + len(group.cells)
        return kept

    def drop_clues(self, groups: list[_Group], j: int) -> list[_Group]:
        """Group j without each clue, in turn, that the total does not need (the other groups as
        they are), as linked pieces: a clue dropped may split its piece, and then each later test
        recounts only the piece of its clue."""
        others, cells = 1, 0
        for i, group in enumerate(groups):
            if i != j:
                others, cells = _sum_of_sets(group.mines, others), cells + len(group.cells)
        pieces = [groups[j]]
        for clue in groups[j].clues:
            k = next(i for i, piece in enumerate(pieces) if clue in piece.clues)
            smaller = self.pieces(tuple(c for c in pieces[k].clues if c != clue))
            held, covered = others, cells
            for piece in pieces[:k] + smaller + pieces[k + 1:]:
                held, covered = _sum_of_sets(piece.mines, held), covered + len(piece.cells)
            if not self._meets(held, 1, covered):
                pieces[k:k + 1] = smaller
        return pieces

    def pieces(self, clues: tuple[Clue, ...]) -> list[_Group]:
        """The clues in groups linked by shared unflagged cells."""
        links = UnionFind(len(clues))
        first: dict[Cell, int] = {}  # cell -> the first clue next to it
        for k, clue in enumerate(clues):
            for x in clue.neighbours:
                if x in self.unknown:
                    links.union(k, first.setdefault(x, k))
        return [_Group(tuple(clues[k] for k in g), self.unknown) for g in links.groups()]

    def _meets(self, a: int, b: int, covered: int) -> bool:
        """Whether x + y + z can be the number of unflagged mines for some x in a, y in b and z
        mines among the cells next to no clue (all but `covered`)."""
        high = self.left
        low = max(0, high - (len(self.unknown) - covered))
        if high < 0:
            return False
        if a.bit_count() > b.bit_count():
            a, b = b, a
        while a:
            bit = a & -a
            x = bit.bit_length() - 1
            if x > high:
                return False
            start = max(0, low - x)
            if b >> start & ((1 << (high - x - start + 1)) - 1):
                return True
            a ^= bit
        return False


def _possible_mines(clues: tuple[Clue, ...], unknown: frozenset[Cell]) -> int:
    """The numbers of mines the unflagged hidden neighbours of `clues` can hold, as a bit set."""
    cells = sorted({x for c in clues for x in c.neighbours})
    flags = tuple(x for x in cells if x not in unknown)
    space = ClueSpace(Constraints(clues, tuple(cells), flags))
    held = 1 << (len(space.fixed_mines) - len(flags))
    for comp in space.components:
        held = _sum_of_sets(held, sum(1 << k for k in comp.poly))
    return held


def _sum_of_sets(a: int, b: int) -> int:
    """{x + y: x in a, y in b} for sets of small whole numbers held as bit sets."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out = 0
    while a:
        low = a & -a
        out |= b << (low.bit_length() - 1)
        a ^= low
    return out
