"""The page's state and its one flow per edit: draw the grid, ask the engine, draw the answer.

    edit -> save (URL, storage) -> grid drawn (only the cells that changed)
         -> analysis requested from the engine's worker (a newer edit supersedes it)
         -> count, verdict and forced cells drawn, if the board is still the latest
         -> then, only if they are on screen: the page of layouts, the reduction panel
         -> then why (every forced cell's proof), what next (the best move), the dead cells

Every engine call goes through the client (client.py) to the engine's worker; nothing here
computes what the engine computes. Why and what next (proofs, best move, dead cells) are
why.py; Play mode is play.py; the handlers are events.py.

Test hooks: <body data-ready> once the grid is interactive (data-engine="worker" or "main",
data-worker="ready" once the worker answers); cells carry data-row, data-col and, after
analysis, data-verdict="safe"/"mine" where forced, data-proof on a shown proof's clues and
data-best on the best move; #layout-count has data-value with the exact count in plain digits
("" while working).
"""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from minesat.analysis import Analysis
from minesat.board import FLAG, Board, Cell
from minesat.board import cell_name as name
from minesat.protocol import decode_analysis, decode_layouts, request
from minesat_web import persist, render
from minesat_web.client import Dropped, EngineClient, EngineFailed, js_object
from minesat_web.editor import Editor, standard_level

PAGE_SIZE = 12           # layouts per page
SLOW = 0.1               # seconds before the Cancel button of an analysis appears
STILL_COUNTING = 1.5     # seconds of an analysis before the page says what is taking long
WORK_SHOWN_MS = 100      # why and what next say they are working when they take longer than this
WHY_PANELS = ("explain", "advise", "dead", "outcome")  # the work that follows an analysis (why.py)
DRAW_EDIT_MS = 50        # an edit is drawn with its analysis in one frame, or else after this long,
                         # with the old board's results greyed


def el(id_: str) -> Any:
    return document.getElementById(id_)


def copy_to_clipboard(text: str, copied: str, refused: str | None = None, unable: str | None = None) -> None:
    """Copy `text`, then say `copied`; `refused` if the browser does not allow it, `unable` if it has
    no clipboard here (None: nothing said; the text is on screen for the user to copy)."""
    def say(words: str | None) -> Any:
        return create_proxy(lambda _: show_message(words) if words else None)
    try:
        js.navigator.clipboard.writeText(text).then(say(copied), say(refused))
    except Exception:  # noqa: BLE001 - no clipboard API
        if unable:
            show_message(unable)


def show_message(text: str, bad: bool = False) -> None:
    """A message above the board, scrolled into view (on a phone it may be off screen)."""
    m = el("message")
    m.textContent = text
    m.className = "bad" if bad else ("good" if text else "")
    if text:
        m.scrollIntoView(js_object({"block": "nearest"}))


class App:
    """The editor, the latest analysis, and what the panels show."""

    def __init__(self, board: Board, client: EngineClient) -> None:
        self.ed = Editor(board)
        self.client = client
        self.brush = "select"
        self.painting = False
        self.analysis: Analysis | None = None
        self.shown: frozenset[Cell] | None = None  # a layout drawn on the grid
        self.layouts: list[frozenset[Cell]] = []   # the page of layouts on screen
        self.page = 0
        self.drawn: list[render.CellState] = []    # the grid's cells as last drawn
        self.drawn_size = (0, 0)
        self.drawn_board: Board | None = None
        self.visible: set[str] = set()             # panels on screen ("layouts", "reduction")
        self.clause_limit = 0
        self.force_cnf = False
        self.task: asyncio.Task | None = None
        self.panel_tasks: dict[str, asyncio.Task] = {}
        self.download_task: asyncio.Task | None = None
        self.play: Any = None  # Play mode (minesat_web/play.py), bound by main.start
        self.why: Any = None  # proofs, best move, dead cells, the cell line (why.py), bound by main.start
        self.draw_timer: Any = None  # draws an edit whose analysis is slow (see `changed`)
        self._draw_late = create_proxy(self.draw_late)
        self.assumed_mines: int | None = None  # a standard total assumed for a loaded board
        self.tangled: dict[str, Any] | None = None  # a board too tangled to count: how its analysis stands
        self.work_timer: Any = None  # shows that why and what next are working (see `work_started`)
        self._show_work = create_proxy(self.show_work)

    @property
    def board(self) -> Board:
        return self.ed.board

    # -- edits -------------------------------------------------------------------------
    def edit(self, did_change: bool) -> None:
        if did_change:
            show_message("")
            self.changed()

    def changed(self) -> None:
        """After every edit: analyse again, save, and draw, in one frame with the analysis.

        The request leaves first.  The grid is not touched until the answer (an expert board's
        comes within a frame or two) or `DRAW_EDIT_MS`, whichever is first: a frame painted for
        the edit alone would hold the answer up (Chromium paints it before it reads the worker's
        message) and be painted over at once.  The old count is withdrawn at once (data-value)."""
        self.shown = None
        self.page = 0
        self.clause_limit = 0
        self.force_cnf = False
        self.why.described = None  # the cell line speaks of no cell (unless the edit was a click on one)
        self.schedule_analysis()
        el("grid").dataset.board = persist.save(self.board)  # the board being edited (a test hook)
        js.clearTimeout(self.draw_timer)
        if self.board.mines != self.assumed_mines:
            self.assumed_mines = None  # the total was changed: it is the user's now
        if self.drawn_size != (self.board.rows, self.board.cols):  # a new size: the grid at once (its
            self.clear_marks()                                      # cells are the ones pointed at)
            self.draw_edit()
        self.draw_timer = js.setTimeout(self._draw_late, DRAW_EDIT_MS)  # greys the old results then

    def draw_late(self, *_: Any) -> None:
        """The analysis is slow: draw the edit now; grey the old board's verdicts, shading and
        summary (class "stale": the grid restyled as a whole, not every cell), with "working…";
        take its marks away."""
        self.draw_timer = None
        self.clear_marks()
        if self.why.described is None:
            el("cell-info").textContent = render.CELL_HINT
        self.draw_edit()
        el("grid").classList.add("stale")
        el("analysis").classList.add("stale")

    def clear_marks(self) -> None:
        """What was shown of the old board apart from the grid and the count."""
        el("share-box").hidden = True  # its link is the old board's
        el("board-verdict").hidden = True
        self.why.clear_marks()

    def paint(self, cell: Cell, stroke: bool = False) -> None:
        """A click or tap on a cell (or, with `stroke`, the drag that follows one)."""
        self.ed.cursor = cell
        if self.brush == "mine":
            if not stroke:
                self.edit(self.ed.mine(cell))
        elif self.brush == FLAG and not stroke:
            self.edit(self.ed.flag(cell))  # a tap flags, or takes a flag away
        elif self.brush != "select":
            self.edit(self.ed.set(cell, self.brush, merge=stroke))
        self.draw_cursor()
        self.why.describe(cell)

    # -- the grid ------------------------------------------------------------------------
    def draw_grid(self) -> None:
        """Draw the cells that changed since the last drawing (all of them after a resize)."""
        b = self.board
        states = render.cell_states(b, self.analysis, self.shown, self.why.dead)
        grid = el("grid")
        if self.drawn_size != (b.rows, b.cols):
            frame = el("board-frame")
            frame.style.setProperty("--cols", str(b.cols))
            frame.style.setProperty("--rows", str(b.rows))
            grid.setAttribute("aria-rowcount", str(b.rows))
            grid.setAttribute("aria-colcount", str(b.cols))
            grid.innerHTML = render.grid_html(b.cols, states)
            el("col-labels").innerHTML = render.labels_html(b.cols)
            el("row-labels").innerHTML = render.labels_html(b.rows)
        else:
            self.patch([(i, s) for i, (old, s) in enumerate(zip(self.drawn, states)) if old != s])
        self.drawn, self.drawn_size, self.drawn_board = states, (b.rows, b.cols), b
        self.draw_cursor()
        self.fill_inputs(force=False)
        el("undo").disabled = not self.ed.past
        el("redo").disabled = not self.ed.future

    def patch(self, changes: list[tuple[int, render.CellState]]) -> None:
        """Set the attributes of the changed cells in place, in one call (no element is rebuilt)."""
        if changes:
            js.minesatPatchCells(el("grid"), self.board.cols, to_js([[i, *state] for i, state in changes]))

    def draw_edit(self) -> None:
        """An edit whose analysis is slow: only the edited cells are drawn again."""
        b, old = self.board, self.drawn_board
        if old is None or (old.rows, old.cols) != (b.rows, b.cols) or self.shown is not None:
            self.draw_grid()
            return
        edited = [i for i, (x, y) in enumerate(zip(old.cells, b.cells)) if x != y]
        fresh = render.cell_states(b, None)
        for i in edited:
            self.drawn[i] = fresh[i]
        self.patch([(i, fresh[i]) for i in edited])
        self.drawn_board = b
        self.draw_cursor()
        self.fill_inputs(force=False)
        el("undo").disabled = not self.ed.past
        el("redo").disabled = not self.ed.future

    def cell_el(self, cell: Cell) -> Any:
        return el(f"c{cell[0]}-{cell[1]}")

    def draw_cursor(self) -> None:
        """The cursor: an outline, and the grid's active descendant (what a screen reader reads)."""
        for old in list(document.querySelectorAll("#grid .cursor")):
            old.classList.remove("cursor")
        node = self.cell_el(self.ed.cursor)
        if node:
            node.classList.add("cursor")
            el("grid").setAttribute("aria-activedescendant", node.id)

    def fill_inputs(self, force: bool) -> None:
        """Show the board's size and total, except in a field the user is typing in."""
        b = self.board
        focused = document.activeElement
        for id_, value in (("rows", b.rows), ("cols", b.cols), ("mines", b.mines)):
            field = el(id_)
            if force or field != focused:
                field.value = "" if value is None else str(value)
        assumed = b.mines is not None and b.mines == self.assumed_mines
        note = render.total_note(b, assumed, standard_level(b))
        if str(el("total-note").innerHTML) != note:
            el("total-note").innerHTML = note

    async def ask(self, op: str, lane: str | None = None, **args: Any) -> Any:
        """The engine's answer about the board on screen; None when it failed, was superseded,
        or the board changed meanwhile (what is on screen then is not what was asked about)."""
        board = self.board
        try:
            data = await self.client.call(request(op, board, **args), lane=lane)
        except (Dropped, EngineFailed):
            return None
        return data if board == self.board else None

    def highlight(self, cells: set[Cell], group: Cell | None) -> None:
        for node in list(document.querySelectorAll(".hl")):
            node.classList.remove("hl")
        for cell in cells:
            node = self.cell_el(cell)
            if node:
                node.classList.add("hl")
        if group is not None:
            node = document.querySelector(f'.clause-group[data-clue="{group[0]},{group[1]}"]')
            if node:
                node.classList.add("hl")
                box = el("clauses")  # scroll the clause list only, never the page
                top = node.offsetTop - box.offsetTop
                if top < box.scrollTop or top > box.scrollTop + box.clientHeight - 40:
                    box.scrollTop = max(0, top - 20)

    # -- the analysis ----------------------------------------------------------------------
    def schedule_analysis(self) -> None:
        for task in [self.task, *self.panel_tasks.values()]:
            if task and not task.done():
                task.cancel()
        self.analysis = None
        self.tangled = None
        self.why.forget()
        self.work_done()
        el("layout-count").setAttribute("data-value", "")  # the old count's text stays until the
                                                            # new one, greyed if that is slow
        answer = self.client.send(request("analyze", self.board), lane="analysis")  # at once: the worker
        self.task = asyncio.ensure_future(self.analyse(self.board, answer))     # starts while we draw

    async def analyse(self, board: Board, answer: asyncio.Future) -> None:
        cancel_shown = js.setTimeout(js.minesatShowCancel, int(SLOW * 1000))
        slow = asyncio.ensure_future(self.say_still_counting())
        try:
            data = await answer
        except (Dropped, asyncio.CancelledError):
            return
        except EngineFailed as e:
            if board == self.board:
                self.clear_results(render.failure_message(str(e), board))
            return
        finally:
            js.clearTimeout(cancel_shown)
            slow.cancel()
            el("busy").textContent = "working…"
            el("analysis-cancel").hidden = True
        if board != self.board:
            return  # a stale answer: a newer edit is being analysed
        self.ungrey()
        self.show_analysis(board, data)
        if data.get("tangled"):
            el("busy").textContent = "checking by SAT…"
            el("analysis").classList.add("working")
            js.minesatShowCancel()
            try:
                while data.get("pending"):  # a tangled board: the SAT backbone goes on, slice by slice
                    data = await self.client.call(request("analyze_more", board), lane="analysis")
                    if board != self.board:
                        return
                    self.show_analysis(board, data)
            except (Dropped, asyncio.CancelledError, EngineFailed):
                return
            finally:
                el("analysis").classList.remove("working")
                el("busy").textContent = "working…"
                el("analysis-cancel").hidden = True
        self.refresh_panels()  # what is on screen first, then why and what next
        self.start_panel("explain", self.why.load_explain())

    async def say_still_counting(self) -> None:
        """An analysis past STILL_COUNTING seconds says what it is doing (a big or tangled board)."""
        await asyncio.sleep(STILL_COUNTING)
        el("busy").textContent = ("still counting the layouts: a big or tangled board (one too tangled to "
                                  "count gets its forced cells instead); Esc or Cancel stops it…")

    def show_analysis(self, board: Board, data: dict[str, Any]) -> None:
        """An answer of the engine for the board on screen: the grid, the count, the verdict."""
        self.analysis = decode_analysis(board, data)
        self.tangled = data if data.get("tangled") else None
        self.draw_grid()
        self.show_summary()
        self.why.redescribe()

    def ungrey(self) -> None:
        """The new board's answer is here: the wait's timer will not fire; nothing is grey."""
        if self.draw_timer is not None:
            js.clearTimeout(self.draw_timer)
            self.draw_timer = None
            self.clear_marks()
        el("grid").classList.remove("stale")
        el("analysis").classList.remove("stale")

    def cancel_analysis(self) -> None:
        """Stop a running analysis: say so at once; the worker is ended and a fresh one started.
        A tangled board keeps what is known of it so far."""
        if self.task and not self.task.done():
            self.task.cancel()
        if self.tangled is not None and self.analysis is not None:
            el("verdict").textContent = render.tangled_text(self.tangled, stopped=True)
            el("analysis-cancel").hidden = True
        else:
            self.clear_results("Analysis cancelled. Edit the board to analyse again.")
        self.restart_worker()

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

    def work_done(self) -> None:
        js.clearTimeout(self.work_timer)
        self.work_timer = None
        el("work").hidden = True

    def working(self) -> bool:
        """Whether why and what next are working on the board (the analysis itself apart)."""
        return any(task and not task.done() for panel, task in self.panel_tasks.items() if panel in WHY_PANELS)

    def cancel_work(self) -> None:
        """Stop the proofs, the best move and the dead cells (Cancel or Esc): the analysis stays on
        screen; the worker is ended (a running computation cannot be stopped otherwise) and a fresh
        one started."""
        running = {panel for panel in WHY_PANELS if (task := self.panel_tasks.get(panel)) and not task.done()}
        for panel in running:
            self.panel_tasks[panel].cancel()
        self.work_done()
        if running & {"explain", "advise"}:
            el("best-move").textContent = "Best move: not worked out (cancelled). Edit the board to try again."
        if "explain" in running:
            el("deductions").textContent = "The proofs were cancelled."
        if "outcome" in running:
            el("cell-info").textContent = "Stopped. " + render.CELL_HINT
        self.restart_worker()

    def restart_worker(self) -> None:
        """Stop whatever the worker is doing (a running computation cannot be stopped otherwise):
        it is ended and a fresh one started."""
        document.body.removeAttribute("data-worker")
        asyncio.ensure_future(self.restart_engine())

    async def restart_engine(self) -> None:
        where = await self.client.restart()
        document.body.dataset.engine = where
        if where == "worker":
            document.body.dataset.worker = "ready"

    def clear_results(self, why: str) -> None:
        """No analysis to show (it failed or was cancelled): say why, leave nothing stale."""
        self.analysis = None
        self.ungrey()
        self.draw_grid()
        el("verdict").textContent = why
        el("verdict").className = "bad"
        el("board-verdict").hidden = True
        el("count-exact").hidden = True
        el("forced").textContent = ""
        for id_ in ("layout-count", "layouts-total"):
            el(id_).textContent = "unknown"
        el("layout-list").innerHTML = ""
        el("page-count").textContent = ""

    def show_summary(self) -> None:
        a = self.analysis
        count = el("layout-count")
        count.textContent = render.count_text(a)
        count.setAttribute("data-value", "" if a.count is None else str(a.count))
        exact = a.count is not None and a.count >= render.SCIENTIFIC_FROM
        el("count-exact").hidden = not exact
        el("count-digits").textContent = render.exact_digits(a.count) if exact and a.count else ""
        el("layouts-total").textContent = count.textContent
        verdict = el("verdict")
        verdict.className = "" if a.satisfiable else "bad"
        verdict.textContent = render.tangled_text(self.tangled) if self.tangled and a.satisfiable else \
            render.verdict_text(a)
        el("forced").innerHTML = render.forced_html(a)
        by_board = el("board-verdict")  # a contradiction is said where the user looks: by the board
        by_board.hidden = a.satisfiable
        by_board.textContent = "" if a.satisfiable else verdict.textContent
        if not a.satisfiable:
            by_board.scrollIntoView(js_object({"block": "nearest"}))

    # -- panels drawn only when on screen --------------------------------------------------
    def panel_visible(self, panel: str, visible: bool) -> None:
        if visible and panel not in self.visible:
            self.visible.add(panel)
            self.refresh_panels()
        elif not visible:
            self.visible.discard(panel)

    def refresh_panels(self) -> None:
        """Panels on screen are drawn for the new board; in the others, the old board's layouts or
        clauses are hidden (class "stale") until the panel is scrolled to and drawn: they never
        pass for the new board's.  Where each panel is, is read now: the observer's last word
        (`panel_visible`) may not have come yet after a scroll or a resize."""
        for panel in ("layouts", "reduction"):
            box = el(panel).getBoundingClientRect()
            if box.bottom > 0 and box.top < js.innerHeight:
                self.visible.add(panel)
            else:
                self.visible.discard(panel)
                el(panel).classList.add("stale")
        if "layouts" in self.visible and self.analysis is not None:
            self.show_page(self.page)
        if "reduction" in self.visible:
            self.start_panel("reduction", self.draw_reduction())

    def start_panel(self, panel: str, job) -> None:
        old = self.panel_tasks.get(panel)
        if old and not old.done():
            old.cancel()
        self.panel_tasks[panel] = asyncio.ensure_future(job)

    def pages(self) -> int:
        count = self.analysis.count if self.analysis and self.analysis.count else 0
        return max(1, -(-count // PAGE_SIZE))

    def show_page(self, page: int) -> None:
        self.page = min(max(page, 0), self.pages() - 1)
        el("page").value = str(self.page + 1)
        el("page-count").textContent = f"of {render.human_count(self.pages())}"
        el("page-prev").disabled = self.page == 0
        el("page-next").disabled = self.page >= self.pages() - 1
        self.start_panel("layouts", self.draw_page())

    async def draw_page(self) -> None:
        listing = el("layout-list")
        a, board = self.analysis, self.board
        if a is None or not a.count:
            listing.textContent = ("" if a is None else "Too tangled to list the layouts by number."
                                   if a.count is None else "No layout: the board is contradictory.")
            el("layouts").classList.toggle("stale", a is None)
            return
        el("page-progress").textContent = "drawing…"
        try:
            data = await self.client.call(request("layouts", board, offset=self.page * PAGE_SIZE, limit=PAGE_SIZE),
                                          lane="layouts")
        except Dropped:
            return
        except EngineFailed as e:
            listing.textContent = f"The layouts could not be listed: {e}"
            return
        finally:
            el("page-progress").textContent = ""
        if board != self.board:
            return
        self.layouts = decode_layouts(data["layouts"])
        listing.innerHTML = render.layout_thumbnails(board, self.layouts, int(data["offset"]), self.shown)
        el("layouts").classList.remove("stale")

    def select_layout(self, index: int) -> None:
        layout = self.layouts[index - self.page * PAGE_SIZE]
        self.shown = None if self.shown == layout else layout
        for node in list(document.querySelectorAll(".layout")):
            on = self.shown is not None and int(node.dataset.index) == index
            node.classList.toggle("selected", on)
            node.setAttribute("aria-pressed", "true" if on else "false")
        self.draw_grid()
        mines = ", ".join(map(name, sorted(layout))) or "none"
        el("cell-info").textContent = (
            f"Layout {index + 1:,} shown on the board: yellow cells with a dot are its mines ({mines}), "
            "pale green cells are safe in it. Click it again to go back." if self.shown is not None else "")

    async def draw_reduction(self) -> None:
        """The CNF's sizes and first clauses; a big total-mines counter waits for a click."""
        board = self.board
        el("clauses").setAttribute("aria-busy", "true")
        try:
            data = await self.client.call(request(
                "reduction", board, encoding=str(el("encoding").value),
                limit=max(self.clause_limit, 400), force=self.force_cnf), lane="reduction")
        except Dropped:
            return
        except EngineFailed as e:
            el("clauses").textContent = f"The reduction could not be built: {e}"
            return
        finally:
            el("clauses").removeAttribute("aria-busy")
        if board != self.board:
            return
        el("reduction").classList.remove("stale")
        self.clause_limit = max(self.clause_limit, 400)
        el("bound").textContent = str(data["bound"])
        el("ilp-vars").textContent = str(data["ilp_vars"])
        el("ilp-constraints").textContent = str(data["ilp_constraints"])
        el("lp-text").textContent = render.lp_text(data)
        if "too_big" in data:
            for id_ in ("num-vars", "num-clauses"):
                el(id_).textContent = "…"
            el("clauses").innerHTML = render.counter_notice(board, data)
            return
        el("num-vars").textContent = str(data["num_vars"])
        el("num-clauses").textContent = str(data["num_clauses"])
        el("clauses").innerHTML = render.clauses_html(board, data)

    # -- downloads ----------------------------------------------------------------------------
    def start_download(self, op: str, filename: str) -> None:
        if self.download_task and not self.download_task.done():
            return
        self.download_task = asyncio.ensure_future(self.download(op, filename))

    async def download(self, op: str, filename: str) -> None:
        """Built by the engine's worker in chunks, with progress and cancel; saved as one file."""
        progress, cancel = el("download-progress"), el("download-cancel")

        def report(written: int, size: int) -> None:
            progress.textContent = (f"{filename}: {written / 1e6:,.1f} MB written…" if written
                                    else f"building {filename}…")

        cancel.hidden = False
        progress.textContent = f"building {filename}…"
        args = {"encoding": str(el("encoding").value)} if op == "dimacs" else {}
        try:
            blob = await self.client.download(request(op, self.board, **args), report)
        except asyncio.CancelledError:
            progress.textContent = f"{filename}: cancelled"
            return
        except EngineFailed as e:
            progress.textContent = f"{filename} could not be built: {render.failure_message(str(e), self.board)}"
            return
        finally:
            cancel.hidden = True
        url = js.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href, a.download = url, filename
        document.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(js.URL.revokeObjectURL.bind(js.URL, url), 60_000)
        progress.textContent = f"{filename}: {blob.size / 1e6:,.1f} MB, saved"
