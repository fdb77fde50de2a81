"""The page's state and its one flow per edit: draw the grid, ask the engine, announce the answer.

    edit -> save (URL, storage) -> announce "edited" -> analysis requested from the engine's worker
         -> the grid drawn with the answer (only the cells that changed), if the board is still
            the latest -> announce "answered" (the summary, the cell line)
         -> announce "analysed": the panels on screen draw the new board (layouts, reduction),
            then why and what next (proofs, best move, dead cells)

App knows no panel: each panel (why.py, layouts.py, reduction.py, editing.py, loading.py, play.py)
takes the App, binds its own handlers and subscribes to what App announces (`on`):

    "edited"          the board changed; nothing is known of it yet
    "answered"        an answer for the board on screen is drawn (a tangled board's come in slices)
    "analysed"        the analysis is complete: what follows it may start
    "failed", text    no analysis to show, and why
    "stale", late     the old board's marks go (late: its analysis is slow, the edit drawn alone)
    "pointed", cell   the user points at a cell (hover, tap, keys)

Every engine call goes through the client (client.py) to the engine's worker; nothing here
computes what the engine computes.

Test hooks: <body data-ready> once the grid is interactive (data-engine="worker" or "main",
data-worker="ready" once the worker answers); cells carry data-row, data-col and, after
analysis, data-verdict="safe"/"mine" where forced, data-proof on a shown proof's clues and
data-best on the best move; #layout-count has data-value with the exact count in plain digits
("" while working).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from minesat.analysis.result import Analysis
from minesat.board import Board, Cell
from minesat.messages.codec import decode_analysis, request
from minesat.messages.ops import Lane, Op
from minesat_web import persist, render
from minesat_web.analyzer.editor import Editor, standard_level
from minesat_web.browser import create_proxy, document, js, to_js
from minesat_web.client import Dropped, EngineClient, EngineFailed
from minesat_web.dom import el, show_message

SLOW = 0.1               # seconds before the Cancel button of an analysis appears
STILL_COUNTING = 1.5     # seconds of an analysis before the page says what is taking long
DRAW_EDIT_MS = 50        # an edit is drawn with its analysis in one frame, or else after this long,
                         # with the old board's results greyed


class App:
    """The editor, the latest analysis, the grid as drawn, and who listens to what."""

    def __init__(self, board: Board, client: EngineClient) -> None:
        self.ed = Editor(board)
        self.client = client
        self.analysis: Analysis | None = None
        self.tangled: dict[str, Any] | None = None  # a board too tangled to count: how its analysis stands
        self.shown: frozenset[Cell] | None = None  # a layout drawn on the grid (`show_layout`)
        self.dead: frozenset[Cell] = frozenset()   # the dead cells marked on the grid (`mark_dead`)
        self.assumed_mines: int | None = None  # a standard total assumed for a loaded board (`assume_total`)
        self.drawn: list[render.CellState] = []    # the grid's cells as last drawn
        self.drawn_size = (0, 0)
        self.drawn_board: Board | None = None
        self.task: asyncio.Task[Any] | None = None
        self.panel_tasks: dict[str, asyncio.Task[Any]] = {}
        self.listeners: dict[str, list[Callable[..., None]]] = {}
        self.keys: dict[str, Callable[[], None]] = {}  # board keys a panel answers ("n": next deduction)
        self.draw_timer: Any = None  # draws an edit whose analysis is slow (see `changed`)
        self._draw_late = create_proxy(self.draw_late)

    @property
    def board(self) -> Board:
        return self.ed.board

    # -- who listens -------------------------------------------------------------------------
    def on(self, event: str, listener: Callable[..., None]) -> None:
        """Call `listener` whenever `event` is announced (in the order they subscribed)."""
        self.listeners.setdefault(event, []).append(listener)

    def announce(self, event: str, *args: Any) -> None:
        for listener in self.listeners.get(event, []):
            listener(*args)

    # -- edits -------------------------------------------------------------------------------
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
        self.announce("edited")
        self.request_analysis()
        el("grid").dataset.board = persist.save(self.board)  # the board being edited (a test hook)
        js.clearTimeout(self.draw_timer)
        if self.board.mines != self.assumed_mines:
            self.assumed_mines = None  # the total was changed: it is the user's now
        if self.drawn_size != (self.board.rows, self.board.cols):  # a new size: the grid at once (its
            self.announce("stale", False)                             # cells are the ones pointed at)
            self.draw_edit()
        self.draw_timer = js.setTimeout(self._draw_late, DRAW_EDIT_MS)  # greys the old results then

    def draw_late(self, *_: Any) -> None:
        """The analysis is slow: draw the edit now; grey the old board's verdicts, shading and
        summary (class "stale": the grid restyled as a whole, not every cell), with "working…";
        take its marks away."""
        self.draw_timer = None
        self.announce("stale", True)
        self.draw_edit()
        el("grid").classList.add("stale")
        el("analysis").classList.add("stale")

    def ungrey(self) -> None:
        """The new board's answer is here: the wait's timer will not fire; nothing is grey."""
        if self.draw_timer is not None:
            js.clearTimeout(self.draw_timer)
            self.draw_timer = None
            self.announce("stale", False)
        el("grid").classList.remove("stale")
        el("analysis").classList.remove("stale")

    # -- the grid ------------------------------------------------------------------------------
    def draw_grid(self) -> None:
        """Draw the cells that changed since the last drawing (all of them after a resize)."""
        b = self.board
        states = render.cell_states(b, self.analysis, self.shown, self.dead)
        grid = el("grid")
        if self.drawn_size != (b.rows, b.cols):
            frame = el("board-frame")
            frame.style.setProperty("--cols", str(b.cols))
            frame.style.setProperty("--rows", str(b.rows))
            grid.setAttribute("aria-rowcount", str(b.rows))
            grid.setAttribute("aria-colcount", str(b.cols))
            js.minesatGridSlices(grid, to_js(render.grid_slices(b.cols, states)))
            el("col-labels").innerHTML = render.labels_html(b.cols)
            el("row-labels").innerHTML = render.labels_html(b.rows)
        else:
            self.patch([(i, s) for i, (old, s) in enumerate(zip(self.drawn, states)) if old != s])
        self.drawn, self.drawn_size, self.drawn_board = states, (b.rows, b.cols), b
        self.drawn_edit()

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
        self.drawn_edit()

    def drawn_edit(self) -> None:
        """What goes with the grid: the cursor, the size and total fields, undo and redo."""
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

    def mark(self, name: str, cells: Any) -> None:
        """The grid's `cells` (and no other) get the class `name` and the attribute data-`name`."""
        for node in list(document.querySelectorAll(f"#grid [data-{name}]")):
            node.removeAttribute(f"data-{name}")
            node.classList.remove(name)
        for cell in cells:
            if node := self.cell_el((cell[0], cell[1])):
                node.setAttribute(f"data-{name}", "")
                node.classList.add(name)

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

    def highlight(self, cells: set[Cell], clue: Cell | None) -> None:
        """Cells of the grid highlighted; a panel that shows `clue` hears of it ("highlighted")."""
        for node in list(document.querySelectorAll(".hl")):
            node.classList.remove("hl")
        for cell in cells:
            node = self.cell_el(cell)
            if node:
                node.classList.add("hl")
        self.announce("highlighted", clue)

    # -- what panels draw on the grid (they never write these fields themselves) --------------
    def show_layout(self, layout: frozenset[Cell] | None) -> None:
        """A layout drawn on the grid (None: none), until the next edit."""
        self.shown = layout
        self.draw_grid()

    def mark_dead(self, cells: frozenset[Cell]) -> None:
        """The dead cells marked on the grid (drawn at once when there are any)."""
        self.dead = cells
        if cells:
            self.draw_grid()

    def assume_total(self, mines: int | None) -> None:
        """A standard total assumed for the board about to be loaded (said beside the total, until
        the user changes it)."""
        self.assumed_mines = mines

    # -- the engine ------------------------------------------------------------------------------
    async def ask(self, op: Op, lane: Lane | None = None, **args: Any) -> Any:
        """The engine's answer about the board on screen; None when it failed, was superseded,
        or the board changed meanwhile (what is on screen then is not what was asked about)."""
        board = self.board
        try:
            data = await self.client.call(request(op, board, **args), lane=lane)
        except (Dropped, EngineFailed):
            return None
        return data if board == self.board else None

    def start_panel(self, panel: str, job: Coroutine[Any, Any, None]) -> None:
        """Run a panel's work for the board on screen (the panel's earlier work, and all of it
        at the next edit, is cancelled)."""
        old = self.panel_tasks.get(panel)
        if old and not old.done():
            old.cancel()
        self.panel_tasks[panel] = asyncio.ensure_future(job)

    def running(self, panels: tuple[str, ...]) -> set[str]:
        """Which of `panels` are at work."""
        return {panel for panel in panels if (task := self.panel_tasks.get(panel)) and not task.done()}

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

    # -- the analysis ------------------------------------------------------------------------------
    def request_analysis(self) -> None:
        """Ask the engine to analyse the board on screen (what was at work for the old one stops)."""
        for task in [self.task, *self.panel_tasks.values()]:
            if task and not task.done():
                task.cancel()
        self.analysis = None
        self.tangled = None
        answer = self.client.send(request(Op.ANALYZE, self.board), lane=Lane.ANALYSIS)  # at once: the worker
        self.task = asyncio.ensure_future(self.await_analysis(self.board, answer))  # starts while we draw

    def analysing(self) -> bool:
        return bool(self.task and not self.task.done())

    async def await_analysis(self, board: Board, answer: asyncio.Future[Any]) -> None:
        cancel_shown = js.setTimeout(js.minesatShowCancel, int(SLOW * 1000))
        slow = asyncio.ensure_future(self.say_still_counting())
        try:
            data = await answer
        except (Dropped, asyncio.CancelledError):
            return
        except EngineFailed as e:
            if board == self.board:
                self.fail(render.failure_message(str(e), board))
            return
        finally:
            js.clearTimeout(cancel_shown)
            slow.cancel()
            el("busy").textContent = "working…"
            el("analysis-cancel").hidden = True
        if board != self.board:
            return  # a stale answer: a newer edit is being analysed
        self.ungrey()
        self.show_answer(board, data)
        if data.get("tangled"):
            el("busy").textContent = "checking by SAT…"
            el("analysis").classList.add("working")
            js.minesatShowCancel()
            try:
                while data.get("pending"):  # a tangled board: the SAT backbone goes on, slice by slice
                    data = await self.client.call(request(Op.ANALYZE_MORE, board), lane=Lane.ANALYSIS)
                    if board != self.board:
                        return
                    self.show_answer(board, data)
            except (Dropped, asyncio.CancelledError, EngineFailed):
                return
            finally:
                el("analysis").classList.remove("working")
                el("busy").textContent = "working…"
                el("analysis-cancel").hidden = True
        self.announce("analysed")

    async def say_still_counting(self) -> None:
        """An analysis past STILL_COUNTING seconds says what it is doing (a big or tangled board)."""
        await asyncio.sleep(STILL_COUNTING)
        el("busy").textContent = ("still counting the layouts: a big or tangled board (one too tangled to "
                                  "count gets its forced cells instead); Esc or Cancel stops it…")

    def show_answer(self, board: Board, data: dict[str, Any]) -> None:
        """An answer of the engine for the board on screen: the grid, then who listens."""
        self.analysis = decode_analysis(board, data)
        self.tangled = data if data.get("tangled") else None
        self.draw_grid()
        self.announce("answered")

    def fail(self, why: str) -> None:
        """No analysis to show (it failed or was cancelled): say why, leave nothing stale."""
        self.analysis = None
        self.ungrey()
        self.draw_grid()
        self.announce("failed", why)
