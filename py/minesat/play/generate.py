"""Boards from a seed, and no-guess boards drawn uniformly.

`generate(...)` draws the mines exactly as a game of that seed does (`game.place_mines` with
`random.Random(seed)`: the first click safe, or opening a zero).  With `no_guess`, it draws
boards from the same generator, one after another, and keeps the first one that
`solvable_without_guessing` certifies: from the first click, opening only cells that are safe in
every layout of what is shown (exact counting, the total known) wins the game.  Rejection keeps
the distribution: every no-guess board is drawn with the same probability as by the plain
generator, divided by the same chance of acceptance, so the result is uniform over the no-guess
boards of the rule.

The certificate is exact and order-free: opening a safe cell only adds knowledge, so every
player who opens only surely safe cells ends in the same position.  Each round opens every
surely safe cell at once; exact counting reuses the components an opening did not touch, so
it was as fast as cheap one- and two-clue rules tried first (measured), and simpler.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from minesat.board import MAX_CELLS, MAX_SIDE, Cell, short_number
from minesat.counting import LayoutSpace
from minesat.play.game import Game, place_mines

MAX_TRIES = 100_000  # no-guess: give up after this many boards


@dataclass(frozen=True)
class Generated:
    """The mines of a board, and how many boards were drawn to find it (1 without no-guess)."""

    rows: int
    cols: int
    mines: frozenset[Cell]
    tries: int

    def text(self) -> str:
        """The board as rows of `*` (mine) and `.` (safe)."""
        return "\n".join("".join("*" if (r, c) in self.mines else "." for c in range(self.cols))
                         for r in range(self.rows)) + "\n"


def generate(rows: int, cols: int, mines: int, first: Cell, rule: str = "classic", seed: int = 0,
             no_guess: bool = False, max_tries: int = MAX_TRIES) -> Generated:
    """The mines of a board (see the module docstring); ValueError when `max_tries` boards hold
    no no-guess one."""
    for tries, made in enumerate(draws(rows, cols, mines, first, rule, seed, no_guess), 1):
        if made is not None:
            return made
        if tries >= max_tries:
            break
    raise ValueError(f"no no-guess board in {max_tries:,} tries")


def draws(rows: int, cols: int, mines: int, first: Cell, rule: str = "classic", seed: int = 0,
          no_guess: bool = False) -> Iterator[Generated | None]:
    """The boards of `generate` drawn one at a time: None for each one rejected, then the one kept
    (a caller can step it to show progress, or stop).  ValueError on a size or click off the board."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE and rows * cols <= MAX_CELLS):
        raise ValueError(f"a board is 1 to {MAX_SIDE} rows and columns and at most {MAX_CELLS:,} cells, "
                         f"not {short_number(rows)}x{short_number(cols)}")
    if not (0 <= first[0] < rows and 0 <= first[1] < cols):
        raise ValueError(f"the first click {short_number(first[0])},{short_number(first[1])} is off the "
                         f"{rows}x{cols} board")
    rng = random.Random(seed)
    tries = 0
    while True:
        tries += 1
        layout = place_mines(rows, cols, mines, first, rule, rng)
        if not no_guess or solvable_without_guessing(rows, cols, layout, first):
            yield Generated(rows, cols, layout, tries)
            return
        yield None


def solvable_without_guessing(rows: int, cols: int, mines: frozenset[Cell], first: Cell) -> bool:
    """Whether opening `first`, then only cells safe in every layout of what is shown (the total
    known), wins the game."""
    game = Game.with_mines(rows, cols, mines)
    game.open(first)
    while game.state == "playing":
        board = game.board()
        space = LayoutSpace(board)
        safe = [c for c in board.hidden if space.mine_counts[c] == 0]
        if not safe:
            return False
        for cell in safe:
            game.open(cell)
    return game.state == "won"
