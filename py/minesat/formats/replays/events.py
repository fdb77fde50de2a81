"""The board events a replay's mouse events make, under the rules of the clients that record them.

The clients (Arbiter, Viennasweeper, Minesweeper Clone, Metasweeper) act on a button's release:
a left release on a hidden cell opens it (a zero floods its region); a right press on a hidden
cell flags or unflags it; releasing either button while both are down chords the cell under the
pointer (as does a middle release); a chord opens the unflagged hidden neighbours of a number
with as many flags around it.  The pointer's cell is `y // cell_size`, `x // cell_size`; off
the board nothing is clicked.  Flags put before the first open (pre-flags) count as right clicks.

The button states and the counting of clicks follow ms-toollib's model of these clients
(`MinesweeperBoard::step`, MIT), so that the counts agree with the community's tools:
`left` (left releases that could open: every release on the board while the left button alone was
down), `right` (right presses on a hidden cell, or off a chord), `double` (chords tried) and the
effective ones `lce`, `rce` (first flag of each mine), `dce` (chords that opened something); and
`3bv_solved`, counted as cells open.
"""

from __future__ import annotations

import math
from functools import lru_cache

from minesat.formats.replays.model import BoardEvent, Replay

# button states: nothing down, right down (flagging), right down on an open cell or off the board,
# left down, both down (chording), both down after a right press that did not flag, left down after a chord
UU, UD, UDN, DU, CH, CHN, DUA = range(7)
HIDDEN, FLAGGED, OPEN = 0, 1, 2
READY, PREFLAG, PLAYING, WON, LOST = range(5)
OUTCOME = {WON: "won", LOST: "lost"}


@lru_cache(maxsize=32)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours, as flat indices (row * cols + col), for every cell in order."""
    return tuple(tuple(rr * cols + cc for rr in range(max(r - 1, 0), min(r + 2, rows))
                       for cc in range(max(c - 1, 0), min(c + 2, cols)) if (rr, cc) != (r, c))
                 for r in range(rows) for c in range(cols))


class Board:
    """The game as the client sees it while the events play: cell states and the click counters."""

    def __init__(self, rows: int, cols: int, mines: frozenset[tuple[int, int]]):
        self.rows, self.cols = rows, cols
        n = rows * cols
        self.numbers = [0] * n
        self.around = around = neighbour_table(rows, cols)
        numbers = self.numbers
        for (r, c) in mines:
            i = r * cols + c
            numbers[i] = -9
            for j in around[i]:
                numbers[j] += 1
        for i in range(n):
            if numbers[i] < 0:
                numbers[i] = -1
        # a number is a 3BV click of its own when no zero touches it; zeros form openings
        self.lone = [v > 0 and all(self.numbers[j] != 0 for j in self.around[i]) for i, v in enumerate(self.numbers)]
        self.region = [-1] * n
        regions = 0
        for i in range(n):
            if self.numbers[i] == 0 and self.region[i] < 0:
                stack = [i]
                self.region[i] = regions
                while stack:
                    k = stack.pop()
                    for j in self.around[k]:
                        if self.numbers[j] == 0 and self.region[j] < 0:
                            self.region[j] = regions
                            stack.append(j)
                regions += 1
        self.flagged_zeros = [0] * regions  # flags on each opening's zeros (a flagged opening is not solved)
        self.state = [HIDDEN] * n
        self.safe_left = n - len(mines)
        self.game = READY
        self.mouse = UU
        self.middle = False
        self.pre_flags = 0
        self.ever_flagged: set[int] = set()
        self.left = self.right = self.double = self.lce = self.rce = self.dce = self.flags = self.solved = 0

    # -- what a click does ---------------------------------------------------------------------
    def reveal(self, cells: list[int]) -> list[int]:
        """Open these hidden cells (zeros flood over hidden cells); the cells opened, in order.
        A mine opened loses the game; the last safe cell wins it."""
        opened = []
        stack = list(cells)
        while stack:
            i = stack.pop()
            if self.state[i] == OPEN:
                continue
            self.state[i] = OPEN
            opened.append(i)
            v = self.numbers[i]
            if v < 0:
                self.game = LOST
            else:
                self.safe_left -= 1
                if v == 0:
                    stack.extend(j for j in self.around[i] if self.state[j] == HIDDEN)
        if self.game != LOST and self.safe_left == 0:
            self.game = WON
        return opened

    def open_click(self, i: int) -> list[int] | None:
        self.left += 1
        if self.state[i] != HIDDEN:
            return None
        v = self.numbers[i]
        if v == 0:
            if not self.flagged_zeros[self.region[i]]:
                self.solved += 1
            self.lce += 1
        elif v > 0:
            if self.lone[i]:
                self.solved += 1
            self.lce += 1
        return self.reveal([i])

    def flag_click(self, i: int) -> str | None:
        self.right += 1
        if self.state[i] == OPEN:
            return None
        zero = self.numbers[i] == 0
        if self.state[i] == HIDDEN:
            self.state[i] = FLAGGED
            self.flags += 1
            if zero:
                self.flagged_zeros[self.region[i]] += 1
            if self.numbers[i] < 0 and i not in self.ever_flagged:
                self.rce += 1
                self.ever_flagged.add(i)
            return "flag"
        self.state[i] = HIDDEN
        self.flags -= 1
        if zero:
            self.flagged_zeros[self.region[i]] -= 1
        return "unflag"

    def chord_click(self, i: int) -> list[int] | None:
        self.double += 1
        if self.state[i] != OPEN or self.numbers[i] >= 8:
            return None
        hidden = [j for j in self.around[i] if self.state[j] == HIDDEN]
        if not hidden or sum(1 for j in self.around[i] if self.state[j] == FLAGGED) != self.numbers[i]:
            return None
        self.dce += 1
        self.solved += sum(1 for j in hidden if self.lone[j])
        regions = {self.region[j] for j in hidden if self.numbers[j] == 0}
        self.solved += sum(1 for g in regions if not self.flagged_zeros[g])
        return self.reveal(hidden)


def derive(replay: Replay) -> None:
    """Play the replay's mouse events on its board: fills `board_events`, `outcome`, `clicks`,
    `start`, `end` and `path` (never raises on strange event orders: they are ignored)."""
    rows, cols, size = replay.rows, replay.cols, replay.cell_size
    board = Board(rows, cols, replay.mine_set)
    width, height = cols * size, rows * size
    events: list[BoardEvent] = []
    start = end = None
    path = 0.0
    lx = ly = -1  # the pointer's last position on the board while the game ran
    running = False
    hypot = math.hypot
    for t, kind, x, y in replay.mouse:
        inside = 0 <= x < width and 0 <= y < height
        if kind != "mv" and not board.game >= WON:
            cell = (y // size) * cols + x // size if inside else -1
            before = board.game
            result = step(board, kind, cell)
            running = board.game >= PLAYING
            if result is not None:
                what, opened = result
                if before != PLAYING and start is None and what in ("open", "chord"):
                    start = t
                events.append(BoardEvent(t, what, cell // cols, cell % cols,
                                         tuple(divmod(j, cols) for j in opened)))
                if board.game >= WON:
                    end = t
        if running and inside:  # the pointer's path while the game runs (and after)
            if lx >= 0:
                path += hypot(x - lx, y - ly)
            lx, ly = x, y
    path *= 16 / size
    replay.board_events = events
    replay.outcome = OUTCOME.get(board.game, "unfinished")
    replay.start, replay.end, replay.path = start, end, path
    replay.clicks = {"left": board.left, "right": board.right, "double": board.double, "lce": board.lce,
                     "rce": board.rce, "dce": board.dce, "flags": board.flags, "3bv_solved": board.solved}


Result = tuple[str, list[int]] | None


def _opened(what: str, cells: list[int] | None) -> Result:
    return (what, cells) if cells else None


def _flagged(board: Board, cell: int) -> Result:
    what = board.flag_click(cell)
    return (what, []) if what else None


def _chord(board: Board, cell: int) -> Result:
    if cell < 0:
        return None
    return _opened("chord", board.chord_click(cell))


def step(board: Board, kind: str, cell: int) -> Result:
    """One button event at `cell` (-1: off the board): the board event it makes, if any."""
    m = board.mouse
    if board.game == READY:
        if kind in ("mv", "mc", "mr"):
            return None
        if kind == "lc":
            if m == UU:
                board.mouse = DU
                if cell >= 0:
                    board.game = PREFLAG
            elif m == UD:
                board.mouse = CH
            elif m == UDN:
                board.mouse = CHN
            return None
        if kind == "pf":
            if cell < 0 or board.state[cell] != HIDDEN:
                return None
            board.pre_flags += 1
            board.game = PREFLAG
            return _flagged(board, cell)
        if kind == "rc":
            if m == UU:
                board.mouse = UD
                if cell >= 0:
                    board.pre_flags = 1
                    board.game = PREFLAG
                    return _flagged(board, cell)
                return None
            if m == DUA:
                board.mouse = CH
                return None
        elif kind == "lr":
            if m in (CH, CHN):
                board.mouse = UD
                return None
            if m in (DUA, DU, UU):
                board.mouse = UU
                return None
        elif kind == "rr":
            if m == UD:
                board.mouse = UU
                return None
            if m == CH:
                board.mouse = DUA
                return None
            if m == UU:
                return None
        elif kind == "cc":
            board.mouse = CHN if m == UDN else CH if m in (DU, DUA, UD, UU) else m
            return None
    elif board.game == PREFLAG:
        if kind == "lr" and m == DU:
            if cell < 0:
                board.mouse = UU
                if board.pre_flags == 0:
                    board.game = READY
                    _clear(board)
                else:
                    board.left += 1
                return None
            if board.state[cell] == HIDDEN:
                board.game = PLAYING
                board.mouse = UU
                return _opened("open", board.open_click(cell))
            board.left += 1
            return None
        if kind == "pf":
            if cell < 0 or board.state[cell] != HIDDEN:
                return None
            board.pre_flags += 1
            return _flagged(board, cell)
        if kind == "rc":
            if m == UU:
                if cell >= 0:
                    board.mouse = UD
                    if board.state[cell] == HIDDEN:
                        board.pre_flags += 1
                    elif board.state[cell] == FLAGGED:
                        board.pre_flags -= 1
                        if board.pre_flags == 0:  # the last pre-flag taken off: as if nothing happened
                            board.game = READY
                            board.state[cell] = HIDDEN
                            if board.numbers[cell] == 0:
                                board.flagged_zeros[board.region[cell]] -= 1
                            _clear(board)
                            return ("unflag", [])
                    return _flagged(board, cell)
                board.mouse = UDN
                board.right += 1
                return None
            if m == DU:
                board.mouse = CH
                if cell >= 0 and board.pre_flags == 0:
                    board.game = READY
                return None
            if m == DUA:
                board.mouse = CH
            return None
        if kind == "cc":
            if m == DU and cell >= 0 and board.pre_flags == 0:
                board.game = READY
            board.mouse = CHN if m == UDN else CH if m in (DU, DUA, UD, UU) else m
            return None
        if kind == "mc":
            board.middle = True
        elif kind == "mr":
            board.middle = False
        elif kind not in ("lc", "rr", "mv", "lr", "l", "r", "m"):
            return None
    return _playing(board, kind, cell)


def _clear(board: Board) -> None:
    board.flags = board.left = board.right = board.double = 0
    board.ever_flagged.clear()


def _playing(board: Board, kind: str, cell: int) -> Result:
    m = board.mouse
    if kind == "lc" or (kind == "l" and m in (UU, UD, UDN)):
        board.mouse = {UU: DU, UD: CH, UDN: CHN}.get(m, m)
        return None
    if kind in ("lr", "l"):
        if m == DU:
            board.mouse = UU
            if cell < 0:
                board.left += 1
                return None
            return _opened("open", board.open_click(cell))
        if m in (CH, CHN):
            board.mouse = UD
            if m == CHN:
                board.right -= 1
            return _chord(board, cell)
        if m == DUA:
            board.mouse = UU
        return None
    if kind == "rc" or (kind == "r" and m in (UU, DU, DUA)):
        if m == UU:
            if cell >= 0:
                board.mouse = UDN if board.state[cell] == OPEN else UD
                return _flagged(board, cell)
            board.mouse = UDN
            board.right += 1
        elif m in (DU, DUA):
            board.mouse = CH
        return None
    if kind in ("rr", "r"):
        if m in (UD, UDN):
            board.mouse = UU
        elif m in (CH, CHN):
            board.mouse = DUA
            if m == CHN:
                board.right -= 1
            return _chord(board, cell)
        return None
    if kind == "mc":
        board.middle = True
        return None
    if kind in ("mr", "m"):
        board.middle = not board.middle if kind == "m" else False
        return None if board.middle else _chord(board, cell)
    if kind == "cc":
        board.mouse = CHN if m == UDN else CH if m in (DU, DUA, UD, UU) else m
    return None
