"""A digit named from its glyph's shape and its ink's colour (minesat.image.digits), on glyphs drawn here."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from minesat.image.cells import SAMPLES
from minesat.image.digits import UNLIKE, Palette, classify_digit
from minesat.image.glyphs import glyph_features, shape_distances


def sampled(image: Image.Image) -> list[list[bool]]:
    """The image's dark pixels on the reader's grid of SAMPLES x SAMPLES."""
    pix, size = image.load(), image.width
    return [[pix[int((j + 0.5) * size / SAMPLES), int((i + 0.5) * size / SAMPLES)] < 128 for j in range(SAMPLES)]
            for i in range(SAMPLES)]


def test_a_glyph_of_no_digit_s_shape_is_never_named_for_sure_by_its_colour():
    """A cog (a disc with eight spikes) fits no digit's shape; drawn in an indigo, in an image of one blue (the
    blue of the common palettes' 1s and 4s), its colour alone made it a sure 4 (the digits of other hues pushed
    away), as a lost game's mines drawn so were read.  Now it is named unsure."""
    size = 96
    image = Image.new("L", (size, size), 255)
    draw = ImageDraw.Draw(image)
    c, rad = size / 2, size * 0.22
    for a in range(8):
        t = a * math.pi / 4
        draw.line((c, c, c + math.cos(t) * rad * 1.5, c + math.sin(t) * rad * 1.5), fill=0, width=size // 10)
    draw.ellipse((c - rad, c - rad, c + rad, c + rad), fill=0)
    glyph = glyph_features(sampled(image))
    assert glyph is not None
    assert min(shape_distances(glyph, {}).values()) > UNLIKE
    digit, confidence, _ = classify_digit(glyph, [(82, 76, 155)] * 200, palette=Palette(two_blues=False))
    assert digit == 4 and confidence <= 0.45  # (the shape nearest, a 4's: 0.27 from it)
