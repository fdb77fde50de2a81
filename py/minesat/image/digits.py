"""A digit named: from its glyph's shape (`minesat.image.glyphs`) and its ink's colour.

Digits are told by the shape of their ink (compared with digits of ten common fonts) and by its colour where
the colour is a digit's in the common palettes (blue 1, green 2, red 3...).  Glossary: a colour's **hue** in
degrees round the colour wheel (`hue`, `hue_distance`); the ink's hue (`ink_hue`: of its most saturated
half; None for grey ink); an image's **palette** (`Palette`): what its digits, all of them, say of how it
draws them (two reds, two blues, colours at all, zeros).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import itemgetter

from minesat.image.cells import Rgb
from minesat.image.glyphs import WELL, Glyph, Shapes, shape_distances

# a shape this near a digit's (FAIR), every other digit's CLEAR further: its colour does not overrule it (see `odd`)
FAIR, CLEAR = 0.2, 0.12
# an image's own palette (`own_hues`): OWN glyphs or more of hues NEAR_HUE degrees apart at most, OWN_SHARE of them of
# one digit's shape
OWN, OWN_SHARE, NEAR_HUE = 4, 0.7, 20

# Ink hues of digits in the common palettes (degrees), for chromatic ink.
_HUES: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),  # (a 0 drawn on an empty cell, in grey)
    1: ((195, 250),),
    2: ((75, 160),),
    3: ((340, 360), (0, 20), (40, 65)),  # (an olive 3: KMines')
    4: ((225, 300),),
    5: ((340, 360), (0, 50)),
    6: ((165, 200),),
    7: ((260, 330),),
    8: (),
}


def hue(r: float, g: float, b: float) -> float:
    """The hue of a colour that is not grey, in degrees."""
    hi, d = max(r, g, b), max(r, g, b) - min(r, g, b)
    if hi == r:
        return 60 * (((g - b) / d) % 6)
    if hi == g:
        return 60 * ((b - r) / d + 2)
    return 60 * ((r - g) / d + 4)


def hue_distance(a: float, b: float) -> float:
    """How far apart two hues are round the colour wheel, in degrees (0-180)."""
    return min(abs(a - b), 360 - abs(a - b))


def ink_hue(colours: list[Rgb], background: Rgb | None = None) -> tuple[float, float, float] | None:
    """The ink's hue, saturation and lightness (of its most saturated half), or None when it is grey.  On a
    coloured `background` (a look's: a big digit can hide its own cell's), the samples of the background's
    own hue are left out first: the ink's edges, which blend with it (a white digit on green is no green
    digit)."""
    if background is not None and max(background) - min(background) >= 40:
        own = hue(*background)
        kept = [p for p in colours if max(p) - min(p) < 20 or hue_distance(hue(*p), own) >= 25]
        colours = kept or colours
    saturation = {p: max(p) - min(p) for p in set(colours)}
    scored = sorted(colours, key=saturation.__getitem__, reverse=True)
    top = scored[:max(1, len(scored) // 2)]
    r = sum(map(itemgetter(0), top)) / len(top)
    g = sum(map(itemgetter(1), top)) / len(top)
    b = sum(map(itemgetter(2), top)) / len(top)
    hi, lo = max(r, g, b), min(r, g, b)
    if hi - lo < 40:
        return None
    return hue(r, g, b), (hi - lo) / 255, (hi + lo) / 2


def _hue_fits(digit: int, hue: float) -> bool:
    return any(a <= hue <= b for a, b in _HUES[digit])


@dataclass(frozen=True)
class Palette:
    """What an image's digits say of how it draws them (worked out over all of them, see the reader's
    `_palette`): whether they show both a bright and a dark red, as the classic palette's 3 and 5 do, and a
    bright and a dark blue, its 1 and 4; whether their colours differ at all (`hues`); whether empty cells show
    a 0 (`zeros`)."""

    two_reds: bool = True
    two_blues: bool = True
    hues: bool = True
    zeros: bool = False
    red_split: float = 90  # a red this light or lighter is the bright one (a 3), where two are
    blue_split: float = 90  # and a blue the bright one (a 4)
    own: tuple[tuple[float, int], ...] = ()  # hues the image gives a digit no common palette does (`own_hues`)


def own_hues(seen: list[tuple[float | None, int, float]]) -> tuple[tuple[float, int], ...]:
    """The hues an image draws a digit in that no common palette draws it in, from its glyphs' hues (None: grey
    ink), the digits of their nearest shapes and how near (`seen`).  A hue whose glyphs of a fair shape are at
    least OWN, OWN_SHARE of them of one digit's shape, a digit the common palettes never draw in that hue (green
    1s, cyan 3s, yellow 4s) and whose shape is not seen twice in a hue the common palettes draw it in; the digits
    the common palettes draw in that hue each fitting fairly twice in another colour (green 2s drawn white), and no
    other digit's shape fitting well in it more than once or a tenth of the time (not a client drawing all its
    digits in one colour).  An image draws each digit in one colour, so the glyphs of a digit whose shape fits
    well twice as often in another colour (or grey) are left out of the count (a 1 taken for a 2 by its shape,
    where the 2s are white).  Where a hue is the common palette's, the colour goes on telling the digit."""
    def alike(a: float | None, b: float | None) -> bool:
        return a is b is None or a is not None and b is not None and hue_distance(a, b) <= NEAR_HUE

    fair = [(h, d) for h, d, fit in seen if fit <= FAIR]
    well = [(h, d) for h, d, fit in seen if fit <= WELL]
    # the glyphs of each digit's shape in a hue the common palettes draw it in (red 3s fitting a 4 by their shape
    # in a JPEG, where the 4s are dark blue: the common palette holds)
    common = Counter(d for h, d, _ in seen if h is not None and _hue_fits(d, h))
    out: list[tuple[float, int]] = []
    tried: set[tuple[int, int]] = set()  # each hue (in steps of 5 degrees) and digit tried once
    for h, d in fair:
        if h is None or (round(h / 5), d) in tried or any(hue_distance(h, o) <= NEAR_HUE / 4 for o, _ in out):
            continue
        tried.add((round(h / 5), d))
        here = [e for g, e in fair if alike(g, h)]
        away = [e for g, e in well if not alike(g, h)]
        near = [e for e in here if away.count(e) < max(OWN, 2 * here.count(e))]
        clear = [e for g, e in well if alike(g, h)]  # (no other digit fits well in this hue twice: one red for all)
        # and the digits the common palettes draw in this hue are each drawn in another colour here (italic blue 1s
        # taken for 7s by their shape are still the blue 1s)
        elsewhere = [e for g, e in fair if not alike(g, h)]
        moved = all(elsewhere.count(e) >= 2 for e in range(1, 9) if _hue_fits(e, h))
        if ((n := near.count(d)) >= OWN and n >= OWN_SHARE * len(near) and not _hue_fits(d, h)
                and len(clear) - clear.count(d) <= max(1, len(clear) // 10) and common[d] < 2 and moved):
            out.append((h, d))
    return tuple(out)


def classify_digit(glyph: Glyph, colours: list[Rgb], shapes: Shapes | None = None, palette: Palette = Palette(),
                   background: Rgb | None = None) -> tuple[int, float, list[int]]:
    """The digit the glyph shows, a confidence in [0, 1], and every digit from the likeliest down (`shapes`:
    the distances of the shapes seen before, kept across the calls that pass the same dict; `palette`: the
    image's; `background`: the cell's, as `ink_hue` takes it).  A 0 only where the image draws zeros."""
    two_reds, two_blues = palette.two_reds, palette.two_blues
    hsl = ink_hue(colours, background) if palette.hues else None
    best = shape_distances(glyph, {} if shapes is None else shapes)
    if not palette.zeros:
        best.pop(0, None)
    by_shape = dict(best)
    shaped = min(by_shape, key=by_shape.__getitem__)  # the digit of the nearest shape
    nearest = sorted(by_shape.values())
    # a clear shape in a hue no common palette gives its digit (a yellow 4): the shape's, unsure
    odd = (hsl is not None and nearest[0] <= FAIR and nearest[1] - nearest[0] >= CLEAR
           and not _hue_fits(shaped, hsl[0]))
    own = [d for h, d in palette.own if hsl is not None and hue_distance(h, hsl[0]) <= NEAR_HUE]
    if own:  # a hue the image draws one digit in, by the shapes of its digits: the others are unlikely
        for digit in best:
            best[digit] += 0.3 * (digit != own[0])
    elif hsl is not None and not odd:  # chromatic ink: digits never drawn in this hue are unlikely
        hue, _, light = hsl
        for digit in best:
            if not _hue_fits(digit, hue):
                best[digit] += 0.3
        # the classic palette draws 3 bright red and 5 dark red, 1 bright blue and 4 dark blue
        if (hue >= 340 or hue < 10) and (light >= 90 or two_reds):  # red: bright a 3, dark (maroon) a 5;
            best[5 if light >= (palette.red_split if two_reds else 90) else 3] += 0.3  # a dark red alone: either
        elif 20 <= hue < 40:  # salmon, orange, brown: a 5 (between red and orange, 10-20 degrees, neither)
            best[3] += 0.3
        elif 225 <= hue <= 250 and two_blues:  # one blue alone: the palette's blue, whichever digit it is
            best[4 if light >= palette.blue_split else 1] += 0.3
    else:
        for digit in (1, 2, 3, 6):  # grey or black ink is a 7 or an 8 in palettes that colour the digits
            best[digit] += 0.02
    ranked = sorted(best, key=best.__getitem__)
    first, second = ranked[0], ranked[1]
    margin = best[second] - best[first]
    confidence = max(0.0, min(1.0, 0.35 + margin * 6 - max(0.0, best[first] - 0.12) * 2))
    if odd or first != shaped:
        confidence = min(confidence, 0.45)  # colour and shape disagree: say so
    return first, confidence, ranked
