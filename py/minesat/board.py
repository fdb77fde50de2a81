"""Minesweeper positions: the data every reduction and solver starts from.

A board is a grid of cells, each one character:

    ?      hidden (unknown: mine or safe)
    0-8    revealed, with that many mines among its eight neighbours
    F      flagged: a hidden cell the user asserts is a mine

plus an optional total number of mines (flags included).  Hidden cells,
flags included, are the unknowns; a layout says which of them are mines.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

Cell = tuple[int, int]  # (row, col), 0-based

HIDDEN, FLAG = "?", "F"
NUMBERS = "012345678"
CANONICAL = HIDDEN + FLAG + NUMBERS
ALIASES = {"H": HIDDEN, "h": HIDDEN, "*": FLAG, "f": FLAG}
MAX_SIDE = 100
MAX_CELLS = 10_000
MAX_TEXT = 1_000_000  # characters of a board's text: 50 times a spaced 100x100 board, comments included
LEVELS: dict[str, tuple[int, int, int]] = {  # the standard levels: name -> (rows, cols, mines)
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
}

_MINES_LINE = re.compile(r"^\s*(?:mines\s*[=:]\s*(\S+)|([0-9]+)\s*x\s*([0-9]+)\s*x\s*(\S+))\s*$", re.I)


MAX_DIGITS = 4_000  # more than the 3,011 digits of 2**10,000 (the most layouts a board can have)


def whole_number(text: str) -> int | None:
    """`text` as a whole number >= 0 if it is one in ASCII digits (not '-1', '²' or '٣'), else None.

    Never raises: a number of more than MAX_DIGITS digits (leading zeros aside), larger than any
    total, count or offset can be and past Python's limit on reading digits, is None too;
    `not_a_whole_number` says why for a message.

    >>> whole_number("0042"), whole_number("-1"), whole_number("²"), whole_number("1" * 4301)
    (42, None, None, None)
    """
    if not (text.isascii() and text.isdigit()):
        return None
    significant = text.lstrip("0") or "0"
    return int(significant) if len(significant) <= MAX_DIGITS else None


def not_a_whole_number(text: str) -> str:
    """Why `whole_number(text)` is None, for a message.

    >>> not_a_whole_number("-1")
    "'-1' is not a whole number >= 0"
    """
    if text.isascii() and text.isdigit():
        return (f"{quoted(text)} has {len(text.lstrip('0')):,} digits; no total, count or offset "
                f"has more than {MAX_DIGITS:,}")
    return f"{quoted(text)} is not a whole number >= 0"


def quoted(text: str, width: int = 24) -> str:
    """User text in a message: quoted, escaped (one line) and cut to about `width` characters.
    Every value a message quotes from a file, a link or a record goes through this (or `named`,
    `spelled`, which use the same escapes):
    no control character (a terminal's escape) reaches a message."""
    return repr(text if len(text) <= width else text[:width] + "...")


def named(name: str) -> str:
    """A file's name in a message: as it is when printable, else `quoted` whole (escaped, one line)."""
    return name if name.isprintable() else quoted(name, len(name))


def spelled(value: object, width: int = 40) -> str:
    """A value read from JSON (a game record's), in a message: as JSON writes it (true, null,
    "text"), every control and non-ASCII character escaped, cut to about `width` characters; a
    number with a fraction or an exponent as its record wrote it (`json_number`)."""
    text = value.text if isinstance(value, JsonNumber) else json.dumps(value, default=repr)
    return text if len(text) <= width else text[:width] + "..."


class JsonNumber(float):
    """A JSON number with a fraction or an exponent, keeping its text for messages (`spelled`):
    json.loads(text, parse_float=JsonNumber)."""

    text: str

    def __new__(cls, text: str) -> JsonNumber:
        number = super().__new__(cls, text)
        number.text = text
        return number


def counted(number: int, noun: str) -> str:
    """A count and its noun, singular for 1: counted(1, "cell") == "1 cell"."""
    return f"{short_number(number)} {noun}{'' if number == 1 else 's'}"


def short_number(number: int) -> str:
    """A number for a message: whole up to 12 digits, else its first digits and how many it has.

    >>> short_number(42), short_number(10 ** 4000)
    ('42', '100000000000... (4,001 digits)')
    """
    if -10 ** 12 < number < 10 ** 12:
        return str(number)
    if number.bit_length() > 14_000:  # past Python's limit on writing digits (4,300)
        return f"a number of about {round(number.bit_length() * 0.30103):,} digits"
    text = str(abs(number))
    return f"{'-' * (number < 0)}{text[:12]}... ({len(text):,} digits)"


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The up to eight cells around `cell` on a grid of `rows` x `cols`, row-major."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def cell_name(cell: Cell) -> str:
    """A cell as people count: (0, 1) is 'r1c2', row 1 and column 2."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


class BoardError(ValueError):
    """Bad input, located at a 1-based line and column when it has one."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        self.message, self.line, self.column = message, line, column
        where = (f"line {line}" + (f", column {column}" if column else "") + ": ") if line else ""
        super().__init__(where + message)


class Clue(NamedTuple):
    """A revealed number: its cell, its count, and its hidden neighbours (flags included)."""

    cell: Cell
    count: int  # type: ignore[assignment]  # shadows tuple.count, which nobody calls on a clue
    neighbours: tuple[Cell, ...]


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    cells: tuple[str, ...]  # row-major, canonical characters
    mines: int | None = None  # total number of mines, when known

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise BoardError("the board is empty")
        if self.rows > MAX_SIDE or self.cols > MAX_SIDE or self.rows * self.cols > MAX_CELLS:
            raise BoardError(
                f"the board is {self.rows}x{self.cols}; the limit is {MAX_SIDE} rows, "
                f"{MAX_SIDE} columns and {MAX_CELLS} cells")
        if len(self.cells) != self.rows * self.cols:
            raise BoardError(f"{len(self.cells)} cells given for a {self.rows}x{self.cols} board")
        for i, ch in enumerate(self.cells):
            if ch not in CANONICAL:
                raise BoardError(f"unknown cell {ch!r}", i // self.cols + 1, i % self.cols + 1)
        if self.mines is not None:
            if not isinstance(self.mines, int) or self.mines < 0:
                shown = short_number(self.mines) if isinstance(self.mines, int) else repr(self.mines)[:24]
                raise BoardError(f"the total number of mines must be a whole number >= 0, not {shown}")
            if self.mines > len(self.hidden):
                raise BoardError(f"the total of {counted(self.mines, 'mine')} is more than the "
                                 f"{counted(len(self.hidden), 'hidden cell')}")

    # -- construction -------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: list[str], mines: int | None = None) -> Board:
        """A board from rows of canonical characters, e.g. ["1??", "12?", "01?"]."""
        if not rows or not rows[0]:
            raise BoardError("the board is empty")
        for i, row in enumerate(rows):
            if len(row) != len(rows[0]):
                raise BoardError(f"row has {counted(len(row), 'cell')}, the first row has {len(rows[0])}", i + 1)
        return cls(len(rows), len(rows[0]), tuple("".join(rows)), mines)

    def with_mines(self, mines: int | None) -> Board:
        """The board with another total (None: unknown); the cells' unknowns and clues are this
        board's, not worked out again."""
        if mines is not None and (not isinstance(mines, int) or not 0 <= mines <= len(self.hidden)):
            return Board(self.rows, self.cols, self.cells, mines)  # raises the constructor's error
        after = object.__new__(Board)  # valid by construction: the checks of __post_init__ are skipped
        for name, value in (("rows", self.rows), ("cols", self.cols), ("cells", self.cells), ("mines", mines)):
            object.__setattr__(after, name, value)
        after.__dict__.update({name: self.__dict__[name] for name in ("hidden", "flags", "clues")
                               if name in self.__dict__})
        return after

    def replace(self, changes: Mapping[Cell, str]) -> Board:
        """The board with some cells changed, e.g. `board.replace({(0, 2): "1"})`; the total kept.

        When the changes only reveal hidden cells, the new board's unknowns and clues are this
        board's, updated around those cells, not recomputed: the advisor's look-ahead reveals
        hundreds of cells per guess, and recomputing every clue's neighbours dominated its time."""
        cells = list(self.cells)
        for (r, c), ch in changes.items():
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise BoardError(f"cell {cell_name((r, c))} is off the {self.rows}x{self.cols} board")
            cells[r * self.cols + c] = ch
        if changes and all(ch == FLAG and self[cell] == HIDDEN for cell, ch in changes.items()):
            return self._flagged(tuple(cells))
        reveals = all(ch in NUMBERS and self[cell] == HIDDEN for cell, ch in changes.items())
        if not reveals or (self.mines is not None and self.mines > len(self.hidden) - len(changes)):
            return Board(self.rows, self.cols, tuple(cells), self.mines)  # checked from scratch
        return self._revealed(tuple(cells), changes)

    def _flagged(self, cells: tuple[str, ...]) -> Board:
        """The board of `cells`: this one with some hidden cells flagged (a flag is an unknown
        too: the same unknowns and clues)."""
        after = object.__new__(Board)  # valid by construction: the checks of __post_init__ are skipped
        for name, value in (("rows", self.rows), ("cols", self.cols), ("cells", cells), ("mines", self.mines)):
            object.__setattr__(after, name, value)
        after.__dict__.update(hidden=self.hidden, clues=self.clues)
        return after

    def _revealed(self, cells: tuple[str, ...], revealed: Mapping[Cell, str]) -> Board:
        """The board of `cells`: this one with the hidden cells `revealed` showing numbers."""
        around = {x for cell in revealed for x in self.neighbours(cell)}
        clues = [Clue(c.cell, c.count, tuple(x for x in c.neighbours if x not in revealed)) if c.cell in around
                 else c for c in self.clues]
        cols = self.cols
        for cell, ch in sorted(revealed.items()):
            unknown = tuple(x for x in self.neighbours(cell) if cells[x[0] * cols + x[1]] in (HIDDEN, FLAG))
            clues.insert(bisect_left(clues, cell, key=lambda clue: clue.cell), Clue(cell, int(ch), unknown))
        after = object.__new__(Board)  # valid by construction: the checks of __post_init__ are skipped
        for name, value in (("rows", self.rows), ("cols", cols), ("cells", cells), ("mines", self.mines)):
            object.__setattr__(after, name, value)
        hidden = self.hidden
        if len(revealed) <= 8:  # a few cells (a look-ahead's one): cut them out of the sorted tuple
            for cell in sorted(revealed, reverse=True):
                i = bisect_left(hidden, cell)
                hidden = hidden[:i] + hidden[i + 1:]
        else:
            hidden = tuple(c for c in hidden if c not in revealed)
        after.__dict__.update(hidden=hidden, flags=self.flags, clues=tuple(clues))
        return after

    # -- cells --------------------------------------------------------------
    def __getitem__(self, cell: Cell) -> str:
        r, c = cell
        return self.cells[r * self.cols + c]

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The up to eight cells around `cell`, row-major."""
        return neighbours(cell, self.rows, self.cols)

    def unknown_neighbours(self, cell: Cell) -> list[Cell]:
        """The hidden cells (flags included) around `cell`, row-major."""
        return [x for x in neighbours(cell, self.rows, self.cols) if self[x] in (HIDDEN, FLAG)]

    def row_texts(self) -> list[str]:
        """The rows as strings of canonical characters, e.g. ["1??", "12?", "01?"]."""
        cols = self.cols
        return ["".join(self.cells[r * cols:(r + 1) * cols]) for r in range(self.rows)]

    def frontier(self) -> frozenset[Cell]:
        """The hidden cells (flags included) next to a revealed number."""
        return frozenset(x for clue in self.clues for x in clue.neighbours)

    @cached_property
    def hidden(self) -> tuple[Cell, ...]:
        """The unknowns, row-major: hidden and flagged cells.  Variable i+1 is hidden[i]."""
        return tuple(divmod(i, self.cols) for i, ch in enumerate(self.cells) if ch in (HIDDEN, FLAG))

    @cached_property
    def index(self) -> dict[Cell, int]:
        """Position of each unknown cell in `hidden` (0-based)."""
        return {cell: i for i, cell in enumerate(self.hidden)}

    @cached_property
    def flags(self) -> tuple[Cell, ...]:
        return tuple(cell for cell in self.hidden if self[cell] == FLAG)

    @cached_property
    def clues(self) -> tuple[Clue, ...]:
        """Every revealed number, row-major, with its hidden neighbours."""
        cells, rows, cols, unknown = self.cells, self.rows, self.cols, (HIDDEN, FLAG)
        out = []
        for i, ch in enumerate(cells):
            if ch in NUMBERS:
                r, c = divmod(i, cols)
                around = range(max(c - 1, 0), min(c + 2, cols))
                out.append(Clue((r, c), int(ch), tuple(  # the neighbours in the order of `neighbours`
                    (y, x) for y in range(max(r - 1, 0), min(r + 2, rows)) for x in around
                    if cells[y * cols + x] in unknown)))
        return tuple(out)

    def is_layout(self, mines: frozenset[Cell] | set[Cell]) -> bool:
        """Whether a set of mine cells (a subset of `hidden`) is consistent with the board."""
        if not set(self.flags) <= mines:
            return False
        if self.mines is not None and len(mines) != self.mines:
            return False
        return all(sum(n in mines for n in clue.neighbours) == clue.count for clue in self.clues)

    def __str__(self) -> str:
        return format_board(self)


# -- text form ------------------------------------------------------------------
def parse_board(text: str, mines: int | None = None) -> Board:
    """Read a board from text: one row per line, cells optionally separated by spaces.

    Blank lines and lines starting with `#` are ignored, as is a byte-order mark.  Aliases:
    `H`/`h` for hidden, `*`/`f` for a flag.  A line `mines=N` (or `WxHxN`, as JSMinesweeper
    writes, W the width and H the height of the rows) before the rows gives the total number of
    mines unless `mines` is passed; a second such line, or a `WxHxN` that does not fit the rows, is
    refused (as `formats.read_any` refuses them).
    A text of more than MAX_TEXT characters is refused before it is read.
    """
    if len(text) > MAX_TEXT:
        raise BoardError(f"the text is more than {MAX_TEXT:,} characters: too large for a board "
                         f"(at most {MAX_SIDE}x{MAX_SIDE})")
    rows: list[str] = []
    header_mines: int | None = None
    header_line: int | None = None
    header_size: tuple[str, str] | None = None  # (W, H) of a WxHxN line, as written
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = _MINES_LINE.match(line)
        if header and not rows:
            if header_line is not None:
                raise BoardError("two lines give the total number of mines", number)
            value = header.group(1) or header.group(4)
            header_size = (header.group(2), header.group(3)) if header.group(4) else None
            header_mines, header_line = whole_number(value), number
            if header_mines is None:
                raise BoardError(f"the total number of mines: {not_a_whole_number(value)}", number)
            continue
        row: list[str] = []
        for column, ch in enumerate(line, 1):
            if ch in " \t\r":
                continue
            ch = ALIASES.get(ch, ch)
            if ch not in CANONICAL:
                hint = " (a count is at most 8)" if ch == "9" else ""
                raise BoardError(f"unknown cell {ch!r}{hint}; use ?, F or 0-8", number, column)
            if rows and len(row) == len(rows[0]):
                raise BoardError(f"row has more than the {len(rows[0])} cells of the first row", number, column)
            if len(row) == MAX_SIDE:
                raise BoardError(f"the board is larger than {MAX_SIDE}x{MAX_SIDE}", number, column)
            row.append(ch)
        if rows and len(row) != len(rows[0]):
            raise BoardError(f"row has {counted(len(row), 'cell')}, the first row has {len(rows[0])}", number,
                             len(line.rstrip()) + 1)
        rows.append("".join(row))
        if len(rows) > MAX_SIDE:
            raise BoardError(f"the board is larger than {MAX_SIDE}x{MAX_SIDE}", number)
    if not rows:
        raise BoardError("the board is empty: no rows of cells")
    if header_size is not None:
        _check_header_size(header_size, len(rows), len(rows[0]), header_line)
    try:
        return Board.from_rows(rows, header_mines if mines is None else mines)
    except BoardError as e:  # only the total can be wrong here: point at its line
        if mines is None and header_line is not None and e.line is None:
            raise BoardError(e.message, header_line) from None
        raise


def _check_header_size(size: tuple[str, str], rows: int, cols: int, line: int | None) -> None:
    """BoardError unless a `WxHxN` line's W and H are the board's width and height."""
    width, height = size
    if (whole_number(width), whole_number(height)) != (cols, rows):
        width, height = (side if len(side) <= 9 else side[:9] + "..." for side in size)
        raise BoardError(f"the header says {width}x{height} (width x height) but the board "
                         f"has {rows} row{'s' * (rows != 1)} of {cols} cell{'s' * (cols != 1)}", line)


def format_board(board: Board, spaced: bool = False) -> str:
    """The canonical text form: rows of `?`, `F` and `0`-`8`; `mines=N` first when known."""
    lines = [" ".join(row) if spaced else row for row in board.row_texts()]
    if board.mines is not None:
        lines.insert(0, f"mines={board.mines}")
    return "\n".join(lines) + "\n"


def format_layout(board: Board, mines: frozenset[Cell] | set[Cell]) -> str:
    """A layout drawn as a board: mines as `*`, other hidden cells as `.`, numbers as they are."""
    return "\n".join(
        "".join("*" if (r, c) in mines else "." if board[r, c] in (HIDDEN, FLAG) else board[r, c]
                for c in range(board.cols))
        for r in range(board.rows)) + "\n"
