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

import functools
import gc
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain

from minesat.board import FLAG, HIDDEN, Board, BoardError, Cell
from minesat.counting.totals import total_conflict
from minesat.image import looks
from minesat.image.cells import INK, CellLook, Rgb, Seen, find_ink, luminance, packed_pixels, sample_cell
from minesat.image.consistency import around, impossible_numbers, inconsistent, near
from minesat.image.counter import read_counter
from minesat.image.digits import Palette, classify_digit, hue_distance, ink_hue, own_hues
from minesat.image.extent import continues
from minesat.image.glyphs import WELL, Glyph, Shapes, face_glyph, glyph_features, shape_distances, shape_fit
from minesat.image.grid import Grid, find_grid
from minesat.image.looks import RAISED, RIM, TWIN
from minesat.image.marks import (
    flag_shape,
    has_red,
    is_flag,
    is_mine,
    mine_shaped,
    mostly_red,
    own_flag,
    spiky,
    symmetric,
)
from minesat.image.textboard import read_text_board
from minesat.image.texture import smoothed, stippled, texture_period

__all__ = ["THRESHOLD", "Grid", "Reading", "find_grid", "read_image"]

THRESHOLD = 0.5  # a board is offered as sure when every cell's confidence is at least this
FAINT = 20  # a channel this far from a cell's background (and less than INK) is a faint mark
DRIFT = 96  # how far a see-through face's colour drifts across the board (KMines' over its picture)
MARGIN = 0.05  # a faint mark's shape nearer one digit than any other by this is that digit (see `_faint_digit`)
UNLIKE = 0.22  # a glyph this far from every digit's shape fits none (see the numbers' check in `_read`)
ZEROS = 3  # cells whose shapes fit a 0 well: an image that draws a 0 on empty cells (see `_palette`)
NEAR, FAR = 15, 60  # a cell's ground this near a look's, and this far from another's (see the looks of cells with ink)
DARK = 60  # ink this dark (mean luminance) and grey on a raised tile, of no digit's shape, is a flag (see `_read`)
SHADES = 20  # lightnesses of one hue's digits this far apart at a gap between them: two shades (see `_palette`)
ONE_HUE = 20  # degrees: digits whose hues are all this near the first's are of one hue (see `_palette`)
SHADED_DIGITS = 2  # a shaded look with this many times the well-shaped digits of every flat look is opened


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
    keycaps = blank_in[opened] == 0  # (unless every opened cell shows a digit, on a badge: the empty cells are
    # another look, a dark one in a dark theme, whose plain cells are looked at below)
    flat = [k for k in range(len(centres)) if k not in (opened, hidden) and k not in mine_like | shaded
            and centres[k][0].raised < RAISED
            and (luminance(centres[k][0].background) >= light or keycaps and digits_in[k] == 0)]
    more = {k for k in flat if digits_in[k] >= 1 and blank_in[k] == 0}
    # the opened look drawn with other borders (lines left by the hidden cells beside it): its colour (or a
    # see-through face's, drifting), and digits (and the mines shown at a loss, when they are drawn on opened
    # cells)
    more |= {k for k in range(len(centres)) if k not in (opened, hidden) and k not in shaded
             and centres[k][0].raised < RAISED
             and digits_in[k] >= max(2, blank_in[k] // 4)
             and looks.colour_distance(centres[k][0], centres[opened][0]) <= (DRIFT if shaded else 15)}
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
        drifts = bool(shaded) and digits_in[k] > 0 and looks.colour_distance(centres[k][0], centres[opened][0]) <= DRIFT
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
    seen: list[tuple[float, float, int, float]] = []  # each coloured digit's hue, lightness, the digit of its shape
    # and how near it is
    inks: list[tuple[float | None, int, float]] = []  # each digit's hue (None: grey), the digit of its shape, how near
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
        hsl = ink_hue(cell.colours, backgrounds[k])
        if hsl is not None:
            seen.append((hsl[0], hsl[2], digit, distances[digit]))
        inks.append((None if hsl is None else hsl[0], digit, distances[digit]))

    def classic(hues: tuple[float, float], bright_digit: int, dark_digit: int) -> tuple[bool, float]:
        lo, hi = hues
        shades = [(light, d) for hue, light, d, _ in seen if (lo <= hue < hi if lo < hi else hue >= lo or hue < hi)]
        split, low = 90.0, 80.0  # the classic palette's: a bright shade, a dark one
        lights = sorted(light for light, _ in shades)
        if not (lights and lights[0] < low and lights[-1] >= split):  # else two shades both bright (or dark)?
            gap, middle = max(((b - a, (a + b) / 2) for a, b in zip(lights, lights[1:])), default=(0.0, 0.0))
            if gap >= SHADES:
                split = low = middle
        bright = [d for light, d in shades if light >= split]
        dark = [d for light, d in shades if light < low]
        return (bool(bright) and bool(dark) and bright.count(dark_digit) <= bright.count(bright_digit)
                and dark.count(bright_digit) <= dark.count(dark_digit)), split

    one_hue = len(shaped) >= 3 and all(hue_distance(hue, seen[0][0]) <= ONE_HUE for hue, _, _, _ in seen)  # (or none)
    (reds, red_split), (blues, blue_split) = classic((340, 10), 3, 5), classic((225, 250.01), 1, 4)
    own = own_hues(inks)
    return Palette(reds, blues, not one_hue, zeros >= ZEROS, red_split, blue_split, own)


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
    flags = [is_flag(cell, g) for cell, g in zip(cells, glyphs)]
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
            if (looks.distance(cell, members[0]) <= looks.apart(cell, members[0])
                    and not (shades and looks.split(cell, members[0])) and not looks.outlined_apart(cell, members[0])):
                members.append(cell)
                label[i] = k
                break
        else:
            centres.append([cell])
            label[i] = len(centres) - 1
    shapes: Shapes = {}  # the glyphs' shapes already compared with the prototypes
    looks.parted(cells, label, centres, grid.cols)
    looks.edged(cells, label, centres, grid.cols)
    centres, grounds = looks.linked(grid, cells, label, centres, shades)
    shades = any(any(g.values()) for g in grounds)  # a shaded look: a flat ground with a digit is none of its
    for i, cell in enumerate(cells):
        if label[i] >= 0:
            continue
        # a cell with ink belongs to the look whose background covers most of it (a big digit may
        # cover more than its background): same colour, then the same border
        presence = {k: looks.presence(cell, grounds[k]) for k in range(len(centres))}
        if shades and not cell.shaded:  # a flat ground with a digit is no shaded look's cell
            unshaded = {k: p for k, p in presence.items() if not any(grounds[k].values())}
            presence = unshaded if max(unshaded.values(), default=0.0) >= 0.06 else presence
        scores = [(presence[k] - 0.004 * abs(cell.raised_grey - centres[k][0].raised), k) for k in presence]
        best = max(scores, default=(0.0, -1))
        most = max(presence, key=presence.__getitem__, default=-1)
        if (best[1] != most and looks.away(cell, grounds[most], shades) <= NEAR
                and looks.away(cell, grounds[best[1]], shades) >= FAR):
            # of the colour of the look it lies most on, but not raised as it is (a mine shown flat on a tile's
            # colour at a loss): no other look of another colour, a look of its own
            best = (0.0, -1)
        tied = [k for k in presence if presence[k] >= max(presence.values(), default=0.0) - 0.05]
        away = {k: looks.away(cell, grounds[k], shades) for k in tied}
        nearest = sorted(tied, key=away.__getitem__)
        rims = sorted(tied, key=lambda k: looks.rim_distance(cell, centres[k][0]))
        if (len(tied) > 1 and presence[tied[0]] >= 0.06
                and looks.outlined_apart(centres[rims[0]][0], centres[rims[1]][0])):
            best = (presence[rims[0]], rims[0])  # looks told apart by their outlines: the cell's outline's
        elif len(tied) > 1 and presence[tied[0]] >= 0.06 and away[nearest[1]] - away[nearest[0]] >= 15:
            # looks of near colours (a dark theme's hidden and opened cells): the one the cell's colour is
            best = (presence[nearest[0]], nearest[0])
        elif len(tied) > 1 and presence[tied[0]] >= 0.06 and (flags[i] or ink_hue(cell.colours) is not None):
            # looks of one colour (classic tiles, raised or not): a flag stands on a raised tile, and so
            # does a red mark whose own border is raised as much as the most raised look's (a flag
            # without a pole); a coloured digit lies on a flat, opened one
            top = max(centres[k][0].raised for k in tied)
            # (or ink of no digit's shape on a border so raised: a mouse pointer over a tile)
            g = glyphs[i]
            on_tile = flags[i] or cell.raised_grey >= max(RAISED, 0.8 * top) and (
                has_red(cell) or g is not None and shape_fit(shape_distances(g, shapes))[0] > UNLIKE)
            pick = (max if on_tile else min)(tied, key=lambda k: centres[k][0].raised)
            best = (presence[pick], pick)
        if best[1] >= 0 and best[0] >= 0.06 and looks.own_ground(cell, centres[best[1]][0]):
            best = (0.0, -1)  # a small mark on a ground of its own colour, far from the look's: a look of its own
        if best[1] >= 0 and best[0] >= 0.06 and looks.outlined_apart(cell, centres[best[1]][0]):
            # outlined otherwise than the look: a tied look outlined as the cell is, or one of its own (a neon
            # look's opened cells, all with digits)
            alike = [k for k in tied if not looks.outlined_apart(cell, centres[k][0])
                     and abs(centres[k][0].raised) < RAISED and looks.rim_distance(cell, centres[k][0]) < RIM // 2]
            best = (presence[alike[0]], alike[0]) if alike else (0.0, -1)
        if best[1] >= 0 and best[0] >= 0.06:
            k = best[1]
            bg = cell.background  # the look's colour nearest the cell's (a see-through face's drifts)
            ground = min(grounds[k], key=lambda c: looks.rgb_distance(bg, c))
            if looks.rgb_distance(bg, ground) > 30:  # its ink was measured from a wrong background
                find_ink(cell, ground)
                glyphs[i] = glyph_features(cell.ink) if cell.ink_count else None
                flags[i] = is_flag(cell, glyphs[i])
            else:
                cell.background = centres[k][0].background
            centres[k].append(cell)
            label[i] = k
        else:
            centres.append([cell])
            grounds.append({cell.background: False})
            label[i] = len(centres) - 1
    mirrored = [g is not None and symmetric(cell, g) for cell, g in zip(cells, glyphs)]  # (each worked out once)
    mine = [g is not None and is_mine(cell, g) for cell, g in zip(cells, glyphs)]
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
    shaped_in = [0] * len(centres)  # the digits whose shapes fit a digit's well
    # red marks in a flag's shape (whatever their pole's colour: an emoji flag's is pale)
    red_flag = [g is not None and has_red(cell) and flag_shape(cell, g) for cell, g in zip(cells, glyphs)]
    for i, (k, g, f, m, b) in enumerate(zip(label, glyphs, flags, mirrored, mine)):
        f = f or red_flag[i]
        if g is not None and not f and (not mine_shaped(g, m) and not b or face(i) is not g):
            digits_in[k] += 1
            shaped_in[k] += shape_fit(shape_distances(face(i) or g, shapes))[0] <= WELL
        elif g is None:
            blank_in[k] += 1
    sizes = [len(m) for m in centres]
    # digits lie on opened cells, which are flat: a raised or shaded look's "digits" are marks on tiles (JPEG's
    # blocks on the bevels), so when a flat look shows digits, the opened look is one of the flat ones; unless
    # a shaded look shows well-shaped digits, twice as many as any flat look (opened cells drawn with a gradient)
    flat = [k for k in range(len(centres)) if centres[k][0].raised < RAISED and not any(grounds[k].values())]
    clear = any(digits_in[k] for k in flat) and SHADED_DIGITS * max(shaped_in[k] for k in flat) >= max(shaped_in)
    pool = flat if clear else range(len(centres))
    opened = max(pool, key=lambda k: (digits_in[k], sizes[k] if len(centres) == 1 else 0))
    if digits_in[opened] == 0:
        opened = -1  # nothing opened shows a digit: treat every plain look as hidden unless raised
    others = [k for k in range(len(centres)) if k != opened]
    hidden = max(others, key=lambda k: blank_in[k] + 0.5 * sizes[k]) if others else -1
    tiles = [k for k in others if centres[k][0].raised >= RAISED and blank_in[k]
             and opened >= 0 and looks.colour_distance(centres[k][0], centres[opened][0]) > TWIN]
    if (opened >= 0 <= hidden and tiles and max(centres[hidden][0].raised, centres[opened][0].raised) < RAISED
            and looks.colour_distance(centres[hidden][0], centres[opened][0]) <= TWIN):
        # raised tiles of a colour of their own, and flat cells of the opened cells' colour: the tiles are the
        # hidden cells (the flat cells a look of opened ones, outlined otherwise)
        hidden = max(tiles, key=lambda k: blank_in[k] + 0.5 * sizes[k])
    bare = [k for k in others if blank_in[k] and not digits_in[k]]
    if (opened >= 0 and blank_in[opened] == 0 and len(bare) >= 2
            and looks.outlined_apart(centres[bare[0]][0], centres[bare[1]][0])):
        # every opened cell shows a digit (on a badge), and two plain looks told apart by their outlines: the empty
        # cells and the hidden ones, the hidden ones drawn with the outline further from their face (a tile's)
        hidden = max(bare, key=lambda k: looks.rgb_distance(centres[k][0].rim, centres[k][0].background))
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
    @functools.cache
    def colourless() -> bool:
        """Whether no ink in the image has a hue: a board drawn in black and white."""
        return all(ink_hue(cell.colours) is None for cell, g in zip(cells, glyphs) if g is not None)

    def shaped(i: int) -> int | None:
        """The digit cell i's ink fits well by its shape, if any."""
        if (g := named[i] or glyphs[i]) is None:
            return None
        distances = shape_distances(g, shapes)
        return min(distances, key=distances.__getitem__) if shape_fit(distances)[0] <= WELL else None

    # the digits read by their shapes on the opened look: red ink of one of these shapes on a look of its own (an
    # opened cell's twin, its outline darkened by a JPEG's hidden neighbour) is that digit, a red 3, not a flag
    on_opened = {d for i in range(len(cells)) if label[i] == opened and not flags[i] and not red_flag[i]
                 and not mine[i] and (d := shaped(i)) is not None}

    def twin_digit(i: int) -> bool:
        """Red ink on a look other than the opened one that is shaped as a digit the opened look shows."""
        g = glyphs[i]
        return g is not None and not flag_shape(cells[i], g) and shaped(i) in on_opened

    out: list[str] = []
    conf: list[float] = []
    ranked: dict[int, list[int]] = {}  # the digit cells' digits from the likeliest down
    faint: dict[int, bool] = {}  # `_faint` of the cells sampled alike
    marks: list[int] = []  # hidden cells with a mark that is neither a flag nor a mine (an overlay's?)
    for i, cell in enumerate(cells):
        k, g = label[i], glyphs[i]
        bonus = looks.margin(cell, centres, k)
        faced = named[i] is not g  # a blob of ink whose lighter or darker tones are a digit (a 3-D number)
        if (g is not None and mirrored[i] and not faced and (flags[i] or has_red(cell) or k not in opens)
                and (luminance(cell.background) < 70 or mine[i] or (k in opens and mine_shaped(g, mirrored[i])))):
            out.append(HIDDEN)  # a mine shown at the end of a game (or a mark in a ring: left to the user)
            conf.append(0.45)
        elif flags[i] and (k == hidden or k in opens or luminance(cell.background) > 80):  # not a shown mine's look
            out.append(FLAG)
            conf.append(min(1.0, 0.6 + bonus))
        elif k in opens and not (k != opened and g is not None and (own_flag(cell, g) or red_flag[i])
                                 and not twin_digit(i)):
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
        elif k == hidden and g is not None and mostly_red(cell) and spiky(cell, g):  # a red mine shown at a loss
            out.append(HIDDEN)
            conf.append(0.45)
        elif k == hidden and g is not None and (has_red(cell) or flag_shape(cell, g)):  # a flag on a hidden cell
            out.append(FLAG)
            conf.append(min(1.0, 0.55 + bonus))
        elif (k == hidden and g is not None and not mirrored[i] and not mine[i] and centres[k][0].raised >= RAISED
              and luminance(_mean(cell.colours)) < DARK and colourless()
              and min(shape_distances(g, shapes).values()) > UNLIKE):
            # dark ink of no digit's or mine's shape on a raised tile, in a board drawn without colour (black and
            # white): a flag (a shown mine on a tile is a round blob; where digits have colours, flags do too)
            out.append(FLAG)
            conf.append(0.45)
        elif k == hidden:
            out.append(HIDDEN)
            marked = _unlike(cell, centres[k][0]) if any(grounds[k].values()) else _faint(cell, faint)
            conf.append((0.45 if marked else min(1.0, 0.55 + bonus)) if g is None else 0.3)
            if g is not None:
                marks.append(i)
        elif g is not None and not twin_digit(i) and (
                own_flag(cell, g) or k in opens and red_flag[i] or hidden >= 0 and flag_shape(cell, g)
                and looks.colour_distance(centres[k][0], centres[hidden][0]) <= TWIN):
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
        # glyphs that fit no digit well, read as digits by their colour: a lost game's mines drawn as cogs?
        unlike = {i for i in numbers if (g := named[i] or glyphs[i]) is not None
                  and min(shape_distances(g, shapes).values()) > UNLIKE}
        trial = [HIDDEN if i in unlike else ch for i, ch in enumerate(out)]
        if unlike and 4 * impossible_numbers(trial, grid.rows, grid.cols) <= impossible:
            for i in unlike:  # they are marks, for the user to check
                out[i], conf[i] = HIDDEN, 0.4
                ranked.pop(i, None)
            numbers = [i for i, ch in enumerate(out) if ch in "12345678"]
            impossible = impossible_numbers(out, grid.rows, grid.cols)
    if impossible >= max(5, 0.3 * len(numbers)):
        # a few misread digits are left to the user; numbers that mostly cannot be where they are (more
        # than the hidden cells around them) are a table's, not a game's
        raise BoardError("no board found in the image: the numbers in the grid do not fit a Minesweeper game")
    part = continues(width, height, data, pixels, grid, centres, seen, shapes)
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


def _mean(colours: list[Rgb]) -> Rgb:
    """The mean of these colours."""
    n = max(1, len(colours))
    return (sum(c[0] for c in colours) // n, sum(c[1] for c in colours) // n, sum(c[2] for c in colours) // n)


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
