"""Where the board ends: whether the cells just outside a grid found go on with the board's.

Glossary: a grid is a **part** of a board when the cells beyond one of its sides look like the board's (an
edge between them, as between cells: `_outer_line`, and most of them like one of its looks) or show digits
(`DIGITS` of them); its reading is then not offered as the board (`continues`).
"""

from __future__ import annotations

from minesat.board import Cell
from minesat.image.cells import CellLook, Seen, sample_cell
from minesat.image.glyphs import WELL, Shapes, glyph_features, shape_distances, shape_fit
from minesat.image.grid import Grid
from minesat.image.looks import colour_distance, distance, tolerance

DIGITS = 0.6  # the cells beyond a grid's side with digits, at least, where the board goes on (see `continues`)


def continues(width: int, height: int, data: bytes, pixels: memoryview, grid: Grid,
              centres: list[list[CellLook]], seen: Seen, shapes: Shapes) -> bool:
    """Whether the cells just outside the grid, on some side, look like the board's, or show digits: then the
    grid found is a part of the board, and its reading must not be offered as the board."""
    looks = [(members[0], tolerance(members)) for members in centres if len(members) >= 3]
    sides = [[(-1, c) for c in range(grid.cols)], [(grid.rows, c) for c in range(grid.cols)],
             [(r, -1) for r in range(grid.rows)], [(r, grid.cols) for r in range(grid.rows)]]
    for side in sides:
        inside = [(r, c) for r, c in side
                  if grid.left + c * grid.pitch_x >= 0 and grid.left + (c + 1) * grid.pitch_x <= width
                  and grid.top + r * grid.pitch_y >= 0 and grid.top + (r + 1) * grid.pitch_y <= height]
        if len(inside) < max(2, 0.8 * len(side)):
            continue
        if (_outer_line(width, height, data, grid, side[0])
                and _mostly_alike(width, height, pixels, grid, inside, looks, seen)):
            return True
        if _mostly_digits(width, height, pixels, grid, inside, seen, shapes):
            return True  # numbers go on beyond it (opened cells of the page's colour, no line about the board)
    return False


def _mostly_digits(width: int, height: int, pixels: memoryview, grid: Grid, cells: list[Cell], seen: Seen,
                   shapes: Shapes) -> bool:
    """Whether most of these cells (DIGITS of them) hold ink shaped as a digit, fitting one well."""
    found = 0
    for r, c in cells:
        cell = sample_cell(width, height, pixels, grid, r, c, seen)
        glyph = glyph_features(cell.ink) if cell.ink_count else None
        found += glyph is not None and shape_fit(shape_distances(glyph, shapes))[0] <= WELL
    return found >= DIGITS * len(cells)




def _mostly_alike(width: int, height: int, pixels: memoryview, grid: Grid, cells: list[Cell],
                  looks: list[tuple[CellLook, float]], seen: Seen) -> bool:
    """Whether at least 70% of these cells look like one of the looks (near it, and its colour within the
    look's tolerance), sampling no more cells than it takes."""
    need = 0.7 * len(cells)
    alike = 0
    for k, (r, c) in enumerate(cells):
        if alike >= need or alike + len(cells) - k < need:
            break
        cell = sample_cell(width, height, pixels, grid, r, c, seen)
        alike += any(distance(cell, look) <= 48 and colour_distance(cell, look) <= tolerance
                     for look, tolerance in looks)
    return alike >= need


def _outer_line(width: int, height: int, data: bytes, grid: Grid, first: tuple[int, int]) -> bool:
    """Whether the far side of the row or column of cells starting at `first` (outside the grid)
    is an edge along most of its length, as a line between cells would be (a frame's padding or
    the page around the board has none there)."""
    r0, c0 = first
    vertical = c0 in (-1, grid.cols)  # a column of cells left or right of the grid
    if vertical:
        x = grid.left + (c0 + (0 if c0 < 0 else 1)) * grid.pitch_x
        points = [(int(x), int(grid.top + (k + 0.5) * grid.pitch_y / 4)) for k in range(grid.rows * 4)]
        step = (2, 0)
    else:
        y = grid.top + (r0 + (0 if r0 < 0 else 1)) * grid.pitch_y
        points = [(int(grid.left + (k + 0.5) * grid.pitch_x / 4), int(y)) for k in range(grid.cols * 4)]
        step = (0, 2)
    hits = total = 0
    for x, y in points:
        xa, ya, xb, yb = x - step[0], y - step[1], x + step[0], y + step[1]
        if not (0 <= xa and xb < width and 0 <= ya and yb < height):
            continue
        total += 1
        a, b = (ya * width + xa) * 4, (yb * width + xb) * 4
        hits += max(abs(data[a] - data[b]), abs(data[a + 1] - data[b + 1]), abs(data[a + 2] - data[b + 2])) >= 6
    return total > 0 and hits >= 0.5 * total
