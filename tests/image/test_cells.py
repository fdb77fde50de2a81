"""A cell sampled (minesat.image.cells): its look, on single cells drawn here."""

from __future__ import annotations

from PIL import Image, ImageDraw

from minesat.image.cells import edge_raised, packed_pixels, sample_cell
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


def edged(face: tuple[int, int, int], light: tuple[int, int, int], dark: tuple[int, int, int], halo: bool,
          size: int = 48):
    """The sampled look of one cell of `face` whose bevels are two pixels at its very edge: `light` above and
    left, `dark` below and right; or with `halo` an opened cell's look after a resize: a `dark` line below and
    right with a `light` halo inside it, and the halo above and left."""
    image = Image.new("RGB", (size, size), face)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size - 1, 1), fill=light)
    draw.rectangle((0, 0, 1, size - 1), fill=light)
    if halo:
        draw.rectangle((0, size - 3, size - 1, size - 3), fill=light)
        draw.rectangle((size - 3, 0, size - 3, size - 1), fill=light)
    draw.rectangle((0, size - 2, size - 1, size - 1), fill=dark)
    draw.rectangle((size - 2, 0, size - 1, size - 1), fill=dark)
    rgba = image.convert("RGBA").tobytes()
    return sample_cell(size, size, packed_pixels(rgba), Grid(0, 0, size, size, 1, 1), 0, 0)


def test_a_thin_bevel_at_the_very_edge_is_a_tiles():
    """Bevels of two pixels on a 48-pixel cell lie outside the strips a tile's bevel is measured on: a pale tile
    lighter at its edge above and left and darker below and right is raised (the jQuery clone's hidden squares,
    read as opened empty cells), but not an opened cell whose dark line has a light halo inside it."""
    pale, white, green = (198, 255, 198), (255, 255, 255), (144, 198, 0)
    assert edged(pale, white, green, halo=False).raised < 25, "the strips miss the bevel"
    assert edge_raised(edged(pale, white, green, halo=False)) >= 25
    assert edge_raised(edged(pale, white, green, halo=True)) < 25
