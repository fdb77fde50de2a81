"""The target of the SAT reductions: a CNF formula whose first variables are cells."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .board import Board, Cell, Clue, cell_name


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

    @property
    def bound(self) -> int:
        """The seed's clause bound for the binomial encoding: 112 per revealed cell."""
        return 112 * len(self.board.clues)

    def size(self) -> dict[str, int]:
        return {"num_vars": self.num_vars, "num_clauses": self.num_clauses, "num_aux": self.num_aux}

    def new_var(self) -> int:
        self.num_vars += 1
        return self.num_vars

    def add(self, clause: list[int], origin: Cell | None) -> None:
        self.clauses.append(clause)
        self.origin.append(origin)

    def clauses_of(self, origin: Cell | None) -> list[int]:
        """Indices of the clauses that encode one clue (or, for None, flags and total)."""
        return [j for j, o in enumerate(self.origin) if o == origin]

    def layout(self, model: list[int]) -> frozenset[Cell]:
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


def encode_board(board: Board, encoding: str,
                 encode_clue: Callable[[CNF, list[int], int, Cell], None]) -> CNF:
    """The CNF of a board's clues and flags, each clue written by `encode_clue(cnf, variables, count, cell)`.

    A clue no layout can meet gets the empty clause; a flag gets a unit clause.
    """
    cnf = CNF(board, encoding, board.hidden)
    for clue in board.clues:
        if unsatisfiable_clue(board, clue):
            cnf.add([], clue.cell)
        else:
            encode_clue(cnf, [board.index[n] + 1 for n in clue.neighbours], clue.count, clue.cell)
    for flag in board.flags:
        cnf.add([board.index[flag] + 1], None)
    return cnf


def unsatisfiable_clue(board: Board, clue: Clue) -> bool:
    """A clue that no layout can meet: more mines than hidden neighbours, or fewer than its flags."""
    flags = sum(board[n] == "F" for n in clue.neighbours)
    return clue.count > len(clue.neighbours) or flags > clue.count
