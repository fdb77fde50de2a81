"""The layouts panel: the board's layouts a page at a time, as small boards; one of them can be
drawn on the grid. Drawn only while on screen (the engine lists a page on demand)."""

from __future__ import annotations

from typing import Any

from minesat.board import Cell, quoted, whole_number
from minesat.messages.codec import decode_layouts, request
from minesat.messages.ops import Lane, Op
from minesat_web import render
from minesat_web.app import App
from minesat_web.browser import document
from minesat_web.client import Dropped, EngineFailed
from minesat_web.dom import Lazy, el, handle

PAGE_SIZE = 12  # layouts per page


class Layouts:
    """The page of layouts on screen, and which page it is."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.layouts: list[frozenset[Cell]] = []
        self.page = 0
        self.lazy = Lazy(el("layouts"), self.draw)
        app.on("edited", self.forget)
        app.on("analysed", self.lazy.refresh)
        app.on("failed", self.show_failure)

    def forget(self) -> None:
        self.page = 0

    def draw(self) -> None:
        if self.app.analysis is not None:
            self.show_page(self.page)

    def show_failure(self, why: str) -> None:
        el("layouts-total").textContent = "unknown"
        el("layout-list").innerHTML = ""
        el("page-count").textContent = ""

    def pages(self) -> int:
        a = self.app.analysis
        count = a.count if a and a.count else 0
        return max(1, -(-count // PAGE_SIZE))

    def show_page(self, page: int) -> None:
        self.page = min(max(page, 0), self.pages() - 1)
        el("page").value = str(self.page + 1)
        el("page-count").textContent = f"of {render.human_count(self.pages())}"
        el("page-prev").disabled = self.page == 0
        el("page-next").disabled = self.page >= self.pages() - 1
        self.app.start_panel("layouts", self.draw_page())

    async def draw_page(self) -> None:
        app = self.app
        listing = el("layout-list")
        a, board = app.analysis, app.board
        if a is None or not a.count:
            listing.textContent = ("" if a is None else "Too tangled to list the layouts by number."
                                   if a.count is None else "No layout: the board is contradictory.")
            el("layouts").classList.toggle("stale", a is None)
            return
        el("page-progress").textContent = "drawing…"
        try:
            data = await app.client.call(request(Op.LAYOUTS, board, offset=self.page * PAGE_SIZE, limit=PAGE_SIZE),
                                         lane=Lane.LAYOUTS)
        except Dropped:
            return
        except EngineFailed as e:
            listing.textContent = f"The layouts could not be listed: {e}"
            return
        finally:
            el("page-progress").textContent = ""
        if board != app.board:
            return
        self.layouts = decode_layouts(data["layouts"])
        listing.innerHTML = render.layout_thumbnails(board, self.layouts, int(data["offset"]), app.shown)
        el("layouts").classList.remove("stale")

    def select(self, index: int) -> None:
        """Draw a layout on the grid (again: take it off)."""
        app = self.app
        layout = self.layouts[index - self.page * PAGE_SIZE]
        app.show_layout(None if app.shown == layout else layout)
        for node in list(document.querySelectorAll(".layout")):
            on = app.shown is not None and int(node.dataset.index) == index
            node.classList.toggle("selected", on)
            node.setAttribute("aria-pressed", "true" if on else "false")
        shown = app.shown is not None
        el("cell-info").textContent = render.layout_shown_text(index + 1, sorted(layout)) if shown else ""



def bind(app: App) -> Layouts:
    """The layouts panel's handlers, bound where they are defined."""
    layouts = Layouts(app)

    @handle("click", "#layout-list", within=".layout")
    def layout_click(evt: Any, node: Any) -> None:
        layouts.select(int(node.dataset.index))

    @handle("click", "#page-prev")
    def page_prev(evt: Any) -> None:
        layouts.show_page(layouts.page - 1)

    @handle("click", "#page-next")
    def page_next(evt: Any) -> None:
        layouts.show_page(layouts.page + 1)

    @handle("change", "#page")
    def page_input(evt: Any) -> None:
        text = "".join(str(el("page").value).replace(",", "").split())  # 1,000 or 1 000 (thin spaces too)
        if (number := whole_number(text)) is not None:
            layouts.show_page(number - 1)
        else:
            el("page").value = str(layouts.page + 1)
            el("page-progress").textContent = f"A page is a whole number, not {quoted(text)}."  # beside the field

    return layouts
