"""A digit named by its shape and its ink's colour (minesat.image.digits): an image's own palette."""

from __future__ import annotations

from minesat.image.digits import own_hues

GREEN, RED, BLUE, CYAN, MAGENTA = 120.0, 2.0, 235.0, 182.0, 300.0


def test_a_hue_whose_digits_are_all_of_one_shape_is_that_digits():
    """Green 1s (the common palettes' green is a 2's) and cyan 3s (a 6's there), told by their shapes: the image's
    own palette: the green and cyan digits of the common palettes (2s, 6s) are drawn in other colours here.  Some
    1s fit a 2 fairly, but the image's 2s are white (grey ink) and fit well there: a digit has one colour, so those
    votes do not count."""
    seen = ([(GREEN, 1, 0.12)] * 8 + [(GREEN, 2, 0.18)] * 7 + [(None, 2, 0.1)] * 20
            + [(CYAN, 3, 0.14)] * 5 + [(CYAN + 3, 3, 0.17)] * 2 + [(MAGENTA, 6, 0.12)] * 2)
    own = dict((round(h), d) for h, d in own_hues(seen))
    assert sorted(own.values()) == [1, 3]
    assert own_hues(seen[:8] + seen[8:15]) == (), "without the white 2s, green is half 1s and half 2s: no palette"


def test_digits_of_many_shapes_in_one_hue_make_no_palette():
    """A client drawing every number red: its well-shaped 1s and 3s do not make red a 1's."""
    assert own_hues([(RED, 1, 0.1)] * 14 + [(RED, 3, 0.1)] * 3) == ()


def test_the_common_palettes_hues_are_left_to_them():
    """Blue 1s and green 2s are the common palette's: no palette of the image's own is needed."""
    assert own_hues([(BLUE, 1, 0.1)] * 10 + [(GREEN, 2, 0.1)] * 10) == ()
    assert own_hues([(GREEN, 1, 0.1)] * 3) == (), "too few to tell"


def test_a_hue_whose_common_digit_is_drawn_nowhere_else_stays_the_common_palettes():
    """Italic blue 1s that fit a 7 by their shape: blue is a 1's in the common palettes and no 1 is drawn in another
    colour, so blue does not become a 7's (every 1 of the board would be read as a 7)."""
    assert own_hues([(BLUE, 7, 0.14)] * 20 + [(None, 2, 0.1)] * 10) == ()
