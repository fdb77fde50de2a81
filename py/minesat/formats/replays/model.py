"""What every replay reader gives: a `Replay` (the board, the mouse events, the board events they
make, the outcome and what the file says of itself), the one error class `ReplayError`, and
`Bytes`, a guarded cursor over a file's bytes that raises nothing else.

Positions: a mouse event's `x`, `y` are pixels from the board's top-left corner (`cell_size`
pixels a cell), or `OUTSIDE` (-1, -1) when the pointer is off the board.  Times are seconds from
the recording's own zero (most clients: the first click's release).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import NamedTuple

from minesat.board import BoardError, Cell

MAX_BYTES = 16 * 1024 * 1024  # a replay of an hour's expert game is under 2 MB; refuse larger files at once
MAX_EVENTS = 2_000_000
MAX_SIDE = 255  # the formats' own limit (one byte a side)
OUTSIDE = -1
MOUSE_KINDS = ("mv", "lc", "lr", "rc", "rr", "mc", "mr", "pf", "cc", "l", "r", "m")
BOARD_KINDS = ("open", "flag", "unflag", "chord")
OUTCOMES = ("won", "lost", "unfinished")


class ReplayError(BoardError):
    """A file that is not a replay minesat can read, said in one line."""


class MouseEvent(NamedTuple):
    time: float  # seconds
    kind: str  # one of MOUSE_KINDS
    x: int  # pixels, OUTSIDE off the board
    y: int


class BoardEvent(NamedTuple):
    time: float
    kind: str  # one of BOARD_KINDS
    row: int
    col: int
    opened: tuple[Cell, ...] = ()  # the cells it opened, in order (an open or a chord)


@dataclass(frozen=True)
class Meta:
    """What the file says of itself."""

    software: str = ""  # e.g. "Arbiter 0.52.3", "Viennasweeper 3.1", "Metasweeper 3.2.1", "Minesweeper Clone 2007"
    player: str = ""
    date: str = ""  # as the file gives it (ISO 8601 when the file gives a full date)
    level: str = ""  # beginner, intermediate, expert or custom
    mode: str = ""  # e.g. "classic", "upk", "density", "cheat"
    flagging: bool | None = None  # None: unknown until the events are read (then set from them)
    checksum: bool = False  # the file carries a checksum (not verified: the keys are the clients')
    questionmarks: bool | None = None
    country: str = ""
    extra: tuple[tuple[str, str], ...] = ()  # other fields by name


@dataclass
class Replay:
    """A recorded game.  `board_events` and `outcome` are derived from `mouse` under the recording
    client's rules (`events.derive`); `recorded` holds the figures the file states itself (time,
    3bv, ...), kept to compare."""

    format: str  # "avf", "rmv", "evf", "mvf", "rawvf"
    version: str  # of the format, e.g. "0.52", "v2", "v4", "2007", "rawvf 6"
    rows: int
    cols: int
    mines: tuple[Cell, ...]
    mouse: list[MouseEvent]
    cell_size: int = 16
    meta: Meta = field(default_factory=Meta)
    recorded: dict[str, float] = field(default_factory=dict)  # "time", "3bv", "3bv_solved", "left", ...
    file_events: list[tuple[float, str, int, int]] = field(default_factory=list)  # board events the file records (rmv)
    board_events: list[BoardEvent] = field(default_factory=list)
    outcome: str = "unfinished"
    time: float = 0.0  # the game's real time in seconds (as the client reports it)
    start: float | None = None  # time of the first open (the timer's start)
    end: float | None = None  # time of the event that ended the game
    clicks: dict[str, int] = field(default_factory=dict)  # left, right, double, lce, rce, dce, flags, 3bv_solved
    path: float = 0.0  # the pointer's path in 16-pixel cells while the game ran

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    @property
    def mine_set(self) -> frozenset[Cell]:
        return frozenset(self.mines)


def check_board(rows: int, cols: int, mines: list[Cell] | tuple[Cell, ...], what: str) -> tuple[Cell, ...]:
    """The mines as a tuple after checking the size and that each is on the board, once."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ReplayError(f"{what}: a {rows}x{cols} board is not a board (1 to {MAX_SIDE} a side)")
    seen = set()
    for r, c in mines:
        if not (0 <= r < rows and 0 <= c < cols):
            raise ReplayError(f"{what}: a mine at row {r + 1}, column {c + 1} is off the {rows}x{cols} board")
        seen.add((r, c))
    if len(seen) != len(mines):
        raise ReplayError(f"{what}: the same mine is listed twice")
    if len(seen) >= rows * cols:
        raise ReplayError(f"{what}: {len(seen)} mines leave no safe cell on a {rows}x{cols} board")
    return tuple(sorted(seen))


class Bytes:
    """A cursor over a file's bytes: every read past the end raises ReplayError (never IndexError)."""

    __slots__ = ("data", "pos", "what")

    def __init__(self, data: bytes, what: str, pos: int = 0):
        self.data, self.pos, self.what = data, pos, what

    def fail(self, message: str) -> ReplayError:
        return ReplayError(f"{self.what}: {message} (at byte {self.pos})")

    def left(self) -> int:
        return len(self.data) - self.pos

    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            raise self.fail(f"the file ends early: {n} more bytes expected, {max(self.left(), 0)} left")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def skip(self, n: int) -> None:
        self.take(n)

    def u8(self) -> int:
        if self.pos >= len(self.data):
            raise self.fail("the file ends early")
        self.pos += 1
        return self.data[self.pos - 1]

    def u16(self) -> int:
        return int.from_bytes(self.take(2), "big")

    def u24(self) -> int:
        return int.from_bytes(self.take(3), "big")

    def u32(self) -> int:
        return int.from_bytes(self.take(4), "big")

    def u64(self) -> int:
        return int.from_bytes(self.take(8), "big")

    def i16(self) -> int:
        return int.from_bytes(self.take(2), "big", signed=True)

    def until(self, stop: bytes, limit: int = 1 << 20) -> bytes:
        """The bytes up to `stop` (which is consumed, not returned)."""
        end = self.data.find(stop, self.pos, self.pos + limit + len(stop))
        if end < 0:
            raise self.fail(f"no {stop!r} where one was expected")
        chunk = self.data[self.pos:end]
        self.pos = end + len(stop)
        return chunk

    def cstring(self, limit: int = 1 << 16) -> str:
        return text(self.until(b"\0", limit))


def text(raw: bytes, utf8: bool = True) -> str:
    """Bytes of a name in an unknown encoding as text, as ms-toollib guesses it: UTF-8 (unless
    `utf8` is False), else GB18030 (the Chinese players' Windows), else Windows-1252; never an error."""
    for encoding in ("utf-8", "gb18030", "cp1252") if utf8 else ("gb18030", "cp1252"):
        try:
            return raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):  # LookupError: a Python built without the CJK codecs
            continue
    return raw.decode("utf-8" if utf8 else "cp1252", "replace")


def level_name(rows: int, cols: int, mines: int) -> str:
    """The standard level these dimensions are (beginner is 8x8 or 9x9 with 10 mines), else custom."""
    if (rows, cols, mines) in ((8, 8, 10), (9, 9, 10)):
        return "beginner"
    if (rows, cols, mines) == (16, 16, 40):
        return "intermediate"
    if (rows, cols, mines) == (16, 30, 99):
        return "expert"
    return "custom"


def iso_date(seconds: float) -> str:
    """Seconds since 1970 (UTC) as ISO 8601; '' when out of range."""
    if not 0 < seconds < 4e9:
        return ""
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
