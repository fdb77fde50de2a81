"""The analysis panel: the count, the verdict and the forced cells of the board on screen, then why
and what next: every forced cell's proof, the best move, the dead cells, asked of the engine after
each board's count is drawn.

The cell line (`describe`, on hover or tap) says what is known of one cell with its proof, or
what opening it can show; *Next deduction* walks the proofs from the easiest; *Proof as SAT*
shows one proof's clauses and picosat's answer; Esc or Cancel stops what is working. Test hooks:
data-proof on a shown proof's clues, data-best on the best move.
"""

from __future__ import annotations

import asyncio
from typing import Any

from minesat.board import Board, Cell
from minesat.messages.codec import request
from minesat.messages.ops import Lane, Op
from minesat_web import render
from minesat_web.app import App
from minesat_web.browser import create_proxy, js, js_object
from minesat_web.client import Dropped, EngineFailed
from minesat_web.dom import copy_to_clipboard, el, handle

WORK_SHOWN_MS = 100  # why and what next say they are working when they take longer than this
WHY_PANELS = ("explain", "advise", "dead", "outcome")  # the work that follows an analysis


class Why:
    """The latest board's proofs and best move, and the cell the cell line speaks of."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.proofs: dict[Cell, dict[str, Any]] = {}  # easiest first
        self.deduction = -1  # where "Next deduction" is
        self.proof_shown: dict[str, Any] | None = None
        self.described: Cell | None = None
        self.work_timer: Any = None  # shows that why and what next are working (see `work_started`)
        self._show_work = create_proxy(self.show_work)
        app.on("edited", self.forget)
        app.on("answered", self.show_answer)
        app.on("analysed", lambda: app.start_panel("explain", self.load_explain()))
        app.on("failed", self.show_failure)
        app.on("stale", self.clear_marks)
        app.on("pointed", self.describe)
        app.keys.update({"Escape": self.stop, "n": self.next_deduction, "N": self.next_deduction})

    def forget(self) -> None:
        """A new board: nothing is known of it yet (its marks stay until `clear_marks`); the cell
        line speaks of no cell (unless the edit was a click on one); the old count is withdrawn."""
        self.described = None
        self.proofs, self.deduction = {}, -1
        self.app.mark_dead(frozenset())
        self.stop_work_timer()  # the old board's work is no longer said to go on; its line goes with
                                # its marks, when the edit is drawn
        el("layout-count").setAttribute("data-value", "")  # the old count's text stays until the
                                                            # new one, greyed if that is slow

    def clear_marks(self, late: bool = False) -> None:
        """The old board's proof, best move and work line off the grid and the page (when the edit is
        drawn: with its answer, or after DRAW_EDIT_MS; at the key, a change on screen would have the
        browser draw a frame before it reads the answer); when its analysis is `late`, the cell
        line's hint."""
        self.work_done()
        el("board-verdict").hidden = True
        self.mark_proof(None)
        self.app.mark("best", [])
        el("best-move").textContent = ""
        el("next-deduction").disabled = True
        el("deductions").textContent = ""
        if late and self.described is None:
            el("cell-info").textContent = render.CELL_HINT

    # -- the summary -----------------------------------------------------------------------
    def show_answer(self) -> None:
        self.show_summary()
        self.redescribe()

    def show_summary(self) -> None:
        a = self.app.analysis
        assert a is not None
        count = el("layout-count")
        count.textContent = render.count_text(a)
        count.setAttribute("data-value", "" if a.count is None else str(a.count))
        exact = a.count is not None and a.count >= render.SCIENTIFIC_FROM
        el("count-exact").hidden = not exact
        el("count-digits").textContent = render.exact_digits(a.count) if exact and a.count else ""
        el("layouts-total").textContent = count.textContent
        verdict = el("verdict")
        verdict.className = "" if a.satisfiable else "bad"
        tangled = self.app.tangled
        verdict.textContent = render.tangled_text(tangled) if tangled and a.satisfiable else render.verdict_text(a)
        el("forced").innerHTML = render.forced_html(a)
        by_board = el("board-verdict")  # a contradiction is said where the user looks: by the board
        by_board.hidden = a.satisfiable
        by_board.textContent = "" if a.satisfiable else verdict.textContent
        if not a.satisfiable:
            by_board.scrollIntoView(js_object({"block": "nearest"}))

    def show_failure(self, why: str) -> None:
        el("verdict").textContent = why
        el("verdict").className = "bad"
        el("board-verdict").hidden = True
        el("count-exact").hidden = True
        el("forced").textContent = ""
        el("layout-count").textContent = "unknown"

    def stop(self) -> None:
        """Esc: stop what is working, the analysis or else why and what next."""
        if self.app.analysing():
            self.cancel_analysis()
        elif self.app.running(WHY_PANELS):
            self.cancel_work()

    def cancel_analysis(self) -> None:
        """Stop a running analysis: say so at once; the worker is ended and a fresh one started.
        A tangled board keeps what is known of it so far."""
        app = self.app
        if app.task and not app.task.done():
            app.task.cancel()
        if app.tangled is not None and app.analysis is not None:
            el("verdict").textContent = render.tangled_text(app.tangled, stopped=True)
            el("analysis-cancel").hidden = True
        else:
            app.fail("Analysis cancelled. Edit the board to analyse again.")
        app.restart_worker()

    # -- why and what next: working, and cancelled ------------------------------------------
    def work_started(self, text: str) -> None:
        """Why and what next are at work on `text`: said if it takes over WORK_SHOWN_MS, with a Cancel."""
        el("work-text").textContent = text
        js.clearTimeout(self.work_timer)
        self.work_timer = js.setTimeout(self._show_work, WORK_SHOWN_MS)

    def show_work(self, *_: Any) -> None:
        self.work_timer = None
        el("work").hidden = False
        if not str(el("best-move").textContent):
            el("best-move").textContent = "Best move: working…"

    def stop_work_timer(self) -> None:
        js.clearTimeout(self.work_timer)
        self.work_timer = None

    def work_done(self) -> None:
        self.stop_work_timer()
        work = el("work")
        if not work.hidden:  # set only when shown: setting `hidden` restyles the node and asks for a
            work.hidden = True  # frame, which every edit then drew before its answer (issue 36, item 10)

    def cancel_work(self) -> None:
        """Stop the proofs, the best move and the dead cells (Cancel or Esc): the analysis stays on
        screen; the worker is ended (a running computation cannot be stopped otherwise) and a fresh
        one started."""
        running = self.app.running(WHY_PANELS)
        for panel in running:
            self.app.panel_tasks[panel].cancel()
        self.work_done()
        if running & {"explain", "advise"}:
            el("best-move").textContent = "Best move: not worked out (cancelled). Edit the board to try again."
        if "explain" in running:
            el("deductions").textContent = "The proofs were cancelled."
        if "outcome" in running:
            el("cell-info").textContent = "Stopped. " + render.CELL_HINT
        self.app.restart_worker()

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
            data = await app.ask(Op.OUTCOME, Lane.OUTCOME, cell=list(cell))
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
        self.proof_shown = proof
        self.app.mark("proof", proof["clues"] if proof else [])

    def point(self, cell: Cell) -> None:
        """Move the cursor to `cell` and say what is known of it."""
        self.app.ed.cursor = cell
        self.app.draw_cursor()
        self.describe(cell)

    def next_deduction(self) -> None:
        """Walk the forced cells from the easiest proof to the hardest."""
        if not self.proofs:
            el("cell-info").textContent = "No deduction to show: no cell is surely safe or a mine."
            return
        order = list(self.proofs)
        self.deduction = (self.deduction + 1) % len(order)
        self.point(order[self.deduction])
        el("cell-info").textContent = f"Deduction {self.deduction + 1} of {len(order)}: " + str(
            el("cell-info").textContent)

    # -- after each count: proofs, then the best move, then the dead cells -------------------------
    async def load_explain(self) -> None:
        """The proofs of the board on screen, after its count is drawn."""
        app = self.app
        self.work_started("Finding a proof for every surely safe cell and mine…")
        board = app.board
        data = await app.ask(Op.EXPLAIN, Lane.EXPLAIN)
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
        self.work_started("Weighing the best move…")
        board = self.app.board
        data = await self.app.ask(Op.ADVISE, Lane.ADVISE)
        if data is None:
            self.failed(board)
            return
        if data.get("safe") and self.proofs:  # among the safe cells, the one with the easiest proof
            safe = {(r, c) for r, c in data["safe_cells"]}
            easiest = next((cell for cell in self.proofs if cell in safe), None)
            if easiest is not None:
                data["move"] = list(easiest)
        move = (data["move"][0], data["move"][1]) if "move" in data else None
        self.app.mark("best", [move] if move else [])
        el("best-move").textContent = render.advice_text(data, self.proofs.get(move) if move else None)
        self.work_started("Looking for dead cells…")
        self.app.start_panel("dead", self.load_dead())

    async def load_dead(self) -> None:
        """The dead cells, found by the worker in short slices (an edit never waits long for it)."""
        start, dead, board = 0, [], self.app.board
        while start is not None:
            data = await self.app.ask(Op.DEAD, Lane.DEAD, start=start)
            if data is None:
                self.failed(board)
                return
            dead += data["dead"]
            start = data["next"]
        self.work_done()
        self.app.mark_dead(frozenset((r, c) for r, c in dead))

    def failed(self, board: Board) -> None:
        """No answer for `board`: if it is still the one on screen, nothing is at work any more."""
        if board == self.app.board:
            self.work_done()

    async def show_proof_sat(self) -> None:
        """The shown proof as SAT in the reduction panel: its clauses, the query, picosat's answer."""
        proof = self.proof_shown
        if proof is None:
            return
        try:
            data = await self.app.client.call(request(Op.PROOF_CNF, self.app.board, cell=proof["cell"]))
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


def bind(app: App) -> Why:
    """The analysis panel's handlers, bound where they are defined."""
    why = Why(app)

    @handle("click", "#forced", within="[data-cell]")
    def cell_link(evt: Any, link: Any) -> None:
        """A cell named in the summary: move the cursor there and show what is known of it."""
        r, c = map(int, str(link.dataset.cell).split(","))
        why.point((r, c))
        app.cell_el((r, c)).scrollIntoView(js_object({"block": "nearest", "inline": "nearest"}))
        el("grid").focus()

    @handle("click", "#next-deduction")
    def next_deduction(evt: Any) -> None:
        why.next_deduction()
        el("grid").focus()

    @handle("click", "#proof-sat")
    def proof_sat(evt: Any) -> None:
        asyncio.ensure_future(why.show_proof_sat())

    @handle("click", "#copy-count")
    def copy_count(evt: Any) -> None:
        digits = str(el("count-digits").textContent).replace("\u2009", "")
        copy_to_clipboard(digits, "Every digit of the count is copied.",
                          "The browser did not allow copying; select the digits.",
                          "The browser cannot copy here; select the digits.")

    @handle("click", "#work-cancel")
    def work_cancel(evt: Any) -> None:
        why.cancel_work()

    @handle("click", "#analysis-cancel")
    def cancel_analysis(evt: Any) -> None:
        why.cancel_analysis()

    return why
