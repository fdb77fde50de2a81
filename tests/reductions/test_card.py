"""Cardinality constraints (reductions/card.py): clause counts of the binomial encoding, every encoding's models
against counting, the entry points (exactly, at_most, at_least) as bounds of between."""

from __future__ import annotations

from math import comb

import pycosat
import pytest

from minesat.reductions import card
from minesat.reductions.cnf import worst_clue


def test_exactly_k_clause_counts():
    for d in range(9):
        for c in range(d + 1):
            clauses, top = card.exactly(list(range(1, d + 1)), c)
            assert len(clauses) == comb(d, c + 1) + comb(d, d - c + 1) == card.size(d, c, c, "binomial")[1]
            assert top == d
            assert len(clauses) <= worst_clue("binomial")[1] == 112


@pytest.mark.parametrize("encoding", sorted(card.ENCODINGS))
def test_cardinality_closed_loop(encoding):
    """`card.between` in each encoding, for every bound in and out of range: the assignments of the
    literals in its models are those with a count in range, each once; `card.size` is its size."""
    for n in range(6):
        lits = [v if v % 2 else -v for v in range(1, n + 1)]  # negative literals too
        for low in range(-1, n + 2):
            for high in range(-1, n + 2):
                clauses, top = card.between(lits, low, high, n, encoding)
                assert (top - n, len(clauses)) == card.size(n, low, high, encoding), (n, low, high)
                models = [m[:n] for m in pycosat.itersolve(clauses, vars=max(top, 1))] if clauses else \
                    [[v if bits >> (v - 1) & 1 else -v for v in range(1, n + 1)] for bits in range(1 << n)]
                assert len(models) == len({tuple(m) for m in models}), "a model of the literals came out twice"
                true = [sum(lit in set(m) for lit in lits) for m in models]
                expected = sum(comb(n, k) for k in range(max(low, 0), min(high, n) + 1))
                assert len(models) == expected and all(low <= t <= high for t in true), (n, low, high)


def test_cardinality_entry_points():
    lits = [1, 2, 3, 4]
    for encoding in card.ENCODINGS:
        assert card.exactly(lits, 2, 9, encoding) == card.between(lits, 2, 2, 9, encoding)
        assert card.at_most(lits, 1, 9, encoding) == card.between(lits, 0, 1, 9, encoding)
        assert card.at_least(lits, 3, 9, encoding) == card.between(lits, 3, 4, 9, encoding)
    assert card.exactly(lits, 2) == card.exactly(lits, 2, 4)  # top: the largest variable by default
    assert card.exactly(lits, 5) == ([[]], 4)
    with pytest.raises(ValueError, match="unknown encoding"):
        card.exactly(lits, 2, 4, "ladder")
