"""Cardinality constraints as CNF: "between `low` and `high` of these literals are true".

One entry point in the shape of PySAT's `CardEnc`: `exactly`, `at_most`, `at_least` and
`between` take the literals, the bound(s), `top` (the largest variable in use; new variables
are numbered after it) and an encoding, and return the clauses and the new top.  Bounds are
clipped to 0..len(lits) first; bounds no assignment can meet give the empty clause.

The encodings, one registry (`ENCODINGS`):

binomial  (problem-reductions #645) no new variables: "at most h" forbids every h+1 literals all true,
          C(n, h+1) clauses; "at least l" forbids every n-l+1 all false, C(n, n-l+1) clauses.
          Exactly 4 of 8, a clue's worst case: 56 + 56 = 112 clauses.
sortnet   (Yurichev's post; Batcher) a bubble sorting network of comparators (max = OR, min = AND) whose
          outputs are a thermometer code of the number of true inputs: "at least l" is output
          l-1 true, "at most h" output h false.  n(n-1)/2 comparators of 2 variables and
          6 clauses each, plus at most 2 unit clauses.
counter   a sequential unary counter, s[i][j] <-> "at least j of the first i literals", for
          j <= high + 1 only: O(n * high) rather than binomial's C(n, high + 1), for the total
          number of mines.  `counter_size` gives its size without building it.

Every gate is a full Tseitin equivalence, so the new variables are functions of the literals:
each assignment of the literals extends to exactly one model (enumeration yields no duplicates).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from math import comb

Clauses = list[list[int]]
Build = Callable[[list[int], int, int, int], tuple[Clauses, int]]  # (lits, low, high, top) -> (clauses, top)
Size = Callable[[int, int, int], tuple[int, int]]  # (n, low, high) -> (new variables, clauses)

MAX_COUNTER_CELLS = 4_000_000  # literals x (high + 1) in a counter: about three clauses each


class CounterTooLarge(ValueError):
    """The counter (for the total number of mines) would be too large to build (a readable message)."""


# -- binomial ----------------------------------------------------------------------------------
def binomial(lits: list[int], low: int, high: int, top: int) -> tuple[Clauses, int]:
    at_most = [[-v for v in subset] for subset in combinations(lits, high + 1)]
    at_least = [list(subset) for subset in combinations(lits, len(lits) - low + 1)] if low > 0 else []
    return at_most + at_least, top


def binomial_size(n: int, low: int, high: int) -> tuple[int, int]:
    return 0, comb(n, high + 1) + (comb(n, n - low + 1) if low > 0 else 0)


# -- gates, the sorting network ------------------------------------------------------------------
class Circuit:
    """Clauses being written, and the last variable in use: each gate's output is a new variable."""

    def __init__(self, top: int):
        self.top = top
        self.clauses: Clauses = []

    def new_var(self) -> int:
        self.top += 1
        return self.top

    def or_gate(self, a: int, b: int) -> int:
        out = self.new_var()
        self.clauses += [[-a, out], [-b, out], [-out, a, b]]
        return out

    def and_gate(self, a: int, b: int) -> int:
        out = self.new_var()
        self.clauses += [[a, -out], [b, -out], [out, -a, -b]]
        return out

    def comparator(self, a: int, b: int) -> tuple[int, int]:
        """(max, min) of two bits: (a OR b, a AND b)."""
        return self.or_gate(a, b), self.and_gate(a, b)

    def ladder(self, wires: list[int]) -> list[int]:
        """One pass of bubble sort: the largest bit rises to the front."""
        if len(wires) == 1:
            return wires
        rest = self.ladder(wires[1:])
        high, low = self.comparator(wires[0], rest[0])
        return [high, low] + rest[1:]

    def sort(self, wires: list[int]) -> list[int]:
        """Bits in decreasing order: output i is true iff at least i+1 inputs are."""
        if len(wires) <= 1:
            return wires
        ladder = self.ladder(wires)
        return [ladder[0]] + self.sort(ladder[1:])


def sortnet(lits: list[int], low: int, high: int, top: int) -> tuple[Clauses, int]:
    circuit = Circuit(top)
    thermometer = circuit.sort(lits)
    if low > 0:
        circuit.clauses.append([thermometer[low - 1]])
    if high < len(lits):
        circuit.clauses.append([-thermometer[high]])
    return circuit.clauses, circuit.top


def sortnet_size(n: int, low: int, high: int) -> tuple[int, int]:
    comparators = n * (n - 1) // 2
    return 2 * comparators, 6 * comparators + (low > 0) + (high < n)


# -- the sequential unary counter ----------------------------------------------------------------
def counter_cells(n: int, high: int) -> int:
    """The measure of a counter's size that MAX_COUNTER_CELLS limits: n literals x (high + 1) levels."""
    return n * (high + 1)


def counter(lits: list[int], low: int, high: int, top: int) -> tuple[Clauses, int]:
    if counter_cells(len(lits), high) > MAX_COUNTER_CELLS:
        raise CounterTooLarge(
            f"the total-mines counter over {len(lits):,} unknown cells and {high:,} mines would need "
            f"about {3 * len(lits) * (high + 1):,} clauses; leave the total out of the formula")
    circuit = Circuit(top)
    # level[j] is the variable for "at least j of the literals seen so far" (j = 1..high+1);
    # None stands for constant false, and "at least 0" is constant true.
    level: list[int | None] = [None] * (high + 2)
    for x in lits:
        new: list[int | None] = [None] * (high + 2)
        for j in range(1, high + 2):
            below, carry = level[j], level[j - 1]
            if j == 1:  # "at least 0 before" is true: at least 1 now iff before or x
                new[j] = x if below is None else circuit.or_gate(below, x)
            elif carry is None:  # "at least j-1" is constant false, so "at least j" is too
                continue
            elif below is None:
                new[j] = circuit.and_gate(carry, x)
            else:
                new[j] = circuit.or_gate(below, circuit.and_gate(carry, x))
        level = new
    at_least_low, above_high = level[low], level[high + 1]
    if low > 0:
        circuit.clauses.append([] if at_least_low is None else [at_least_low])
    if above_high is not None:
        circuit.clauses.append([-above_high])
    return circuit.clauses, circuit.top


def counter_size(n: int, low: int, high: int) -> tuple[int, int]:
    """(new variables, clauses) of the counter over n literals, without building it (the page
    shows the size of a large total-mines counter at once, and builds it on request).

    After i literals the levels 1..min(i, high + 1) exist.  Literal i (from the second on) adds
    an OR for level 1, an AND and an OR for each level 2..min(i - 1, high + 1) that existed, and
    one AND for the level that first appears with it (level i, while i <= high + 1)."""
    aux = sum(1 + 2 * max(0, min(i - 1, high + 1) - 1) + (i <= high + 1) for i in range(2, n + 1))
    return aux, 3 * aux + (low > 0) + (n > high)  # the unit clauses: at least low, not above high


# -- the registry and the entry point ------------------------------------------------------------
@dataclass(frozen=True)
class Encoding:
    """A way to write "between low and high of n literals" as clauses: `build` them (with
    0 <= low <= high <= n), or only say their `size`, (new variables, clauses)."""

    name: str
    build: Build
    size: Size


ENCODINGS = {e.name: e for e in (Encoding("binomial", binomial, binomial_size),
                                  Encoding("sortnet", sortnet, sortnet_size),
                                  Encoding("counter", counter, counter_size))}


def between(lits: list[int], low: int, high: int, top: int | None = None,
            encoding: str = "binomial") -> tuple[Clauses, int]:
    """Clauses saying between `low` and `high` of `lits` are true, and the new top variable
    (`top`: the largest variable in use, by default the largest in `lits`)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; choose one of {', '.join(ENCODINGS)}")
    top = max(map(abs, lits), default=0) if top is None else top
    low, high = max(low, 0), min(high, len(lits))
    if low > high:
        return [[]], top
    return ENCODINGS[encoding].build(list(lits), low, high, top)


def exactly(lits: list[int], k: int, top: int | None = None, encoding: str = "binomial") -> tuple[Clauses, int]:
    return between(lits, k, k, top, encoding)


def at_most(lits: list[int], k: int, top: int | None = None, encoding: str = "binomial") -> tuple[Clauses, int]:
    return between(lits, 0, k, top, encoding)


def at_least(lits: list[int], k: int, top: int | None = None, encoding: str = "binomial") -> tuple[Clauses, int]:
    return between(lits, k, len(lits), top, encoding)


def size(n: int, low: int, high: int, encoding: str) -> tuple[int, int]:
    """(new variables, clauses) that `between` writes over n literals, without writing them."""
    low, high = max(low, 0), min(high, n)
    return (0, 1) if low > high else ENCODINGS[encoding].size(n, low, high)
