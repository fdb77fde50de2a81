"""Everything the page and the CLI show about a board, in one call: `analyze` -> `answers.Analysis`."""

from __future__ import annotations

import random
from types import ModuleType

from minesat.analysis.result import Analysis
from minesat.board import Board, Cell
from minesat.counting import LayoutSpace, TooTangled
from minesat.counting.totals import total_conflict
from minesat.reductions.solve import conflict, forced_cells, get_solver

WITNESSES = 8  # layouts sampled from the count to spare SAT calls in the backbone
FORCED = ("count", "sat")  # where analyze() takes the forced cells from


class EnginesDisagree(AssertionError):
    """Exact counting and SAT gave different answers: a bug, never a property of the board."""


def analyze(board: Board, solver: ModuleType | None = None, encoding: str = "binomial",
            forced: str = "count", uncountable: str = "raise") -> Analysis:
    """Count, probabilities and forced cells of a board; a minimal conflict when it has no layout.

    Count and probabilities come from exact counting (`LayoutSpace`).  Forced cells come,
    with forced="count", from the same counts (probability 0 or 1: about a millisecond on
    an expert board), or with forced="sat" from the SAT backbone of the board's CNF in
    `encoding`, solved by `solver` (docs/architecture.md#references; independent of the counting, and seconds
    when the total number of mines binds).  A contradictory board gets its conflict from
    SAT.  The two engines are cross-checked: a disagreement raises EnginesDisagree.
    A board too tangled to count exactly raises counting.TooTangled, or with
    uncountable="sat" gets what SAT alone can tell (`analyze_by_sat`).
    """
    if forced not in FORCED:
        raise ValueError(f"unknown source of forced cells {forced!r}; choose one of {', '.join(FORCED)}")
    try:
        space = LayoutSpace(board)
    except TooTangled:
        if uncountable != "sat":
            raise
        return analyze_by_sat(board, solver, encoding)
    if not space.count:
        by_count = _total_conflict(board)  # a wrong total: its conflict by counting, no SAT
        if by_count is not None:
            return Analysis(board, False, 0, [], [], {}, by_count, True)
        clues = conflict(board, solver or get_solver(), encoding)
        if clues is None:
            raise EnginesDisagree("counting found no layout, but the SAT solver found one")
        uses_total = board.mines is not None and LayoutSpace(board.with_mines(None)).count > 0
        return Analysis(board, False, 0, [], [], {}, clues, uses_total)
    safe, mines = space.safe, space.mines
    if forced == "sat":
        rng = random.Random(0)
        witnesses = [space.sample(rng) for _ in range(WITNESSES)]
        backbone = forced_cells(board, solver or get_solver(), encoding, witnesses)
        if backbone != (safe, mines):
            raise EnginesDisagree(f"forced cells by counting {(safe, mines)} and by SAT {backbone} differ")
    probability = {cell: space.probability(cell) for cell in board.hidden}
    return Analysis(board, True, space.count, safe, mines, probability, space=space)


def _total_conflict(board: Board) -> list[Cell] | None:
    """`totals.total_conflict`, or None (SAT then finds the conflict) when part of the board is too tangled."""
    try:
        return total_conflict(board)
    except TooTangled:
        return None


def analyze_by_sat(board: Board, solver: ModuleType | None = None, encoding: str = "binomial") -> Analysis:
    """What SAT tells of a board's clues and flags alone, for boards too tangled to count.

    `count` is None and there are no probabilities.  The total number of mines is not used:
    with it, refutations need counting, which can take a CDCL solver minutes on such boards.
    So the forced cells are those of the clues and flags: sure, but perhaps fewer than the
    total would force, and a contradiction that needs the total goes unseen.
    """
    solver = solver or get_solver()
    clues_only = board.with_mines(None)
    forced = forced_cells(clues_only, solver, encoding)
    if forced is None:
        return Analysis(board, False, 0, [], [], {}, conflict(clues_only, solver, encoding) or [])
    safe, mines = forced
    return Analysis(board, True, None, safe, mines, {})


def local_forced(board: Board) -> tuple[list[Cell], list[Cell]] | None:
    """The cells that one clue or a pair of clues force, again and again with what they found
    (the quick deductions a player makes): sure, cheap on any board (no counting, no SAT), and
    perhaps fewer than every forced cell.  The flags are taken as mines; the total is not used.
    None when the clues contradict each other on the way.  A worklist: only the clues around a
    cell just found are looked at again."""
    from minesat.proofs.explain import MINE, SAFE, Seen, pair_verdict, seen_clues, single_verdict
    base = seen_clues(board, flags=True)
    around: dict[Cell, list[int]] = {}
    for i, clue in enumerate(base):
        for c in clue.cells:
            around.setdefault(c, []).append(i)
    partners = [{j for c in clue.cells for j in around[c] if j != i} for i, clue in enumerate(base)]
    known: dict[Cell, str] = {}

    def now(i: int) -> Seen:  # clue i with the cells found so far taken out
        clue = base[i]
        return Seen(clue.cell, clue.need - sum(known.get(c) == MINE for c in clue.cells),
                    frozenset(c for c in clue.cells if c not in known))

    waiting = set(range(len(base)))
    while waiting:
        i = waiting.pop()
        a = now(i)
        if a.need < 0 or a.need > len(a.cells):
            return None
        others = [now(j) for j in partners[i]]
        for cell in a.cells:
            verdict = single_verdict(a, cell) or next((v for b in others if (v := pair_verdict(a, b, cell))), None)
            if verdict is None:
                continue
            if known.get(cell, verdict) != verdict:
                return None  # the clues contradict each other
            known[cell] = verdict
            for j in around[cell]:
                waiting.add(j)
                waiting.update(partners[j])
    return (sorted(c for c, v in known.items() if v == SAFE), sorted(c for c, v in known.items() if v == MINE))
