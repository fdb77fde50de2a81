"""The reduction panel: the board's CNF (sizes, first clauses by clue, the ILP) in the encoding
chosen, drawn only while on screen; the DIMACS and LP files built by the worker and downloaded."""

from __future__ import annotations

import asyncio
from typing import Any

from minesat.board import Cell
from minesat.messages.codec import request
from minesat.messages.ops import Lane, Op
from minesat_web import render
from minesat_web.app import App
from minesat_web.client import Dropped, EngineFailed
from minesat_web.dom import Lazy, el, handle, query, save_file

FIRST_CLAUSES = 400  # clauses shown at first; "Show more" shows four times as many


class Reduction:
    """How many clauses are shown, and whether a big counter was asked for."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.clause_limit = 0
        self.force_cnf = False
        self.download_task: asyncio.Task[Any] | None = None
        app.on("edited", self.forget)
        app.on("analysed", Lazy(el("reduction"), self.draw).refresh)

    def forget(self) -> None:
        self.clause_limit = 0
        self.force_cnf = False

    def draw(self) -> None:
        self.app.start_panel("reduction", self.draw_reduction())

    async def draw_reduction(self) -> None:
        """The CNF's sizes and first clauses; a big total-mines counter waits for a click."""
        app = self.app
        board = app.board
        el("clauses").setAttribute("aria-busy", "true")
        try:
            data = await app.client.call(request(
                Op.REDUCTION, board, encoding=str(el("encoding").value),
                limit=max(self.clause_limit, FIRST_CLAUSES), force=self.force_cnf), lane=Lane.REDUCTION)
        except Dropped:
            return
        except EngineFailed as e:
            el("clauses").textContent = f"The reduction could not be built: {e}"
            return
        finally:
            el("clauses").removeAttribute("aria-busy")
        if board != app.board:
            return
        el("reduction").classList.remove("stale")
        self.clause_limit = max(self.clause_limit, FIRST_CLAUSES)
        el("bound").textContent = str(data["bound"])
        el("ilp-vars").textContent = str(data["ilp_vars"])
        el("ilp-constraints").textContent = str(data["ilp_constraints"])
        el("lp-text").textContent = render.lp_text(data)
        if "too_big" in data:  # not built until asked (the note below says its size)
            for id_ in ("num-vars", "num-clauses"):
                el(id_).textContent = "not built"
            el("clauses").innerHTML = render.counter_notice(board, data)
            return
        el("num-vars").textContent = str(data["num_vars"])
        el("num-clauses").textContent = str(data["num_clauses"])
        el("clauses").innerHTML = render.clauses_html(board, data)

    # -- downloads ----------------------------------------------------------------------------
    def start_download(self, op: Op, filename: str) -> None:
        if self.download_task and not self.download_task.done():
            return
        self.download_task = asyncio.ensure_future(self.download(op, filename))

    async def download(self, op: Op, filename: str) -> None:
        """Built by the engine's worker in chunks, with progress and cancel; saved as one file."""
        board = self.app.board
        progress, cancel = el("download-progress"), el("download-cancel")

        def report(written: int, size: int) -> None:
            progress.textContent = (f"{filename}: {written / 1e6:,.1f} MB written…" if written
                                    else f"building {filename}…")

        cancel.hidden = False
        progress.textContent = f"building {filename}…"
        args = {"encoding": str(el("encoding").value)} if op == Op.DIMACS else {}
        try:
            blob = await self.app.client.download(request(op, board, **args), report)
        except asyncio.CancelledError:
            progress.textContent = f"{filename}: cancelled"
            return
        except EngineFailed as e:
            why = render.failure_message(str(e), board) if str(e) == "memory" else str(e)
            progress.textContent = f"{filename} could not be built: {why}"
            return
        finally:
            cancel.hidden = True
        save_file(blob, filename)
        progress.textContent = f"{filename}: {render.file_size(int(blob.size))}, saved"


def bind(app: App) -> Reduction:
    """The reduction panel's handlers, bound where they are defined."""
    reduction = Reduction(app)

    def clue_highlighted(clue: Cell | None) -> None:
        """The clauses of a clue pointed at on the grid, highlighted and scrolled into the clause
        list's view (the list scrolls, never the page)."""
        if clue is None:
            return
        node = query(f'.clause-group[data-clue="{clue[0]},{clue[1]}"]')
        if node:
            node.classList.add("hl")
            box = el("clauses")
            top = node.offsetTop - box.offsetTop
            if top < box.scrollTop or top > box.scrollTop + box.clientHeight - 40:
                box.scrollTop = max(0, top - 20)

    app.on("highlighted", clue_highlighted)

    @handle("pointerover", "#clauses", within=".clause-group[data-clue]")
    def clause_over(evt: Any, group: Any) -> None:
        r, c = map(int, str(group.dataset.clue).split(","))
        app.highlight({(r, c), *app.board.unknown_neighbours((r, c))}, None)
        group.classList.add("hl")

    @handle("click", "#clauses")
    def clauses_click(evt: Any) -> None:
        if evt.target.id == "build-cnf":
            el("clauses").textContent = "building…"
            reduction.force_cnf = True
        elif evt.target.id == "more-clauses":
            reduction.clause_limit = max(reduction.clause_limit, FIRST_CLAUSES) * 4
        else:
            return
        reduction.draw()

    @handle("change", "#encoding")
    def encoding(evt: Any) -> None:
        reduction.clause_limit = 0
        reduction.draw()

    @handle("click", "#download-cnf")
    def download_cnf(evt: Any) -> None:
        reduction.start_download(Op.DIMACS, "minesat.cnf")

    @handle("click", "#download-lp")
    def download_lp(evt: Any) -> None:
        reduction.start_download(Op.LP, "minesat.lp")

    @handle("click", "#download-cancel")
    def download_cancel(evt: Any) -> None:
        if reduction.download_task and not reduction.download_task.done():
            reduction.download_task.cancel()

    return reduction
