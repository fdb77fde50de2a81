"""Boards written by other tools: read any of them, say which was understood, write them back.

`read_any(text)` returns `(board, name)`, `name` saying which format was understood:

    "minesat"           `?` hidden, `F` flag, `0`-`8`; a `mines=N` line (board.py, `parse_board`)
    "minesweepr ASCII"  mrgriscom/minesweepr: `x` hidden, `.` blank (a revealed 0), `*` mine, `0`-`8`
    "JSMinesweeper"     its .mine files: a first line `WxHxM` (width x height x mines), then rows of
                        `H` hidden, `F` flag, `0`-`8` (also `?` for a placed mine it hides, `I` hidden,
                        `O` flag, as its loader reads them)
    "plain text"        any other mix of the marks above, `-` for hidden, or a `10 mines` line
    "JSMinesweeper link"  a URL of its analysis page, `...?analysis=<code>`, alone in the text
    "minesweepr link"   a URL of its player or analyzer, `...?w=9&h=9&mines=10&board=xx.1:...`, alone
    "minesat link"      a minesat share link or fragment (`...#board=1??/12?&size=2x3`), alone

plus, after a `; `, a note when something was skipped (a trailing `...` line).

Detection rules:
- Skipped: a byte-order mark, blank lines, lines starting with `#`, Markdown fences (```).
  Cells may be separated by spaces or tabs.
- A line before the first row may give the total number of mines (flags included): `mines=N`,
  `mines: N`, `mines N`, `N mines` (these four may also follow the last row), or `WxHxM`.
  `WxHxM` is JSMinesweeper's header when W and H are the width and height of the rows after it; a
  line that could be either a header or a row (`5x1x1`) is a header only if the rows use none of
  minesweepr's marks (`x`, `.`), no comment precedes it (JSMinesweeper writes its header on the
  first line) and the board it heads is valid; otherwise it is minesweepr's first row.
- Hidden: `?`, `H`, `h`, `-`, `x`, `X`; flag: `F`, `f`, `*` (a flag in minesat, a known mine in
  minesweepr: the same for the analysis).  `I` (hidden) and `O` (flag) only under a JSMinesweeper
  header, so that a letter O is never silently read as a flag.
- `.` is a revealed 0 only when the text looks like minesweepr's: it marks hidden cells with `x`
  (and not `?`, `H` or `-`), or it has no hidden cells at all.  Otherwise `.` is an error, since
  other tools use it for hidden cells.
- A last line of dots (`...` or `…`), as in the page's placeholder, means "rows left out": it is
  ignored (with a note in the name) unless it is a minesweepr row of blanks of the board's width
  (the rows above use `x` for hidden cells, or only minesweepr's marks);
  if the rows above are not a valid board the error says that the line was taken as left-out rows.
- JSMinesweeper's link code: width (2 characters), height (2), mines (4), base-62 numbers (a-z, A-Z,
  0-9), then the cells run-length coded: each value (0-8, I, H, F, O) owns a range of the 62
  characters, and a run of a value is its length written in that range's base.  Numbers are
  stored less the flags (F) and unflagged mines (I) around them and are added back on reading.
- minesweepr's link: `w` columns, `h` rows, `mines` (a fraction there is a density: no total),
  `board` the cells row after row, case-insensitive: `x` covered, `o` covered mine, `f` flagged
  mine, `!` wrong flag, `m` exploded mine (both flags and `m` a flag here), `.` blank, digits;
  `:` between rows.  Other topologies (`topo=`, `d=`) are not grids and are refused.
- MBF files (JSMinesweeper's binary format) are not text and are not read.

`export_text(board, fmt)` writes a board in one of EXPORT_FORMATS; `read_any` reads it back to the
same board.
"""

from __future__ import annotations

import itertools
import re
import string
from typing import Literal
from urllib.parse import parse_qs

from minesat.board import (
    FLAG,
    HIDDEN,
    MAX_SIDE,
    MAX_TEXT,
    Board,
    BoardError,
    cell_name,
    format_board,
    neighbours,
    quoted,
    whole_number,
)
from minesat.formats.links import board_from_fragment, link_in

MINESAT, MINESWEEPR, JSMINESWEEPER, PLAIN = "minesat", "minesweepr ASCII", "JSMinesweeper", "plain text"
JSMINESWEEPER_LINK, MINESWEEPR_LINK, MINESAT_LINK = "JSMinesweeper link", "minesweepr link", "minesat link"
LINKS = frozenset({JSMINESWEEPER_LINK, MINESWEEPR_LINK, MINESAT_LINK})
EXPORT_FORMATS = ("minesat", "minesweepr", "JSMinesweeper", "JSMinesweeper link", "minesweepr link")
MINESWEEPR_ANALYZER = "https://mrgris.com/projects/minesweepr/demo/analyzer/"
JSMINESWEEPER_SITE = "https://davidnhill.github.io/JSMinesweeper/index.html"

_NUMBERS = "012345678"
_HIDDEN_MARKS = {"?": HIDDEN, "H": HIDDEN, "h": HIDDEN, "-": HIDDEN, "x": HIDDEN, "X": HIDDEN}
_FLAG_MARKS = {"F": FLAG, "f": FLAG, "*": FLAG}
_JSM_ONLY = {"I": HIDDEN, "O": FLAG}
_MINESAT_CELLS = set("?F012345678Hh*f")
_TRIED = ("tried minesat (? F 0-8), minesweepr (x . * 0-8), JSMinesweeper (WxHxM line; H F 0-8) "
          "and - for hidden")

_TOTAL_LINE = re.compile(r"^\s*(?:mines?(?:\s*[=:]\s*|\s+)(\S*)|([0-9]+)\s*mines?)\s*$", re.IGNORECASE)
_JSM_LINE = re.compile(r"^\s*([0-9]+)\s*x\s*([0-9]+)\s*x\s*(\S+)\s*$", re.IGNORECASE)
_MINESWEEPR_QUERY = re.compile(r"(?:^|&)[wh]=")
_MINESAT_LINK = re.compile(r"(?:^|[#&])board=")
_ELLIPSIS = re.compile(r"^\s*(?:\.\s*){2,}$|^\s*…\s*$")


# -- reading -------------------------------------------------------------------------------
def read_any(text: str) -> tuple[Board, str]:
    """The board in `text`, written by minesat or another tool, and the name of the format understood.

    Raises BoardError (with line and column when it has them) for anything else.
    """
    if len(text) > MAX_TEXT:
        raise BoardError(f"the text is too long ({len(text)} characters; the limit is {MAX_TEXT})")
    if any(_looks_like_link(word) for word in text.split()):
        text = link_in(text) or text  # a link in a sentence, or with a chat app's punctuation
    link = _JSM_LINK.search(text)
    if link and len(text.split()) == 1:
        return _read_jsm_link(link.group(1)), JSMINESWEEPER_LINK
    query = _query(text) if len(text.split()) == 1 else ""
    if "board=" in query and _MINESWEEPR_QUERY.search(query):
        try:
            return _read_minesweepr_link(query), MINESWEEPR_LINK
        except BoardError:
            if not query.endswith("."):
                raise
            try:  # a full stop after the link, in a sentence, or one cell too many
                return _read_minesweepr_link(query[:-1]), MINESWEEPR_LINK
            except BoardError:
                pass
            raise
    if _MINESAT_LINK.search(text) and len(text.split()) == 1:
        return board_from_fragment(text.strip().partition("#")[2] or text.strip()), MINESAT_LINK
    lines = text.removeprefix("\ufeff").splitlines()
    headers, rows, comment_before = _split(lines)
    rows, ellipsis = _drop_ellipsis(rows)
    try:
        return _read_either(headers, rows, comment_before, ellipsis)
    except BoardError as e:
        if many := several_links(text):
            raise many from None
        if ellipsis is None or e.column is not None:
            raise
        raise BoardError(f"{e.message} (the last line {quoted(lines[ellipsis - 1].strip(), 40)} was taken to mean "
                         "that rows were left out: paste the whole board)", e.line or ellipsis) from None


def looks_like_minesat(board_text: str) -> bool:
    """Whether a text is written with minesat's own cells only (no other tool's marks):
    when no reader takes it, minesat's reader says best what is wrong."""
    try:
        _, rows, _ = _split(board_text.removeprefix("\ufeff").splitlines())
    except BoardError:
        return False
    marks = {ch for _, cells in rows for _, ch in cells}
    return bool(rows) and marks <= _MINESAT_CELLS


def _looks_like_link(word: str) -> bool:
    return "://" in word or "board=" in word or "analysis=" in word


def several_links(text: str) -> BoardError | None:
    """The error of a text that holds more than one link (which one to read?), naming the first two;
    None when it holds one or none."""
    found = [word for word in text.split() if _looks_like_link(word)]
    if len(found) < 2:
        return None
    more = f" and {len(found) - 2:,} more" if len(found) > 2 else ""
    return BoardError(f"the text holds {len(found):,} links, {quoted(found[0], 60)} and {quoted(found[1], 60)}"
                      f"{more}: give one link, or a board")


def _read_either(headers: list[tuple[int, str]], rows: list[Row], comment_before: bool,
                 ellipsis: int | None) -> tuple[Board, str]:
    """The board, a `WxHxM` line read as JSMinesweeper's header, or (if that fails) as minesweepr's row."""
    try:
        return _read(headers, rows, comment_before, ellipsis)
    except BoardError as header_error:
        if not _jsm_header(headers, rows, comment_before):
            raise
        try:
            return _read(headers, rows, comment_before, ellipsis, header_is_row=True)
        except BoardError:
            raise header_error from None


def _query(url: str) -> str:
    """The query of a URL (`w=9&h=9&...` after `?`, before any `#`), or '' when there is none."""
    before_fragment = url.strip().partition("#")[0]
    return before_fragment.partition("?")[2]


Row = tuple[int, list[tuple[int, str]]]  # (line number, [(column, character)]), 1-based


def _split(lines: list[str]) -> tuple[list[tuple[int, str]], list[Row], bool]:
    """Lines giving the total (before or just after the rows), the rows, and whether a comment came first."""
    headers: list[tuple[int, str]] = []
    rows: list[Row] = []
    comment_before = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("```", "~~~")):
            continue
        if stripped.startswith("#"):
            comment_before = comment_before or not headers
            continue
        first_jsm_line = _JSM_LINE.match(line) and not any(_JSM_LINE.match(h) for _, h in headers)
        if not rows and (_TOTAL_LINE.match(line) or first_jsm_line) or rows and _TOTAL_LINE.match(line):
            headers.append((number, line))
            continue
        if rows and headers and headers[-1][0] > rows[0][0]:
            raise BoardError("a row after the line that gives the total number of mines", number)
        rows.append((number, [(column, ch) for column, ch in enumerate(line, 1) if ch not in " \t\r"]))
        if len(rows) > MAX_SIDE + 1:  # one more than the limit: a trailing ellipsis line
            raise BoardError(f"the board is larger than {MAX_SIDE}x{MAX_SIDE}", number)
    return headers, rows, comment_before


def _drop_ellipsis(rows: list[Row]) -> tuple[list[Row], int | None]:
    """The rows without a last line of dots meaning "rows left out", and that line's number."""
    if len(rows) < 2:
        return rows, None
    number, cells = rows[-1]
    text = "".join(ch for _, ch in cells)
    if not _ELLIPSIS.match(text):
        return rows, None
    above = {ch for _, row in rows[:-1] for _, ch in row}
    minesweepr_blanks = text != "…" and len(cells) == len(rows[0][1]) and (
        _uses_minesweepr_marks(rows[:-1]) or above <= set("xX.*" + _NUMBERS))  # no other tool's marks
    return (rows, None) if minesweepr_blanks else (rows[:-1], number)


def _uses_minesweepr_marks(rows: list[Row]) -> bool:
    """Whether the rows mark hidden cells as minesweepr does (`x`), and with no other mark."""
    marks = {ch for _, cells in rows for _, ch in cells}
    return bool(marks & {"x", "X"}) and not marks & {"?", "H", "h", "-"}


def _read(headers: list[tuple[int, str]], rows: list[Row], comment_before: bool,
          ellipsis: int | None, header_is_row: bool = False) -> tuple[Board, str]:
    if not rows and not headers:
        raise BoardError("the board is empty: no rows of cells")
    jsm = _jsm_header(headers, rows, comment_before, header_is_row)
    if jsm is False:  # a WxHxM line that is a row of minesweepr's
        candidate = _jsm_candidate(headers, rows)
        assert candidate is not None  # _jsm_header returns False only for a candidate line
        number, line = candidate
        rows = [(number, [(c, ch) for c, ch in enumerate(line, 1) if ch not in " \t\r"])] + rows
        headers = [h for h in headers if h[0] != number]
    if not rows:
        raise BoardError("the board is empty: no rows of cells")
    mines = _total(headers)
    marks = {ch for _, cells in rows for _, ch in cells}
    blank_is_zero = "." in marks and (_uses_minesweepr_marks(rows) or marks <= set("." + _NUMBERS + "*"))
    table = {**{n: n for n in _NUMBERS}, **_HIDDEN_MARKS, **_FLAG_MARKS,
             **(_JSM_ONLY if jsm else {}), **({".": "0"} if blank_is_zero else {})}
    grid = [_row(number, cells, table, rows[0], bool(jsm)) for number, cells in rows]
    if len(grid) > MAX_SIDE:
        raise BoardError(f"the board is larger than {MAX_SIDE}x{MAX_SIDE}", rows[MAX_SIDE][0])
    if jsm:
        _check_size(jsm, len(grid[0]), len(grid))
    try:
        board = Board.from_rows(grid, mines[0] if mines else None)
    except BoardError as e:
        raise BoardError(e.message, e.line or (mines[1] if mines else None)) from None
    name = (JSMINESWEEPER if jsm else MINESWEEPR if blank_is_zero or _uses_minesweepr_marks(rows)
            else MINESAT if _is_minesat(rows[0][0], headers, marks) else PLAIN)
    return board, name + ("; the last line '...' (rows left out) was ignored" if ellipsis else "")


def _jsm_candidate(headers: list[tuple[int, str]], rows: list[Row]) -> tuple[int, str] | None:
    """The `WxHxM` line just before the rows, if there is one."""
    leading = [h for h in headers if not rows or h[0] < rows[0][0]]
    return leading[-1] if leading and _JSM_LINE.match(leading[-1][1]) else None


def _jsm_header(headers: list[tuple[int, str]], rows: list[Row], comment_before: bool,
                header_is_row: bool = False) -> tuple[int, int, int] | Literal[False] | None:
    """(line, W, H) of JSMinesweeper's header; False for a WxHxM line that is a row; None without one."""
    candidate = _jsm_candidate(headers, rows)
    if candidate is None:
        return None
    number, line = candidate
    header = _JSM_LINE.match(line)
    assert header is not None  # _jsm_candidate returns only lines that match
    width, height = (_side(text) for text in header.groups()[:2])
    could_be_row = not rows or len(line.replace(" ", "").replace("\t", "")) == len(rows[0][1])
    fits = bool(rows) and width == len(rows[0][1]) and height == len(rows)
    minesweepr_rows = _uses_minesweepr_marks(rows) or any(ch == "." for _, cells in rows for _, ch in cells)
    if could_be_row and (header_is_row or not fits or comment_before or len(headers) > 1 or minesweepr_rows):
        return False
    if len(headers) > 1:
        others = [h[0] for h in headers if h != candidate]
        raise BoardError("two lines give the total number of mines", max(others))
    return (number, width, height)


def _side(digits: str) -> int:
    """A header's width or height; a number too long to convert stands for 'too large' (10^9)."""
    return int(digits) if len(digits.lstrip("0")) <= 9 else 10 ** 9


def _bounded(text: str) -> int | None:
    """`text` as a whole number (10^9 if it is longer than that), or None if it is not one."""
    return _side(text) if text.isascii() and text.isdigit() else None


def _check_size(jsm: tuple[int, int, int], cols: int, rows: int) -> None:
    number, width, height = jsm
    if (width, height) != (cols, rows):
        raise BoardError(f"the header says {width}x{height} (width x height) but the board has "
                         f"{rows} row{'s' * (rows != 1)} of {cols} cell{'s' * (cols != 1)}", number)


def _total(headers: list[tuple[int, str]]) -> tuple[int, int] | None:
    """(total number of mines, its line) from the header lines, if one gives it."""
    if not headers:
        return None
    if len(headers) > 1:
        raise BoardError("two lines give the total number of mines", headers[1][0])
    number, line = headers[0]
    match = _TOTAL_LINE.match(line) or _JSM_LINE.match(line)
    # _split keeps as headers only lines that match one of the two, and each match captures a group
    assert match is not None and match.lastindex is not None
    value = match.group(match.lastindex)
    if len(value.lstrip("0")) > 9 and value.isascii() and value.isdigit():
        raise BoardError(f"the total of {value.lstrip('0')[:12]}... mines is more than a board's "
                         f"{MAX_SIDE * MAX_SIDE} cells", number)
    mines = whole_number(value)
    if mines is None:
        raise BoardError(f"the total number of mines must be a whole number >= 0, not {value[:20]!r}", number)
    return mines, number


def _row(number: int, cells: list[tuple[int, str]], table: dict[str, str], first: Row, jsm: bool) -> str:
    """One row in canonical characters; BoardError at the first cell that is not understood."""
    for column, ch in cells:
        if ch not in table:
            raise BoardError(_unknown(ch, jsm), number, column)
    if len(cells) != len(first[1]):
        column = cells[len(first[1])][0] if len(cells) > len(first[1]) else (cells[-1][0] + 1 if cells else 1)
        raise BoardError(f"row has {len(cells)} cells, the first row has {len(first[1])}", number, column)
    if len(cells) > MAX_SIDE:
        raise BoardError(f"the board is larger than {MAX_SIDE}x{MAX_SIDE}", number, cells[MAX_SIDE][0])
    return "".join(table[ch] for _, ch in cells)


def _unknown(ch: str, jsm: bool) -> str:
    if ch == ".":
        return ("'.' is a blank (a revealed 0) only in minesweepr's format, which marks hidden cells "
                "with x; write 0 for a blank")
    if ch == "9":
        return "unknown cell '9' (a count is at most 8)"
    if ch in "IO" and not jsm:
        return f"unknown cell {ch!r} (JSMinesweeper's, read only after its WxHxM line; is it a 0?)"
    return f"unknown cell {ch!r}; " + _TRIED


def _is_minesat(first_row: int, headers: list[tuple[int, str]], marks: set[str]) -> bool:
    """Whether minesat's own reader takes the text as it is (same cells, `mines=`/`mines:` header)."""
    return marks <= _MINESAT_CELLS and all(
        number < first_row and re.match(r"^\s*mines\s*[=:]", line, re.IGNORECASE) for number, line in headers)


# -- writing -------------------------------------------------------------------------------
def export_text(board: Board, fmt: str = "minesat") -> str:
    """The board as text for `fmt`, one of EXPORT_FORMATS (any case): read_any reads it back.

    minesat: format_board's canonical form.  minesweepr: `x`, `.`, `*` and digits, the total (which
    minesweepr takes apart from the board) on a first line `N mines`.  "minesweepr link": a URL of
    its analyzer.  JSMinesweeper: its .mine form, `WxHxM` then `H`, `F` and digits.
    "JSMinesweeper link": a URL of its analysis page (flags written as `O`, flags that leave the
    numbers as they are).  JSMinesweeper's two forms need the total (BoardError without one).
    """
    key = fmt.lower()
    if key == "minesat":
        return format_board(board)
    rows = board.row_texts()
    if key == "minesweepr":
        to_minesweepr: dict[str, str | int | None] = {HIDDEN: "x", FLAG: "*", "0": "."}
        grid = [row.translate(str.maketrans(to_minesweepr)) for row in rows]
        if board.mines is not None:
            return "\n".join([f"{board.mines} mines"] + grid) + "\n"
        guard = ["# minesweepr ASCII"] if _JSM_LINE.match(grid[0]) else []  # 5x1x1 is a row, not a header
        return "\n".join(guard + grid) + "\n"
    if key == "jsminesweeper link":
        if board.mines is None:
            raise BoardError("JSMinesweeper's link needs the total number of mines")
        return JSMINESWEEPER_SITE + "?analysis=" + _jsm_code(board)
    if key == "minesweepr link":
        return MINESWEEPR_ANALYZER + "?" + _minesweepr_query(board)
    if key == "jsminesweeper":
        if board.mines is None:
            raise BoardError("JSMinesweeper's format needs the total number of mines")
        to_jsm: dict[str, str | int | None] = {HIDDEN: "H"}
        grid = [row.translate(str.maketrans(to_jsm)) for row in rows]
        return "\n".join([f"{board.cols}x{board.rows}x{board.mines}"] + grid) + "\n"
    raise BoardError(f"unknown text format {fmt!r}; the formats are {', '.join(EXPORT_FORMATS)}")


# -- minesweepr's links -------------------------------------------------------------------
_MINESWEEPR_CELLS = {**{n: n for n in _NUMBERS}, ".": "0", "x": HIDDEN, "o": HIDDEN,
                     "f": FLAG, "!": FLAG, "m": FLAG}


def _read_minesweepr_link(query: str) -> Board:
    """The board of a minesweepr player or analyzer link's query (`w=..&h=..&mines=..&board=..`)."""
    params = {key: values[-1] for key, values in parse_qs(query, keep_blank_values=True).items()}
    if params.get("topo", "grid") != "grid" or "d" in params:
        kind = quoted(params["topo"]) if "topo" in params else "3D"
        raise BoardError(f"minesweepr's link is for a {kind} board, not a square grid")
    width, height = (_bounded(params.get(key, "")) for key in ("w", "h"))
    if not width or not height:
        raise BoardError("minesweepr's link needs whole numbers w= (columns) and h= (rows)")
    cells = []
    for i, ch in enumerate(params.get("board", "").lower(), 1):
        if ch == ":":
            continue
        if ch not in _MINESWEEPR_CELLS:
            hint = " (a count is at most 8)" if ch in "9(" else ""
            raise BoardError(f"minesweepr's link has {ch!r} at character {i} of its board{hint}")
        cells.append(_MINESWEEPR_CELLS[ch])
        if len(cells) > MAX_SIDE * MAX_SIDE:
            break
    if len(cells) != width * height:
        raise BoardError(f"minesweepr's link says {width}x{height} (w x h) but holds {len(cells)} cells")
    mines = params.get("mines", "")
    total = None if "." in mines or mines == "" else _bounded(mines)  # a fraction is a density
    if mines and "." not in mines and total is None:
        raise BoardError(f"minesweepr's link has mines={mines[:20]!r}, not a whole number")
    return Board(height, width, tuple(cells), total)


def _minesweepr_query(board: Board) -> str:
    cells = ":".join("".join({HIDDEN: "x", FLAG: "f", "0": "."}.get(ch, ch) for ch in row) for row in board.row_texts())
    mines = f"&mines={board.mines}" if board.mines is not None else ""
    return f"w={board.cols}&h={board.rows}{mines}&board={cells}"


# -- JSMinesweeper's analysis links ---------------------------------------------------------
_BASE62 = string.ascii_lowercase + string.ascii_uppercase + string.digits
_JSM_VALUES = "012345678IHFO"
_JSM_BASES = (10, 7, 5, 5, 4, 3, 3, 1, 1, 4, 10, 8, 1)  # how many of the 62 characters each value owns
_JSM_LINK = re.compile(r"(?:^|[?&#])analysis=([A-Za-z0-9]*)")
_JSM_CELLS = {**{n: n for n in _NUMBERS}, "I": HIDDEN, "H": HIDDEN, "F": FLAG, "O": FLAG}


def _jsm_ranges() -> dict[str, str]:
    """value -> the characters that write its run lengths, in digit order."""
    starts = [sum(_JSM_BASES[:i]) for i in range(len(_JSM_BASES))]
    return {v: _BASE62[start:start + base] for v, start, base in zip(_JSM_VALUES, starts, _JSM_BASES)}


_RANGES = _jsm_ranges()
_OWNER = {ch: value for value, chars in _RANGES.items() for ch in chars}


def _base62(text: str) -> int:
    return sum(_BASE62.index(ch) * 62 ** i for i, ch in enumerate(reversed(text)))


def _runs(code: str) -> str:
    """The cell values of a link's run-length code: a run is consecutive characters of one value."""
    values: list[str] = []
    for value, group in itertools.groupby(code, key=_OWNER.__getitem__):
        chars = _RANGES[value]
        digits = list(group)
        length = len(digits) if len(chars) == 1 else _digits_value(digits, chars)
        if len(values) + length > MAX_SIDE * MAX_SIDE:
            raise BoardError("JSMinesweeper's link has more cells than a board may have")
        values.extend(value * length)
    return "".join(values)


def _digits_value(digits: list[str], chars: str) -> int:
    number = 0
    for ch in digits:
        number = number * len(chars) + chars.index(ch)
        if number > MAX_SIDE * MAX_SIDE:
            raise BoardError("JSMinesweeper's link has more cells than a board may have")
    return number


def _read_jsm_link(code: str) -> Board:
    """The board of a JSMinesweeper analysis link's code; numbers get back the flags and mines around them."""
    if len(code) < 9:
        raise BoardError("JSMinesweeper's link is too short to hold a board")
    width, height, mines = _base62(code[:2]), _base62(code[2:4]), _base62(code[4:8])
    values = _runs(code[8:])
    if not 1 <= width <= MAX_SIDE or not 1 <= height <= MAX_SIDE or len(values) != width * height:
        raise BoardError(f"JSMinesweeper's link says {width}x{height} but holds {len(values)} cells")
    cells = [_JSM_CELLS[v] for v in values]
    for i, v in enumerate(values):
        if v in "FI":  # numbers were stored less this mine
            r, c = divmod(i, width)
            for y, x in neighbours((r, c), height, width):
                n = y * width + x
                if cells[n] in _NUMBERS:
                    if cells[n] == "8":
                        raise BoardError(f"JSMinesweeper's link gives {cell_name((y, x))} more than 8 mines around it")
                    cells[n] = str(int(cells[n]) + 1)
    return Board(height, width, tuple(cells), mines)


def _jsm_code(board: Board) -> str:
    """A JSMinesweeper analysis link's code for the board: hidden as H, flags as O (numbers as they are)."""
    if board.mines is None:
        raise BoardError("JSMinesweeper's link needs the total number of mines")
    values = [{HIDDEN: "H", FLAG: "O"}.get(ch, ch) for ch in board.cells]
    if values[0] in "78O":  # JSMinesweeper misreads a first run of a one-character value (7, 8, O)
        values = _first_flag_as_f(values, board)
    runs = "".join(_run_code(value, len(list(group))) for value, group in itertools.groupby(values))
    return _to_base62(board.cols, 2) + _to_base62(board.rows, 2) + _to_base62(board.mines, 4) + runs


def _first_flag_as_f(values: list[str], board: Board) -> list[str]:
    """The values with a flag on the first cell written as F, which counts in the numbers around it."""
    around = [r * board.cols + c for r, c in board.neighbours((0, 0))]
    if values[0] != "O" or any(values[n] == "0" for n in around):
        raise BoardError("JSMinesweeper's link cannot hold this board (its first cell); "
                         "copy its text instead")
    values = ["F"] + values[1:]
    for n in around:
        if values[n] in _NUMBERS:
            values[n] = str(int(values[n]) - 1)
    return values


def _run_code(value: str, length: int) -> str:
    chars = _RANGES[value]
    if len(chars) == 1:
        return chars * length
    digits = ""
    while length:
        length, digit = divmod(length, len(chars))
        digits = chars[digit] + digits
    return digits


def _to_base62(number: int, width: int) -> str:
    if number >= 62 ** width:
        raise BoardError(f"{number} does not fit in JSMinesweeper's link")
    return "".join(_BASE62[number // 62 ** i % 62] for i in reversed(range(width)))


__all__ = ["read_any", "export_text", "looks_like_minesat", "EXPORT_FORMATS", "MINESAT", "MINESWEEPR", "JSMINESWEEPER",
           "JSMINESWEEPER_LINK", "MINESAT_LINK", "MINESWEEPR_LINK", "PLAIN"]
