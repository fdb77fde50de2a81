"""The mine counter above a board in a screenshot: the classic seven-segment display (bright segments
of a strong colour lit on a darker panel: red on black in Windows' Minesweeper, Minesweeper X, Arbiter and
JSMinesweeper; yellow on green in Ace of Penguins').

`read_counter(width, height, rgba, grid)` gives the number it shows, or None when no such display is
above the grid, or its segments do not all spell digits.  Of two displays side by side (the mines left and
the time, as in Windows' Minesweeper) the left one is read; a display alone right of the board's middle is
a clock, not read.  Pure Python, for Pyodide too.
"""

from __future__ import annotations

from statistics import median

from minesat.image.digits import hue, hue_distance
from minesat.image.grid import Grid

# Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle),
# as fractions of the digit's box: where each is sampled.
SEGMENTS = {"a": (0.5, 0.06), "b": (0.88, 0.27), "c": (0.88, 0.73), "d": (0.5, 0.94), "e": (0.12, 0.73),
            "f": (0.12, 0.27), "g": (0.5, 0.5)}
DIGITS = {"abcdef": 0, "bc": 1, "abdeg": 2, "abcdg": 3, "bcfg": 4, "acdfg": 5, "acdefg": 6, "cdefg": 6, "abc": 7,
          "abcf": 7, "abcdefg": 8, "abcdfg": 9, "abcfg": 9}


_BRIGHT = bytes(1 if v >= 170 else 0 for v in range(256))  # what a lit segment's brightest channel can be
_LOW = bytes(1 if v <= 135 else 0 for v in range(256))  # and its darkest (at most 255 - 120)


def _lit(r: int, g: int, b: int) -> bool:
    """A lit segment's pixel: bright and of a strong colour (not white, not grey)."""
    return max(r, g, b) >= 170 and max(r, g, b) - min(r, g, b) >= 120


def _bits(channels: list[bytes], table: bytes) -> int:
    """One bit a pixel: set where any of the channels passes `table`."""
    out = 0
    for channel in channels:
        out |= int.from_bytes(channel.translate(table), "big")
    return out


def read_counter(width: int, height: int, rgba: bytes, grid: Grid) -> int | None:
    """The number a seven-segment counter above the grid shows, or None."""
    x_lo = max(0, int(grid.left - grid.pitch_x))
    x_hi = min(width, int(grid.left + (grid.cols + 1) * grid.pitch_x))
    y_lo, y_hi = max(0, int(grid.top - 4 * grid.pitch_y)), max(0, int(grid.top))
    if x_hi - x_lo < 3 or y_hi - y_lo < 5:
        return None
    step = max(1, int(grid.pitch_x / 32))  # big cells (a screenshot at scale 3): not every pixel is needed
    hues: list[dict[int, float]] = []  # each sampled row's lit pixels: their hues
    for y in range(y_lo, y_hi, step):
        start, end = 4 * (y * width + x_lo), 4 * (y * width + x_hi)
        channels = [rgba[start:end:4 * step], rgba[start + 1:end:4 * step], rgba[start + 2:end:4 * step]]
        if _bits(channels, _BRIGHT) & _bits(channels, _LOW):  # some pixel of the row bright and strongly coloured
            hues.append({x: hue(r, g, b) for x, (r, g, b) in enumerate(zip(*channels)) if _lit(r, g, b)})
        else:
            hues.append({})
    xs = sorted(set().union(*hues))
    if not xs:
        return None
    first = [x for k, x in enumerate(xs) if x - xs[0] == k]  # the leftmost lit columns: the display's colour
    shade = median(h for row in hues for x, h in row.items() if x in first)
    across = len(range(x_lo, x_hi, step))
    lit = [[x in row and hue_distance(row[x], shade) < 20 for x in range(across)]
           for row in hues]  # lit in the display's colour (not a yellow face beside a red display)
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
    if not 1 <= len(groups) <= 4 or groups[0][0] + groups[-1][1] > across:
        return None  # no display, or one right of the board's middle: where clients keep the clock
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
