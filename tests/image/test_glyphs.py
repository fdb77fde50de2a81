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


def segments(lit: str, wide: float = 0.4, size: int = 96) -> Image.Image:
    """A digit of seven segments (`lit`, a to g: top, upper right, lower right, foot, lower left, upper left,
    middle), half the cell tall and `wide` of it wide, strokes a tenth of the cell thick."""
    image = Image.new("L", (size, size), 255)
    draw = ImageDraw.Draw(image)
    t, left, top = size // 10, (1 - wide) / 2 * size, size / 4
    right, bottom, middle = left + wide * size, top + size / 2, size / 2
    boxes = {"a": (left, top, right, top + t), "d": (left, bottom - t, right, bottom),
             "g": (left, middle - t / 2, right, middle + t / 2), "b": (right - t, top, right, middle),
             "c": (right - t, middle, right, bottom), "f": (left, top, left + t, middle),
             "e": (left, middle, left + t, bottom)}
    for s in lit:
        draw.rectangle(boxes[s], fill=0)
    return image


def test_digits_of_seven_segments_fit_their_digits():
    """A 2 and a 5 of seven segments are each other's mirror image, and a 3 of them is squarer than any font's:
    by the fonts alone a segmented 2 was nearer a 5 (or a 3) than a 2 (WineMine's digits, as Wine draws them)."""
    for digit, lit in ((2, "abged"), (3, "abgcd"), (4, "fgbc"), (5, "afgcd")):
        for wide in (0.3, 0.36):
            glyph = glyph_features(sampled(segments(lit, wide)))
            assert glyph is not None
            distances = shape_distances(glyph, {})
            assert min(distances, key=distances.__getitem__) == digit, (digit, wide)
            assert distances[digit] <= WELL


def test_a_thin_line_down_a_side_is_no_glyph():
    """A bevel's trace left one sample wide by a JPEG along a cell's side, broken or whole, is no ink to read (it
    was a 1 or a 2); the same line about the middle is a glyph still."""
    for x, glyph in ((3, False), (SAMPLES - 4, False), (SAMPLES // 2, True)):
        mask = [[bool(j == x and 8 <= i < 24 and i % 7) for j in range(SAMPLES)] for i in range(SAMPLES)]
        assert (glyph_features(mask) is not None) == glyph, x
