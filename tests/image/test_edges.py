"""Edges along sampled lines of pixels, and the long straight lines they make up (minesat.image.edges)."""

from __future__ import annotations

from minesat.image.edges import EXACT, SPLIT, edges_along, histogram, long_runs, support


def stripes(width: int, height: int, xs: set[int]) -> list[tuple[bytes, bytes, bytes]]:
    """Rows of a grey image with dark vertical lines, one pixel wide, at the columns xs, as (red, green, blue)."""
    row = bytes(40 if x in xs else 200 for x in range(width))
    return [(row, row, row)] * height


def test_a_thin_line_is_an_edge_either_side_and_a_long_run():
    width, height = 120, 60
    sharp, blurred = edges_along(stripes(width, height, {30, 70}), step=1)
    hist = histogram(sharp, width, 0, height)
    marked = {x for x in range(width) if hist[x] == height}
    assert marked and marked <= {29, 30, 31, 69, 70, 71} and {x for x in range(width) if hist[x]} == marked
    lines = long_runs(sharp, width, min_run=20, mode=EXACT)
    assert [round(line.pos) for line in lines] == [30, 70]
    assert all(line.end - line.start >= height - 2 for line in lines)
    assert blurred.lines == sharp.lines == height


def test_support_counts_the_lattice_lines_along_which_edges_run():
    width, height = 200, 50
    edges = edges_along(stripes(width, height, {20, 40, 60, 80, 100}), step=1)[0]
    assert support(edges, 20, 20, 4, 0, height) == 1.0  # five lines, all there
    assert support(edges, 20, 20, 9, 0, height) == 0.5  # ten lines, five there
    assert support(edges, 30, 20, 3, 0, height) == 0.0  # between the lines


def test_nothing_in_a_plain_image():
    width, height = 80, 40
    edges = edges_along(stripes(width, height, set()), step=1)[0]
    assert long_runs(edges, width, min_run=20, mode=SPLIT) == []
