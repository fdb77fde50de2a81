"""The board editor's handlers: the grid (mouse, touch, pen, wheel), the keys, the modes (brushes),
the view (zoom, percentages), presets, undo and redo, the size and the total, copy and share.
The editing itself is editor.py's (no browser there)."""

from __future__ import annotations

from typing import Any

from minesat.board import FLAG, HIDDEN, LEVELS, NUMBERS, BoardError, Cell
from minesat.formats.registry import write_text
from minesat_web import persist
from minesat_web.analyzer.editor import parse_int, preset, revealed_around_mines, standard_level, with_standard_total
from minesat_web.app import App
from minesat_web.browser import document, js
from minesat_web.dom import CELL, KEY_MOVES, cell_at, cell_of, copy_to_clipboard, el, handle, in_play_mode, show_message


class Editing:
    """What a click or tap on the board does (the brush), and whether a drag is painting."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.brush = "select"
        self.painting = False
        app.on("stale", self.forget_link)

    @staticmethod
    def forget_link(late: bool) -> None:
        el("share-box").hidden = True  # its link is the old board's

    def paint(self, cell: Cell, stroke: bool = False) -> None:
        """A click or tap on a cell (or, with `stroke`, the drag that follows one)."""
        app, ed = self.app, self.app.ed
        ed.cursor = cell
        if self.brush == "mine":
            if not stroke:
                app.edit(ed.mine(cell))
        elif self.brush == FLAG and not stroke:
            app.edit(ed.flag(cell))  # a tap flags, or takes a flag away
        elif self.brush != "select":
            app.edit(ed.set(cell, self.brush, merge=stroke))
        app.draw_cursor()
        app.announce("pointed", cell)


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


def zoom(factor: float) -> None:
    cell_size(min(48.0, max(12.0, round(current_cell_size() * factor))), grow=factor > 1)


def typing(evt: Any) -> bool:
    """Whether a key goes to a field or a focused control rather than to the board."""
    tag = str(evt.target.tagName).lower() if evt.target and evt.target.tagName else ""
    return (tag in ("input", "textarea", "select") or bool(evt.altKey or evt.metaKey)
            or (tag in ("button", "summary", "a") and evt.key in (" ", "Enter")))  # a button's own job


def elsewhere(evt: Any) -> bool:
    """Whether a key belongs to something other than the analyzer's board: Play mode (the analyzer
    is hidden; the game's grid has keys of its own), or a focused panel that scrolls with the
    arrows and Space (the layouts, the clauses: anything focusable outside the board)."""
    if in_play_mode():
        return True
    target = evt.target
    if not target or not hasattr(target, "closest"):
        return False
    return bool(target.closest("[tabindex]")) and not target.closest("#grid")


def bind(app: App) -> Editing:
    """The editor's handlers, bound where they are defined, a group at a time."""
    editing = Editing(app)
    bind_grid(editing)
    bind_keys(app)
    bind_tools(editing)
    bind_size(app)
    bind_out(app)
    return editing


def bind_grid(editing: Editing) -> None:
    """The grid: mouse, touch and pen."""
    app, ed, grid = editing.app, editing.app.ed, el("grid")

    @handle("pointerdown", "#grid", within=CELL)
    def pointerdown(evt: Any, node: Any) -> None:
        cell = cell_at(node)
        evt.preventDefault()
        grid.focus()
        if evt.button == 2:
            ed.cursor = cell
            app.edit(ed.flag(cell))
            return
        editing.painting = editing.brush not in ("select", "mine")
        editing.paint(cell)

    @handle("pointerover", "#grid", within=CELL)
    def pointerover(evt: Any, node: Any) -> None:
        cell = cell_at(node)
        app.announce("pointed", cell)
        b = ed.board
        if b[cell] in NUMBERS:
            app.highlight(set(b.unknown_neighbours(cell)), cell)
        else:
            app.highlight(set(), None)

    @handle("pointermove", "#grid")
    def pointermove(evt: Any) -> None:
        """Drag painting, for mouse and touch alike (a touch keeps its first target, so ask the point)."""
        if not (editing.painting and evt.buttons):
            return
        cell = cell_of(document.elementFromPoint(evt.clientX, evt.clientY))
        if cell is not None and cell != ed.cursor:
            editing.paint(cell, stroke=True)

    @handle("contextmenu", "#grid")
    def contextmenu(evt: Any) -> None:
        evt.preventDefault()

    @handle("pointerup", js.window)
    def pointerup(evt: Any) -> None:
        editing.painting = False

    @handle("wheel", "#grid", within=CELL)
    def wheel(evt: Any, node: Any) -> None:
        """The wheel over a revealed number changes it (as in JSMinesweeper)."""
        cell = cell_at(node)
        if ed.board[cell] not in NUMBERS:
            return
        evt.preventDefault()
        ed.cursor = cell
        app.edit(ed.step(cell, 1 if evt.deltaY < 0 else -1))


def bind_keys(app: App) -> None:
    """Keys on the board: arrows move, 0-8 reveal, ? or space hide, + and - step, f flags, Ctrl+Z
    and Ctrl+Y undo and redo; the panels' own keys (`App.keys`)."""
    ed = app.ed

    @handle("keydown", document)
    def keydown(evt: Any) -> None:
        if typing(evt):
            return
        key = evt.key
        if key == "Escape":  # stop what is working: the analysis, or why and what next
            if stop := app.keys.get(key):
                stop()
            return
        if elsewhere(evt):
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
            app.announce("pointed", ed.cursor)
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
        elif key in app.keys:
            app.keys[key]()
        else:
            return
        evt.preventDefault()


def bind_tools(editing: Editing) -> None:
    """The modes (one at a time), the view, presets and history."""
    app, ed, grid = editing.app, editing.app.ed, el("grid")

    @handle("click", "#palette", within="[data-brush]")
    def brush(evt: Any, button: Any) -> None:
        chosen = str(button.dataset.brush)
        editing.brush = "select" if chosen == editing.brush and chosen != "select" else chosen  # again: Inspect
        for b in list(document.querySelectorAll("#palette [data-brush]")):
            on = str(b.dataset.brush) == editing.brush
            b.classList.toggle("active", on)
            b.setAttribute("aria-pressed", "true" if on else "false")
        grid.classList.toggle("paint", editing.brush != "select")  # a finger paints; in Inspect it scrolls
        grid.focus()  # keys (space included) go on editing the board, not pressing this button

    @handle("change", "#show-pct")
    def show_pct(evt: Any) -> None:
        document.body.classList.toggle("show-pct", bool(el("show-pct").checked))

    @handle("input", "#cell-size")
    def cell_size_input(evt: Any) -> None:
        size = float(el("cell-size").value)
        cell_size(size, grow=size > current_cell_size())

    @handle("click", "#zoom-in")
    def zoom_in(evt: Any) -> None:
        zoom(1.2)

    @handle("click", "#zoom-out")
    def zoom_out(evt: Any) -> None:
        zoom(1 / 1.2)

    @handle("click", "#reveal-numbers")
    def reveal_numbers(evt: Any) -> None:
        app.edit(ed.apply(revealed_around_mines(ed.board)))

    @handle("click", "#presets", within="[data-preset]")
    def preset_click(evt: Any, button: Any) -> None:
        app.edit(ed.apply(preset(str(button.dataset.preset))))
        grid.focus()

    @handle("click", "#clear")
    def clear(evt: Any) -> None:
        app.edit(ed.clear())

    @handle("click", "#undo")
    def undo(evt: Any) -> None:
        app.edit(ed.undo())

    @handle("click", "#redo")
    def redo(evt: Any) -> None:
        app.edit(ed.redo())


def bind_size(app: App) -> None:
    """The board's size and total of mines."""
    ed = app.ed

    @handle("change", "#rows, #cols")
    def dims(evt: Any) -> None:
        try:
            rows = parse_int(el("rows").value, 1, 100, "Rows")
            cols = parse_int(el("cols").value, 1, 100, "Columns")
            changed = ed.resize(rows, cols)
            board, assumed = with_standard_total(ed.board)
            if assumed is not None:  # drawn at a standard size: the level's total, said and editable
                changed = ed.apply(board, merge=True) or changed
                app.assume_total(assumed)
            app.edit(changed)
            if assumed is not None:
                app.fill_inputs(force=True)
        except BoardError as e:
            show_message(e.message, bad=True)
            app.fill_inputs(force=True)

    @handle("change", "#mines")
    def mines(evt: Any) -> None:
        text = str(el("mines").value).strip()
        try:
            limit = len(ed.board.hidden)
            bound = " (the number of hidden cells and flags)"
            if text == "" and el("mines").validity.badInput:  # too long for a number field: it reads ""
                raise BoardError(f"The total of mines must be a whole number from 0 to {limit}{bound}")
            app.edit(ed.set_mines(None if text == "" else parse_int(text, 0, limit, "The total of mines", bound)))
        except BoardError as e:
            show_message(e.message, bad=True)
            app.fill_inputs(force=True)

    @handle("click", "#total-note")
    def use_standard(evt: Any) -> None:
        if evt.target.id == "use-standard" and (level := standard_level(ed.board)):
            app.edit(ed.set_mines(LEVELS[level][2]))
            app.fill_inputs(force=True)


def bind_out(app: App) -> None:
    """The board out: as text, or a link."""

    @handle("click", "#copy-text")
    def copy_text(evt: Any) -> None:
        try:
            text = write_text(app.board, str(el("copy-format").value))
        except BoardError as e:
            show_message(f"Cannot write this board in that format: {e}", bad=True)
            return
        copy_to_clipboard(text, "The board is copied as text.", "The browser did not allow copying; the text is below.",
                          "The browser cannot copy here; the text is in the paste box below.")
        el("paste-text").value = text

    @handle("click", "#share")
    def share(evt: Any) -> None:
        persist.flush()
        url = str(js.location.href)
        box, field = el("share-box"), el("share-url")
        box.hidden = False
        field.value = url
        field.select()
        show_message("Link to this board below (copied to the clipboard when the browser allows it).")
        copy_to_clipboard(url, "Link copied to the clipboard.")  # else the link is shown selected
