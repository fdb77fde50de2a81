"""Solving the CNF of a board with pycosat: consistency, layouts, forced cells, conflicts.

`solver` is any module with pycosat's API: the native C extension (`pycosat`)
or the same picosat compiled to WebAssembly (`picosat_wasm`; in the browser it
is installed under the name `pycosat`).  Everything here gives the same answers
with either.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from minesat.board import Board, Cell
from minesat.reductions.cnf import CNF, REDUCTIONS, TOTAL_ENCODING, SatReduction
from minesat.unionfind import UnionFind

ENCODINGS = REDUCTIONS  # the registry of reductions to SAT, under the name the CLI imports
SOLVERS = {"native": "pycosat", "wasm": "picosat_wasm"}


def get_solver(name: str | None = None) -> ModuleType:
    """The pycosat-shaped module: 'native', 'wasm', or None for whatever `pycosat` is here."""
    if name is not None and name not in SOLVERS:
        raise ValueError(f"unknown solver {name!r}; choose one of {', '.join(SOLVERS)}")
    return importlib.import_module(SOLVERS[name] if name else "pycosat")


def reduction(encoding: str) -> SatReduction:
    """The reduction to SAT in the chosen encoding (ValueError for an unknown one)."""
    if encoding not in REDUCTIONS:
        raise ValueError(f"unknown encoding {encoding!r}; choose one of {', '.join(REDUCTIONS)}")
    return REDUCTIONS[encoding]


def formula(board: Board, encoding: str = "binomial") -> CNF:
    """The board's CNF in the chosen encoding, plus a unary counter for the total, if known."""
    return reduction(encoding).formula(board)


def is_sat(result: object) -> bool:
    """Whether a pycosat answer is a model (a list), not "UNSAT" or "UNKNOWN"."""
    return isinstance(result, list)


def find_layout(cnf: CNF, solver: ModuleType) -> frozenset[Cell] | None:
    """One layout, or None when the board is contradictory."""
    result = solver.solve(cnf.clauses, vars=cnf.num_vars)
    return cnf.extract(result) if is_sat(result) else None


def iter_layouts(cnf: CNF, solver: ModuleType) -> Iterator[frozenset[Cell]]:
    """Every layout exactly once, lazily, in the order picosat's `itersolve` finds them.

    The order is deterministic for a given formula (picosat uses no randomness).
    Auxiliary variables are defined by equivalences, so blocking whole models
    never yields one layout twice.
    """
    for model in solver.itersolve(cnf.clauses, vars=cnf.num_vars):
        yield cnf.extract(model)


# -- components ------------------------------------------------------------------
def components(clauses: list[list[int]], num_vars: int) -> list[tuple[list[int], list[int]]]:
    """Split clauses into independent groups: (clause indices, variables), by first variable."""
    sets = UnionFind(num_vars + 1)
    for clause in clauses:
        sets.union_all(abs(lit) for lit in clause)
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for j, clause in enumerate(clauses):
        key = sets.find(abs(clause[0])) if clause else -1 - j
        groups.setdefault(key, ([], []))[0].append(j)
    for v in range(1, num_vars + 1):
        if sets.find(v) in groups:
            groups[sets.find(v)][1].append(v)
    return sorted(groups.values(), key=lambda g: g[0][0])


# -- forced cells ----------------------------------------------------------------
def backbone(cnf: CNF, solver: ModuleType,
             witnesses: Iterable[frozenset[Cell]] = ()) -> tuple[list[Cell], list[Cell]] | None:
    """Cells that are surely safe and surely mines, or None when the formula is UNSAT.

    A cell is safe when "mine here" is unsatisfiable, and a mine when "safe here" is (Porcar
    Guillamón's slides: docs/architecture.md#references). Few solver calls: the formula is
    split into independent components; one call asks whether any remaining candidate can flip
    (UNSAT proves them all forced at once), and each model rules out every cell whose value it
    flips; `witnesses` (known layouts, checked against the board first) rule out more.
    Cells in no clause are free and need no call.
    """
    result: tuple[list[Cell], list[Cell]] | None = None
    for step in backbone_steps(cnf, solver, witnesses):
        result = step.result
    return result


@dataclass
class BackboneStep:
    """Where `backbone_steps` is: the component being worked on (from 1) of how many, the cells
    proved forced so far, the candidates left in this component; `result` once done (None: UNSAT)."""

    component: int
    components: int
    safe: list[Cell]
    mines: list[Cell]
    open_candidates: int
    done: bool = False
    result: tuple[list[Cell], list[Cell]] | None = None


def backbone_steps(cnf: CNF, solver: ModuleType,
                   witnesses: Iterable[frozenset[Cell]] = ()) -> Iterator[BackboneStep]:
    """`backbone`, one solver call at a time: a step after each call (so a caller can stop, or
    show what is proved so far), the last with `done` and the result."""
    k = len(cnf.cells)
    free_seen: dict[int, set[bool]] = {v: set() for v in range(1, k + 1)}
    for layout in witnesses:
        if cnf.board.is_layout(layout):
            for v, cell in enumerate(cnf.cells, 1):
                free_seen[v].add(cell in layout)
    safe: list[Cell] = []
    mines: list[Cell] = []
    parts = components(cnf.clauses, cnf.num_vars)
    for number, (clause_ids, variables) in enumerate(parts, 1):
        clauses = [cnf.clauses[j] for j in clause_ids]
        model = solver.solve(clauses, vars=cnf.num_vars)
        if not is_sat(model):
            yield BackboneStep(number, len(parts), safe, mines, 0, done=True, result=None)
            return
        inside = set(variables)
        value = {abs(lit): lit > 0 for lit in model}
        candidates = [v for v in variables if v <= k and len(free_seen[v]) < 2]
        for v in candidates:
            free_seen[v].add(value[v])
        # Ask at once whether any remaining candidate can flip: UNSAT proves them all forced,
        # a model rules out every candidate it flips (at least one).
        while candidates := [v for v in candidates if len(free_seen[v]) < 2]:
            yield BackboneStep(number, len(parts), safe, mines, len(candidates))
            flip_any = [-v if value[v] else v for v in candidates]
            other = solver.solve(clauses + [flip_any], vars=cnf.num_vars)
            if not is_sat(other):
                for v in candidates:
                    (mines if value[v] else safe).append(cnf.cells[v - 1])
                break
            for u in other:
                if abs(u) <= k and abs(u) in inside:
                    free_seen[abs(u)].add(u > 0)
    yield BackboneStep(len(parts), len(parts), safe, mines, 0, done=True, result=(sorted(safe), sorted(mines)))


# -- conflicts -------------------------------------------------------------------
def conflict(board: Board, solver: ModuleType, encoding: str = "binomial") -> list[Cell] | None:
    """A minimal set of clues that contradict each other (with the flags and the total).

    None when the board is consistent.  No proper subset of the returned clues
    is contradictory; an empty list means the flags and total alone contradict.
    Found by deletion: drop each clue in turn and keep it out while still UNSAT.
    When the clues and flags contradict without the total, the total is left out
    (the set is minimal without it) and the search stays inside one component.
    """
    cnf = reduction(encoding).reduce(board)
    with_total = is_sat(solver.solve(cnf.clauses, vars=cnf.num_vars))
    if with_total:
        if board.mines is None:
            return None
        cnf = formula(board, encoding)
        if is_sat(solver.solve(cnf.clauses, vars=cnf.num_vars)):
            return None
    by_clue: dict[Cell, list[list[int]]] = {}
    hard: list[list[int]] = []  # flags and total
    for clause, origin in zip(cnf.clauses, cnf.origin):
        (hard if origin is None else by_clue.setdefault(origin, [])).append(clause)
    for clue, clauses in by_clue.items():
        if [] in clauses:
            return [clue]  # a single clue nobody can satisfy

    def unsat(clues: list[Cell]) -> bool:
        clauses = hard + [c for clue in clues for c in by_clue[clue]]
        return not is_sat(solver.solve(clauses, vars=cnf.num_vars))

    active = sorted(by_clue)
    if not with_total:
        for clause_ids, _ in components(cnf.clauses, cnf.num_vars):
            part = sorted({origin for j in clause_ids if (origin := cnf.origin[j]) is not None})
            if unsat(part):
                active = part
                break
    for clue in list(active):
        trial = [c for c in active if c != clue]
        if unsat(trial):
            active = trial
    return active


# -- the total number of mines -------------------------------------------------
def frontier_mine_bounds(board: Board) -> tuple[int, int]:
    """Cheap bounds (low, high) on the number of mines among cells next to clues or flagged.

    high: clues covering the frontier each hold at most their count (greedy cover);
    low: clues with disjoint neighbourhoods hold exactly their counts (greedy packing).
    """
    clues = [c for c in board.clues if c.neighbours]
    frontier = {n for c in clues for n in c.neighbours}
    lonely_flags = sum(1 for f in board.flags if f not in frontier)
    uncovered, high = set(frontier), 0
    while uncovered:
        best = min((c for c in clues if uncovered.intersection(c.neighbours)),
                   key=lambda c: (c.count / len(uncovered.intersection(c.neighbours)), c.cell))
        high += best.count
        uncovered.difference_update(best.neighbours)
    used: set[Cell] = set()
    low = 0
    for clue in sorted(clues, key=lambda c: (-c.count, c.cell)):
        if used.isdisjoint(clue.neighbours):
            low += clue.count
            used.update(clue.neighbours)
    return low + lonely_flags, min(high, len(frontier)) + lonely_flags


def forced_cells(board: Board, solver: ModuleType, encoding: str = "binomial",
                 witnesses: Iterable[frozenset[Cell]] = ()) -> tuple[list[Cell], list[Cell]] | None:
    """The backbone of the board, total included; None when contradictory.

    With a total N, the cells in no clause are a pool of o interchangeable cells, and
    a frontier layout with m mines extends iff N - o <= m <= N.  When cheap bounds on
    m show that always holds (and that the pool can hold both a mine and a safe cell),
    the total changes nothing and the per-component backbone without it is exact.
    Otherwise the pool is folded into one representative cell r: the frontier and r
    hold between N - (o - 1) and N mines (a unary counter over them alone), and every
    pool cell shares r's verdict.  This keeps the solver off the pool's symmetry (3 to 8
    times faster on expert boards than a counter over every cell), but refutations that
    need counting remain hard for CDCL: seconds on some expert boards, more on larger ones.
    """
    witnesses = list(witnesses)
    clues_only = reduction(encoding).reduce(board)
    if board.mines is None:
        return backbone(clues_only, solver, witnesses)
    cells = len(board.hidden)  # variables past these are the encoding's auxiliaries: never counted
    in_clauses = {abs(lit) for clause in clues_only.clauses for lit in clause if abs(lit) <= cells}
    pool = [v for v in range(1, cells + 1) if v not in in_clauses]
    low, high = frontier_mine_bounds(board)
    total, o = board.mines, len(pool)
    if total - o <= low and high <= total and (o == 0 or (high <= total - 1 and low >= total - o + 1)):
        return backbone(clues_only, solver, witnesses)
    counted = sorted(in_clauses) + pool[:1]
    clues_only.add_between(counted, total - max(o - 1, 0), total, TOTAL_ENCODING, None)
    forced = backbone(clues_only, solver, witnesses)
    if forced is None or not pool:
        return forced
    representative = board.hidden[pool[0] - 1]
    safe, mines = forced
    for verdict in (safe, mines):
        if representative in verdict:
            verdict.extend(board.hidden[v - 1] for v in pool[1:])
            verdict.sort()
    return safe, mines


# -- incremental sessions with assumptions ----------------------------------------
class Session(Protocol):
    """What an incremental session offers: `picosat_wasm.Solver`, or a `UnitSolver`."""

    def add_clauses(self, clauses: Iterable[Iterable[int]]) -> int: ...

    def add_clause(self, clause: Iterable[int]) -> None: ...

    def solve(self, assumptions: Iterable[int] = (), prop_limit: int = 0) -> list[int] | str: ...

    def failed_assumptions(self) -> list[int]: ...

    def close(self) -> None: ...


class UnitSolver:
    """`picosat_wasm.Solver`'s interface on a module with pycosat's API only (native pycosat).

    pycosat has no incremental API: each `solve` hands the clauses kept so far, plus each
    assumption as a unit clause, to a fresh picosat.  Clauses are kept in groups by their
    first literal; a group led by -v, where v occurs in no clause positively and is not
    assumed, is left out of the call (pure literal: v false satisfies it), and v is set
    false in the model.  So clauses switched by selector literals cost nothing while their
    selector is not assumed.  The answers are those of a real incremental session;
    `failed_assumptions` cannot name a core from such a one-shot call, so it returns every
    assumption of the last UNSAT call (a core, if not the smallest).
    """

    def __init__(self, solver: ModuleType, clauses: Iterable[Iterable[int]] = (), vars: int = 0):
        self._solver, self._vars = solver, vars
        self._failed: list[int] = []  # the assumptions of the last UNSAT call
        self._groups: dict[int, list[list[int]]] = {}  # first literal -> clauses
        self._positive: set[int] = set()  # variables occurring positively in some clause
        self.add_clauses(clauses)

    def add_clauses(self, clauses: Iterable[Iterable[int]]) -> int:
        new = [list(clause) for clause in clauses]
        for clause in new:
            self._groups.setdefault(clause[0] if clause else 0, []).append(clause)
            for lit in clause:
                if lit > 0:
                    self._positive.add(lit)
                if abs(lit) > self._vars:
                    self._vars = abs(lit)
        return len(new)

    def add_clause(self, clause: Iterable[int]) -> None:
        self.add_clauses([clause])

    def solve(self, assumptions: Iterable[int] = (), prop_limit: int = 0) -> list[int] | str:
        """A model, "UNSAT" (under these assumptions) or "UNKNOWN" (past `prop_limit`)."""
        lits = list(assumptions)
        assumed = set(lits)
        clauses, pure = [[lit] for lit in lits], []
        for first, group in self._groups.items():
            if first < 0 and -first not in self._positive and -first not in assumed:
                pure.append(-first)
            else:
                clauses += group
        variables = max([self._vars] + [abs(lit) for lit in lits])
        result = self._solver.solve(clauses, vars=variables, prop_limit=prop_limit)
        self._failed = lits if result == "UNSAT" else []
        if isinstance(result, list):
            for v in pure:
                result[v - 1] = -v
        return result

    def failed_assumptions(self) -> list[int]:
        return list(self._failed)

    @property
    def nvars(self) -> int:
        return self._vars

    def close(self) -> None:
        self._groups = {}

    def __enter__(self) -> UnitSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def incremental(solver: ModuleType, clauses: Iterable[Iterable[int]] = (), vars: int = 0) -> Session:
    """An incremental session with assumptions on `solver`: its own `Solver` when it has one
    (picosat_wasm, also the page's `pycosat`), else a `UnitSolver` (native pycosat)."""
    session = getattr(solver, "Solver", None)
    return session(clauses, vars) if session is not None else UnitSolver(solver, clauses, vars)
