"""A replay reviewed by minesat's own review: its board events become a game record (`record`),
graded move by move on the exact probabilities of the whole board (`review.review`), and the
game's luck measured (`pluck`).

pLuck (ms-toollib's name and definition, its probabilities exact here): -sum of log10 P(safe) over
the guesses the player survived, a guess being an open or a chord that was not surely safe on the
position before it (P(safe) = 1 - its mine probability).  0 for a game without a guess; the larger,
the luckier.  The losing click is not counted (its luck ran out).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from minesat.board import BoardError
from minesat.formats.replays.model import Replay, ReplayError
from minesat.play.review import GameRecord, Graded, graded_moves

KIND = {"open": "open", "chord": "chord", "flag": "flag", "unflag": "flag"}


def record(replay: Replay) -> GameRecord:
    """The game as minesat's own record: the mines and the board events as moves (an unflag is a
    flag toggled off)."""
    moves = tuple((e.row, e.col, KIND[e.kind]) for e in replay.board_events)
    return GameRecord(replay.rows, replay.cols, replay.mine_set, len(replay.mines), moves)


def record_json(replay: Replay) -> dict[str, Any]:
    """The record in its JSON form (`GameRecord.from_json` reads it; `minesat review` too)."""
    rec = record(replay)
    return {"rows": rec.rows, "cols": rec.cols, "mines": [list(m) for m in sorted(rec.mines)],
            "moves": [list(m) for m in rec.moves]}


def review_replay(replay: Replay, solver: ModuleType | None = None) -> list[Graded]:
    """Every board event graded; ReplayError when the game cannot be reviewed (too large a board,
    a first click on a mine)."""
    return list(review_steps(replay, solver))


def review_steps(replay: Replay, solver: ModuleType | None = None) -> Iterator[Graded]:
    """`review_replay`, one board event at a time (the page shows the grades as they come)."""
    try:
        yield from graded_moves(record(replay), solver)
    except (BoardError, ValueError) as e:
        raise ReplayError(f"cannot review this game: {' '.join(str(e).splitlines())}") from None


def pluck(graded: list[Graded], lost: bool = False) -> float:
    """-sum log10 P(safe) over the survived guesses (see the module's docstring); `lost`: the last
    move lost the game and is left out."""
    total = 0.0
    for g in graded[:-1] if lost else graded:
        if g.move[2] in ("open", "chord") and 0 < g.p_mine < 1:
            total -= math.log10(1 - g.p_mine)
    return total
