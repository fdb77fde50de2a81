"""Play mode: a game from a seed (minesat.game), hints and auto-play from the engine's best move.

The game's rules run here (flood fill and chords are cheap); the best move comes from the engine's
worker, like every analysis. A game's link is `#play=<level>&seed=<n>&rule=<classic|zero>` (custom:
`&rows=&cols=&mines=`), so a game can be shared and replayed. Wins and losses per level are kept
in local storage. Test hooks: the hinted cell has `data-best`; #play-status has `data-state`.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any
from urllib.parse import parse_qsl

import js
from pyodide.ffi import create_once_callable
from pyscript import when

from minesat.game import LEVELS, Game
from minesat.protocol import request
from minesat.share import board_to_fragment, game_fragment, game_from_fragment
from minesat_web import persist, render
from minesat_web.app import App, el, show_message
from minesat_web.client import Dropped, EngineFailed
from minesat_web.events import guarded, target_cell

STATS_KEY = "minesat.stats"
LONG_PRESS = 0.45  # seconds: a longer touch flags


class Play:
    def __init__(self, app: App) -> None:
        self.app = app
        self.game: Game | None = None
        self.level = "expert"
        self.best: tuple[int, int] | None = None
        self.auto: asyncio.Task | None = None
        self.flag_taps = False
        self.press: Any = None  # the pending long-press timer

    # -- games --
    def start(self, game: Game, level: str) -> None:
        self.stop_auto()
        self.game, self.level, self.best = game, level, None
        el("play-seed").value = str(game.seed)
        el("play-level").value = level
        el("play-rule").value = game.rule
        el("play-custom").hidden = level != "custom"
        persist.replace_url(game_fragment(game, level))
        el("play-hint-text").textContent = ""
        self.draw()
        self.show_stats()

    def open_link(self, fragment: str) -> bool:
        """Start the game a `#play=` link names; False (with a message) if the link is broken."""
        try:
            game = game_from_fragment(fragment)
        except ValueError as e:
            show_message(f"The game link could not be read: {e}.", bad=True)
            return False
        fields = dict(parse_qsl(fragment.lstrip("#")))
        show_mode(True)
        self.start(game, fields.get("play", "expert") if fields.get("play") in (*LEVELS, "custom") else "expert")
        return True

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
            show_message(f"Cannot start that game: {e}", bad=True)
            return
        self.start(game, level)

    # -- drawing --
    def draw(self) -> None:
        game = self.game
        if game is None:
            return
        grid = el("play-grid")
        grid.style.setProperty("--cols", str(game.cols))
        grid.innerHTML = render.play_cells(game, self.best)
        left = game.mines - len(game.flags)
        status = el("play-status")
        status.dataset.state = game.state
        status.className = game.state
        status.textContent = {
            "playing": f"Mines left: {left}. Safe cells to open: {game.safe_left}.",
            "won": "You won! Every safe cell is open.",
            "lost": "You lost: that cell was a mine. The mines are shown.",
        }[game.state]

    def show_stats(self) -> None:
        stats = self.stats()
        parts = [f"{level}: {won} won, {lost} lost" for level, (won, lost) in stats.items()]
        el("play-stats").textContent = ("Your games: " + "; ".join(parts) + ".") if parts else ""

    def stats(self) -> dict[str, list[int]]:
        try:
            data = json.loads(str(js.localStorage.getItem(STATS_KEY) or "{}"))
            return {str(k): [int(v[0]), int(v[1])] for k, v in data.items()}
        except Exception:  # noqa: BLE001 - missing or corrupted storage: no stats yet
            return {}

    def record(self) -> None:
        stats = self.stats()
        won, lost = stats.get(self.level, [0, 0])
        stats[self.level] = [won + (self.game.state == "won"), lost + (self.game.state == "lost")]
        try:
            js.localStorage.setItem(STATS_KEY, json.dumps(stats))
        except Exception:  # noqa: BLE001 - storage disabled: the game still counts on screen
            pass
        self.show_stats()

    # -- moves --
    def act(self, cell: tuple[int, int], flag: bool) -> None:
        game = self.game
        if game is None or game.state != "playing":
            return
        if flag:
            game.flag(cell)
        elif cell in game.opened:
            game.chord(cell)
        else:
            game.open(cell)
        self.best = None
        el("play-hint-text").textContent = ""
        self.draw()
        if game.state != "playing":
            self.record()

    async def hint(self) -> dict[str, Any] | None:
        """Ask the engine for the best move of the position on screen; mark it."""
        game = self.game
        if game is None or game.state != "playing":
            return None
        if game.mine_cells is None:  # the first click: the rules make it safe, the corner gives most
            first = (0, 0) if game.rule == "classic" else (min(3, game.rows - 1), min(3, game.cols - 1))
            self.best = first
            self.draw()
            data = {"move": list(first), "safe": True, "p_mine": 0.0, "method": "first", "safe_cells": [list(first)]}
            el("play-hint-text").textContent = (
                f"Best move: open {render.name(first)}: the first click is always safe"
                + (" and opens a zero" if game.rule == "zero" else "") + " under these rules.")
            return data
        board = game.board()
        try:
            data = await self.app.client.call(request("advise", board), lane="play")
        except (Dropped, EngineFailed) as e:
            el("play-hint-text").textContent = f"No hint: {e}"
            return None
        if self.game is not game or game.board() != board:
            return None  # the game moved on meanwhile
        if "move" in data:
            self.best = (data["move"][0], data["move"][1])
            self.draw()
        el("play-hint-text").textContent = render.advice_text(data)
        return data

    async def auto_play(self) -> None:
        """Play the best moves one by one until the game ends or the user stops it."""
        try:
            while self.game is not None and self.game.state == "playing":
                data = await self.hint()
                if not data or "move" not in data:
                    break
                await asyncio.sleep(int(el("play-speed").value) / 1000)
                for r, c in data["safe_cells"] or [data["move"]]:  # every surely safe cell at once
                    self.act((r, c), flag=False)
                await asyncio.sleep(int(el("play-speed").value) / 1000)
        finally:
            el("play-auto").setAttribute("aria-pressed", "false")
            el("play-auto").textContent = "Auto-play"

    def stop_auto(self) -> None:
        if self.auto and not self.auto.done():
            self.auto.cancel()


def show_mode(play: bool) -> None:
    el("app").hidden = play
    el("play").hidden = not play
    for id_, on in (("mode-analyze", not play), ("mode-play", play)):
        el(id_).classList.toggle("active", on)
        el(id_).setAttribute("aria-pressed", "true" if on else "false")


def bind(app: App) -> Play:
    """Play mode's handlers, bound where they are defined."""
    play = Play(app)

    @when("click", "#mode-play")
    @guarded
    def to_play(evt):
        show_mode(True)
        if play.game is None:
            play.new_game()
        else:
            persist.replace_url(game_fragment(play.game, play.level))

    @when("click", "#mode-analyze")
    @guarded
    def to_analyze(evt):
        play.stop_auto()
        show_mode(False)
        persist.replace_url(board_to_fragment(app.board))  # the analyzer's board, not the game's link
        app.changed()

    @when("click", "#play-new")
    @guarded
    def new_game(evt):
        el("play-seed").value = ""
        play.new_game()

    @when("change", "#play-level")
    @guarded
    def level(evt):
        el("play-custom").hidden = str(el("play-level").value) != "custom"

    @when("contextmenu", "#play-grid")
    def no_menu(evt):
        evt.preventDefault()

    @when("pointerdown", "#play-grid")
    @guarded
    def down(evt):
        cell = target_cell(evt)
        if cell is None:
            return
        evt.preventDefault()
        if evt.button == 2:
            play.act(cell, flag=True)
            return

        def long_press():
            play.press = None
            play.act(cell, flag=True)
        play.press = (cell, js.setTimeout(create_once_callable(long_press), int(LONG_PRESS * 1000)))

    @when("pointerup", "#play-grid")
    @guarded
    def up(evt):
        if play.press is None:
            return  # a long press already flagged, or a right click
        cell, timer = play.press
        js.clearTimeout(timer)
        play.press = None
        play.act(cell, flag=play.flag_taps)

    @when("pointerleave", "#play-grid")
    def leave(evt):
        if play.press is not None:
            js.clearTimeout(play.press[1])
            play.press = None

    @when("click", "#play-flag")
    @guarded
    def flag_taps(evt):
        play.flag_taps = not play.flag_taps
        el("play-flag").setAttribute("aria-pressed", "true" if play.flag_taps else "false")
        el("play-flag").classList.toggle("active", play.flag_taps)

    @when("click", "#play-hint")
    @guarded
    def hint(evt):
        asyncio.ensure_future(play.hint())

    @when("click", "#play-auto")
    @guarded
    def auto(evt):
        if play.auto and not play.auto.done():
            play.stop_auto()
            return
        el("play-auto").setAttribute("aria-pressed", "true")
        el("play-auto").textContent = "Stop"
        play.auto = asyncio.ensure_future(play.auto_play())

    @when("click", "#play-analyze")
    @guarded
    def analyze_position(evt):
        if play.game is None:
            return
        play.stop_auto()
        show_mode(False)
        app.ed.apply(play.game.board())
        persist.replace_url(board_to_fragment(app.board))  # the address bar names the position now
        app.changed()  # analysed

    @when("keydown", "#play-grid")
    @guarded
    def keys(evt):
        if evt.key in ("h", "H"):
            asyncio.ensure_future(play.hint())
            evt.preventDefault()

    return play
