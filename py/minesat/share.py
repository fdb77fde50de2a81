"""Boards in URLs: `#board=<rows separated by />&mines=<n>` with canonical cells."""

from __future__ import annotations

from urllib.parse import quote, unquote

from .board import Board, BoardError, not_a_whole_number, parse_board, quoted, whole_number

MAX_FRAGMENT = 40_000


def board_to_fragment(board: Board) -> str:
    """The share fragment (without '#'): e.g. 'board=1??/12?/01?&mines=3'."""
    rows = "/".join("".join(board.cells[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows))
    return f"board={quote(rows, safe='/?')}" + (f"&mines={board.mines}" if board.mines is not None else "")


def board_from_fragment(fragment: str) -> Board:
    """Read a share fragment (with or without '#'); BoardError says what is wrong with it."""
    fragment = fragment.lstrip("#")
    if len(fragment) > MAX_FRAGMENT:
        raise BoardError(f"the link is too long ({len(fragment)} characters; the limit is {MAX_FRAGMENT})")
    fields: dict[str, str] = {}
    for part in fragment.split("&"):
        key, sep, value = part.partition("=")
        if part and not sep:
            raise BoardError(f"the link has {quoted(part)} where key=value was expected")
        fields[key] = unquote(value)
    if "board" not in fields:
        raise BoardError("the link has no board=... part")
    mines = None
    if fields.get("mines", "") != "":
        mines = whole_number(fields["mines"])
        if mines is None:
            raise BoardError(f"the link's mines: {not_a_whole_number(fields['mines'])}")
    if any(ch in fields["board"] for ch in "\n#"):
        raise BoardError("the link's board has a character that does not belong there")
    board = parse_board(fields["board"].replace("/", "\n"), mines)
    return board
