"""Polynomials in the number of mines, with exact int coefficients: the arithmetic of counting.

A polynomial {mines: layouts} is held three ways, each where it is cheapest:

    sparse   {degree: coefficient}, nonzero coefficients only: what the engine returns
    dense    (lowest degree, [coefficients from there]): for long products under a total
    packed   one big int, coefficient j in bits [j * width, (j + 1) * width) (Kronecker
             substitution): the dynamic program adds and shifts a whole polynomial in one
             int operation; `width` leaves room for the largest coefficient

and, for the outcome tables, in two variables {(i, j): coefficient}.
"""

from __future__ import annotations

from functools import reduce
from math import comb
from operator import or_

Poly = dict[int, int]  # {degree: coefficient}
Poly2 = dict[tuple[int, int], int]  # {(degree in x, degree in y): coefficient}
Dense = tuple[int, list[int]]  # (lowest degree, coefficients from there)


def product(p: Poly, q: Poly) -> Poly:
    """p x q."""
    out: Poly = {}
    for i, a in p.items():
        for j, b in q.items():
            out[i + j] = out.get(i + j, 0) + a * b
    return out


def product2(p: Poly2, q: Poly2) -> Poly2:
    """p x q for polynomials in two variables."""
    out: Poly2 = {}
    for (i, j), a in p.items():
        for (k, m), b in q.items():
            out[i + k, j + m] = out.get((i + k, j + m), 0) + a * b
    return out


def quotient(p: Poly, q: Poly) -> Poly:
    """p / q for polynomials known to divide exactly (p a product of q and others)."""
    lo_p, lo_q = min(p), min(q)
    a = [p.get(d, 0) for d in range(lo_p, max(p) + 1)]
    b = [q.get(d, 0) for d in range(lo_q, max(q) + 1)]
    out: list[int] = []
    for i in range(len(a) - len(b) + 1):
        c = (a[i] - sum(b[j] * out[i - j] for j in range(1, min(i, len(b) - 1) + 1))) // b[0]
        out.append(c)
    return {lo_p - lo_q + i: c for i, c in enumerate(out) if c}


def dense(poly: Poly) -> Dense:
    """A polynomial as (lowest degree, coefficients from there)."""
    lo = min(poly)
    return lo, [poly.get(d, 0) for d in range(lo, max(poly) + 1)]


def dense_product(p: Dense, q: Dense) -> Dense:
    """The product of two dense polynomials."""
    a, b = p[1], q[1]
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return p[0] + q[0], out


def binomials(n: int, lo: int, hi: int) -> list[int]:
    """[C(n, t) for t in lo..hi] (0 outside 0..n), by the multiplicative recurrence."""
    out: list[int] = []
    t = min(max(lo, 0), hi + 1)
    out.extend([0] * (t - lo))
    if t <= min(hi, n):
        c = comb(n, t)
        out.append(c)
        for u in range(t + 1, min(hi, n) + 1):
            c = c * (n - u + 1) // u
            out.append(c)
    out.extend([0] * (hi - lo + 1 - len(out)))
    return out


def unpack(v: int, width: int, offset: int) -> Poly:
    """{offset + j: coefficient j} of a packed polynomial, nonzero coefficients only."""
    out = {}
    mask = (1 << width) - 1
    j = offset
    while v:
        c = v & mask
        if c:
            out[j] = c
        v >>= width
        j += 1
    return out


def trim(table: dict[int, int], width: int) -> tuple[dict[int, int], int]:
    """Packed polynomials divided by the largest power of x dividing them all: (table, power)."""
    if not table:
        return table, 0
    low = reduce(or_, table.values())
    power = ((low & -low).bit_length() - 1) // width
    if power:
        shift = width * power
        table = {s: v >> shift for s, v in table.items()}
    return table, power
