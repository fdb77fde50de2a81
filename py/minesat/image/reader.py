"""Read a Minesweeper board from a screenshot: pure Python (no numpy), so it runs in Pyodide too.

`read_image(width, height, rgba)` takes the image as RGBA bytes, row-major (what a canvas's
`getImageData` and Pillow's `tobytes()` give) and returns a `Reading`: the board, the grid found,
and how sure the reader is of each cell.  It works in four steps, none tied to one client's pixels:

1. The grid (`minesat.image.grid`): the longest evenly spaced families of long straight edges.
2. Each cell's look (`minesat.image.cells`): its background colour, whether its border is raised
   (lighter above and left), and its ink (pixels far from the background in the middle of the cell).
3. Looks are clustered (here): the cluster whose cells carry digits is "opened"; the largest other
   one "hidden".  A red mark on a pole is a flag.  A cell of another look (an exploded mine, a wrong
   flag) is read as hidden, as is a round dark blob on an opened cell (a shown mine).
4. Digits are told by the shape and the colour of their ink (`minesat.image.glyphs`,
   `minesat.image.digits.classify_digit`).

Each cell gets a confidence in [0, 1]; `Reading.sure` holds when every cell is at or above
`threshold`, and `Reading.unsure` lists the others.  No grid found raises `BoardError` with a
one-line message.  A seven-segment mine counter above the board (`minesat.image.counter`) gives the
total: the mines it shows left plus the flags read; without one, or when the board read cannot hold that
many mines (`minesat.counting.totals`), the total is left unknown.
"""

from __future__ import annotations

import gc
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, compress, groupby

from minesat.board import FLAG, HIDDEN, Board, BoardError, Cell
from minesat.counting.totals import total_conflict
from minesat.image.cells import INK, SAMPLES, CellLook, Rgb, Seen, find_ink, luminance, packed_pixels, sample_cell
from minesat.image.consistency import around, impossible_numbers, inconsistent, near
from minesat.image.counter import read_counter
from minesat.image.digits import Palette, classify_digit, hue_distance, ink_hue
from minesat.image.glyphs import WELL, Glyph, Shapes, face_glyph, glyph_features, shape_distances, shape_fit
from minesat.image.grid import Grid, find_grid
from minesat.image.textboard import read_text_board
from minesat.image.texture import smoothed, stippled, texture_period

__all__ = ["THRESHOLD", "Grid", "Reading", "find_grid", "read_image"]

THRESHOLD = 0.5  # a board is offered as sure when every cell's confidence is at least this
FAINT = 20  # a channel this far from a cell's background (and less than INK) is a faint mark
RIM = 100  # plain cells alike in their middles, their outlines this far apart in colour: two looks (a neon look)
DRIFT = 96  # how far a see-through face's colour drifts across the board (KMines' over its picture)
LINK = 16  # plain side neighbours this near in colour (less when dark, as `_apart`; alike in border and shading)
# are of one look
MARGIN = 0.05  # a faint mark's shape nearer one digit than any other by this is that digit (see `_faint_digit`)
MOSTLY_RED = 0.85  # a red mine's share of red ink (see `_mostly_red`)
SPIKES, RING = 7, 64  # a mine's spikes at least, and the samples of the ring they are counted on (see `_spiky`)
DIGITS = 0.6  # the cells beyond a grid's side with digits, at least, where the board goes on (see `_continues`)
TWIN = 6  # a look this near the hidden look in colour is of its colour (see the naming of flags)
ZEROS = 3  # cells whose shapes fit a 0 well: an image that draws a 0 on empty cells (see `_palette`)
ONE_HUE = 20  # degrees: digits whose hues are all this near the first's are of one hue (see `_palette`)
RAISED = 25  # a look whose top and left are this much lighter than its bottom and right is a raised tile


@dataclass(frozen=True)
class Reading:
    """What was read: the board (every cell's best guess), each cell's confidence, and the grid."""

    board: Board
    confidence: tuple[float, ...]  # row-major, one per cell
    grid: Grid
    threshold: float = THRESHOLD
    note: str = ""  # what is likely wrong when many cells are unsure (an overlay on the board), for the user

    @property
    def unsure(self) -> tuple[Cell, ...]:
        cols = self.board.cols
        return tuple(divmod(i, cols) for i, c in enumerate(self.confidence) if c < self.threshold)

    @property
    def sure(self) -> bool:
        return not self.unsure


# -- the board: looks clustered, cells named ---------------------------------------------------------
def _is_flag(cell: CellLook, glyph: Glyph | None) -> bool:
    """A red mark in the upper part of the ink with a pole or base below it that is not red (on a cell that is
    not red itself: a red square's own red lies at the edges of whatever is drawn on it)."""
    if glyph is None or not cell.colours or _red_ground(cell):
        return False
    rows = cell.rows  # each ink sample's row
    red = list(compress(rows, map(_reds(cell.colours).__contains__, cell.colours)))
    reddish = set(filter(_reddish, set(cell.colours)))
    rest = [i for i, reddish_here in zip(rows, map(reddish.__contains__, cell.colours)) if not reddish_here]
    if len(red) < 0.15 * len(cell.colours) or len(rest) < 0.12 * len(cell.colours):
        return False
    top, _, bottom, _ = glyph.box
    height = bottom - top + 1
    red_low = max(red)
    rest_low = max(rest)
    red_mid = sum(red) / len(red)
    rest_mid = sum(rest) / len(rest)
    return rest_low - red_low >= 0.2 * height and rest_mid - red_mid >= 0.15 * height


def _flag_shape(cell: CellLook, glyph: Glyph) -> bool:
    """Ink drawn as a flag whatever its colours: a thin straight pole, a filled pennant above it on one side
    only, and below it a base or nothing; without a base, a pennant of a good size (a 1's thin stroke at the
    top is not one)."""
    top, left, bottom, right = glyph.box
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
    if end - start < 0.25 * height or start < 0.2 * height:
        return False
    centres = [(r[0] + r[-1]) / 2 for r in rows[start:end]]
    pole = sum(centres) / len(centres)
    if any(abs(c - pole) > 2 for c in centres):
        return False  # not straight: a 7's stroke
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


def _own_flag(cell: CellLook, glyph: Glyph) -> bool:
    """A flag on a look of its own: a red mark, or ink in a flag's shape, on a light cell (a dark one is a
    mine's body: a shown mine, drawn over its cell's edge, with the spark of its fuse)."""
    return luminance(cell.background) > 80 and (_has_red(cell) or _flag_shape(cell, glyph))


def _reddish(p: Rgb) -> bool:
    """A colour of a red mark, bright or dark."""
    return p[0] > 90 and p[0] - max(p[1], p[2]) > 30


def _reds(colours: list[Rgb]) -> set[Rgb]:
    """The colours among these that are a bright red."""
    return {p for p in set(colours) if p[0] > 120 and p[0] - max(p[1], p[2]) > 60}


def _symmetric(cell: CellLook, glyph: Glyph) -> bool:
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


def _spiky(cell: CellLook, glyph: Glyph) -> bool:
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


def _mostly_red(cell: CellLook) -> bool:
    """Ink nearly all red (a red mine; a flag's pole and base are not red)."""
    return sum(map(_reddish, cell.colours)) >= MOSTLY_RED * len(cell.colours) > 0


def _mine_shaped(glyph: Glyph, mirrored: bool) -> bool:
    """Ink as wide as tall and its own mirror image (`mirrored`: `_symmetric`): a mine shown or exploded (a digit
    is taller than wide), which says nothing of which look is the opened cells'; or a thin ring as wide as tall
    round most of the cell: the tile's corners about a mine whose body was taken for the cell's ground."""
    top, _, bottom, _ = glyph.box
    ring = 0.9 <= glyph.aspect <= 1.1 and bottom - top + 1 >= 0.6 * SAMPLES and glyph.fill < 0.45
    return 0.8 <= glyph.aspect <= 1.25 and mirrored or ring


def _red_ground(cell: CellLook) -> bool:
    """Whether the cell's ground is itself a red (not an orange: a flagged tile's colour in some clients)."""
    r, g, b = cell.background
    return bool(_reds([cell.background])) and abs(g - b) < 0.25 * (r - min(g, b))


def _has_red(cell: CellLook) -> bool:
    """Red marks in the cell (not on a red cell: its own red lies at the edges of what is drawn on it)."""
    return (not _red_ground(cell)
            and sum(map(_reds(cell.colours).__contains__, cell.colours)) >= 0.2 * len(cell.colours))


def _is_mine(cell: CellLook, glyph: Glyph) -> bool:
    """A shown mine: a dark round blob, full at its middle, about as wide as tall, mostly filled: the whole
    ink, widest not at its top or foot, or its body (the rows at least 0.4 as wide as the widest, leaving out a
    tall fuse) shaped and filled as a disc is, widest at its middle."""
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
    return dark > 0.6 * len(colours) and full and (
        0.8 <= glyph.aspect <= 1.25 and glyph.fill > 0.5 and 0.2 <= at <= 0.8
        or 0.35 <= at <= 0.65 and 0.8 <= width / height <= 1.25 and fill > 0.65)


def _more_opened(grid: Grid, label: list[int], centres: list[list[CellLook]], digits_in: list[int],
                 blank_in: list[int], opened: int, hidden: int, mine_like: set[int], plain: list[bool],
                 shaded: set[int]) -> set[int]:
    """Other looks of opened cells, where a palette gives each number's cells a colour of their own (GNOME
    Mines): a flat look whose every cell shows a digit, none a shown mine (`mine_like`: the looks with a dark
    round blob) nor shaded (`shaded`: none is an opened look); then a flat look none of whose plain cells (`plain`: the
    cells without ink; an exploded mine may lie on the look) touches a hidden one (an opened 0's neighbours
    are all opened) and some of whose cells touch an opened one, or which shows digits and lies within DRIFT
    of the opened look's colour (a see-through face over a picture, when the image shows shaded looks: an
    island of it)."""
    if opened < 0 or hidden < 0:
        return set()
    light = 0.5 * luminance(centres[opened][0].background)  # a look much darker: shown mines' (a bomb's body)
    flat = [k for k in range(len(centres)) if k not in (opened, hidden) and k not in mine_like | shaded
            and centres[k][0].raised < RAISED and luminance(centres[k][0].background) >= light]
    more = {k for k in flat if digits_in[k] >= 1 and blank_in[k] == 0}
    # the opened look drawn with other borders (lines left by the hidden cells beside it): its colour (or a
    # see-through face's, drifting), and digits (and the mines shown at a loss, when they are drawn on opened
    # cells)
    more |= {k for k in range(len(centres)) if k not in (opened, hidden) and k not in shaded
             and centres[k][0].raised < RAISED
             and digits_in[k] >= max(2, blank_in[k] // 4)
             and _colour_distance(centres[k][0], centres[opened][0]) <= (DRIFT if shaded else 15)}
    rows, cols = grid.rows, grid.cols
    for k in flat:
        if k in more:
            continue
        near_hidden = near_opened = False
        for i, j in enumerate(label):
            if j != k or not plain[i]:
                continue
            around = {label[n] for n in near(i, rows, cols)}
            near_hidden |= hidden in around
            near_opened |= bool(around & ({opened} | more))
        drifts = bool(shaded) and digits_in[k] > 0 and _colour_distance(centres[k][0], centres[opened][0]) <= DRIFT
        if (near_opened and not digits_in[k] or drifts) and not near_hidden:
            more.add(k)
    return more


def _palette(cells: list[CellLook], glyphs: list[Glyph | None], flags: list[bool], label: list[int],
             opened: set[int], backgrounds: list[Rgb], shapes: Shapes) -> Palette:
    """What the opened cells' coloured digits say of the image's palette (`backgrounds`: each look's, `glyphs`:
    each cell's to name a digit by): whether its red digits (hue 340-10 degrees) show a bright shade and a dark
    one as the classic palette's 3 and 5 do, and its blue ones (225-250) as its 1 and 4 do (both shades seen, and
    the shapes in each mostly agreeing: a dark blue 1 beside a bright blue 4 is not the classic palette); and
    whether the colour tells the digits apart at all: not where digits of three shapes or more (each fitting a
    digit well) are all of one hue or grey, as a client drawing every number in red (or white) does; and whether
    empty cells show a 0 (ZEROS cells or more whose shapes fit a 0 well: one alone is a misread digit)."""
    seen: list[tuple[float, float, int]] = []  # each coloured digit's hue, lightness and the digit of its shape
    shaped: set[int] = set()  # the digits whose shapes fit well, coloured or not
    zeros = 0
    for cell, g, f, k in zip(cells, glyphs, flags, label):
        if g is None or f or k not in opened:
            continue
        distances = shape_distances(g, shapes)
        digit = min(distances, key=distances.__getitem__)
        if distances[digit] <= WELL:
            shaped.add(digit)
            zeros += digit == 0
        if (hsl := ink_hue(cell.colours, backgrounds[k])) is not None:
            seen.append((hsl[0], hsl[2], digit))

    def classic(hues: tuple[float, float], bright_digit: int, dark_digit: int) -> bool:
        lo, hi = hues
        shades = [(light, d) for hue, light, d in seen if (lo <= hue < hi if lo < hi else hue >= lo or hue < hi)]
        bright = [d for light, d in shades if light >= 90]
        dark = [d for light, d in shades if light < 80]
        return (bool(bright) and bool(dark) and bright.count(dark_digit) <= bright.count(bright_digit)
                and dark.count(bright_digit) <= dark.count(dark_digit))

    one_hue = len(shaped) >= 3 and all(hue_distance(hue, seen[0][0]) <= ONE_HUE for hue, _, _ in seen)  # (or none)
    return Palette(classic((340, 10), 3, 5), classic((225, 250.01), 1, 4), not one_hue, zeros >= ZEROS)


def _presence(cell: CellLook, colours: Rgb | dict[Rgb, bool]) -> float:
    """The share of the middle of the cell that is of about this colour (or one of a look's grounds, `_linked`)."""
    levels = [(c[0] >> 4, c[1] >> 4, c[2] >> 4) for c in (colours if isinstance(colours, dict) else (colours,))]
    near = sum(n for (x, y, z), n in cell.palette.items()
               if any(abs(x - r) <= 1 and abs(y - g) <= 1 and abs(z - b) <= 1 for r, g, b in levels))
    return near / max(1, sum(cell.palette.values()))


def _away(cell: CellLook, grounds: dict[Rgb, bool], shades: bool) -> float:
    """How far a cell's ground is from the nearest of a look's (`_linked`'s grounds): its colour, and (where the
    image shows a shaded look, `shades`) a flat ground from a shaded one (a shaded ground may be a JPEG's noise
    about a digit)."""
    flat = shades and not cell.shaded
    return min(_rgb_distance(cell.background, c) + (100 if flat and shaded else 0) for c, shaded in grounds.items())


def _rgb_distance(a: Rgb, b: Rgb) -> int:
    """How far apart two colours are: the sum of their channels' differences."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])


def _colour_distance(a: CellLook, b: CellLook) -> float:
    return _rgb_distance(a.background, b.background)


def _distance(a: CellLook, b: CellLook) -> float:
    """How far apart two plain cells' looks are: their colours, and how raised their borders are (less so
    between two clearly raised tiles: how much of a bevel a cell's samples hold varies with the scaling)."""
    both = a.raised >= 2 * RAISED and b.raised >= 2 * RAISED
    return _rgb_distance(a.background, b.background) + (0.25 if both else 1.0) * abs(a.raised - b.raised)


def _rim_distance(a: CellLook, b: CellLook) -> int:
    return _rgb_distance(a.rim, b.rim)


def _outlined_apart(a: CellLook, b: CellLook) -> bool:
    """Whether two flat plain cells of one colour are of two looks by their outlines' colours (a neon look's)."""
    return (abs(a.raised) < RAISED and abs(b.raised) < RAISED and _colour_distance(a, b) <= 12
            and _rim_distance(a, b) >= RIM)


def _split(a: CellLook, b: CellLook) -> bool:
    """Whether two plain cells are a flat face and a shaded one (a gradient: KMines' hidden squares)."""
    return max(a.even, b.even) >= 0.9 and (a.shaded or b.shaded)


def _linked(grid: Grid, cells: list[CellLook], label: list[int], centres: list[list[CellLook]], shades: bool
            ) -> tuple[list[list[CellLook]], list[dict[Rgb, bool]]]:
    """The looks, those joined by side neighbours alike made one (a see-through face whose colour drifts with a
    picture behind the board: each cell like its neighbours, not like the look's first cell), and each one's
    grounds: the colours of the looks joined in it, each shaded or not (`_shading`); `label` renamed.  Only
    where plain cells are shaded (`shades`)."""
    parent = list(range(len(centres)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    cols = grid.cols
    for i, k in enumerate(label):
        if k < 0 or not shades:
            continue
        for j in (i + 1 if (i + 1) % cols else -1, i + cols):
            if 0 <= j < len(cells) and label[j] >= 0 and root(label[j]) != root(k) and (
                    not _split(cells[i], cells[j]) and abs(cells[i].raised - cells[j].raised) < RAISED
                    and _colour_distance(cells[i], cells[j]) <= LINK * _apart(cells[i], cells[j]) / 48):
                a, b = root(k), root(label[j])
                big, small = (a, b) if len(centres[a]) >= len(centres[b]) else (b, a)
                parent[small] = big
    roots = [k for k in range(len(centres)) if root(k) == k]
    number = {k: n for n, k in enumerate(roots)}
    joined: list[list[CellLook]] = [list(centres[k]) for k in roots]
    grounds = [{centres[k][0].background: shades and _shading(centres[k])} for k in roots]
    for k in range(len(centres)):
        if root(k) != k:
            joined[number[root(k)]] += centres[k]
            grounds[number[root(k)]][centres[k][0].background] = shades and _shading(centres[k])
    for i, k in enumerate(label):
        if k >= 0:
            label[i] = number[root(k)]
    return joined, grounds


def _shading(members: list[CellLook]) -> bool:
    """Whether a look of plain cells is shaded (a gradient): a few of them at least, and most of them shaded."""
    return len(members) >= 4 and sum(cell.shaded for cell in members) >= 0.8 * len(members)


def _own_ground(cell: CellLook, look: CellLook) -> bool:
    """Whether a cell with ink lies on a ground of its own, not the look's: its colour far from the look's
    (coarse presence counts a light grey as white) and covering most of the cell, the ink a small mark on it
    (not a big digit that hides its ground, whose colour was then taken for the ground's)."""
    return (_colour_distance(cell, look) > max(30.0, _apart(cell, look)) and _presence(cell, cell.background) >= 0.6
            and cell.ink_count <= 0.25 * SAMPLES * SAMPLES)


def _apart(a: CellLook, b: CellLook) -> float:
    """How far apart two plain cells' looks may be and still be one look: 48, less between dark colours (a
    dark theme's hidden and opened cells differ by a few shades of slate)."""
    return min(48.0, 10 + 0.45 * min(luminance(a.background), luminance(b.background)))


def read_image(width: int, height: int, rgba: bytes | bytearray | memoryview, threshold: float = THRESHOLD) -> Reading:
    """The board in an RGBA image (row-major bytes, 4 per pixel), with each cell's confidence."""
    paused = gc.isenabled()
    gc.disable()  # many small tuples and lists and no cycles: the cycle collector's passes only cost time
    try:
        return _read(width, height, rgba, threshold)
    finally:
        if paused:
            gc.enable()


def _read(width: int, height: int, rgba: bytes | bytearray | memoryview, threshold: float) -> Reading:
    data = bytes(rgba)
    if width <= 0 or height <= 0 or len(data) != width * height * 4:
        raise BoardError(f"{len(data)} bytes is not a {width}x{height} RGBA image")
    raw = data
    period = texture_period(width, height, data)
    if period is not None:  # a stippled grey over much of the image: its grid and its stippled cells read
        data = smoothed(width, height, data, period)  # from the image blurred to the stipple's mean colour
    try:
        grid = find_grid(width, height, data)
    except BoardError:
        text = read_text_board(width, height, raw)  # no tiles drawn: a board of text, as a terminal shows one?
        if text is None:
            raise
        return Reading(text[0], text[1], text[2], threshold)
    if grid.rows > 100 or grid.cols > 100:
        raise BoardError(f"the grid found is {grid.rows}x{grid.cols} cells: too big to be a board")
    pixels = packed_pixels(data)
    seen = Seen()  # cells sampled alike are looked at once, a colour unpacked once
    if period is None:
        cells = [sample_cell(width, height, pixels, grid, r, c, seen)
                 for r in range(grid.rows) for c in range(grid.cols)]
    else:
        sharp = packed_pixels(raw)
        cells = [cell if not stippled(cell.pix, cell.rgb) else sample_cell(width, height, pixels, grid, r, c, seen)
                 for r in range(grid.rows) for c in range(grid.cols)
                 for cell in (sample_cell(width, height, sharp, grid, r, c, seen),)]
    glyphs = [glyph_features(cell.ink) if cell.ink_count else None for cell in cells]
    flags = [_is_flag(cell, g) for cell, g in zip(cells, glyphs)]
    # cluster the looks of the cells without ink, then put each cell with ink by its background.  Where many
    # plain cells are shaded (KMines' squares: a gradient over a see-through face), a shaded cell and a flat one
    # are of two looks, and flat neighbours alike of one (the face's colour drifts with the picture behind it).
    plain = [cell for cell, g in zip(cells, glyphs) if g is None]
    shades = sum(cell.shaded for cell in plain) >= max(4, 0.1 * len(plain))
    centres: list[list[CellLook]] = []
    label = [-1] * len(cells)
    for i, cell in enumerate(cells):
        if glyphs[i] is not None:
            continue
        for k, members in enumerate(centres):
            if (_distance(cell, members[0]) <= _apart(cell, members[0]) and not (shades and _split(cell, members[0]))
                    and not _outlined_apart(cell, members[0])):
                members.append(cell)
                label[i] = k
                break
        else:
            centres.append([cell])
            label[i] = len(centres) - 1
    centres, grounds = _linked(grid, cells, label, centres, shades)
    shades = any(any(g.values()) for g in grounds)  # a shaded look: a flat ground with a digit is none of its
    for i, cell in enumerate(cells):
        if label[i] >= 0:
            continue
        # a cell with ink belongs to the look whose background covers most of it (a big digit may
        # cover more than its background): same colour, then the same border
        presence = {k: _presence(cell, grounds[k]) for k in range(len(centres))}
        if shades and not cell.shaded:  # a flat ground with a digit is no shaded look's cell
            unshaded = {k: p for k, p in presence.items() if not any(grounds[k].values())}
            presence = unshaded if max(unshaded.values(), default=0.0) >= 0.06 else presence
        scores = [(presence[k] - 0.004 * abs(cell.raised_grey - centres[k][0].raised), k) for k in presence]
        best = max(scores, default=(0.0, -1))
        tied = [k for k in presence if presence[k] >= max(presence.values(), default=0.0) - 0.05]
        away = {k: _away(cell, grounds[k], shades) for k in tied}
        nearest = sorted(tied, key=away.__getitem__)
        rims = sorted(tied, key=lambda k: _rim_distance(cell, centres[k][0]))
        if len(tied) > 1 and presence[tied[0]] >= 0.06 and _outlined_apart(centres[rims[0]][0], centres[rims[1]][0]):
            best = (presence[rims[0]], rims[0])  # looks told apart by their outlines: the cell's outline's
        elif len(tied) > 1 and presence[tied[0]] >= 0.06 and away[nearest[1]] - away[nearest[0]] >= 15:
            # looks of near colours (a dark theme's hidden and opened cells): the one the cell's colour is
            best = (presence[nearest[0]], nearest[0])
        elif len(tied) > 1 and presence[tied[0]] >= 0.06 and (flags[i] or ink_hue(cell.colours) is not None):
            # looks of one colour (classic tiles, raised or not): a flag stands on a raised tile, and so
            # does a red mark whose own border is raised as much as the most raised look's (a flag
            # without a pole); a coloured digit lies on a flat, opened one
            top = max(centres[k][0].raised for k in tied)
            on_tile = flags[i] or (_has_red(cell) and cell.raised_grey >= max(RAISED, 0.8 * top))
            pick = (max if on_tile else min)(tied, key=lambda k: centres[k][0].raised)
            best = (presence[pick], pick)
        if best[1] >= 0 and best[0] >= 0.06 and _own_ground(cell, centres[best[1]][0]):
            best = (0.0, -1)  # a small mark on a ground of its own colour, far from the look's: a look of its own
        if best[1] >= 0 and best[0] >= 0.06 and _outlined_apart(cell, centres[best[1]][0]):
            # outlined otherwise than the look: a tied look outlined as the cell is, or one of its own (a neon
            # look's opened cells, all with digits)
            alike = [k for k in tied if not _outlined_apart(cell, centres[k][0])
                     and abs(centres[k][0].raised) < RAISED and _rim_distance(cell, centres[k][0]) < RIM // 2]
            best = (presence[alike[0]], alike[0]) if alike else (0.0, -1)
        if best[1] >= 0 and best[0] >= 0.06:
            k = best[1]
            bg = cell.background  # the look's colour nearest the cell's (a see-through face's drifts)
            ground = min(grounds[k], key=lambda c: _rgb_distance(bg, c))
            if _rgb_distance(bg, ground) > 30:  # its ink was measured from a wrong background
                find_ink(cell, ground)
                glyphs[i] = glyph_features(cell.ink) if cell.ink_count else None
                flags[i] = _is_flag(cell, glyphs[i])
            else:
                cell.background = centres[k][0].background
            centres[k].append(cell)
            label[i] = k
        else:
            centres.append([cell])
            grounds.append({cell.background: False})
            label[i] = len(centres) - 1
    mirrored = [g is not None and _symmetric(cell, g) for cell, g in zip(cells, glyphs)]  # (each worked out once)
    mine = [g is not None and _is_mine(cell, g) for cell, g in zip(cells, glyphs)]
    shapes: Shapes = {}  # the glyphs' shapes already compared with the prototypes
    faces: dict[tuple[int, int], Glyph | None] = {}  # the glyph to name a digit by (a 3-D number's face) of cells
    # sampled alike (their samples and ink shared), or None where the glyph is its own

    def face(i: int) -> Glyph | None:
        """The glyph to name cell i's digit by (`face_glyph`), worked out once for cells sampled alike."""
        if (g := glyphs[i]) is None:
            return None
        key = (id(cells[i].pix), id(cells[i].ink))
        if key not in faces:
            found = face_glyph(cells[i], g, shapes)
            faces[key] = None if found is g else found
        return faces[key] or g

    digits_in = [0] * len(centres)
    blank_in = [0] * len(centres)
    for i, (k, g, f, m, b) in enumerate(zip(label, glyphs, flags, mirrored, mine)):
        if g is not None and not f and (not _mine_shaped(g, m) and not b or face(i) is not g):
            digits_in[k] += 1
        elif g is None:
            blank_in[k] += 1
    sizes = [len(m) for m in centres]
    # digits lie on opened cells, which are flat: a raised or shaded look's "digits" are marks on tiles (JPEG's
    # blocks on the bevels), so when a flat look shows digits, the opened look is one of the flat ones
    flat = [k for k in range(len(centres)) if centres[k][0].raised < RAISED and not any(grounds[k].values())]
    pool = flat if any(digits_in[k] for k in flat) else range(len(centres))
    opened = max(pool, key=lambda k: (digits_in[k], sizes[k] if len(centres) == 1 else 0))
    if digits_in[opened] == 0:
        opened = -1  # nothing opened shows a digit: treat every plain look as hidden unless raised
    others = [k for k in range(len(centres)) if k != opened]
    hidden = max(others, key=lambda k: blank_in[k] + 0.5 * sizes[k]) if others else -1
    if opened == -1 and hidden >= 0 and len(centres) > 1:
        # two plain looks and no digit: the raised one is hidden, a flat one would be opened zeros
        raised = max(range(len(centres)), key=lambda k: centres[k][0].raised)
        hidden = raised
        rest = [k for k in range(len(centres)) if k != hidden]
        opened = max(rest, key=lambda k: sizes[k])
    mine_like = {label[i] for i in range(len(cells)) if mine[i]}
    opens = {opened} | _more_opened(grid, label, centres, digits_in, blank_in, opened, hidden, mine_like,
                                   [g is None for g in glyphs], {k for k, g in enumerate(grounds) if any(g.values())})
    named = [face(i) if g is not None and label[i] in opens else g for i, g in enumerate(glyphs)]
    palette = _palette(cells, named, flags, label, opens, [m[0].background for m in centres], shapes)
    out: list[str] = []
    conf: list[float] = []
    ranked: dict[int, list[int]] = {}  # the digit cells' digits from the likeliest down
    faint: dict[int, bool] = {}  # `_faint` of the cells sampled alike
    marks: list[int] = []  # hidden cells with a mark that is neither a flag nor a mine (an overlay's?)
    for i, cell in enumerate(cells):
        k, g = label[i], glyphs[i]
        bonus = _margin(cell, centres, k)
        faced = named[i] is not g  # a blob of ink whose lighter or darker tones are a digit (a 3-D number)
        if (g is not None and mirrored[i] and not faced and (flags[i] or _has_red(cell) or k not in opens)
                and (luminance(cell.background) < 70 or mine[i] or (k in opens and _mine_shaped(g, mirrored[i])))):
            out.append(HIDDEN)  # a mine shown at the end of a game (or a mark in a ring: left to the user)
            conf.append(0.45)
        elif flags[i] and (k == hidden or k in opens or luminance(cell.background) > 80):  # not a shown mine's look
            out.append(FLAG)
            conf.append(min(1.0, 0.6 + bonus))
        elif k in opens and not (k != opened and g is not None and _own_flag(cell, g)):
            if g is None and _faint(cell, faint) and (dim := _faint_digit(cell, shapes)):
                out.append(str(dim[0]))  # a digit drawn faintly (a dim 4 on a dark look): by its shape, unsure
                conf.append(0.45)
                ranked[i] = dim
            elif g is None:
                out.append("0")
                conf.append(0.45 if _faint(cell, faint) else min(1.0, 0.55 + bonus))
            elif mine[i] and not faced:  # a dark round blob: a shown mine, or (not its own mirror image)
                out.append(HIDDEN)  # a bold digit whose colour was lost, for the user to check
                conf.append(0.6 if mirrored[i] else 0.4)
            else:
                digit, sure, ranked[i] = classify_digit(named[i] or g, cell.colours, shapes, palette,
                                                        centres[k][0].background)
                out.append(str(digit))
                conf.append(min(sure, 0.55 + bonus))
        elif k == hidden and g is not None and _mostly_red(cell) and _spiky(cell, g):  # a red mine shown at a loss
            out.append(HIDDEN)
            conf.append(0.45)
        elif k == hidden and g is not None and (_has_red(cell) or _flag_shape(cell, g)):  # a flag on a hidden cell
            out.append(FLAG)
            conf.append(min(1.0, 0.55 + bonus))
        elif k == hidden:
            out.append(HIDDEN)
            marked = _unlike(cell, centres[k][0]) if any(grounds[k].values()) else _faint(cell, faint)
            conf.append((0.45 if marked else min(1.0, 0.55 + bonus)) if g is None else 0.3)
            if g is not None:
                marks.append(i)
        elif g is not None and (_own_flag(cell, g) or hidden >= 0 and _flag_shape(cell, g)
                                and _colour_distance(centres[k][0], centres[hidden][0]) <= TWIN):
            # a flag on a look of its own: a red mark, or ink in a flag's shape (a shown mine is a dark cell, an
            # exploded one dark ink on red: both read as hidden); or in a flag's shape on a look of the hidden
            # look's colour (its twin with other borders: a lattice a little off the gaps)
            out.append(FLAG)
            conf.append(0.55)
        else:  # another look: an exploded mine, a wrong flag, a mark
            out.append(HIDDEN)
            conf.append(0.45 if g is not None else 0.35)  # not known for sure: for the user to check
    if not any(ch in "12345678" for ch in out) and not (
            hidden >= 0 and centres[hidden][0].raised >= RAISED and all(ch in (HIDDEN, FLAG) for ch in out)):
        # Every game in progress shows a number by its opened cells; a grid of squares without one is graph
        # paper, a chessboard, a table (or a new game of a flat skin, where there is nothing to read yet).
        # Only raised tiles, all hidden, are taken for a new game.
        raise BoardError("no board found in the image: a grid of squares without a number in it")
    wide = [i for i, ch in enumerate(out) if ch in "12345678" and (g := glyphs[i]) is not None
            and g.parts == 2 and g.aspect > 1.0]
    if len(wide) >= 3:  # numbers of two digits side by side: percentages drawn over the cells
        for i in wide:
            out[i], conf[i] = HIDDEN, 0.3
            ranked.pop(i, None)
        marks += wide
    numbers = [i for i, ch in enumerate(out) if ch in "12345678"]
    impossible = impossible_numbers(out, grid.rows, grid.cols)
    if impossible >= max(5, 0.3 * len(numbers)):
        # a few misread digits are left to the user; numbers that mostly cannot be where they are (more
        # than the hidden cells around them) are a table's, not a game's
        raise BoardError("no board found in the image: the numbers in the grid do not fit a Minesweeper game")
    part = _continues(width, height, data, pixels, grid, centres, seen, shapes)
    if part:  # a part of a board: nothing is sure
        conf = [min(c, 0.4) for c in conf]
    # digits no game can show where they are: an unsure one is replaced by a likelier one that can be shown
    # there, a sure one stays as read (a wrongly placed flag beside it is as likely); both are marked unsure
    # (a digit more than the cells around it, as an 8 on the board's side, is replaced however sure)
    unsure_digits = {i: ranked[i] for i in ranked
                     if conf[i] < threshold or int(out[i]) >= len(near(i, grid.rows, grid.cols))}
    for i in _repaired(out, unsure_digits, grid.rows, grid.cols) | inconsistent(out, grid.rows, grid.cols):
        conf[i] = min(conf[i], 0.4)
    left = None if part else read_counter(width, height, data, grid)  # the mines not flagged
    total = None if left is None else left + out.count(FLAG)
    if total is not None and total > sum(ch in (HIDDEN, FLAG) for ch in out):
        total = None  # more mines than unknown cells: not this board's counter
    board = Board(grid.rows, grid.cols, tuple(out), total)
    if total is not None and total_conflict(board) is not None:
        board = board.with_mines(None)  # a number the board cannot hold (a clock, a total not the mines left)
    return Reading(board, tuple(conf), grid, threshold, _overlay_note(out, marks))


OVERLAY_NOTE = ("many hidden cells carry marks (numbers or colours drawn over the board): is a probability overlay "
                "on, such as JSMinesweeper's \"Mine %\"? Turn it off and take the screenshot again")


def _overlay_note(out: list[str], marks: list[int]) -> str:
    """The note for the user when many hidden cells carry marks that are neither flags nor mines (numbers on
    hidden tiles, two-digit numbers): something is drawn over the board."""
    unknown = out.count(HIDDEN)
    return OVERLAY_NOTE if len(marks) >= max(5, 0.2 * unknown) else ""


def _repaired(cells: list[str], ranked: dict[int, list[int]], rows: int, cols: int) -> set[int]:
    """Each digit of `ranked` (the unsure ones) no game can show where it is (more than its hidden neighbours
    and flags, fewer than its flags) replaced by the likeliest of its next two that can be shown there: the
    cells changed (to be marked unsure)."""
    changed = set()
    for i, digits in ranked.items():
        unknown, flags = around(cells, i, rows, cols)
        if not flags <= int(cells[i]) <= len(unknown):
            cells[i] = str(next((d for d in digits[1:3] if flags <= d <= len(unknown)), digits[0]))
            changed.add(i)
    return changed


def _continues(width: int, height: int, data: bytes, pixels: memoryview, grid: Grid,
               centres: list[list[CellLook]], seen: Seen, shapes: Shapes) -> bool:
    """Whether the cells just outside the grid, on some side, look like the board's, or show digits: then the
    grid found is a part of the board, and its reading must not be offered as the board."""
    looks = [(members[0], _tolerance(members)) for members in centres if len(members) >= 3]
    sides = [[(-1, c) for c in range(grid.cols)], [(grid.rows, c) for c in range(grid.cols)],
             [(r, -1) for r in range(grid.rows)], [(r, grid.cols) for r in range(grid.rows)]]
    for side in sides:
        inside = [(r, c) for r, c in side
                  if grid.left + c * grid.pitch_x >= 0 and grid.left + (c + 1) * grid.pitch_x <= width
                  and grid.top + r * grid.pitch_y >= 0 and grid.top + (r + 1) * grid.pitch_y <= height]
        if len(inside) < max(2, 0.8 * len(side)):
            continue
        if (_outer_line(width, height, data, grid, side[0])
                and _mostly_alike(width, height, pixels, grid, inside, looks, seen)):
            return True
        if _mostly_digits(width, height, pixels, grid, inside, seen, shapes):
            return True  # numbers go on beyond it (opened cells of the page's colour, no line about the board)
    return False


def _mostly_digits(width: int, height: int, pixels: memoryview, grid: Grid, cells: list[Cell], seen: Seen,
                   shapes: Shapes) -> bool:
    """Whether most of these cells (DIGITS of them) hold ink shaped as a digit, fitting one well."""
    found = 0
    for r, c in cells:
        cell = sample_cell(width, height, pixels, grid, r, c, seen)
        glyph = glyph_features(cell.ink) if cell.ink_count else None
        found += glyph is not None and shape_fit(shape_distances(glyph, shapes))[0] <= WELL
    return found >= DIGITS * len(cells)


def _tolerance(members: list[CellLook]) -> float:
    """How far a cell's colour may be from a look's first cell's and still be of that look: as far as the
    look's own cells' are (gradients, JPEG), at least 24.  A look whose cells are all of one colour is
    matched closely: a dark page around a dark theme's board is not its opened cells."""
    return max(24.0, max(_colour_distance(cell, members[0]) for cell in members))


def _mostly_alike(width: int, height: int, pixels: memoryview, grid: Grid, cells: list[Cell],
                  looks: list[tuple[CellLook, float]], seen: Seen) -> bool:
    """Whether at least 70% of these cells look like one of the looks (near it, and its colour within the
    look's tolerance), sampling no more cells than it takes."""
    need = 0.7 * len(cells)
    alike = 0
    for k, (r, c) in enumerate(cells):
        if alike >= need or alike + len(cells) - k < need:
            break
        cell = sample_cell(width, height, pixels, grid, r, c, seen)
        alike += any(_distance(cell, look) <= 48 and _colour_distance(cell, look) <= tolerance
                     for look, tolerance in looks)
    return alike >= need


def _outer_line(width: int, height: int, data: bytes, grid: Grid, first: tuple[int, int]) -> bool:
    """Whether the far side of the row or column of cells starting at `first` (outside the grid)
    is an edge along most of its length, as a line between cells would be (a frame's padding or
    the page around the board has none there)."""
    r0, c0 = first
    vertical = c0 in (-1, grid.cols)  # a column of cells left or right of the grid
    if vertical:
        x = grid.left + (c0 + (0 if c0 < 0 else 1)) * grid.pitch_x
        points = [(int(x), int(grid.top + (k + 0.5) * grid.pitch_y / 4)) for k in range(grid.rows * 4)]
        step = (2, 0)
    else:
        y = grid.top + (r0 + (0 if r0 < 0 else 1)) * grid.pitch_y
        points = [(int(grid.left + (k + 0.5) * grid.pitch_x / 4), int(y)) for k in range(grid.cols * 4)]
        step = (0, 2)
    hits = total = 0
    for x, y in points:
        xa, ya, xb, yb = x - step[0], y - step[1], x + step[0], y + step[1]
        if not (0 <= xa and xb < width and 0 <= ya and yb < height):
            continue
        total += 1
        a, b = (ya * width + xa) * 4, (yb * width + xb) * 4
        hits += max(abs(data[a] - data[b]), abs(data[a + 1] - data[b + 1]), abs(data[a + 2] - data[b + 2])) >= 6
    return total > 0 and hits >= 0.5 * total


def _faint(cell: CellLook, known: dict[int, bool]) -> bool:
    """Whether a cell read without ink holds a faint mark: a part of the inner middle of the cell (3% to 40%;
    away from bevels and lines) of a colour off its background by more than noise but less than ink (a flag
    or a digit whose colour was lost, as in a grayscale copy), which must not pass for a plain cell.
    (`known`: the answers for the cells sampled alike, whose looks share their samples.)"""
    pix, rgb, bg = cell.pix, cell.rgb, cell.background
    if id(pix) in known:
        return known[id(pix)]
    n = len(pix)
    m = n * 3 // 20 + 2
    counts = Counter(chain.from_iterable(row[m:n - m] for row in pix[m:n - m]))
    total = sum(counts.values())
    faint = _faint_colours(counts, rgb, bg)
    off = sum(counts[p] for p in faint)
    answer = 0.03 * total <= off <= 0.4 * total
    if answer:  # a gradient (a tile lighter at its top) is no mark: its faint samples fill whole rows or columns
        # (but for a row or two where its shades meet)
        rows = [sum(map(faint.__contains__, row[m:n - m])) for row in pix[m:n - m]]
        columns = [sum(row[j] in faint for row in pix[m:n - m]) for j in range(m, n - m)]
        side = n - 2 * m
        answer = not any(sum(0.1 * side < k < 0.9 * side for k in line) <= max(2, side // 10)
                         for line in (rows, columns))
    if answer:  # nor is a frame the tile draws (Ace's inset face): its faint samples lie on rows and columns
        # they fill (a flag's pennant, a digit's curves do not)
        mask = [[p in faint for p in row[m:n - m]] for row in pix[m:n - m]]
        full_rows = {i for i, k in enumerate(rows) if k >= 0.6 * side}
        full_columns = {j for j, k in enumerate(columns) if k >= 0.6 * side}
        on_lines = sum(on and (i in full_rows or j in full_columns)
                       for i, row in enumerate(mask) for j, on in enumerate(row))
        answer = not (full_rows and full_columns and on_lines >= 0.9 * off)
    known[id(pix)] = answer
    return answer


def _faint_colours(colours: Iterable[int], rgb: dict[int, Rgb], bg: Rgb) -> set[int]:
    """The packed colours among these off the background `bg` by more than noise (FAINT) but less than ink."""
    return {p for p in colours if p in rgb and FAINT <= max(abs(a - b) for a, b in zip(rgb[p], bg)) < INK}


def _faint_digit(cell: CellLook, shapes: Shapes) -> list[int]:
    """The digits a faint mark on an opened cell (see `_faint`) may be drawn as, from the likeliest down, when
    its shape fits one well and no other nearly as well (a digit drawn in a colour near its ground's); else
    none."""
    n = len(cell.pix)
    m = n * 3 // 20
    faint = _faint_colours(set(chain.from_iterable(cell.pix)), cell.rgb, cell.background)
    mask = [bytes(i >= m and i < n - m and m <= j < n - m and p in faint for j, p in enumerate(row))
            for i, row in enumerate(cell.pix)]
    glyph = glyph_features(mask)
    if glyph is None:
        return []
    distances = shape_distances(glyph, shapes)
    fit, margin = shape_fit(distances)
    return sorted(distances, key=distances.__getitem__) if fit <= WELL and margin >= MARGIN else []


def _unlike(cell: CellLook, look: CellLook) -> bool:
    """Whether a cell of a shaded look (a gradient, where `_faint` would take the shading for a mark) holds a
    faint mark: 3% or more of its inner middle off the look's first cell's at the same place (every other
    sample), by more than noise."""
    if cell.pix is look.pix:
        return False
    n = len(cell.pix)
    if len(look.pix) != n:
        return True
    m = n * 3 // 20 + 2
    off = total = 0
    for row, other in zip(cell.pix[m:n - m:2], look.pix[m:n - m:2]):
        for p, q in zip(row[m:n - m:2], other[m:n - m:2]):
            total += 1
            if p != q:
                a, b = cell.rgb[p], look.rgb[q]
                off += max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2])) >= FAINT
    return off >= 0.03 * total


def _margin(cell: CellLook, centres: list[list[CellLook]], k: int) -> float:
    """How much nearer the cell is to its own look than to any other, as a bonus in [0, 0.45]."""
    own = _distance(cell, centres[k][0])
    other = min((_distance(cell, m[0]) for j, m in enumerate(centres) if j != k), default=999.0)
    return max(0.0, min(0.45, (other - own) / 200))
