"""Fine textures (`minesat.image.texture`): a stipple's period found, the image blurred to its mean, a stippled
cell told from a cell with a digit."""

from __future__ import annotations

import random

from minesat.image.texture import smoothed, stippled, texture_period


def stipple(width: int, height: int, cell: int = 1, box: tuple[int, int, int, int] | None = None) -> bytes:
    """An RGBA image, white, with a checker of white and grey squares of `cell` pixels inside `box`
    (left, top, right, bottom; all of it when None)."""
    left, top, right, bottom = box or (0, 0, width, height)
    out = bytearray(b"\xff" * (width * height * 4))
    for y in range(top, bottom):
        for x in range(left, right):
            if (x // cell + y // cell) % 2:
                out[(y * width + x) * 4:(y * width + x) * 4 + 3] = b"\x7f\x7f\x7f"
    return bytes(out)


def test_a_stipple_at_scale_1_has_a_period_of_two_pixels_and_blurs_to_its_mean_grey():
    data = stipple(120, 80, box=(10, 10, 110, 70))
    assert texture_period(120, 80, data) == 2.0
    out = smoothed(120, 80, data, 2.0)
    inside = {out[(y * 120 + x) * 4 + 1] for y in range(15, 65) for x in range(15, 105)}
    assert max(inside) - min(inside) <= 1 and abs(min(inside) - 191) <= 1
    # away from the texture the image is unchanged
    assert {out[(y * 120 + x) * 4] for y in range(0, 8) for x in range(120)} == {255}


def test_a_coarser_stipple_gives_its_own_period():
    data = stipple(180, 120, cell=3)
    assert texture_period(180, 120, data) == 6.0
    out = smoothed(180, 120, data, 6.0)
    inside = {out[(y * 180 + x) * 4 + 1] for y in range(10, 110) for x in range(10, 170)}
    assert max(inside) - min(inside) <= 2


def test_plain_images_text_and_noise_have_no_texture():
    plain = bytes(b"\xc0\xc0\xc0\xff" * 200 * 100)
    assert texture_period(200, 100, plain) is None
    rng = random.Random(1)
    noise = bytes(v for _ in range(200 * 100) for v in (rng.randrange(256),) * 3 + (255,))
    assert texture_period(200, 100, noise) is None  # irregular: no period
    # strokes of text (irregular spacing) on white, a few rows of the image
    text = bytearray(b"\xff" * 200 * 100 * 4)
    for y in range(40, 52):
        x = 5
        while x < 195:
            text[(y * 200 + x) * 4:(y * 200 + x) * 4 + 3] = b"\x00\x00\x00"
            x += rng.choice((2, 3, 5, 7))
    assert texture_period(200, 100, bytes(text)) is None


def test_a_stippled_cell_is_told_from_a_cell_with_a_digit():
    grey, white, navy = 0x7F7F7F, 0xFFFFFF, 0x800000  # packed (little-endian: red in the low byte)
    rgb = {grey: (127, 127, 127), white: (255, 255, 255), navy: (0, 0, 128)}
    checker = [tuple(grey if (x + y) % 2 else white for x in range(32)) for y in range(32)]
    digit = [tuple(navy if 14 <= x <= 16 and 8 <= y <= 24 else white for x in range(32)) for y in range(32)]
    assert stippled(checker, rgb)
    assert not stippled(digit, rgb)
