"""Play mode's game (`Play`): a game from a seed (minesat.play.game) started, played and ended on
the page, new games, no-guess boards; and Play mode bound to the page (`bind`).

The game's rules run here (flood fill and chords are cheap); the best move, the odds of a cell
and the live probabilities come from the engine's worker, like every analysis. A game's link is
`#play=<level>&seed=<n>[&first=r.c][&moves=o1.1,f0.5,…]&rule=<classic|zero>` (custom:
`&rows=&cols=&mines=`): the address bar names the position after every move, so a game can be
shared at any point and replayed. Flags are the player's marks: the advisor names the ones the
numbers rule out (with proofs) and reasons without them, unless *Treat flags as mines* is on.
Statistics per level and rule are kept in local storage.

Its parts, each binding its own handlers: `view` draws the game, `grid` takes the player's clicks,
taps and keys, `advice` asks the engine (hints, auto-play, the odds), `early` keeps what the
player did before the game could take it, `review` and `stats` the game once ended.

Test hooks: the hinted cell has `data-best`; #play-status has `data-state`; the cursor cell has
the class `cursor`; wrong flags the class `wrong-flag`.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any
from urllib.parse import parse_qsl

from minesat.board import LEVELS, Cell
from minesat.formats.links import board_to_fragment, strip_chat_punctuation
from minesat.play.game import Game
from minesat.play.links import Move, game_from_fragment, game_moves
from minesat_web import persist, render
from minesat_web.app import App
from minesat_web.browser import js
from minesat_web.dom import copy_to_clipboard, el, handle, show_message
from minesat_web.play import advice, early, grid, noguess, review, stats, view
from minesat_web.play import render as playrender
from minesat_web.play.noguess import start_cell
from minesat_web.play.state import PlayState


class Play:
    """The game on screen, its moves, what the engine said of it, and the player's settings."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.state = PlayState()  # the game and what the player did (play/state.py)
        self.advice = advice.Advisor(app.client, self.state, lambda cell: self.act(cell, kind="open"),
                                     self.remove_wrong_flags)  # hints, auto-play, the odds (play/advice.py)
        self.review = review.Review(app.client, self.draw)  # the engine's review of the game
        self.making: asyncio.Task[Any] | None = None  # a no-guess board being drawn
        self.held = early.Held()  # clicks made while it is drawn: played on it (play/early.py)

    # -- games --
    def start(self, game: Game, level: str, first: Cell | None = None, moves: list[Move] | None = None,
              no_guess: bool = False) -> None:
        self.advice.stop_auto()
        self.state.begin(game, level, first, no_guess)
        self.review.forget()
        el("play-message").textContent = ""  # a message about an earlier link or settings is answered now
        el("play-seed").value = self.state.shown_seed
        if level == "custom":  # New game after a custom link: the same size again
            for id_, value in (("play-rows", game.rows), ("play-cols", game.cols), ("play-mines", game.mines)):
                el(id_).value = str(value)
        el("play-level").value = level
        el("play-rule").value = game.rule
        el("play-custom").hidden = level != "custom"
        el("play-hint-text").textContent = ""
        el("play-end").hidden = True
        el("play-board").value = "no-guess" if no_guess else "any"
        for r, c, kind in moves or []:
            self.state.apply((r, c), kind, js.Date.now(), timed=False)  # timed from the player's first click
        self.write_url()
        self.draw()
        view.show_pan()
        stats.show()
        self.advice.refresh_live()
        if game.state != "playing":
            view.show_end(self.state)

    def open_link(self, fragment: str) -> bool:
        """Start the game a `#play=` link names, at the position its moves reach; False (with a
        message) if the link is broken."""
        try:
            game = game_from_fragment(fragment)
            first, moves = game_moves(fragment, game)
        except ValueError as e:
            show_message(f"The game link could not be read: {e}.", bad=True)
            return False
        fields = dict(parse_qsl(strip_chat_punctuation(fragment).lstrip("#")))
        view.show_mode(True)
        level = fields.get("play", "expert")
        level = level if level in (*LEVELS, "custom") else "expert"
        if fields.get("ng") == "1":  # a no-guess board: drawn again from its seed (the same one)
            self.draw_no_guess(game, level, first or start_cell(game), moves)
        else:
            self.start(game, level, first, moves)
        return True

    def fresh_seed(self) -> None:
        """The Seed field shows the game's own seed: a new game draws another (a typed one is kept)."""
        if str(el("play-seed").value).strip() == self.state.shown_seed:
            el("play-seed").value = ""

    def another_game(self) -> None:
        """A new game of the level chosen, from another seed than the game's own (a typed one is kept)."""
        self.fresh_seed()
        self.new_game()

    def new_game(self) -> None:
        level = str(el("play-level").value)
        seed_text = str(el("play-seed").value).strip()
        typed = seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 18  # not '²' (int() refuses it)
        seed = int(seed_text) if typed else random.randrange(10**9)
        try:
            if level == "custom":
                fragment = (f"play=custom&rows={el('play-rows').value}&cols={el('play-cols').value}"
                            f"&mines={el('play-mines').value}&seed={seed}&rule={el('play-rule').value}")
                game = game_from_fragment(fragment)
            else:
                game = Game.new(level, seed, str(el("play-rule").value))
        except ValueError as e:
            show_message(playrender.sentences([f"Cannot start that game: {e}"]), bad=True)
            return
        if str(el("play-board").value) == "no-guess":
            self.draw_no_guess(game, level, start_cell(game), [])
        else:
            self.start(game, level)

    # -- no-guess boards: drawn uniformly among the boards solvable without a guess --
    def draw_no_guess(self, game: Game, level: str, first: Cell, moves: list[Move]) -> None:
        if self.making and not self.making.done():
            self.making.cancel()
        self.making = asyncio.ensure_future(self.make_no_guess(game, level, first, moves))

    async def make_no_guess(self, game: Game, level: str, first: Cell, moves: list[Move]) -> None:
        """Ask the worker for the game's no-guess board, then start it."""
        drawn = await noguess.no_guess_game(self.app.client, game, first)
        if drawn is None:
            return
        made, tries = drawn
        self.start(made, level, first, moves, no_guess=True)
        el("play-hint-text").textContent = noguess.drawn_text(tries, first)
        view.show_best(self.state, first)
        for cell, flag, kind in self.held.take():  # the clicks made while it was drawn, in order
            self.act(cell, flag, kind)

    def cancel_no_guess(self) -> None:
        if self.making and not self.making.done():
            self.making.cancel()
        self.held.drop()
        el("play-generating").hidden = True
        self.app.restart_worker()

    def again(self) -> None:
        """The same board once more: the same seed, the mines placed for the same first cell."""
        game = self.state.game
        if game is None or not self.state.moves:
            return
        first = self.state.first or (self.state.moves[0][0], self.state.moves[0][1])
        if self.state.no_guess and game.mine_cells is not None:
            made = Game.with_mines(game.rows, game.cols, set(game.mine_cells), game.seed, game.rule)
            self.start(made, self.state.level, first, no_guess=True)
            view.show_best(self.state, first)
        else:
            self.start(Game(game.rows, game.cols, game.mines, game.seed, game.rule), self.state.level, first)

    def write_url(self) -> None:
        """The address bar names the position: the game and every move so far."""
        if self.state.game is not None:
            persist.replace_url(self.state.fragment())

    def draw(self) -> None:
        view.draw(self.state)

    # -- moves --
    def apply(self, cell: Cell, kind: str) -> bool:
        """One move of the player's (or of a link being replayed): True when it was a real move."""
        return self.state.apply(cell, kind, js.Date.now())

    def act(self, cell: Cell, flag: bool = False, kind: str | None = None) -> None:
        """A move made on the board: open (a chord on an open number), or flag. While a no-guess
        board is being drawn, the move is kept and played on it once it is there (never lost)."""
        if self.making and not self.making.done():
            self.held.keep(cell, flag, kind)
            return
        game = self.state.game
        if game is None or game.state != "playing" or self.review.data is not None:
            return
        self.state.cursor = cell
        first = self.state.first
        if self.state.no_guess and not self.state.moves and first is not None and cell != first and not flag:
            el("play-hint-text").textContent = (f"This no-guess board starts at {render.name(first)} (marked ★): "
                                                "from there no guess is needed.")
            view.show_best(self.state, first)
            return
        if not self.apply(cell, kind or ("flag" if flag else "open")):
            self.draw()  # the cursor moved
            return
        self.state.best = None
        self.state.forget_unflagged_wrong()
        el("play-hint-text").textContent = ""
        view.show_wrong(self.state)
        self.write_url()
        self.draw()
        self.advice.refresh_live()
        if game.state != "playing":
            stats.record(self.state.level, game.rule, game.state == "won", int(self.state.ended - self.state.started))
            view.show_end(self.state)
            if game.state == "lost" and el("play-review-auto").checked:  # on the losing click: why, and what
                asyncio.ensure_future(self.review.load(game, self.state.moves))  # was better

    def remove_wrong_flags(self) -> None:
        game = self.state.game
        if game is None:
            return
        for w in self.state.wrong:
            cell = (w["cell"][0], w["cell"][1])
            if cell in game.flags:
                self.apply(cell, "flag")
        self.state.wrong = []
        view.show_wrong(self.state)
        self.write_url()
        self.draw()
        self.advice.refresh_live()


def bind(app: App) -> Play:
    """Play mode's handlers, bound where they are defined, a group at a time."""
    play = Play(app)
    review.bind(play.review)
    stats.bind()
    view.bind()
    advice.bind(play.advice)
    bind_modes(app, play)
    grid.bind(play)
    bind_tools(play)
    return play


def bind_modes(app: App, play: Play) -> None:
    """Into Play mode and out of it (to the analyzer, with the position or without); new games."""

    @handle("click", "#mode-play")
    def to_play(evt: Any) -> None:
        view.show_mode(True)
        if play.state.game is None:
            play.new_game()
        else:
            play.write_url()

    @handle("click", "#mode-analyze")
    def to_analyze(evt: Any) -> None:
        play.advice.stop_auto()
        view.show_mode(False)
        persist.replace_url(board_to_fragment(app.board))  # the analyzer's board, not the game's link
        app.changed()

    @handle("click", "#play-new")
    def new_game(evt: Any) -> None:
        play.another_game()

    @handle("keydown", "#play-seed")
    def seed_entered(evt: Any) -> None:
        if evt.key == "Enter":  # the seed typed: its game
            play.new_game()

    @handle("click", "#play-again")
    def again(evt: Any) -> None:
        play.again()
        el("play-grid").focus()

    @handle("change", "#play-level")
    def level(evt: Any) -> None:
        """A level chosen: a new game of that level (custom: of the size in its fields)."""
        el("play-custom").hidden = str(el("play-level").value) != "custom"
        play.another_game()

    @handle("click", "#play-face")
    def face(evt: Any) -> None:
        """The face above the board: a new game, as in every Minesweeper."""
        play.another_game()

    @handle("click", "#play-analyze")
    def analyze_position(evt: Any) -> None:
        if play.state.game is None:
            return
        play.advice.stop_auto()
        view.show_mode(False)
        app.ed.apply(play.state.game.board())
        persist.replace_url(board_to_fragment(app.board))  # the address bar names the position now
        app.changed()  # analysed


def bind_tools(play: Play) -> None:
    """Flag taps, removing wrong flags, share, the review and the record; cancelling a no-guess board."""

    @handle("click", "#play-flag")
    def flag_taps(evt: Any) -> None:
        play.state.flag_taps = not play.state.flag_taps
        el("play-flag").setAttribute("aria-pressed", "true" if play.state.flag_taps else "false")
        el("play-flag").classList.toggle("active", play.state.flag_taps)

    @handle("click", "#play-remove-flags")
    def remove_flags(evt: Any) -> None:
        play.remove_wrong_flags()

    @handle("click", "#play-share")
    def share(evt: Any) -> None:
        play.write_url()
        url = str(js.location.href)
        el("play-share-url").value = url
        el("play-share-box").hidden = False
        el("play-share-url").select()
        copy_to_clipboard(url, "The game's link, at this position, is copied.")  # else it is shown selected

    @handle("click", "#play-review")
    def review_game(evt: Any) -> None:
        if play.state.game is not None:
            asyncio.ensure_future(play.review.load(play.state.game, play.state.moves))

    @handle("click", "#play-download")
    def download(evt: Any) -> None:
        if play.state.game is not None and play.state.game.mine_cells is not None:
            review.download_record(play.state.game, play.state.moves, play.state.level)

    @handle("click", "#play-generating-cancel")
    def cancel_generating(evt: Any) -> None:
        play.cancel_no_guess()
