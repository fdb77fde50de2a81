"""The fit-ups of the lattice found (minesat.image.fitting): a frame's band beyond the board trimmed off it, a
lattice moved onto raised tiles' boundaries, one on flat cells' lines left where it is."""

from __future__ import annotations

from minesat.image.edges import edges_along
from minesat.image.fitting import _on_bevels, _onto_tiles, _raised_share, _trimmed
from minesat.image.lattice import Grid


def framed(pitch: int, rows: int, cols: int, band: int, lined: int) -> tuple[object, object, int, int]:
    """A board of rows x cols cells of `pitch` pixels drawn with dark lines, its lines between columns
    running down rows `lined` and below only (the rows above are opened cells with no lines, as a flat skin
    draws them), and below it a frame: a band `band` pixels high with a window's edge across its middle and
    the window's shadow at its foot.  Its edges across and down."""
    left, top = 20, 20
    width, height = left + cols * pitch + 20, top + rows * pitch + band + 20
    image = [bytearray([200]) * width for _ in range(height)]
    bottom = top + rows * pitch
    for k in range(cols + 1):
        x = left + k * pitch
        first = top if k in (0, cols) else top + lined * pitch
        for y in range(first, bottom + 1):
            image[y][x] = 40
    for k in list(range(lined, rows + 1)) + [0]:
        image[top + k * pitch][left:left + cols * pitch + 1] = bytes([40]) * (cols * pitch + 1)
    for y in (bottom + band // 2, bottom + band):  # the window's edge and its shadow, along the whole side
        image[y][left - 10:left + cols * pitch + 11] = bytes([90]) * (cols * pitch + 21)
    across = [(bytes(row),) * 3 for row in image]
    down = [(bytes(image[y][x] for y in range(height)),) * 3 for x in range(width)]
    return edges_along(across, 1)[0], edges_along(down, 1)[0], width, height


def test_a_frames_band_a_cell_beyond_the_board_is_trimmed_off():
    """Windows XP's look: the window's edge and shadow lie a cell below the board, and a lattice one row longer
    keeps most of its lines; the lines between columns do not cross that band, so it is no row of cells."""
    edges_v, edges_h, width, height = framed(20, 8, 10, 20, 0)
    grid = _trimmed(Grid(20, 20, 20, 20, 9, 10), edges_v, edges_h, width, height)
    assert (grid.top, grid.rows, grid.cols) == (20, 8, 10)


def test_a_single_row_or_column_is_left_as_it_is():
    """A lattice of one row (or column) has no line between its cells to trim by: it is left as it is (the
    trimming divided by the count of those lines; a terminal's text board gave such a lattice, and the reading
    broke off with a ZeroDivisionError)."""
    edges_v, edges_h, width, height = framed(20, 8, 10, 20, 0)
    for grid in (Grid(20, 20, 20, 20, 1, 10), Grid(20, 20, 20, 20, 8, 1)):
        assert _trimmed(grid, edges_v, edges_h, width, height) == grid


def test_opened_rows_without_lines_at_the_boards_edge_are_kept():
    """A flat skin's opened cells at the board's top have no lines between them, and nothing runs along the
    side inside them: they are the board's, not a frame's band (though the lines below cross the rows further
    down)."""
    edges_v, edges_h, width, height = framed(20, 8, 10, 20, 2)
    grid = _trimmed(Grid(20, 20, 20, 20, 8, 10), edges_v, edges_h, width, height)
    assert (grid.top, grid.rows, grid.cols) == (20, 8, 10)


def tiles(pitch: int, rows: int, cols: int, raised: bool) -> tuple[bytes, int, int]:
    """An RGBA image of a board of grey cells at (20, 20): raised tiles (a light bevel at each tile's top and
    left, a dark one at its bottom and right, 4 pixels each, as Windows' tiles at 200%), or flat cells between
    dark lines a pixel wide."""
    width, height = 40 + cols * pitch, 40 + rows * pitch
    grey = [[200] * width for _ in range(height)]
    for r in range(rows):
        for c in range(cols):
            x0, y0 = 20 + c * pitch, 20 + r * pitch
            for y in range(y0, y0 + pitch):
                for x in range(x0, x0 + pitch):
                    dx, dy = x - x0, y - y0
                    if not raised:
                        grey[y][x] = 90 if dx == 0 or dy == 0 else 190
                    elif dx + dy < pitch and min(dx, dy) < 4:
                        grey[y][x] = 255
                    elif max(dx, dy) >= pitch - 4:
                        grey[y][x] = 120
                    else:
                        grey[y][x] = 190
    return bytes(v for row in grey for g in row for v in (g, g, g, 255)), width, height


def on_bevels(grid: Grid, width: int, height: int, rgba: bytes) -> Grid:
    """`_on_bevels` given the share of the grid's cells that look raised, as `_onto_tiles` gives it."""
    green = rgba[1::4]
    return _on_bevels(grid, width, height, green, _raised_share(grid, width, height, green))


def test_a_lattice_inside_raised_tiles_is_moved_onto_their_boundaries():
    """A lattice fitted to the middle of a band of bevel edges (JPEG's) sits a few pixels inside the tiles,
    where none looks raised: it is moved to where each tile's dark bevel meets the next one's light bevel."""
    rgba, width, height = tiles(32, 8, 10, raised=True)
    grid = on_bevels(Grid(23.0, 17.5, 32.2, 31.8, 8, 10), width, height, rgba)
    assert abs(grid.left - 20) <= 1 and abs(grid.top - 20) <= 1
    assert abs(grid.pitch_x - 32) <= 0.1 and abs(grid.pitch_y - 32) <= 0.1


def test_a_lattice_on_flat_cells_lines_stays():
    """Flat cells between thin lines step down into a line as much as up out of it: no bevels, the lattice
    is left where it was fitted."""
    rgba, width, height = tiles(32, 8, 10, raised=False)
    grid = Grid(20.0, 20.0, 32.0, 32.0, 8, 10)
    assert on_bevels(grid, width, height, rgba) == grid


def test_a_lattice_moved_onto_raised_tiles_is_not_centred_again():
    """The step after the bevels (flat tiles centred where they are their own mirror images) leaves raised tiles
    alone: the lattice moved onto their boundaries is the one given back."""
    rgba, width, height = tiles(32, 8, 10, raised=True)
    inside = Grid(23.0, 17.5, 32.2, 31.8, 8, 10)
    grid = _onto_tiles(inside, width, height, rgba)
    assert grid == on_bevels(inside, width, height, rgba) != inside
