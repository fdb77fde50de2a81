"""A glyph's shape matched to the digits' prototypes (minesat.image.glyphs), on digits drawn here."""

from __future__ import annotations

from PIL import Image, ImageDraw

from minesat.image.cells import SAMPLES
from minesat.image.glyphs import WELL, glyph_features, shape_distances


def sampled(image: Image.Image) -> list[list[bool]]:
    """The image's dark pixels on the reader's grid of SAMPLES x SAMPLES."""
    pix, size = image.load(), image.width
    return [[pix[int((j + 0.5) * size / SAMPLES), int((i + 0.5) * size / SAMPLES)] < 128 for j in range(SAMPLES)]
            for i in range(SAMPLES)]


def test_a_four_open_at_its_top_fits_a_four_well():
    """Many interface fonts (Segoe UI's, Fira's, an emoji keycap's) draw a 4 whose slanted stroke stops short of
    its stem: no hole.  It fits a 4 well (the prototypes of Fira Code's and B612's 4s), far better than any other
    digit; with the closed 4s alone it fit none well (0.26)."""
    size = 96
    image = Image.new("L", (size, size), 255)
    draw = ImageDraw.Draw(image)
    width = size // 10
    draw.line((0.52 * size, 0.22 * size, 0.28 * size, 0.60 * size), fill=0, width=width)  # the slanted stroke
    draw.line((0.26 * size, 0.62 * size, 0.74 * size, 0.62 * size), fill=0, width=width)  # the bar
    draw.line((0.60 * size, 0.36 * size, 0.60 * size, 0.78 * size), fill=0, width=width)  # the stem
    glyph = glyph_features(sampled(image))
    assert glyph is not None and glyph.holes == 0
    distances = shape_distances(glyph, {})
    assert distances[4] <= WELL
    assert distances[4] + 0.2 < min(d for digit, d in distances.items() if digit != 4)


def test_a_one_without_a_foot_and_with_a_long_flag_fits_a_one_well():
    """Interface fonts (Open Sans's, Cantarell's, an emoji keycap's) draw a 1 as a stem with a long flag and no
    foot: it fits a 1 well (their prototypes), where before it fit a 5 or a 3 best."""
    size = 96
    image = Image.new("L", (size, size), 255)
    draw = ImageDraw.Draw(image)
    width = size // 9
    draw.line((0.56 * size, 0.20 * size, 0.56 * size, 0.80 * size), fill=0, width=width)  # the stem
    draw.line((0.56 * size, 0.22 * size, 0.34 * size, 0.38 * size), fill=0, width=width)  # the flag
    glyph = glyph_features(sampled(image))
    assert glyph is not None
    distances = shape_distances(glyph, {})
    assert distances[1] <= WELL
    assert distances[1] + 0.2 < min(d for digit, d in distances.items() if digit != 1)
