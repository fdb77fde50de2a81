"""Where the board lives between visits: the URL fragment (to share it) and local storage."""

from __future__ import annotations

from typing import Any

from minesat.board import Board, BoardError
from minesat.formats.links import board_from_fragment, board_to_fragment
from minesat_web.analyzer.editor import preset
from minesat_web.browser import create_proxy, js

STORAGE_KEY = "minesat.board"


URL_DELAY = 400  # ms: the address bar follows the board this long after the last edit


class _AddressBar:
    """The URL fragment's side of the board: the fragment waiting to go there, the timer that
    writes it, and what the page last wrote (to notice a link the user opened meanwhile)."""

    def __init__(self) -> None:
        self.waiting: str | None = None
        self.timer: Any = None
        self.shown: str | None = None

    def later(self, fragment: str) -> None:
        self.cancel()
        self.waiting = fragment
        self.timer = js.setTimeout(_flush_proxy, URL_DELAY)

    def cancel(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None

    def write(self, fragment: str) -> None:
        js.history.replaceState(None, "", "#" + fragment)
        self.shown = url_fragment()


_bar = _AddressBar()


def save(board: Board) -> str:
    """Keep the board: in local storage at once, in the URL (without a history entry) once the
    edits pause.  Chromium takes about 10 ms per `history.replaceState`, as long as an expert
    board's whole analysis: on every key press it would double what the user waits for."""
    fragment = board_to_fragment(board)
    try:
        js.localStorage.setItem(STORAGE_KEY, fragment)
    except Exception:  # noqa: BLE001 - storage may be disabled; the URL still gets the board
        pass
    _bar.later(fragment)
    return fragment


def flush() -> None:
    """The waiting board into the URL now (before the URL is read, shared, or the page left);
    dropped if the address bar changed meanwhile (a link the user opened wins: see `adopt`)."""
    fragment, _bar.waiting = _bar.waiting, None
    _bar.cancel()
    if fragment is not None and _bar.shown in (None, url_fragment()):
        _bar.write(fragment)


def adopt() -> None:
    """The address bar changed (a hashchange): what it holds now is the page's."""
    _bar.shown = url_fragment()


def replace_url(fragment: str) -> None:
    """Put another link (a game's) in the URL now; a board waiting for it is dropped."""
    _bar.waiting = None
    _bar.cancel()
    _bar.write(fragment)


def _flush_event(evt: object = None) -> None:
    flush()


_flush_proxy = create_proxy(_flush_event)
js.addEventListener("pagehide", _flush_proxy)  # the page left: reload, tab closed
js.document.addEventListener("visibilitychange", _flush_proxy)  # hidden: app switched on a phone


def stored_board() -> Board | None:
    try:
        text = js.localStorage.getItem(STORAGE_KEY)
        return board_from_fragment(text) if text else None
    except Exception:  # noqa: BLE001 - disabled or corrupted storage: no stored board
        return None


def url_fragment() -> str:
    """The fragment in the address bar (a board still waiting for it is not there yet)."""
    return str(js.location.hash).lstrip("#")


def initial_board() -> tuple[Board, str]:
    """The board to start with: the URL's, else the last one stored, else the example; and a problem."""
    stored = stored_board()
    fallback = stored or preset("example")
    fragment = url_fragment()
    if not fragment or fragment.startswith("play="):  # no board in the link (a game's link: Play mode)
        return fallback, ""
    try:
        return board_from_fragment(fragment), ""
    except BoardError as e:
        what = "your last board" if stored else "the example board"
        return fallback, f"The link's board could not be read: {e}. Showing {what} instead."
