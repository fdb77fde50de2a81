"""Play mode's advisor: the engine's word on the game on screen. A hint (the best move, marked
and said, with the flags the numbers rule out), auto-play (the best moves one by one), and with
*Show the odds* every hidden cell's mine probability and, on the cell pointed at, its odds with
the next click. Each is a request to the engine's worker (`client.call`); an answer for a
position the game has left is dropped."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from minesat.board import Cell
from minesat.messages.codec import decode_analysis, request
from minesat.messages.ops import Lane, Op
from minesat_web import render
from minesat_web.client import Dropped, EngineClient, EngineFailed
from minesat_web.dom import CELL, cell_at, el, handle
from minesat_web.play import render as playrender
from minesat_web.play import view
from minesat_web.play.state import PlayState


class Advisor:
    """What the engine says of the game in `state`; auto-play plays through `open_cell` and
    `remove_wrong_flags`, the game's own moves (controller.Play)."""

    def __init__(self, client: EngineClient, state: PlayState, open_cell: Callable[[Cell], None],
                 remove_wrong_flags: Callable[[], None]) -> None:
        self.client = client
        self.state = state
        self.open_cell = open_cell
        self.remove_wrong_flags = remove_wrong_flags
        self.auto: asyncio.Task[Any] | None = None
        self.live_task: asyncio.Task[Any] | None = None

    # -- the odds --
    def refresh_live(self) -> None:
        """With *Show the odds* on: every hidden cell's mine probability, from the engine."""
        if self.live_task and not self.live_task.done():
            self.live_task.cancel()
        self.state.odds = {}
        game = self.state.game
        if view.odds_shown() and game is not None and game.state == "playing" and self.state.moves:
            self.live_task = asyncio.ensure_future(self.load_odds())

    async def load_odds(self) -> None:
        game = self.state.game
        if game is None:
            return
        board = game.board()
        try:
            data = await self.client.call(request(Op.ANALYZE, board), lane=Lane.PLAY_LIVE)
        except (Dropped, EngineFailed):
            return
        if self.state.game is not game or game.board() != board:
            return
        analysis = decode_analysis(board, data)
        self.state.odds = dict(analysis.probability) if analysis.satisfiable else {}
        view.draw(self.state)

    async def describe(self, cell: Cell) -> None:
        """The cell line while playing: with *Show the odds*, its mine probability, its safety
        with the next click, and its chance of progress (from the engine)."""
        game = self.state.game
        if game is None:
            return
        info = el("play-cell-info")
        if not (view.odds_shown() and game.state == "playing" and cell in self.state.odds
                and game.board()[cell] == "?"):
            info.textContent = ""
            return
        board = game.board()
        odds = render.percent(self.state.odds[cell])
        info.textContent = f"{render.name(cell)}: {odds} mine; weighing what it may show…"
        try:
            data = await self.client.call(request(Op.ODDS, board, cell=list(cell)), lane=Lane.PLAY_ODDS)
        except (Dropped, EngineFailed):
            return
        if self.state.game is game and game.board() == board:
            info.textContent = playrender.odds_text(cell, data)

    # -- hints and auto-play --
    async def hint(self) -> dict[str, Any] | None:
        """Ask the engine for the best move of the position on screen; mark it, say why, name wrong flags."""
        game = self.state.game
        if game is None or game.state != "playing":
            if game is not None:
                el("play-hint-text").textContent = "The game is over: New game, or Play this board again."
            return None
        if self.state.no_guess and not self.state.moves and self.state.first is not None:
            view.show_best(self.state, self.state.first)
            el("play-hint-text").textContent = (f"Best move: open {render.name(self.state.first)}, "
                                                "where this no-guess board starts.")
            return {"move": list(self.state.first), "safe": True, "p_mine": 0.0, "method": "first",
                    "safe_cells": [list(self.state.first)], "wrong_flags": []}
        if game.mine_cells is None:  # the first click: the rules make it safe, the corner gives most
            corner = (0, 0) if game.rule == "classic" else (min(3, game.rows - 1), min(3, game.cols - 1))
            first = self.state.first or corner
            view.show_best(self.state, first)
            data = {"move": list(first), "safe": True, "p_mine": 0.0, "method": "first",
                    "safe_cells": [list(first)], "wrong_flags": []}
            el("play-hint-text").textContent = (
                f"Best move: open {render.name(first)}: the first click is always safe"
                + (" and opens a zero" if game.rule == "zero" else "") + " under these rules.")
            return data
        board = game.board()
        try:
            data = await self.client.call(
                request(Op.ADVISE, board, flags_as_mines=bool(el("play-flags-as-mines").checked)), lane=Lane.PLAY)
        except (Dropped, EngineFailed) as e:
            el("play-hint-text").textContent = f"No hint: {e}"
            return None
        if self.state.game is not game or game.board() != board:
            return None  # the game moved on meanwhile
        self.state.wrong = list(data.get("wrong_flags", []))
        view.show_wrong(self.state)
        if "move" in data:
            view.show_best(self.state, (data["move"][0], data["move"][1]))
        el("play-hint-text").textContent = render.advice_text(data)
        return data

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
                    self.open_cell((r, c))
                await asyncio.sleep(int(el("play-speed").value) / 1000)
        finally:
            el("play-auto").setAttribute("aria-pressed", "false")
            el("play-auto").textContent = "Auto-play"

    def stop_auto(self) -> None:
        if self.auto and not self.auto.done():
            self.auto.cancel()


def bind(advisor: Advisor) -> None:
    """The advisor's handlers, bound where they are defined: Hint, Auto-play, *Show the odds*,
    and the cell pointed at."""

    @handle("click", "#play-hint")
    def hint(evt: Any) -> None:
        asyncio.ensure_future(advisor.hint())

    @handle("click", "#play-auto")
    def auto(evt: Any) -> None:
        if advisor.auto and not advisor.auto.done():
            advisor.stop_auto()
            return
        el("play-auto").setAttribute("aria-pressed", "true")
        el("play-auto").textContent = "Stop"
        advisor.auto = asyncio.ensure_future(advisor.auto_play())

    @handle("change", "#play-live")
    def live(evt: Any) -> None:
        advisor.refresh_live()
        view.draw(advisor.state)

    @handle("pointerover", "#play-grid", within=CELL)
    def over(evt: Any, node: Any) -> None:
        asyncio.ensure_future(advisor.describe(cell_at(node)))
