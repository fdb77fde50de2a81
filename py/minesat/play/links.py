"""Games in URLs (the page's Play mode): `play=<level>&seed=<n>&rule=<classic|zero>`, custom sizes,
the moves played so far, the first cell of a no-guess board. Boards in URLs are `formats.links`'."""

from __future__ import annotations

from urllib.parse import parse_qsl

from minesat.board import LEVELS, Cell
from minesat.formats.links import strip_chat_punctuation
from minesat.play.game import RULES, Game


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
