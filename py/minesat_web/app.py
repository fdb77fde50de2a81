"""The browser layer: DOM, events, URL and rendering over the engine (py/minesat). No solving here.

Test hooks: <body data-ready> once the grid is interactive; cells carry data-row,
data-col and, after analysis, data-verdict="safe"/"mine" where forced;
#layout-count has data-value with the exact count in plain digits ("" while working).
"""

from __future__ import annotations

import asyncio
import html
import json
from fractions import Fraction

import js
from pyodide.ffi import create_proxy, to_js

from minesat import ilp
from minesat.analysis import Analysis
from minesat.board import FLAG, HIDDEN, NUMBERS, Board, BoardError, Cell, parse_board, whole_number
from minesat.board import cell_name as name
from minesat.share import board_from_fragment, board_to_fragment
from minesat.sortnet import MAX_COUNTER_CELLS
from minesat_web.editor import Editor, parse_int, preset

STORAGE_KEY = "minesat.board"
PAGE_SIZE = 12          # layouts per page
MAX_CLAUSES_SHOWN = 3000  # clauses drawn in the reduction panel (the download has all)
MAX_LP_LINES_SHOWN = 400  # lines of the LP file shown in the reduction panel
MAX_AUTO_GATES = 60_000   # above this size of the total-mines counter, the CNF is built on request

CELL_HINT = "Hover or tap a cell for its mine probability."

document = js.document
_proxies: list = []     # keep event handlers alive


def el(id_: str):
    return document.getElementById(id_)


def on(target, event: str, handler) -> None:
    """Attach a Python handler; errors become a message in the page, never a dead page."""
    def guarded(evt):
        try:
            handler(evt)
        except Exception as e:  # noqa: BLE001 - shown to the user
            show_message(f"Something went wrong: {type(e).__name__}: {e}", bad=True)
            js.console.error(f"minesat handler {event}: {e!r}")
    proxy = create_proxy(guarded)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def show_message(text: str, bad: bool = False) -> None:
    m = el("message")
    m.textContent = text
    m.className = "bad" if bad else ("good" if text else "")


def grouped(n: int) -> str:
    """A count of any size with its digits in groups of three, split by thin spaces."""
    return f"{n:,}".replace(",", "\u2009")


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


class App:
    """The page's state: the editor, the latest analysis and what the panels show."""

    def __init__(self, board: Board) -> None:
        self.ed = Editor(board)
        self.brush = "select"
        self.painting = False
        self.analysis = None
        self.space = None
        self.cnf = None
        self.page = 0
        self.shown: frozenset[Cell] | None = None   # a layout drawn on the grid
        self.task: asyncio.Task | None = None
        self.page_task: asyncio.Task | None = None
        self.worker = None          # the engine in a web worker, once started
        self.worker_name = ""
        self.worker_count = 0

    # -- edits -------------------------------------------------------------------
    def changed(self, moved_only: bool = False) -> None:
        """After every edit: save, draw, and analyse again."""
        if moved_only:
            self.draw_cursor()
            return
        self.shown = None
        self.page = 0
        el("share-box").hidden = True  # its link is the old board's
        el("cell-info").textContent = CELL_HINT
        save(self.ed.board)
        self.analysis = self.space = self.cnf = None
        self.draw()
        self.schedule_analysis()

    def edit(self, did_change: bool) -> None:
        if did_change:
            show_message("")
            self.changed()

    def paint(self, cell: Cell, stroke: bool = False) -> None:
        """A click or tap on a cell (or, with `stroke`, the drag that follows one)."""
        self.ed.cursor = cell
        if el("flag-mode").checked:
            self.edit(self.ed.flag(cell))
        elif self.brush != "select":
            self.edit(self.ed.set(cell, self.brush, merge=stroke))
        self.draw_cursor()
        self.describe(cell)

    # -- drawing -------------------------------------------------------------------
    def draw(self) -> None:
        """The whole grid as one HTML string (fast across the JS bridge), then the side panels."""
        b, a = self.ed.board, self.analysis
        forced = ({c: "safe" for c in a.safe} | {c: "mine" for c in a.mines}) if a and a.satisfiable else {}
        conflict = set(a.conflict) if a and not a.satisfiable else set()
        parts = []
        for r in range(b.rows):
            for c in range(b.cols):
                ch = b[r, c]
                cls = ["cell", "flag" if ch == FLAG else "hidden" if ch == HIDDEN else f"revealed n{ch}"]
                attrs = f'data-row="{r}" data-col="{c}"'
                style = ""
                verdict = forced.get((r, c))
                if verdict:
                    if self.shown is None:
                        cls.append(verdict)
                    attrs += f' data-verdict="{verdict}"'
                if (r, c) in conflict:
                    cls.append("conflict")
                if self.shown is not None and ch in (HIDDEN, FLAG):
                    cls.append("lay-mine" if (r, c) in self.shown else "lay-safe")
                if a and a.satisfiable and (r, c) in a.probability:
                    p = a.probability[(r, c)]
                    style = f' style="--p:{float(p):.3f}" title="{name((r, c))}: mine {p} ≈ {percent(p)}"'
                if (r, c) == self.ed.cursor:
                    cls.append("cursor")
                text = ch if ch in NUMBERS else ""
                parts.append(f'<div class="{" ".join(cls)}" {attrs}{style}>{text}</div>')
        grid = el("grid")
        grid.style.gridTemplateColumns = f"repeat({b.cols}, var(--cell))"
        grid.style.setProperty("--cols", str(b.cols))
        grid.innerHTML = "".join(parts)
        self.fill_inputs(force=False)
        el("undo").disabled = not self.ed.past
        el("redo").disabled = not self.ed.future

    def fill_inputs(self, force: bool) -> None:
        """Show the board's size and total, except in a field the user is typing in."""
        b = self.ed.board
        focused = document.activeElement
        for id_, value in (("rows", b.rows), ("cols", b.cols), ("mines", b.mines)):
            field = el(id_)
            if force or field != focused:
                field.value = "" if value is None else str(value)

    def cell_el(self, cell: Cell):
        return el("grid").children.item(cell[0] * self.ed.board.cols + cell[1])

    def draw_cursor(self) -> None:
        for old in list(document.querySelectorAll("#grid .cursor")):
            old.classList.remove("cursor")
        node = self.cell_el(self.ed.cursor)
        if node:
            node.classList.add("cursor")

    def describe(self, cell: Cell) -> None:
        """The hover/tap line: what the analysis knows about one cell."""
        b, a = self.ed.board, self.analysis
        ch = b[cell]
        text = f"{name(cell)}: " + ({HIDDEN: "hidden", FLAG: "flagged"}.get(ch) or f"revealed {ch}")
        if a and a.satisfiable and cell in a.probability:
            p = a.probability[cell]
            text += f"; mine probability {p.numerator}/{p.denominator} ≈ {percent(p)}"
            if cell in a.safe:
                text += " (surely safe)"
            elif cell in a.mines:
                text += " (surely a mine)"
        el("cell-info").textContent = text

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

    # -- analysis ------------------------------------------------------------------
    def schedule_analysis(self) -> None:
        for t in (self.task, self.page_task):
            if t and not t.done():
                t.cancel()
        count = el("layout-count")
        count.setAttribute("data-value", "")
        count.textContent = "…"
        el("layouts-total").textContent = "…"
        el("busy").hidden = False
        self.task = asyncio.ensure_future(self.analyse())

    async def analyse(self) -> None:
        await asyncio.sleep(0.03)  # let quick successive edits (a drag) coalesce
        board = self.ed.board
        try:
            result = await self.engine_analysis(board)  # too tangled to count: SAT alone, count None
            await asyncio.sleep(0)
            from minesat.counting import LayoutSpace
            space = result.space or (LayoutSpace(board) if result.satisfiable and result.count is not None
                                     else None)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001
            self.clear_results(failure_message(e, board))
            # running out of memory is the board's size, not a bug
            (js.console.warn if isinstance(e, MemoryError) else js.console.error)(f"minesat analysis: {e!r}")
            if board == self.ed.board:
                self.draw_reduction()
            return
        if board != self.ed.board:
            return
        self.analysis, self.space = result, space
        self.draw()
        self.show_summary()
        el("busy").hidden = True
        self.draw_reduction()
        self.show_page(0)

    async def engine_analysis(self, board: Board):
        """The engine's analysis: in the worker once it is up (the tab stays responsive), else here."""
        if self.worker is None:
            from minesat.analysis import analyze
            document.body.dataset.engine = "main"
            return analyze(board, uncountable="sat")
        document.body.dataset.engine = "worker"
        el("analysis-cancel").hidden = False
        try:
            data = json.loads(str(await self.worker.analyse(board_to_fragment(board))))
        finally:
            el("analysis-cancel").hidden = True
        if data.get("error") == "memory":
            raise MemoryError()
        if "error" in data:
            raise RuntimeError(data["error"])
        return analysis_from_json(board, data)

    async def start_worker(self) -> None:
        """Start the engine in a web worker (a second Pyodide), after the page is interactive."""
        from pyscript import create_named_worker
        self.worker_count += 1
        name = f"minesat-engine-{self.worker_count}"
        try:
            worker = await create_named_worker(src="./py/minesat_web/worker.py", name=name,
                                               config="./pyscript.toml")
        except Exception as e:  # noqa: BLE001 - the main thread keeps analysing
            js.console.warn(f"minesat: no worker, analysing on the main thread: {e!r}")
            return
        if self.worker_count == int(name.rsplit("-", 1)[1]):
            self.worker, self.worker_name = worker, name
            document.body.dataset.worker = "ready"

    def cancel_analysis(self) -> None:
        """Stop a running analysis: end the worker and start a fresh one."""
        if self.task and not self.task.done():
            self.task.cancel()
        script = document.querySelector(f'script[name="{self.worker_name}"]')
        if script and getattr(script, "xworker", None):
            script.xworker.terminate()
            script.remove()
        self.worker = None
        document.body.removeAttribute("data-worker")
        el("analysis-cancel").hidden = True
        self.clear_results("Analysis cancelled. Edit the board to analyse again.")
        asyncio.ensure_future(self.start_worker())

    def clear_results(self, why: str) -> None:
        """No analysis to show (it failed or was cancelled): say why, leave nothing stale."""
        self.analysis = self.space = None
        self.draw()
        el("busy").hidden = True
        el("verdict").textContent = why
        el("verdict").className = "bad"
        el("forced").textContent = ""
        for id_ in ("layout-count", "layouts-total"):
            el(id_).textContent = "unknown"
        el("layout-list").innerHTML = ""
        el("page-count").textContent = ""

    def show_summary(self) -> None:
        a = self.analysis
        count = el("layout-count")
        count.textContent = ("not counted: too tangled" if a.count is None
                             else grouped(a.count))
        count.setAttribute("data-value", "" if a.count is None else str(a.count))
        el("layouts-total").textContent = count.textContent
        verdict = el("verdict")
        if a.satisfiable:
            verdict.className = ""
            verdict.textContent = "Consistent: the clues can all hold." + (
                " The board is too tangled to count its layouts exactly; the surely safe cells and mines"
                " below come from the SAT solver on the clues and flags alone"
                + (f" (the total of {a.board.mines} mines is not used)." if a.board.mines is not None else ".")
                if a.count is None else "")
            safe = ", ".join(map(name, a.safe)) or "none"
            mines = ", ".join(map(name, a.mines)) or "none"
            el("forced").textContent = f"Surely safe ({len(a.safe)}): {safe}. Surely mines ({len(a.mines)}): {mines}."
        else:
            verdict.className = "bad"
            if a.conflict:
                verdict.textContent = conflict_message(a)
            else:
                verdict.textContent = ("Contradiction: the flags and the total number of mines cannot both hold "
                                       "(too many flags, or too few hidden cells for the clues).")
            el("forced").textContent = ""

    # -- layouts -------------------------------------------------------------------
    def pages(self) -> int:
        return max(1, -(-(self.space.count if self.space else 0) // PAGE_SIZE))

    def show_page(self, page: int) -> None:
        if self.page_task and not self.page_task.done():
            self.page_task.cancel()
        self.page = min(max(page, 0), self.pages() - 1)
        el("page").value = str(self.page + 1)
        el("page-count").textContent = f"of {grouped(self.pages())}"
        el("page-prev").disabled = self.page == 0
        el("page-next").disabled = self.page >= self.pages() - 1
        self.page_task = asyncio.ensure_future(self.draw_page())

    async def draw_page(self) -> None:
        """Draw one page of layouts, one at a time (random access), with progress and cancel."""
        listing, progress, cancel = el("layout-list"), el("page-progress"), el("page-cancel")
        listing.innerHTML = ""
        if not self.space or not self.space.count:
            a = self.analysis
            listing.textContent = ("" if a is None else "Too tangled to list the layouts by number."
                                   if a.count is None else "No layout: the board is contradictory.")
            return
        b, space = self.ed.board, self.space
        first = self.page * PAGE_SIZE
        last = min(first + PAGE_SIZE, space.count)
        cancel.hidden = False
        try:
            for i in range(first, last):
                progress.textContent = f"drawing {i - first + 1}/{last - first}…"
                listing.insertAdjacentHTML("beforeend", mini_layout(b, space.layout(i), i, self.shown))
                await asyncio.sleep(0)
            progress.textContent = ""
        except asyncio.CancelledError:
            progress.textContent = "cancelled"
            raise
        finally:
            cancel.hidden = True

    def select_layout(self, index: int) -> None:
        layout = self.space.layout(index)
        self.shown = None if self.shown == layout else layout
        for node in list(document.querySelectorAll(".layout")):
            node.classList.toggle("selected", self.shown is not None and int(node.dataset.index) == index)
        self.draw()
        mines = ", ".join(map(name, sorted(layout))) or "none"
        el("cell-info").textContent = (f"Layout {index + 1:,} shown on the grid: mines at {mines}."
                                       if self.shown is not None else "")

    # -- reduction -----------------------------------------------------------------
    def formula(self):
        from minesat.solve import formula
        if self.cnf is None or self.cnf.encoding != el("encoding").value:
            self.cnf = formula(self.ed.board, el("encoding").value)
        return self.cnf

    def draw_reduction(self, force: bool = False) -> None:
        """The CNF's sizes and clauses; a big total-mines counter waits for a click."""
        b = self.ed.board
        gates = len(b.hidden) * (b.mines + 1) if b.mines is not None else 0
        if gates > MAX_AUTO_GATES and not force and self.cnf is None:
            for id_ in ("num-vars", "num-clauses", "ilp-vars", "ilp-constraints"):
                el(id_).textContent = "…"
            el("bound").textContent = str(112 * len(b.clues))
            build = ("<button id='build-cnf'>Build it</button>" if gates <= MAX_COUNTER_CELLS else
                     "That is too large to build here; clear the total to see the clues' CNF.")
            el("clauses").innerHTML = (
                f"<p>With the total of {b.mines} mines over {len(b.hidden):,} unknown cells, the CNF has a "
                f"counter of about {3 * gates:,} clauses. {build}</p>")
            return
        cnf = self.formula()
        lp = ilp.reduce(self.ed.board)
        el("num-vars").textContent = str(cnf.num_vars)
        el("num-clauses").textContent = str(cnf.num_clauses)
        el("bound").textContent = str(112 * len(self.ed.board.clues))
        el("ilp-vars").textContent = str(lp.num_vars)
        el("ilp-constraints").textContent = str(lp.num_constraints)
        el("clauses").innerHTML = clauses_html(cnf)
        lines = lp.to_lp().splitlines()
        more = len(lines) - MAX_LP_LINES_SHOWN
        el("lp-text").textContent = "\n".join(lines[:MAX_LP_LINES_SHOWN]) + (
            f"\n… {more:,} more lines in the LP download." if more > 0 else "")


def failure_message(e: Exception, board: Board) -> str:
    """Why there is no analysis to show, in plain words."""
    if isinstance(e, MemoryError):
        return (f"This board is too large for the analysis in the browser's memory ({len(board.hidden):,} "
                "unknown cells); try a smaller board.")
    return f"The analysis failed: {type(e).__name__}: {e}"


def conflict_message(a: Analysis) -> str:
    """The contradiction in plain words: which clues, and whether flags and the total take part."""
    b, one = a.board, len(a.conflict) == 1
    parts = [("the clue " if one else "the clues ") + ", ".join(f"{name(c)} ({b[c]})" for c in a.conflict)]
    if any(b[n] == FLAG for c in a.conflict for n in b.neighbours(c)):
        parts.append("the flags next to " + ("it" if one else "them"))
    if a.conflict_total:
        parts.append(f"the total of {b.mines} mines")
    verb = "cannot be met" if len(parts) == 1 and one else "cannot all hold at once"
    return (f"Contradiction: {' and '.join(parts)} {verb}; no placement of mines satisfies "
            f"{'it' if one else 'them'}. The clue{'' if one else 's'} {'is' if one else 'are'} "
            "highlighted in orange.")


def analysis_from_json(board: Board, data: dict) -> Analysis:
    """The worker's JSON answer as the engine's Analysis (exact numbers travel as strings)."""
    cells = lambda key: [tuple(c) for c in data[key]]  # noqa: E731
    probability = {(r, c): Fraction(int(n), int(d)) for r, c, n, d in data["probability"]}
    count = None if data["count"] is None else int(data["count"])
    return Analysis(board, data["satisfiable"], count, cells("safe"), cells("mines"),
                    probability, cells("conflict"), data["conflict_total"])


def mini_layout(b: Board, layout: frozenset[Cell], index: int, shown) -> str:
    """One layout as a small board: mines black, other hidden cells grey."""
    cells = "".join(
        '<i class="m"></i>' if (r, c) in layout else '<i class="h"></i>' if b[r, c] in (HIDDEN, FLAG) else "<i></i>"
        for r in range(b.rows) for c in range(b.cols))
    sel = " selected" if shown == layout else ""
    px = max(2, min(6, 120 // b.cols))  # thumbnails at most about 120 px wide: several per row
    return (f'<div class="layout{sel}" data-index="{index}" title="show layout {index + 1} on the grid">'
            f'<div class="num">#{index + 1:,}</div>'
            f'<div class="mini" style="--m:{px}px;grid-template-columns:repeat({b.cols},{px}px)">{cells}</div></div>')


def clauses_html(cnf) -> str:
    """The clauses grouped by the clue that produced them, as DIMACS literals."""
    groups: list[tuple[Cell | None, list[list[int]]]] = []
    for clause, origin in zip(cnf.clauses, cnf.origin):
        if not groups or groups[-1][0] != origin:
            groups.append((origin, []))
        groups[-1][1].append(clause)
    out, shown = [], 0
    b = cnf.board
    index = {cell: i for i, cell in enumerate(cnf.cells)}
    for origin, clauses in groups:
        if shown >= MAX_CLAUSES_SHOWN:
            break
        total = len(clauses)
        clauses = clauses[:MAX_CLAUSES_SHOWN - shown]
        shown += len(clauses)
        if origin is None:
            head, key = "flags and total number of mines", ""
        else:
            cells = [n for n in b.neighbours(origin) if n in index]
            names = ", ".join(f"{index[n] + 1}={name(n)}" for n in cells)
            head = f"clue {b[origin]} at {name(origin)}" + (f" (variables {names})" if names else "")
            key = f' data-clue="{origin[0]},{origin[1]}"'
        body = "".join(f"<span>{' '.join(map(str, c)) or '(empty: false)'} 0</span>" for c in clauses)
        size = f'{total:,} clause{"s" if total != 1 else ""}' + (
            f" (the first {len(clauses):,} shown)" if len(clauses) < total else "")
        out.append(f'<div class="clause-group"{key}><div class="head">{html.escape(head)}: {size}</div>{body}</div>')
    if shown < cnf.num_clauses:
        out.append(f"<p>… {cnf.num_clauses - shown:,} more clauses in the DIMACS download.</p>")
    if not cnf.clauses:
        out.append("<p>No clauses: nothing constrains the hidden cells.</p>")
    return "".join(out)


# -- storage, URL, downloads --------------------------------------------------------------
def save(board: Board) -> None:
    fragment = board_to_fragment(board)
    js.history.replaceState(None, "", "#" + fragment)
    try:
        js.localStorage.setItem(STORAGE_KEY, fragment)
    except Exception:  # noqa: BLE001 - storage may be disabled; the URL still has the board
        pass


def initial_board() -> tuple[Board, str]:
    """The board to start with: the URL's, else the last one stored, else the example."""
    stored = None
    try:
        text = js.localStorage.getItem(STORAGE_KEY)
        stored = board_from_fragment(text) if text else None
    except Exception:  # noqa: BLE001
        stored = None
    fallback = stored or preset("example")
    fragment = str(js.location.hash).lstrip("#")
    if not fragment:
        return fallback, ""
    try:
        return board_from_fragment(fragment), ""
    except BoardError as e:
        what = "your last board" if stored else "the example board"
        return fallback, f"The link's board could not be read: {e}. Showing {what} instead."


def download(filename: str, text: str, mime: str = "text/plain") -> None:
    blob = js.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href, a.download = url, filename
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)


def target_cell(evt) -> Cell | None:
    node = evt.target.closest(".cell[data-row]") if evt.target and hasattr(evt.target, "closest") else None
    if not node:
        return None
    return int(node.dataset.row), int(node.dataset.col)


# -- wiring -----------------------------------------------------------------------------
KEY_MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def wire(app: App) -> None:
    ed = app.ed
    grid = el("grid")

    def pointerdown(evt):
        cell = target_cell(evt)
        if cell is None:
            return
        evt.preventDefault()
        grid.focus()
        if evt.button == 2:
            ed.cursor = cell
            app.edit(ed.flag(cell))
            return
        app.painting = app.brush != "select" and not el("flag-mode").checked
        app.paint(cell)

    def pointerover(evt):
        cell = target_cell(evt)
        if cell is None:
            return
        app.describe(cell)
        b = ed.board
        if b[cell] in NUMBERS:
            app.highlight({n for n in b.neighbours(cell) if b[n] in (HIDDEN, FLAG)}, cell)
        else:
            app.highlight(set(), None)

    def pointermove(evt):
        """Drag painting, for mouse and touch alike (a touch keeps its first target, so ask the point)."""
        if not (app.painting and evt.buttons):
            return
        node = document.elementFromPoint(evt.clientX, evt.clientY)
        node = node.closest(".cell[data-row]") if node else None
        if node:
            cell = (int(node.dataset.row), int(node.dataset.col))
            if cell != ed.cursor:
                app.paint(cell, stroke=True)

    def pointerup(evt):
        app.painting = False

    def paint_mode(evt=None):
        """A finger on the grid paints with a brush or in flag mode; else it scrolls the grid."""
        grid.classList.toggle("paint", app.brush != "select" or bool(el("flag-mode").checked))

    def keydown(evt):
        tag = str(evt.target.tagName).lower() if evt.target and evt.target.tagName else ""
        if tag in ("input", "textarea", "select") or evt.altKey or evt.metaKey:
            return
        if tag in ("button", "summary", "a") and evt.key in (" ", "Enter"):
            return  # let a focused button do its own job
        key = evt.key
        if evt.ctrlKey:
            if key.lower() == "z":
                app.edit(ed.redo() if evt.shiftKey else ed.undo())
            elif key.lower() == "y":
                app.edit(ed.redo())
            else:
                return
        elif key in KEY_MOVES:
            ed.move(*KEY_MOVES[key])
            app.changed(moved_only=True)
            app.describe(ed.cursor)
        elif len(key) == 1 and key in NUMBERS:
            app.edit(ed.set(ed.cursor, key))
        elif key in ("?", " "):
            app.edit(ed.set(ed.cursor, HIDDEN))
        elif key in ("f", "F"):
            app.edit(ed.flag(ed.cursor))
        else:
            return
        evt.preventDefault()

    def brush(evt):
        button = evt.target.closest("[data-brush]")
        if not button:
            return
        app.brush = str(button.dataset.brush)
        for b in list(document.querySelectorAll("#palette [data-brush]")):
            b.classList.toggle("active", b == button)
        paint_mode()
        grid.focus()  # keys (space included) go on editing the board, not pressing this button

    def preset_click(evt):
        button = evt.target.closest("[data-preset]")
        if button:
            app.edit(ed.apply(preset(str(button.dataset.preset))))
            grid.focus()

    def dims(evt):
        try:
            rows = parse_int(el("rows").value, 1, 100, "Rows")
            cols = parse_int(el("cols").value, 1, 100, "Columns")
            app.edit(ed.resize(rows, cols))
        except BoardError as e:
            show_message(e.message, bad=True)
            app.fill_inputs(force=True)

    def mines(evt):
        text = str(el("mines").value).strip()
        try:
            limit = len(ed.board.hidden)
            app.edit(ed.set_mines(None if text == "" else parse_int(text, 0, limit, "The total of mines")))
        except BoardError as e:
            show_message(e.message + " (the number of hidden cells and flags)", bad=True)
            app.fill_inputs(force=True)

    def paste(evt):
        try:
            app.edit(ed.apply(parse_board(str(el("paste-text").value))))
            show_message("Board loaded from the text.")
        except BoardError as e:
            show_message(f"Could not read the pasted board: {e}", bad=True)

    def share(evt):
        url = str(js.location.href)
        box, field = el("share-box"), el("share-url")
        box.hidden = False
        field.value = url
        field.select()
        show_message("Link to this board below (copied to the clipboard when the browser allows it).")
        try:
            js.navigator.clipboard.writeText(url).then(
                create_proxy(lambda _: show_message("Link copied to the clipboard.")),
                create_proxy(lambda _: None))
        except Exception:  # noqa: BLE001 - no clipboard API: the link is shown selected
            pass

    def hashchange(evt):
        fragment = str(js.location.hash).lstrip("#")
        if not fragment or fragment == board_to_fragment(ed.board):
            return
        try:
            app.edit(ed.apply(board_from_fragment(fragment)))
        except BoardError as e:
            show_message(f"The link's board could not be read: {e}. Keeping the current board.", bad=True)
            save(ed.board)

    def layout_click(evt):
        node = evt.target.closest(".layout")
        if node and app.space:
            app.select_layout(int(node.dataset.index))

    def page_input(evt):
        text = "".join(str(el("page").value).replace(",", "").split())  # 1,000 or 1 000 (thin spaces too)
        if (number := whole_number(text)) is not None:
            app.show_page(number - 1)
        else:
            el("page").value = str(app.page + 1)

    def clause_over(evt):
        group = evt.target.closest(".clause-group[data-clue]")
        if group:
            r, c = map(int, str(group.dataset.clue).split(","))
            b = ed.board
            app.highlight({(r, c)} | {n for n in b.neighbours((r, c)) if b[n] in (HIDDEN, FLAG)}, None)
            group.classList.add("hl")

    def encoding(evt):
        app.cnf = None
        app.draw_reduction()

    def build_cnf(evt):
        if evt.target.id == "build-cnf":
            el("clauses").textContent = "building…"
            js.setTimeout(create_proxy(lambda: app.draw_reduction(force=True)), 20)

    on(grid, "pointerdown", pointerdown)
    on(grid, "pointerover", pointerover)
    on(grid, "pointermove", pointermove)
    on(grid, "contextmenu", lambda evt: evt.preventDefault())
    on(js.window, "pointerup", pointerup)
    on(document, "keydown", keydown)
    on(el("palette"), "click", brush)
    on(el("flag-mode"), "change", paint_mode)
    on(el("presets"), "click", preset_click)
    on(el("clear"), "click", lambda evt: app.edit(ed.clear()))
    on(el("undo"), "click", lambda evt: app.edit(ed.undo()))
    on(el("redo"), "click", lambda evt: app.edit(ed.redo()))
    on(el("rows"), "change", dims)
    on(el("cols"), "change", dims)
    on(el("mines"), "change", mines)
    on(el("paste-load"), "click", paste)
    on(el("share"), "click", share)
    on(js.window, "hashchange", hashchange)
    on(el("layout-list"), "click", layout_click)
    on(el("page-prev"), "click", lambda evt: app.show_page(app.page - 1))
    on(el("page-next"), "click", lambda evt: app.show_page(app.page + 1))
    on(el("page"), "change", page_input)
    on(el("page-cancel"), "click", lambda evt: app.page_task and app.page_task.cancel())
    on(el("clauses"), "pointerover", clause_over)
    on(el("encoding"), "change", encoding)
    on(el("clauses"), "click", build_cnf)
    on(el("analysis-cancel"), "click", lambda evt: app.cancel_analysis())
    on(el("download-cnf"), "click", lambda evt: download("minesat.cnf", app.formula().to_dimacs()))
    on(el("download-lp"), "click", lambda evt: download("minesat.lp", ilp.reduce(ed.board).to_lp()))


async def start() -> App:
    """Build the page from the URL (or local storage), then analyse."""
    board, problem = initial_board()
    app = App(board)
    el("loading").hidden = True
    el("app").hidden = False
    wire(app)
    save(board)
    app.draw()
    if problem:
        show_message(problem, bad=True)
    document.body.setAttribute("data-ready", "")
    app.schedule_analysis()
    try:
        await app.task  # the first analysis runs here; the worker starts after it
    except BaseException:  # noqa: BLE001 - cancelled by an early edit: start the worker anyway
        pass
    asyncio.ensure_future(app.start_worker())
    return app
