"""The page's event handlers, each bound where it is defined (`@when(event, selector)`)."""

from __future__ import annotations

import asyncio
import base64
import functools
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document, when

from minesat.board import FLAG, HIDDEN, NUMBERS, Board, BoardError, Cell, whole_number
from minesat.formats import export_text, read_any, read_file
from minesat.share import board_from_fragment, board_to_fragment
from minesat_web import imageread, persist
from minesat_web.app import App, copy_to_clipboard, el, show_message
from minesat_web.client import Dropped, EngineFailed, js_object
from minesat_web.editor import PRESETS, parse_int, preset, revealed_around_mines, standard_level, with_standard_total

KEY_MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def guarded(handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Errors in a handler become a message in the page, never a dead page."""
    @functools.wraps(handler)
    def run(*args: Any) -> Any:
        try:
            return handler(*args)
        except Exception as e:  # noqa: BLE001 - shown to the user
            show_message(f"Something went wrong: {type(e).__name__}: {e}", bad=True)
            js.console.error(f"minesat handler {handler.__name__}: {e!r}")
    return run


def target_cell(evt: Any) -> Cell | None:
    node = evt.target.closest(".cell[data-row]") if evt.target and hasattr(evt.target, "closest") else None
    if not node:
        return None
    return int(node.dataset.row), int(node.dataset.col)


def load(app: App, board: Board, source: str) -> None:
    """A board read from a paste, a file or a drop: a standard size without a total gets the level's
    total (said, and editable); the message says what was read."""
    board, assumed = with_standard_total(board)
    app.assumed_mines = assumed  # before the edit, which forgets a total it did not see assumed
    app.edit(app.ed.apply(board))
    app.fill_inputs(force=True)
    show_message(f"Board loaded from {source}.")  # a total assumed is said by the board (#total-note)


def bind(app: App) -> None:
    """Bind every handler of the page to `app`."""
    ed = app.ed
    grid = el("grid")

    # -- the grid: mouse, touch and pen --
    @when("pointerdown", "#grid")
    @guarded
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
        app.painting = app.brush not in ("select", "mine")
        app.paint(cell)

    @when("pointerover", "#grid")
    @guarded
    def pointerover(evt):
        cell = target_cell(evt)
        if cell is None:
            return
        app.why.describe(cell)
        b = ed.board
        if b[cell] in NUMBERS:
            app.highlight({n for n in b.neighbours(cell) if b[n] in (HIDDEN, FLAG)}, cell)
        else:
            app.highlight(set(), None)

    @when("pointermove", "#grid")
    @guarded
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

    @when("contextmenu", "#grid")
    def contextmenu(evt):
        evt.preventDefault()

    @when("pointerup", js.window)
    def pointerup(evt):
        app.painting = False

    # -- keys --
    @when("keydown", document)
    @guarded
    def keydown(evt):
        tag = str(evt.target.tagName).lower() if evt.target and evt.target.tagName else ""
        if tag in ("input", "textarea", "select") or evt.altKey or evt.metaKey:
            return
        if tag in ("button", "summary", "a") and evt.key in (" ", "Enter"):
            return  # let a focused button do its own job
        key = evt.key
        if key == "Escape":  # stop what is working: the analysis, or why and what next
            if app.task and not app.task.done():
                app.cancel_analysis()
            elif app.working():
                app.cancel_work()
            return
        if evt.ctrlKey:
            if key.lower() == "z":
                app.edit(ed.redo() if evt.shiftKey else ed.undo())
            elif key.lower() == "y":
                app.edit(ed.redo())
            else:
                return
        elif key in KEY_MOVES:
            ed.move(*KEY_MOVES[key])
            app.draw_cursor()
            app.why.describe(ed.cursor)
        elif len(key) == 1 and key in NUMBERS:
            app.edit(ed.set(ed.cursor, key))
        elif key in ("?", " ", "Delete", "Backspace"):
            app.edit(ed.set(ed.cursor, HIDDEN))
        elif key in ("+", "="):
            app.edit(ed.step(ed.cursor, 1))
        elif key in ("-", "_"):
            app.edit(ed.step(ed.cursor, -1))
        elif key in ("f", "F"):
            app.edit(ed.flag(ed.cursor))
        elif key in ("n", "N"):
            app.why.next_deduction()
        else:
            return
        evt.preventDefault()

    # -- modes: one at a time --
    @when("click", "#palette")
    @guarded
    def brush(evt):
        button = evt.target.closest("[data-brush]")
        if not button:
            return
        chosen = str(button.dataset.brush)
        app.brush = "select" if chosen == app.brush and chosen != "select" else chosen  # again: back to Inspect
        for b in list(document.querySelectorAll("#palette [data-brush]")):
            on = str(b.dataset.brush) == app.brush
            b.classList.toggle("active", on)
            b.setAttribute("aria-pressed", "true" if on else "false")
        grid.classList.toggle("paint", app.brush != "select")  # a finger paints; in Inspect it scrolls
        grid.focus()  # keys (space included) go on editing the board, not pressing this button

    @when("wheel", "#grid")
    @guarded
    def wheel(evt):
        """The wheel over a revealed number changes it (as in JSMinesweeper)."""
        cell = target_cell(evt)
        if cell is None or ed.board[cell] not in NUMBERS:
            return
        evt.preventDefault()
        ed.cursor = cell
        app.edit(ed.step(cell, 1 if evt.deltaY < 0 else -1))

    # -- view --
    @when("change", "#show-pct")
    @guarded
    def show_pct(evt):
        document.body.classList.toggle("show-pct", bool(el("show-pct").checked))

    def zoom(factor: float) -> None:
        cell_size(min(48.0, max(12.0, round(current_cell_size() * factor))), grow=factor > 1)

    def current_cell_size() -> float:
        """The cells' largest size now, in px (the stylesheet's --cell-max until a zoom sets it)."""
        value = js.getComputedStyle(el("board-frame")).getPropertyValue("--cell-max")
        return float(str(value).strip().removesuffix("px") or 28)

    def cell_size(size: float, grow: bool) -> None:
        """Cells of `size` px at most (and at least, when shrinking: large boards then scroll less)."""
        frame = el("board-frame")
        frame.style.setProperty("--cell-max", f"{size:g}px")
        frame.style.setProperty("--cell-min", f"{min(size, 24.0) if grow else size:g}px")
        slider = el("cell-size")
        slider.value = str(int(size))
        slider.setAttribute("aria-valuetext", f"{size:g} pixels")

    @when("input", "#cell-size")
    @guarded
    def cell_size_input(evt):
        size = float(el("cell-size").value)
        cell_size(size, grow=size > current_cell_size())

    @when("click", "#zoom-in")
    @guarded
    def zoom_in(evt):
        zoom(1.2)

    @when("click", "#zoom-out")
    @guarded
    def zoom_out(evt):
        zoom(1 / 1.2)

    @when("click", "#reveal-numbers")
    @guarded
    def reveal_numbers(evt):
        app.edit(ed.apply(revealed_around_mines(ed.board)))

    @when("click", "#copy-text")
    @guarded
    def copy_text(evt):
        try:
            text = export_text(ed.board, str(el("copy-format").value))
        except BoardError as e:
            show_message(f"Cannot write this board in that format: {e}", bad=True)
            return
        copy_to_clipboard(text, "The board is copied as text.", "The browser did not allow copying; the text is below.",
                          "The browser cannot copy here; the text is in the paste box below.")
        el("paste-text").value = text

    @when("click", "#forced")
    @guarded
    def cell_link(evt):
        """A cell named in the summary: move the cursor there and show what is known of it."""
        link = evt.target.closest("[data-cell]")
        if not link:
            return
        r, c = map(int, str(link.dataset.cell).split(","))
        ed.cursor = (r, c)
        app.draw_cursor()
        app.why.describe((r, c))
        node = app.cell_el((r, c))
        node.scrollIntoView(js_object({"block": "nearest", "inline": "nearest"}))
        grid.focus()

    # -- why --
    @when("click", "#next-deduction")
    @guarded
    def next_deduction(evt):
        app.why.next_deduction()
        grid.focus()

    @when("click", "#proof-sat")
    @guarded
    def proof_sat(evt):
        asyncio.ensure_future(app.why.show_proof_sat())

    # -- presets, history --
    @when("click", "#presets")
    @guarded
    def preset_click(evt):
        button = evt.target.closest("[data-preset]")
        if button:
            app.edit(ed.apply(preset(str(button.dataset.preset))))
            grid.focus()

    @when("click", "#clear")
    @guarded
    def clear(evt):
        app.edit(ed.clear())

    @when("click", "#undo")
    @guarded
    def undo(evt):
        app.edit(ed.undo())

    @when("click", "#redo")
    @guarded
    def redo(evt):
        app.edit(ed.redo())

    # -- size and total --
    @when("change", "#rows, #cols")
    @guarded
    def dims(evt):
        try:
            rows = parse_int(el("rows").value, 1, 100, "Rows")
            cols = parse_int(el("cols").value, 1, 100, "Columns")
            changed = ed.resize(rows, cols)
            board, assumed = with_standard_total(ed.board)
            if assumed is not None:  # drawn at a standard size: the level's total, said and editable
                changed = ed.apply(board, merge=True) or changed
                app.assumed_mines = assumed
            app.edit(changed)
            if assumed is not None:
                app.fill_inputs(force=True)
        except BoardError as e:
            show_message(e.message, bad=True)
            app.fill_inputs(force=True)

    @when("change", "#mines")
    @guarded
    def mines(evt):
        text = str(el("mines").value).strip()
        try:
            limit = len(ed.board.hidden)
            app.edit(ed.set_mines(None if text == "" else parse_int(text, 0, limit, "The total of mines")))
        except BoardError as e:
            show_message(e.message + " (the number of hidden cells and flags)", bad=True)
            app.fill_inputs(force=True)

    # -- text, links --
    @when("click", "#paste-load")
    @guarded
    def paste(evt):
        try:
            board, understood = read_any(str(el("paste-text").value))
        except BoardError as e:
            show_message(f"Could not read the pasted board: {e}", bad=True)
            return
        load(app, board, f"the text (read as {understood})")

    # -- files: opened or dropped --
    async def open_file(file: Any) -> None:
        name = str(file.name)
        try:
            data = bytes((await file.arrayBuffer()).to_py())
            board, understood = read_file(data, name)
        except BoardError as e:
            show_message(f"Could not read the file {name}: {e}", bad=True)
            return
        load(app, board, f"{name} (read as {understood})" + (
            ": the game's mines are flagged and every other cell shows its number; hide cells with ? "
            "to make a position" if understood == "MBF" else ""))

    # -- screenshots: pasted, dropped or picked, read by the engine's worker --
    async def read_screenshot(blob: Any, name: str) -> None:
        el("image-box").open = True
        status = el("image-status")
        status.textContent = f"Reading the board in {name}…"
        el("image-view").hidden = True
        try:
            pixels = await js.minesatImagePixels(blob)
        except Exception:  # noqa: BLE001 - not an image the browser can decode
            status.textContent = f"{name} is not an image this browser can read."
            return
        el("image-preview").src = js.URL.createObjectURL(blob)
        width, height = int(pixels.width), int(pixels.height)
        rgba = base64.b64encode(pixels.data.to_bytes()).decode("ascii")
        try:
            answer = await app.client.call({"op": "read_image", "width": width, "height": height, "rgba": rgba},
                                           lane="image")
        except Dropped:
            return
        except EngineFailed as e:
            status.textContent = f"No board could be read from {name}: {e}"
            return
        el("image-read").innerHTML = imageread.confirmation_html(answer)
        el("image-view").hidden = False
        status.textContent = imageread.summary(answer)
        el("image-box").scrollIntoView(js_object({"block": "nearest"}))

    @when("change", "#image-input")
    @guarded
    def image_chosen(evt):
        files = el("image-input").files
        if files.length:
            asyncio.ensure_future(read_screenshot(files.item(0), str(files.item(0).name)))
        el("image-input").value = ""

    @when("paste", document)
    @guarded
    def paste_image(evt):
        items = evt.clipboardData.items if evt.clipboardData else []
        for item in items:
            if str(item.type).startswith("image/"):
                evt.preventDefault()
                asyncio.ensure_future(read_screenshot(item.getAsFile(), "the pasted image"))
                return

    @when("click", "#open-file")
    @guarded
    def open_file_click(evt):
        el("file-input").click()

    @when("change", "#file-input")
    @guarded
    def file_chosen(evt):
        files = el("file-input").files
        if files.length:
            asyncio.ensure_future(open_file(files.item(0)))
        el("file-input").value = ""  # the same file again is a change too

    @when("dragover", document)
    def drag_over(evt):
        evt.preventDefault()  # lets a file be dropped anywhere on the page

    @when("drop", document)
    @guarded
    def drop(evt):
        evt.preventDefault()
        if not el("app").hidden and evt.dataTransfer:
            if evt.dataTransfer.files.length:
                file = evt.dataTransfer.files.item(0)
                if str(file.type).startswith("image/"):
                    asyncio.ensure_future(read_screenshot(file, str(file.name)))
                else:
                    asyncio.ensure_future(open_file(file))
            elif text := str(evt.dataTransfer.getData("text/plain") or ""):
                try:
                    board, understood = read_any(text)
                except BoardError as e:
                    show_message(f"Could not read the dropped text: {e}", bad=True)
                    return
                load(app, board, f"the dropped text (read as {understood})")

    @when("click", "#total-note")
    @guarded
    def use_standard(evt):
        if evt.target.id == "use-standard" and (level := standard_level(ed.board)):
            app.edit(ed.set_mines(PRESETS[level][2]))
            app.fill_inputs(force=True)

    @when("click", "#copy-count")
    @guarded
    def copy_count(evt):
        digits = str(el("count-digits").textContent).replace("\u2009", "")
        copy_to_clipboard(digits, "Every digit of the count is copied.",
                          "The browser did not allow copying; select the digits.",
                          "The browser cannot copy here; select the digits.")

    @when("click", "#work-cancel")
    @guarded
    def work_cancel(evt):
        app.cancel_work()

    @when("click", "#share")
    @guarded
    def share(evt):
        persist.flush()
        url = str(js.location.href)
        box, field = el("share-box"), el("share-url")
        box.hidden = False
        field.value = url
        field.select()
        show_message("Link to this board below (copied to the clipboard when the browser allows it).")
        copy_to_clipboard(url, "Link copied to the clipboard.")  # else the link is shown selected

    @when("hashchange", js.window)
    @guarded
    def hashchange(evt):
        persist.adopt()
        fragment = persist.url_fragment()
        if fragment.startswith("play="):
            app.play.open_link(fragment)
            return
        if not fragment or fragment == board_to_fragment(ed.board):
            return
        try:
            board = board_from_fragment(fragment)
            app.edit(ed.apply(board))
            persist.replace_url(board_to_fragment(board))  # as the page writes it (no chat app's punctuation)
        except BoardError as e:
            show_message(f"The link's board could not be read: {e}. Keeping the current board.", bad=True)
            # the broken link stays in the address bar (to be seen and fixed), as on a fresh load;
            # the next edit writes the board there again

    # -- the analysis, layouts, reduction and downloads --
    @when("click", "#analysis-cancel")
    @guarded
    def cancel_analysis(evt):
        app.cancel_analysis()

    @when("click", "#layout-list")
    @guarded
    def layout_click(evt):
        node = evt.target.closest(".layout")
        if node:
            app.select_layout(int(node.dataset.index))

    @when("click", "#page-prev")
    @guarded
    def page_prev(evt):
        app.show_page(app.page - 1)

    @when("click", "#page-next")
    @guarded
    def page_next(evt):
        app.show_page(app.page + 1)

    @when("change", "#page")
    @guarded
    def page_input(evt):
        text = "".join(str(el("page").value).replace(",", "").split())  # 1,000 or 1 000 (thin spaces too)
        if (number := whole_number(text)) is not None:
            app.show_page(number - 1)
        else:
            el("page").value = str(app.page + 1)

    @when("pointerover", "#clauses")
    @guarded
    def clause_over(evt):
        group = evt.target.closest(".clause-group[data-clue]")
        if group:
            r, c = map(int, str(group.dataset.clue).split(","))
            b = ed.board
            app.highlight({(r, c)} | {n for n in b.neighbours((r, c)) if b[n] in (HIDDEN, FLAG)}, None)
            group.classList.add("hl")

    @when("click", "#clauses")
    @guarded
    def clauses_click(evt):
        if evt.target.id == "build-cnf":
            el("clauses").textContent = "building…"
            app.force_cnf = True
        elif evt.target.id == "more-clauses":
            app.clause_limit = max(app.clause_limit, 400) * 4
        else:
            return
        app.start_panel("reduction", app.draw_reduction())

    @when("change", "#encoding")
    @guarded
    def encoding(evt):
        app.clause_limit = 0
        app.start_panel("reduction", app.draw_reduction())

    @when("click", "#download-cnf")
    @guarded
    def download_cnf(evt):
        app.start_download("dimacs", "minesat.cnf")

    @when("click", "#download-lp")
    @guarded
    def download_lp(evt):
        app.start_download("lp", "minesat.lp")

    @when("click", "#download-cancel")
    @guarded
    def download_cancel(evt):
        if app.download_task and not app.download_task.done():
            app.download_task.cancel()

    # -- panels are drawn when they come on screen --
    def on_screen(entries, observer=None):
        for entry in entries:
            app.panel_visible(str(entry.target.dataset.panel), bool(entry.isIntersecting))

    observer = js.IntersectionObserver.new(create_proxy(guarded(on_screen)))
    for node in list(document.querySelectorAll("[data-panel]")):
        observer.observe(node)
    app.observer = observer  # kept alive with the app
