"""Boards in URLs: `#board=<rows separated by />&mines=<n>&size=<rows>x<cols>` with canonical cells.

The final `size` field makes every link end in a digit, so that chat apps and Markdown, whose
autolinkers leave a trailing `?`, `.`, `!` or `)` out of a link, keep the whole board; it is also
checked against the rows.  Links without it (the earlier form) still load.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, quote, unquote

from minesat.board import LEVELS, Board, BoardError, Cell, not_a_whole_number, parse_board, quoted, whole_number
from minesat.play.game import RULES, Game

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


# -- games in URLs (the page's Play mode) -------------------------------------------------------
def game_from_fragment(fragment: str) -> Game:
    """The game a link `play=<level>&seed=<n>&rule=<classic|zero>` names (custom: `&rows=&cols=&mines=`);
    ValueError says what is wrong with it."""
    fields = dict(parse_qsl(strip_chat_punctuation(fragment).lstrip("#")))
    level, rule = fields.get("play", "expert"), fields.get("rule", "classic")
    seed_text = fields.get("seed", "0")
    if not _digits(seed_text, 18):
        raise ValueError(f"the seed must be a whole number of at most 18 digits 0-9, not {seed_text[:20]!r}")
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule[:20]!r}; use one of {', '.join(RULES)}")
    if level == "custom":
        sizes = [fields.get(k, "") for k in ("rows", "cols", "mines")]
        if not all(_digits(v, 4) for v in sizes):
            raise ValueError("a custom game needs whole numbers (digits 0-9) of rows, columns and mines")
        rows, cols, mines = map(int, sizes)
        if not (2 <= rows <= 50 and 2 <= cols <= 50 and 1 <= mines < rows * cols - 9):
            raise ValueError("a custom game needs 2-50 rows and columns, and fewer mines than cells minus 9")
        return Game(rows, cols, mines, int(seed_text), rule)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level[:20]!r}; use one of {', '.join(LEVELS)} or custom")
    return Game.new(level, int(seed_text), rule)


def _digits(text: str, most: int) -> bool:
    """Whether `text` is 1 to `most` ASCII digits (not '²' or '٣٣', which str.isdigit accepts)."""
    return text.isascii() and text.isdigit() and len(text) <= most


def game_fragment(game: Game, level: str, moves: list[Move] | tuple[Move, ...] = (), first: Cell | None = None,
                  no_guess: bool = False) -> str:
    """A game's link (without '#'), with the moves played so far (so the link names the position),
    for a board played again or a no-guess board the first cell its mines were placed for, and
    `ng=1` for a no-guess board (drawn again from the seed); it ends in a letter, so chat apps
    keep it whole: 'play=expert&seed=7&moves=o1.1,f0.5&rule=classic'."""
    size = f"&rows={game.rows}&cols={game.cols}&mines={game.mines}" if level == "custom" else ""
    placed = f"&first={first[0]}.{first[1]}" if first is not None else ""
    played = "&moves=" + ",".join(f"{kind[0]}{r}.{c}" for r, c, kind in moves) if moves else ""
    drawn = "&ng=1" if no_guess else ""
    return f"play={level}{size}&seed={game.seed}{placed}{played}{drawn}&rule={game.rule}"


MOVE_KINDS = {"o": "open", "f": "flag", "c": "chord"}
MAX_MOVES = 20_000
Move = tuple[int, int, str]  # row, column, "open" | "flag" | "chord"


def game_moves(fragment: str, game: Game) -> tuple[Cell | None, list[Move]]:
    """The first cell a game link places its mines for (or None) and its moves, checked against the
    game's size; ValueError says what is wrong."""
    fields = dict(parse_qsl(strip_chat_punctuation(fragment).lstrip("#")))
    first = _cell_field(fields["first"], game, "first") if fields.get("first") else None
    moves: list[Move] = []
    tokens = [t for t in fields.get("moves", "").split(",") if t]
    if len(tokens) > MAX_MOVES:
        raise ValueError(f"the link has {len(tokens):,} moves; at most {MAX_MOVES:,} are read")
    for token in tokens:
        if token[:1] not in MOVE_KINDS:
            raise ValueError(f"the move {token[:20]!r} should start with o (open), f (flag) or c (chord)")
        moves.append((*_cell_field(token[1:], game, f"move {token[:20]!r}"), MOVE_KINDS[token[0]]))
    return first, moves


def _cell_field(text: str, game: Game, what: str) -> Cell:
    r, dot, c = text.partition(".")
    if not (dot and _digits(r, 3) and _digits(c, 3)):
        raise ValueError(f"the {what} should be a cell as row.column (from 0), like 3.4")
    cell = (int(r), int(c))
    if not (cell[0] < game.rows and cell[1] < game.cols):
        raise ValueError(f"the {what} is off the {game.rows}x{game.cols} board")
    return cell
