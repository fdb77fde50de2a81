"""Marks on cells (minesat.image.marks): shown mines, on single cells drawn here."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from minesat.image.cells import packed_pixels, sample_cell
from minesat.image.glyphs import glyph_features
from minesat.image.lattice import Grid
from minesat.image.marks import is_mine


def cell_of(draw_on, size: int = 32):
    """The sampled look of one opened grey cell with what `draw_on(draw, size)` draws on it, and its glyph."""
    image = Image.new("RGB", (size, size), (192, 192, 192))
    draw = ImageDraw.Draw(image)
    draw.line((0, 0, size - 1, 0), fill=(128, 128, 128))
    draw.line((0, 0, 0, size - 1), fill=(128, 128, 128))
    draw_on(draw, size)
    rgba = image.convert("RGBA")
    cell = sample_cell(size, size, packed_pixels(rgba.tobytes()), Grid(0, 0, size, size, 1, 1), 0, 0)
    return cell, glyph_features(cell.ink)


def small_mine(draw, size: int) -> None:
    """A mine drawn small in a big cell: a disc a third of the cell across, thin spikes reaching twice as far."""
    c, rad = size / 2, size / 6.5
    for a in range(4):
        t = a * math.pi / 4
        draw.line((c - math.cos(t) * 2 * rad, c - math.sin(t) * 2 * rad, c + math.cos(t) * 2 * rad,
                   c + math.sin(t) * 2 * rad), fill=(0, 0, 0), width=2)
    draw.ellipse((c - rad, c - rad, c + rad, c + rad), fill=(0, 0, 0))


def test_a_small_mine_with_long_spikes_is_a_mine():
    """Its spikes leave its box half empty (a disc filled less than half): it was read as a 4, at full confidence."""
    cell, glyph = cell_of(small_mine)
    assert glyph is not None and glyph.fill < 0.5
    assert is_mine(cell, glyph)
