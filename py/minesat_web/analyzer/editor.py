"""The page's editing state, without any browser import: a board, a cursor, undo and redo.

Every edit returns whether it changed the board; the page then re-renders,
writes the URL fragment and local storage, and re-runs the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from minesat.board import (
    CANONICAL,
    FLAG,
    HIDDEN,
    LEVELS,
    NUMBERS,
    Board,
    BoardError,
    Cell,
    quoted,
    short_number,
    whole_number,
)

HISTORY = 500  # undo steps kept

EXAMPLE_ROWS = [  # the 9x9 board of Yurichev's sorting-network post (docs/architecture.md#references); 10 mines
    "01?10001?", "01?100011", "011100000", "000000000", "111110011",
    "????1001?", "????3101?", "?????211?", "?????????"]


def blank(rows: int, cols: int, mines: int | None = None) -> Board:
    """A board whose cells are all hidden."""
    return Board(rows, cols, (HIDDEN,) * (rows * cols), mines)


def preset(name: str) -> Board:
    if name == "example":
        return Board.from_rows(EXAMPLE_ROWS, 10)
    if name not in LEVELS:
        raise BoardError(f"unknown preset {name!r}")
    rows, cols, mines = LEVELS[name]
    return blank(rows, cols, mines)


def standard_level(board: Board) -> str | None:
    """The level whose size the board has (either way round: 30x16 or 16x30 is expert), if any."""
    size = sorted((board.rows, board.cols))
    return next((level for level, (rows, cols, _) in LEVELS.items() if sorted((rows, cols)) == size), None)


def with_standard_total(board: Board) -> tuple[Board, int | None]:
    """A board without a total, of a standard size, with that level's total (when it fits: a real
    game's mines are all unknown cells), and the total assumed; otherwise the board and None."""
    level = standard_level(board)
    if board.mines is not None or level is None:
        return board, None
    mines = LEVELS[level][2]
    if mines > len(board.hidden) or len(board.flags) > mines:
        return board, None
    return Board(board.rows, board.cols, board.cells, mines), mines


def with_cell(board: Board, cell: Cell, ch: str) -> Board:
    """The board with one cell changed; the total is dropped if it no longer fits."""
    if ch not in CANONICAL:
        raise BoardError(f"unknown cell {ch!r}; use ?, F or 0-8")
    return fitted(board.with_mines(None).replace({cell: ch}), board.mines)


def resized(board: Board, rows: int, cols: int) -> Board:
    """The board cut or extended (with hidden cells) to rows x cols, keeping the top-left corner."""
    cells = tuple(board[r, c] if r < board.rows and c < board.cols else HIDDEN
                  for r in range(rows) for c in range(cols))
    return fitted(Board(rows, cols, cells), board.mines)


def fitted(board: Board, mines: int | None) -> Board:
    """The board with the total `mines`, kept only while it is at most the number of unknowns."""
    return board.with_mines(mines if mines is None or mines <= len(board.hidden) else None)


def toggled_flag(board: Board, cell: Cell) -> Board:
    """Flag a hidden cell, or hide a flagged one; a revealed number becomes a flag."""
    return with_cell(board, cell, HIDDEN if board[cell] == FLAG else FLAG)


def mines_around(board: Board, cell: Cell) -> int:
    """The flags among a cell's neighbours: its number when the flags are all the mines."""
    return sum(board[n] == FLAG for n in board.neighbours(cell))


def toggled_mine(board: Board, cell: Cell) -> Board:
    """"Mines" mode: place or remove a mine (a flag) and count every revealed number around it again.

    A removed mine becomes a revealed number (its own count of mines around): the user builds a
    position from its mines, then hides cells to make the puzzle.
    """
    placed = board.with_mines(None).replace({cell: FLAG if board[cell] != FLAG else HIDDEN})
    counted = [n for n in board.neighbours(cell) if board[n] in NUMBERS] + ([cell] if board[cell] == FLAG else [])
    return fitted(placed.replace({n: str(mines_around(placed, n)) for n in counted}), board.mines)


def revealed_around_mines(board: Board) -> Board:
    """Every hidden cell revealed with its number, the flags taken as all the mines."""
    return fitted(board.with_mines(None).replace(
        {cell: str(mines_around(board, cell)) for cell in board.hidden if board[cell] == HIDDEN}), board.mines)


def stepped(board: Board, cell: Cell, step: int) -> Board:
    """A revealed number one up or down (0-8, wrapping); a hidden cell becomes 0 or 8."""
    ch = board[cell]
    value = int(ch) + step if ch in NUMBERS else (0 if step > 0 else 8)
    return with_cell(board, cell, str(value % 9))


@dataclass
class Editor:
    """A board with a cursor and a linear undo/redo history of whole boards (boards are immutable)."""

    board: Board
    cursor: Cell = (0, 0)
    past: list[Board] = field(default_factory=list)
    future: list[Board] = field(default_factory=list)

    def apply(self, board: Board, merge: bool = False) -> bool:
        """Make `board` current, remembering the old one for undo; False if nothing changed.

        With `merge` (the rest of a drag stroke) the change joins the previous undo step.
        """
        if board == self.board:
            return False
        if not (merge and self.past):
            self.past.append(self.board)
            del self.past[:-HISTORY]
        self.future.clear()
        self.board = board
        self.clamp_cursor()
        return True

    def set(self, cell: Cell, ch: str, merge: bool = False) -> bool:
        return self.apply(with_cell(self.board, cell, ch), merge)

    def flag(self, cell: Cell) -> bool:
        return self.apply(toggled_flag(self.board, cell))

    def mine(self, cell: Cell) -> bool:
        return self.apply(toggled_mine(self.board, cell))

    def step(self, cell: Cell, step: int) -> bool:
        return self.apply(stepped(self.board, cell, step))

    def resize(self, rows: int, cols: int) -> bool:
        return self.apply(resized(self.board, rows, cols))

    def set_mines(self, mines: int | None) -> bool:
        return self.apply(self.board.with_mines(mines))

    def clear(self) -> bool:
        return self.apply(blank(self.board.rows, self.board.cols, self.board.mines))

    def undo(self) -> bool:
        return self.travel(self.past, self.future)

    def redo(self) -> bool:
        return self.travel(self.future, self.past)

    def travel(self, back: list[Board], forth: list[Board]) -> bool:
        """Go one board back in `back` (the past, or the future), the current one kept in `forth`."""
        if not back:
            return False
        forth.append(self.board)
        self.board = back.pop()
        self.clamp_cursor()
        return True

    def move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        self.cursor = (min(max(r + dr, 0), self.board.rows - 1), min(max(c + dc, 0), self.board.cols - 1))

    def clamp_cursor(self) -> None:
        self.move(0, 0)


def parse_int(text: str, low: int, high: int, what: str, high_is: str = "") -> int:
    """A whole number typed into a field, within [low, high] (`high_is`: what the bound is, said
    beside it); BoardError says what is wrong, the typed text cut short."""
    number = whole_number(text.strip())
    if number is None or not low <= number <= high:
        typed = short_number(number) if number is not None else quoted(text.strip())
        raise BoardError(f"{what} must be a whole number from {low} to {high}{high_is}, not {typed}")
    return number
