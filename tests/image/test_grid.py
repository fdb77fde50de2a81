"""The grid of a board in an image (minesat.image.grid): a part of the board found grown to all of it, a lattice
over edges that are everywhere refused (the fit-ups that come after: tests/image/test_fitting.py)."""

from __future__ import annotations

import random

from minesat.image.edges import EXACT, edges_along
from minesat.image.grid import FINER, Grid, _best_candidate, _extended


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




def shaded_squares(width: int, height: int, xs: list[int], ys: list[int]) -> tuple[list, list]:
    """A grey image of squares shaded corner to corner (light at the top left, a few levels darker each pixel
    right and down, as a CSS clone's shiny hidden squares) between dark lines at the columns xs and the rows ys,
    on a light page: its pixels along its rows and along its columns."""
    def level(x: int, y: int) -> int:
        if x in xs or y in ys:
            return 110
        if not (xs[0] < x < xs[-1] and ys[0] < y < ys[-1]):
            return 220
        left, top = max(c for c in xs if c < x), max(r for r in ys if r < y)
        return max(119, 235 - 5 * ((x - left) + (y - top)))
    image = [bytes(level(x, y) for x in range(width)) for y in range(height)]
    across = [(row,) * 3 for row in image]
    down = [(bytes(image[y][x] for y in range(height)),) * 3 for x in range(width)]
    return across, down


def test_squares_shaded_all_over_are_kept_aside_not_refused_for_a_finer_grid():
    """Squares of 22 pixels shaded corner to corner have edges all over them (a few levels a pixel), so a lattice
    of half their size finds edges near most of its lines too, and the squares' lattice is refused as a coarse
    one of it; but the added lines, through the squares' middles, cross edges on far fewer sampled lines than the
    squares' own: the lattice is kept aside, to be the grid where no other is found (before, such a board gave
    "the lines found do not form one grid of cells").  A lattice of every other line of a grid of plain lines,
    the finer lines as sharp as its own, is refused and not kept."""
    xs = ys = [10 + 22 * k for k in range(10)]
    across, down = shaded_squares(220, 220, xs, ys)
    edges_v, edges_h = edges_along(across, 1)[0], edges_along(down, 1)[0]
    grid = Grid(left=10.0, top=10.0, pitch_x=22.0, pitch_y=22.0, rows=9, cols=9)
    aside: list = []
    assert _best_candidate(grid, None, edges_v, edges_h, 220, 220, EXACT, aside) is None
    assert len(aside) == 1 and aside[0][1] == grid and aside[0][0][1] >= FINER
    xs = ys = [10 + 11 * k for k in range(19)]
    across, down = lattice(220, 220, xs, ys)
    edges_v, edges_h = edges_along(across, 1)[0], edges_along(down, 1)[0]
    aside = []
    assert _best_candidate(grid, None, edges_v, edges_h, 220, 220, EXACT, aside) is None and not aside


def test_a_few_lines_through_the_cells_middles_do_not_halve_the_pitch():
    """The lines between 24-pixel cells, all but one found, and three more through cells' middles (a JPEG's
    digits): the family is the cells' own, not one of 12 pixels with every other line missed (a 16x30 board read
    as 32x61)."""
    from minesat.image.edges import Line
    from minesat.image.grid import _progression
    found = [(3, 31, 463), (15, 31, 421), (28, 32, 464), (52, 40, 463), (76, 72, 464), (100, 72, 463),
             (124, 72, 464), (148, 72, 463), (172, 72, 464), (196, 72, 463), (220, 72, 464), (244, 72, 463),
             (268, 72, 464), (292, 72, 463), (317, 72, 464), (340, 72, 463), (365, 40, 464), (389, 64, 463),
             (412, 72, 464), (436, 72, 463), (460, 72, 464), (484, 72, 463), (508, 72, 464), (532, 72, 463),
             (556, 72, 464), (580, 72, 463), (604, 72, 464), (628, 72, 463), (652, 72, 464), (675, 32, 463),
             (686, 76, 463), (709, 31, 463)]  # (a WineMine JPEG's at 150%: position, first and last pixel)
    lines = [Line(float(pos), start, end, end - start) for pos, start, end in found]
    first, pitch, count, _ = _progression(lines)
    assert abs(pitch - 24) < 0.5 and count >= 25


def test_rows_whose_middles_lie_below_the_image_are_no_rows():
    """A lattice run a cell past the board's last line at the image's foot: that row is dropped."""
    from minesat.image.grid import _inside
    grid = _inside(Grid(3.3, 51.0, 16.0, 16.0, 25, 30), 490, 441)
    assert (grid.rows, grid.cols) == (24, 30)
    assert _inside(Grid(-12.0, 10.0, 16.0, 16.0, 5, 5), 200, 200) == Grid(4.0, 10.0, 16.0, 16.0, 5, 4)
