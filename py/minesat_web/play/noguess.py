"""No-guess boards for Play mode: the engine's worker draws boards from the game's seed until
one can be solved from its first cell without a guess (uniform among those boards)."""

from __future__ import annotations

import asyncio

from minesat.board import Cell
from minesat.board import cell_name as name
from minesat.messages.codec import request
from minesat.messages.ops import Lane, Op
from minesat.play.game import Game
from minesat_web.client import Dropped, EngineClient, EngineFailed
from minesat_web.dom import el


def start_cell(game: Game) -> Cell:
    """Where a no-guess board starts: the middle of the board."""
    return game.rows // 2, game.cols // 2


def ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


async def no_guess_game(client: EngineClient, game: Game, first: Cell) -> tuple[Game, int] | None:
    """The game's no-guess board (every board drawn from the seed, the first that needs no guess
    from `first`), and how many were drawn; said while it is drawn. None if it was not drawn."""
    status = el("play-generating")
    status.hidden = False
    el("play-generating-text").textContent = (
        f"Drawing a no-guess board ({game.rows}x{game.cols}, {game.mines} mines): boards are drawn one "
        "after another until one can be solved from the start without a guess…")
    try:
        data = await client.call(request(
            Op.GENERATE, None, rows=game.rows, cols=game.cols, mines=game.mines, first=list(first),
            rule=game.rule, seed=game.seed, no_guess=True), lane=Lane.PLAY_GENERATE)
    except (Dropped, asyncio.CancelledError):
        return None
    except EngineFailed as e:
        el("play-generating-text").textContent = f"No no-guess board could be drawn: {e}"
        return None
    status.hidden = True
    made = Game.with_mines(game.rows, game.cols, {(r, c) for r, c in data["mines"]}, game.seed, game.rule)
    return made, int(data["tries"])


def drawn_text(tries: int, first: Cell) -> str:
    return (f"A no-guess board (the {tries:,}{ordinal(tries)} drawn): start at {name(first)}, "
            "marked ★; from there every move can be worked out.")
