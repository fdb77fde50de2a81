"""A cell of a screenshot's grid: its look (background, raised border, ink) and the digit its ink shows.

The look is sampled on a square of about a sample a pixel; the ink is what lies far from the
background in the middle of the cell.  Digits are told by the shape of their ink (holes, where the
ink lies in a 3x5 grid over its box, the box's proportions; compared with digits of ten common fonts,
`PROTOTYPES`) and by its colour where the colour is a digit's in the common palettes (blue 1, green
2, red 3...).  Pure Python (no numpy), for Pyodide too.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass, field
from functools import cached_property, reduce
from itertools import chain, compress, filterfalse, repeat
from operator import add, itemgetter, mul, sub

from minesat.image.grid import Grid

INK = 56  # a channel this far from the cell's background is ink
SHADED = 0.5  # a face with at most this share of its ground within EVEN levels of its lightness is shaded
GRADED = 16  # (and at least 5% of it this far off: a gradient, not noise)
EVEN = 6  # a lightness this near the background's is its, even on a face shaded a little (JPEG's noise)
SAMPLES = 32  # samples per side of a cell
WELL = 0.15  # a glyph whose shape is this near a digit's (see `shape_distances`) fits it well
FACE = 0.8  # a half of a glyph's tones fitting a digit well, this much nearer than the glyph, and nearer by
CLEARER = 0.03  # this much more than any other digit (than the glyph is to its nearest), is its face
FACES = 0.1  # (looked for when the glyph is this far from every digit: see `face_glyph`)

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
    cell.background, cell.ink, cell.ink_count, cell.colours, cell.rows = bg, ink, len(colours), colours, rows


# -- 3. glyph features -----------------------------------------------------------------------------
@dataclass
class Glyph:
    box: tuple[int, int, int, int]  # top, left, bottom, right (inclusive)
    holes: int
    zones: list[float]  # 3 columns x 5 rows of ink density over the box, row-major
    aspect: float  # width / height
    fill: float
    count: int
    parts: int = 1  # pieces of ink side by side (two for a number of two digits)
    pinholes: int = 0  # of the holes, those of a few samples (blur may close a stroke's gap into one)


Run = tuple[int, int, int]  # a row's run of cells: (row, first column, last column)


def _components(mask: Sequence[Sequence[int]], value: bool, diagonal: bool) -> list[list[Run]]:
    """The connected groups of cells holding `value` (through corners too when `diagonal`), each a list
    of runs: runs of each row joined with the runs they touch in the row above."""
    runs: list[Run] = []
    inside, outside = (1, 0) if value else (0, 1)
    for y, row in enumerate(mask):
        line = bytes(row)
        start = line.find(inside)
        while start >= 0:
            end = line.find(outside, start)
            if end < 0:
                end = len(line)
            runs.append((y, start, end - 1))
            start = line.find(inside, end)
    parent = list(range(len(runs)))  # a run joined to a later one: every link points forward
    reach = 1 if diagonal else 0
    above = 0  # the first run of the row above the current run's
    for k, (y, a, b) in enumerate(runs):
        while above < k and runs[above][0] < y - 1:
            above += 1
        j = above
        while j < k and runs[j][0] == y - 1:
            _, a_above, b_above = runs[j]
            if a_above <= b + reach and a <= b_above + reach:
                root = j
                while parent[root] != root:
                    root = parent[root]
                parent[root] = k  # k is still its own root: nothing later has been joined yet
            j += 1
    roots = parent[:]
    for k in range(len(runs) - 1, -1, -1):  # from the last run back: a run's parent has its root already
        roots[k] = roots[parent[k]]
    groups: dict[int, list[Run]] = {}
    for k, run in enumerate(runs):
        groups.setdefault(roots[k], []).append(run)
    return list(groups.values())


def _size(runs: list[Run]) -> int:
    return sum(b - a + 1 for _, a, b in runs)


def _rule(comp: list[Run], n: int) -> bool:
    """A thin straight line across most of the cell: a bevel or grid line inside the margin, not ink."""
    rows = {y for y, _, _ in comp}
    cols: set[int] = set()
    for _, a, b in comp:
        cols.update(range(a, b + 1))
    thin = max(2, n // 12)
    return (len(cols) <= thin and len(rows) >= 0.5 * n) or (len(rows) <= thin and len(cols) >= 0.5 * n)


def _cover(a: float, b: float, last: int) -> list[tuple[int, float]]:
    """The pixels up to `last` that the span [a, b) overlaps, each with the length of the overlap
    (consecutive pixels)."""
    out = []
    for i in range(int(a), int(b + 0.999)):
        if i > last:
            break
        part = min(i + 1, b) - max(i, a)
        if part > 0:
            out.append((i, part))
    return out


def _without_edge_lines(mask: Sequence[Sequence[int]]) -> Sequence[Sequence[int]]:
    """The mask without the lines along the edges of the middle that ink runs all along: a tile's bevel or
    a grid line that the margin did not leave out (a grid off by a pixel, a bevel wider than the margin)."""
    n = len(mask)
    m = n * 3 // 20
    inside = n - 2 * m
    depth = max(2, n // 10)
    long = 0.8 * inside
    edge_rows = [i for i in (*range(m, m + depth), *range(n - m - depth, n - m)) if sum(mask[i]) >= long]
    edge_cols = [j for j in (*range(m, m + depth), *range(n - m - depth, n - m))
                 if sum(mask[i][j] for i in range(m, n - m)) >= long]
    if not edge_rows and not edge_cols:
        return mask
    out = [bytearray(row) for row in mask]
    for i in edge_rows:
        out[i] = bytearray(n)
    for j in edge_cols:
        for row in out:
            row[j] = 0
    return out


def _side_by_side(runs: list[Run], count: int) -> int:
    """How many pieces of the ink stand side by side with empty columns between them, each holding at least
    a sixth of the ink (two for a number of two digits; one for a digit, however JPEG breaks its strokes)."""
    per_column: dict[int, int] = {}
    for _, a, b in runs:
        for x in range(a, b + 1):
            per_column[x] = per_column.get(x, 0) + 1
    pieces, last, size = 0, -2, 0
    for x in sorted(per_column):
        if x != last + 1:
            pieces += size >= count / 6
            size = 0
        size += per_column[x]
        last = x
    return pieces + (size >= count / 6)


def glyph_features(mask: Sequence[Sequence[int]]) -> Glyph | None:
    """Shape features of the ink in a square mask, or None when there is no glyph-sized ink."""
    n = len(mask)
    mask = _without_edge_lines(mask)
    comps = [c for c in _components(mask, True, True) if _size(c) >= max(3, n * n // 400) and not _rule(c, n)]
    if not comps:
        return None
    runs = [run for comp in comps for run in comp]
    top = min(y for y, _, _ in runs)
    bottom = max(y for y, _, _ in runs)
    left = min(a for _, a, _ in runs)
    right = max(b for _, _, b in runs)
    h, w = bottom - top + 1, right - left + 1
    if h < 4:
        return None
    box = [bytearray(w + 2) for _ in range(h + 2)]
    for y, a, b in runs:
        box[y - top + 1][a - left + 1:b - left + 2] = b"\x01" * (b - a + 1)
    holes = pinholes = 0
    min_hole = max(1, (h * w) // 80)  # not a pixel or two left between strokes
    for comp in _components(box, False, False):
        if _size(comp) >= min_hole and all(0 < y < h + 1 and 0 < a and b < w + 1 for y, a, b in comp):
            holes += 1
            pinholes += _size(comp) <= max(2, min(6, (h * w) // 12))
    columns = []  # each column of zones: its first pixel, its last + 1, and how much of each pixel it covers
    for zc in range(3):
        cols = _cover(left + w * zc / 3, left + w * (zc + 1) / 3, right)
        if cols:
            columns.append((cols[0][0], cols[-1][0] + 1, [fx for _, fx in cols]))
        else:
            columns.append((0, 0, []))
    zones = []
    for zr in range(5):
        rows = _cover(top + h * zr / 5, top + h * (zr + 1) / 5, bottom)
        for x0, x1, parts in columns:
            inside = total = 0.0
            for y, fy in rows:  # summed pixel by pixel, row after row (C-level loops)
                weights = parts if fy == 1.0 else list(map(mul, repeat(fy), parts))
                total = reduce(add, weights, total)
                ink = mask[y][x0:x1]
                if 1 in ink:
                    inside = reduce(add, compress(weights, ink), inside)
            zones.append(inside / total if total else 0.0)
    count = sum(map(_size, comps))
    return Glyph((top, left, bottom, right), holes, zones, w / h, count / (h * w), count, _side_by_side(runs, count),
                 pinholes)


def _opened(mask: Sequence[bytes]) -> list[bytes]:
    """The mask opened by a cross of 3x3 samples (eroded, then dilated): lines one sample wide taken away.  Each
    row is worked on at once as one integer (a byte a sample: a shift by 8 bits is a step aside)."""
    n = len(mask)
    full = (1 << 8 * n) - 1
    rows = [int.from_bytes(row, "big") for row in mask]
    eroded = [0] * n
    for i in range(1, n - 1):
        if row := rows[i]:
            eroded[i] = row & (row << 8) & (row >> 8) & rows[i - 1] & rows[i + 1] & full
    out = []
    for i in range(n):
        row = eroded[i]
        grown = row | (row << 8) | (row >> 8) | (eroded[i - 1] if i else 0) | (eroded[i + 1] if i < n - 1 else 0)
        out.append((grown & full).to_bytes(n, "big"))
    return out


def shape_fit(distances: dict[int, float]) -> tuple[float, float]:
    """How near a glyph is to its nearest digit (`shape_distances`), and how much nearer than to the next."""
    first, second = sorted(distances.values())[:2]
    return first, second - first


def face_glyph(cell: CellLook, glyph: Glyph, known: Shapes) -> Glyph:
    """The glyph to name a digit by: the ink's own, or where its shape fits no digit well (a three-dimensional
    number: its face, its sides and their outline all ink, a blob), the lighter or the darker half of its
    tones, whichever fits a digit much better and more clearly (opened: the outline's thin traces taken away)."""
    fit, margin = shape_fit(shape_distances(glyph, known))
    if fit <= FACES:
        return glyph
    pix, rgb = cell.pix, cell.rgb
    inked = [p for row, line in zip(pix, cell.ink) if 1 in line for p, k in zip(row, line) if k]
    tone = {p: luminance(rgb[p]) for p in set(inked)}
    lights = sorted(map(tone.__getitem__, inked))
    split = (lights[len(lights) // 4] + lights[3 * len(lights) // 4]) / 2
    best, best_fit = glyph, fit
    for lighter in (True, False):
        mask = [bytes(k and (tone[p] > split) == lighter for p, k in zip(row, line)) if 1 in line else line
                for row, line in zip(pix, cell.ink)]
        face = glyph_features(_opened(mask))
        if face is None:
            continue
        face_fit, face_margin = shape_fit(shape_distances(face, known))
        if face_fit <= WELL and face_fit < FACE * fit and face_margin >= margin + CLEARER and face_fit < best_fit:
            best, best_fit = face, face_fit
    return best


# Digits 0-8 of ten common fonts (DejaVu Sans, Serif, Mono, Liberation Sans, Serif, Mono; regular and
# bold), rendered by tests/images/make_prototypes.py and measured by `glyph_features`: holes, aspect,
# then the 15 zone densities in hundredths.  Generated: do not edit by hand.
# PROTOTYPES-BEGIN
PROTOTYPES = (
    "0,1,71,46,50,56,60,0,49,60,0,60,60,0,49,46,50,56 1,0,57,58,84,0,0,75,0,0,75,0,0,75,0,36,84,36 "
    "2,0,64,48,36,55,0,0,67,0,21,50,17,76,7,79,45,36 3,0,71,36,43,56,0,4,56,4,46,43,0,0,60,46,43,56 "
    "4,1,71,0,59,40,16,54,40,57,23,40,84,77,83,0,20,40 5,0,64,67,36,24,67,21,7,10,14,74,0,0,55,60,48,55 "
    "6,1,71,35,43,36,51,50,12,87,14,57,66,0,60,35,43,53 7,0,57,36,36,84,0,12,63,0,45,30,2,68,5,25,50,0 "
    "8,2,71,53,36,53,49,0,49,46,50,46,60,0,60,53,36,53 0,1,65,38,56,33,58,0,52,46,0,69,58,0,52,38,56,33 "
    "1,0,61,56,87,0,0,82,0,0,82,0,0,82,0,56,92,56 2,0,63,58,53,49,1,0,71,0,25,54,9,62,4,83,58,53 "
    "3,0,60,44,50,50,0,0,75,12,56,56,0,0,62,50,50,50 4,1,78,0,54,36,16,42,36,47,9,36,70,59,71,0,7,36 "
    "5,0,63,63,53,39,54,16,4,28,37,63,0,0,62,59,53,55 6,1,65,33,50,38,60,25,2,85,33,67,63,0,63,38,50,38 "
    "7,0,67,56,56,82,0,8,60,0,44,25,0,67,0,14,54,0 8,2,65,52,60,38,69,0,52,58,63,40,58,0,58,52,60,50 "
    "0,1,86,48,86,48,89,4,80,100,0,100,89,4,80,48,86,48 1,0,71,89,100,10,7,81,10,0,80,10,5,81,16,70,100,100 "
    "2,0,71,89,86,68,4,22,94,1,64,51,49,75,9,100,100,100 3,0,71,80,77,68,11,37,83,34,89,64,2,20,100,80,77,68 "
    "4,1,86,0,82,50,29,86,50,62,54,50,95,89,89,29,64,64 5,0,71,97,71,50,96,50,15,50,57,94,6,11,94,86,86,57 "
    "6,1,79,53,82,60,88,25,6,97,68,55,87,12,82,71,77,53 7,0,71,100,100,100,7,43,66,0,65,36,10,87,6,51,59,0 "
    "8,2,71,89,83,89,86,24,86,73,86,62,90,1,91,86,77,89 0,1,80,33,94,33,83,12,78,94,0,94,83,12,78,33,94,33 "
    "1,0,72,86,100,8,13,100,8,8,100,8,8,100,8,85,100,85 2,0,74,77,92,41,17,27,79,0,52,55,45,73,2,100,85,79 "
    "3,0,70,68,98,54,0,23,79,27,88,57,5,13,100,84,93,48 4,1,89,1,84,44,30,82,44,62,53,44,99,97,97,17,58,53 "
    "5,0,74,79,100,79,79,49,10,50,71,82,3,8,100,87,85,66 6,1,70,32,93,62,91,29,9,100,68,89,95,9,89,43,96,59 "
    "7,0,78,83,85,96,0,33,64,0,71,31,6,88,5,38,60,0 8,2,70,59,96,59,95,25,95,68,79,68,89,4,89,59,96,59 "
    "0,1,71,31,36,42,60,0,49,60,0,60,60,0,49,31,36,42 1,0,50,38,92,14,3,71,14,0,71,14,0,71,14,20,82,45 "
    "2,0,64,67,36,55,5,0,60,0,17,40,2,31,2,69,71,81 3,0,71,44,36,53,2,4,56,0,31,39,4,0,60,64,36,53 "
    "4,1,71,0,61,10,14,47,10,41,20,10,42,49,42,4,49,42 5,0,64,57,36,24,48,21,7,26,14,62,14,0,67,57,48,43 "
    "6,1,71,35,43,44,51,21,11,91,21,46,77,0,60,42,36,53 7,0,64,81,71,69,2,7,45,0,38,5,0,52,0,12,33,0 "
    "8,2,71,53,36,53,60,0,60,35,50,35,60,0,60,53,36,53 0,1,65,31,46,33,58,0,52,46,0,69,58,0,52,31,46,33 "
    "1,0,53,34,71,0,11,60,0,0,60,0,0,60,0,18,71,26 2,0,63,57,46,49,9,0,58,0,12,45,9,41,3,76,53,76 "
    "3,0,60,50,50,44,12,0,69,0,38,56,6,0,50,56,50,50 4,1,74,0,49,14,9,56,14,36,29,14,44,47,37,0,45,31 "
    "5,0,63,51,53,39,29,16,4,25,11,61,16,0,51,63,26,55 6,1,65,37,40,44,54,25,2,77,13,60,69,0,63,31,42,37 "
    "7,0,67,78,56,74,6,0,47,0,19,25,0,49,0,0,50,0 8,2,65,44,50,38,63,0,63,56,42,40,58,0,58,50,46,48 "
    "0,1,86,48,54,48,89,0,80,100,0,100,89,0,80,48,54,48 1,0,64,57,100,0,2,100,0,0,100,0,0,100,0,36,100,36 "
    "2,0,71,66,59,68,2,20,94,0,39,51,33,42,15,89,71,80 3,0,71,66,49,68,2,26,94,4,64,53,2,6,93,55,49,79 "
    "4,1,86,0,82,25,20,71,25,38,50,25,41,68,52,0,68,43 5,0,71,59,71,50,44,46,19,4,24,96,13,20,100,55,59,57 "
    "6,1,79,58,39,53,80,19,6,95,37,65,82,9,82,66,55,63 7,0,71,100,100,100,29,7,46,0,21,24,0,45,2,7,44,0 "
    "8,2,86,66,61,66,70,30,70,54,61,36,95,0,84,73,45,66 0,1,80,37,56,33,81,12,80,94,0,94,81,12,80,37,56,33 "
    "1,0,63,42,93,25,11,100,25,0,100,25,0,100,25,20,100,45 2,0,74,56,64,41,8,29,79,0,39,55,28,43,16,92,79,88 "
    "3,0,70,55,63,54,11,29,79,7,70,62,5,7,100,55,57,59 4,1,84,0,68,44,16,72,44,38,50,44,42,63,59,2,63,54 "
    "5,0,74,79,100,57,33,38,9,20,28,76,14,8,99,58,53,62 6,1,70,38,52,61,87,21,9,100,25,95,100,13,96,43,54,59 "
    "7,0,78,90,83,90,29,2,52,0,29,25,0,52,1,8,44,0 8,2,75,45,55,60,75,20,95,50,50,70,95,0,100,50,55,60 "
    "0,1,71,49,83,49,64,10,67,81,43,90,64,10,67,49,83,49 1,0,64,79,100,0,5,100,0,0,100,0,0,100,0,71,100,71 "
    "2,0,64,57,71,88,2,0,100,0,50,50,29,60,0,90,81,71 3,0,71,50,77,59,2,30,60,9,89,44,4,6,74,89,77,59 "
    "4,1,71,0,59,40,16,75,40,61,30,40,84,77,83,0,20,40 5,0,57,93,71,71,80,21,13,63,54,91,3,4,77,82,86,60 "
    "6,1,64,64,81,57,81,24,10,95,74,67,88,0,98,64,71,55 7,0,57,71,75,100,0,21,79,0,69,44,11,83,5,52,61,0 "
    "8,2,64,88,81,55,76,10,67,76,81,43,76,10,90,88,81,55 0,1,60,38,81,50,94,0,100,100,44,88,94,0,100,38,81,50 "
    "1,0,67,81,75,0,3,75,0,0,75,0,0,75,0,83,96,83 2,0,63,80,83,49,12,3,95,0,50,47,30,76,0,95,84,79 "
    "3,0,60,81,94,50,0,6,88,19,81,62,0,0,94,81,94,56 4,1,72,1,74,54,29,78,54,66,42,54,87,90,92,0,38,54 "
    "5,0,63,75,79,59,75,16,4,47,70,72,1,1,100,84,84,61 6,1,60,38,75,56,88,25,12,100,56,88,94,0,81,38,81,56 "
    "7,0,67,83,83,96,0,31,67,0,62,31,3,89,1,39,61,0 8,2,60,50,88,50,88,0,94,56,75,62,88,0,81,56,88,56 "
    "0,1,71,53,36,53,60,0,49,60,0,60,49,0,49,53,36,53 1,0,64,43,67,0,17,67,0,0,67,0,0,67,0,36,79,36 "
    "2,0,71,53,36,53,4,0,49,0,34,26,22,38,0,64,36,36 3,0,71,44,36,53,2,0,49,7,71,46,15,0,60,53,36,53 "
    "4,1,71,0,48,40,12,68,40,46,23,40,84,77,83,0,20,40 5,0,71,64,36,25,45,21,9,31,29,61,4,0,60,56,50,46 "
    "6,1,71,35,43,44,51,21,11,86,29,61,39,0,58,35,43,44 7,0,71,36,36,64,0,18,31,0,55,5,4,45,0,10,50,0 "
    "8,2,71,53,36,53,49,0,49,52,50,41,54,0,54,53,36,53 0,1,65,44,56,33,58,0,58,46,0,69,52,0,52,44,56,33 "
    "1,0,61,47,89,0,14,82,0,0,82,0,0,82,0,56,92,56 2,0,63,43,59,49,22,0,68,0,21,47,24,51,0,82,53,53 "
    "3,0,60,50,56,50,19,0,62,0,56,56,19,0,50,50,56,56 4,1,78,0,38,36,5,45,36,35,15,36,70,59,71,0,7,36 "
    "5,0,68,62,53,28,51,16,1,59,41,58,2,0,60,62,53,55 6,1,60,38,56,50,62,19,0,81,25,62,69,0,50,38,50,50 "
    "7,0,67,56,56,85,0,10,42,0,50,6,0,64,0,0,50,0 8,2,60,44,50,50,69,0,56,50,38,62,56,0,50,50,50,56 "
    "0,1,71,59,83,59,89,3,78,90,0,90,78,3,78,59,83,59 1,0,64,64,100,0,19,100,0,0,100,0,0,100,0,71,100,71 "
    "2,0,71,68,83,59,39,7,84,1,61,49,48,42,0,97,71,71 3,0,71,65,77,59,39,12,74,7,81,53,39,6,93,65,77,68 "
    "4,1,79,0,71,45,23,78,45,60,41,45,83,82,84,0,36,45 5,0,71,67,71,50,69,39,19,50,50,80,39,3,91,68,83,57 "
    "6,1,71,59,83,59,78,20,14,97,61,79,89,3,91,59,83,68 7,0,71,71,71,97,0,25,54,1,76,13,12,78,0,40,50,0 "
    "8,2,71,65,71,65,86,9,75,62,77,62,90,0,90,65,71,65 0,1,65,52,81,35,92,8,73,69,0,92,92,8,73,46,81,35 "
    "1,0,72,50,97,8,14,85,8,0,85,8,0,85,8,56,93,59 2,0,68,57,86,38,54,13,75,1,61,51,49,52,1,98,79,79 "
    "3,0,70,43,86,43,30,9,79,0,77,52,41,4,84,43,86,54 4,1,83,0,69,40,19,67,40,61,24,40,76,64,73,0,20,40 "
    "5,0,68,80,79,61,94,16,5,87,67,74,23,1,91,80,82,59 6,1,65,40,87,40,81,15,19,92,58,75,92,4,88,40,81,40 "
    "7,0,67,83,83,100,0,17,69,0,75,25,10,83,0,25,61,0 8,2,65,60,79,52,92,8,73,69,79,48,81,0,92,58,75,52 "
    "0,1,71,42,36,31,43,0,54,51,0,51,43,0,54,42,36,31 1,0,50,37,61,0,17,71,0,14,71,0,14,71,0,45,82,36 "
    "2,0,57,60,40,53,3,0,75,0,14,42,12,26,0,82,71,71 3,0,57,60,40,79,3,3,72,9,38,42,3,0,48,60,36,71 "
    "4,1,71,0,21,36,2,59,40,27,23,40,53,49,61,0,20,40 5,0,57,60,36,22,43,19,0,36,17,60,3,0,48,60,40,66 "
    "6,0,64,45,36,36,64,14,0,79,21,57,67,0,64,55,36,45 7,0,64,81,71,69,2,7,33,0,45,5,2,45,0,45,10,0 "
    "8,2,71,53,36,53,54,0,54,38,36,38,47,0,47,44,36,44 0,1,60,31,31,31,62,0,69,75,0,50,62,0,69,31,25,31 "
    "1,0,44,28,91,25,0,87,25,0,87,25,0,87,25,17,91,46 2,0,67,39,28,50,3,0,58,0,12,43,12,22,1,78,56,56 "
    "3,0,60,38,25,50,0,0,56,0,38,38,6,0,75,56,25,44 4,1,72,0,32,31,6,47,31,31,19,31,70,62,69,0,15,31 "
    "5,0,61,67,28,20,57,5,0,37,30,46,3,0,74,47,30,54 6,1,60,25,31,38,56,0,0,81,31,62,62,0,50,38,31,44 "
    "7,0,61,68,56,68,3,3,39,0,32,9,2,37,0,28,11,0 8,2,60,44,38,44,50,0,56,44,25,44,75,0,56,44,38,44 "
    "0,1,71,49,61,38,70,40,70,91,40,91,70,40,70,49,61,38 1,0,57,38,82,25,7,88,25,0,87,25,0,87,25,36,92,52 "
    "2,0,57,60,44,87,3,12,100,0,48,46,37,38,0,93,71,71 3,0,71,44,59,59,2,26,64,4,64,34,4,13,88,53,49,59 "
    "4,1,71,0,39,70,6,55,70,38,23,70,78,77,91,0,20,70 5,0,64,81,71,48,40,14,0,33,50,45,14,33,79,57,57,43 "
    "6,1,71,38,59,44,76,37,4,95,57,64,74,16,88,38,56,56 7,0,64,81,71,81,14,7,45,0,50,5,2,64,0,45,33,0 "
    "8,2,71,59,61,59,70,40,70,47,56,47,81,0,81,56,50,56 0,1,60,38,62,38,88,0,94,100,0,100,88,0,94,38,56,38 "
    "1,0,61,45,88,0,24,91,0,18,91,0,18,91,0,41,93,28 2,0,63,45,58,49,8,5,88,0,37,47,24,51,0,95,79,79 "
    "3,0,60,38,56,50,6,25,75,6,69,44,12,0,100,56,50,56 4,1,78,0,42,57,5,60,57,30,32,57,80,76,86,17,40,64 "
    "5,0,67,64,56,42,51,6,1,31,43,69,12,0,100,71,42,65 6,1,60,31,56,44,88,6,6,100,50,81,94,0,100,38,56,56 "
    "7,0,61,88,83,92,11,7,57,0,48,20,7,73,0,48,41,0 8,2,60,50,62,56,88,6,94,50,50,62,100,0,100,56,50,56 "
    "0,1,71,59,83,59,89,3,89,90,43,90,89,3,89,59,83,59 1,0,71,32,93,10,39,81,10,0,80,10,0,80,10,71,94,74 "
    "2,0,71,68,83,68,39,7,86,6,61,49,54,42,0,97,71,71 3,0,71,65,77,68,39,6,86,7,77,64,39,4,92,76,71,65 "
    "4,1,86,0,66,50,14,79,50,55,38,50,82,79,86,0,25,50 5,0,71,76,71,50,92,39,19,82,50,91,39,3,91,68,83,57 "
    "6,1,71,59,83,59,89,20,24,97,61,79,89,3,91,59,83,68 7,0,71,71,71,97,0,25,54,1,76,13,12,78,0,40,50,0 "
    "8,2,71,65,71,65,86,9,86,62,77,62,90,0,90,65,71,65 0,1,70,38,80,43,77,5,84,86,64,86,77,5,79,38,80,43 "
    "1,0,72,40,96,8,43,86,8,0,85,8,0,85,8,83,97,85 2,0,74,41,87,52,45,10,88,2,56,55,46,56,2,95,80,79 "
    "3,0,70,43,86,54,41,5,88,0,93,57,46,2,86,54,96,59 4,1,83,0,69,40,26,61,40,64,24,40,88,87,90,0,20,40 "
    "5,0,74,79,80,62,79,22,6,70,67,80,28,1,86,66,82,66 6,1,70,32,86,54,75,18,20,96,64,80,79,7,86,27,86,54 "
    "7,0,78,83,83,94,0,21,57,0,70,16,10,76,0,26,60,0 8,2,70,43,75,54,79,9,84,52,79,57,86,0,86,54,75,59 "
    "0,2,64,55,48,55,48,38,67,38,62,67,79,7,55,55,48,55 0,2,60,38,56,44,56,25,88,50,50,50,81,25,56,38,50,44 "
    "0,2,71,38,83,59,81,35,98,91,64,95,76,39,89,38,83,59 0,2,65,54,85,35,87,38,77,73,65,92,98,25,79,52,81,35 "
    "0,1,53,21,58,8,46,8,58,38,0,75,38,0,75,42,42,17 1,0,53,21,79,0,33,79,0,0,75,0,0,75,0,33,83,33 "
    "2,0,53,54,67,42,25,0,75,0,8,42,42,33,0,58,33,33 3,0,53,67,67,92,0,29,33,42,92,17,0,0,75,46,33,58 "
    "4,1,53,0,12,25,21,42,25,62,25,25,79,71,75,0,12,25 5,0,53,79,67,67,38,29,8,79,38,58,0,0,75,46,33,58 "
    "6,1,53,54,67,42,38,0,25,79,67,17,38,0,75,46,33,58 7,0,53,67,67,92,0,8,42,0,54,8,42,33,0,62,13,0 "
    "8,2,53,54,67,42,38,0,75,54,67,42,38,0,75,46,33,58 0,1,67,20,100,20,73,33,73,90,0,90,90,0,90,30,100,30 "
    "1,0,67,20,100,10,50,100,10,10,100,10,10,100,10,40,100,40 2,0,67,57,67,57,60,0,90,0,33,57,30,67,3,93,33,33 "
    "3,0,67,67,67,97,3,50,47,30,100,30,0,0,90,73,33,73 4,1,67,0,50,40,17,83,40,33,67,40,97,83,80,0,50,40 "
    "5,0,67,97,67,67,93,33,13,100,67,73,0,0,90,73,33,73 6,1,67,20,83,27,73,17,0,97,67,27,93,17,90,73,33,73 "
    "7,0,67,67,67,97,0,33,57,7,83,20,30,67,3,40,50,0 8,2,67,57,67,57,90,0,90,57,67,57,90,0,90,73,33,73 "
    "0,1,67,17,67,17,70,0,70,90,0,90,90,0,90,23,33,23 1,0,67,20,100,10,40,100,10,10,100,10,10,100,10,40,100,40 "
    "2,0,67,57,67,57,60,0,90,7,67,57,73,17,0,93,33,33 3,0,67,67,67,97,3,50,47,30,100,30,0,0,90,73,33,73 "
    "4,1,67,0,17,93,17,67,97,73,17,90,97,67,97,0,0,90 5,0,67,97,67,67,93,33,13,93,33,73,0,0,90,73,33,73 "
    "6,1,67,57,67,57,90,0,30,97,67,27,90,0,90,73,33,73 7,0,67,67,67,97,0,17,73,0,50,40,10,100,10,40,50,0 "
    "8,2,67,57,67,57,90,0,90,57,67,57,90,0,90,73,33,73 0,1,71,19,83,19,86,3,86,90,0,90,86,3,86,19,83,19 "
    "1,0,57,18,79,0,40,80,0,0,75,0,0,75,0,71,93,71 2,0,71,54,71,54,39,0,90,1,47,31,26,53,0,97,71,71 "
    "3,0,71,71,71,97,0,53,26,4,47,61,6,0,90,54,71,54 4,1,71,0,37,40,26,64,40,84,34,49,57,66,74,0,20,40 "
    "5,0,71,97,71,71,96,57,23,50,21,83,6,0,90,54,71,54 6,1,71,19,77,29,86,1,0,97,43,59,91,1,90,57,77,54 "
    "7,0,71,71,71,97,0,11,61,1,71,13,10,80,0,10,80,0 8,2,71,54,71,54,90,0,90,72,36,72,90,0,90,54,71,54 "
    "0,1,71,11,71,11,62,21,62,60,0,60,62,21,62,11,71,11 1,0,57,18,79,0,40,80,0,0,75,0,0,75,0,71,93,71 "
    "2,0,71,49,83,49,26,3,61,0,34,48,19,54,0,91,77,71 3,0,71,67,77,49,4,13,66,0,39,58,4,1,61,67,77,49 "
    "4,1,71,0,29,70,23,72,70,66,46,74,57,66,87,0,20,70 5,0,71,89,71,50,60,46,23,44,26,61,26,3,61,49,83,49 "
    "6,1,71,49,83,49,61,3,16,74,43,48,61,3,61,49,83,49 7,0,71,71,71,89,0,11,66,0,47,39,0,60,0,0,60,0 "
    "8,2,71,49,83,49,66,26,66,58,56,58,61,3,61,49,83,49 0,1,69,41,87,28,95,28,82,100,0,100,100,10,82,62,92,54 "
    "1,0,67,84,100,25,25,91,25,0,87,25,0,87,25,52,98,88 2,0,62,71,95,47,44,26,100,0,50,88,49,87,14,100,88,77 "
    "3,0,69,74,87,28,18,49,67,33,100,54,13,26,79,92,85,54 4,1,83,0,68,40,18,95,40,57,75,45,92,100,100,12,58,50 "
    "5,0,67,100,85,83,100,42,21,81,72,97,19,22,100,96,92,84 6,1,69,28,87,54,95,74,15,100,69,77,100,10,100,62,92,62 "
    "7,0,67,83,85,100,0,25,88,0,69,44,6,87,19,25,72,0 8,2,69,49,100,28,100,36,67,87,100,54,100,13,97,87,85,62 "
    "0,1,77,32,85,32,72,72,72,100,40,100,84,49,84,58,100,58 1,0,67,100,100,25,25,91,25,0,87,25,16,91,44,94,100,100 "
    "2,0,69,49,100,49,67,44,100,0,56,90,23,97,33,92,100,100 "
    "3,0,69,41,100,49,38,36,100,33,100,87,31,23,100,87,100,87 4,1,83,2,83,40,33,100,40,82,87,45,92,100,92,12,58,45 "
    "5,0,75,67,100,94,67,100,39,61,64,97,17,25,100,81,100,72 6,2,77,25,92,47,68,81,43,100,82,79,84,49,95,47,100,58 "
    "7,0,67,100,100,100,25,62,88,2,85,44,25,97,19,56,88,0 8,2,77,32,85,32,70,54,70,70,100,70,93,54,93,58,100,58 "
    "0,1,62,53,96,53,92,10,93,90,0,90,92,10,93,53,96,53 1,0,62,64,92,10,8,80,10,0,80,10,0,80,10,66,99,94 "
    "2,0,62,79,95,44,15,14,93,2,63,49,53,81,4,98,97,94 3,0,62,86,95,62,13,24,93,32,81,83,8,0,90,86,94,62 "
    "4,1,75,0,61,42,14,89,50,67,42,50,75,72,81,0,25,42 5,0,62,99,94,66,94,44,12,50,56,83,15,5,93,79,89,41 "
    "6,1,69,41,91,60,88,46,11,97,40,73,86,11,85,49,95,47 7,0,62,94,95,100,0,33,74,0,65,34,9,86,4,38,61,0 "
    "8,2,62,71,94,71,87,13,91,83,81,89,90,0,90,71,94,71 0,1,69,57,95,41,98,31,85,82,9,100,98,31,85,57,95,41 "
    "1,0,62,69,94,10,25,85,10,0,80,10,18,85,32,70,100,100 2,0,62,81,98,53,44,33,100,2,63,70,61,94,33,100,100,100 "
    "3,0,69,82,93,41,26,44,73,37,88,64,20,19,81,90,93,41 4,1,75,0,69,50,22,100,50,75,84,59,75,87,87,0,42,50 "
    "5,0,62,100,95,66,100,74,21,50,56,92,34,31,96,81,94,41 6,1,69,41,94,64,93,58,41,100,59,86,100,32,100,49,98,49 "
    "7,0,62,100,100,100,25,63,87,0,74,46,16,92,11,40,71,0 8,2,69,66,97,47,100,44,73,91,90,69,89,23,100,74,97,49 "
    "0,1,77,32,85,32,95,72,95,100,40,100,100,49,100,65,100,65 "
    "1,0,75,100,100,0,64,100,0,33,100,0,50,100,25,100,100,100 2,0,77,65,92,32,54,77,82,3,77,61,58,92,22,100,100,100 "
    "3,0,77,47,92,43,41,81,70,40,100,70,30,62,98,100,100,65 4,1,83,6,92,70,43,100,70,85,75,72,100,100,100,17,58,75 "
    "5,0,83,70,100,70,70,92,41,64,93,85,50,53,100,100,100,62 "
    "6,1,77,32,92,47,84,100,47,100,100,91,95,54,100,58,100,65 7,0,83,100,100,100,25,73,77,1,82,40,18,95,7,53,80,0 "
    "8,2,77,54,100,54,98,77,98,79,100,79,100,54,100,65,100,65 "
    "0,1,75,53,100,52,100,63,94,100,34,100,100,63,94,53,100,52 "
    "1,0,69,74,100,18,64,100,18,18,100,18,39,100,39,100,100,100 "
    "2,0,75,92,100,44,41,55,75,5,83,58,67,92,28,100,100,92 3,0,75,75,100,52,25,69,75,41,91,72,33,47,94,92,100,44 "
    "4,1,75,2,84,50,39,100,50,88,77,59,100,100,100,6,53,53 5,0,75,75,100,75,75,77,36,53,70,88,48,52,94,69,92,44 "
    "6,1,75,36,100,75,94,77,25,100,91,83,94,63,100,44,100,61 7,0,75,100,100,92,25,66,78,0,88,37,22,100,3,48,69,0 "
    "8,2,75,69,100,61,97,69,97,72,91,72,100,63,100,69,100,61 "
    "0,1,81,57,100,34,100,73,77,100,54,91,100,80,77,57,100,34 "
    "1,0,69,74,100,18,64,100,18,18,100,18,64,100,64,100,100,100 "
    "2,0,75,84,100,53,64,63,97,9,83,58,86,100,59,92,100,92 3,0,75,92,100,53,47,69,97,50,100,80,55,69,100,92,100,53 "
    "4,0,88,1,80,50,33,100,57,79,100,65,95,100,95,5,67,52 5,0,75,75,100,75,75,100,67,61,86,95,72,67,100,61,92,45 "
    "6,2,75,28,100,84,94,84,58,100,95,95,94,73,100,44,100,69 7,0,75,100,100,92,56,81,89,0,88,50,28,100,11,58,69,0 "
    "8,2,75,61,100,69,97,84,97,88,100,88,100,69,100,69,100,69 0,1,71,38,100,38,81,21,81,90,0,90,71,21,81,34,86,34 "
    "1,0,69,36,100,0,79,100,0,0,100,0,0,100,0,77,100,77 2,0,64,52,88,31,67,26,67,5,79,45,74,64,7,100,100,88 "
    "3,0,71,49,100,49,29,43,70,9,89,64,73,26,94,34,93,49 4,1,77,0,45,40,7,87,40,49,61,40,98,95,95,23,38,54 "
    "5,0,71,70,100,70,70,43,14,60,64,69,62,21,92,38,93,34 6,2,64,64,100,55,100,64,36,100,50,79,100,19,86,52,100,31 "
    "7,0,69,100,100,87,15,59,56,0,90,10,31,69,0,33,67,0 8,2,71,49,83,49,70,46,66,58,86,62,71,7,89,34,93,49 "
    "0,1,77,32,85,32,84,49,84,100,40,100,84,49,84,58,100,58 1,0,69,36,100,0,92,100,0,0,100,0,15,100,10,100,100,92 "
    "2,0,77,32,85,32,65,48,70,3,56,61,54,92,18,93,100,93 3,2,77,32,85,32,65,54,70,10,100,70,78,46,98,65,100,65 "
    "4,1,77,0,57,40,11,97,40,61,91,40,93,98,91,16,62,47 5,0,77,70,100,70,70,69,18,70,82,70,59,42,95,65,100,58 "
    "6,2,77,32,92,35,70,88,68,91,82,70,72,49,95,35,100,58 7,0,77,82,100,88,11,60,61,3,86,19,10,89,5,22,80,0 "
    "8,2,77,32,85,32,70,54,70,70,100,70,93,54,93,58,100,58 0,1,75,36,94,36,75,0,75,91,0,91,75,0,75,36,94,36 "
    "1,0,62,29,94,10,46,85,10,0,80,10,0,80,10,94,99,94 2,0,62,62,94,71,51,3,91,2,63,55,61,58,1,100,95,94 "
    "3,0,69,47,94,65,41,6,84,0,60,83,49,6,84,47,94,73 4,1,75,0,52,42,11,91,50,58,50,50,72,72,81,0,25,42 "
    "5,0,62,99,94,84,91,38,12,78,56,92,51,5,93,62,89,59 6,1,62,44,95,71,94,42,34,98,56,89,92,5,90,44,95,71 "
    "7,0,62,94,95,100,0,33,64,2,74,14,10,80,0,29,71,0 8,2,62,71,94,71,91,13,91,89,81,89,90,0,90,71,94,71 "
    "0,1,75,36,97,44,78,20,78,100,0,100,78,28,78,36,97,36 1,0,62,29,94,10,58,91,10,0,80,10,18,85,32,89,100,100 "
    "2,0,62,62,96,72,72,25,100,11,69,70,74,78,30,100,100,100 3,2,75,52,97,52,58,41,75,0,100,67,73,25,91,52,97,52 "
    "4,0,75,0,52,50,14,94,50,67,92,55,94,100,91,5,45,52 5,0,75,75,95,70,75,58,14,61,66,75,73,25,86,44,92,44 "
    "6,2,69,49,98,47,100,68,52,100,68,73,100,32,85,49,98,47 7,0,62,100,100,100,25,66,74,5,90,25,27,89,4,31,71,0 "
    "8,2,69,74,97,47,100,52,73,91,90,64,89,23,90,74,97,47 0,1,71,38,100,38,87,55,87,100,40,100,76,66,87,34,86,34 "
    "1,0,69,49,100,0,79,100,0,0,100,0,15,100,15,100,100,100 2,0,71,34,86,34,76,68,91,9,86,51,66,93,45,89,100,100 "
    "3,1,71,49,100,49,68,57,81,9,89,64,76,61,98,49,100,49 4,1,77,0,68,70,22,97,70,61,91,70,98,98,98,23,62,77 "
    "5,0,71,70,100,70,70,61,24,60,89,85,76,61,98,34,86,34 6,3,71,38,100,59,76,79,49,100,81,85,76,66,98,34,93,38 "
    "7,0,77,88,100,88,42,79,72,3,86,31,15,89,5,40,80,0 8,2,71,49,100,59,70,57,91,64,91,74,98,44,98,45,93,49 "
    "0,1,69,33,97,57,73,59,100,90,45,100,73,59,100,33,97,57 "
    "1,0,69,52,94,13,81,100,18,18,100,18,39,100,32,100,100,90 "
    "2,0,69,47,100,74,41,47,100,3,74,73,57,86,31,90,100,100 3,1,75,52,100,52,50,61,75,0,100,67,72,53,91,53,100,52 "
    "4,1,75,0,69,50,22,100,50,75,84,59,100,100,100,6,45,53 5,0,75,75,95,70,75,58,25,61,70,88,66,44,94,44,100,44 "
    "6,2,75,36,100,52,78,77,48,100,91,70,78,63,83,36,100,52 7,0,62,100,100,100,25,57,87,5,90,31,36,89,4,40,80,0 "
    "8,2,75,52,97,52,75,56,75,67,91,67,97,50,97,53,97,53 0,1,75,44,100,44,78,63,78,100,50,100,78,63,78,36,100,36 "
    "1,0,69,43,94,13,97,100,18,28,100,18,39,100,39,100,100,91 2,0,75,52,100,52,73,63,75,17,83,58,70,92,28,92,100,92 "
    "3,2,75,52,100,52,73,69,75,0,100,67,88,69,97,53,100,53 4,0,75,0,69,67,22,100,75,75,92,80,100,100,100,6,53,69 "
    "5,1,75,75,100,75,75,77,44,75,91,88,83,63,94,44,100,44 6,1,75,36,100,52,78,92,56,100,91,75,78,63,94,36,100,52 "
    "7,0,75,91,100,91,19,73,64,5,95,25,25,94,0,41,75,0 8,2,75,52,100,52,75,69,75,67,100,72,97,69,100,53,100,53 "
)
# PROTOTYPES-END


def _prototypes() -> list[tuple[int, int, float, list[float]]]:
    out = []
    for line in PROTOTYPES.split():
        digit, holes, aspect, *zones = line.split(",")
        out.append((int(digit), int(holes), int(aspect) / 100, [int(z) / 100 for z in zones]))
    return out


_PROTOS = _prototypes()


Shapes = dict[tuple[int, float, tuple[float, ...], int], dict[int, float]]  # `shape_distances` already found


def shape_distances(glyph: Glyph, known: Shapes) -> dict[int, float]:
    """For each digit, the distance from the glyph to its nearest prototype (when under 9): the mean
    difference of their zones, plus a quarter for each hole more or fewer (a hole of a few samples counted or
    not, whichever is nearer: it may be blur), plus 0.6 times the difference of their aspects.  Kept in
    `known`: a board's glyphs of one digit often have the same shape."""
    shape = (glyph.holes, glyph.aspect, tuple(glyph.zones), glyph.pinholes)
    if shape in known:
        return dict(known[shape])
    best: dict[int, float] = {}
    fewest = glyph.holes - glyph.pinholes
    for digit, holes, aspect, zones in _PROTOS:
        d = sum(map(abs, map(sub, zones, glyph.zones))) / 15
        missing = min(abs(holes - h) for h in range(fewest, glyph.holes + 1))
        d += 0.25 * missing + 0.6 * abs(aspect - glyph.aspect)
        if d < best.get(digit, 9.0):
            best[digit] = d
    known[shape] = dict(best)
    return best


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
    if hsl is not None:  # chromatic ink: digits never drawn in this hue are unlikely
        hue, _, light = hsl
        for digit in best:
            if not _hue_fits(digit, hue):
                best[digit] += 0.3
        # the classic palette draws 3 bright red and 5 dark red, 1 bright blue and 4 dark blue
        if (hue >= 340 or hue < 10) and (light >= 90 or two_reds):  # red: bright a 3, dark (maroon) a 5;
            best[5 if light >= 90 else 3] += 0.3  # a dark red alone in the image is its palette's red, either
        elif 20 <= hue < 40:  # salmon, orange, brown: a 5 (between red and orange, 10-20 degrees, neither)
            best[3] += 0.3
        elif 225 <= hue <= 250 and two_blues:  # one blue alone: the palette's blue, whichever digit it is
            best[4 if light >= 90 else 1] += 0.3
    else:
        for digit in (1, 2, 3, 6):  # grey or black ink is a 7 or an 8 in palettes that colour the digits
            best[digit] += 0.02
    ranked = sorted(best, key=best.__getitem__)
    first, second = ranked[0], ranked[1]
    margin = best[second] - best[first]
    confidence = max(0.0, min(1.0, 0.35 + margin * 6 - max(0.0, best[first] - 0.12) * 2))
    if first != min(by_shape, key=by_shape.__getitem__):
        confidence = min(confidence, 0.45)  # colour and shape disagree: say so
    return first, confidence, ranked
