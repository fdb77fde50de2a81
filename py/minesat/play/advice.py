"""The best move: which cell to open next.

`best_move(board)` gives the cell; `advise(board)` gives the reasons too (plain data, see
`codec.encode_advice`).  Everything rests on exact counting (`counting.LayoutSpace`): every layout of
the mines consistent with the board is equally likely, so a cell's mine probability is the share
of layouts in which it is a mine, and the chance that a safe cell shows the number v is the share
of layouts in which it is safe with v mines around it: the count of the board with that cell
revealed as v, over the count of the board.  The method (the 50/50 geometry of steps 4 and 5
in detail: `fifty.py`):

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
   `TREE_NODES` sets gives up and falls back to what follows.
3. **An isolated region first.**  A component of the layout space whose hidden neighbours all
   belong to it (or are sure mines) can be told apart only by clicks inside it, and it must be
   cleared sooner or later; when it has at most `REGION_LAYOUTS` layouts of its own it is
   played now, by the same search over its own layouts, each weighted by the number of ways
   to place the other mines (`region_advice`).  When the total is known, only a region whose
   layouts all hold the same number of mines: otherwise the count of mines left, once the rest
   of the board is known, tells its layouts apart for free (three cells down an edge holding
   one mine or two, say), and it is left to the look-ahead.
4. **A guess no play avoids first.**  A cell t such that every layout where t is a mine has an
   equally likely twin, t swapped with a nearby safe cell (or a 2x2 block's mined diagonal with
   its safe one), that only opening the swapped cells tells apart: any play loses one of the
   two, so opening t now loses nothing more (the unavoidable 50/50; `fifty.fifty_fifty`).
5. **Otherwise the best guess by look-ahead.**  Candidates: the cells whose safety (1 - mine
   probability) is at least `WITHIN` times the best safety: all such cells on the frontier, and
   of the cells touching no clue (all equally likely mines) a few representatives: the ones with
   the fewest hidden neighbours (likeliest zeros) and the ones touching most frontier cells,
   or all of them once fewer than `OUTSIDE_ALL` are left; the `MAX_CANDIDATES` safest are kept
   (plus those outside cells).  For each candidate c and each number v it may show,
   the board with c revealed as v is counted again, which gives P(v) and the safety after
   seeing v: 0.8 x the best safety + 0.2 x the second best (`BLEND`) of the living cells (a
   cell is dead when all its hidden neighbours are known: it can show one number only), a
   surely safe cell counting 1.  The score is the *secondary safety*  sum over v of
   P(c safe, shows v) x safety after v,  about the chance of surviving this click and the next
   one, times 1 + 0.9 x the cell's *50/50 influence* over its safe layouts (`FIFTY_INFLUENCE`):
   the layouts in which it is half of a would-be unavoidable 50/50, which opening it settles
   now rather than by a later guess (`fifty.influence`).  In the opening (at most 8.5% of the
   cells open, `DEPTH2_OPEN`), where half the games are lost, the best 3 guesses (`DEPTH2`)
   look one step further: the safety after each number v becomes the best secondary safety of
   the next guess (of `DEPTH2_WIDTH` candidates) on that board, about the chance of surviving
   three clicks.  The progress chance (the share of outcomes that make a cell surely safe)
   breaks ties.
   Last, a safer cell that is safe in every layout where the chosen cell is safe (safe after
   every number it may show) replaces it: opening that cell first loses nothing, since where
   it is a mine so is the chosen cell.  Dead candidates (one number only) are played last.

Every rule and constant here was measured on paired games (the same seeds played by two
variations); the figures, and the variations that did not help, are in `bench/README.md`.

Remaining ties go to the lower mine probability, then to the first cell in row-major order: the
advice is a deterministic function of the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING

from minesat.board import FLAG, HIDDEN, Board, Cell
from minesat.counting import LayoutSpace
from minesat.play import fifty

if TYPE_CHECKING:
    from minesat.play.flags import WrongFlag

TREE_LAYOUTS = 1000  # exact game-tree search when at most this many layouts remain
TREE_NODES = 10_000  # ... and give up on a search that visits more sets of layouts than this
WITHIN = 0.9  # look-ahead candidates: safety at least this share of the best safety
MAX_CANDIDATES = 14  # at most this many candidates get the look-ahead
OUTSIDE_PICKS = 3  # cells touching no clue: this many of each kind become candidates
NEAR_TIE = 1e-9
TIE = 1e-9  # look-ahead scores this close to the best count as ties, broken by progress
PROGRESS_WEIGHT = 0.0  # rank guesses by secondary safety x (1 + PROGRESS_WEIGHT x progress);
                       # 0.2 won 2 points fewer expert games (1,500 paired games)
REGION_LAYOUTS = 1000  # search an isolated region with at most this many layouts of its own (0: never)
FIFTY_INFLUENCE = 0.9  # score x (1 + this x the cell's 50/50 influence / its safe layouts)
DEPTH2 = 3  # in the opening, the best few guesses (this many) are ranked again by two steps of look-ahead
DEPTH2_WIDTH = 6  # ... whose second step weighs this many candidates
DEPTH2_OPEN = 0.085  # ... the opening: while at most this share of the cells is open (40 of expert's 480)
BLEND = 0.2  # safety after a reveal: (1 - BLEND) x the best cell's + BLEND x the second best's
INFLUENCE_CANDIDATES = False  # look-ahead: also cells whose safe layouts + 50/50 influence reach WITHIN x the best's
OUTSIDE_ALL = 30  # look-ahead: every cell touching no clue is a candidate while fewer than this are left (0: never)
SLACK = 1e-12  # a bound on a sum of a few floats, above any rounding of the sum (the second step skips work below it)


@dataclass
class Candidate:
    """One guess considered: its mine probability and its score (higher is better)."""

    cell: Cell
    p_mine: float
    score: float  # chance of winning (tree search) or secondary safety (look-ahead)
    progress: float = 0.0  # chance that the reveal makes some other cell surely safe
    dead: bool = False
    steps: int = 1  # look-ahead: 2 for the opening's best guesses, ranked by two steps


@dataclass
class Advice:
    """The move and why: `method` is 'safe', 'tree', 'region', 'fifty-fifty', 'look-ahead' or
    'dead'."""

    move: Cell
    safe: bool
    p_mine: float
    method: str
    candidates: list[Candidate] = field(default_factory=list)
    safe_cells: list[Cell] = field(default_factory=list)
    wrong_flags: list[WrongFlag] = field(default_factory=list)  # flags that cannot be mines, with proofs
    ignored_flags: list[Cell] = field(default_factory=list)  # flags not taken as mines (wrong ones included)


def best_move(board: Board) -> Cell:
    """The cell to open next (see the module docstring)."""
    return advise(board).move


def advise(board: Board, space: LayoutSpace | None = None, *, flags_as_mines: bool = False) -> Advice:
    """The best move with its reasons; ValueError on a board with no layout or nothing to open.

    Flags are the player's marks: taken as mines when the board has a layout with them;
    otherwise the advice is for the board without the wrong ones (`flags.trusted_board`) and
    names them with their proofs (`wrong_flags`, `ignored_flags`).  `flags_as_mines` takes
    every flag as a mine, whatever the numbers say (no layout: ValueError)."""
    space = space or LayoutSpace(board)
    if not space.count and board.flags and not flags_as_mines:
        from minesat.play.flags import trusted_board, wrong_flags
        trusted, trusted_space, ignored = trusted_board(board, space)
        if trusted_space.count:
            result = _advise(trusted, trusted_space)
            result.wrong_flags = wrong_flags(board)
            result.ignored_flags = ignored
            return result
    return _advise(board, space)


def _advise(board: Board, space: LayoutSpace) -> Advice:
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
    if REGION_LAYOUTS:
        advice = region_advice(board, space, closed)
        if advice:
            return advice
    return look_ahead_advice(board, space, closed)


# -- helpers on boards -------------------------------------------------------------------
def reveal(board: Board, cell: Cell, value: int) -> Board:
    """The board with a hidden `cell` showing `value` (a number it can show on this board)."""
    return board.replace({cell: str(value)})


def _p(space: LayoutSpace, cell: Cell) -> float:
    return space.mine_counts[cell] / space.count


def _order(space: LayoutSpace, cell: Cell) -> tuple[int, Cell]:
    return (space.mine_counts[cell], cell)


# -- 2. exact game-tree search ------------------------------------------------------------
class _TooBig(Exception):
    pass


def outcome_masks(board: Board, layouts: list[frozenset[Cell]], cell: Cell) -> tuple[int, tuple[int, ...]]:
    """(the layouts where `cell` is a mine, per number it may show the layouts where it is safe
    and shows it, by increasing number), each set of layouts a bit mask (bit i: layouts[i])."""
    around = board.unknown_neighbours(cell)
    mine = 0
    by_value: dict[int, int] = {}
    for i, layout in enumerate(layouts):
        if cell in layout:
            mine |= 1 << i
        else:
            v = sum(x in layout for x in around)
            by_value[v] = by_value.get(v, 0) | (1 << i)
    return mine, tuple(m for _, m in sorted(by_value.items()))


class TreeSearch:
    """Optimal play over a short list of layouts, as described in the module docstring."""

    def __init__(self, board: Board, layouts: list[frozenset[Cell]], cells: list[Cell], max_nodes: int = TREE_NODES,
                 weights: list[int] | None = None):
        """`weights`: how likely each layout is (whole numbers), when they are not equally likely;
        the search then adds weights instead of counting layouts."""
        self.n = len(layouts)
        self.size: Callable[[int], int] = int.bit_count
        if weights is not None:
            groups: dict[int, int] = {}
            for i, w in enumerate(weights):
                groups[w] = groups.get(w, 0) | (1 << i)
            pairs = list(groups.items())
            self.size = lambda s: sum(w * (s & g).bit_count() for w, g in pairs)
        self.all = (1 << self.n) - 1
        self.max_nodes = max_nodes
        self.memo: dict[int, int] = {}  # exact number of layouts won, per set
        self.upper: dict[int, int] = {}  # an upper bound on it, per set
        self.cells: list[tuple[int, list[int], Cell]] = []  # (mine mask, masks per number, cell)
        seen = set()
        for cell in cells:
            mine, masks = outcome_masks(board, layouts, cell)
            # a sure mine, a safe cell that tells nothing, or a twin of an earlier cell: left out
            if mine != self.all and (mine or len(masks) > 1) and (mine, masks) not in seen:
                seen.add((mine, masks))
                self.cells.append((mine, list(masks), cell))

    def won(self, s: int, beat: int = -1) -> int:
        """Layouts of the set `s` (a bit mask) won by the best play: exact when above `beat`,
        otherwise some number <= `beat` that bounds it (alpha-beta style)."""
        if s & (s - 1) == 0:
            return self.size(s)
        got = self.memo.get(s)
        if got is not None:
            return got
        at_most = self.upper.get(s)
        if at_most is not None and at_most <= beat:
            return at_most
        if len(self.memo) + len(self.upper) >= self.max_nodes:
            raise _TooBig
        size = self.size(s)
        guesses = []
        for mine, masks, _cell in self.cells:
            hit = s & mine
            if not hit:  # a free click: informative when it splits s
                if sum(1 for m in masks if s & m) > 1:
                    best = self.score(s, masks, beat)
                    break
            elif hit != s:
                guesses.append((size - self.size(hit), masks))
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
        size = self.size(s)
        for mine, masks, cell in self.cells:
            hit = s & mine
            bad = self.size(hit)
            if hit and hit != s:
                out.append((size - bad, masks, cell))
        out.sort(key=lambda t: (-t[0], t[2]))
        return out

    def root_moves(self) -> tuple[int, list[tuple[int, int, Cell]]]:
        """(the layouts won by the best first move, [(layouts won, upper bound, cell)] for the moves
        tried, safest first; a move's figure is exact when it reaches the best, else a bound
        below it).  Raises _TooBig when the search is too large."""
        best, tried = -1, []
        for bound, masks, cell in self.moves(self.all):
            if bound <= best:
                break
            won = self.score(self.all, masks, best)
            best = max(best, won)
            tried.append((won, bound, cell))
        return best, tried

    def score(self, s: int, masks: list[int], beat: int = -1) -> int:
        """Layouts of `s` won by opening the cell with these masks, then playing best: exact
        when above `beat`, otherwise some number <= `beat` that bounds it."""
        parts = sorted(((self.size(p), p) for m in masks if (p := s & m)), reverse=True)
        left = sum(w for w, _ in parts)
        total = 0
        for w, part in parts:
            left -= w
            total += self.won(part, beat - total - left)
            if total + left <= beat:
                return total + left
        return total


def tree_advice(board: Board, space: LayoutSpace, closed: list[Cell], max_nodes: int = TREE_NODES) -> Advice | None:
    """Exact best play when few layouts remain; None when the search is too large."""
    layouts = space.layouts(0, space.count)
    search = TreeSearch(board, layouts, closed, max_nodes)
    n = space.count
    try:
        best, tried = search.root_moves()
    except _TooBig:
        return None
    scored = [(won, n - bound, cell) for won, bound, cell in tried]
    scored = [t for t in scored if t[0] == best] + sorted((t for t in scored if t[0] < best),
                                                          key=lambda t: (-t[0], t[1], t[2]))
    cands = [Candidate(cell, bad / n, won / n) for won, bad, cell in scored[:8] if won == best]
    won, bad, cell = scored[0]
    return Advice(cell, False, bad / n, "tree", cands)


def region_advice(board: Board, space: LayoutSpace, closed: list[Cell]) -> Advice | None:
    """Exact best play inside an isolated region, or None: a component of the layout space
    whose hidden neighbours all belong to it (or are sure mines), whose layouts all hold the
    same number of mines (when the total is known), and that has at most `REGION_LAYOUTS` layouts of its own.  Nothing
    outside it, clicks or the count of mines left, ever tells its layouts apart, and it must be
    cleared sooner or later, so it is played first and optimally: a game-tree search over its
    own layouts, each weighted by the number of ways to place the other mines."""
    n, counts = space.count, space.mine_counts
    sure = set(space.fixed_mines) | set(board.flags)
    best: tuple[float, Advice] | None = None
    for j, comp in enumerate(space.components):
        if sum(comp.poly.values()) > REGION_LAYOUTS:
            continue
        cells = [cell for group in comp.cells for cell in group]
        inside = set(cells)
        if any(board[x] == HIDDEN and x not in inside and counts[x] != n
               for cell in cells for x in board.neighbours(cell)):
            continue
        weight = _region_weights(space, j)
        if space.total is not None and sum(1 for k in comp.poly if weight[k]) > 1:
            continue  # the count of mines left will tell its layouts apart (module docstring, step 3)
        layouts, weights = [], []
        for k, ways in sorted(comp.poly.items()):
            if not weight[k]:
                continue
            for i in range(ways):
                mines: list[Cell] = []
                comp.unrank(i, k, mines)
                layouts.append(frozenset(mines) | sure)
                weights.append(weight[k])
        if len(layouts) < 2:
            continue
        search = TreeSearch(board, layouts, sorted(cells), TREE_NODES, weights)
        total = search.size(search.all)
        try:
            top, tried = search.root_moves()
        except _TooBig:
            continue
        if not tried:
            continue
        chance = top / total
        move = min(cell for won, _, cell in tried if won == top)
        cands = [Candidate(cell, _p(space, cell), won / total) for won, _, cell in tried if won == top][:8]
        advice = Advice(move, False, _p(space, move), "region", cands)
        if best is None or chance > best[0]:
            best = (chance, advice)
    return best[1] if best else None


def _region_weights(space: LayoutSpace, j: int) -> dict[int, int]:
    """{mines in component j: ways to place the other mines}, scaled to about 2**40."""
    if space.total is None:
        return dict.fromkeys(space.components[j].poly, 1)
    raw = space.completions[j]
    top = max(raw.values())
    return {k: max(1, (v << 40) // top) if v else 0 for k, v in raw.items()}


# -- 3. look-ahead ---------------------------------------------------------------------
def spaces_after_reveal(board: Board, space: LayoutSpace, cell: Cell) -> list[tuple[int, LayoutSpace]]:
    """(number, space of the board with `cell` showing it) for every number `cell` may show."""
    return [(v, after) for v in _numbers(board, space, cell)
            if (after := space.reveal(cell, v) if space.board is board else LayoutSpace(reveal(board, cell, v))).count]


def _numbers(board: Board, space: LayoutSpace, cell: Cell) -> range:
    """From `cell`'s sure mines to its neighbours that may be mines: the numbers it may show (or not)."""
    around = board.unknown_neighbours(cell)
    sure = sum(board[x] == FLAG or space.mine_counts[x] == space.count for x in around)
    possible = sum(space.mine_counts[x] > 0 for x in around)
    return range(sure, possible + 1)




def best_safety(board: Board, space: LayoutSpace) -> tuple[float, bool]:
    """(the blended safety of the two safest living hidden cells, whether some living hidden
    cell is surely safe): (1 - BLEND) x the highest safety + BLEND x the second highest (two
    cells of equal safety count twice; with one cell, its safety).  A cell is dead when all its
    hidden neighbours are surely mines or surely safe: its number is known, so opening it
    teaches nothing; dead cells count only when every cell is dead."""
    n, counts = space.count, space.mine_counts
    ranked: list[int] = []  # the two lowest mine counts of hidden cells that may be safe
    living: list[int] = []  # ... of living ones
    outside = space.outside  # (cells next to no clue: all with one count, most of the board in the opening)
    for m in sorted(set(counts.values())):  # a few distinct counts: cells taken a count at a time
        if m >= n or len(living) == 2:
            break
        if outside and counts[outside[0]] == m:  # the outside cells first, then the others with that count
            cells: Iterable[Cell] = chain(outside, _others(counts, m, outside))
        else:
            cells = [c for c, x in counts.items() if x == m]
        for c in cells:
            if board[c] != HIDDEN:
                continue
            if len(ranked) < 2:
                ranked.append(m)
            if not _known_number(board, space, c):
                living.append(m)
                if len(living) == 2:
                    break
    if not ranked:  # every hidden cell is surely a mine: the game is won
        return 1.0, True
    pool = living or ranked
    first = pool[0]
    second = pool[1] if len(pool) > 1 else first
    return 1 - (1 - BLEND) * (first / n) - BLEND * (second / n), first == 0  # int / int: no float overflow


def _others(counts: dict[Cell, int], m: int, outside: list[Cell]) -> Iterator[Cell]:
    """The cells with mine count m that are not in `outside` (worked out only when asked for)."""
    skip = set(outside)
    yield from (c for c, x in counts.items() if x == m and c not in skip)


def _known_number(board: Board, space: LayoutSpace, cell: Cell) -> bool:
    n, counts = space.count, space.mine_counts
    return all(board[x] != HIDDEN or counts[x] in (0, n) for x in board.neighbours(cell))


def candidates(board: Board, space: LayoutSpace, closed: list[Cell]) -> list[Cell]:
    """The cells worth a look-ahead (module docstring), safest first."""
    counts, n = space.mine_counts, space.count
    live = [c for c in closed if counts[c] < n]
    least = min(counts[c] for c in live)
    floor = WITHIN * ((n - least) / n) - NEAR_TIE  # shares of n: n may be far above the largest float
    good = [c for c in live if (n - counts[c]) / n >= floor]
    frontier = board.frontier()
    inner = sorted((c for c in good if c in frontier), key=lambda c: _order(space, c))
    outer = [c for c in good if c not in frontier]
    picks: list[Cell] = []
    every_outer = len(outer) < OUTSIDE_ALL  # few left: every one is weighed
    if every_outer:
        picks = outer
    elif outer:
        rows, cols = board.rows, board.cols

        def hidden_around(c: Cell) -> int:  # a cell next to no number: all its neighbours are hidden
            r, q = c
            return (1 + (r > 0) + (r < rows - 1)) * (1 + (q > 0) + (q < cols - 1)) - 1

        frontier_around: dict[Cell, int] = {}  # frontier cells around each outer cell that has some
        inside = set(outer)
        for f in frontier:
            for x in board.neighbours(f):
                if x in inside:
                    frontier_around[x] = frontier_around.get(x, 0) + 1
        picks = sorted(outer, key=lambda c: (hidden_around(c), c))[:OUTSIDE_PICKS]
        near = sorted(frontier_around, key=lambda c: (-frontier_around[c], c))
        picks += [c for c in near if c not in picks][:OUTSIDE_PICKS]
    chosen = sorted(inner + picks, key=lambda c: _order(space, c))
    return chosen[:MAX_CANDIDATES + (len(picks) if every_outer else 0)]


def influenced(board: Board, space: LayoutSpace, closed: list[Cell], chosen: list[Cell],
               known: dict[Cell, int]) -> list[Cell]:
    """The living frontier cells not in `chosen` whose safe layouts plus 50/50 influence
    (`fifty.influence`, stored in `known`) reach `WITHIN` x the safest cell's safe layouts: a
    cell that is either safe or half of a would-be 50/50 may be worth opening though riskier
    (`INFLUENCE_CANDIDATES`, the best published solver's long-term candidates)."""
    counts, n = space.mine_counts, space.count
    live = [c for c in closed if counts[c] < n]
    floor = WITHIN * (n - min(counts[c] for c in live))
    taken, frontier = set(chosen), board.frontier()
    out = []
    for c in sorted(live, key=lambda c: _order(space, c)):
        safe = n - counts[c]
        if c in taken or c not in frontier or safe + min(counts[c], safe) < floor:
            continue
        if _known_number(board, space, c) or not fifty.may_influence(board, space, c):
            continue
        known[c] = fifty.influence(board, space, c)
        if safe + known[c] >= floor:
            out.append(c)
    return out


def look_ahead_advice(board: Board, space: LayoutSpace, closed: list[Cell]) -> Advice:
    """The best guess by secondary safety, with dead cells last and unavoidable 50/50s first."""
    pair = fifty.fifty_fifty(board, space, closed)
    if pair:
        p = _p(space, pair)
        return Advice(pair, False, p, "fifty-fifty", [Candidate(pair, p, 1 - p)])
    n = space.count
    scored: list[Candidate] = []
    found: dict[Cell, list[tuple[int, LayoutSpace]]] = {}
    plain: dict[Cell, float] = {}  # secondary safety before the influence
    cells = candidates(board, space, closed)
    known: dict[Cell, int] = {}  # 50/50 influences worked out already
    if INFLUENCE_CANDIDATES and FIFTY_INFLUENCE:
        cells += influenced(board, space, closed, cells, known)
    for cell in cells:
        results = found[cell] = spaces_after_reveal(board, space, cell)
        score, progress = secondary_safety(n, results)
        plain[cell] = score
        if FIFTY_INFLUENCE:
            weight = known[cell] if cell in known else fifty.influence(board, space, cell)
            score *= 1 + FIFTY_INFLUENCE * (weight / (n - space.mine_counts[cell]))
        scored.append(Candidate(cell, _p(space, cell), score, progress, dead=len(results) <= 1))
    live = [c for c in scored if not c.dead] or scored

    def rank(c: Candidate) -> float:
        return c.score * (1 + PROGRESS_WEIGHT * c.progress)

    opened = sum(ch not in (HIDDEN, FLAG) for ch in board.cells)
    if DEPTH2 and len(live) > 1 and opened <= DEPTH2_OPEN * len(board.cells):
        live.sort(key=lambda c: (-rank(c), c.p_mine, c.cell))
        live = live[:DEPTH2]
        for c in live:  # the influence factor stays; the look-ahead goes one step further
            first = plain[c.cell]
            second = sum(after.count / n * second_step(after) for _v, after in found[c.cell])
            c.score *= second / first if first else 1.0
            c.steps = 2

    best = max(map(rank, live))
    live.sort(key=lambda c: (rank(c) < best - TIE, -c.progress, -rank(c), c.p_mine, c.cell))
    top = live[0]
    better = _dominating(space, top.cell, found[top.cell])
    if better is not None:
        top = Candidate(better, _p(space, better), top.score, top.progress, steps=top.steps)
    shown = sorted(scored, key=lambda c: (c.dead, -c.steps, -c.score, c.p_mine, c.cell))[:8]
    if all(c.cell != top.cell for c in shown):  # the replacement: listed first
        shown = [top] + shown[:7]
    return Advice(top.cell, False, top.p_mine, "dead" if top.dead else "look-ahead", shown)


def second_step(space: LayoutSpace) -> float:
    """The best secondary safety of a guess on the board of `space`, over its first
    `DEPTH2_WIDTH` candidates (1 when a living cell is surely safe, or the game is won)."""
    board = space.board
    if best_safety(board, space)[1]:
        return 1.0
    closed = [c for c in board.hidden if board[c] == HIDDEN]
    n, best = space.count, 0.0
    for cell in candidates(board, space, closed)[:DEPTH2_WIDTH]:  # safest first
        if best > (n - space.mine_counts[cell]) / n + SLACK:  # its secondary safety <= its safety: the rest's too
            break
        best = max(best, _secondary_above(board, space, cell, best))
    return best


def _secondary_above(board: Board, space: LayoutSpace, cell: Cell, beat: float) -> float:
    """`secondary_safety` of `cell` (the same sum, same order) if it may beat `beat`, else some number below:
    numbers counted likeliest first, until what it has plus the layouts still to come (each <= 1) is below."""
    n, counts = space.count, space.mine_counts
    expected = sum(counts[x] for x in board.unknown_neighbours(cell)) / n
    left, got = n - counts[cell], 0.0  # layouts where it is safe not yet counted, the sum so far
    terms: dict[int, float] = {}
    for v in sorted(_numbers(board, space, cell), key=lambda v: (abs(v - expected), v)):
        after = space.reveal(cell, v) if space.board is board else LayoutSpace(reveal(board, cell, v))
        left -= after.count
        if after.count:
            terms[v] = after.count / n * best_safety(after.board, after)[0]
            got += terms[v]
        if got + left / n + SLACK < beat:
            return got
    score = 0.0
    for v in sorted(terms):  # the sum in secondary_safety's order
        score += terms[v]
    return score


def secondary_safety(n: int, results: list[tuple[int, LayoutSpace]]) -> tuple[float, float]:
    """(sum over the numbers v a cell may show of P(safe, shows v) x the safety after v, the
    chance that it makes some cell surely safe), from its `spaces_after_reveal` on a board of n layouts."""
    score = progress = 0.0
    for _v, after in results:
        weight = after.count / n
        safety, sure = best_safety(after.board, after)
        score += weight * safety
        progress += weight * sure
    return score, progress


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
