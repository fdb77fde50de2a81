"""The marks a cell's ink may be besides a digit: flags and mines.

Glossary: a **flag** is a red mark in the upper part of the ink with a pole or base below it that is not red
(`is_flag`), or ink drawn as a flag whatever its colours (`flag_shape`: a thin straight pole, a pennant on one
side); a **shown mine** a dark round blob (`is_mine`), or ink with a solid middle and spikes all round it
(`spiky`), its own mirror image (`symmetric`).  Which look a cell is of, and so whether a mark is on a hidden
or an opened cell: the reader's naming (`minesat.image.reader`).
"""

from __future__ import annotations

import math
from itertools import compress, groupby

from minesat.image.cells import SAMPLES, CellLook, Rgb, luminance
from minesat.image.glyphs import Glyph

MOSTLY_RED = 0.85  # a red mine's share of red ink (see `mostly_red`)
SPIKES, RING = 7, 64  # a mine's spikes at least, and the samples of the ring they are counted on (see `spiky`)


def is_flag(cell: CellLook, glyph: Glyph | None) -> bool:
    """A red mark in the upper part of the ink with a pole or base below it that is not red (on a cell that is
    not red itself: a red square's own red lies at the edges of whatever is drawn on it)."""
    if glyph is None or not cell.colours or _red_ground(cell):
        return False
    rows = cell.rows  # each ink sample's row
    red = list(compress(rows, map(_reds(cell.colours).__contains__, cell.colours)))
    reddish = {p for p in set(cell.colours) if _reddish(p) or p[0] - max(p[1], p[2]) > 30}  # (and a dark red:
    rest = [i for i, reddish_here in zip(rows, map(reddish.__contains__, cell.colours)) if not reddish_here]  # JPEG's)
    if len(red) < 0.15 * len(cell.colours) or len(rest) < 0.12 * len(cell.colours):
        return False
    top, _, bottom, _ = glyph.box
    height = bottom - top + 1
    red_low = max(red)
    rest_low = max(rest)
    red_mid = sum(red) / len(red)
    rest_mid = sum(rest) / len(rest)
    return rest_low - red_low >= 0.2 * height and rest_mid - red_mid >= 0.15 * height


def flag_shape(cell: CellLook, glyph: Glyph) -> bool:
    """Ink drawn as a flag whatever its colours: a thin straight pole, a filled pennant above it on one side
    only, and below it a base or nothing; without a base, a pennant of a good size (a 1's thin stroke at the
    top is not one)."""
    if _flag_in(cell, glyph.box):
        return True
    # the glyph leaves out ink along the middle's edges (a tile's bevel): a pole there too (an emoji flag's)
    inked = [i for i, line in enumerate(cell.ink) if 1 in line]
    if not inked:
        return False
    left = min(line.index(1) for line in cell.ink if 1 in line)
    right = max(len(line) - 1 - line[::-1].index(1) for line in cell.ink if 1 in line)
    whole = (inked[0], left, inked[-1], right)
    _, first, _, last = glyph.box
    one_side = (whole[1] == first) != (whole[3] == last)  # (a pole along the left or the right: a tile's bevels or
    return one_side and _flag_in(cell, whole)  # lines run along both, or along neither)


def _flag_in(cell: CellLook, box: tuple[int, int, int, int]) -> bool:
    """`flag_shape` for the ink within this box (top, left, bottom, right)."""
    top, left, bottom, right = box
    height, width = bottom - top + 1, right - left + 1
    if height < 8 or width < 5:
        return False
    rows = [[j for j in range(left, right + 1) if cell.ink[i][j]] for i in range(top, bottom + 1)]
    thin = max(2, width // 5)
    start = end = at = 0  # the longest run of narrow rows: the pole
    for is_narrow, run in groupby(bool(r) and r[-1] - r[0] + 1 <= thin for r in rows):
        length = len(list(run))
        if is_narrow and length > end - start:
            start, end = at, at + length
        at += length
    n = len(cell.ink)
    cut = end == len(rows) and bottom == n - n * 3 // 20 - 1  # (a pole running on past the middle's foot is longer)
    if end - start < (0.2 if cut else 0.25) * height or start < 0.2 * height:
        return False
    centres = [(r[0] + r[-1]) / 2 for r in rows[start:end]]
    pole = sorted(centres)[len(centres) // 2]
    if sum(abs(c - pole) > 2 for c in centres) > len(centres) // 5:
        return False  # not straight: a 7's stroke (a row or two off: the pennant's tip, narrow, above the pole)
    head, foot = rows[:start], rows[end:]
    based = bool(foot) and max(map(len, foot)) >= 0.6 * width
    if foot and not based and len(foot) > 2:
        return False
    # the pennant: its rows filled out to one side of the pole
    pole_left, pole_right = min(r[0] for r in rows[start:end]), max(r[-1] for r in rows[start:end])
    sides = {(r[0] < pole_left - 1) - (r[-1] > pole_right + 1) for r in head if r}
    filled = [len(r) / (r[-1] - r[0] + 1) for r in head if r and r[-1] - r[0] + 1 >= 3]
    pennant = sum(max(0, len(r) - thin) for r in head)  # the ink beside the pole
    return (len(sides - {0}) == 1 and max(len(r) for r in head) >= 0.5 * width
            and len(filled) >= 3 and sum(filled) / len(filled) >= 0.85
            and (based or pennant >= 0.12 * height * width))


def own_flag(cell: CellLook, glyph: Glyph) -> bool:
    """A flag on a look of its own: a red mark, or ink in a flag's shape, on a light cell (a dark one is a
    mine's body: a shown mine, drawn over its cell's edge, with the spark of its fuse)."""
    return luminance(cell.background) > 80 and (has_red(cell) or flag_shape(cell, glyph))


def _reddish(p: Rgb) -> bool:
    """A colour of a red mark, bright or dark."""
    return p[0] > 90 and p[0] - max(p[1], p[2]) > 30


def _reds(colours: list[Rgb]) -> set[Rgb]:
    """The colours among these that are a bright red."""
    return {p for p in set(colours) if p[0] > 120 and p[0] - max(p[1], p[2]) > 60}


def symmetric(cell: CellLook, glyph: Glyph) -> bool:
    """Ink that is its own mirror image (left to right): a mine's round body and spikes, never a flag."""
    top, left, bottom, right = glyph.box
    best = 0.0
    for shift in (0, 1, -1):  # the mirror a sample aside too: a shape centred between two samples
        same = total = 0
        for i in range(top, bottom + 1):
            ink = cell.ink[i][left:right + 1]  # flags, a byte each
            here, mirrored = int.from_bytes(ink, "big"), int.from_bytes(ink, "little")
            mirrored = mirrored << 8 * shift if shift >= 0 else mirrored >> -8 * shift
            total += (here | mirrored).bit_count()
            same += (here & mirrored).bit_count()
        if total:
            best = max(best, same / total)
    return best >= 0.75


def spiky(cell: CellLook, glyph: Glyph) -> bool:
    """Ink with a solid middle and spikes all round it: on a ring about the middle, more than half the way out
    to its box's edge, ink and gaps alternate SPIKES times or more (a mine's body and spikes, however coloured;
    a flag, a blob crosses the ring in a few runs)."""
    top, left, bottom, right = glyph.box
    cy, cx, hy, hx = (top + bottom) / 2, (left + right) / 2, (bottom - top) / 2, (right - left) / 2
    if min(hy, hx) < 4 or not 0.8 <= glyph.aspect <= 1.25:
        return False
    ink = cell.ink
    if not all(ink[round(cy + fy * hy)][round(cx + fx * hx)] for fy in (-0.2, 0, 0.2) for fx in (-0.2, 0, 0.2)):
        return False  # no solid body
    for reach in (0.6, 0.7, 0.8, 0.9):
        ring = [ink[round(cy + reach * hy * math.sin(a))][round(cx + reach * hx * math.cos(a))]
                for a in (2 * math.pi * k / RING for k in range(RING))]
        if sum(1 for k in range(RING) if ring[k] and not ring[k - 1]) >= SPIKES:
            return True
    return False


def mostly_red(cell: CellLook) -> bool:
    """Ink nearly all red (a red mine; a flag's pole and base are not red)."""
    return sum(map(_reddish, cell.colours)) >= MOSTLY_RED * len(cell.colours) > 0


def mine_shaped(glyph: Glyph, mirrored: bool) -> bool:
    """Ink as wide as tall and its own mirror image (`mirrored`: `symmetric`): a mine shown or exploded (a digit
    is taller than wide), which says nothing of which look is the opened cells'; or a thin ring as wide as tall
    round most of the cell: the tile's corners about a mine whose body was taken for the cell's ground."""
    top, _, bottom, _ = glyph.box
    ring = 0.9 <= glyph.aspect <= 1.1 and bottom - top + 1 >= 0.6 * SAMPLES and glyph.fill < 0.45
    return 0.8 <= glyph.aspect <= 1.25 and mirrored or ring


def _red_ground(cell: CellLook) -> bool:
    """Whether the cell's ground is itself a red (not an orange: a flagged tile's colour in some clients)."""
    r, g, b = cell.background
    return bool(_reds([cell.background])) and abs(g - b) < 0.25 * (r - min(g, b))


def has_red(cell: CellLook) -> bool:
    """Red marks in the cell (not on a red cell: its own red lies at the edges of what is drawn on it)."""
    return (not _red_ground(cell)
            and sum(map(_reds(cell.colours).__contains__, cell.colours)) >= 0.2 * len(cell.colours))


def is_mine(cell: CellLook, glyph: Glyph) -> bool:
    """A shown mine: a dark round blob, full at its middle, about as wide as tall, mostly filled: the whole
    ink, widest not at its top or foot, or its body (the rows at least 0.4 as wide as the widest, leaving out a
    tall fuse) shaped and filled as a disc is, widest at its middle; or dark ink with spikes all round a solid
    middle (`spiky`: a small mine whose long spikes leave its box half empty)."""
    colours = cell.colours
    # dark: black, or a dark grey (a bomb's body drawn shaded, as emoji are; not a dark blue or red digit)
    dark = sum(map({p for p in set(colours) if max(p) < 90 or max(p) < 128 and max(p) - min(p) < 48}.__contains__,
                   colours))
    top, left, bottom, right = glyph.box
    widths = [sum(row[left:right + 1]) for row in cell.ink[top:bottom + 1]]
    most = max(widths)
    body = [i for i, w in enumerate(widths) if w >= 0.4 * most]
    height, width = body[-1] - body[0] + 1, right - left + 1
    fill = sum(widths[body[0]:body[-1] + 1]) / (height * width)
    widest = [i for i in body if widths[i] >= 0.9 * most]
    # a disc is widest at its middle (a bold 4's body is widest at its crossbar, low down; a bold 3's at its
    # top and bottom, and narrow between; a bold 1's at its foot); a bomb drawn shaded, with its fuse's cap
    # on top, widest a little above
    mid = (body[0] + body[-1]) // 2
    full = max(widths[max(0, mid - 1):mid + 2]) >= 0.8 * most  # (a mine's glint may make one row narrower)
    at = (sum(widest) / len(widest) - body[0]) / max(1, height - 1)
    return dark > 0.6 * len(colours) and (full and (
        0.8 <= glyph.aspect <= 1.25 and glyph.fill > 0.5 and 0.2 <= at <= 0.8
        or 0.35 <= at <= 0.65 and 0.8 <= width / height <= 1.25 and fill > 0.65) or spiky(cell, glyph))
