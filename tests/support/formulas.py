"""Random CNF formulas shared by the tests, the benchmarks and the Pyodide check (pure Python, no imports
from the project: `tools/check_pyodide_node.mjs` loads this file into Pyodide as it is)."""

from __future__ import annotations

import random


def random_3sat(rng: random.Random, n_vars: int, n_clauses: int, width: int = 3) -> list[list[int]]:
    """`n_clauses` clauses of `width` distinct variables out of 1..n_vars, each with a random sign.

    Near 4.26 clauses per variable, random 3-SAT is hardest.
    """
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n_vars + 1), width)]
            for _ in range(n_clauses)]


def random_cnf(rng: random.Random, max_vars: int = 24) -> tuple[list[list[int]], int]:
    """A random formula of mixed shape (with duplicate literals, tautologies, rare empty
    clauses) and its number of variables."""
    n = rng.randint(1, max_vars)
    m = rng.randint(0, 5 * n)
    width = rng.choice((2, 3, 3, 4, 5))
    clauses = []
    for _ in range(m):
        k = rng.randint(0 if rng.random() < 0.01 else 1, width)
        clauses.append([rng.randint(1, n) * rng.choice((1, -1)) for _ in range(k)])
    return clauses, n
