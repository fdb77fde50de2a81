"""What every panel does with the page: find an element, say a message, copy, save a file, and run
a handler so that its errors become a message, never a dead page."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from minesat.board import Cell
from minesat_web.browser import create_proxy, document, js, js_object

KEY_MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def el(id_: str) -> Any:
    return document.getElementById(id_)


def query(selector: str) -> Any:
    """The page's first element matching a CSS selector, or None."""
    return document.querySelector(selector)


def select_row(listing: Any, id_: str) -> Any:
    """In a list box, the row `id_` alone selected (aria-selected) and named its active descendant;
    the row, or None when it is not drawn."""
    for node in list(listing.querySelectorAll("[aria-selected=true]")):
        node.setAttribute("aria-selected", "false")
    node = el(id_)
    if node:
        node.setAttribute("aria-selected", "true")
        listing.setAttribute("aria-activedescendant", id_)
    return node


def in_play_mode() -> bool:
    """Whether Play mode is on screen (the analyzer hidden: `play.view.show_mode`)."""
    return bool(el("app").hidden)


def show_message(text: str, bad: bool = False) -> None:
    """A message above the board on screen (the analyzer's, or in Play mode the game's), scrolled
    into view (on a phone it may be off screen)."""
    m = el("play-message") if in_play_mode() else el("message")
    m.textContent = text
    m.className = "bad" if bad else ("good" if text else "")
    if text:
        m.scrollIntoView(js_object({"block": "nearest"}))


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


def save_file(blob: Any, filename: str) -> None:
    """Hand `blob` to the browser as a download named `filename`."""
    url = js.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href, a.download = url, filename
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(js.URL.revokeObjectURL.bind(js.URL, url), 60_000)


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


CELL = ".cell[data-row]"  # a cell of a grid (`render.cell_html`)


def cell_at(node: Any) -> Cell:
    """The cell a grid's element stands for (its data-row, data-col)."""
    return int(node.dataset.row), int(node.dataset.col)


def cell_of(node: Any) -> Cell | None:
    """The cell of the grid's element `node` is in, if any."""
    node = node.closest(CELL) if node and hasattr(node, "closest") else None
    return cell_at(node) if node else None


OBSERVERS: list[Any] = []  # kept alive with the page


def on_screen(node: Any, seen: Callable[[bool], None]) -> Any:
    """Call `seen(visible)` whenever `node` comes on screen or leaves it; the observer."""
    def report(entries: Any, observer: Any = None) -> None:
        for entry in entries:
            seen(bool(entry.isIntersecting))
    observer = js.IntersectionObserver.new(create_proxy(guarded(report)))
    observer.observe(node)
    OBSERVERS.append(observer)
    return observer


def handle(event: str, selector: Any, within: str | None = None) -> Callable[[Callable[..., Any]], Any]:
    """Bind the function below to `event` on the elements `selector` names, its errors shown in
    the page (`guarded`). With `within` (a delegated event), it runs only for an event inside an
    element that matches `within`, and gets that element too: `handler(evt, node)`."""
    def bind(handler: Callable[..., Any]) -> Any:
        def run(evt: Any) -> Any:
            if within is None:
                return handler(evt)
            node = evt.target.closest(within) if evt.target and hasattr(evt.target, "closest") else None
            return handler(evt, node) if node else None
        run.__name__ = handler.__name__
        nodes = list(document.querySelectorAll(selector)) if isinstance(selector, str) else [selector]
        if not nodes:
            raise ValueError(f"no element for {selector!r}")
        # (not pyscript's `when`: its first call imports pyscript.web, 0.1 s of the page's start)
        listener = guarded(run)
        proxy = create_proxy(listener)
        for node in nodes:
            node.addEventListener(event, proxy)
        return listener
    return bind


class Lazy:
    """A panel drawn only while on screen: `draw` runs when it comes on screen and, while it is,
    at each `refresh` (a new board analysed); off screen, its old board's content is hidden (class
    "stale") until it is scrolled to, so that it never passes for the new board's."""

    def __init__(self, node: Any, draw: Callable[[], None]) -> None:
        self.node, self.draw, self.visible = node, draw, False
        self.observer = on_screen(node, self.seen)

    def seen(self, visible: bool) -> None:
        was, self.visible = self.visible, visible
        if visible and not was:
            self.refresh()

    def refresh(self) -> None:
        """Drawn if on screen, else marked stale. The observer's reports not delivered yet (after a
        scroll or a resize, `seen` may come after a fast analysis) are taken now (`takeRecords`).
        Not the panel's box (getBoundingClientRect): reading it forces the page's layout in the
        middle of the edit's task, which made an expert edit twice as slow to its count (issue 36);
        a scroll not yet laid out is reported to `seen` at the next frame, which draws the panel."""
        for entry in self.observer.takeRecords():
            self.visible = bool(entry.isIntersecting)
        if self.visible:
            self.draw()
        else:
            self.node.classList.add("stale")
