"""The best move: which cell to open next.

`best_move(board)` gives the cell; `advise(board)` gives the reasons too (plain data, see
`Advice.to_json`).  Everything rests on exact counting (`counting.LayoutSpace`): every layout of
the mines consistent with the board is equally likely, so a cell's mine probability is the share
of layouts in which it is a mine, and the chance that a safe cell shows the number v is the share
of layouts in which it is safe with v mines around it: the count of the board with that cell
revealed as v, over the count of the board.  The method:

1. **A surely safe cell** when there is one (mine probability 0); all of them are listed.
2. **Exact game-tree search** when few layouts remain (at most `TREE_LAYOUTS`): the layouts are
   listed, each cell's outcome in each layout is a code (mine, or the number it shows), and
   the number of layouts won by the best play is
       won(S) = 1 if S holds one layout, else
                sum over outcomes v of won(S_v) for a cell that is safe in all of S
                and tells them apart (opening it is free: zeros flood the same way), else
                max over cells x of sum over numbers v of won(S with x safe showing v),
   on sets S of layouts as bit masks, memoised, exact integers.  The move is the maximising
   cell, its score the chance of winning the game from here.  A search that visits more than
   `TREE_NODES` sets gives up and falls back to 3.  Measured threshold: with the search up to
   1,000 layouts instead of 200, 6 of 1,500 expert games went differently (4 more won, 2 fewer): the
   look-ahead already plays those endgames almost as well, so the cheaper threshold stays.
3. **Otherwise the best guess by look-ahead.**  Candidates: the cells whose safety (1 - mine
   probability) is at least `WITHIN` times the best safety: all such cells on the frontier, and
   of the cells touching no clue (all equally likely mines) a few representatives: the ones with
   the fewest hidden neighbours (likeliest zeros) and the ones touching most frontier cells;
   the `MAX_CANDIDATES` safest are kept.  For each candidate c and each number v it may show,
   the board with c revealed as v is counted again, which gives P(v) and the safety after
   seeing v: 0.8 x the best safety + 0.2 x the second best (`BLEND`; a surely safe cell
   counts 1, so a reveal proving two cells safe scores 1).  The score is the *secondary
   safety*  sum over v of P(c safe, shows v) x safety after v,  about the chance of surviving
   this click and the next one; the progress chance (the share of outcomes that make a cell
   surely safe) breaks ties.  Last, a safer cell that is safe in every layout where the chosen
   cell is safe (safe after every number it may show) replaces it: opening that cell first
   loses nothing, since where it is a mine so is the chosen cell.
   Measured on paired games (same seeds; +a/-b: games only the new rule won / only the old
   one won): the blend and the replacement won +262/-214 of 4,000 fresh intermediate games
   (seeds 20000..23999: 77.6% -> 78.8%, sign test z = 2.2); the blend alone +286/-215 on seeds
   0..3999 (77.1% -> 78.9%, z = 3.2).  Expert, too small to tell from nothing: +11/-12 of
   2,000 fresh games (seeds 30000..31999), the blend alone +17/-12 of 2,000, and with the extra
   candidates below as well +56/-47 and +35/-30 of 3,000 and 2,000 (z = 0.9 and 0.6).
   Zero-start expert +16/-12 of 1,500; beginner +7/-3 of 5,000.  The replacement alone changed
   8 of 2,000 expert games, none of their results; the second best weighed 0.4 instead of 0.2:
   +29/-28 of 2,000 expert games.
   Variations that did not help: more off-frontier candidates (every cell two steps from an
   open number in its row or column, every cell with two or three hidden neighbours): +22/-18
   of 2,000 expert games, +11/-12 of 4,000 intermediate, at up to 3x the worst time per move;
   weighting progress into the score, x (1 + 0.2 x progress), won 2 points fewer expert games,
   and x (1 + 0.5 x progress) in the opening (at most 8 numbers shown) half a point fewer;
   ranking by progress among the guesses within 0.02 of the best score while 1 cell is open (a
   far corner rather than the cell two steps from a corner showing 1), or within 0.03 while at
   most 4 are: +68/-73 and +116/-126 of 2,000 expert games; a bonus for cells that may later
   form an unavoidable 50/50 with a neighbour (score x (1 + 0.9 x half the layouts where the
   pair would be one, over the cell's safe layouts; the cells beyond the pair's ends all
   hidden, at most 3 not known mines)): +26/-29; a tighter or looser `WITHIN` and more
   candidates changed fewer than 20 of 1,000; a third step for the 3 best guesses (after each
   number, the best secondary safety of 4 candidates instead of the best safety) won 11 fewer
   of 2,000 paired games.
   - **Dead cells** (a cell that can show only one number: opening it teaches nothing) are
     played last: only when every candidate is dead.
   - **Unavoidable 50/50s** (two cells, exactly one a mine, every other cell around them
     touching both, so no click elsewhere can tell them apart) are played first: the guess must
     be made sooner or later and it risks the same then.

Remaining ties go to the lower mine probability, then to the first cell in row-major order: the
advice is a deterministic function of the board.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from .board import FLAG, HIDDEN, Board, Cell, Clue
from .counting import LayoutSpace

TREE_LAYOUTS = 200  # exact game-tree search when at most this many layouts remain (1,000 changed
                    # 6 of 1,500 expert games, 2 more won, at 5x the worst time per move)
TREE_NODES = 10_000  # ... and give up on a search that visits more sets of layouts than this
WITHIN = 0.9  # look-ahead candidates: safety at least this share of the best safety
MAX_CANDIDATES = 14  # at most this many candidates get the look-ahead
OUTSIDE_PICKS = 3  # cells touching no clue: this many of each kind become candidates
NEAR_TIE = 1e-9
TIE = 1e-9  # look-ahead scores this close to the best count as ties, broken by progress
PROGRESS_WEIGHT = 0.0  # rank guesses by secondary safety x (1 + PROGRESS_WEIGHT x progress);
                       # 0.2 won 2 points fewer expert games (1,500 paired games)
BLEND = 0.2  # safety after a reveal: (1 - BLEND) x the best cell's + BLEND x the second best's


@dataclass
class Candidate:
    """One guess considered: its mine probability and its score (higher is better)."""

    cell: Cell
    p_mine: float
    score: float  # chance of winning (tree search) or secondary safety (look-ahead)
    progress: float = 0.0  # chance that the reveal makes some other cell surely safe
    dead: bool = False

    def to_json(self) -> dict[str, object]:
        return {"cell": list(self.cell), "p_mine": round(self.p_mine, 6), "score": round(self.score, 6),
                "progress": round(self.progress, 6), "dead": self.dead}


@dataclass
class Advice:
    """The move and why: `method` is 'safe', 'tree', 'fifty-fifty', 'look-ahead' or 'dead'."""

    move: Cell
    safe: bool
    p_mine: float
    method: str
    candidates: list[Candidate] = field(default_factory=list)
    safe_cells: list[Cell] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"move": list(self.move), "safe": self.safe, "p_mine": round(self.p_mine, 6),
                "method": self.method, "safe_cells": [list(c) for c in self.safe_cells],
                "candidates": [c.to_json() for c in self.candidates]}


def best_move(board: Board) -> Cell:
    """The cell to open next (see the module docstring)."""
    return advise(board).move


def advise(board: Board, space: LayoutSpace | None = None) -> Advice:
    """The best move with its reasons; ValueError on a board with no layout or nothing to open."""
    space = space or LayoutSpace(board)
    if not space.count:
        raise ValueError("no layout of the mines is consistent with this board")
    closed = [c for c in board.hidden if board[c] == HIDDEN]
    if not closed:
        raise ValueError("there is no hidden cell left to open")
    if all(space.mine_counts[c] == space.count for c in closed):
        raise ValueError("every hidden cell is surely a mine: there is nothing left to open")
    safe = [c for c in closed if space.mine_counts[c] == 0]
    if safe:
        return Advice(safe[0], True, 0.0, "safe", safe_cells=safe)
    if space.count <= TREE_LAYOUTS:
        advice = tree_advice(board, space, closed)
        if advice:
            return advice
    return look_ahead_advice(board, space, closed)


# -- helpers on boards -------------------------------------------------------------------
def reveal(board: Board, cell: Cell, value: int) -> Board:
    """The board with a hidden `cell` showing `value` (a number it can show on this board).

    Built from `board`'s hidden cells and clues rather than from scratch: the look-ahead reveals
    hundreds of cells per guess, and recomputing every clue's neighbours dominated its time."""
    cells = list(board.cells)
    cells[cell[0] * board.cols + cell[1]] = str(value)
    after = object.__new__(Board)
    for name, v in (("rows", board.rows), ("cols", board.cols), ("cells", tuple(cells)), ("mines", board.mines)):
        object.__setattr__(after, name, v)
    hidden = tuple(c for c in board.hidden if c != cell)
    around = set(board.neighbours(cell))
    clues = [Clue(c.cell, c.count, tuple(x for x in c.neighbours if x != cell)) if c.cell in around else c
             for c in board.clues]
    new = Clue(cell, value, tuple(x for x in board.neighbours(cell) if board[x] in (HIDDEN, FLAG)))
    at = bisect_left([c.cell for c in clues], cell)
    clues.insert(at, new)
    after.__dict__.update(hidden=hidden, flags=board.flags, clues=tuple(clues))
    return after


def _p(space: LayoutSpace, cell: Cell) -> float:
    return space.mine_counts[cell] / space.count


def _order(space: LayoutSpace, cell: Cell) -> tuple[int, Cell]:
    return (space.mine_counts[cell], cell)


# -- 2. exact game-tree search ------------------------------------------------------------
class _TooBig(Exception):
    pass


class TreeSearch:
    """Optimal play over a short list of layouts, as described in the module docstring."""

    def __init__(self, board: Board, layouts: list[frozenset[Cell]], cells: list[Cell], max_nodes: int = TREE_NODES):
        self.n = len(layouts)
        self.all = (1 << self.n) - 1
        self.max_nodes = max_nodes
        self.memo: dict[int, int] = {}  # exact number of layouts won, per set
        self.upper: dict[int, int] = {}  # an upper bound on it, per set
        self.cells: list[tuple[int, list[int], Cell]] = []  # (mine mask, masks per number, cell)
        seen = set()
        for cell in cells:
            around = [x for x in board.neighbours(cell) if board[x] in (HIDDEN, FLAG)]
            mine = 0
            by_value: dict[int, int] = {}
            for i, layout in enumerate(layouts):
                if cell in layout:
                    mine |= 1 << i
                else:
                    v = sum(x in layout for x in around)
                    by_value[v] = by_value.get(v, 0) | (1 << i)
            masks = tuple(m for _, m in sorted(by_value.items()))
            # a sure mine, a safe cell that tells nothing, or a twin of an earlier cell: left out
            if mine != self.all and (mine or len(masks) > 1) and (mine, masks) not in seen:
                seen.add((mine, masks))
                self.cells.append((mine, list(masks), cell))

    def won(self, s: int, beat: int = -1) -> int:
        """Layouts of the set `s` (a bit mask) won by the best play: exact when above `beat`,
        otherwise some number <= `beat` that bounds it (alpha-beta style)."""
        if s & (s - 1) == 0:
            return 1 if s else 0
        got = self.memo.get(s)
        if got is not None:
            return got
        at_most = self.upper.get(s)
        if at_most is not None and at_most <= beat:
            return at_most
        if len(self.memo) + len(self.upper) >= self.max_nodes:
            raise _TooBig
        size = s.bit_count()
        guesses = []
        for mine, masks, _cell in self.cells:
            hit = s & mine
            if not hit:  # a free click: informative when it splits s
                if sum(1 for m in masks if s & m) > 1:
                    best = self.score(s, masks, beat)
                    break
            elif hit != s:
                guesses.append((size - hit.bit_count(), masks))
        else:
            guesses.sort(key=lambda t: -t[0])
            best = beat
            for bound, masks in guesses:
                if bound <= best:
                    break
                got = self.score(s, masks, best)
                best = max(best, got)
        if best > beat:
            self.memo[s] = best
        else:
            self.upper[s] = best
        return best

    def moves(self, s: int) -> list[tuple[int, list[int], Cell]]:
        """Guesses in `s`, safest first: (upper bound on layouts won, masks, cell)."""
        out = []
        size = s.bit_count()
        for mine, masks, cell in self.cells:
            bad = (s & mine).bit_count()
            if 0 < bad < size:
                out.append((size - bad, masks, cell))
        out.sort(key=lambda t: (-t[0], t[2]))
        return out

    def score(self, s: int, masks: list[int], beat: int = -1) -> int:
        """Layouts of `s` won by opening the cell with these masks, then playing best: exact
        when above `beat`, otherwise some number <= `beat` that bounds it."""
        parts = sorted((p for m in masks if (p := s & m)), key=int.bit_count, reverse=True)
        left = sum(p.bit_count() for p in parts)
        total = 0
        for part in parts:
            left -= part.bit_count()
            total += self.won(part, beat - total - left)
            if total + left <= beat:
                return total + left
        return total


def tree_advice(board: Board, space: LayoutSpace, closed: list[Cell], max_nodes: int = TREE_NODES) -> Advice | None:
    """Exact best play when few layouts remain; None when the search is too large."""
    layouts = space.layouts(0, space.count)
    search = TreeSearch(board, layouts, closed, max_nodes)
    s, n = search.all, space.count
    scored = []
    best = -1
    try:
        for bound, masks, cell in search.moves(s):
            if bound <= best:
                break
            won = search.score(s, masks, best)
            best = max(best, won)
            scored.append((won, n - bound, cell))
    except _TooBig:
        return None
    scored = [t for t in scored if t[0] == best] + sorted((t for t in scored if t[0] < best),
                                                          key=lambda t: (-t[0], t[1], t[2]))
    cands = [Candidate(cell, bad / n, won / n) for won, bad, cell in scored[:8] if won == best]
    won, bad, cell = scored[0]
    return Advice(cell, False, bad / n, "tree", cands)


# -- 3. look-ahead ---------------------------------------------------------------------
def _frontier(board: Board) -> set[Cell]:
    return {c for clue in board.clues for c in clue.neighbours}


def fifty_fifty(board: Board, space: LayoutSpace, closed: list[Cell]) -> Cell | None:
    """A cell of an unavoidable 50/50 pair (module docstring), or None."""
    half = [c for c in closed if 2 * space.mine_counts[c] == space.count]
    halfset = set(half)
    for a in half:
        for b in board.neighbours(a):
            if b <= a or b not in halfset:
                continue
            if _swappable(board, space, a, b) and _exactly_one(board, a, b):
                return a
    return None


def _swappable(board: Board, space: LayoutSpace, a: Cell, b: Cell) -> bool:
    """Every cell around a or b, but a and b, touches both (or is surely a mine)."""
    around_a, around_b = set(board.neighbours(a)) - {b}, set(board.neighbours(b)) - {a}
    for x in around_a ^ around_b:
        if board[x] == HIDDEN and space.mine_counts[x] == space.count:
            continue
        if board[x] == FLAG:
            continue
        return False
    return True


def _exactly_one(board: Board, a: Cell, b: Cell) -> bool:
    """In every layout exactly one of a and b is a mine (both have probability 1/2)."""
    cells = list(board.cells)
    cells[a[0] * board.cols + a[1]] = FLAG
    flagged = LayoutSpace(Board(board.rows, board.cols, tuple(cells), board.mines))
    return flagged.count > 0 and flagged.mine_counts[b] == 0


def outcomes(board: Board, space: LayoutSpace, cell: Cell) -> list[tuple[int, LayoutSpace]]:
    """(number, space of the board with `cell` showing it) for every number `cell` may show."""
    around = [x for x in board.neighbours(cell) if board[x] in (HIDDEN, FLAG)]
    sure = sum(board[x] == FLAG or space.mine_counts[x] == space.count for x in around)
    possible = sum(space.mine_counts[x] > 0 for x in around)
    out = []
    for v in range(sure, possible + 1):
        after = LayoutSpace(reveal(board, cell, v))
        if after.count:
            out.append((v, after))
    return out


def best_safety(board: Board, space: LayoutSpace) -> tuple[float, bool]:
    """(the blended safety of the two safest hidden cells, whether some hidden cell is surely
    safe): (1 - BLEND) x the highest safety + BLEND x the second highest (two cells of equal
    safety count twice; with one hidden cell, its safety)."""
    counts = [space.mine_counts[c] for c in board.hidden if board[c] == HIDDEN]
    if not counts:
        return 1.0, True
    first = min(counts)
    counts.remove(first)
    second = min(counts, default=first)
    return 1 - ((1 - BLEND) * first + BLEND * second) / space.count, first == 0


def candidates(board: Board, space: LayoutSpace, closed: list[Cell]) -> list[Cell]:
    """The cells worth a look-ahead (module docstring), safest first."""
    counts, n = space.mine_counts, space.count
    live = [c for c in closed if counts[c] < n]
    least = min(counts[c] for c in live)
    floor = WITHIN * (n - least)
    good = [c for c in live if n - counts[c] >= floor - NEAR_TIE * n]
    frontier = _frontier(board)
    inner = sorted((c for c in good if c in frontier), key=lambda c: _order(space, c))
    outer = [c for c in good if c not in frontier]
    picks: list[Cell] = []
    if outer:
        def hidden_around(c: Cell) -> int:
            return sum(board[x] != "0" and board[x] in (HIDDEN, FLAG) for x in board.neighbours(c))

        def frontier_around(c: Cell) -> int:
            return sum(x in frontier for x in board.neighbours(c))

        picks = sorted(outer, key=lambda c: (hidden_around(c), c))[:OUTSIDE_PICKS]
        near = sorted((c for c in outer if frontier_around(c)), key=lambda c: (-frontier_around(c), c))
        picks += [c for c in near if c not in picks][:OUTSIDE_PICKS]
    chosen = sorted(inner + picks, key=lambda c: _order(space, c))
    return chosen[:MAX_CANDIDATES]


def look_ahead_advice(board: Board, space: LayoutSpace, closed: list[Cell]) -> Advice:
    """The best guess by secondary safety, with dead cells last and unavoidable 50/50s first."""
    pair = fifty_fifty(board, space, closed)
    if pair:
        return Advice(pair, False, 0.5, "fifty-fifty", [Candidate(pair, 0.5, 0.5)])
    n = space.count
    scored: list[Candidate] = []
    found: dict[Cell, list[tuple[int, LayoutSpace]]] = {}
    for cell in candidates(board, space, closed):
        score = progress = 0.0
        results = found[cell] = outcomes(board, space, cell)
        for _v, after in results:
            weight = after.count / n
            safety, sure = best_safety(after.board, after)
            score += weight * safety
            progress += weight * sure
        scored.append(Candidate(cell, _p(space, cell), score, progress, dead=len(results) <= 1))
    live = [c for c in scored if not c.dead] or scored

    def rank(c: Candidate) -> float:
        return c.score * (1 + PROGRESS_WEIGHT * c.progress)

    best = max(map(rank, live))
    live.sort(key=lambda c: (rank(c) < best - TIE, -c.progress, -rank(c), c.p_mine, c.cell))
    top = live[0]
    better = _dominating(space, top.cell, found[top.cell])
    if better is not None:
        top = Candidate(better, _p(space, better), top.score, top.progress)
    shown = sorted(scored, key=lambda c: (c.dead, -c.score, c.p_mine, c.cell))[:8]
    if all(c.cell != top.cell for c in shown):  # the replacement: listed first
        shown = [top] + shown[:7]
    return Advice(top.cell, False, top.p_mine, "dead" if top.dead else "look-ahead", shown)


def _dominating(space: LayoutSpace, cell: Cell, results: list[tuple[int, LayoutSpace]]) -> Cell | None:
    """The safest cell that is strictly safer than `cell` and safe in every layout where `cell`
    is safe (safe after every number `cell` may show), or None.  Opening it first loses nothing:
    where it is a mine, so is `cell`."""
    common: set[Cell] | None = None
    for _v, after in results:
        safe = {c for c, m in after.mine_counts.items() if m == 0 and after.board[c] == HIDDEN}
        common = safe if common is None else common & safe
    better = [c for c in common or () if c != cell and space.mine_counts[c] < space.mine_counts[cell]]
    return min(better, key=lambda c: _order(space, c)) if better else None
