"""Where the board lives between visits: the URL fragment (to share it) and local storage."""

from __future__ import annotations

import js

from minesat.board import Board, BoardError
from minesat.share import board_from_fragment, board_to_fragment
from minesat_web.editor import preset

STORAGE_KEY = "minesat.board"


def save(board: Board) -> None:
    """Put the board in the URL (without a history entry) and in local storage."""
    fragment = board_to_fragment(board)
    js.history.replaceState(None, "", "#" + fragment)
    try:
        js.localStorage.setItem(STORAGE_KEY, fragment)
    except Exception:  # noqa: BLE001 - storage may be disabled; the URL still has the board
        pass


def stored_board() -> Board | None:
    try:
        text = js.localStorage.getItem(STORAGE_KEY)
        return board_from_fragment(text) if text else None
    except Exception:  # noqa: BLE001 - disabled or corrupted storage: no stored board
        return None


def url_fragment() -> str:
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
