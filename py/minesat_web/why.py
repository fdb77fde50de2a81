"""Why and what next, on the analyzer's page: every forced cell's proof, the best move, the dead
cells, asked of the engine after each board's count is drawn (app.py starts them).

The cell line (`describe`, on hover or tap) says what is known of one cell with its proof, or
what opening it can show; *Next deduction* walks the proofs from the easiest; *Proof as SAT*
shows one proof's clauses and picosat's answer. Test hooks: data-proof on a shown proof's clues,
data-best on the best move.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document

from minesat.board import Board, Cell
from minesat.protocol import request
from minesat_web import render
from minesat_web.app import WORK_SHOWN_MS, App, el
from minesat_web.client import Dropped, EngineFailed


class Why:
    """The latest board's proofs, dead cells and best move, and the cell the cell line speaks of."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.proofs: dict[Cell, dict[str, Any]] = {}  # easiest first
        self.dead: frozenset[Cell] = frozenset()
        self.deduction = -1  # where "Next deduction" is
        self.proof_shown: dict[str, Any] | None = None
        self.described: Cell | None = None

    def forget(self) -> None:
        """A new board: nothing is known of it yet (its marks stay until `clear_marks`)."""
        self.proofs, self.dead, self.deduction = {}, frozenset(), -1

    def clear_marks(self) -> None:
        """The old board's proof and best move off the grid, and their words off the page."""
        self.mark_proof(None)
        self.mark_best(None)
        el("best-move").textContent = ""
        el("next-deduction").disabled = True
        el("deductions").textContent = ""

    # -- the cell line ---------------------------------------------------------------------
    def describe(self, cell: Cell) -> None:
        """The hover/tap line: what is known of one cell; its proof, or what opening it can give."""
        app = self.app
        if not (0 <= cell[0] < app.board.rows and 0 <= cell[1] < app.board.cols):
            return  # a cell of a grid being redrawn at another size
        self.described = cell
        text = render.cell_text(app.board, app.analysis, cell)
        proof = self.proofs.get(cell)
        self.mark_proof(proof)
        if proof is not None:
            text += ". Why: " + render.proof_text(proof)
        el("cell-info").textContent = text
        self.show_exact(render.cell_exact_text(app.board, app.analysis, cell))
        el("proof-sat").hidden = proof is None
        if proof is None and app.board[cell] == "?" and app.analysis is not None and app.analysis.count:
            app.start_panel("outcome", self.show_outcome(cell))

    def redescribe(self) -> None:
        """The cell line for the board just analysed: the same cell, with what is known of it now."""
        if self.described is None:
            el("cell-info").textContent = render.CELL_HINT
        else:
            self.describe(self.described)

    async def show_outcome(self, cell: Cell) -> None:
        app = self.app
        said = asyncio.ensure_future(self.say_counting(cell))
        try:
            data = await app.ask("outcome", "outcome", cell=list(cell))
        finally:
            said.cancel()
        if data is not None and self.described == cell:  # the line still speaks of this cell
            el("cell-info").textContent = (render.cell_text(app.board, app.analysis, cell) + ". "
                                           + render.outcome_text(app.board, data))
            self.show_exact(render.cell_exact_text(app.board, app.analysis, cell, data))

    async def say_counting(self, cell: Cell) -> None:
        """What a click on the cell can show is slow to count: say so (after WORK_SHOWN_MS)."""
        await asyncio.sleep(WORK_SHOWN_MS / 1000)
        if self.described == cell:
            el("cell-info").textContent = str(el("cell-info").textContent) + (
                " Counting what opening it can show… (Esc stops it.)")

    @staticmethod
    def show_exact(text: str) -> None:
        """The exact numbers behind the cell line, in a box closed until asked for."""
        el("cell-exact").hidden = not text
        el("cell-exact-text").textContent = text

    def mark_proof(self, proof: dict[str, Any] | None) -> None:
        """Highlight a proof's clues on the grid (attribute data-proof while shown)."""
        for node in list(document.querySelectorAll("#grid [data-proof]")):
            node.removeAttribute("data-proof")
            node.classList.remove("proof")
        self.proof_shown = proof
        for r, c in proof["clues"] if proof else []:
            node = self.app.cell_el((r, c))
            if node:
                node.setAttribute("data-proof", "")
                node.classList.add("proof")

    def next_deduction(self) -> None:
        """Walk the forced cells from the easiest proof to the hardest."""
        if not self.proofs:
            el("cell-info").textContent = "No deduction to show: no cell is surely safe or a mine."
            return
        order = list(self.proofs)
        self.deduction = (self.deduction + 1) % len(order)
        cell = order[self.deduction]
        self.app.ed.cursor = cell
        self.app.draw_cursor()
        self.describe(cell)
        el("cell-info").textContent = f"Deduction {self.deduction + 1} of {len(order)}: " + str(
            el("cell-info").textContent)

    # -- after each count: proofs, then the best move, then the dead cells -------------------------
    async def load_explain(self) -> None:
        """The proofs of the board on screen, after its count is drawn."""
        app = self.app
        app.work_started("Finding a proof for every surely safe cell and mine…")
        board = app.board
        data = await app.ask("explain", "explain")
        if data is None:
            self.failed(board)
            return
        self.proofs = {(p["cell"][0], p["cell"][1]): p for p in data["proofs"]}
        app.start_panel("advise", self.load_advice())
        self.deduction = -1
        easiest = data["proofs"][0] if data["proofs"] else None
        el("next-deduction").disabled = easiest is None
        el("deductions").textContent = (
            f"{len(self.proofs)} deductions; the easiest: {render.proof_text(easiest)}" if easiest else "")

    async def load_advice(self) -> None:
        """The best move, marked on the grid (class "best", data-best) and said in words."""
        self.app.work_started("Weighing the best move…")
        board = self.app.board
        data = await self.app.ask("advise", "advise")
        if data is None:
            self.failed(board)
            return
        if data.get("safe") and self.proofs:  # among the safe cells, the one with the easiest proof
            safe = {(r, c) for r, c in data["safe_cells"]}
            easiest = next((cell for cell in self.proofs if cell in safe), None)
            if easiest is not None:
                data["move"] = list(easiest)
        move = (data["move"][0], data["move"][1]) if "move" in data else None
        self.mark_best(move)
        el("best-move").textContent = render.advice_text(data, self.proofs.get(move) if move else None)
        self.app.work_started("Looking for dead cells…")
        self.app.start_panel("dead", self.load_dead())

    async def load_dead(self) -> None:
        """The dead cells, found by the worker in short slices (an edit never waits long for it)."""
        start, dead, board = 0, [], self.app.board
        while start is not None:
            data = await self.app.ask("dead", "dead", start=start)
            if data is None:
                self.failed(board)
                return
            dead += data["dead"]
            start = data["next"]
        self.dead = frozenset((r, c) for r, c in dead)
        self.app.work_done()
        if self.dead:
            self.app.draw_grid()

    def failed(self, board: Board) -> None:
        """No answer for `board`: if it is still the one on screen, nothing is at work any more."""
        if board == self.app.board:
            self.app.work_done()

    def mark_best(self, cell: Cell | None) -> None:
        for node in list(document.querySelectorAll("#grid [data-best]")):
            node.removeAttribute("data-best")
            node.classList.remove("best")
        if cell is not None and (node := self.app.cell_el(cell)):
            node.setAttribute("data-best", "")
            node.classList.add("best")

    async def show_proof_sat(self) -> None:
        """The shown proof as SAT in the reduction panel: its clauses, the query, picosat's answer."""
        proof = self.proof_shown
        if proof is None:
            return
        try:
            data = await self.app.client.call(request("proof_cnf", self.app.board, cell=proof["cell"]))
        except (Dropped, EngineFailed) as e:
            el("proof-cnf").textContent = f"The proof's clauses could not be built: {e}"
            return
        box = el("proof-box")
        box.hidden = False
        box.open = True
        el("proof-cnf").textContent = (
            f"{data['text']}.\nAs SAT: these clauses and the unit clause {data['query']} "
            f"(\"{'mine' if data['query'] > 0 else 'no mine'} at {render.name(tuple(data['cell']))}\"): "
            f"picosat answers {data['answer']}.\n\n{data['dimacs']}")
        box.scrollIntoView()
