"""The engine's side of the page's messages: one dispatcher, `Engine`, answering the requests
that codec.py encodes.

One request, a JSON text, gets one answer (`Engine.answer`), or for big outputs a stream of text
chunks (`Engine.stream`).  The same `Engine` runs in the page's web worker (Pyodide) and in
CPython (tests, benchmarks): this module has no browser import.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from minesat.analysis.analyze import analyze, local_forced
from minesat.analysis.result import Analysis
from minesat.board import HIDDEN, Board, BoardError
from minesat.counting import LayoutSpace, TooTangled, outcomes
from minesat.formats.links import board_from_fragment, board_to_fragment
from minesat.messages.codec import (  # noqa: F401 - the page's until it imports codec
    decode_analysis,
    decode_layouts,
    dumps,
    encode_advice,
    encode_analysis,
    encode_graded,
    encode_layouts,
    encode_outcome,
    encode_proof,
    encode_reading,
    encode_replay,
    encode_replay_review,
    request,
)
from minesat.messages.ops import Op, op_named
from minesat.play import advice
from minesat.proofs import explain
from minesat.reductions import ilp
from minesat.reductions.card import MAX_COUNTER_CELLS, CounterTooLarge
from minesat.reductions.cnf import counter_cells
from minesat.reductions.solve import BackboneStep, backbone_steps, conflict, formula, get_solver, reduction

CHUNK = 1 << 20          # characters per streamed chunk of a download
CLAUSES_SHOWN = 400      # clauses in the first view of the reduction panel
LP_LINES_SHOWN = 200     # lines of the LP file in the reduction panel
MAX_AUTO_GATES = 60_000  # above this counter size, the reduction panel builds the CNF on request
OUTCOME_SLICE = 0.01     # seconds of outcome tables per request (the page asks again for more)
SAT_SLICE = 1.0          # seconds of a tangled board's SAT backbone per request (the page asks again)
REVIEW_SLICE = 0.4       # seconds of a replay's review per request (the page shows them and asks again)


class EngineError(Exception):
    """A request the engine cannot serve; its text is shown to the user."""


# -- the engine side ---------------------------------------------------------------------------
Handler = Callable[["Engine", dict[str, Any]], dict[str, Any]]
HANDLERS: dict[Op, Handler] = {}  # every op but the downloads (ops.DOWNLOADS), by `handles`


def handles(op: Op) -> Callable[[Handler], Handler]:
    """Registers an `Engine` method as the handler of `op`."""
    def register(method: Handler) -> Handler:
        assert op not in HANDLERS, op
        HANDLERS[op] = method
        return method
    return register


class Engine:
    """Answers requests; keeps the latest board's layout space so nothing is computed twice."""

    def __init__(self) -> None:
        self._board: Board | None = None
        self._analysis: Analysis | None = None
        self._explained: tuple[Board, list[explain.Proof], outcomes.OutcomeTables | None] | None = None
        self._sat: Iterator[BackboneStep] | None = None  # a tangled board's backbone, going on
        self._tangled = ""  # why the board is not counted
        self._step_text = ""
        self._replay: tuple[str, Any] | None = None  # the last replay read: (its bytes' digest, Replay)
        self._review: tuple[str, Iterator[Any], list[Any], Board] | None = None  # its review, going on

    def answer(self, text: str, data: bytes | None = None) -> str:
        """One request (JSON text) -> its answer (JSON text): {"id", "ok": data} or {"id", "error"}.
        `data`: bytes sent beside the text (an image's pixels), given to the request as req["data"]."""
        req: dict[str, Any] = {}
        try:
            req = json.loads(text)
            if data is not None and isinstance(req, dict):
                req["data"] = data
            op = req.get("op")
            handler = HANDLERS.get(known) if (known := op_named(op)) else None
            if handler is None:
                raise EngineError(f"unknown request {op!r}")
            return dumps({"id": req.get("id"), "ok": handler(self, req)})
        except Exception as e:  # noqa: BLE001 - every failure becomes a message for the page
            return dumps({"id": req.get("id") if isinstance(req, dict) else None, "error": describe(e)})

    def stream(self, text: str) -> Iterator[str]:
        """A download: JSON texts {"id", "size"}, then {"id", "chunk"}..., then {"id", "end": true};
        or one {"id", "error"}."""
        req: dict[str, Any] = {}
        try:
            req = json.loads(text)
            board = self.board(req)
            if req.get("op") == Op.DIMACS:
                cnf = formula(board, req.get("encoding", "binomial"))
                yield dumps({"id": req["id"], "size": cnf.num_clauses})
                chunks = cnf.iter_dimacs(CHUNK)
            elif req.get("op") == Op.LP:
                text_lp = ilp.reduce(board).to_lp()
                yield dumps({"id": req["id"], "size": len(text_lp)})
                chunks = (text_lp[i:i + CHUNK] for i in range(0, len(text_lp), CHUNK))
            else:
                raise EngineError(f"unknown download {req.get('op')!r}")
            for chunk in chunks:
                yield dumps({"id": req["id"], "chunk": chunk})
            yield dumps({"id": req["id"], "end": True})
        except Exception as e:  # noqa: BLE001
            yield dumps({"id": req.get("id") if isinstance(req, dict) else None, "error": describe(e)})

    def board(self, req: dict[str, Any]) -> Board:
        fragment = req.get("board")
        if not isinstance(fragment, str):
            raise EngineError("the request has no board")
        return board_from_fragment(fragment)

    def analysis(self, board: Board) -> Analysis:
        """The board's analysis, computed once per board.  A board too tangled to count gets at
        once the cells one clue or a pair of clues force (`local_forced`); the SAT backbone of its
        clues and flags then goes on in slices (`op_analyze_more`), the analysis pending."""
        if board != self._board or self._analysis is None:
            self._board, self._analysis, self._sat, self._tangled, self._step_text = None, None, None, "", ""
            try:
                self._analysis = analyze(board)
            except TooTangled as e:
                self._tangled = str(e)
                quick = local_forced(board)
                cnf = formula(board.with_mines(None), "binomial")
                self._sat = backbone_steps(cnf, get_solver())
                self._analysis = Analysis(board, True, None, *(quick or ([], [])), {})
            self._board = board
        return self._analysis

    def pending(self) -> dict[str, Any]:
        """How a tangled board's analysis stands: {} when it is not tangled."""
        if not self._tangled:
            return {}
        return {"tangled": self._tangled, "pending": self._sat is not None, "step": self._step_text}

    @handles(Op.ANALYZE_MORE)
    def op_analyze_more(self, req: dict[str, Any]) -> dict[str, Any]:
        """A tangled board's SAT backbone, for at most SAT_SLICE seconds more: the analysis so far."""
        board = self.board(req)
        analysis = self.analysis(board)
        deadline = time.perf_counter() + float(req.get("budget", SAT_SLICE))
        stepped = False
        while self._sat is not None and (not stepped or time.perf_counter() < deadline):  # one step at least
            stepped = True
            step = next(self._sat, None)
            if step is None or step.done:
                self._sat = None
                if step is not None and step.result is None:
                    clues_only = board.with_mines(None)
                    analysis = Analysis(board, False, 0, [], [], {}, conflict(clues_only, get_solver()) or [])
                elif step is not None and step.result is not None:
                    analysis = Analysis(board, True, None, *step.result, {})
                self._step_text = "done"
            else:
                self._step_text = (f"group {step.component:,} of {step.components:,} of linked cells, "
                                   f"{step.open_candidates:,} cells in question")
        self._analysis = analysis
        return encode_analysis(analysis) | self.pending()

    # -- operations: each takes the request's data, returns the answer's data --
    @handles(Op.ANALYZE)
    def op_analyze(self, req: dict[str, Any]) -> dict[str, Any]:
        return encode_analysis(self.analysis(self.board(req))) | self.pending()

    @handles(Op.LAYOUTS)
    def op_layouts(self, req: dict[str, Any]) -> dict[str, Any]:
        """Layouts offset..offset+limit-1 of the board, by random access into its layout space."""
        board = self.board(req)
        analysis = self.analysis(board)
        if not analysis.satisfiable:
            return {"count": "0", "offset": "0", "layouts": []}
        space: LayoutSpace | None = analysis.space
        if space is None:
            raise EngineError("this board's layouts are not counted")
        offset, limit = int(req.get("offset", 0)), min(int(req.get("limit", 12)), 200)
        return {"count": str(space.count), "offset": str(offset),
                "layouts": encode_layouts(space.layouts(offset, limit) if 0 <= offset < space.count else [])}

    @handles(Op.REDUCTION)
    def op_reduction(self, req: dict[str, Any]) -> dict[str, Any]:
        """The reduction panel: sizes, the first clauses by clue, the first lines of the LP file.

        The total-mines counter comes last in the CNF and is the bulk of it on big boards: its
        size is computed without building it, and its clauses are built only when the clauses
        asked for reach them (or with "force").
        """
        board, sat = self.board(req), reduction(str(req.get("encoding", "binomial")))
        limit = int(req.get("limit", CLAUSES_SHOWN))
        lp = ilp.reduce(board)
        lp_lines = lp.to_lp().splitlines()
        out: dict[str, Any] = {"bound": reduction("binomial").clause_bound(board),  # 112 |R|: see docs/architecture.md
                               "ilp_vars": lp.num_vars,
                               "ilp_constraints": lp.num_constraints, "hidden": len(board.hidden),
                               "lp": "\n".join(lp_lines[:LP_LINES_SHOWN]),
                               "lp_more": max(0, len(lp_lines) - LP_LINES_SHOWN)}
        gates = counter_cells(board)
        if gates > MAX_COUNTER_CELLS:
            return out | {"too_big": "never", "gates": gates}
        if gates > MAX_AUTO_GATES and not req.get("force"):
            return out | {"too_big": "ask", "gates": gates}
        size = sat.size(board)  # the counter's size without building it
        num_vars, num_clauses = size["num_vars"], size["num_clauses"]
        cnf = sat.reduce(board)
        if board.mines is not None and limit > cnf.num_clauses:
            cnf = sat.formula(board)
        groups: list[list[Any]] = []  # [[origin or None, clauses in the group, [clauses shown]]]
        for clause, origin in zip(cnf.clauses[:limit], cnf.origin):
            key = list(origin) if origin else None
            if not groups or groups[-1][0] != key:
                groups.append([key, 0, []])
            groups[-1][2].append(clause)
        sizes = Counter(cnf.origin)  # the size of every group shown, the counter's included
        for group in groups:
            group[1] = sizes[tuple(group[0]) if group[0] else None]
        if groups and groups[-1][0] is None and cnf.num_clauses < num_clauses:
            groups[-1][1] += num_clauses - cnf.num_clauses  # the counter, not built yet
        return out | {"num_vars": num_vars, "num_clauses": num_clauses,
                      "cells": [list(c) for c in cnf.cells], "groups": groups,
                      "shown": sum(len(g[2]) for g in groups)}


    # -- why: proofs, outcomes, a proof's clauses --
    def explained(self, board: Board) -> tuple[list[explain.Proof], outcomes.OutcomeTables | None]:
        """The board's proofs (easiest first) and its outcome tables, computed once per board."""
        if self._explained is None or self._explained[0] != board:
            analysis = self.analysis(board)
            proofs: list[explain.Proof] = []
            tables = None
            if analysis.satisfiable and analysis.space is not None:
                proofs = explain.proofs(board, get_solver(), analysis.space)
                tables = outcomes.OutcomeTables(board, analysis.space)
            self._explained = (board, proofs, tables)
        return self._explained[1], self._explained[2]

    @handles(Op.EXPLAIN)
    def op_explain(self, req: dict[str, Any]) -> dict[str, Any]:
        """Proofs of every forced cell, easiest first (the dead cells come from "dead")."""
        board = self.board(req)
        proofs, _ = self.explained(board)
        return {"proofs": [encode_proof(proof, board) for proof in proofs]}

    @handles(Op.DEAD)
    def op_dead(self, req: dict[str, Any]) -> dict[str, Any]:
        """The dead cells among the unsure hidden cells from index `start` (in board.hidden) on, for at
        most OUTCOME_SLICE seconds: {"dead": [...], "next": where to go on, or None when done}. In
        slices, so that a tangled board never holds the worker (and the next edit) for long."""
        board = self.board(req)
        proofs, tables = self.explained(board)
        if tables is None:
            return {"dead": [], "next": None}
        forced = {proof.cell for proof in proofs}
        deadline = time.perf_counter() + OUTCOME_SLICE
        cells, dead = board.hidden, []
        i = first = max(0, int(req.get("start", 0)))
        while i < len(cells) and (i == first or time.perf_counter() < deadline):  # one cell at least
            cell = cells[i]
            if board[cell] == HIDDEN and cell not in forced and tables.is_dead(cell):
                dead.append(list(cell))
            i += 1
        return {"dead": dead, "next": i if i < len(cells) else None}

    @handles(Op.OUTCOME)
    def op_outcome(self, req: dict[str, Any]) -> dict[str, Any]:
        """What opening one hidden cell can give: each outcome's layouts, exact (decimal strings)."""
        board = self.board(req)
        _, tables = self.explained(board)
        if tables is None:
            raise EngineError("this board's outcomes are not counted")
        cell = (int(req["cell"][0]), int(req["cell"][1]))
        if board[cell] != HIDDEN:
            raise EngineError("only a hidden cell has outcomes")
        return encode_outcome(cell, tables.of(cell))

    @handles(Op.PROOF_CNF)
    def op_proof_cnf(self, req: dict[str, Any]) -> dict[str, Any]:
        """One deduction as SAT: its premises' clauses, the query, and picosat's answer (UNSAT)."""
        board = self.board(req)
        proofs, _ = self.explained(board)
        cell = (int(req["cell"][0]), int(req["cell"][1]))
        proof = next((p for p in proofs if p.cell == cell), None)
        if proof is None:
            raise EngineError("this cell has no proof: it is not forced")
        cnf, query = explain.proof_formula(board, proof)
        answer = get_solver().solve(cnf.clauses + [[query]], vars=cnf.num_vars)
        return {"cell": list(cell), "text": proof.describe(board), "dimacs": cnf.to_dimacs(), "query": query,
                "answer": answer if isinstance(answer, str) else "SAT"}


    # -- what next --
    @handles(Op.ADVISE)
    def op_advise(self, req: dict[str, Any]) -> dict[str, Any]:
        """The best move (advice.py) with its reasons; {"none": why} when there is no move to make."""
        board = self.board(req)
        analysis = self.analysis(board)
        flags_as_mines = bool(req.get("flags_as_mines"))
        if not analysis.satisfiable and board.flags and not flags_as_mines:
            try:  # the player's flags are marks: reason from the numbers, name the flags that are wrong
                return encode_advice(advice.advise(board))
            except ValueError as e:
                return {"none": str(e)}
        if not analysis.satisfiable or analysis.space is None:
            return {"none": "no move: the board has no layout" if not analysis.satisfiable
                    else "no move: the board is too tangled to count"}
        try:
            return encode_advice(advice.advise(board, analysis.space, flags_as_mines=flags_as_mines))
        except ValueError as e:
            return {"none": str(e)}


    @handles(Op.ODDS)
    def op_odds(self, req: dict[str, Any]) -> dict[str, Any]:
        """A hidden cell's odds while playing: its mine probability, its secondary safety (surviving
        it and the safest next click) and its chance of progress (making some cell surely safe)."""
        board = self.board(req)
        analysis = self.analysis(board)
        cell = (int(req["cell"][0]), int(req["cell"][1]))
        if board[cell] != HIDDEN:
            raise EngineError("only a hidden cell has odds")
        space = analysis.space
        if not analysis.satisfiable or space is None:
            raise EngineError("this board's layouts are not counted")
        p_mine = space.mine_counts[cell] / space.count
        safety, progress = (0.0, 0.0) if p_mine == 1 else advice.secondary_safety(
            space.count, advice.spaces_after_reveal(board, space, cell))
        return {"cell": list(cell), "p_mine": p_mine, "safety": safety, "progress": progress}


    # -- Play: no-guess boards, reviews --
    @handles(Op.GENERATE)
    def op_generate(self, req: dict[str, Any]) -> dict[str, Any]:
        """A board's mines for a game (`generate.generate`, no-guess on request): {"mines", "tries"}."""
        from minesat.play.generate import generate
        rows, cols, mines = (int(req[k]) for k in ("rows", "cols", "mines"))
        first = (int(req["first"][0]), int(req["first"][1]))
        try:
            made = generate(rows, cols, mines, first, str(req.get("rule", "classic")), int(req.get("seed", 0)),
                            bool(req.get("no_guess")), int(req.get("max_tries", 20_000)))
        except ValueError as e:
            raise EngineError(str(e)) from None
        return {"mines": [list(c) for c in sorted(made.mines)], "tries": made.tries}

    @handles(Op.REVIEW)
    def op_review(self, req: dict[str, Any]) -> dict[str, Any]:
        """A game graded move by move (`review.review`): {"moves": [...], "summary"}."""
        from minesat.play.review import GameRecord, review, summary
        try:
            graded = review(GameRecord.from_json(req["game"]), get_solver())
        except ValueError as e:
            raise EngineError(str(e)) from None
        return {"moves": [encode_graded(g) for g in graded], "summary": summary(graded)}

    # -- a board from a screenshot (issue 25) --
    @handles(Op.READ_IMAGE)
    def op_read_image(self, req: dict[str, Any]) -> dict[str, Any]:
        """The board in an image, {"width", "height"} and its RGBA bytes (what a canvas's getImageData
        gives) as the request's `data`, or as "rgba", base64 text: `minesat.image.reader.read_image`'s
        reading as JSON, with the board as a share fragment ("board") for the analyzer; a
        BoardError when no board is found."""
        import base64

        from minesat.image.reader import read_image
        width, height = int(req["width"]), int(req["height"])
        if width * height > 40_000_000:
            raise EngineError(f"the image is {width}x{height} pixels: more than a screenshot can be")
        rgba = req["data"] if isinstance(req.get("data"), bytes) else base64.b64decode(str(req["rgba"]), validate=True)
        reading = read_image(width, height, rgba)
        return encode_reading(reading) | {"board": board_to_fragment(reading.board)}

    # -- a replay file (issue 33): read at once, graded in a second request --
    def replay(self, req: dict[str, Any]) -> Any:
        """The replay in the request's `data` (the file's bytes; or "base64", text) named `name`,
        read once for its two requests (`read_replay`: a ReplayError, one line, for a bad file)."""
        import base64
        import hashlib

        from minesat.formats.replays import read_replay
        from minesat.formats.replays.model import MAX_BYTES
        data = req["data"] if isinstance(req.get("data"), bytes) else base64.b64decode(str(req.get("base64", "")))
        if len(data) > MAX_BYTES:
            raise EngineError(f"the file is {len(data) / 1e6:.1f} MB: more than a replay can be")
        name = str(req.get("name", ""))
        key = hashlib.sha256(data).hexdigest() + "/" + name
        if self._replay is None or self._replay[0] != key:
            self._replay = self._review = None
            self._replay = (key, read_replay(data, name))
        return self._replay[1]

    @handles(Op.REPLAY)
    def op_replay(self, req: dict[str, Any]) -> dict[str, Any]:
        """A replay file for the page's player: its game, board and mouse events and statistics
        (`codec.encode_replay`); its grades come from Op.REPLAY_REVIEW."""
        from minesat.play.replay_stats import statistics
        replay = self.replay(req)
        return encode_replay(replay, statistics(replay))

    @handles(Op.REPLAY_REVIEW)
    def op_replay_review(self, req: dict[str, Any]) -> dict[str, Any]:
        """A replay file's board events graded by `review`, in slices of about REVIEW_SLICE seconds
        (one event at least): the grades from event `start` on that this request made
        (`codec.encode_replay_review`, each proof in words) and "next", the event to ask from next
        time, or None once all are graded (then the summary and pLuck too).  An EngineError when the
        game is not one the review takes."""
        from minesat.formats.replays import ReplayError
        from minesat.play.replay_review import pluck, review_steps
        from minesat.play.review import summary
        replay = self.replay(req)
        key = self._replay[0] if self._replay else ""
        start = max(0, int(req.get("start", 0)))
        if self._review is None or self._review[0] != key or start > len(self._review[2]):
            self._review = (key, review_steps(replay, get_solver()), [],
                            solved_board(replay.rows, replay.cols, replay.mine_set))
        _, steps, graded, solution = self._review
        deadline = time.perf_counter() + float(req.get("budget", REVIEW_SLICE))
        done = False
        try:
            while len(graded) <= start or time.perf_counter() < deadline:
                move = next(steps, None)
                if move is None:
                    done = True
                    break
                graded.append(move)
        except ReplayError as e:
            self._review = None
            raise EngineError(str(e)) from None
        shown = graded[start:]
        times = [e.time for e in replay.board_events[start:start + len(shown)]]
        texts = [[p.describe(solution) for p in g.proof] for g in shown]
        out = encode_replay_review(shown, times, texts, pluck(graded, replay.outcome == "lost") if done else 0.0,
                                   summary(graded) if done else "")
        return out | {"start": start, "next": None if done else len(graded),
                      "total": len(replay.board_events)} | ({} if done else {"summary": None, "pluck": None})


def solved_board(rows: int, cols: int, mines: frozenset[tuple[int, int]]) -> Board:
    """Every safe cell showing its number, the mines hidden: the board a proof's clues are read on."""
    cells = []
    for r in range(rows):
        for c in range(cols):
            near = sum((rr, cc) in mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))
            cells.append(HIDDEN if (r, c) in mines else str(near))
    return Board(rows, cols, tuple(cells), len(mines))


def describe(e: BaseException) -> str:
    """A failure in words for the page."""
    if isinstance(e, MemoryError):
        return "memory"
    if isinstance(e, (BoardError, EngineError, CounterTooLarge)):
        return str(e)
    return f"{type(e).__name__}: {e}"
