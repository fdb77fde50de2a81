"""Boards in URLs: `#board=<rows separated by />&mines=<n>&size=<rows>x<cols>` with canonical cells.

The final `size` field makes every link end in a digit, so that chat apps and Markdown, whose
autolinkers leave a trailing `?`, `.`, `!` or `)` out of a link, keep the whole board; it is also
checked against the rows.  Links without it (the earlier form) still load.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from minesat.board import Board, BoardError, not_a_whole_number, parse_board, quoted, whole_number

MAX_FRAGMENT = 40_000

# What chat apps and mail put around a link: closing punctuation after it, <angle brackets> or
# quotes around it, as characters or percent-encoded (a browser encodes "<", ">" and '"').
_TRAILERS = (".", ",", ";", ":", "!", ")", "]", "}", ">", "'", '"', "»", "”", "’",
             "%3E", "%3e", "%22", "%29", "%5D", "%5d", "%7D", "%7d")
_LEADERS = ("<", "(", "[", "{", "'", '"', "«", "“", "‘", "%3C", "%3c", "%22")


def strip_chat_punctuation(link: str, keep_dots: bool = False) -> str:
    """A link as it was sent, without what chat apps add around it: 'a/b&size=3x3.' -> 'a/b&size=3x3',
    '<...#board=...>' -> '...#board=...'.  A trailing '?' goes too when the link ends in its size
    (in a link without one, '?' may be a hidden cell); with `keep_dots`, a trailing '.' stays (a
    cell of minesweepr's links)."""
    link = link.strip()
    changed = True
    while changed:
        changed = False
        for mark in _LEADERS:
            if link.startswith(mark):
                link, changed = link[len(mark):], True
        for mark in _TRAILERS:
            if link.endswith(mark) and not (keep_dots and mark == "."):
                link, changed = link[:-len(mark)], True
        if link.endswith("?") and "size=" in link.rpartition("&")[2] and link.rstrip("?")[-1:].isdigit():
            link, changed = link.rstrip("?"), True
    return link


def link_in(text: str) -> str | None:
    """The one link in a sentence ('look at this: https://…#board=…&size=8x8.'), cleaned of chat
    punctuation; None when the text holds no link or more than one."""
    found = [word for word in text.split() if "://" in word or "board=" in word or "analysis=" in word]
    if len(found) != 1:
        return None
    minesweepr = "w=" in found[0] and "h=" in found[0]  # its boards write a revealed 0 as '.'
    return strip_chat_punctuation(found[0], keep_dots=minesweepr)


def board_to_fragment(board: Board) -> str:
    """The share fragment (without '#'): e.g. 'board=1??/12?/01?&mines=3&size=3x3'; it ends in a digit."""
    rows = "/".join(board.row_texts())
    return (f"board={quote(rows, safe='/?')}" + (f"&mines={board.mines}" if board.mines is not None else "")
            + f"&size={size_field(board)}")


def size_field(board: Board) -> str:
    """The link's last field, rows x columns: '3x3'."""
    return f"{board.rows}x{board.cols}"


def check_size_field(fields: dict[str, str], board: Board) -> Board:
    """The board, if the link's `size` field (when it has one) matches it; else BoardError."""
    if "size" in fields and fields["size"] != size_field(board):
        raise BoardError(f"the link says size={fields['size'][:20]!r} but its board is {size_field(board)}: "
                         "the link was cut or changed")
    return board


def board_from_fragment(fragment: str) -> Board:
    """Read a share fragment (with or without '#'); BoardError says what is wrong with it."""
    fragment = strip_chat_punctuation(fragment).lstrip("#")
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
    return check_size_field(fields, board)
