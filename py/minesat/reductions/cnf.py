"""Minesweeper -> SAT: the reductions (one per cardinality encoding) and their target, a CNF
formula whose first variables are cells.

A reduction is an object (the idea of the problem-reductions library): `reduce(board)` builds
the target from the source board, the target keeps the variable map (`cells`) and `extract`s a
layout from a model, and `overhead(board)` declares bounds on the target's size from the board's
parameters alone, which the closed-loop tests check beside the layouts against brute force.
`ilp.REDUCTION` is the third, to a 0/1 integer linear program.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from minesat.board import Board, Cell, Clue, cell_name
from minesat.reductions import card

CLUE_ENCODINGS = ("binomial", "sortnet")  # the encodings a board's clues can be written in (`card.ENCODINGS`)
TOTAL_ENCODING = "counter"  # the total number of mines: O(|U| N) clauses, where binomial's C(|U|, N + 1) is not
MAX_NEIGHBOURS = 8


@dataclass
class CNF:
    """Clauses over variables 1..num_vars; variable i+1 is the cell `cells[i]`.

    Variables past len(cells) are auxiliary (a counting network's wires): each is
    defined by equivalences, so a layout of the cells extends to exactly one model.
    `origin[j]` names what clause j encodes: a clue's cell, or None for a flag or
    the total number of mines.
    """

    board: Board
    encoding: str
    cells: tuple[Cell, ...]
    num_vars: int = 0
    clauses: list[list[int]] = field(default_factory=list)
    origin: list[Cell | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.num_vars = max(self.num_vars, len(self.cells))

    @property
    def num_clauses(self) -> int:
        return len(self.clauses)

    @property
    def num_aux(self) -> int:
        return self.num_vars - len(self.cells)

    def size(self) -> dict[str, int]:
        return {"num_vars": self.num_vars, "num_clauses": self.num_clauses, "num_aux": self.num_aux}

    def add(self, clause: list[int], origin: Cell | None) -> None:
        self.clauses.append(clause)
        self.origin.append(origin)

    def add_between(self, lits: list[int], low: int, high: int, encoding: str, origin: Cell | None) -> None:
        """Add "between `low` and `high` of `lits` are true" (`card.between`), new variables numbered next."""
        clauses, self.num_vars = card.between(lits, low, high, self.num_vars, encoding)
        self.clauses += clauses
        self.origin += [origin] * len(clauses)

    def clauses_of(self, origin: Cell | None) -> list[int]:
        """Indices of the clauses that encode one clue (or, for None, flags and total)."""
        return [j for j, o in enumerate(self.origin) if o == origin]

    def extract(self, model: list[int]) -> frozenset[Cell]:
        """Solution extraction: the mine cells of a model (a list of signed literals)."""
        k = len(self.cells)
        return frozenset(self.cells[lit - 1] for lit in model if 0 < lit <= k)

    def to_dimacs(self) -> str:
        """DIMACS CNF with comment lines naming the cell of each variable and each clue's clauses."""
        return "".join(self.iter_dimacs())

    def iter_dimacs(self, chunk: int = 1 << 20) -> Iterator[str]:
        """`to_dimacs` in pieces of about `chunk` characters, for downloads of any size."""
        lines = [f"c minesat {self.encoding} encoding of a {self.board.rows}x{self.board.cols} board",
                 "c variable i is the cell (row, col), 0-based, or rRcC counting from 1; true means a mine"]
        lines += [f"c var {i} = cell {r} {c} ({cell_name((r, c))})" for i, (r, c) in enumerate(self.cells, 1)]
        if self.num_aux:
            lines.append(f"c vars {len(self.cells) + 1}..{self.num_vars} are auxiliary (counting network)")
        lines.append(f"p cnf {self.num_vars} {self.num_clauses}")
        size = sum(map(len, lines))
        previous: object = ()
        for clause, origin in zip(self.clauses, self.origin):
            if origin != previous:
                lines.append(f"c clue at cell {origin[0]} {origin[1]} ({cell_name(origin)})" if origin
                             else "c flags / total")
                previous = origin
            line = " ".join(map(str, clause + [0]))
            lines.append(line)
            size += len(line) + 1
            if size >= chunk:
                yield "\n".join(lines) + "\n"
                lines, size = [], 0
        if lines:
            yield "\n".join(lines) + "\n"


def unsatisfiable_clue(board: Board, clue: Clue) -> bool:
    """A clue that no layout can meet: more mines than hidden neighbours, or fewer than its flags."""
    flags = sum(board[n] == "F" for n in clue.neighbours)
    return clue.count > len(clue.neighbours) or flags > clue.count


def worst_clue(encoding: str) -> tuple[int, int]:
    """The most new variables and clauses one clue can take in `encoding` (at most 8 neighbours):
    binomial (0, 112), the figure of problem-reductions #645; sortnet (56, 170)."""
    sizes = [card.size(d, c, c, encoding) for d in range(MAX_NEIGHBOURS + 1) for c in range(d + 1)]
    return max(aux for aux, _ in sizes), max(clauses for _, clauses in sizes)


@dataclass(frozen=True)
class SatReduction:
    """Minesweeper -> SAT: variable i+1 is the hidden cell `board.hidden[i]` (row-major; true: a
    mine); each clue says "exactly its count of its hidden neighbours" in one cardinality
    encoding, or is the empty clause when no layout can meet it; each flag is a unit clause; a
    known total is a counter over every cell (`formula`)."""

    encoding: str
    target = "CNF"

    def reduce(self, board: Board) -> CNF:
        """The CNF of the board's clues and flags (not its total)."""
        cnf = CNF(board, self.encoding, board.hidden)
        for clue in board.clues:
            if unsatisfiable_clue(board, clue):
                cnf.add([], clue.cell)
            else:
                lits = [board.index[n] + 1 for n in clue.neighbours]
                cnf.add_between(lits, clue.count, clue.count, self.encoding, clue.cell)
        for flag in board.flags:
            cnf.add([board.index[flag] + 1], None)
        return cnf

    def formula(self, board: Board) -> CNF:
        """The CNF of the board, its total (if known) included."""
        cnf = self.reduce(board)
        if board.mines is not None:
            cnf.add_between(list(range(1, len(cnf.cells) + 1)), board.mines, board.mines, TOTAL_ENCODING, None)
        return cnf

    def size(self, board: Board) -> dict[str, int]:
        """`formula(board).size()`, exactly, without building it (the total's counter can be large)."""
        parts = [(0, 1) if unsatisfiable_clue(board, clue) else
                 card.size(len(clue.neighbours), clue.count, clue.count, self.encoding) for clue in board.clues]
        parts.append((0, len(board.flags)))
        if board.mines is not None:
            parts.append(card.size(len(board.hidden), board.mines, board.mines, TOTAL_ENCODING))
        aux = sum(a for a, _ in parts)
        return {"num_vars": len(board.hidden) + aux, "num_clauses": sum(c for _, c in parts), "num_aux": aux}

    def clause_bound(self, board: Board) -> int:
        """The bound on the clues' clauses: the worst clue's times |R| (binomial: 112 |R|, as in
        problem-reductions #645)."""
        return worst_clue(self.encoding)[1] * len(board.clues)

    def overhead(self, board: Board) -> dict[str, int]:
        """Bounds on `formula(board)`'s size from the board's parameters alone: |U| hidden cells,
        |R| clues (each at most the encoding's worst), |F| flags (a unit clause each), and
        for a total N the counter over |U| cells."""
        cells, clues = len(board.hidden), len(board.clues)
        counter = (0, 0) if board.mines is None else card.size(cells, board.mines, board.mines, TOTAL_ENCODING)
        aux = worst_clue(self.encoding)[0] * clues + counter[0]
        return {"num_vars": cells + aux, "num_clauses": self.clause_bound(board) + len(board.flags) + counter[1],
                "num_aux": aux}


def counter_cells(board: Board) -> int:
    """The measure of the total's counter that `card.MAX_COUNTER_CELLS` limits: cells x (total + 1),
    0 without a total (the page asks before building a large counter)."""
    return 0 if board.mines is None else card.counter_cells(len(board.hidden), board.mines)


REDUCTIONS = {name: SatReduction(name) for name in CLUE_ENCODINGS}  # the registry: encoding name -> reduction
