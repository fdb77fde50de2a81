"""The statistics of a replayed game, as the community's sites and ms-toollib define them (each
definition and its source: docs/replays.md).

Static (the board alone): `3bv` (the fewest left clicks that clear the board: one per opening, one
per number touching no zero), `openings` (regions of zeros, 8-connected), `islands` (regions of
numbers touching no zero), `cells` (how many safe cells show each number 0-8).
Dynamic (the game): `time`, `3bv_solved`, clicks `left`, `right`, `double` and their effective
ones `lce`, `rce`, `dce` (ce = their sum, cl = all clicks), `3bv/s`, `ioe` (3BV solved per click),
`throughput` (3BV solved per effective click), `correctness` (effective clicks per click), `rqp`
(time squared per 3BV solved), `stnb` (Stanislav's standard: a level's constant times 3BV solved
over time^1.7, scaled by the square root of the share solved), `path` (the pointer's path in
16-pixel cells while the game ran).
"""

from __future__ import annotations

from minesat.formats.replays.events import neighbour_table
from minesat.formats.replays.model import Replay

STNB = {(8, 8, 10): 36.0, (9, 9, 10): 36.0, (16, 16, 40): 162.0, (16, 30, 99): 435.0}


def static_figures(rows: int, cols: int, mines: frozenset[tuple[int, int]]) -> dict[str, object]:
    """3BV, openings, islands and the count of each number on the board."""
    around = neighbour_table(rows, cols)
    n = rows * cols
    numbers = [0] * n
    for r, c in mines:
        i = r * cols + c
        numbers[i] = -9
        for j in around[i]:
            numbers[j] += 1
    zero = [v == 0 for v in numbers]
    lone = [v > 0 and not any(zero[j] for j in around[i]) for i, v in enumerate(numbers)]

    def regions(member: list[bool]) -> int:
        seen = [False] * n
        count = 0
        for start in range(n):
            if not member[start] or seen[start]:
                continue
            count += 1
            seen[start] = True
            stack = [start]
            while stack:
                for j in around[stack.pop()]:
                    if member[j] and not seen[j]:
                        seen[j] = True
                        stack.append(j)
        return count

    openings = regions(zero)
    cells = [0] * 9
    for v in numbers:
        if v >= 0:
            cells[v] += 1
    return {"3bv": openings + sum(lone), "openings": openings, "islands": regions(lone), "cells": cells}


def statistics(replay: Replay) -> dict[str, object]:
    """Every figure of the game (the replay's board events derived: `read_replay` does it)."""
    out = static_figures(replay.rows, replay.cols, replay.mine_set)
    clicks = replay.clicks
    t = replay.time
    solved = clicks.get("3bv_solved", 0)
    left, right, double = clicks.get("left", 0), clicks.get("right", 0), clicks.get("double", 0)
    ce = clicks.get("lce", 0) + clicks.get("rce", 0) + clicks.get("dce", 0)
    cl = left + right + double
    bbbv = out["3bv"]
    assert isinstance(bbbv, int)
    level_constant = STNB.get((replay.rows, replay.cols, len(replay.mines)), 0.0)
    out.update({
        "time": round(t, 3), "won": replay.won, "outcome": replay.outcome, "3bv_solved": solved,
        "3bv/s": solved / t if t > 0 else 0.0,
        "left": left, "right": right, "double": double, "cl": cl,
        "lce": clicks.get("lce", 0), "rce": clicks.get("rce", 0), "dce": clicks.get("dce", 0), "ce": ce,
        "flags": clicks.get("flags", 0),
        "ioe": solved / cl if cl else 0.0, "throughput": solved / ce if ce else 0.0,
        "correctness": ce / cl if cl else 0.0,
        "rqp": t * t / solved if solved else None,
        "stnb": level_constant * solved / t ** 1.7 * (solved / bbbv) ** 0.5 if t > 0 and bbbv else 0.0,
        "path": replay.path,
        "flagging": clicks.get("rce", 0) > 0,
    })
    return out
