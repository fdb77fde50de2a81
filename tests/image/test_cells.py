"""A cell sampled (minesat.image.cells): its look, on single cells drawn here."""

from __future__ import annotations

from PIL import Image, ImageDraw

from minesat.image.cells import packed_pixels, sample_cell
from minesat.image.lattice import Grid


def looked(face: tuple[int, int, int], light: tuple[int, int, int], dark: tuple[int, int, int], size: int = 32):
    """The sampled look of one cell of `face` with a `light` line at its top and left and a `dark` one at its
    bottom and right, an eighth of the cell wide."""
    image = Image.new("RGB", (size, size), face)
    draw = ImageDraw.Draw(image)
    w = size // 8
    draw.rectangle((0, 0, size - 1, w - 1), fill=light)
    draw.rectangle((0, 0, w - 1, size - 1), fill=light)
    draw.rectangle((0, size - w, size - 1, size - 1), fill=dark)
    draw.rectangle((size - w, 0, size - 1, size - 1), fill=dark)
    rgba = image.convert("RGBA").tobytes()
    return sample_cell(size, size, packed_pixels(rgba), Grid(0, 0, size, size, 1, 1), 0, 0)


def test_a_black_cell_with_white_lines_above_and_left_is_not_raised():
    """Nothing is drawn darker than black: white grid lines on two sides of a black opened cell (where Wine draws
    them solid) raise no tile; a grey tile's bevels do."""
    assert looked((0, 0, 0), (255, 255, 255), (0, 0, 0)).raised <= 0
    assert looked((192, 192, 192), (255, 255, 255), (128, 128, 128)).raised >= 25
