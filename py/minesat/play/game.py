"""A game of Minesweeper: pure logic, no browser, cheap enough to play thousands of games.

A game has a size, a number of mines and a seed; the mines are placed when the first cell is
opened, so that the first click is safe (`rule="classic"`) or opens a zero (`rule="zero"`: the
first cell and its neighbours are free of mines).  Opening a zero opens its neighbours (flood
fill); flags mark cells and are never opened; opening a satisfied number (as many flags around
it as its count) opens its other hidden neighbours (a chord).  The game is won when every safe
cell is open and lost when a mine is opened.  `board()` is the position the player sees, as the
engine's `Board`, with the total number of mines.

The mines come from `random.Random(seed)`, which draws the same numbers in CPython and Pyodide,
so a seed names a game everywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from minesat.board import FLAG, HIDDEN, LEVELS, Board, Cell, counted, neighbours

RULES = ("classic", "zero")


def place_mines(rows: int, cols: int, mines: int, first: Cell, rule: str, rng: random.Random) -> frozenset[Cell]:
    """`mines` mines drawn uniformly among the cells the rule leaves free around the first click."""
    kept = {first} | (set(neighbours(first, rows, cols)) if rule == "zero" else set())
    allowed = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in kept]
    if mines > len(allowed):
        raise ValueError(f"{counted(mines, 'mine')} {'does' if mines == 1 else 'do'} not fit in a {rows}x{cols} board "
                         f"under the {rule} rule")
    return frozenset(rng.sample(allowed, mines))


@dataclass
class Game:
    """One game; `open`, `flag` and `chord` change it, `board()` shows it."""

    rows: int
    cols: int
    mines: int
    seed: int = 0
    rule: str = "classic"
    mine_cells: frozenset[Cell] | None = None  # placed at the first open
    opened: set[Cell] = field(default_factory=set)
    flags: set[Cell] = field(default_factory=set)
    state: str = "playing"  # "playing", "won" or "lost"
    exploded: Cell | None = None
    _numbers: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"unknown rule {self.rule!r}; use one of {', '.join(RULES)}")
        if self.rows < 1 or self.cols < 1 or self.mines < 0 or self.mines >= self.rows * self.cols:
            raise ValueError(f"a {self.rows}x{self.cols} game cannot hold {self.mines} mines")

    @classmethod
    def new(cls, level: str, seed: int = 0, rule: str = "classic") -> Game:
        """A game of a named level: beginner 9x9/10, intermediate 16x16/40, expert 30x16/99."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
        rows, cols, mines = LEVELS[level]
        return cls(rows, cols, mines, seed, rule)

    @classmethod
    def with_mines(cls, rows: int, cols: int, mine_cells: set[Cell] | frozenset[Cell], seed: int = 0,
                   rule: str = "classic") -> Game:
        """A game with the mines already in given cells (the first click may then hit one); `seed`
        and `rule` name where they came from (a no-guess board drawn from a seed)."""
        game = cls(rows, cols, len(mine_cells), seed, rule)
        game._set_mines(frozenset(mine_cells))
        return game

    # -- what the player sees -----------------------------------------------------------
    def number(self, cell: Cell) -> int:
        """The count of mines around a safe cell (once the mines are placed)."""
        return self._numbers[cell[0] * self.cols + cell[1]]

    def board(self) -> Board:
        """The visible position as an engine board, with the total number of mines."""
        cells = []
        for r in range(self.rows):
            for c in range(self.cols):
                if (r, c) in self.opened:
                    cells.append(str(self.number((r, c))))
                else:
                    cells.append(FLAG if (r, c) in self.flags else HIDDEN)
        return Board(self.rows, self.cols, tuple(cells), self.mines)

    @property
    def safe_left(self) -> int:
        """Safe cells not opened yet."""
        return self.rows * self.cols - self.mines - len(self.opened)

    # -- moves ------------------------------------------------------------------------------
    def open(self, cell: Cell) -> list[Cell]:
        """Open a cell (a zero floods): the cells opened, in order.  Flags and finished games: []."""
        if self.state != "playing" or cell in self.flags or cell in self.opened:
            return []
        if not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
            raise ValueError(f"cell {cell} is off the {self.rows}x{self.cols} board")
        mine_cells = self.mine_cells if self.mine_cells is not None else self._place(cell)
        if cell in mine_cells:
            self.state, self.exploded = "lost", cell
            return []
        done, stack = [], [cell]
        self.opened.add(cell)
        while stack:
            cur = stack.pop()
            done.append(cur)
            if self.number(cur) == 0:
                for n in neighbours(cur, self.rows, self.cols):
                    if n not in self.opened and n not in self.flags:
                        self.opened.add(n)
                        stack.append(n)
        if self.safe_left == 0:
            self.state = "won"
        return done

    def flag(self, cell: Cell) -> None:
        """Toggle a flag on a hidden cell (opened cells and finished games are left alone)."""
        if self.state == "playing" and cell not in self.opened:
            self.flags.symmetric_difference_update({cell})

    def act(self, cell: Cell, kind: str) -> list[Cell]:
        """One move of a game record: "open", "flag" or "chord" on `cell`; the cells opened."""
        if kind == "flag":
            self.flag(cell)
            return []
        return {"open": self.open, "chord": self.chord}[kind](cell)

    def chord(self, cell: Cell) -> list[Cell]:
        """Open the unflagged hidden neighbours of an open number with as many flags around it."""
        if self.state != "playing" or cell not in self.opened:
            return []
        around = neighbours(cell, self.rows, self.cols)
        if sum(n in self.flags for n in around) != self.number(cell):
            return []
        done: list[Cell] = []
        for n in around:
            done += self.open(n)
            if self.state == "lost":
                break
        return done

    def place_for(self, first: Cell) -> None:
        """Place the mines as a first click on `first` would (nothing if they are placed): the same
        seed and first cell give the same board, so a game can be played again."""
        if self.mine_cells is None:
            self._place(first)

    def three_bv(self) -> int:
        """The game's 3BV: the fewest clicks that clear it without flags, one per opening (a region
        of zeros with its border) and one per safe number outside every opening."""
        if self.mine_cells is None:
            raise ValueError("the mines are placed at the first click: no 3BV before it")
        seen: set[Cell] = set()
        clicks = 0
        for r in range(self.rows):
            for c in range(self.cols):
                if (r, c) in seen or self.number((r, c)) != 0:
                    continue
                clicks += 1  # an opening: flood it
                stack = [(r, c)]
                seen.add((r, c))
                while stack:
                    cur = stack.pop()
                    if self.number(cur) == 0:
                        for n in neighbours(cur, self.rows, self.cols):
                            if n not in seen:
                                seen.add(n)
                                stack.append(n)
        return clicks + sum(1 for r in range(self.rows) for c in range(self.cols)
                            if (r, c) not in seen and (r, c) not in self.mine_cells)

    def _place(self, first: Cell) -> frozenset[Cell]:
        """Place the mines around the first cell opened (under the game's rule); they are returned."""
        mine_cells = place_mines(self.rows, self.cols, self.mines, first, self.rule, random.Random(self.seed))
        self._set_mines(mine_cells)
        return mine_cells

    def _set_mines(self, mine_cells: frozenset[Cell]) -> None:
        self.mine_cells = mine_cells
        self._numbers = [
            -1 if (r, c) in mine_cells else sum(n in mine_cells for n in neighbours((r, c), self.rows, self.cols))
            for r in range(self.rows) for c in range(self.cols)]
