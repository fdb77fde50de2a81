"""A replay as the player steps through it (pure, no browser import): the engine's answer to
`Op.REPLAY` (`codec.encode_replay`), and the position after any number of its board events, the
cursor at any moment, the board a position is analysed as and the link it opens in the analyzer."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from minesat.board import FLAG, HIDDEN, Board, Cell
from minesat.formats.links import board_to_fragment

EXTENSIONS = (".avf", ".rmv", ".evf", ".mvf", ".rawvf")
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
MAX_BYTES = 16 * 1024 * 1024  # the readers' own limit (formats.replays.model.MAX_BYTES; a test checks they agree),
# here so that the page refuses a larger file before reading it, without importing the readers


def is_replay_name(name: str) -> bool:
    """A file named as a replay (a drop gives no type for these)."""
    return name.lower().endswith(EXTENSIONS)


@dataclass(frozen=True)
class Position:
    """The board after `step` board events: the cells open, the flags, the mine opened (a loss)."""

    step: int
    opened: frozenset[Cell]
    flags: frozenset[Cell]
    exploded: Cell | None


class ReplayView:
    """The replay's data (`codec.encode_replay`) and what the player derives from it."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.rows, self.cols = int(data["rows"]), int(data["cols"])
        self.mines = frozenset((int(r), int(c)) for r, c in data["mines"])
        self.cell_size = int(data.get("cell_size") or 16)
        self.events: list[list[Any]] = data["events"]
        self.times = [float(e[0]) for e in self.events]
        mouse = data.get("mouse") or {"ms": [], "x": [], "y": []}
        self.mouse_times = [ms / 1000 for ms in mouse["ms"]]
        self.mouse_x: list[int] = mouse["x"]
        self.mouse_y: list[int] = mouse["y"]
        self.numbers = {(r, c): sum((rr, cc) in self.mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))
                        for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.mines}
        self._positions: list[Position] = [Position(0, frozenset(), frozenset(), None)]

    @property
    def start(self) -> float:
        """The timeline's first moment: the first mouse or board event (or 0)."""
        return min([0.0, *self.mouse_times[:1], *self.times[:1]])

    @property
    def end(self) -> float:
        """The timeline's last moment."""
        return max([self.start, *self.mouse_times[-1:], *self.times[-1:]])

    def steps(self) -> int:
        return len(self.events)

    def position(self, step: int) -> Position:
        """The board after the first `step` board events (0: nothing open)."""
        step = min(max(step, 0), len(self.events))
        while len(self._positions) <= step:  # built once, one event after the other
            before = self._positions[-1]
            _, kind, r, c, opened = self.events[before.step]
            opened_now = before.opened | {(int(a), int(b)) for a, b in opened}
            flags = before.flags
            if kind == "flag":
                flags = flags | {(r, c)}
            elif kind == "unflag":
                flags = flags - {(r, c)}
            boom = next((cell for cell in ((int(a), int(b)) for a, b in opened) if cell in self.mines), before.exploded)
            self._positions.append(Position(before.step + 1, opened_now, flags - opened_now, boom))
        return self._positions[step]

    def step_at(self, t: float) -> int:
        """How many board events happened by moment `t`."""
        return bisect_right(self.times, t)

    def time_of(self, step: int) -> float:
        """The moment of board event `step` (1-based: after it); the start for step 0."""
        return self.times[step - 1] if 0 < step <= len(self.times) else self.start

    def over(self, step: int) -> bool:
        """The game ended with this step (a win or a loss)."""
        return step >= len(self.events) and self.data.get("outcome") in ("won", "lost")

    def cursor(self, t: float) -> tuple[float, float] | None:
        """The pointer at moment `t`, in cells (column, row, fractional), or None when off the board."""
        i = bisect_right(self.mouse_times, t) - 1
        if i < 0:
            return None
        x, y = self.mouse_x[i], self.mouse_y[i]
        return None if x < 0 or y < 0 else (x / self.cell_size, y / self.cell_size)

    def path(self, t: float, since: float | None = None) -> list[tuple[float, float]]:
        """The pointer's path from `since` (the start) to `t`, in cells, its points on the board."""
        first = 0 if since is None else bisect_right(self.mouse_times, since)
        last = bisect_right(self.mouse_times, t)
        size = self.cell_size
        return [(x / size, y / size) for x, y in zip(self.mouse_x[first:last], self.mouse_y[first:last])
                if x >= 0 and y >= 0]

    def board(self, step: int, flags: bool = False) -> Board:
        """The position after `step` events as an engine board, with the total: its numbers and hidden
        cells (the flags as flags with `flags`, else as hidden cells: the review reads a position from
        its numbers and the total only)."""
        pos = self.position(step)
        cells = []
        for r in range(self.rows):
            for c in range(self.cols):
                cell = (r, c)
                if cell in pos.opened and cell not in self.mines:
                    cells.append(str(self.numbers[cell]))
                elif flags and cell in pos.flags:
                    cells.append(FLAG)
                else:
                    cells.append(HIDDEN)
        return Board(self.rows, self.cols, tuple(cells), len(self.mines))

    def fragment(self, step: int) -> str:
        """The position's share link (without '#'), its flags as the player placed them."""
        return board_to_fragment(self.board(step, flags=True))
