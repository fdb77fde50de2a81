"""Review of a game, move by move: each move graded against what the player could know.

A game record is plain data: `{"rows", "cols", "mines": [[r, c], ...], "total"?, "moves": [[r, c,
"open"|"flag"|"chord"], ...]}` (`GameRecord.from_json`).  The total is the number of mines unless
given (`null`: unknown).  The game is replayed (`game.Game`) and each move is judged on the
position before it, read from its numbers and the total only (flags are the player's marks):

forced        the move opens only surely safe cells (a flag: on a surely mined cell, or taken off
              a surely safe one); `proof` proves each cell
needless      a guess while a surely safe cell existed: `safe_cells` lists them, `proof` proves one
              (the nearest that one or two clues show, else the nearest)
fifty-fifty   an unavoidable 50/50: the cell is a mine in half the layouts and no play avoids the
              guess (`fifty.fifty_fifty`)
best          the advisor's own guess (`advice.advise`)
good          a guess whose mine probability is at most the advisor's plus `GOOD_WITHIN`
risky         a riskier guess than needed (a flag on a cell that may be safe, or taken off a cell
              that may be a mine, too)

A chord is a guess when its flags may be wrong: its mine probability is the chance that some
cell it opens is a mine, 1 - P(every flag around it is a mine).  The first open of a game is
`best` with probability 0 (the game places the mines after it); a move that changes nothing is
`forced` with no proof.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TypeGuard

from minesat.board import FLAG, HIDDEN, MAX_CELLS, MAX_SIDE, Board, Cell, JsonNumber, short_number, spelled
from minesat.counting import LayoutSpace
from minesat.play import fifty
from minesat.play.advice import advise
from minesat.play.flags import unflagged
from minesat.play.game import Game, neighbours
from minesat.proofs.explain import MINE, SAFE, Proof, Prover, Seen, cheap_proof, distance, proofs_of
from minesat.reductions.solve import get_solver

GRADES = ("forced", "best", "good", "risky", "needless", "fifty-fifty")
GOOD_WITHIN = 0.01  # a guess this much likelier a mine than the advisor's is still good
KINDS = ("open", "flag", "chord")
Move = tuple[int, int, str]


@dataclass(frozen=True)
class GameRecord:
    rows: int
    cols: int
    mines: frozenset[Cell]
    total: int | None
    moves: tuple[Move, ...]

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """A record from its JSON text (a UTF-8 BOM before it allowed, as in board files); ValueError
        (one line) on anything malformed, its values spelled as the text wrote them."""
        return cls.from_json(json.loads(text.removeprefix("\ufeff"), parse_float=JsonNumber))

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from its JSON form; ValueError (one line) on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError("a game record is a JSON object with rows, cols, mines and moves")
        rows, cols = data.get("rows"), data.get("cols")
        if not (_whole(rows) and _whole(cols) and 1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE
                and rows * cols <= MAX_CELLS):
            raise ValueError(f"rows and cols must be whole numbers from 1 to {MAX_SIDE}, "
                             f"at most {MAX_CELLS:,} cells")
        mines = [_cell(m, rows, cols, "mine") for m in _list(data.get("mines"), "mines")]
        if len(set(mines)) != len(mines) or len(mines) >= rows * cols:
            raise ValueError("mines must be distinct cells, and leave a safe cell")
        total = data.get("total", len(mines))
        if total is not None and not (_whole(total) and total == len(mines)):
            shown = short_number(total) if _whole(total) else spelled(total)
            raise ValueError(f"total must be the record's number of mines ({len(mines)}) or null, not {shown}")
        moves = []
        for move in _list(data.get("moves"), "moves"):
            if not (isinstance(move, list) and len(move) == 3 and move[2] in KINDS):
                raise ValueError(f"a move is [row, col, \"open\"|\"flag\"|\"chord\"], not {spelled(move)}")
            moves.append((*_cell(move[:2], rows, cols, "move"), move[2]))
        return cls(rows, cols, frozenset(mines), total, tuple(moves))


def _whole(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _list(x: Any, name: str) -> list[Any]:
    if not isinstance(x, list):
        raise ValueError(f"{name} must be a list")
    return x


def _cell(x: Any, rows: int, cols: int, what: str) -> Cell:
    if not (isinstance(x, list) and len(x) == 2 and all(_whole(v) for v in x)
            and 0 <= x[0] < rows and 0 <= x[1] < cols):
        raise ValueError(f"a {what} must be [row, col] on the {rows}x{cols} board, not {spelled(x)}")
    return x[0], x[1]


@dataclass(frozen=True)
class Best:
    """The advisor's move on a position: the cell, its mine probability, its method."""

    cell: Cell
    p_mine: float
    method: str


@dataclass(frozen=True)
class Graded:
    """One move of the game and its grade (see the module docstring)."""

    move: Move
    grade: str
    p_mine: float  # of the cell opened or flagged (of some cell opened, for a chord)
    best: Best | None = None  # the advisor's move, for an open or a chord that was not forced
    safe_cells: tuple[Cell, ...] = ()  # every surely safe cell, when one existed
    proof: tuple[Proof, ...] = field(default=())  # for forced and needless


def review(record: GameRecord, solver: ModuleType | None = None) -> list[Graded]:
    """Every move of the game, graded; ValueError when a move comes after the game's end."""
    return list(graded_moves(record, solver))


def graded_moves(record: GameRecord, solver: ModuleType | None = None) -> Iterator[Graded]:
    """`review`, one move at a time (the page's replay player shows the grades as they come)."""
    game = Game.with_mines(record.rows, record.cols, set(record.mines))
    known = Known(Board(record.rows, record.cols, (HIDDEN,) * (record.rows * record.cols), record.total))
    for number, move in enumerate(record.moves, 1):
        if game.state != "playing":
            raise ValueError(f"move {number} comes after the end of the game ({game.state})")
        yield grade(game, move, record.total, solver, known)
        r, c, kind = move
        known.reveal(game, game.act((r, c), kind))


@dataclass
class Known:
    """What a review carries from one position to the next: the position read from its numbers
    and the total (flags as hidden cells), updated as cells open, and the cells that the numbers
    alone forced (safe, or mines) on some earlier position.  Opening safe cells only adds clues:
    every layout of a later position is one of an earlier one, so a cell the numbers forced
    stays forced, and its proof needs no new count (the move after a count is often one of the
    cells that count found safe)."""

    board: Board
    safe: set[Cell] = field(default_factory=set)
    mines: set[Cell] = field(default_factory=set)

    @classmethod
    def of(cls, game: Game, total: int | None) -> Known:
        """Nothing known yet about the game's position."""
        return cls(unflagged(game.board()).with_mines(total))

    def reveal(self, game: Game, opened: list[Cell]) -> None:
        """The position after the game opened these cells."""
        if opened:
            self.board = self.board.replace({c: str(game.number(c)) for c in opened})

    def by_numbers(self) -> LayoutSpace:
        """The position's layouts read from its numbers alone (no total); what they force is kept."""
        board = self.board
        space = LayoutSpace(board.with_mines(None) if board.mines is not None else board)
        self.safe.update(space.safe)
        self.mines.update(space.mines)
        return space

    def forced(self, wanted: list[tuple[Cell, str]]) -> bool:
        """Whether the numbers alone force each cell to its verdict (on this or an earlier position)."""
        return all(cell in (self.safe if verdict == SAFE else self.mines) for cell, verdict in wanted)

    def proofs(self, wanted: list[tuple[Cell, str]], solver: ModuleType | None) -> tuple[Proof, ...]:
        """Minimal proofs of cells the numbers alone force (`explain.proofs_of` at that level,
        without counting again)."""
        prover = Prover(self.board, solver or get_solver(), {c: (verdict, False, False) for c, verdict in wanted})
        try:
            return tuple(prover.prove(c) for c, _ in wanted)
        finally:
            prover.close()


def grade(game: Game, move: Move, total: int | None, solver: ModuleType | None = None,
          known: Known | None = None) -> Graded:
    """The grade of one move on the game's position (before the move is played); `known`: what
    the review knows of that position (`Known`)."""
    cell, kind = (move[0], move[1]), move[2]
    opens = _opened_by(game, cell, kind)
    if kind == "open" and opens and not game.opened:
        if cell in (game.mine_cells or ()):
            raise ValueError(f"the first click, r{cell[0] + 1}c{cell[1] + 1}, is on a mine: a game keeps its first "
                             "click safe, so this record is not one of a game")
        return Graded(move, "best", 0.0, Best(cell, 0.0, "first"))
    if (kind == "flag" and cell in game.opened) or (kind != "flag" and not opens):
        return Graded(move, "forced", 0.0)
    wanted = [(cell, MINE if cell not in game.flags else SAFE)] if kind == "flag" else [(c, SAFE) for c in opens]
    local = [local_proof(game, c, verdict) for c, verdict in wanted]
    if all(local):  # most moves: one clue or two show it
        return _forced(move, wanted, tuple(p for p in local if p))
    known = known or Known.of(game, total)
    if known.forced(wanted) or (known.by_numbers().count and known.forced(wanted)):
        return _forced(move, wanted, known.proofs(wanted, solver))
    board = known.board
    space = LayoutSpace(board)
    if not space.count:
        raise ValueError("the game's position has no layout: the record's mines do not match its total")
    p = {c: m / space.count for c, m in space.mine_counts.items()}
    if kind == "flag":
        placing = cell not in game.flags
        sure = p[cell] == (1.0 if placing else 0.0)
        return Graded(move, "forced" if sure else "risky", p[cell],
                      proof=tuple(proofs_of(board, [cell], solver, space)) if sure else ())
    risk = p[cell] if kind == "open" else _chord_risk(board, space, game, cell)
    safe = tuple(c for c in board.hidden if space.mine_counts[c] == 0)
    if risk == 0:
        proofs = tuple(proofs_of(board, opens, solver, space))
        return Graded(move, "forced", 0.0, Best(opens[0], 0.0, "safe"), proof=proofs)
    if safe:  # the nearest safe cell that one or two clues show, else the nearest
        by_distance = sorted(safe, key=lambda c: (distance(c, cell), c))
        shown = next((found for c in by_distance if (found := local_proof(game, c, SAFE))), None)
        proof = shown or proofs_of(board, by_distance[:1], solver, space)[0]
        return Graded(move, "needless", risk, Best(proof.cell, 0.0, "safe"), safe, (proof,))
    advice = advise(board, space)
    best = Best(advice.move, advice.p_mine, advice.method)
    if kind == "open" and 2 * space.mine_counts[cell] == space.count and fifty.fifty_fifty(board, space, [cell]):
        return Graded(move, "fifty-fifty", risk, best)
    if kind == "open" and cell == advice.move:
        return Graded(move, "best", risk, best)
    return Graded(move, "good" if risk <= advice.p_mine + GOOD_WITHIN else "risky", risk, best)


def _forced(move: Move, wanted: list[tuple[Cell, str]], proofs: tuple[Proof, ...]) -> Graded:
    """A forced move: a flag on a sure mine (or off a surely safe cell), or an open of safe cells."""
    if move[2] == "flag":
        return Graded(move, "forced", 1.0 if wanted[0][1] == MINE else 0.0, proof=proofs)
    return Graded(move, "forced", 0.0, Best(wanted[0][0], 0.0, "safe"), proof=proofs)


def local_proof(game: Game, cell: Cell, verdict: str) -> Proof | None:
    """A proof by one clue or a pair of clues near `cell` (`explain.cheap_proof`), read from the
    numbers only (flags as hidden cells), or None."""
    rows, cols = game.rows, game.cols
    clues: list[Seen] = []
    touching: dict[Cell, list[Seen]] = {}
    for r in range(max(cell[0] - 3, 0), min(cell[0] + 4, rows)):
        for c in range(max(cell[1] - 3, 0), min(cell[1] + 4, cols)):
            if (r, c) in game.opened:
                unknown = frozenset(n for n in neighbours((r, c), rows, cols) if n not in game.opened)
                if unknown:
                    clues.append(seen := Seen((r, c), game.number((r, c)), unknown))
                    for n in unknown:
                        touching.setdefault(n, []).append(seen)
    found = cheap_proof(cell, verdict, clues, touching)
    return Proof(cell, verdict, found) if found else None


def _opened_by(game: Game, cell: Cell, kind: str) -> list[Cell]:
    """The hidden cells a move would open itself (before any flood): none when it changes nothing."""
    if kind == "open":
        return [cell] if cell not in game.opened and cell not in game.flags else []
    if cell not in game.opened:
        return []
    around = neighbours(cell, game.rows, game.cols)
    if sum(n in game.flags for n in around) != game.number(cell):
        return []
    return [n for n in around if n not in game.opened and n not in game.flags]


def _chord_risk(board: Board, space: LayoutSpace, game: Game, cell: Cell) -> float:
    """The chance that a chord opens a mine: 1 - P(every flag around it is a mine), as its
    number equals its flags."""
    flags = {n for n in neighbours(cell, game.rows, game.cols) if n in game.flags}
    with_flags = LayoutSpace(board.replace(dict.fromkeys(flags, FLAG)))
    return 1 - with_flags.count / space.count


def summary(graded: list[Graded]) -> str:
    """In words, e.g. '2 needless guesses, 1 unavoidable 50/50' (or 'no needless or risky move')."""
    counts = {g: sum(1 for x in graded if x.grade == g) for g in GRADES}
    words = (("needless", "needless guess", "needless guesses"), ("risky", "risky move", "risky moves"),
             ("fifty-fifty", "unavoidable 50/50", "unavoidable 50/50s"))
    parts = [f"{counts[g]} {one if counts[g] == 1 else many}" for g, one, many in words if counts[g]]
    return ", ".join(parts) or "no needless or risky move"

