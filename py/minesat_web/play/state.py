"""Play mode's state: the game on screen and what the player did, without any browser import
(tested in CPython).  The controller (`controller.Play`) binds it to the page and the engine; the
view (`view`, with `render`'s HTML) draws it."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from minesat.board import Cell
from minesat.play.game import Game
from minesat.play.links import Move, game_fragment


@dataclass
class PlayState:
    game: Game | None = None
    level: str = "expert"
    first: Cell | None = None  # the cell the mines were placed for, when played again
    moves: list[Move] = field(default_factory=list)
    started: float = 0.0  # ms (Date.now) of the first move, and of the end
    ended: float = 0.0
    best: Cell | None = None
    cursor: Cell = (0, 0)
    odds: dict[Cell, Fraction] = field(default_factory=dict)  # live mine probabilities of the position on screen
    wrong: list[dict[str, Any]] = field(default_factory=list)  # flags the advisor found wrong, with proofs
    flag_taps: bool = False
    no_guess: bool = False  # the game's board was drawn among the no-guess ones, to start at `first`
    shown_seed: str = ""  # the seed the Seed field shows for the game on screen (a typed one differs)

    def begin(self, game: Game, level: str, first: Cell | None = None, no_guess: bool = False) -> None:
        """A new game on screen: nothing played yet; the cursor kept inside the board."""
        self.game, self.level, self.best, self.first, self.no_guess = game, level, None, first, no_guess
        self.moves, self.started, self.ended, self.wrong, self.odds = [], 0.0, 0.0, [], {}
        self.cursor = (min(self.cursor[0], game.rows - 1), min(self.cursor[1], game.cols - 1))
        if first is not None:
            game.place_for(first)
        self.shown_seed = str(game.seed)

    def apply(self, cell: Cell, kind: str, now: float, timed: bool = True) -> bool:
        """One move of the player's (or of a link being replayed) at time `now` (ms): True when it
        was a real move.  Opening an open number chords it; a chord that opens nothing is no move.
        The game is timed from the player's first move: the moves of a link being replayed
        (`timed` False) do not start the clock."""
        game = self.game
        if game is None or game.state != "playing":
            return False
        if kind == "flag":
            if cell in game.opened:
                return False
            game.flag(cell)
        elif kind == "chord" or cell in game.opened:
            kind, before = "chord", len(game.opened)
            game.chord(cell)
            if len(game.opened) == before and game.state == "playing":
                return False  # not a satisfied number: nothing opened
        else:
            if cell in game.flags:
                return False
            game.open(cell)
        if not self.started and timed:
            self.started = now
        self.moves.append((cell[0], cell[1], kind))
        if game.state != "playing" and self.started:
            self.ended = now
        return True

    def move_cursor(self, dr: int, dc: int) -> None:
        """The cursor moved by (dr, dc), kept on the board (a key pressed at its edge moves it no further)."""
        if self.game is not None:
            self.cursor = (min(max(self.cursor[0] + dr, 0), self.game.rows - 1),
                           min(max(self.cursor[1] + dc, 0), self.game.cols - 1))

    def wrong_flags(self) -> frozenset[Cell]:
        """The flags on the board that the advisor found wrong."""
        if self.game is None:
            return frozenset()
        return frozenset((w["cell"][0], w["cell"][1]) for w in self.wrong) & self.game.flags

    def forget_unflagged_wrong(self) -> None:
        """Wrong flags the player has removed are no longer wrong."""
        if self.game is not None:
            self.wrong = [w for w in self.wrong if tuple(w["cell"]) in self.game.flags]

    def fragment(self) -> str:
        """The position's link: the game and every move so far."""
        assert self.game is not None
        return game_fragment(self.game, self.level, self.moves, self.first, self.no_guess)

    def status(self) -> str:
        """The line under the board: mines left and safe cells to open, or how the game ended."""
        game = self.game
        if game is None:
            return ""
        return {
            "playing": f"Mines left: {game.mines - len(game.flags)}. Safe cells to open: {game.safe_left}.",
            "won": "You won! Every safe cell is open.",
            "lost": "You lost: that cell was a mine. The mines are shown.",
        }[game.state]

    def seconds(self) -> float | None:
        """The game's time from its first move to its end (or None before a move)."""
        return (self.ended - self.started) / 1000 if self.started else None

    def mines_left(self) -> int:
        """The mine counter: the mines less the flags (below zero with too many flags)."""
        return 0 if self.game is None else self.game.mines - len(self.game.flags)

    def counter_text(self) -> str:
        """The mine counter as Minesweeper shows it: three digits ("010", "-05")."""
        n = 0 if self.game is not None and self.game.state == "won" else self.mines_left()  # won: all flagged
        return f"{n:03d}" if n >= 0 else f"-{min(-n, 99):02d}"

    def face(self) -> str:
        """The new-game button's face: playing, won or lost."""
        state = self.game.state if self.game is not None else "playing"
        return {"playing": "🙂", "won": "😎", "lost": "😵"}[state]
