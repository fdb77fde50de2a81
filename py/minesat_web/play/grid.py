"""Play mode's grid under the player's hands: a click or tap opens (or chords an open number), a
right click or a long press flags (a tap flags too while *Flag taps* is on); on the keyboard,
arrows move the cursor, Space or Enter opens, F flags, C chords, H hints."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from minesat.board import Cell
from minesat_web.browser import create_once_callable, js, js_object
from minesat_web.dom import CELL, KEY_MOVES, cell_at, el, handle
from minesat_web.play.advice import Advisor
from minesat_web.play.state import PlayState

LONG_PRESS = 0.45  # seconds: a longer touch flags


class Player(Protocol):
    """What the grid's handlers play on: the game on screen (controller.Play)."""
    state: PlayState
    advice: Advisor

    def act(self, cell: Cell, flag: bool = False, kind: str | None = None) -> None: ...

    def draw(self) -> None: ...


def bind(play: Player) -> None:
    """The grid's handlers, bound where they are defined."""
    press: tuple[Cell, Any] | None = None  # the pending long press: its cell and timer

    @handle("contextmenu", "#play-grid")
    def no_menu(evt: Any) -> None:
        evt.preventDefault()

    @handle("pointerdown", "#play-grid", within=CELL)
    def down(evt: Any, node: Any) -> None:
        nonlocal press
        cell = cell_at(node)
        evt.preventDefault()
        el("play-grid").focus(js_object({"preventScroll": True}))
        if evt.button == 2:
            play.act(cell, flag=True)
            return

        def long_press() -> None:
            nonlocal press
            press = None
            play.act(cell, flag=True)
        press = (cell, js.setTimeout(create_once_callable(long_press), int(LONG_PRESS * 1000)))

    @handle("pointerup", "#play-grid")
    def up(evt: Any) -> None:
        nonlocal press
        if press is None:
            return  # a long press already flagged, or a right click
        cell, timer = press
        js.clearTimeout(timer)
        press = None
        play.act(cell, flag=play.state.flag_taps)

    @handle("pointerleave", "#play-grid")
    def leave(evt: Any) -> None:
        nonlocal press
        if press is not None:
            js.clearTimeout(press[1])
            press = None

    @handle("keydown", "#play-grid")
    def keys(evt: Any) -> None:
        """Keyboard play: arrows move, Space or Enter opens (chords an open number), F flags,
        C chords, H hints."""
        game, key = play.state.game, str(evt.key)
        if game is None or evt.ctrlKey or evt.altKey or evt.metaKey:
            return
        if key in KEY_MOVES:
            play.state.move_cursor(*KEY_MOVES[key])
            play.draw()
            node = js.document.querySelector("#play-grid .cursor")
            if node:
                node.scrollIntoView(js_object({"block": "nearest", "inline": "nearest"}))
            asyncio.ensure_future(play.advice.describe(play.state.cursor))
        elif key in (" ", "Enter"):
            play.act(play.state.cursor, kind="open")
        elif key in ("f", "F"):
            play.act(play.state.cursor, flag=True)
        elif key in ("c", "C"):
            play.act(play.state.cursor, kind="chord")
        elif key in ("h", "H"):
            asyncio.ensure_future(play.advice.hint())
        else:
            return
        evt.preventDefault()
