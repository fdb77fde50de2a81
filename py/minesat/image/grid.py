"""Finding a Minesweeper board's grid in a screenshot: the cell size, the origin and the number of cells.

Cell boundaries are long straight edges: in the classic look the bevels of raised tiles and the grid
lines of opened ones, in flat skins the gaps between tiles or the alternation of a checkerboard.
Columns of the image where an edge runs for a long way are found on a sample of rows (rows of the
image on a sample of columns), and the longest evenly spaced family of them gives the cell size, the
origin and the number of cells.  The grid of the best family is grown to the whole board (its lines
beyond, a frame beyond cells too faint to see), then fitted onto the cells by `minesat.image.fitting`.
`find_grid` gives a `Grid` (of `minesat.image.lattice`; importable from here too).  Pure Python (no numpy),
for Pyodide too.
"""

from __future__ import annotations

import math
from statistics import median_high

from minesat.board import BoardError
from minesat.image.edges import (
    BANDS,
    BROKEN,
    CROSSED,
    EXACT,
    SPLIT,
    Edges,
    Line,
    coverage,
    crossings,
    edge_share,
    edges_along,
    long_runs,
    support,
    widened,
)
from minesat.image.fitting import best_phase, fitted
from minesat.image.lattice import Grid

MIN_PITCH, MAX_PITCH = 10, 200  # pixels per cell
MIN_CELLS = 2  # per side
Family = tuple[float, float, int, list[Line]]  # evenly spaced lines: the first's place, the pitch, how many, they
FINER = 0.2  # a lattice's lines crossing edges on this much more of the sampled lines than a finer one's: maybe no
# part of it (squares shaded all over have edges everywhere), taken where no grid is found
CONTRAST = 0.05  # a lattice of sharp edges crosses edges on this much more of the sampled lines at its lines
# than through the cells' middles, at least (in each direction; see `_best_candidate`)
ASQUARE = 1.08  # cells less oblong than this are taken as square (not from two families of other passes)
OBLONG = 1.25  # cells this much taller than wide (or wider than tall) at most (inline tiles on lines of text)
SKIPPED = 0.5  # a family's line missed counts against it so much, where most are (see `_progression`)
FEW = 64  # a grid of fewer cells than a beginner's board found on sharp edges: the split edges looked at too
LONG = 6  # lines in each direction's family, at least, for cells found not square (see `_grid_from`, `_oblong`)
OUTER = 0.6  # a board's outer line has edges along this share of its length at least (an LED counter's segments
# about half of it)
FRAME = 0.95  # a frame around the board has edges along this share of its length at least


def _progression(lines: list[Line]) -> Family:
    """The longest evenly spaced family of lines with a common extent: (first, pitch, count, members)."""
    best: Family = (0.0, 0.0, 0, [])
    best_score = 0.0
    n = len(lines)
    positions = [line.pos for line in lines]
    for i in range(n):
        a = lines[i]
        for j in range(i + 1, n):
            pitch = positions[j] - positions[i]
            if pitch < MIN_PITCH:
                continue
            if pitch > MAX_PITCH:
                break
            members = [a]
            last = lines[j]
            if not _same_extent(a, last):
                continue
            members.append(last)
            k = j
            est = pitch
            skips = 0
            while True:
                if len(members) > 2:
                    est = (members[-1].pos - members[0].pos) / round((members[-1].pos - members[0].pos) / est)
                tol = max(1.6, est * 0.06)
                found = None
                for skip in (1, 2):  # a line may be missing (two equal cells side by side, JPEG)
                    want = members[-1].pos + skip * est
                    for cand in range(k + 1, n):
                        if positions[cand] > want + tol:
                            break
                        if abs(positions[cand] - want) <= tol and _same_extent(a, lines[cand]):
                            found, k = lines[cand], cand
                    if found is not None:
                        break
                if found is None:
                    break
                members.append(found)
                skips += skip - 1
            if len(members) < MIN_CELLS + 1:
                continue
            # where most lines in between are missed, each costs half a line found: half a cell's pitch, every
            # other line missed, is no family of more lines than the cells' own (a few lines through the cells'
            # middles taken in); a few missed (equal cells side by side) cost nothing
            missed = SKIPPED * skips if skips > len(members) / 2 else 0.0
            score = len(members) - missed + sum(m.weight for m in members) / (1e6)
            if score > best_score:
                pitch = (members[-1].pos - members[0].pos) / round((members[-1].pos - members[0].pos) / est)
                best_score, best = score, (members[0].pos, pitch, len(members), members)
    return best


def _with_pitch(lines: list[Line], pitch: float) -> Family:
    """The most lines of a common extent on one lattice of the given pitch."""
    best: Family = (0.0, pitch, 0, [])
    tol = max(1.6, pitch * 0.08)
    for a in lines:
        members = [b for b in lines if _same_extent(a, b)
                   and abs((b.pos - a.pos) - round((b.pos - a.pos) / pitch) * pitch) <= tol]
        if len(members) > best[2]:
            best = (min(m.pos for m in members), pitch, len(members), members)
    return best


def _same_extent(a: Line, b: Line) -> bool:
    span = max(a.end - a.start, b.end - b.start, 1)
    return abs(a.start - b.start) <= 0.15 * span + 4 and abs(a.end - b.end) <= 0.15 * span + 4


def find_grid(width: int, height: int, rgba: bytes) -> Grid:
    """The board's grid in the image, or BoardError when no regular grid of cells is found."""
    if width < 3 * MIN_PITCH or height < 3 * MIN_PITCH:
        raise BoardError(f"the image is {width}x{height} pixels: too small to hold a board")
    red, green, blue = rgba[0::4], rgba[1::4], rgba[2::4]
    step_y = max(1, height // 350)
    step_x = max(1, width // 350)
    across = [(red[y * width:(y + 1) * width], green[y * width:(y + 1) * width], blue[y * width:(y + 1) * width])
              for y in range(0, height, step_y)]
    down = [(red[x::width], green[x::width], blue[x::width]) for x in range(0, width, step_x)]
    best: _Best | None = None
    aside: list[_Best] = []  # the first lattice refused as a coarse one whose own lines are the sharper (FINER)
    refusal = BoardError("no board found in the image: no regular grid of cells")
    # sharp edges first, then edges blurred by scaling or JPEG; bands of edges split into lines last
    tests = list(zip(edges_along(across, step_y), edges_along(down, step_x)))
    # last, edges widened by 2 pixels: the bevels of big tiles put a cell boundary's edge a few pixels
    # aside where an opened cell meets a hidden one, which breaks the long runs of exact positions
    passes = [(*vh, mode, False) for mode in (EXACT, SPLIT) for vh in tests] + [
        (widened(v), widened(h), SPLIT, False) for v, h in tests[:1]]
    # then blurred edges kept only where they run much longer than beside them: the bands JPEG's ringing
    # makes of a small board's lines; last of all, where the two directions disagree on the cell size,
    # the other direction's size taken
    passes += [(*vh, BANDS, False) for vh in tests] + [(*tests[0], BROKEN, False)]
    passes += [(v, h, mode, True) for v, h, mode, _ in passes[:2 * len(tests)]]
    # and where nothing else was found, edges broken at every crossing of thick lines between cells
    passes += [(*vh, CROSSED, False) for vh in tests]
    families: dict[tuple[int, int], _Families] = {}  # the lines of each pass's edges, for the passes again
    for n_pass, (edges_v, edges_h, mode, other) in enumerate(passes):
        if mode != EXACT and best is not None and best[0][0] and (mode != SPLIT or best[0][1] >= FEW):
            break  # (a grid of few cells found on sharp edges: maybe a coarse lattice of the page's, the split
            # edges looked at too)
        if n_pass >= 2 * len(tests) and best is not None and best[0][0]:
            break
        try:
            found = _grid_from(edges_v, edges_h, width, height, mode, other, families)
        except BoardError as e:
            refusal = e
        else:
            best = _best_candidate(found, best, edges_v, edges_h, width, height, mode, aside)
    # the lines down of one pass and those across of another (each pass's lines may be found in one direction only)
    best = _oblong(families, {(id(edges_v), mode): (edges_v, edges_h) for edges_v, edges_h, mode, _ in passes
                              if mode != CROSSED}, best, width, height)
    if aside and (best is None or not best[0][0] or _finer(best[1], aside[0][1])  # no grid, or one of lines much
                  or aside[0][1].rows * aside[0][1].cols >= 2 * best[0][1]):  # fainter than a coarse lattice's of
        _, found, edges_v, edges_h, mode = aside[0]  # twice or three times its cells, or of far fewer cells than it:
        # the coarse one, its squares shaded all over
        best = ((True, found.rows * found.cols), _extended(found, edges_v, edges_h, width, height), edges_v, edges_h,
                mode)
    if best is None:
        raise refusal
    if not best[0][0]:
        raise BoardError("no board found in the image: the lines found do not form one grid of cells")
    _, found, edges_v, edges_h, mode = best
    framed = _to_frame(found, edges_v, edges_h, width, height, rgba)
    grid = _inside(fitted(framed, edges_v, edges_h, width, height, rgba, mode, grown=framed != found), width, height)
    if grid.rows < MIN_CELLS or grid.cols < MIN_CELLS:  # (trimmed, or its frame a band of the page's)
        raise BoardError("no board found in the image: the grid found has fewer than 2 rows or columns")
    return grid


_Best = tuple[tuple[bool, float], Grid, Edges, Edges, int]


def _inside(grid: Grid, width: int, height: int) -> Grid:
    """The grid without its rows and columns whose middles lie outside the image (a lattice run on a cell past
    the board's last line, at the image's edge)."""
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols
    while rows and top + py / 2 < 0:
        top, rows = top + py, rows - 1
    while rows and top + (rows - 0.5) * py > height:
        rows -= 1
    while cols and left + px / 2 < 0:
        left, cols = left + px, cols - 1
    while cols and left + (cols - 0.5) * px > width:
        cols -= 1
    return grid if (rows, cols) == (grid.rows, grid.cols) else Grid(left, top, px, py, rows, cols)


def _oblong(families: dict[tuple[int, int], _Families], made: dict[tuple[int, int], tuple[Edges, Edges]],
            best: _Best | None, width: int, height: int) -> _Best | None:
    """The better of `best` and the grids of cells that are not square (up to OBLONG) whose lines down are a family
    found in one of the edges `made` (by their key in `families`) and whose lines across are one found in the same
    or another: each direction with its own pitch, where `_grid_from` takes square cells when the two disagree (and
    its families are not both LONG).  Rows with a strip between them (inline tiles on lines of text) break the lines
    down, which BROKEN or SPLIT may find alone, and the strip's uneven edges can break the lines across in those
    passes, which EXACT finds evenly spaced.  Each is checked as EXACT's grids are (`_best_candidate`)."""
    for key_x, (edges_v, _) in made.items():
        for key_y, (_, edges_h) in made.items():
            if key_x not in families or key_y not in families:
                continue
            xfam, yfam = families[key_x][2], families[key_y][3]
            low, high = sorted((xfam[1], yfam[1]))
            if min(xfam[2], yfam[2]) < LONG or not ASQUARE * low < high <= OBLONG * low:
                continue
            try:
                found = _grid_of(edges_v, edges_h, width, height, xfam, yfam, None, True, OBLONG)
            except BoardError:
                continue
            best = _best_candidate(found, best, edges_v, edges_h, width, height, EXACT)
    return best


def _finer(fine: Grid, coarse: Grid) -> bool:
    """Whether a grid's cells are a half or a third of another's (within 5% of their size)."""
    return any(abs(k * fine.pitch_x - coarse.pitch_x) <= 0.05 * coarse.pitch_x
               and abs(k * fine.pitch_y - coarse.pitch_y) <= 0.05 * coarse.pitch_y for k in (2, 3))


def _best_candidate(grid: Grid, best: _Best | None, edges_v: Edges, edges_h: Edges, width: int, height: int,
                    mode: int, aside: list[_Best] | None = None) -> _Best | None:
    """The better of `best` and the grid found (or a lattice of every other line of it, the lines through
    the cells' middles being found too): one with edges along most of its lines, and the most cells."""
    candidates = [grid]
    if grid.rows >= 2 * MIN_CELLS and grid.cols >= 2 * MIN_CELLS:
        candidates += [Grid(grid.left + a * grid.pitch_x, grid.top + b * grid.pitch_y, 2 * grid.pitch_x,
                            2 * grid.pitch_y, (grid.rows - b) // 2, (grid.cols - a) // 2)
                       for a in (0, 1) for b in (0, 1)]
    for grid in candidates:
        share = min(
            support(edges_v, grid.left, grid.pitch_x, grid.cols, grid.top, grid.pitch_y * grid.rows),
            support(edges_h, grid.top, grid.pitch_y, grid.rows, grid.left, grid.pitch_x * grid.cols))
        # a coarse lattice of a finer grid's lines: not the cells (unless the finer cells would be smaller than any
        # board's and the grid has a whole board's cells: dense edges of a small tile's bevels and stipples)
        finer = [k for k in (2, 3) if share >= 0.8
                 and (min(grid.pitch_x, grid.pitch_y) / k >= MIN_PITCH or min(grid.rows, grid.cols) < 8)
                 and min(support(edges_v, grid.left, grid.pitch_x / k, grid.cols * k, grid.top,
                                 grid.pitch_y * grid.rows),
                         support(edges_h, grid.top, grid.pitch_y / k, grid.rows * k, grid.left,
                                 grid.pitch_x * grid.cols)) >= 0.8]
        if finer:
            if aside is not None and not aside:  # the first kept (its edges the sharpest found): its own lines the
                sharper = min(min(  # sharper, maybe squares shaded all over, if no grid is found
                    _contrast(edges_v, grid.left, grid.pitch_x, grid.cols, grid.top, grid.pitch_y * grid.rows, k),
                    _contrast(edges_h, grid.top, grid.pitch_y, grid.rows, grid.left, grid.pitch_x * grid.cols, k))
                    for k in finer)
                if sharper >= FINER:
                    aside.append(((True, sharper), grid, edges_v, edges_h, mode))
            continue
        if share >= 0.8 and mode == EXACT and min(
                _contrast(edges_v, grid.left, grid.pitch_x, grid.cols, grid.top, grid.pitch_y * grid.rows),
                _contrast(edges_h, grid.top, grid.pitch_y, grid.rows, grid.left, grid.pitch_x * grid.cols)) < CONTRAST:
            share = 0.0  # edges as many through the cells' middles: everywhere (JPEG's noise), no lines
        key = (share >= 0.8, grid.rows * grid.cols if share >= 0.8 else share)
        if best is None or key > best[0]:
            best = (key, _extended(grid, edges_v, edges_h, width, height), edges_v, edges_h, mode)
    return best


def _contrast(edges: Edges, first: float, pitch: float, cells: int, start: float, span: float, k: int = 2) -> float:
    """How much more of the sampled lines cross edges at the lattice's lines (in one direction) than through the
    cells' middles (the lattice shifted by half a cell; by a `k`th of one)."""
    return (crossings(edges, first, pitch, cells, start, span)
            - crossings(edges, first + pitch / k, pitch, cells - 1, start, span))


def _extended(grid: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int) -> Grid:
    """The grid grown by a row or column wherever the lattice's next line outside it is an edge along
    the whole side: the board goes on (its outer lines were not found, a part of it was taken for all).
    The line is looked for a percent of the board's length either way (the pitch found on a part of the
    board may be off by that much), and the pitch refitted to it."""
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols
    for _ in range(200):
        if rows > 100 or cols > 100:
            break
        # a new column: its outer line runs the board's height, and the lines between rows cross it
        if (axis := _grown_side(edges_v, edges_h, left, px, cols, width, top, py, rows)) is not None:
            left, px, cols = axis
        elif (axis := _grown_side(edges_h, edges_v, top, py, rows, height, left, px, cols)) is not None:
            top, py, rows = axis
        else:
            break
    return Grid(left, top, px, py, rows, cols)


def _grown_side(lines: Edges, across: Edges, first: float, pitch: float, count: int, length: int,
                start: float, step: float, cells: int) -> tuple[float, float, int] | None:
    """One direction of a lattice (its first line, pitch and cells; `start`, `step`, `cells` the other's)
    grown by a cell before or else after it, or None: where an outer line runs along the other direction's
    whole extent and the other direction's lines run across the new cells."""
    end = first + pitch * count
    slack = max(2, int(0.01 * pitch * count))
    for at, before in ((first - pitch, True), (end + pitch, False)):
        x = _outer_line(lines, at, slack, start, step * cells, length)
        if x is None:
            continue
        lo, hi = (x, first) if before else (end, x)
        if support(across, start, step, cells, lo, hi - lo) >= 0.8:
            new_first, new_end = (x, end) if before else (first, x)
            return new_first, (new_end - new_first) / (count + 1), count + 1
    return None


def _outer_line(edges: Edges, at: float, slack: int, start: float, span: float, length: int) -> float | None:
    """Where, within `slack` pixels of `at`, edges run along [start, start + span] (OUTER of it at least): the
    pixel of the most edges there (the nearest of those), or None."""
    lo, hi = edges.lines_across(start, span)
    n, flags = edges.length, edges.flags
    found = [x for x in range(max(0, int(at) - slack), min(length, int(at) + slack + 1))
             if edge_share(edges, x, start, span) >= OUTER]
    if not found or hi <= lo:
        return None
    return float(max(found, key=lambda x: (flags[lo * n + x:hi * n:n].count(1), -abs(x - at))))


def _to_frame(grid: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int, rgba: bytes) -> Grid:
    """The grid grown on a side where the board flows across its outer line (a plain cell inside and
    one of the same colour outside, no edge between them) up to a frame along the whole side a whole
    number of cells beyond, the cells between looking like the grid's: the board goes on in cells
    whose lines are too faint to see (a flat skin's hidden cells, blurred by JPEG).  Only a grid closed
    on every side so is returned grown."""
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols
    looks = {_centre(width, height, rgba, left + (c + 0.5) * px, top + (r + 0.5) * py)
             for r in range(rows) for c in range(cols)}
    grown = True
    while grown:
        grown, still = False, []  # the sides where the board flows on and no frame was reached
        for side in ("left", "right", "top", "bottom"):
            across = side in ("left", "right")  # the side's line runs down the image
            along, pitch, cross = (rows, py, px) if across else (cols, px, py)
            edges, limit = (edges_v, width) if across else (edges_h, height)
            start = top if across else left
            outward = -1 if side in ("left", "top") else 1
            line0 = {"left": left, "right": left + cols * px, "top": top, "bottom": top + rows * py}[side]

            def cell(i: int, j: int) -> tuple[int, int]:
                """The i-th cell along the side, j cells out (0: the grid's own outer cell)."""
                return {"left": (i, -j), "right": (i, cols - 1 + j), "top": (-j, i), "bottom": (rows - 1 + j, i)}[side]

            def colour(rc: tuple[int, int]) -> tuple[int, int, int]:
                return _centre(width, height, rgba, left + (rc[1] + 0.5) * px, top + (rc[0] + 0.5) * py)

            flows = any(edge_share(edges, line0, start + (i + 0.25) * pitch, pitch / 2) < 0.5
                        and _is_like(colour(cell(i, 0)), {colour(cell(i, 1))}) for i in range(along))
            if not flows:
                continue
            still.append(side)
            cover = coverage(edges, start, along * pitch, limit)
            for k in range(1, 101 - (cols if across else rows)):
                pos = int(line0 + outward * k * cross + 0.5)
                slack = 1 + int(0.01 * k * cross)  # the pitch found may be off by a percent
                if pos - slack < 0 or pos + slack >= limit:
                    break
                if max(cover[pos - slack:pos + slack + 1]) >= FRAME:
                    centres = [colour(cell(i, j)) for i in range(along) for j in range(1, k + 1)]
                    plain = [c for c in centres if c[0] >= 0]
                    like = sum(1 for c in plain if _is_like(c, looks))
                    if like >= 0.5 * len(centres) and like >= 0.9 * len(plain):  # the others hold ink
                        if side == "left":
                            left, cols = left - k * px, cols + k
                        elif side == "top":
                            top, rows = top - k * py, rows + k
                        elif side == "right":
                            cols += k
                        else:
                            rows += k
                        grown = True
                        still.pop()
                    break
    if still or (rows, cols) != (grid.rows, grid.cols) and any(
            _alike_beyond(side, left, top, px, py, rows, cols, width, height, rgba, looks)
            for side in ("left", "right", "top", "bottom")):
        return grid  # a part of a board still: left as found, for the reader to call unsure
    if (rows, cols) != (grid.rows, grid.cols):  # the lattice fitted again, the frame's lines with the rest
        left, px = best_phase(edges_v, width, left, px, cols, top, top + rows * py)
        top, py = best_phase(edges_h, height, top, py, rows, left, left + cols * px)
    return Grid(left, top, px, py, rows, cols)


def _alike_beyond(side: str, left: float, top: float, px: float, py: float, rows: int, cols: int, width: int,
                  height: int, rgba: bytes, looks: set[tuple[int, int, int]]) -> bool:
    """Whether most cells just outside the grid on this side are of a colour of the grid's cells."""
    if side in ("left", "right"):
        c = -1 if side == "left" else cols
        cells = [(r, c) for r in range(rows)]
    else:
        r = -1 if side == "top" else rows
        cells = [(r, c) for c in range(cols)]
    like = sum(1 for r, c in cells
               if _is_like(_centre(width, height, rgba, left + (c + 0.5) * px, top + (r + 0.5) * py), looks))
    return like >= 0.7 * len(cells)


def _centre(width: int, height: int, rgba: bytes, x: float, y: float) -> tuple[int, int, int]:
    """The mean colour of the 3x3 pixels about (x, y), or (-1, -1, -1) when they differ (ink, an edge)."""
    xi, yi = min(width - 2, max(1, int(x))), min(height - 2, max(1, int(y)))
    block = b"".join(rgba[4 * ((yi + dy) * width + xi - 1):4 * ((yi + dy) * width + xi + 2)] for dy in (-1, 0, 1))
    channels = block[0::4], block[1::4], block[2::4]  # the 9 pixels' red, green and blue
    if any(max(c) - min(c) > 24 for c in channels):
        return (-1, -1, -1)
    return (sum(channels[0]) // 9, sum(channels[1]) // 9, sum(channels[2]) // 9)


def _is_like(colour: tuple[int, int, int], looks: set[tuple[int, int, int]]) -> bool:
    return any(abs(colour[0] - a) + abs(colour[1] - b) + abs(colour[2] - c) <= 24
                                  for a, b, c in looks if a >= 0)


_Families = tuple[list[Line], list[Line], Family, Family]  # the lines down and across, and their longest families


def _grid_from(edges_v: Edges, edges_h: Edges, width: int, height: int, mode: int, other: bool,
               families: dict[tuple[int, int], _Families]) -> Grid:
    """The grid the edges show (see find_grid).  When the two directions disagree on the cell size, the
    one with more lines is taken for both (square cells), or with `other` the one with fewer.  `families`
    keeps the lines found in each pass's edges, for a later pass on the same edges."""
    key = (id(edges_v), mode)
    if key not in families:
        min_run = 2 * MIN_PITCH
        vertical = long_runs(edges_v, width, min_run, mode)  # lines at x, running down
        horizontal = long_runs(edges_h, height, min_run, mode)  # lines at y, running across
        families[key] = (vertical, horizontal, _progression(vertical), _progression(horizontal))
    vertical, horizontal, (x0, px, nx, xs), (y0, py, ny, ys) = families[key]
    xfam, yfam = (x0, px, nx, xs), (y0, py, ny, ys)
    oblong = not other and min(nx, ny) >= LONG and max(px, py) <= OBLONG * min(px, py)  # two long families of lines:
    # cells taller than wide (or wider than tall), as drawn
    if max(nx, ny) >= MIN_CELLS + 1 and (min(nx, ny) < MIN_CELLS + 1 or max(px, py) > 1.1 * min(px, py)) \
            and not oblong:
        # one direction is clearer (blurred bevels, JPEG, a fractional cell size): its pitch, with square
        # cells, finds the other
        by_x = (nx >= ny) != other
        if min(nx, ny) < MIN_CELLS + 1 and other:
            raise BoardError("no board found in the image: no regular grid of cells")
        if by_x:
            yfam = _with_pitch(horizontal, px)
        else:
            xfam = _with_pitch(vertical, py)
    elif other:
        raise BoardError("no board found in the image: no regular grid of cells")
    grid = _grid_of(edges_v, edges_h, width, height, xfam, yfam, (vertical, horizontal) if mode == BROKEN else None,
                    mode != CROSSED, OBLONG if oblong else 1.35)
    if other:  # the size set aside must not be a lattice of its own over the board: oblong cells
        if by_x:
            first = y0 + math.ceil((grid.top - y0) / py) * py
            lines = int((grid.top + grid.rows * grid.pitch_y - first) / py)
            aside = support(edges_h, first, py, lines, grid.left, grid.pitch_x * grid.cols)
        else:
            first = x0 + math.ceil((grid.left - x0) / px) * px
            lines = int((grid.left + grid.cols * grid.pitch_x - first) / px)
            aside = support(edges_v, first, px, lines, grid.top, grid.pitch_y * grid.rows)
        if lines >= MIN_CELLS and aside >= 0.8:
            raise BoardError(f"no board found in the image: cells of {px:.0f}x{py:.0f} pixels are not square")
    return grid


def _grid_of(edges_v: Edges, edges_h: Edges, width: int, height: int,
             xfam: Family, yfam: Family,
             snap: tuple[list[Line], list[Line]] | None = None, phase: bool = True, oblong: float = 1.35) -> Grid:
    """The grid of a family of lines running down (xfam) and one running across (yfam).  With `snap`
    (all the lines found, down and across), the board's extent is taken to the outermost lines found
    near it (rounded tiles' sides stop short of the board's corners by their corners' radius).  Without
    `phase`, the lattice is the family's, not moved to where it crosses the most edges (thick lines between
    cells: each side of a line is a lattice of edges, and the digits' strokes pull it aside)."""
    x0, px, nx, xs = xfam
    y0, py, ny, ys = yfam
    if nx < MIN_CELLS + 1 or ny < MIN_CELLS + 1:
        raise BoardError("no board found in the image: no regular grid of cells")
    if max(px, py) > oblong * min(px, py):
        raise BoardError(f"no board found in the image: cells of {px:.0f}x{py:.0f} pixels are not square")
    # The lines between columns run from the board's top to its bottom, those between rows from its
    # left to its right: their common extent is the board, whether or not its outer lines were found.
    top, bottom = float(median_high([line.start for line in xs])), float(median_high([line.end for line in xs]))
    left, right = float(median_high([line.start for line in ys])), float(median_high([line.end for line in ys]))
    if snap is not None:
        down, across = snap
        top, bottom = _snapped(across, ys[0], top, py, -1), _snapped(across, ys[0], bottom, py, 1)
        left, right = _snapped(down, xs[0], left, px, -1), _snapped(down, xs[0], right, px, 1)
        first, last = _lattice_ends(down, xs, px)  # the family's lines, and those on its lattice beyond it
        left, right = min(left, first), max(right, last)
        first, last = _lattice_ends(across, ys, py)
        top, bottom = min(top, first), max(bottom, last)
    rows, cols = round((bottom - top) / py), round((right - left) / px)
    if rows < MIN_CELLS or cols < MIN_CELLS:
        raise BoardError("no board found in the image: the grid found has fewer than 2 rows or columns")
    # put the corner on the lattice of the lines found, next to where the extent says it is
    left_on = x0 - round((x0 - left) / px) * px
    top_on = y0 - round((y0 - top) / py) * py
    if abs(left_on - left) > 0.3 * px + 2 * edges_h.step or abs(top_on - top) > 0.3 * py + 2 * edges_v.step:
        raise BoardError("no board found in the image: the lines found do not form one grid")
    if snap is not None:  # the lattice's places with a line, beyond the board (the page's) left out
        nx = len({round((line.pos - x0) / px) for line in xs if left - px / 2 <= line.pos <= right + px / 2})
        ny = len({round((line.pos - y0) / py) for line in ys if top - py / 2 <= line.pos <= bottom + py / 2})
    if nx - 1 > cols + 1 or ny - 1 > rows + 1:
        raise BoardError("no board found in the image: the lines found do not form one grid")
    # The lattice found may be one of a tile's inner lines (a bevel's): the cells' boundaries are
    # the lattice with edges in the most places over the board, opened and hidden cells alike.
    if phase:
        left_on, px = best_phase(edges_v, width, left_on, px, cols, top_on, top_on + rows * py)
        top_on, py = best_phase(edges_h, height, top_on, py, rows, left_on, left_on + cols * px)
    return Grid(left_on, top_on, px, py, rows, cols)


def _lattice_ends(lines: list[Line], family: list[Line], pitch: float) -> tuple[float, float]:
    """The first and the last place of the family's lattice with a line of the family there, or one of
    `lines` of the family's extent (a line the family missed: rounded tiles' sides, found at a pixel or two
    off, make a fractional cell size's lines uneven)."""
    first, last = family[0].pos, family[-1].pos
    tol = max(2.0, 0.08 * pitch)
    grown = True
    while grown:
        grown = False
        for line in lines:
            if not _same_extent(family[0], line):
                continue
            if abs(line.pos - (first - pitch)) <= tol:
                first, grown = line.pos, True
            elif abs(line.pos - (last + pitch)) <= tol:
                last, grown = line.pos, True
    return first, last


def _snapped(lines: list[Line], other: Line, end: float, pitch: float, outward: int) -> float:
    """The line of `lines` beyond `end` (outward: -1 before it, 1 after), within half a cell of it and
    running as far as `other`, a line of the family found along them (the board's outer line), or `end`."""
    near = [line.pos for line in lines if 0 <= outward * (line.pos - end) <= pitch / 2
            and abs(line.start - other.start) <= pitch and abs(line.end - other.end) <= pitch]
    return (max if outward > 0 else min)(near, default=end)
