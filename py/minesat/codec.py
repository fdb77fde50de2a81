"""The page's messages as JSON: requests, and the engine's answers encoded for the trip between
the page and its worker.

The page never calls the engine directly: it sends a request, a JSON text such as

    {"id": 7, "op": "analyze", "board": "board=1??/12?/01?&mines=3"}

and gets one answer (`protocol.Engine.answer`), or for big outputs a stream of text chunks, as
JSON texts too.  Boards travel as share fragments (share.py); exact numbers travel whole: counts
as decimal strings (a count of 40 digits arrives whole in any JSON reader), probabilities as
numerator and denominator.  This module is light: the page's main thread imports it, and the
answers' types (answers.py), without the engine.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from .answers import Analysis
from .board import Board, Cell
from .share import board_to_fragment


def request(op: str, board: Board | None = None, **args: Any) -> dict[str, Any]:
    """A request's data (the client adds its id)."""
    return {"op": op, **({"board": board_to_fragment(board)} if board is not None else {}), **args}


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def encode_analysis(a: Analysis) -> dict[str, Any]:
    """An Analysis as plain JSON data; exact numbers as strings."""
    return {
        "satisfiable": a.satisfiable,
        "count": None if a.count is None else str(a.count),
        "safe": [list(c) for c in a.safe], "mines": [list(c) for c in a.mines],
        "conflict": [list(c) for c in a.conflict], "conflict_total": a.conflict_total,
        "probability": [[r, c, p.numerator, p.denominator] for (r, c), p in a.probability.items()],
    }


def decode_analysis(board: Board, data: dict[str, Any]) -> Analysis:
    """`encode_analysis` undone, for the board it was made from."""
    def cells(key: str) -> list[Cell]:
        return [(r, c) for r, c in data[key]]
    probability = {(r, c): Fraction(n, d) for r, c, n, d in data["probability"]}
    count = None if data["count"] is None else int(data["count"])
    return Analysis(board, data["satisfiable"], count, cells("safe"), cells("mines"), probability,
                    cells("conflict"), data["conflict_total"])


def encode_layouts(layouts: list[frozenset[Cell]]) -> list[list[list[int]]]:
    return [[list(c) for c in sorted(layout)] for layout in layouts]


def decode_layouts(data: list[list[list[int]]]) -> list[frozenset[Cell]]:
    return [frozenset((r, c) for r, c in layout) for layout in data]
