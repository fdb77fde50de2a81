"""Cells grouped into looks: how far apart two cells' looks are, and when they are one look.

Glossary: a **look** is a group of cells alike without their ink (colour, raised border, outline, shading):
the reader names one look "opened", one "hidden" (`minesat.image.reader`); a look's **grounds** are the
colours of the looks joined in it (`linked`: a see-through face whose colour drifts across the board), each
shaded or not; two cells' looks are **apart** when their colours differ by more than `apart` allows; a
**raised** look (a tile) is lighter at its top and left by `RAISED` or more.
"""

from __future__ import annotations

from minesat.image.cells import RAISED, CellLook, Rgb, edge_raised, luminance
from minesat.image.grid import Grid

RIM = 100  # plain cells alike in their middles, their outlines this far apart in colour: two looks (a neon look)
TWIN = 6  # a look this near another in colour is of its colour (the naming of flags; `edged`)
OUTLINED = 3  # outlines this many times RIM apart: two looks though their middles differ by a few shades
LINK = 16  # plain side neighbours this near in colour (less when dark, as `apart`; alike in border and shading)
# are of one look
FLAT = 5  # a plain cell this little raised (or sunken) is flat (see `parted`)


def presence(cell: CellLook, colours: Rgb | dict[Rgb, bool]) -> float:
    """The share of the middle of the cell that is of about this colour (or one of a look's grounds, `linked`)."""
    levels = [(c[0] >> 4, c[1] >> 4, c[2] >> 4) for c in (colours if isinstance(colours, dict) else (colours,))]
    near = sum(n for (x, y, z), n in cell.palette.items()
               if any(abs(x - r) <= 1 and abs(y - g) <= 1 and abs(z - b) <= 1 for r, g, b in levels))
    return near / max(1, sum(cell.palette.values()))


def away(cell: CellLook, grounds: dict[Rgb, bool], shades: bool) -> float:
    """How far a cell's ground is from the nearest of a look's (`linked`'s grounds): its colour, and (where the
    image shows a shaded look, `shades`) a flat ground from a shaded one (a shaded ground may be a JPEG's noise
    about a digit)."""
    flat = shades and not cell.shaded
    return min(rgb_distance(cell.background, c) + (100 if flat and shaded else 0) for c, shaded in grounds.items())


def rgb_distance(a: Rgb, b: Rgb) -> int:
    """How far apart two colours are: the sum of their channels' differences."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])


def colour_distance(a: CellLook, b: CellLook) -> float:
    return rgb_distance(a.background, b.background)


def distance(a: CellLook, b: CellLook) -> float:
    """How far apart two plain cells' looks are: their colours, and how raised their borders are (less so
    between two clearly raised tiles: how much of a bevel a cell's samples hold varies with the scaling)."""
    both = a.raised >= 2 * RAISED and b.raised >= 2 * RAISED
    return rgb_distance(a.background, b.background) + (0.25 if both else 1.0) * abs(a.raised - b.raised)


def _spread(group: list[int], cols: int) -> bool:
    """Whether cells (indices into a board of `cols` columns) lie on two rows and two columns at least."""
    return len({i // cols for i in group}) >= 2 and len({i % cols for i in group}) >= 2


def parted(cells: list[CellLook], label: list[int], centres: list[list[CellLook]], cols: int) -> None:
    """Each look whose plain cells are of two kinds, raised tiles (RAISED or more) and flat cells (raised by FLAT or
    less either way), with none between, split in two (in place: `centres` and the cells' `label`): a classic tile
    and an opened cell of one grey, the tile's thin bevels on a big cell (two pixels of 24 to 96) raising it less
    than `apart` allows between the two.  Each kind must lie on two rows and two columns at least (`cols` a row):
    a column of squares all sampled across their rounded sides is raised by the lattice's place, not a look."""

    for k in range(len(centres)):
        members = [i for i, j in enumerate(label) if j == k]
        tiles = [i for i in members if cells[i].raised >= RAISED]
        flat = [i for i in members if abs(cells[i].raised) <= FLAT]
        if len(tiles) + len(flat) == len(members) and _spread(tiles, cols) and _spread(flat, cols):
            centres[k] = [cells[i] for i in tiles]
            centres.append([cells[i] for i in flat])
            for i in flat:
                label[i] = len(centres) - 1


def edged(cells: list[CellLook], label: list[int], centres: list[list[CellLook]], cols: int) -> None:
    """The cells of a flat look raised by a thin bevel at their very edge (`edge_raised`: a big cell's bevels of a
    pixel or two, missed where `raised` is measured), on two rows and two columns at least and with the others
    so, taken out of it as raised tiles (in place, their `raised` set to the edge's): into a raised look of its
    colour, or a look of their own where the plain cells are all of one look.  The hidden squares of a look whose
    opened and hidden cells are of one colour (the jQuery clone's pale green)."""

    alone = len(centres) == 1
    for k in range(len(centres)):
        if abs(centres[k][0].raised) >= RAISED and not alone:
            continue
        into = [j for j in range(len(centres)) if centres[j][0].raised >= RAISED
                and colour_distance(centres[j][0], centres[k][0]) <= TWIN and j != k]
        if not into and not alone:
            continue
        members = [i for i, j in enumerate(label) if j == k]
        edges = {i: edge_raised(cells[i]) for i in members}
        if not (alone or _spread([i for i in members if edges[i] >= RAISED], cols)):
            continue  # (beside a raised look, only a look some of whose cells show a bevel at their edge)
        raised = {i: max(cells[i].raised, edges[i]) for i in members}  # (then raised either way)
        tiles = [i for i in members if raised[i] >= RAISED]
        rest = [i for i in members if raised[i] < RAISED]
        if not (_spread(tiles, cols) and _spread(rest, cols)):
            continue
        if not into:
            centres.append([])
        target = into[0] if into else len(centres) - 1
        for i in tiles:
            cells[i].raised = cells[i].raised_grey = raised[i]
            label[i] = target
            centres[target].append(cells[i])
        centres[k] = [cells[i] for i in rest]


def rim_distance(a: CellLook, b: CellLook) -> int:
    return rgb_distance(a.rim, b.rim)


def outlined_apart(a: CellLook, b: CellLook) -> bool:
    """Whether two flat plain cells of one colour are of two looks by their outlines' colours (a neon look's; a
    thick dark outline about a hidden square and a faint line about an opened one, their middles white and a
    shade off white: outlines further apart, colours a little further apart too)."""
    rims = rim_distance(a, b)
    return (abs(a.raised) < RAISED and abs(b.raised) < RAISED and rims >= RIM
            and colour_distance(a, b) <= (12 if rims < OUTLINED * RIM else 36))


def split(a: CellLook, b: CellLook) -> bool:
    """Whether two plain cells are a flat face and a shaded one (a gradient: KMines' hidden squares)."""
    return max(a.even, b.even) >= 0.9 and (a.shaded or b.shaded)


def linked(grid: Grid, cells: list[CellLook], label: list[int], centres: list[list[CellLook]], shades: bool
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
                    not split(cells[i], cells[j]) and abs(cells[i].raised - cells[j].raised) < RAISED
                    and colour_distance(cells[i], cells[j]) <= LINK * apart(cells[i], cells[j]) / 48):
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


def own_ground(cell: CellLook, look: CellLook) -> bool:
    """Whether a cell with ink lies on a ground of its own, not the look's: its colour far from the look's
    (coarse presence counts a light grey as white) and covering most of the cell, the ink a small mark on it
    (not a big digit that hides its ground, whose colour was then taken for the ground's)."""
    return (colour_distance(cell, look) > max(30.0, apart(cell, look)) and presence(cell, cell.background) >= 0.6
            and cell.ink_count <= 0.25 * len(cell.pix) ** 2)  # (a quarter of its samples, however many)


def apart(a: CellLook, b: CellLook) -> float:
    """How far apart two plain cells' looks may be and still be one look: 48, less between dark colours (a
    dark theme's hidden and opened cells differ by a few shades of slate)."""
    return min(48.0, 10 + 0.45 * min(luminance(a.background), luminance(b.background)))



def tolerance(members: list[CellLook]) -> float:
    """How far a cell's colour may be from a look's first cell's and still be of that look: as far as the
    look's own cells' are (gradients, JPEG), at least 24.  A look whose cells are all of one colour is
    matched closely: a dark page around a dark theme's board is not its opened cells."""
    return max(24.0, max(colour_distance(cell, members[0]) for cell in members))



def margin(cell: CellLook, centres: list[list[CellLook]], k: int) -> float:
    """How much nearer the cell is to its own look than to any other, as a bonus in [0, 0.45]."""
    own = distance(cell, centres[k][0])
    other = min((distance(cell, m[0]) for j, m in enumerate(centres) if j != k), default=999.0)
    return max(0.0, min(0.45, (other - own) / 200))
