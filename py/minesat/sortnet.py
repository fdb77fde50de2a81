"""Minesweeper -> SAT with counting networks (seed 004).

Each clue's hidden neighbours go through a bubble sorting network of
comparators (max = OR, min = AND); the sorted outputs are a thermometer code of
the number of mines, so "exactly c" fixes output c-1 true and output c false.
Every gate is a full Tseitin equivalence, so the auxiliary wires are functions
of the cells: each layout of the cells extends to exactly one model, and
enumeration yields no duplicates.  A d-input network has d(d-1)/2 comparators,
2 auxiliary variables and 6 clauses each.

The total number of mines uses the same idea at board scale: a sequential
unary counter, s[i][j] <-> "at least j of the first i cells are mines", for
j <= total + 1 only, so its size is O(|U| * total) rather than the binomial
C(|U|, total + 1).
"""

from __future__ import annotations

from .board import Board, Cell
from .cnf import CNF, encode_board

ENCODING = "sortnet"


def gate_or(cnf: CNF, a: int, b: int, origin: Cell | None) -> int:
    out = cnf.new_var()
    for clause in ([-a, out], [-b, out], [-out, a, b]):
        cnf.add(clause, origin)
    return out


def gate_and(cnf: CNF, a: int, b: int, origin: Cell | None) -> int:
    out = cnf.new_var()
    for clause in ([a, -out], [b, -out], [out, -a, -b]):
        cnf.add(clause, origin)
    return out


def comparator(cnf: CNF, a: int, b: int, origin: Cell | None) -> tuple[int, int]:
    """(max, min) of two bits: (a OR b, a AND b)."""
    return gate_or(cnf, a, b, origin), gate_and(cnf, a, b, origin)


def bubble_ladder(cnf: CNF, wires: list[int], origin: Cell | None) -> list[int]:
    """One pass of bubble sort: the largest bit rises to the front."""
    if len(wires) == 1:
        return wires
    rest = bubble_ladder(cnf, wires[1:], origin)
    high, low = comparator(cnf, wires[0], rest[0], origin)
    return [high, low] + rest[1:]


def sorting_network(cnf: CNF, wires: list[int], origin: Cell | None) -> list[int]:
    """Bits sorted in decreasing order: output i is true iff at least i+1 inputs are."""
    if len(wires) <= 1:
        return wires
    ladder = bubble_ladder(cnf, wires, origin)
    return [ladder[0]] + sorting_network(cnf, ladder[1:], origin)


def fix_level(cnf: CNF, thermometer: list[int], count: int, origin: Cell | None) -> None:
    """Exactly `count` true inputs: output count-1 is true, output count is false."""
    if count > 0:
        cnf.add([thermometer[count - 1]], origin)
    if count < len(thermometer):
        cnf.add([-thermometer[count]], origin)


def add_clue(cnf: CNF, variables: list[int], count: int, clue: Cell) -> None:
    fix_level(cnf, sorting_network(cnf, variables, clue), count, clue)


def reduce(board: Board) -> CNF:
    """The sorting-network CNF of a board's clues and flags."""
    return encode_board(board, ENCODING, add_clue)


class CounterTooLarge(ValueError):
    """The total-mines counter would be too large to build (a readable message)."""


MAX_COUNTER_CELLS = 4_000_000  # cells x (total + 1): about three clauses each


def add_total(cnf: CNF, total: int) -> CNF:
    """Add "exactly `total` of the cell variables are true" with a sequential unary counter."""
    return add_count(cnf, list(range(1, len(cnf.cells) + 1)), total, total)


def add_count(cnf: CNF, variables: list[int], low: int, high: int) -> CNF:
    """Add "between `low` and `high` of `variables` are true" with a sequential unary counter."""
    low, high = max(low, 0), min(high, len(variables))
    if low > high:
        cnf.add([], None)
        return cnf
    if len(variables) * (high + 1) > MAX_COUNTER_CELLS:
        raise CounterTooLarge(
            f"the total-mines counter over {len(variables):,} unknown cells and {high:,} mines would need "
            f"about {3 * len(variables) * (high + 1):,} clauses; leave the total out of the formula")
    # level[j] is the variable for "at least j of the variables seen so far" (j = 1..high+1);
    # None stands for constant false, and "at least 0" is constant true.
    level: list[int | None] = [None] * (high + 2)
    for x in variables:
        new: list[int | None] = [None] * (high + 2)
        for j in range(1, high + 2):
            below, carry = level[j], level[j - 1]
            if j == 1:  # "at least 0 before" is true: at least 1 now iff before or x
                new[j] = x if below is None else gate_or(cnf, below, x, None)
            elif carry is None:  # "at least j-1" is constant false, so "at least j" is too
                continue
            elif below is None:
                new[j] = gate_and(cnf, carry, x, None)
            else:
                new[j] = gate_or(cnf, below, gate_and(cnf, carry, x, None), None)
        level = new
    at_least_low, above_high = level[low], level[high + 1]
    if low > 0:
        cnf.add([] if at_least_low is None else [at_least_low], None)
    if above_high is not None:
        cnf.add([-above_high], None)
    return cnf


def counter_size(n: int, low: int, high: int) -> tuple[int, int]:
    """(auxiliary variables, clauses) that `add_count` adds over n variables, without building them
    (the page shows the size of a large total-mines counter at once, and builds it on request).

    After i variables the levels 1..min(i, high + 1) exist.  Variable i (from the second on) adds
    an OR for level 1, an AND and an OR for each level 2..min(i - 1, high + 1) that existed, and
    one AND for the level that first appears with it (level i, while i <= high + 1)."""
    low, high = max(low, 0), min(high, n)
    if low > high:
        return 0, 1
    aux = sum(1 + 2 * max(0, min(i - 1, high + 1) - 1) + (i <= high + 1) for i in range(2, n + 1))
    return aux, 3 * aux + (low > 0) + (n > high)  # the unit clauses: at least low, not above high
