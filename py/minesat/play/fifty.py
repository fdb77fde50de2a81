"""The 50/50 geometry of the advisor (`advice.py`, steps 4 and 5): guesses no play avoids, and
the guesses that would settle one in advance.

**An unavoidable 50/50** (`fifty_fifty`).  A cell t touching a clue such that, in every layout
where t is a mine, swapping it with one cell n (at most `PARTNER` rows and columns away; n safe,
every cell next to one of them only a mine), or swapping the two mines of a 2x2 block holding t
with its two safe cells (the block's four outer corners mines), gives a layout that looks the
same from every other cell.  The two layouts are equally likely and only opening t or n tells
them apart, so any play loses one of them: opening t now loses exactly the layouts where t is a
mine, nothing more (the unavoidable 50/50, and the cell that is either safe or half of one).

**The 50/50 influence** (`influence`) of a cell: the layouts in which it is one cell of a pair
(side by side or one above the other), or of a 2x2 block's diagonal, that would be an
unavoidable 50/50 once the hidden cells beside it (at most 3) are mines; at most the layouts
where it is a mine, or safe (the best published solver's long-term risk).  Opening such a cell
settles a 50/50 that would otherwise be guessed later; the look-ahead rewards it
(`advice.FIFTY_INFLUENCE`).
"""

from __future__ import annotations

from functools import lru_cache

from minesat.board import FLAG, HIDDEN, Board, Cell, neighbours
from minesat.counting import LayoutSpace

PARTNER = 2  # a swap partner is at most this many rows and columns away


def fifty_fifty(board: Board, space: LayoutSpace, closed: list[Cell]) -> Cell | None:
    """A cell whose risk no play can avoid (module docstring), or None: the least likely mine
    of the cells t such that, in every layout where t is a mine, swapping t with one cell near
    it (or the two mines of a 2x2 block with its two safe cells) gives a layout that looks the
    same from every other cell.  Each such layout and its twin are equally likely and only opening
    one of the swapped cells tells them apart, so every play loses one of the two: opening t now
    loses exactly those layouts where t is a mine, and nothing more."""
    counts, n = space.mine_counts, space.count
    near = board.frontier()
    for t in sorted(near & set(closed), key=lambda c: (counts[c], c)):
        if not 0 < 2 * counts[t] <= n:  # a swap pairs each layout where t is a mine with one where it is safe
            continue
        for mines, safe in _swaps(board, t):
            if _could_swap(board, space, near, t, mines, safe) and _swap_holds(board, space, t, mines, safe):
                return t
    return None


def _on(board: Board, cell: Cell) -> bool:
    return 0 <= cell[0] < board.rows and 0 <= cell[1] < board.cols


def _beside(board: Board, a: Cell, b: Cell) -> list[Cell]:
    """The cells next to one of a and b only: mines in all of them, and a swap of a and b is
    seen by no other cell."""
    return sorted((_around(a, board.rows, board.cols) ^ _around(b, board.rows, board.cols)) - {a, b})


@lru_cache(maxsize=1 << 15)
def _around(cell: Cell, rows: int, cols: int) -> frozenset[Cell]:
    """The cell and its neighbours (kept: the 50/50 search asks for the same cells again and again)."""
    return frozenset(neighbours(cell, rows, cols)) | {cell}


def _corners(board: Board, i: int, j: int) -> list[Cell]:
    """The four cells diagonally outside the 2x2 block whose top-left cell is (i, j), on the board:
    mines in all of them, and a swap of the block's diagonals is seen by no other cell."""
    return [x for x in ((i - 1, j - 1), (i - 1, j + 2), (i + 2, j - 1), (i + 2, j + 2)) if _on(board, x)]


def _flagged(board: Board, cells: list[Cell]) -> LayoutSpace:
    """The layouts of the board in which `cells` are mines."""
    return LayoutSpace(board.replace(dict.fromkeys(cells, FLAG)))


def _swaps(board: Board, t: Cell) -> list[tuple[list[Cell], list[Cell]]]:
    """(cells that must be mines with t, cells that must be safe) for each swap t may be part of:
    t with a cell n at most `PARTNER` away (the cells next to one of them only are mines, n is
    safe), and the 2x2 blocks holding t (t's diagonal partner and the block's four outer
    corners mines, the other two cells safe)."""
    out = []
    r, c = t
    for dr in range(-PARTNER, PARTNER + 1):
        for dc in range(-PARTNER, PARTNER + 1):
            nb = (r + dr, c + dc)
            if nb != t and _on(board, nb) and board[nb] == HIDDEN:
                out.append((_beside(board, t, nb), [nb]))
    for dr in (-1, 1):
        for dc in (-1, 1):
            d, b1, b2 = (r + dr, c + dc), (r + dr, c), (r, c + dc)
            if _on(board, d):
                out.append(([d] + _corners(board, min(r, r + dr), min(c, c + dc)), [b1, b2]))
    return out


def _could_swap(board: Board, space: LayoutSpace, frontier: frozenset[Cell], t: Cell, mines: list[Cell],
                safe: list[Cell]) -> bool:
    """Cheap necessary conditions for `_swap_holds`: every cell that must be a mine with t is hidden
    and at least as often a mine as t, and a cell touching no clue only if it is surely a mine."""
    counts, n, m = space.mine_counts, space.count, space.mine_counts[t]
    for x in mines:
        if board[x] == FLAG:
            continue
        if board[x] != HIDDEN or counts[x] < m or (x not in frontier and counts[x] < n):
            return False
    return all(board[x] == HIDDEN and n - counts[x] >= m for x in safe)


def _swap_holds(board: Board, space: LayoutSpace, t: Cell, mines: list[Cell], safe: list[Cell]) -> bool:
    """In every layout where t is a mine, so are `mines`, and `safe` are safe."""
    flagged = _flagged(board, [t, *mines])
    return flagged.count == space.mine_counts[t] and all(flagged.mine_counts[x] == 0 for x in safe)


def influence(board: Board, space: LayoutSpace, t: Cell) -> int:
    """The 50/50 influence of t (module docstring): layouts in which t is one cell of a pair, or
    of a 2x2 block's diagonal, that would be an unavoidable 50/50 once the few hidden cells
    beside it (at most 3) are mines; at most the layouts where t is a mine, or safe."""
    n, counts = space.count, space.mine_counts
    pairs, boxes = _would_be(board, space, t)
    total = sum(layouts_with(board, [a, *more], [b]) for a, b, more in pairs)
    box = max((layouts_with(board, [a, d, *more], [b, c]) for a, b, c, d, more in boxes), default=0)
    return min(total + box, counts[t], n - counts[t])


def may_influence(board: Board, space: LayoutSpace, t: Cell) -> bool:
    """Whether t is in some pair or 2x2 block that `influence` counts (geometry only, no counting)."""
    pairs, boxes = _would_be(board, space, t)
    return bool(pairs or boxes)


def _would_be(board: Board, space: LayoutSpace, t: Cell) -> tuple[list[tuple[Cell, Cell, list[Cell]]],
                                                                  list[tuple[Cell, Cell, Cell, Cell, list[Cell]]]]:
    """The pairs (a, b, cells still to be mines) and 2x2 blocks (top-left, bottom-left, top-right,
    bottom-right, cells still to be mines) holding t that may become an unavoidable 50/50: all
    hidden, with at most 3 hidden cells beside them not yet known to be mines and none open."""
    n, counts = space.count, space.mine_counts

    def missing(cells: list[Cell]) -> list[Cell] | None:
        """The cells not yet known to be mines, if there are at most 3 and none is open."""
        out = []
        for x in cells:
            if board[x] == FLAG or (board[x] == HIDDEN and counts[x] == n):
                continue
            if board[x] != HIDDEN:
                return None
            out.append(x)
        return out if len(out) <= 3 else None

    r, c = t
    pairs = []
    for a, b in (((r, c), (r, c + 1)), ((r, c - 1), (r, c)), ((r, c), (r + 1, c)), ((r - 1, c), (r, c))):
        if not (_on(board, a) and _on(board, b) and board[a] == HIDDEN and board[b] == HIDDEN):
            continue
        more = missing(_beside(board, a, b))
        if more is not None:
            pairs.append((a, b, more))
    boxes = []
    for i, j in ((r, c), (r, c - 1), (r - 1, c), (r - 1, c - 1)):
        cells = [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
        if not all(_on(board, x) and board[x] == HIDDEN for x in cells):
            continue
        more = missing(_corners(board, i, j))
        if more is not None:
            boxes.append(((i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1), more))
    return pairs, boxes


def layouts_with(board: Board, mines: list[Cell], safe: list[Cell]) -> int:
    """Layouts of the board with `mines` mines and `safe` (one or two cells) safe."""
    flagged = _flagged(board, mines)
    if not flagged.count:
        return 0
    got = flagged.count - sum(flagged.mine_counts[x] for x in safe)
    if len(safe) == 2:  # add back the layouts where both are mines
        x, y = safe
        both = _flagged(board, [*mines, x])
        got += both.mine_counts[y] if both.count else 0
    return got
