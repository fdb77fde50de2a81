"""Play mode: a game from a seed (minesat.play.game), hints and auto-play from the engine's best move.

The game's rules run here (flood fill and chords are cheap); the best move, the odds of a cell
and the live probabilities come from the engine's worker, like every analysis. A game's link is
`#play=<level>&seed=<n>[&first=r.c][&moves=o1.1,f0.5,…]&rule=<classic|zero>` (custom:
`&rows=&cols=&mines=`): the address bar names the position after every move, so a game can be
shared at any point and replayed. Flags are the player's marks: the advisor names the ones the
numbers rule out (with proofs) and reasons without them, unless *Treat flags as mines* is on.
Keys on the board: arrows move, Space or Enter opens (or chords an open number), F flags,
C chords, H hints. Statistics per level and rule are kept in local storage.

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
from minesat.messages.codec import decode_analysis, request
from minesat.messages.ops import Lane, Op
from minesat.play.game import Game
from minesat.play.links import Move, game_from_fragment, game_moves
from minesat_web import persist, render
from minesat_web.app import App
from minesat_web.browser import create_once_callable, js, js_object
from minesat_web.client import Dropped, EngineFailed
from minesat_web.dom import CELL, KEY_MOVES, cell_at, copy_to_clipboard, el, handle, show_message
from minesat_web.play import noguess, review, stats
from minesat_web.play import render as playrender
from minesat_web.play.noguess import start_cell
from minesat_web.play.state import PlayState

LONG_PRESS = 0.45  # seconds: a longer touch flags


class Play:
    """The game on screen, its moves, what the engine said of it, and the player's settings."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.state = PlayState()  # the game and what the player did (play/state.py)
        self.auto: asyncio.Task[Any] | None = None
        self.live_task: asyncio.Task[Any] | None = None
        self.press: Any = None  # the pending long-press timer
        self.review = review.Review(app.client, self.draw)  # the engine's review of the game
        self.making: asyncio.Task[Any] | None = None  # a no-guess board being drawn
        self.held: list[tuple[Cell, bool, str | None]] = []  # clicks made while it is drawn: played on it

    # -- games --
    def start(self, game: Game, level: str, first: Cell | None = None, moves: list[Move] | None = None,
              no_guess: bool = False) -> None:
        self.stop_auto()
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
        self.show_pan()
        stats.show()
        self.refresh_live()
        if game.state != "playing":
            self.show_end()

    def show_pan(self) -> None:
        """Say so when the board is wider than its frame (a phone's): it pans."""
        el("play-pan").hidden = el("play-grid").scrollWidth <= el("play-wrap").clientWidth

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
        show_mode(True)
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
        self.show_best(first)
        self.play_held()

    def play_held(self) -> None:
        """The clicks made while the board was drawn, played on it in order."""
        held, self.held = self.held, []
        for cell, flag, kind in held:
            self.act(cell, flag, kind)

    def cancel_no_guess(self) -> None:
        if self.making and not self.making.done():
            self.making.cancel()
        self.held = []
        for node in list(js.document.querySelectorAll("#play-grid .queued")):
            node.classList.remove("queued")
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
            self.show_best(first)
        else:
            self.start(Game(game.rows, game.cols, game.mines, game.seed, game.rule), self.state.level, first)

    def write_url(self) -> None:
        """The address bar names the position: the game and every move so far."""
        if self.state.game is not None:
            persist.replace_url(self.state.fragment())

    # -- drawing --
    def draw(self) -> None:
        game = self.state.game
        if game is None:
            return
        grid = el("play-grid")
        grid.removeAttribute("data-placeholder")
        grid.style.setProperty("--cols", str(game.cols))
        odds = self.state.odds if self.live() and game.state == "playing" else {}
        grid.innerHTML = playrender.play_cells(game, self.state.best, self.state.cursor, odds, self.state.wrong_flags())
        grid.setAttribute("aria-activedescendant", f"p{self.state.cursor[0]}-{self.state.cursor[1]}")
        status = el("play-status")
        status.dataset.state = game.state
        status.className = game.state
        status.textContent = self.state.status()
        self.draw_bar()

    def draw_bar(self) -> None:
        """Above the board, as in every Minesweeper: the mine counter, the face (a new game) and
        the clock (index.html's minesatClock ticks it from the first click)."""
        el("play-mines-left").textContent = self.state.counter_text()
        face = el("play-face")
        face.textContent = self.state.face()
        face.dataset.state = self.state.game.state if self.state.game is not None else "playing"
        clock = el("play-clock")
        clock.dataset.started = str(int(self.state.started)) if self.state.started else ""
        clock.dataset.ended = str(int(self.state.ended)) if self.state.ended else ""
        js.minesatClock()

    def live(self) -> bool:
        return bool(el("play-live").checked)

    def refresh_live(self) -> None:
        """With *Show the odds* on: every hidden cell's mine probability, from the engine."""
        if self.live_task and not self.live_task.done():
            self.live_task.cancel()
        self.state.odds = {}
        if self.live() and self.state.game is not None and self.state.game.state == "playing" and self.state.moves:
            self.live_task = asyncio.ensure_future(self.load_odds())

    async def load_odds(self) -> None:
        game = self.state.game
        if game is None:
            return
        board = game.board()
        try:
            data = await self.app.client.call(request(Op.ANALYZE, board), lane=Lane.PLAY_LIVE)
        except (Dropped, EngineFailed):
            return
        if self.state.game is not game or game.board() != board:
            return
        analysis = decode_analysis(board, data)
        self.state.odds = dict(analysis.probability) if analysis.satisfiable else {}
        self.draw()

    # -- moves --
    def apply(self, cell: Cell, kind: str) -> bool:
        """One move of the player's (or of a link being replayed): True when it was a real move."""
        return self.state.apply(cell, kind, js.Date.now())

    def act(self, cell: Cell, flag: bool = False, kind: str | None = None) -> None:
        """A move made on the board: open (a chord on an open number), or flag. While a no-guess
        board is being drawn, the move is kept and played on it once it is there (never lost)."""
        if self.making and not self.making.done():
            self.held.append((cell, flag, kind))
            node = el(f"p{cell[0]}-{cell[1]}")
            if node:
                node.classList.add("queued")
            return
        game = self.state.game
        if game is None or game.state != "playing" or self.review.data is not None:
            return
        self.state.cursor = cell
        first = self.state.first
        if self.state.no_guess and not self.state.moves and first is not None and cell != first and not flag:
            el("play-hint-text").textContent = (f"This no-guess board starts at {render.name(first)} (marked ★): "
                                                "from there no guess is needed.")
            self.show_best(first)
            return
        if not self.apply(cell, kind or ("flag" if flag else "open")):
            self.draw()  # the cursor moved
            return
        self.state.best = None
        self.state.forget_unflagged_wrong()
        el("play-hint-text").textContent = ""
        self.show_wrong()
        self.write_url()
        self.draw()
        self.refresh_live()
        if game.state != "playing":
            stats.record(self.state.level, game.rule, game.state == "won", int(self.state.ended - self.state.started))
            self.show_end()
            if game.state == "lost" and el("play-review-auto").checked:  # on the losing click: why, and what
                asyncio.ensure_future(self.review.load(game, self.state.moves))  # was better

    def show_end(self) -> None:
        """The game's end: 3BV, clicks, efficiency and time; play again, share, review."""
        game = self.state.game
        if game is None or game.mine_cells is None:
            return
        el("play-end-text").textContent = playrender.game_end_text(
            game.three_bv(), len(self.state.moves), self.state.seconds(),
            game.state == "won")
        el("play-end").hidden = False

    def show_wrong(self) -> None:
        """The flags the numbers rule out, named with their proofs, and the offer to remove them."""
        box = el("play-wrong")
        box.hidden = not self.state.wrong
        el("play-wrong-text").textContent = playrender.sentences(w["text"] for w in self.state.wrong)

    def remove_wrong_flags(self) -> None:
        game = self.state.game
        if game is None:
            return
        for w in self.state.wrong:
            cell = (w["cell"][0], w["cell"][1])
            if cell in game.flags:
                self.apply(cell, "flag")
        self.state.wrong = []
        self.show_wrong()
        self.write_url()
        self.draw()
        self.refresh_live()

    async def hint(self) -> dict[str, Any] | None:
        """Ask the engine for the best move of the position on screen; mark it, say why, name wrong flags."""
        game = self.state.game
        if game is None or game.state != "playing":
            if game is not None:
                el("play-hint-text").textContent = "The game is over: New game, or Play this board again."
            return None
        if self.state.no_guess and not self.state.moves and self.state.first is not None:
            self.show_best(self.state.first)
            el("play-hint-text").textContent = (f"Best move: open {render.name(self.state.first)}, "
                                                "where this no-guess board starts.")
            return {"move": list(self.state.first), "safe": True, "p_mine": 0.0, "method": "first",
                    "safe_cells": [list(self.state.first)], "wrong_flags": []}
        if game.mine_cells is None:  # the first click: the rules make it safe, the corner gives most
            corner = (0, 0) if game.rule == "classic" else (min(3, game.rows - 1), min(3, game.cols - 1))
            first = self.state.first or corner
            self.show_best(first)
            data = {"move": list(first), "safe": True, "p_mine": 0.0, "method": "first",
                    "safe_cells": [list(first)], "wrong_flags": []}
            el("play-hint-text").textContent = (
                f"Best move: open {render.name(first)}: the first click is always safe"
                + (" and opens a zero" if game.rule == "zero" else "") + " under these rules.")
            return data
        board = game.board()
        try:
            data = await self.app.client.call(
                request(Op.ADVISE, board, flags_as_mines=bool(el("play-flags-as-mines").checked)), lane=Lane.PLAY)
        except (Dropped, EngineFailed) as e:
            el("play-hint-text").textContent = f"No hint: {e}"
            return None
        if self.state.game is not game or game.board() != board:
            return None  # the game moved on meanwhile
        self.state.wrong = list(data.get("wrong_flags", []))
        self.show_wrong()
        if "move" in data:
            self.show_best((data["move"][0], data["move"][1]))
        el("play-hint-text").textContent = render.advice_text(data)
        return data

    def show_best(self, cell: Cell) -> None:
        """Mark the best move and bring it into view (on a phone it may be off screen)."""
        self.state.best = cell
        self.draw()
        node = js.document.querySelector("#play-grid [data-best]")
        if node:
            node.scrollIntoView(js_object({"block": "nearest", "inline": "center"}))
        el("play-hint-text").scrollIntoView(js_object({"block": "nearest"}))

    async def auto_play(self) -> None:
        """Play the best moves one by one until the game ends or the user stops it; flags the
        advisor finds wrong are removed (and said) on the way."""
        removed = ""  # what auto-play said about flags it removed, kept above the next hint
        try:
            while self.state.game is not None and self.state.game.state == "playing":
                data = await self.hint()
                if not data or "move" not in data:
                    break
                if self.state.wrong:
                    flags = "a wrong flag" if len(self.state.wrong) == 1 else f"{len(self.state.wrong)} wrong flags"
                    removed = f"Auto-play removed {flags}. {playrender.sentences(w['text'] for w in self.state.wrong)}"
                    self.remove_wrong_flags()
                    continue
                if removed:
                    hint = el("play-hint-text")
                    hint.textContent = f"{removed} Then: {hint.textContent}"  # said until auto-play stops
                await asyncio.sleep(int(el("play-speed").value) / 1000)
                for r, c in data["safe_cells"] or [data["move"]]:  # every surely safe cell at once
                    self.act((r, c), kind="open")
                await asyncio.sleep(int(el("play-speed").value) / 1000)
        finally:
            el("play-auto").setAttribute("aria-pressed", "false")
            el("play-auto").textContent = "Auto-play"

    def stop_auto(self) -> None:
        if self.auto and not self.auto.done():
            self.auto.cancel()

    async def describe(self, cell: Cell) -> None:
        """The cell line while playing: with *Show the odds*, its mine probability, its safety
        with the next click, and its chance of progress (from the engine)."""
        game = self.state.game
        if game is None:
            return
        info = el("play-cell-info")
        if not (self.live() and game.state == "playing" and cell in self.state.odds and game.board()[cell] == "?"):
            info.textContent = ""
            return
        board = game.board()
        odds = render.percent(self.state.odds[cell])
        info.textContent = f"{render.name(cell)}: {odds} mine; weighing what it may show…"
        try:
            data = await self.app.client.call(request(Op.ODDS, board, cell=list(cell)), lane=Lane.PLAY_ODDS)
        except (Dropped, EngineFailed):
            return
        if self.state.game is game and game.board() == board:
            info.textContent = playrender.odds_text(cell, data)


TILE_KEY = "minesat.play-tile"  # the player's tile size (index.html applies it at the first paint)


def set_tile_size(px: int) -> None:
    """The game's tiles at `px` pixels, kept for the next visit."""
    el("play-grid").style.setProperty("--tile", f"{px}px")
    el("play-tile").setAttribute("aria-valuetext", f"{px} pixels")
    try:
        js.localStorage.setItem(TILE_KEY, str(px))
    except Exception:  # noqa: BLE001 - storage disabled: the size holds for this visit
        pass


def carry_out_early(play: Play) -> None:
    """What the player did before Python was up (index.html keeps it in minesatEarly), done now
    in order: buttons clicked, choices changed (each with Play's settings as they were then),
    cells clicked or flagged."""
    early = js.window.minesatEarly
    js.window.minesatEarly = None  # from now on the page's own handlers answer
    for item in early.to_py() if early else []:
        kind = str(item[0])
        if kind in ("click", "change"):
            node = el(str(item[1]))
            if node is None:
                continue
            for id_, value in dict(item[2]).items():
                if (field := el(str(id_))) is not None:
                    field.value = str(value)
            node.removeAttribute("aria-busy")
            node.classList.remove("queued")
            if kind == "click":
                node.click()
            else:
                node.dispatchEvent(js.Event.new("change"))
        elif kind in ("open", "flag"):
            play.act((int(item[1]), int(item[2])), flag=kind == "flag" or play.state.flag_taps)


def show_mode(play: bool) -> None:
    el("app").hidden = play
    el("play").hidden = not play
    for id_, on in (("mode-analyze", not play), ("mode-play", play)):
        el(id_).classList.toggle("active", on)
        el(id_).setAttribute("aria-pressed", "true" if on else "false")


def bind(app: App) -> Play:
    """Play mode's handlers, bound where they are defined, a group at a time."""
    play = Play(app)
    review.bind(play.review)
    stats.bind()
    bind_modes(app, play)
    bind_board(play)
    bind_tools(play)
    return play


def bind_modes(app: App, play: Play) -> None:
    """Into Play mode and out of it (to the analyzer, with the position or without); new games."""

    @handle("click", "#mode-play")
    def to_play(evt: Any) -> None:
        show_mode(True)
        if play.state.game is None:
            play.new_game()
        else:
            play.write_url()

    @handle("click", "#mode-analyze")
    def to_analyze(evt: Any) -> None:
        play.stop_auto()
        show_mode(False)
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

    @handle("input", "#play-tile")
    def tile(evt: Any) -> None:
        set_tile_size(int(el("play-tile").value))
        play.show_pan()

    @handle("change", "#play-review-auto")
    def review_auto(evt: Any) -> None:
        try:
            js.localStorage.setItem("minesat.play-review-auto", "1" if el("play-review-auto").checked else "0")
        except Exception:  # noqa: BLE001 - storage disabled: the choice holds for this visit
            pass

    @handle("click", "#play-analyze")
    def analyze_position(evt: Any) -> None:
        if play.state.game is None:
            return
        play.stop_auto()
        show_mode(False)
        app.ed.apply(play.state.game.board())
        persist.replace_url(board_to_fragment(app.board))  # the address bar names the position now
        app.changed()  # analysed


def bind_board(play: Play) -> None:
    """The game's grid: click or tap opens, right click or a long press flags; keys."""

    @handle("contextmenu", "#play-grid")
    def no_menu(evt: Any) -> None:
        evt.preventDefault()

    @handle("pointerdown", "#play-grid", within=CELL)
    def down(evt: Any, node: Any) -> None:
        cell = cell_at(node)
        evt.preventDefault()
        el("play-grid").focus(js_object({"preventScroll": True}))
        if evt.button == 2:
            play.act(cell, flag=True)
            return

        def long_press() -> None:
            play.press = None
            play.act(cell, flag=True)
        play.press = (cell, js.setTimeout(create_once_callable(long_press), int(LONG_PRESS * 1000)))

    @handle("pointerup", "#play-grid")
    def up(evt: Any) -> None:
        if play.press is None:
            return  # a long press already flagged, or a right click
        cell, timer = play.press
        js.clearTimeout(timer)
        play.press = None
        play.act(cell, flag=play.state.flag_taps)

    @handle("pointerleave", "#play-grid")
    def leave(evt: Any) -> None:
        if play.press is not None:
            js.clearTimeout(play.press[1])
            play.press = None

    @handle("pointerover", "#play-grid", within=CELL)
    def over(evt: Any, node: Any) -> None:
        asyncio.ensure_future(play.describe(cell_at(node)))

    @handle("keydown", "#play-grid")
    def keys(evt: Any) -> None:
        """Keyboard play: arrows move, Space or Enter opens (chords an open number), F flags,
        C chords, H hints."""
        game, key = play.state.game, str(evt.key)
        if game is None or evt.ctrlKey or evt.altKey or evt.metaKey:
            return
        if key in KEY_MOVES:
            dr, dc = KEY_MOVES[key]
            play.state.cursor = (min(max(play.state.cursor[0] + dr, 0), game.rows - 1),
                           min(max(play.state.cursor[1] + dc, 0), game.cols - 1))
            play.draw()
            node = js.document.querySelector("#play-grid .cursor")
            if node:
                node.scrollIntoView(js_object({"block": "nearest", "inline": "nearest"}))
            asyncio.ensure_future(play.describe(play.state.cursor))
        elif key in (" ", "Enter"):
            play.act(play.state.cursor, kind="open")
        elif key in ("f", "F"):
            play.act(play.state.cursor, flag=True)
        elif key in ("c", "C"):
            play.act(play.state.cursor, kind="chord")
        elif key in ("h", "H"):
            asyncio.ensure_future(play.hint())
        else:
            return
        evt.preventDefault()


def bind_tools(play: Play) -> None:
    """Flag taps, hints and auto-play, the odds, share, the review and the record."""

    @handle("click", "#play-flag")
    def flag_taps(evt: Any) -> None:
        play.state.flag_taps = not play.state.flag_taps
        el("play-flag").setAttribute("aria-pressed", "true" if play.state.flag_taps else "false")
        el("play-flag").classList.toggle("active", play.state.flag_taps)

    @handle("click", "#play-hint")
    def hint(evt: Any) -> None:
        asyncio.ensure_future(play.hint())

    @handle("click", "#play-auto")
    def auto(evt: Any) -> None:
        if play.auto and not play.auto.done():
            play.stop_auto()
            return
        el("play-auto").setAttribute("aria-pressed", "true")
        el("play-auto").textContent = "Stop"
        play.auto = asyncio.ensure_future(play.auto_play())

    @handle("click", "#play-remove-flags")
    def remove_flags(evt: Any) -> None:
        play.remove_wrong_flags()

    @handle("change", "#play-live")
    def live(evt: Any) -> None:
        play.refresh_live()
        play.draw()

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
