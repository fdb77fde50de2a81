"""Minesweeper -> 0/1 integer linear program (problem-reductions #644; docs/architecture.md#references).

One binary variable per hidden cell (x1..xk, row-major), one equality per
revealed cell with hidden neighbours: the sum of its neighbours' variables
equals its count.  The objective is 0: any feasible point is a layout.  Flags
fix their variable to 1; a known total adds one equality over all variables.
Size: num_vars = |U|, num_constraints <= |R| (+1 with a total): `REDUCTION.overhead`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from minesat.board import Board, Cell, cell_name


@dataclass(frozen=True)
class Constraint:
    name: str
    variables: tuple[int, ...]  # 0-based indices into cells
    rhs: int
    origin: Cell | None  # the clue's cell, or None for the total


@dataclass
class ILP:
    board: Board
    cells: tuple[Cell, ...]
    constraints: list[Constraint] = field(default_factory=list)
    fixed: dict[int, int] = field(default_factory=dict)  # variable index -> value (flags)

    @property
    def num_vars(self) -> int:
        return len(self.cells)

    @property
    def num_constraints(self) -> int:
        return len(self.constraints)

    def size(self) -> dict[str, int]:
        return {"num_vars": self.num_vars, "num_constraints": self.num_constraints}

    def is_feasible(self, x: list[int]) -> bool:
        return (all(x[i] == v for i, v in self.fixed.items())
                and all(sum(x[i] for i in c.variables) == c.rhs for c in self.constraints))

    def extract(self, x: list[int]) -> frozenset[Cell]:
        """Solution extraction: the cells whose variable is 1."""
        return frozenset(cell for cell, value in zip(self.cells, x) if round(value) == 1)

    def to_lp(self) -> str:
        """CPLEX LP format; comment lines (starting with a backslash) name each variable's cell.

        A board with no unknown cell gets one placeholder column `zero`, fixed at 0, so that
        its constraints (e.g. `0 zero = 3` for an impossible clue) still reach the solver.
        """
        name = [f"x{i + 1}" for i in range(self.num_vars)]
        columns = name or ["zero"]
        out = [f"\\ minesat: a {self.board.rows}x{self.board.cols} Minesweeper board as a 0/1 ILP"]
        out += [f"\\ {name[i]} = cell {r} {c} ({cell_name((r, c))})" for i, (r, c) in enumerate(self.cells)]
        out += ["Minimize", f" obj: 0 {columns[0]}", "Subject To"]
        for c in self.constraints:
            lhs = " + ".join(name[i] for i in c.variables) or f"0 {columns[0]}"
            out.append(f" {c.name}: {lhs} = {c.rhs}")
        out.append("Bounds")
        out += [f" {name[i]} = {v}" for i, v in sorted(self.fixed.items())]
        if not name:
            out.append(" zero = 0")
        out += ["Binary", " " + " ".join(columns), "End"]
        return "\n".join(out) + "\n"


@dataclass(frozen=True)
class IlpReduction:
    """Minesweeper -> 0/1 ILP: variable x(i+1) is the hidden cell `board.hidden[i]`; an equality
    per clue with hidden neighbours (or an impossible one, `0 = c`), one for a known total; flags
    fixed to 1."""

    target = "ILP"

    def reduce(self, board: Board) -> ILP:
        ilp = ILP(board, board.hidden)
        for clue in board.clues:
            if clue.neighbours or clue.count:
                variables = tuple(board.index[n] for n in clue.neighbours)
                ilp.constraints.append(Constraint(f"clue_{cell_name(clue.cell)}", variables, clue.count, clue.cell))
        if board.mines is not None:
            ilp.constraints.append(Constraint("total", tuple(range(ilp.num_vars)), board.mines, None))
        ilp.fixed.update((board.index[f], 1) for f in board.flags)
        return ilp

    def overhead(self, board: Board) -> dict[str, int]:
        """Bounds on the ILP's size from the board's parameters: |U| variables, |R| constraints
        (one more with a total)."""
        return {"num_vars": len(board.hidden), "num_constraints": len(board.clues) + (board.mines is not None)}


REDUCTION = IlpReduction()
reduce = REDUCTION.reduce
