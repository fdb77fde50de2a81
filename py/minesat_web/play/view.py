"""Play mode on screen, drawn from its state (play/state.py): the grid, the bar above it (mine
counter, face, clock), the hinted cell, the wrong flags, the game's end, the tile size, and which
mode is shown. Writes to the page only: what to draw is the state's, its HTML play/render.py's."""

from __future__ import annotations

from typing import Any

from minesat.board import Cell
from minesat_web.browser import js, js_object
from minesat_web.dom import el, handle
from minesat_web.play import render as playrender
from minesat_web.play.state import PlayState

TILE_KEY = "minesat.play-tile"  # the player's tile size (index.html applies it at the first paint)


def odds_shown() -> bool:
    """Whether *Show the odds* is on."""
    return bool(el("play-live").checked)


def draw(state: PlayState) -> None:
    game = state.game
    if game is None:
        return
    grid = el("play-grid")
    grid.removeAttribute("data-placeholder")
    grid.style.setProperty("--cols", str(game.cols))
    odds = state.odds if odds_shown() and game.state == "playing" else {}
    grid.innerHTML = playrender.play_cells(game, state.best, state.cursor, odds, state.wrong_flags())
    grid.setAttribute("aria-activedescendant", f"p{state.cursor[0]}-{state.cursor[1]}")
    status = el("play-status")
    status.dataset.state = game.state
    status.className = game.state
    status.textContent = state.status()
    draw_bar(state)


def draw_bar(state: PlayState) -> None:
    """Above the board, as in every Minesweeper: the mine counter, the face (a new game) and
    the clock (index.html's minesatClock ticks it from the first click)."""
    el("play-mines-left").textContent = state.counter_text()
    face = el("play-face")
    face.textContent = state.face()
    face.dataset.state = state.game.state if state.game is not None else "playing"
    clock = el("play-clock")
    clock.dataset.started = str(int(state.started)) if state.started else ""
    clock.dataset.ended = str(int(state.ended)) if state.ended else ""
    js.minesatClock()


def show_best(state: PlayState, cell: Cell) -> None:
    """Mark the best move and bring it into view (on a phone it may be off screen)."""
    state.best = cell
    draw(state)
    node = js.document.querySelector("#play-grid [data-best]")
    if node:
        node.scrollIntoView(js_object({"block": "nearest", "inline": "center"}))
    el("play-hint-text").scrollIntoView(js_object({"block": "nearest"}))


def show_wrong(state: PlayState) -> None:
    """The flags the numbers rule out, named with their proofs, and the offer to remove them."""
    box = el("play-wrong")
    box.hidden = not state.wrong
    el("play-wrong-text").textContent = playrender.sentences(w["text"] for w in state.wrong)


def show_end(state: PlayState) -> None:
    """The game's end: 3BV, clicks, efficiency and time; play again, share, review."""
    game = state.game
    if game is None or game.mine_cells is None:
        return
    el("play-end-text").textContent = playrender.game_end_text(
        game.three_bv(), len(state.moves), state.seconds(),
        game.state == "won")
    el("play-end").hidden = False


def show_pan() -> None:
    """Say so when the board is wider than its frame (a phone's): it pans."""
    el("play-pan").hidden = el("play-grid").scrollWidth <= el("play-wrap").clientWidth


def show_mode(play: bool) -> None:
    el("app").hidden = play
    el("play").hidden = not play
    for id_, on in (("mode-analyze", not play), ("mode-play", play)):
        el(id_).classList.toggle("active", on)
        el(id_).setAttribute("aria-pressed", "true" if on else "false")


def set_tile_size(px: int) -> None:
    """The game's tiles at `px` pixels, kept for the next visit."""
    el("play-grid").style.setProperty("--tile", f"{px}px")
    el("play-tile").setAttribute("aria-valuetext", f"{px} pixels")
    try:
        js.localStorage.setItem(TILE_KEY, str(px))
    except Exception:  # noqa: BLE001 - storage disabled: the size holds for this visit
        pass


def bind() -> None:
    """The view's one handler: the tile size."""

    @handle("input", "#play-tile")
    def tile(evt: Any) -> None:
        set_tile_size(int(el("play-tile").value))
        show_pan()
