"""The grid of a board in an image (minesat.image.grid): a part of the board found grown to all of it, a lattice
over edges that are everywhere refused (the fit-ups that come after: tests/image/test_fitting.py)."""

from __future__ import annotations

import random

from minesat.image.edges import EXACT, edges_along
from minesat.image.grid import Grid, _best_candidate, _extended


def lattice(width: int, height: int, xs: list[int], ys: list[int]) -> tuple[list, list]:
    """A grey image with dark lines, one pixel wide, at the columns xs and the rows ys: its pixels along its
    rows and along its columns, as (red, green, blue) each."""
    image = [bytearray(200 if x not in xs else 40 for x in range(width)) for _ in range(height)]
    for y in ys:
        image[y][:] = bytes([40]) * width
    across = [(bytes(row),) * 3 for row in image]
    down = [(bytes(image[y][x] for y in range(height)),) * 3 for x in range(width)]
    return across, down


def test_a_part_found_with_a_pitch_a_little_off_grows_to_the_whole_board():
    """A board of 30 columns of 46.27 pixels (a page at 150% as JPEG) whose lattice was found on 24 of them
    with a pitch 0.3% too big, fitted to the board's right side: the columns beyond the found part's left are
    ever further off the pitch found, the last by 4.6 pixels; the grid still grows to the board's own outer
    lines (the lattice's exact fit comes after, in `minesat.image.fitting`)."""
    pitch, cols, rows = 46.27, 30, 4
    xs = [round(40 + k * pitch) for k in range(cols + 1)]
    ys = [20 + 46 * k for k in range(rows + 1)]
    across, down = lattice(xs[-1] + 30, ys[-1] + 20, xs, ys)
    edges_v, edges_h = edges_along(across, 1)[0], edges_along(down, 1)[0]
    part = Grid(left=xs[-1] - 24 * 46.42, top=ys[0], pitch_x=46.42, pitch_y=46, rows=rows, cols=24)  # its right
    # side on the board's: its left 3.6 pixels off
    grown = _extended(part, edges_v, edges_h, xs[-1] + 30, ys[-1] + 20)
    assert (grown.rows, grown.cols) == (rows, cols)
    assert abs(grown.left - xs[0]) <= 2 and abs(grown.left + cols * grown.pitch_x - xs[-1]) <= 0.25 * pitch


def test_a_lattice_over_edges_everywhere_is_no_grid():
    """JPEG's noise on shaded tiles at 100% puts sharp edges within two pixels of nearly every place: any lattice
    crosses edges along all its lines (a 23-column lattice of 31.9 pixels was taken over a 24-column board of 30).
    A lattice whose half-shifted twin, through the cells' middles, crosses as many is no grid: it gives no
    board, so that later passes, on blurred edges, look for one."""
    rng = random.Random(4)
    width, height = 400, 300
    xs, ys = [round(20 + k * 31.9) for k in range(12)], [20 + 30 * k for k in range(9)]
    noise = bytes(rng.randrange(100, 140) for _ in range(width))  # (the lines between rows, the only edges down)
    image = [bytes(40 for _ in range(width)) if y in ys else noise for y in range(height)]
    across = [(row,) * 3 for row in image]
    down = [(bytes(image[y][x] for y in range(height)),) * 3 for x in range(width)]
    edges_v, edges_h = edges_along(across, 1)[0], edges_along(down, 1)[0]
    grid = Grid(left=20.0, top=20.0, pitch_x=31.9, pitch_y=30.0, rows=8, cols=11)
    best = _best_candidate(grid, None, edges_v, edges_h, width, height, EXACT)
    assert best is not None and not best[0][0]
    # the same lattice drawn as lines on a flat grey is a grid
    across, down = lattice(width, height, xs, ys)
    edges_v, edges_h = edges_along(across, 1)[0], edges_along(down, 1)[0]
    best = _best_candidate(grid, None, edges_v, edges_h, width, height, EXACT)
    assert best is not None and best[0][0]
