"""Why: a minimal proof for every forced cell, and what each click can reveal.

Proofs. A cell is surely safe when "mine here" and the board's constraints are unsatisfiable,
surely a mine when "safe here" is (Porcar Guillamón's slides: docs/architecture.md#references).
A proof of it is a set of clues whose clauses alone are still unsatisfiable with that query, no
proper subset being so, and two booleans: whether the flags take part (without them a flagged
cell is a plain unknown) and whether the total number of mines does.  `proofs(board)` finds one
for every forced cell except the flags (the user asserts those):

1. Exact counts of the board with the flags and the total switched off and on say, for each
   forced cell, the easiest level that forces it: the clues alone, with the flags, with the
   total, with both (monotone: more constraints never unforce a cell).  So the flags and the
   total are marked exactly when needed.
2. Without the total, one clue or a pair of clues forcing the cell is found by counting mines
   per region (a clue's cells, the shared cells, the other clue's cells), without SAT.
3. Otherwise SAT: each clue's binomial clauses (`card.exactly`) behind a selector literal in one
   incremental session (`solve.incremental`: picosat_wasm's `Solver`, or native pycosat given
   the assumptions as unit clauses), with the flags and the total (`card`'s unary counter)
   behind selectors of their own.  Clues are switched on in rings growing outward from the
   cell through clues sharing a cell, until the query is UNSAT; then deletion-based
   minimisation drops clues farthest first, each UNSAT answer keeping only the clues among
   picosat's failed assumptions.  What is left is minimal: dropping any one clue leaves the
   cell unforced.

Outcomes, what each click can reveal, are `outcomes.py`'s.  The page's JSON of a proof is
codec.py's, the CLI's `analyze --explain` cli.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import NamedTuple

from minesat.board import FLAG, HIDDEN, Board, Cell, Clue, cell_name
from minesat.counting import Constraints, Contradiction, LayoutSpace, TooTangled, propagate
from minesat.counting.outcomes import MINE
from minesat.reductions import card
from minesat.reductions.cnf import CNF, TOTAL_ENCODING
from minesat.reductions.solve import forced_cells, get_solver, incremental

SAFE = "safe"
GRADES = ("one clue", "two clues", "three or more clues", "needs the flags", "needs the total")
LEVELS = ((False, False), (True, False), (False, True), (True, True))  # (flags, total), easiest first


class ProofError(AssertionError):
    """The SAT search and the exact counts disagree about a cell: a bug, never the board's fault."""


@dataclass(frozen=True)
class Proof:
    """Why `cell` is surely safe or surely a mine: these clues alone force it (with the flags
    and the total number of mines where marked), and no proper part of them does."""

    cell: Cell
    verdict: str  # SAFE or MINE
    clues: tuple[Cell, ...]  # the cells of the clues, sorted
    flags: bool = False
    total: bool = False

    @property
    def grade(self) -> int:
        """Difficulty, an index into GRADES: one clue, two, three or more, flags, total."""
        if self.total:
            return 4
        if self.flags:
            return 3
        return min(len(self.clues), 3) - 1

    def sort_key(self) -> tuple[int, int, Cell]:
        """Easiest first: by grade, then by number of clues, then row-major."""
        return self.grade, len(self.clues), self.cell

    @property
    def grade_name(self) -> str:
        return GRADES[self.grade]

    def describe(self, board: Board) -> str:
        """In words, e.g. 'r3c4 is safe: the clues r2c3 (1) and r2c4 (2) leave no room for a mine there'."""
        names = [f"{cell_name(c)} ({board[c]})" for c in self.clues]
        parts = ([f"the clue {names[0]}"] if len(names) == 1 else
                 [f"the clues {', '.join(names[:-1])} and {names[-1]}"] if names else [])
        parts += (["the flags"] if self.flags else []) + (["the total number of mines"] if self.total else [])
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        plural = len(parts) > 1 or len(names) > 1 or self.flags
        if self.verdict == SAFE:
            return f"{cell_name(self.cell)} is safe: {said} leave{'' if plural else 's'} no room for a mine there"
        return f"{cell_name(self.cell)} is a mine: {said} cannot be met without a mine there"


# -- levels: which of the flags and the total a cell needs -----------------------------------
def relaxed(board: Board, flags: bool, total: bool) -> Board:
    """The board without its flags (they become hidden cells) and/or without its total."""
    if flags or not board.flags:  # the same cells
        return board.with_mines(board.mines if total else None)
    cells = tuple(HIDDEN if ch == FLAG else ch for ch in board.cells)
    return Board(board.rows, board.cols, cells, board.mines if total else None)


def forced_levels(board: Board, space: LayoutSpace, solver: ModuleType | None = None,
                  only: set[Cell] | None = None) -> dict[Cell, tuple[str, bool, bool]]:
    """Every forced cell but the flags (or those of `only`): (verdict, flags needed, total needed),
    at the easiest level.  `solver` is only used when a relaxed board is too tangled to count."""
    targets = {c: SAFE for c in space.safe} | {c: MINE for c in space.mines if board[c] != FLAG}
    if only is not None:
        targets = {c: v for c, v in targets.items() if c in only}
    out: dict[Cell, tuple[str, bool, bool]] = {}
    seen: set[Board] = set()
    for flags, total in LEVELS:
        weaker = relaxed(board, flags, total)
        if not targets or weaker in seen:
            continue
        seen.add(weaker)
        try:
            counted = space if weaker == board else LayoutSpace(weaker)
            forced = set(counted.safe) | set(counted.mines)
        except TooTangled:  # the flags kept two groups apart: ask SAT (exact, maybe slower)
            safe, mines = forced_cells(weaker, solver or get_solver()) or ([], [])
            forced = set(safe) | set(mines)
        for cell in [c for c in targets if c in forced]:
            out[cell] = (targets.pop(cell), flags, total)
    if targets:
        raise ProofError(f"cells forced on the board but at no level: {sorted(targets)}")
    return out


# -- clues as a level sees them ---------------------------------------------------------------
class Seen(NamedTuple):
    """A clue at one level: mines still to place among its unknown cells (flags set apart when
    the level uses them)."""

    cell: Cell
    need: int
    cells: frozenset[Cell]


def seen_clues(board: Board, flags: bool) -> list[Seen]:
    out = []
    for clue in board.clues:
        placed = [n for n in clue.neighbours if flags and board[n] == FLAG]
        cells = frozenset(clue.neighbours) - set(placed)
        if cells:
            out.append(Seen(clue.cell, clue.count - len(placed), cells))
    return out


def single_verdict(clue: Seen, cell: Cell) -> str | None:
    """What one clue alone says of `cell`: SAFE, MINE or None."""
    if cell in clue.cells:
        if clue.need == 0:
            return SAFE
        if clue.need == len(clue.cells):
            return MINE
    return None


def pair_verdict(a: Seen, b: Seen, cell: Cell) -> str | None:
    """What two clues together say of `cell` (the 1-1 and 1-2 patterns and their kin).

    Cells split into a's own, the shared ones and b's own; within a region cells are
    interchangeable, so a layout is a number k of mines among the shared cells, and the
    possible k form the interval [low, high]."""
    shared = a.cells & b.cells
    own_a, own_b = a.cells - shared, b.cells - shared
    low = max(0, a.need - len(own_a), b.need - len(own_b))
    high = min(len(shared), a.need, b.need)
    if low > high:
        return None  # the two contradict each other: not on a board with layouts
    if cell in shared:
        return SAFE if high == 0 else MINE if low == len(shared) else None
    for clue, own in ((a, own_a), (b, own_b)):
        if cell in own:  # its region holds clue.need - k mines
            return SAFE if clue.need == low else MINE if clue.need - high == len(own) else None
    return None


def cheap_proof(cell: Cell, verdict: str, clues: list[Seen], touching: dict[Cell, list[Seen]]
                ) -> tuple[Cell, ...] | None:
    """One clue, else a pair of clues, that forces `cell` to `verdict`; None if there is none."""
    near = touching.get(cell, [])
    for clue in near:
        if single_verdict(clue, cell) == verdict:
            return (clue.cell,)
    for a in near:
        partners = {b for c in a.cells for b in touching.get(c, ()) if b != a}
        for b in sorted(partners, key=lambda b: (distance(b.cell, cell), b.cell)):
            if pair_verdict(a, b, cell) == verdict:
                return tuple(sorted((a.cell, b.cell)))
    return None


def distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def rings(cell: Cell, clues: list[Seen], touching: dict[Cell, list[Seen]], everything: bool
          ) -> list[list[Seen]]:
    """Clues in rings growing outward from `cell`: those around it, then each ring the clues
    sharing a cell with the previous ones; with `everything`, the rest last (the total links
    every clue).  Within a ring, nearest first."""
    out: list[list[Seen]] = []
    seen: set[Seen] = set()
    ring = list(touching.get(cell, []))
    while ring:
        ring = sorted(set(ring) - seen, key=lambda c: (distance(c.cell, cell), c.cell))
        if not ring:
            break
        out.append(ring)
        seen.update(ring)
        ring = [b for a in ring for c in a.cells for b in touching.get(c, ())]
    if everything:
        rest = sorted((c for c in clues if c not in seen), key=lambda c: (distance(c.cell, cell), c.cell))
        if rest:
            out.append(rest)
    return out


# -- SAT: clues behind selectors --------------------------------------------------------------
class Switchboard:
    """Clues, flags and total of a board, each behind a selector literal, in one incremental
    session; `refute` asks whether some of them make a query unsatisfiable.  Variables are
    numbered as cells come into play, so a session over one group of linked clues stays as
    small as the group, however large the board."""

    def __init__(self, board: Board, solver: ModuleType, flags: bool, total: bool, counted: set[Cell]):
        self.board = board
        self.session = incremental(solver)
        self.top = 0
        self.var: dict[Cell, int] = {}
        self.selectors: dict[Cell, int] = {}
        self.clue_at = {clue.cell: clue for clue in board.clues}
        self.always: list[int] = []  # the selectors of the flags and the total, when used
        if total:
            self.always.append(self._add_total(counted))
        if flags and board.flags:
            on = self._new_var()
            self.session.add_clauses([[-on, self.variable(f)] for f in board.flags])
            self.always.append(on)

    def _new_var(self) -> int:
        self.top += 1
        return self.top

    def variable(self, cell: Cell) -> int:
        """The variable of a hidden cell: true means a mine."""
        if cell not in self.var:
            self.var[cell] = self._new_var()
        return self.var[cell]

    def _add_total(self, counted: set[Cell]) -> int:
        """The total as a unary counter over `counted` cells: the other o hidden cells are
        interchangeable, unconstrained, so the counted ones hold between total - o and total
        mines.  Only the counter's bounds are switched; its gates only define wires."""
        board = self.board
        assert board.mines is not None, "the total is only used on a board that has one"
        variables = [self.variable(c) for c in sorted(counted)]
        low = board.mines - (len(board.hidden) - len(variables))
        clauses, self.top = card.between(variables, low, board.mines, self.top, TOTAL_ENCODING)
        on = self._new_var()
        self.session.add_clauses([clause if len(clause) > 1 else [-on, *clause] for clause in clauses])
        return on

    def selector(self, clue: Seen) -> int:
        """The selector of a clue, its clauses (all its hidden neighbours, flags included) added
        on first use."""
        if clue.cell not in self.selectors:
            on = self.selectors[clue.cell] = self._new_var()
            variables = [self.variable(n) for n in self.clue_at[clue.cell].neighbours]
            clauses, _ = card.exactly(variables, self.clue_at[clue.cell].count, self.top)  # binomial: no new variables
            self.session.add_clauses([[-on, *c] for c in clauses])
        return self.selectors[clue.cell]

    def refute(self, clues: list[Seen], query: int) -> list[Seen] | None:
        """None if `clues` (with the flags and the total where used) allow `query`; else the
        clues among picosat's failed assumptions (a part that still refutes it)."""
        switches = [self.selector(c) for c in clues]
        if self.session.solve(switches + self.always + [query]) != "UNSAT":
            return None
        failed = set(self.session.failed_assumptions())
        return [c for c, on in zip(clues, switches) if on in failed]


class Prover:
    """Proofs for one board: the clues as each level sees them, switchboards (each session
    shared by the cells of a level and a group of linked clues), the proofs found so far."""

    HINTS = 4  # earlier proofs with the total tried on a cell before the whole board

    def __init__(self, board: Board, solver: ModuleType, levels: dict[Cell, tuple[str, bool, bool]]):
        self.board, self.solver, self.levels = board, solver, levels
        self.views: dict[bool, tuple[list[Seen], dict[Cell, list[Seen]]]] = {}
        self.switchboards: dict[tuple[bool, bool, Cell | None], Switchboard] = {}
        self.groups: dict[bool, dict[Cell, Cell]] = {}
        self.found: dict[tuple[bool, bool], list[list[Seen]]] = {}

    def view(self, flags: bool) -> tuple[list[Seen], dict[Cell, list[Seen]]]:
        """The clues at a level, and for each cell the clues around it."""
        if flags not in self.views:
            clues = seen_clues(self.board, flags)
            touching: dict[Cell, list[Seen]] = {}
            for clue in clues:
                for c in clue.cells:
                    touching.setdefault(c, []).append(clue)
            self.views[flags] = clues, touching
        return self.views[flags]

    def group(self, cell: Cell, flags: bool) -> Cell:
        """The group of clues linked through shared cells around `cell`, named by its first clue."""
        if flags not in self.groups:
            clues, touching = self.view(flags)
            first: dict[Cell, Cell] = {}
            for clue in clues:
                if clue.cell not in first:
                    seen, stack = {clue.cell}, [clue]
                    while stack:
                        for c in stack.pop().cells:
                            for other in touching[c]:
                                if other.cell not in seen:
                                    seen.add(other.cell)
                                    stack.append(other)
                    for name in seen:
                        first[name] = clue.cell
            self.groups[flags] = {c: first[touching[c][0].cell] for c in touching}
        return self.groups[flags][cell]

    def switchboard(self, cell: Cell, flags: bool, total: bool) -> Switchboard:
        """With the total, one for the whole board (the total links every clue); else one per
        group of linked clues."""
        key = (flags, total, None if total else self.group(cell, flags))
        if key not in self.switchboards:
            board, counted = self.board, set[Cell]()
            if total:  # the counter's cells: those next to clues, the flags if used, the cells to prove
                counted = {n for clue in board.clues for n in clue.neighbours} | set(board.flags if flags else ())
                counted |= {c for c, level in self.levels.items() if level[1:] == (flags, total)}
            self.switchboards[key] = Switchboard(board, self.solver, flags, total, counted)
        return self.switchboards[key]

    def prove(self, cell: Cell) -> Proof:
        verdict, flags, total = self.levels[cell]
        if total and self.total_alone(verdict, flags):
            return Proof(cell, verdict, (), flags, total)  # no clue needed: one SAT call per cell took minutes
        clues, touching = self.view(flags)
        found = None if total else cheap_proof(cell, verdict, clues, touching)
        if found is None:
            found = self.sat_proof(cell, verdict, flags, total)
        return Proof(cell, verdict, found, flags, total)

    def total_alone(self, verdict: str, flags: bool) -> bool:
        """Whether the total (with the flags where used) forces every unflagged hidden cell to
        `verdict` by itself: no mine left for them, or every hidden cell a mine."""
        board = self.board
        return board.mines == (len(board.flags) if flags else 0) if verdict == SAFE else \
            board.mines == len(board.hidden)

    def sat_proof(self, cell: Cell, verdict: str, flags: bool, total: bool) -> tuple[Cell, ...]:
        """A minimal set of clues forcing `cell`: from rings grown until they refute it (with the
        total, an earlier proof that also refutes it, if any, instead of the whole board); then
        deletion, farthest first."""
        clues, touching = self.view(flags)
        switchboard = self.switchboard(cell, flags, total)
        variable = switchboard.variable(cell)
        query = variable if verdict == SAFE else -variable
        near = lambda c: (distance(c.cell, cell), c.cell)  # noqa: E731
        earlier = self.found.setdefault((flags, total), [])
        core = None
        for hint in earlier[::-1][:self.HINTS] if total else ():  # the total's rings are the whole board
            if (core := switchboard.refute(sorted(hint, key=near), query)) is not None:
                chosen = sorted(hint, key=near)
                break
        if core is None:
            chosen = []
            core = switchboard.refute([], query) if total else None
            for layer in rings(cell, clues, touching, everything=total):
                if core is not None:
                    break
                chosen += layer
                core = switchboard.refute(chosen, query)
        if core is None:
            raise ProofError(f"{cell_name(cell)} is {verdict} by the counts, but its clues do not refute the opposite")
        rank = {c: i for i, c in enumerate(chosen)}
        kept, needed = sorted(core, key=rank.__getitem__), set()
        while untested := [c for c in reversed(kept) if c not in needed]:
            drop = untested[0]  # farthest first
            smaller = switchboard.refute([c for c in kept if c != drop], query)
            if smaller is None:
                needed.add(drop)
            else:
                kept = sorted(smaller, key=rank.__getitem__)
        earlier.append(kept)
        return tuple(sorted(c.cell for c in kept))

    def close(self) -> None:
        for switchboard in self.switchboards.values():
            switchboard.session.close()


def proofs(board: Board, solver: ModuleType | None = None, space: LayoutSpace | None = None) -> list[Proof]:
    """A minimal proof for every forced cell except the flags, easiest first (empty when the
    board has no layout).  `space`: the board's LayoutSpace if already counted.  Raises
    counting.TooTangled for a board too tangled to count, and card.CounterTooLarge when a
    cell needs the total on a board where its counter would be too large (as `cnf --mines`)."""
    space = space or LayoutSpace(board)
    if not space.count:
        return []
    solver = solver or get_solver()
    levels = forced_levels(board, space, solver)
    prover = Prover(board, solver, levels)
    try:
        return sorted((prover.prove(cell) for cell in sorted(levels)), key=Proof.sort_key)
    finally:
        prover.close()


def proofs_of(board: Board, cells: list[Cell], solver: ModuleType | None = None, space: LayoutSpace | None = None
              ) -> list[Proof]:
    """Minimal proofs of some forced cells of `board` (not flags), in the order given: `proofs`
    for a few cells, without proving the others.  ValueError if one of them is not forced."""
    space = space or LayoutSpace(board)
    levels = forced_levels(board, space, solver, set(cells)) if space.count else {}
    if missing := [c for c in cells if c not in levels]:
        raise ValueError(f"{', '.join(map(cell_name, missing))} not forced on this board")
    prover = Prover(board, solver or get_solver(), levels)
    try:
        return [prover.prove(cell) if not levels[cell][2] else counted_proof(board, cell, *levels[cell])
                for cell in cells]
    finally:
        prover.close()


def counted_proof(board: Board, cell: Cell, verdict: str, flags: bool, total: bool) -> Proof:
    """A minimal proof by exact counting instead of SAT: from every clue, drop clues farthest
    first while the rest (with the flags and the total where the level uses them) still force
    `cell`.  A board whose clues are a subset is counted as is (its other numbers stay safe,
    unused cells), so each test is one count reusing the components it did not touch; on an
    endgame that needs the total this takes a fraction of a second where SAT's cardinality
    refutations can take many seconds."""
    level = relaxed(board, flags, total)
    kept = sorted((c for c in level.clues if c.neighbours), key=lambda c: (distance(c.cell, cell), c.cell))

    def forces(clues: list[Clue]) -> bool:
        space = LayoutSpace(with_clues(level, clues))
        return space.mine_counts[cell] == (0 if verdict == SAFE else space.count)

    if not forces(kept):
        raise ProofError(f"{cell_name(cell)} is {verdict} by the counts, but its clues do not force it")
    fixed, idle = settled(level, kept)
    for clue in kept[::-1]:
        if clue.cell in idle:  # the same layouts without it: still forced
            kept = [c for c in kept if c != clue]
            continue
        fewer = [c for c in kept if c != clue]
        fixed_after, idle_after = settled(level, fewer)
        same = fixed_after is not None and fixed_after == fixed and all(n in fixed for n in clue.neighbours)
        if same or forces(fewer):  # same: the same layouts, still forced
            kept, fixed, idle = fewer, fixed_after, idle_after
    return Proof(cell, verdict, tuple(sorted(c.cell for c in kept)), flags, total)


def settled(board: Board, clues: list[Clue]) -> tuple[dict[Cell, bool] | None, set[Cell]]:
    """What step 1 of counting fixes when only `clues` are read, and the idle clues (their cells):
    those that can be dropped one after another without changing the layouts, as it fixes all
    their cells and, in one order of its steps, they fix none themselves.  (Unit propagation
    reaches the same cells in any order, so without such a clue the same steps fix the same
    cells and leave the same clues open.)  The steps try the first of `clues` first, so that
    the last ones are idle more often."""
    read = Constraints(tuple(clues[::-1]), board.hidden, board.flags, board.mines)  # the last clue is tried first
    fired: list[int] = []
    try:
        fixed, _ = propagate(read, fired)
    except Contradiction:  # never on a board with layouts; no clue is idle
        return None, set()
    active = [c for c in read.clues if c.neighbours]
    busy = {active[k].cell for k in fired}
    return fixed, {c.cell for c in active if c.cell not in busy and all(n in fixed for n in c.neighbours)}


def with_clues(board: Board, clues: list[Clue]) -> Board:
    """The board as its counting sees it when only `clues` are read (its other numbers: safe cells)."""
    out = board.with_mines(board.mines)
    out.__dict__["clues"] = tuple(sorted(clues))
    return out


def proof_formula(board: Board, proof: Proof) -> tuple[CNF, int]:
    """The CNF of a proof's premises (its clues, binomially; the flags and the total where
    marked) and the query literal ("mine here" for a safe cell): together they are UNSAT.
    For the reduction panel: what picosat refutes at the scale of one deduction."""
    cnf = CNF(board, "binomial", board.hidden)
    index, at = board.index, {clue.cell: clue for clue in board.clues}
    for cell in proof.clues:
        cnf.add_between([index[n] + 1 for n in at[cell].neighbours], at[cell].count, at[cell].count, "binomial", cell)
    if proof.flags:
        for flag in board.flags:
            cnf.add([index[flag] + 1], None)
    if proof.total:
        counted = {proof.cell} | {n for c in proof.clues for n in at[c].neighbours}
        counted |= set(board.flags if proof.flags else ())
        variables = sorted(index[c] + 1 for c in counted)
        assert board.mines is not None, "a proof needs the total only on a board that has one"
        low = board.mines - (len(board.hidden) - len(variables))
        cnf.add_between(variables, low, board.mines, TOTAL_ENCODING, None)
    variable = index[proof.cell] + 1
    return cnf, variable if proof.verdict == SAFE else -variable
