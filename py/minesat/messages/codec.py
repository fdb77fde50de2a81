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
from typing import TYPE_CHECKING, Any

from minesat.analysis.result import Analysis
from minesat.board import Board, Cell
from minesat.formats.links import board_to_fragment
from minesat.messages.ops import Op

if TYPE_CHECKING:  # the engine's answers, encoded here, are never built here
    from minesat.counting.outcomes import Outcome
    from minesat.formats.replays.model import Replay
    from minesat.image.reader import Reading
    from minesat.play.advice import Advice, Candidate
    from minesat.play.flags import WrongFlag
    from minesat.play.review import Best, Graded
    from minesat.proofs.explain import Proof


def request(op: Op, board: Board | None = None, **args: Any) -> dict[str, Any]:
    """A request's data (the client adds its id): its op (`ops.Op`), its board, its arguments."""
    return {"op": Op(op).value, **({"board": board_to_fragment(board)} if board is not None else {}), **args}


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


def proof_fields(proof: Proof) -> dict[str, Any]:
    """A proof as the CLI and the page both give it: {"verdict", "clues": [[row, col], ...], "flags", "total"}."""
    return {"verdict": proof.verdict, "clues": [list(c) for c in proof.clues], "flags": proof.flags,
            "total": proof.total}


def encode_proof(proof: Proof, board: Board) -> dict[str, Any]:
    """A proof for the page's why panel: its fields, its cell, its grade and the proof in words."""
    return proof_fields(proof) | {"cell": list(proof.cell), "grade": proof.grade, "grade_name": proof.grade_name,
                                  "text": proof.describe(board)}


def encode_outcome(cell: Cell, outcome: Outcome) -> dict[str, Any]:
    """What opening `cell` can give, exact: layouts of the board, of a mine there, of each number."""
    return {"cell": list(cell), "layouts": str(outcome.layouts), "mine": str(outcome.mine),
            "numbers": {str(n): str(w) for n, w in sorted(outcome.numbers.items())}, "dead": outcome.dead}


def encode_advice(advice: Advice) -> dict[str, Any]:
    """The best move and why (the page's and the CLI's `advise`); probabilities rounded to 6 places."""
    return {"move": list(advice.move), "safe": advice.safe, "p_mine": round(advice.p_mine, 6),
            "method": advice.method, "safe_cells": [list(c) for c in advice.safe_cells],
            "candidates": [encode_candidate(c) for c in advice.candidates],
            "wrong_flags": [encode_wrong_flag(w) for w in advice.wrong_flags],
            "ignored_flags": [list(c) for c in advice.ignored_flags]}


def encode_candidate(c: Candidate) -> dict[str, Any]:
    return {"cell": list(c.cell), "p_mine": round(c.p_mine, 6), "score": round(c.score, 6),
            "progress": round(c.progress, 6), "dead": c.dead, "steps": c.steps}


def encode_wrong_flag(w: WrongFlag) -> dict[str, Any]:
    return {"cell": list(w.cell), "proof": proof_fields(w.proof), "text": w.text}


def encode_graded(g: Graded) -> dict[str, Any]:
    """One move of a reviewed game (the page's and the CLI's `review`)."""
    return {"move": list(g.move), "grade": g.grade, "p_mine": round(g.p_mine, 6),
            "best": encode_best(g.best) if g.best else None, "safe_cells": [list(c) for c in g.safe_cells],
            "proof": [proof_fields(p) | {"cell": list(p.cell)} for p in g.proof]}


def encode_best(b: Best) -> dict[str, Any]:
    return {"move": list(b.cell), "p_mine": round(b.p_mine, 6), "method": b.method}


def encode_reading(reading: Reading) -> dict[str, Any]:
    """A board read from a screenshot (the page's and the CLI's `read-image --json`): its rows, its
    total if read, the grid found, each cell's confidence, the cells under the threshold, and a note on
    what is likely wrong when many are (an overlay on the board; empty otherwise)."""
    board, grid = reading.board, reading.grid
    return {"rows": board.row_texts(), "mines": board.mines,
            "grid": {"left": round(grid.left, 2), "top": round(grid.top, 2), "pitch_x": round(grid.pitch_x, 3),
                     "pitch_y": round(grid.pitch_y, 3), "rows": grid.rows, "cols": grid.cols},
            "confidence": [[round(c, 3) for c in reading.confidence[r * board.cols:(r + 1) * board.cols]]
                           for r in range(board.rows)],
            "sure": reading.sure, "unsure": [list(cell) for cell in reading.unsure], "threshold": reading.threshold,
            "note": reading.note}


def encode_replay(replay: Replay, stats: dict[str, Any]) -> dict[str, Any]:
    """A replay for the page's player (`Op.REPLAY`): what the file says of itself, the board, the
    board events ([time, kind, row, col, [[row, col] opened, ...]]), the pointer's positions
    ({"ms": [...], "x": [...], "y": [...]}: milliseconds, pixels of `cell_size` a cell, -1 off the
    board; three flat lists, as the page parses them fast), the outcome and the statistics
    (`replay_stats.statistics`, floats rounded to 6 places)."""
    meta = replay.meta
    return {
        "format": replay.format, "version": replay.version,
        "meta": {"software": meta.software, "player": meta.player, "date": meta.date, "level": meta.level,
                 "mode": meta.mode, "checksum": meta.checksum, "country": meta.country},
        "rows": replay.rows, "cols": replay.cols, "cell_size": replay.cell_size,
        "mines": [list(m) for m in replay.mines], "outcome": replay.outcome, "won": replay.won,
        "time": round(replay.time, 3), "start": replay.start, "end": replay.end,
        "events": [[round(e.time, 3), e.kind, e.row, e.col, [list(c) for c in e.opened]] for e in replay.board_events],
        "mouse": {"ms": [round(m.time * 1000) for m in replay.mouse], "x": [m.x for m in replay.mouse],
                  "y": [m.y for m in replay.mouse]},
        "stats": {k: round(v, 6) if isinstance(v, float) else v for k, v in stats.items()},
    }


def encode_replay_review(graded: list[Graded], times: list[float], texts: list[list[str]], luck: float,
                         said: str) -> dict[str, Any]:
    """A replay's board events graded (`Op.REPLAY_REVIEW`): each as `encode_graded` gives it, with its
    time and its proofs in words ("proof_text", one a proof); the summary in words and pLuck."""
    return {"moves": [encode_graded(g) | {"time": round(t, 3), "proof_text": text}
                      for g, t, text in zip(graded, times, texts)],
            "summary": said, "pluck": round(luck, 6)}
