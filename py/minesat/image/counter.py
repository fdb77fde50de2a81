"""The mine counter above a board in a screenshot: the classic seven-segment display (bright red
segments lit on a dark panel: Windows' Minesweeper, Minesweeper X, Arbiter, JSMinesweeper).

`read_counter(width, height, rgba, grid)` gives the number it shows, or None when no such display is
above the grid, or its segments do not all spell digits.  Of two displays side by side (the mines left and
the time, as in Windows' Minesweeper) the left one is read.  Pure Python, for Pyodide too.
"""

from __future__ import annotations

from minesat.image.grid import Grid

# Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle),
# as fractions of the digit's box: where each is sampled.
SEGMENTS = {"a": (0.5, 0.06), "b": (0.88, 0.27), "c": (0.88, 0.73), "d": (0.5, 0.94), "e": (0.12, 0.73),
            "f": (0.12, 0.27), "g": (0.5, 0.5)}
DIGITS = {"abcdef": 0, "bc": 1, "abdeg": 2, "abcdg": 3, "bcfg": 4, "acdfg": 5, "acdefg": 6, "cdefg": 6, "abc": 7,
          "abcf": 7, "abcdefg": 8, "abcdfg": 9, "abcfg": 9}


_BRIGHT = bytes(1 if v >= 170 else 0 for v in range(256))  # what a lit segment's red channel can be
_LOW = bytes(1 if v <= 135 else 0 for v in range(256))  # and its green channel (at most 255 - 120)


def _lit(r: int, g: int, b: int) -> bool:
    return r >= 170 and r - max(g, b) >= 120


def read_counter(width: int, height: int, rgba: bytes, grid: Grid) -> int | None:
    """The number a seven-segment counter above the grid shows, or None."""
    x_lo = max(0, int(grid.left - grid.pitch_x))
    x_hi = min(width, int(grid.left + (grid.cols + 1) * grid.pitch_x))
    y_lo, y_hi = max(0, int(grid.top - 4 * grid.pitch_y)), max(0, int(grid.top))
    if x_hi - x_lo < 3 or y_hi - y_lo < 5:
        return None
    lit = []
    for y in range(y_lo, y_hi):
        start, end = 4 * (y * width + x_lo), 4 * (y * width + x_hi)
        red, green = rgba[start:end:4], rgba[start + 1:end:4]
        maybe = int.from_bytes(red.translate(_BRIGHT), "big") & int.from_bytes(green.translate(_LOW), "big")
        lit.append([_lit(r, g, b) for r, g, b in zip(red, green, rgba[start + 2:end:4])]
                   if maybe else [False] * (x_hi - x_lo))  # no pixel of the row bright in red and low in green
    columns = [any(column) for column in zip(*lit)]
    groups: list[tuple[int, int]] = []  # runs of columns holding lit pixels: the digits
    for x, on in enumerate(columns):
        if on and groups and groups[-1][1] == x - 1:
            groups[-1] = (groups[-1][0], x)
        elif on:
            groups.append((x, x))
    if len(groups) > 1:  # counters side by side (the mines left, the time): the leftmost is the mines'
        widest = max(b - a + 1 for a, b in groups)
        for k in range(1, len(groups)):
            if groups[k][0] - groups[k - 1][1] > 2 * widest:
                groups = groups[:k]
                break
    if not 1 <= len(groups) <= 4:
        return None
    rows = [y for y, row in enumerate(lit) if any(row)]
    top, bottom = rows[0], rows[-1]
    slot = max(b - a + 1 for a, b in groups)
    tall = bottom - top + 1
    if slot < 3 or not 1.3 * slot <= tall <= 3 * slot:
        return None
    if len(groups) > 1:  # evenly spaced slots of one width (a 1 lights only its right side)
        gaps = [b2 - b1 for (_, b1), (_, b2) in zip(groups, groups[1:])]
        if max(gaps) > 1.25 * min(gaps) or min(gaps) < slot:
            return None
    value = 0
    for _, right in groups:
        left = right - slot + 1
        shown = "".join(name for name, (fx, fy) in SEGMENTS.items()
                     if _segment(lit, left + fx * (slot - 1), top + fy * (tall - 1), max(1, slot // 10)))
        if shown not in DIGITS:
            return None
        value = 10 * value + DIGITS[shown]
    return value


def _segment(lit: list[list[bool]], x: float, y: float, reach: int) -> bool:
    """Whether a lit pixel is within `reach` of (x, y)."""
    xi, yi = int(x + 0.5), int(y + 0.5)
    return any(0 <= j < len(lit) and 0 <= i < len(lit[j]) and lit[j][i]
               for j in range(yi - reach, yi + reach + 1) for i in range(xi - reach, xi + reach + 1))
