"""A cell of a screenshot's grid, sampled: its look (background, raised border, the band about its middle) and
its ink.

The look is sampled on a square of about a sample a pixel (`sample_cell`); the ink is what lies far from the
background in the middle of the cell (`find_ink`).  Glossary: a cell's **look** (`CellLook`) is what it shows
without its ink: its background's colour, how **raised** its border is (lighter above and left: a tile), its
**rim** (the band about the middle: borders, bevels, an outline), whether its face is **shaded** (a
gradient); its **ink** the samples of its middle a channel `INK` or more from the background.  What a glyph's
shape is: `minesat.image.glyphs`; which digit it is: `minesat.image.digits`.  Pure Python (no numpy), for
Pyodide too.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain, compress, filterfalse, repeat
from operator import itemgetter

from minesat.image.grid import Grid

INK = 56  # a channel this far from the cell's background is ink
SHADED = 0.5  # a face with at most this share of its ground within EVEN levels of its lightness is shaded
GRADED = 16  # (and at least 5% of it this far off: a gradient, not noise)
EVEN = 6  # a lightness this near the background's is its, even on a face shaded a little (JPEG's noise)
SOFT = 12  # "ink" reaching the middle's edge, its boundary steps this small (a channel, their median): a gradient
SAMPLES = 32  # samples per side of a cell
EDGE = 12  # a cell's outermost samples this much lighter above and left and darker below and right: a thin
# bevel at the very edge (see `edge_raised`)
RAISED = 25  # a look whose top and left are this much lighter than its bottom and right is a raised tile
BLACK = 16  # a face this dark (luminance) is black: nothing is drawn darker on it (see `raised`)

Rgb = tuple[int, int, int]


@dataclass
class CellLook:
    background: Rgb
    raised: float  # top and left brighter than bottom and right: a tile standing out
    ink: list[bytes]  # SAMPLES rows of SAMPLES flags (1: ink), 0 at the border
    ink_count: int
    colours: list[Rgb]  # the ink's colours
    rows: list[int]  # and the row of the samples each is in
    pix: list[tuple[int, ...]]  # the samples, SAMPLES x SAMPLES, each a packed colour (see `packed_pixels`)
    raised_grey: float  # `raised` from the grey pixels of the border strips only (a big digit's ink left out)
    shades: Counter[int]  # each packed colour of the middle: how many samples
    rgb: dict[int, Rgb]  # the packed colours sampled, unpacked
    levels: dict[int, Rgb]  # and at 16 levels a channel
    even: float = 1.0  # the share of the middle's ground within EVEN levels of its lightness: low on a shaded face
    graded: float = 0.0  # and more than GRADED levels off it: a gradient's, not noise's
    rim: Rgb = (0, 0, 0)  # the colour of the band about the middle (borders, bevels, an outline): see `_rim`

    @property
    def shaded(self) -> bool:
        """Whether the cell's face is shaded (a gradient, as KMines' hidden squares), not flat."""
        return self.even <= SHADED and self.graded >= 0.05

    @cached_property
    def palette(self) -> dict[Rgb, int]:
        """The colours of the middle at 16 levels a channel: how many samples (worked out when asked)."""
        return _palette(self.shades, self.levels)


# Where a packed pixel holds its red, green and blue: an RGBA pixel's 4 bytes read as one native integer.
_SHIFTS = (0, 8, 16) if sys.byteorder == "little" else (24, 16, 8)


def packed_pixels(rgba: bytes) -> memoryview:
    """An RGBA image's pixels as one integer each (red, green and blue; alpha left out), row-major.

    Cells are sampled from these: a sample is then one small integer, counted and compared as a whole,
    instead of a tuple of three."""
    rgb = bytearray(rgba)
    rgb[3::4] = bytes(len(rgb) // 4)
    return memoryview(rgb).cast("I")


def _unpacked(colours: dict[int, int], into: dict[int, Rgb]) -> dict[int, Rgb]:
    """`into` with the red, green and blue of each packed colour (a key of `colours`) not in it yet."""
    r, g, b = _SHIFTS
    for p in list(filterfalse(into.__contains__, colours)):
        into[p] = (p >> r & 255, p >> g & 255, p >> b & 255)
    return into


def _counted(pieces: list[tuple[int, ...]]) -> Counter[int]:
    """How many times each colour occurs in these pieces of rows, in the order they first occur; when most
    pieces are alike (a plain cell's rows), each distinct piece counted once, then its repeats added."""
    alike = Counter(pieces)
    if 2 * len(alike) > len(pieces):  # mostly distinct (JPEG): counted as they come
        return Counter(chain.from_iterable(pieces))
    counts = Counter(chain.from_iterable(alike))
    if len(alike) < len(pieces):
        for piece, k in alike.items():
            if k == 1 or not piece:
                continue
            if piece.count(piece[0]) == len(piece):  # one colour (a plain row)
                counts[piece[0]] += len(piece) * (k - 1)
            else:
                for p, j in Counter(piece).items():
                    counts[p] += j * (k - 1)
    return counts


def _strip_lums(counts: Counter[int], rgb: dict[int, Rgb]) -> tuple[float, float]:
    """The median luminance of a border strip's pixels, and of its grey pixels (all of them when few are grey)."""
    lums = sorted((0.299 * r + 0.587 * g + 0.114 * b, k, -40 < r - g < 40 and -40 < g - b < 40 and -40 < r - b < 40)
                  for (r, g, b), k in ((rgb[p], k) for p, k in counts.items()))
    total = sum(counts.values())
    grey = [(lum, k) for lum, k, is_grey in lums if is_grey]
    grey_total = sum(k for _, k in grey)
    median = _median_of(lums, total)
    return median, (_median_of(grey, grey_total) if grey_total >= total // 3 else median)


def _median_of(counted: Sequence[tuple[float, int] | tuple[float, int, bool]], total: int) -> float:
    """The middle value (the upper one of an even count) of values sorted with how many times each occurs."""
    seen = 0
    for item in counted:
        seen += item[1]
        if seen > total // 2:
            return item[0]
    raise ValueError("no values")


def _levels(colours: dict[int, int], rgb: dict[int, Rgb], into: dict[int, Rgb]) -> dict[int, Rgb]:
    """`into` with each packed colour (a key of `colours`) not in it yet at 16 levels a channel."""
    for p in list(filterfalse(into.__contains__, colours)):
        r, g, b = rgb[p]
        into[p] = (r >> 4, g >> 4, b >> 4)
    return into


def _palette(shades: Counter[int], levels: dict[int, Rgb]) -> dict[Rgb, int]:
    """Colours counted at 16 levels a channel (`levels`), in the order they first occur."""
    out: dict[Rgb, int] = {}
    for key, k in zip(map(levels.__getitem__, shades), shades.values()):
        out[key] = out.get(key, 0) + k
    return out


def luminance(c: Rgb) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _clamped(positions: list[int], last: int) -> list[int]:
    """Increasing positions, each moved into [0, last]."""
    if positions[0] >= 0 and positions[-1] <= last:
        return positions
    return [min(last, max(0, p)) for p in positions]


@dataclass
class Seen:
    """What the cells of one image have in common, worked out once: the looks of cells by their samples
    (a board's plain cells often sample alike), and colours unpacked and at 16 levels."""

    looks: dict[tuple[tuple[int, ...], ...], CellLook] = field(default_factory=dict)
    rgb: dict[int, Rgb] = field(default_factory=dict)
    levels: dict[int, Rgb] = field(default_factory=dict)


def sample_cell(width: int, height: int, pixels: memoryview, grid: Grid, r: int, c: int,
                seen: Seen | None = None) -> CellLook:
    """The look of cell (r, c) of the grid in the image's `packed_pixels` (`seen`: what the calls passing
    the same one have worked out)."""
    n = max(SAMPLES, min(48, round(min(grid.pitch_x, grid.pitch_y))))  # about a sample a pixel, at least SAMPLES
    x0 = grid.left + c * grid.pitch_x
    y0 = grid.top + r * grid.pitch_y
    xs = _clamped([int(x0 + (j + 0.5) * grid.pitch_x / n) for j in range(n)], width - 1)
    ys = _clamped([int(y0 + (i + 0.5) * grid.pitch_y / n) for i in range(n)], height - 1)
    first, span = xs[0], xs[-1] - xs[0] + 1
    picks = itemgetter(*[x - first for x in xs])
    sampled: dict[bytes, tuple[int, ...]] = {}  # the samples of each line of pixels met (a plain cell's are alike)
    pix: list[tuple[int, ...]] = []
    for y in ys:
        line = pixels[y * width + first:y * width + first + span]
        key = line.tobytes()
        row = sampled.get(key)
        if row is None:
            row = sampled[key] = picks(line)
        pix.append(row)
    if seen is None:
        return _look(pix, Seen())
    samples = tuple(pix)
    if samples in seen.looks:
        return copy(seen.looks[samples])
    cell = _look(pix, seen)
    seen.looks[samples] = copy(cell)
    return cell


def _look(pix: list[tuple[int, ...]], seen: Seen) -> CellLook:
    """The look of a cell from its samples."""
    n = len(pix)
    m = n * 3 // 20  # the margin left out of the middle: borders, bevels, gaps
    middle = [row[m:n - m] for row in pix[m:n - m]]
    band = max(1, n // 10)
    inside = n - 2 * m
    shades = _counted(middle)  # each colour of the middle: how many samples
    rgb = _unpacked(shades, seen.rgb)
    levels = _levels(shades, rgb, seen.levels)
    ring = _palette(_counted([part for i, row in enumerate(middle)  # the colours of a band around the middle's edge
                              for part in ((row,) if i < band or i >= inside - band
                                           else (row[:band], row[inside - band:]))]), levels)
    most = max(ring.values())
    tied = [key for key, k in ring.items() if k == most]  # the colour around the glyph, or those tied for it
    if len(tied) > 1:  # the one covering most of the middle
        counts = _palette(shades, levels)
        tied = [max(tied, key=lambda key: counts.get(key, 0))]
    mode = tied[0]
    if max(mode) - min(mode) <= 1 and _near(ring, mode) < 0.5 * sum(ring.values()):  # a graded face's band, its
        central = max(ring, key=lambda key: _near(ring, key))  # commonest colour a grey mark's (a flag's black
        mode = central if _near({mode: 1}, central) == 0 else mode  # foot): the colour near most of it, if far
    # thick bevels (a classic tile at 125%) reach into the band: its most common colour is then a bevel's,
    # missing from a side of the band (a light bevel is on the top and left only) and nearly absent from a
    # band further in, where the tile's face is
    if _one_sided(middle, band, inside, mode, levels):
        inner = middle[band:inside - band]
        deeper = _palette(_counted([part for i, row in enumerate(inner)
                                    for part in ((row[band:inside - band],) if i < band or i >= len(inner) - band
                                                 else (row[band:2 * band], row[inside - 2 * band:inside - band]))]),
                          levels)
        if deeper and deeper.get(mode, 0) < 0.15 * sum(deeper.values()):
            face = max(deeper, key=deeper.__getitem__)
            if deeper[face] > 0.5 * sum(deeper.values()) and luminance(face) >= 5:  # (levels of 16: a face, not
                mode = face  # a shown mine's black body)
    members = [(rgb[p], k) for p, k in shades.items() if levels[p] == mode]
    size = sum(k for _, k in members)
    reds, greens, blues = (sum(p[channel] * k for p, k in members) // size for channel in range(3))
    bg = (reds, greens, blues)
    strip = max(1, n // 12)
    a, b = n // 5, n - n // 5  # the strips' inner part, away from the corners
    strips = (_counted([row[a:b] for row in pix[2:strip + 2]]),  # top, left, bottom, right
              _counted([row[2:strip + 2] for row in pix[a:b]]),
              _counted([row[a:b] for row in pix[n - strip - 2:n - 2]]),
              _counted([row[n - strip - 2:n - 2] for row in pix[a:b]]))
    for counted in strips:
        _unpacked(counted, rgb)
    (top, top_grey), (left, left_grey), (bottom, bottom_grey), (right, right_grey) = (
        _strip_lums(counted, rgb) for counted in strips)
    raised = (top + left - bottom - right) / 2
    raised_grey = (top_grey + left_grey - bottom_grey - right_grey) / 2
    if luminance(bg) < BLACK:  # a black face: no bevel is darker, so light lines above and left (a grid's, drawn
        raised, raised_grey = min(raised, 0.0), min(raised_grey, 0.0)  # on some sides only) raise no tile
    cell = CellLook(bg, raised, [bytes(n)] * n, 0, [], [], pix, raised_grey, shades, rgb, levels)
    cell.rim = _rim(pix, m, rgb)
    far = _far_from(shades, rgb, bg)
    if far:  # else no ink: the middle is all of about the background's colour
        find_ink(cell, bg, far)
    light = luminance(bg)  # (its lightness: JPEG's chroma bleeds about a coloured digit)
    near = far_off = 0
    for p, k in shades.items():
        off = abs(luminance(rgb[p]) - light)
        near += k if off <= EVEN else 0
        far_off += k if off > GRADED else 0
    ground = max(1, sum(shades.values()) - cell.ink_count)  # the ground about the ink
    cell.even, cell.graded = near / ground, (far_off - cell.ink_count) / ground
    return cell


def edge_raised(cell: CellLook) -> float:
    """How raised a cell is by its three outermost lines of samples on each side, where the strips `raised` is
    measured on miss a thin bevel at the very edge of a big cell (a lattice a pixel off puts a neighbour's edge on
    the last line): where its top and left each hold a line lighter than its face by EDGE or more and its bottom
    and right each a line darker by EDGE or more, a tile's thin bevel (a grid's line along one or two sides is no
    tile); else 0."""
    pix, rgb, face = cell.pix, cell.rgb, luminance(cell.background)
    n = len(pix)
    a, b = n // 5, n - n // 5

    def lums(lines: list[list[tuple[int, ...]]]) -> list[float]:
        out = []
        for line in lines:
            counted = _counted(line)
            _unpacked(counted, rgb)
            out.append(_strip_lums(counted, rgb)[0])
        return out

    top = max(lums([[row[a:b]] for row in pix[0:3]]))
    left = max(lums([[row[j:j + 1] for row in pix[a:b]] for j in range(3)]))
    below = lums([[row[a:b]] for row in pix[n - 3:n]])  # (from the inside out)
    beside = lums([[row[j:j + 1] for row in pix[a:b]] for j in range(n - 3, n)])
    bottom, right = min(below), min(beside)
    # a light line inside the darkest one is a halo about a dark line between cells (JPEG's, a resize's), and so is
    # the light line above and left: an opened cell's
    halo = any(lum >= face + EDGE for side in (below, beside) for lum in side[:side.index(min(side))])
    if min(top, left) - face >= EDGE and face - max(bottom, right) >= EDGE and not halo:
        return (top + left - bottom - right) / 2
    return 0.0


def _rim(pix: list[tuple[int, ...]], m: int, rgb: dict[int, Rgb]) -> Rgb:
    """The colour of the band about a cell's middle (samples 1 to m in from its sides): each side's mean
    colour, and of the four the middle two's mean, channel by channel (a side along the board's frame left
    out)."""
    n = len(pix)
    sides = (_counted([row[1:n - 1] for row in pix[1:m]]), _counted([row[1:n - 1] for row in pix[n - m:n - 1]]),
             _counted([row[1:m] for row in pix[1:n - 1]]), _counted([row[n - m:n - 1] for row in pix[1:n - 1]]))
    means = []
    for counted in sides:
        _unpacked(counted, rgb)
        total = max(1, sum(counted.values()))
        means.append([sum(rgb[p][channel] * k for p, k in counted.items()) / total for channel in range(3)])
    red, green, blue = (round(sum(sorted(mean[channel] for mean in means)[1:3]) / 2) for channel in range(3))
    return red, green, blue


def _near(counts: dict[Rgb, int], level: Rgb) -> int:
    """How many samples are of colours (at 16 levels a channel) within INK of `level` in every channel."""
    near = INK >> 4
    return sum(k for (r, g, b), k in counts.items()
               if abs(r - level[0]) <= near and abs(g - level[1]) <= near and abs(b - level[2]) <= near)


def _one_sided(middle: list[tuple[int, ...]], band: int, inside: int, mode: Rgb, levels: dict[int, Rgb]) -> bool:
    """Whether the colour `mode` (at 16 levels) covers under a tenth of some side of the band around the middle."""
    sides = (middle[:band], middle[inside - band:], [row[:band] for row in middle],
             [row[inside - band:] for row in middle])
    for side in sides:
        samples = [levels.get(p) for row in side for p in row]
        if samples and samples.count(mode) < 0.1 * len(samples):
            return True
    return False


def _far_from(colours: Iterable[int], rgb: dict[int, Rgb], bg: Rgb) -> set[int]:
    """The packed colours that are ink on the background `bg`: a channel INK or more from the background's."""
    r_lo, r_hi, g_lo, g_hi, b_lo, b_hi = bg[0] - INK, bg[0] + INK, bg[1] - INK, bg[1] + INK, bg[2] - INK, bg[2] + INK
    return {p for p, (r, g, b) in zip(colours, map(rgb.__getitem__, colours))
            if not (r_lo < r < r_hi and g_lo < g < g_hi and b_lo < b < b_hi)}


def find_ink(cell: CellLook, bg: Rgb, far: set[int] | None = None) -> None:
    """The cell's ink: the samples of its middle far from the background `bg` (`far`: the colours of the
    middle that are, when known)."""
    pix, rgb = cell.pix, cell.rgb
    n = len(pix)
    m = n * 3 // 20
    if far is None:
        far = _far_from(cell.shades, rgb, bg)
    blank, margin = bytes(n), bytes(m)
    ink: list[bytes] = [blank] * n
    colours: list[Rgb] = []
    rows: list[int] = []
    found: dict[tuple[int, ...], tuple[bytes, list[Rgb]]] = {}  # a row's ink and its colours (rows repeat)
    for i in range(m, n - m):
        row = pix[i]
        if row in found:
            line, inked = found[row]
        else:
            middle = row[m:n - m]
            if far.isdisjoint(middle):
                line, inked = blank, []
            else:
                mask = bytes(map(far.__contains__, middle))
                line, inked = margin + mask + margin, list(map(rgb.__getitem__, compress(middle, mask)))
            found[row] = line, inked
        if inked:
            ink[i] = line
            colours += inked
            rows += repeat(i, len(inked))
    if colours and _soft(pix, ink, rgb, m):  # a shaded face's light or dark corner, no ink
        ink, colours, rows = [blank] * n, [], []
    cell.background, cell.ink, cell.ink_count, cell.colours, cell.rows = bg, ink, len(colours), colours, rows


def _soft(pix: list[tuple[int, ...]], ink: list[bytes], rgb: dict[int, Rgb], m: int) -> bool:
    """Whether ink found in a cell's middle is a gradient's end, not a mark: it reaches the middle's edge (a
    digit stays inside it) and from ink to the ground next to it the colour steps little (the median of the
    steps across the ink's boundary under `SOFT` in every channel: a gradient's, where a drawn edge jumps)."""
    n = len(pix)
    last = n - m - 1
    if not (any(ink[m]) or any(ink[last]) or any(line[m] or line[last] for line in ink[m:last + 1])):
        return False
    steps = []
    for i in range(m, last + 1):
        line, row = ink[i], pix[i]
        for j in range(m, last + 1):
            if not line[j]:
                continue
            here = rgb[row[j]]
            for a, b in ((i, j - 1), (i, j + 1), (i - 1, j), (i + 1, j)):
                if m <= a <= last and m <= b <= last and not ink[a][b]:
                    there = rgb[pix[a][b]]
                    steps.append(max(abs(here[0] - there[0]), abs(here[1] - there[1]), abs(here[2] - there[2])))
    steps.sort()
    return bool(steps) and steps[len(steps) // 2] < SOFT
