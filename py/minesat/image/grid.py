"""Finding a Minesweeper board's grid in a screenshot: the cell size, the origin and the number of cells.

Cell boundaries are long straight edges: in the classic look the bevels of raised tiles and the grid
lines of opened ones, in flat skins the gaps between tiles or the alternation of a checkerboard.
Columns of the image where an edge runs for a long way are found on a sample of rows (rows of the
image on a sample of columns), and the longest evenly spaced family of them gives the cell size, the
origin and the number of cells.  Pure Python (no numpy), for Pyodide too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
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
    edge_share,
    edges_along,
    histogram,
    long_runs,
    support,
    widened,
)

MIN_PITCH, MAX_PITCH = 10, 200  # pixels per cell
MIN_CELLS = 2  # per side
Family = tuple[float, float, int, list[Line]]  # evenly spaced lines: the first's place, the pitch, how many, they
FRAME = 0.95  # a frame around the board has edges along this share of its length at least


@dataclass(frozen=True)
class Grid:
    """Where the cells are: the top-left corner of cell (0, 0), the cell size, the board's size."""

    left: float
    top: float
    pitch_x: float
    pitch_y: float
    rows: int
    cols: int


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
            if len(members) < MIN_CELLS + 1:
                continue
            score = len(members) + sum(m.weight for m in members) / (1e6)
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
        if mode != EXACT and best is not None and best[0][0]:
            break
        if n_pass >= 2 * len(tests) and best is not None and best[0][0]:
            break
        try:
            found = _grid_from(edges_v, edges_h, width, height, mode, other, families)
        except BoardError as e:
            refusal = e
            continue
        best = _best_candidate(found, best, edges_v, edges_h, width, height, mode)
    if best is None:
        raise refusal
    if not best[0][0]:
        raise BoardError("no board found in the image: the lines found do not form one grid of cells")
    _, found, edges_v, edges_h, mode = best
    grid = _trimmed(_fitted(found, edges_v, edges_h, width, height, rgba, mode), edges_v, edges_h, width, height)
    return _centred_on_tiles(_on_bevels(grid, width, height, rgba), width, height, rgba)


def _centred_on_tiles(grid: Grid, width: int, height: int, rgba: bytes) -> Grid:
    """The grid moved (by up to a quarter of a cell, each direction) to where its cells are most nearly their
    own mirror images, when that is much more so than where it was: flat tiles with gaps between them, each
    with an outline (a neon look's), are symmetric about their middles, and a lattice on the board's frame or
    on the outlines' edges cuts them off centre, an outline inside the cells' middles.  Raised tiles (a light
    top, a dark bottom: a tenth of the cells or more, `_raised_share`) are no mirror images anywhere, and
    stay."""
    green = rgba[1::4]
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols

    def asymmetry(first: float, pitch: float, count: int, across: list[int], step: int, limit: int) -> float:
        half, total, n = int(pitch / 2), 0, 0
        for k in range(count):
            a0 = int(first + k * pitch + 0.5)
            a1 = int(first + (k + 1) * pitch + 0.5) - 1
            if a0 < 0 or a1 >= limit:
                continue
            for a in across:
                for j in range(0, half, 2):
                    total += abs(green[a + (a0 + j) * step] - green[a + (a1 - j) * step])
                    n += 1
        return total / max(1, n)

    def centred(first: float, pitch: float, count: int, across: list[int], step: int, limit: int) -> float:
        here = asymmetry(first, pitch, count, across, step, limit)
        if here < 10:
            return first
        tries = {d: asymmetry(first + d, pitch, count, across, step, limit) for d in range(-int(pitch / 4),
                                                                                          int(pitch / 4) + 1)}
        best = min(tries, key=lambda d: (tries[d], abs(d)))
        return first + best if abs(best) >= 2 and tries[best] <= 0.5 * here else first

    if rows < 4 or cols < 4 or _raised_share(grid, width, height, green) >= 0.1:
        return grid
    ys = [int(top + (r + 0.5) * py) for r in range(0, rows, max(1, rows // 8))]
    xs = [int(left + (c + 0.5) * px) for c in range(0, cols, max(1, cols // 8))]
    if not (0 <= min(xs) and max(xs) < width and 0 <= min(ys) and max(ys) < height):
        return grid
    new_left = centred(left, px, cols, [y * width for y in ys], 1, width)
    new_top = centred(top, py, rows, xs, width, height)
    return grid if (new_left, new_top) == (left, top) else Grid(new_left, new_top, px, py, rows, cols)


def _on_bevels(grid: Grid, width: int, height: int, rgba: bytes) -> Grid:
    """The grid moved onto raised tiles' boundaries: where each tile's dark bevel meets the next one's light
    bevel, the one place along a line between cells where the image steps up from dark to light by half as much
    again as it ever steps down (a flat skin's line steps down as much as up).  A lattice fitted to the middle of
    a band of a bevel's edges (JPEG's, or a scaled tile's) sits a few pixels inside the tiles, where no tile
    looks raised.  Each line between cells where the step is into a light bevel is placed so (half of them at
    least), and the lattice fitted to them (least squares)."""
    green = rgba[1::4]
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols

    def placed(first: float, pitch: float, count: int, across: list[int], step: int, limit: int
               ) -> tuple[float, float]:
        """One direction's first line and pitch (`across`: the pixel offsets of the sampled lines across it,
        `step`: one pixel along it, `limit`: its length in pixels)."""
        reach = max(2, int(pitch / 5))
        ups, downs, points = 0, 0, []
        for k in range(1, count):
            scores = {}
            for d in range(-reach, reach + 1):
                x = int(first + k * pitch + 0.5) + d
                if not 1 <= x < limit:
                    continue
                up = down = 0
                for a in across:  # the step into pixel x from the one before it
                    jump = green[a + x * step] - green[a + (x - 1) * step]
                    up, down = (up + jump, down) if jump > 0 else (up, down - jump)
                scores[d] = up, down
            if not scores:
                continue
            d = max(scores, key=lambda d: scores[d][0])
            ups, downs = max(ups, scores[d][0]), max([downs] + [down for _, down in scores.values()])
            points.append((k, int(first + k * pitch + 0.5) + d))
        if len(points) < max(3, count // 2) or ups < 1.5 * downs:
            return first, pitch  # no step much stronger up than any down: no raised tiles
        start, slope = _least_squares(points)
        if sorted(abs(x - start - slope * k) for k, x in points)[len(points) // 2] > 1 or max(
                abs(start - first), abs(start + count * slope - first - count * pitch)) < 1.5:
            return first, pitch  # the steps found are not one lattice, or it is where the grid already is
        return start, slope

    if rows < 4 or cols < 4:
        return grid
    ys = [int(top + (r + f) * py) for r in range(rows) for f in (0.35, 0.65)]
    xs = [int(left + (c + f) * px) for c in range(cols) for f in (0.35, 0.65)]
    if not (0 <= min(xs) and max(xs) < width and 0 <= min(ys) and max(ys) < height):
        return grid
    left, px = placed(left, px, cols, [y * width for y in ys], 1, width)
    top, py = placed(top, py, rows, xs, width, height)
    moved = Grid(left, top, px, py, rows, cols)
    if moved == grid or _raised_share(grid, width, height, green) >= 0.3 or (
            _raised_share(moved, width, height, green) < 0.5):
        return grid  # moved only where few tiles look raised and half of them do on the lattice moved (not a lost
    return moved  # game's opened board, whose steps up are out of lines and ink into opened faces)


def _raised_share(grid: Grid, width: int, height: int, green: bytes) -> float:
    """The share of the grid's cells (up to 300, spread over it) whose top and left, just inside, are lighter
    than their face and their bottom and right darker: raised tiles."""
    cells = [(r, c) for r in range(grid.rows) for c in range(grid.cols)]
    cells = cells[::max(1, len(cells) // 300)]
    inset = max(1, round(min(grid.pitch_x, grid.pitch_y) / 16))  # a bevel's middle (a pixel of 16, at 100%)
    raised = 0
    for r, c in cells:
        x0, y0 = grid.left + c * grid.pitch_x, grid.top + r * grid.pitch_y
        x1, y1 = x0 + grid.pitch_x, y0 + grid.pitch_y
        xs = [int(x0 + f * grid.pitch_x) for f in (0.3, 0.5, 0.7)]
        ys = [int(y0 + f * grid.pitch_y) for f in (0.3, 0.5, 0.7)]
        top = [(int(y0) + inset, x) for x in xs]
        left = [(y, int(x0) + inset) for y in ys]
        bottom = [(int(y1) - 1 - inset, x) for x in xs]
        right = [(y, int(x1) - 1 - inset) for y in ys]
        if not (0 <= int(x0) and int(x1) <= width and 0 <= int(y0) and int(y1) <= height):
            continue
        light = sum(green[y * width + x] for y, x in top + left) / 6
        dark = sum(green[y * width + x] for y, x in bottom + right) / 6
        face = median_high([green[y * width + x] for y in ys for x in xs])
        raised += light >= face + 20 and dark <= face - 20  # (an opened cell's lines are no lighter than its face)
    return raised / max(1, len(cells))


def _trimmed(grid: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int) -> Grid:
    """The grid less its outer rows (or columns) that the lines between the cells do not cross (under 80% of
    them, and a fifth less than the next), where they cross the next one in nearly everywhere: bands of a frame
    (its bevel, a window's edge, a counter's panel, a cell or so beyond the board) taken for the board's last
    cells (the grid with the most cells is chosen, and a lattice a line or two longer keeps most of its lines),
    with a line along the whole side inside them.  A quarter of the rows (columns) at most."""
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols

    def crossed(r: int, c: int) -> float:  # row r (or column c, with r -1): the inner lines' share across it
        if r >= 0:
            return sum(edge_share(edges_v, left + k * px, top + (r + 0.2) * py, 0.6 * py)
                       for k in range(1, cols)) / (cols - 1)
        return sum(edge_share(edges_h, top + k * py, left + (c + 0.2) * px, 0.6 * px)
                   for k in range(1, rows)) / (rows - 1)

    for side in ("top", "bottom", "left", "right"):
        count = rows if side in ("top", "bottom") else cols
        order = range(count) if side in ("top", "left") else range(count - 1, -1, -1)
        shares: list[float] = []
        for k in order[:count // 4 + 1]:  # up to the first crossed nearly everywhere
            shares.append(crossed(k, 0) if side in ("top", "bottom") else crossed(-1, k))
            if shares[-1] >= 0.9:
                break
        cut = len(shares) - 1
        if not 0 < cut or shares[cut] < 0.9 or any(share >= 0.8 or share > shares[cut] - 0.2 for share in shares[:cut]):
            continue
        # and a line along the whole side between the lattice's lines there: a frame's edge (a band of opened
        # cells with no lines between them, a flat skin's, has none)
        across = side in ("top", "bottom")
        pitch = py if across else px
        outer = {"top": top, "bottom": top + rows * py, "left": left, "right": left + cols * px}[side]
        inward = 1 if side in ("top", "left") else -1
        cover = coverage(edges_h if across else edges_v, left if across else top, cols * px if across else rows * py,
                         height if across else width)
        inside = [int(outer + inward * (k + f) * pitch + 0.5) for k in range(cut) for f in (0.3, 0.4, 0.5, 0.6, 0.7)]
        if max((cover[x] for x in inside if 0 <= x < len(cover)), default=0.0) < 0.8:
            continue
        if side == "top":
            top, rows = top + cut * py, rows - cut
        elif side == "bottom":
            rows -= cut
        elif side == "left":
            left, cols = left + cut * px, cols - cut
        else:
            cols -= cut
    return Grid(left, top, px, py, rows, cols)


_Best = tuple[tuple[bool, float], Grid, Edges, Edges, int]


def _best_candidate(grid: Grid, best: _Best | None, edges_v: Edges, edges_h: Edges, width: int, height: int,
                    mode: int) -> _Best | None:
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
        if share >= 0.8 and any(
                min(support(edges_v, grid.left, grid.pitch_x / k, grid.cols * k, grid.top,
                            grid.pitch_y * grid.rows),
                    support(edges_h, grid.top, grid.pitch_y / k, grid.rows * k, grid.left,
                            grid.pitch_x * grid.cols)) >= 0.8
                for k in (2, 3) if min(grid.pitch_x, grid.pitch_y) / k >= MIN_PITCH or min(grid.rows, grid.cols) < 8):
            continue
        key = (share >= 0.8, grid.rows * grid.cols if share >= 0.8 else share)
        if best is None or key > best[0]:
            best = (key, _extended(grid, edges_v, edges_h, width, height), edges_v, edges_h, mode)
    return best


def _fitted(found: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int, rgba: bytes,
            mode: int) -> Grid:
    """The grid found grown to the board's frame and fitted to the edges' exact places."""
    grid = _to_frame(found, edges_v, edges_h, width, height, rgba)
    if mode == EXACT and grid == found:
        left, px = _exact_fit(edges_v, width, grid.left, grid.pitch_x, grid.cols, grid.top,
                              grid.top + grid.rows * grid.pitch_y)
        top, py = _exact_fit(edges_h, height, grid.top, grid.pitch_y, grid.rows, left, left + grid.cols * px)
        return Grid(left, top, px, py, grid.rows, grid.cols)
    # a lattice fitted to bands of edges, or to a part of the board: centred on the edges' middles
    left, px = _centred(edges_v, width, grid.left, grid.pitch_x, grid.cols, grid.top,
                        grid.top + grid.rows * grid.pitch_y, mode == BROKEN)
    top, py = _centred(edges_h, height, grid.top, grid.pitch_y, grid.rows, left, left + grid.cols * px,
                       mode == BROKEN)
    if mode == BROKEN:  # tiles with gaps: the gaps' middles are the lattice (once more, from nearer them)
        left, px = _centred(edges_v, width, left, px, grid.cols, top, top + grid.rows * py, True)
        top, py = _centred(edges_h, height, top, py, grid.rows, left, left + grid.cols * px, True)
        return Grid(left, top, px, py, grid.rows, grid.cols)
    left, px = _exact_fit(edges_v, width, left, px, grid.cols, top, top + grid.rows * py)
    top, py = _exact_fit(edges_h, height, top, py, grid.rows, left, left + grid.cols * px)
    return Grid(left, top, px, py, grid.rows, grid.cols)


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
    """Where, within `slack` pixels of `at`, edges run along the whole of [start, start + span]: the pixel
    of the most edges there (the nearest of those), or None."""
    lo, hi = edges.lines_across(start, span)
    n, flags = edges.length, edges.flags
    found = [x for x in range(max(0, int(at) - slack), min(length, int(at) + slack + 1))
             if support(edges, x, 1.0, 0, start, span) == 1]
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
        left, px = _best_phase(edges_v, width, left, px, cols, top, top + rows * py)
        top, py = _best_phase(edges_h, height, top, py, rows, left, left + cols * px)
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
    if max(nx, ny) >= MIN_CELLS + 1 and (min(nx, ny) < MIN_CELLS + 1 or max(px, py) > 1.1 * min(px, py)):
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
                    mode != CROSSED)
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
             snap: tuple[list[Line], list[Line]] | None = None, phase: bool = True) -> Grid:
    """The grid of a family of lines running down (xfam) and one running across (yfam).  With `snap`
    (all the lines found, down and across), the board's extent is taken to the outermost lines found
    near it (rounded tiles' sides stop short of the board's corners by their corners' radius).  Without
    `phase`, the lattice is the family's, not moved to where it crosses the most edges (thick lines between
    cells: each side of a line is a lattice of edges, and the digits' strokes pull it aside)."""
    x0, px, nx, xs = xfam
    y0, py, ny, ys = yfam
    if nx < MIN_CELLS + 1 or ny < MIN_CELLS + 1:
        raise BoardError("no board found in the image: no regular grid of cells")
    if max(px, py) > 1.35 * min(px, py):
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
        left_on, px = _best_phase(edges_v, width, left_on, px, cols, top_on, top_on + rows * py)
        top_on, py = _best_phase(edges_h, height, top_on, py, rows, left_on, left_on + cols * px)
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


def _best_phase(edges: Edges, length: int, first: float, pitch: float, cells: int,
                lo: float, hi: float) -> tuple[float, float]:
    """`first` and `pitch` moved (by up to a third of a cell, 2%) to where the lattice crosses the most edges."""
    hist = histogram(edges, length, lo, hi)
    near = list(map(max, hist[:1] + hist[:length - 1], hist[:length], hist[1:length + 1]))  # the most within 1

    def score(start: float, p: float) -> int:
        total = 0
        for k in range(cells + 1):
            x = int(start + k * p + 0.5)
            if 0 <= x < length:
                total += near[x]
        return total

    here = max(score(first + d, pitch) for d in (-1, 0, 1))
    best, best_score = (first, pitch), -1
    reach = int(pitch / 3)
    for q in range(-10, 11):
        p = pitch * (1 + q * 0.002)
        for shift in range(-reach, reach + 1):
            start = first + shift + (pitch - p) * cells / 2  # a new pitch pivots about the board's middle
            value = score(start, p)
            if value > best_score:
                best, best_score = (start, p), value
    return best if best_score > 1.08 * here else (first, pitch)  # only a clearly better lattice


def _exact_fit(edges: Edges, length: int, first: float, pitch: float, cells: int,
               lo: float, hi: float) -> tuple[float, float]:
    """`first` and `pitch` fitted (least squares) to the lines between cells as the edges show them: near
    each, the middle of the strongest place of edges within a pixel (a boundary between two bevels, or a
    thin line, is a pair of edges a pixel or two apart: its middle is the boundary).  A lattice a little
    off passes `_best_phase`, which takes the best edge within a pixel; over a board of many cells that
    error grows to a part of a cell.  Kept when it moves the board's far side by a pixel or more and the
    lines found fall on it clearly better than on the lattice given."""
    raw = histogram(edges, length, lo, hi)
    hist = [a + b + c for a, b, c in zip(raw[:1] + raw, raw, raw[1:] + raw[-1:])]  # edges within a pixel
    span = hist[max(0, int(first)):min(length, int(first + cells * pitch) + 2)]
    if not span:
        return first, pitch
    strong = 0.6 * max(span)
    reach = max(2.0, pitch / 5)
    points = []
    for k in range(1, cells):  # the lines between cells (the outer ones have the frame's edges beside them)
        at = first + k * pitch
        window = [x for x in range(max(0, int(at - reach)), min(length, int(at + reach) + 1)) if abs(x - at) <= reach]
        top = max((hist[x] for x in window), default=0)
        if top >= strong:  # the middle of the strongest place of edges near the line
            best = [x for x in window if hist[x] >= 0.97 * top]
            points.append((k, sum(best) / len(best)))
    if len(points) < max(3, cells // 2):
        return first, pitch
    start, fitted = _least_squares(points)
    drift = abs(fitted - pitch) * cells
    if abs(fitted - pitch) > 0.03 * pitch or abs(start - first) > pitch / 4 or drift < 1:
        return first, pitch  # too far to be the same lattice, or too near to matter
    before = sum((x - first - k * pitch) ** 2 for k, x in points) / len(points)
    after = sum((x - start - k * fitted) ** 2 for k, x in points) / len(points)
    if after > 0.5 * before or after > max(2.0, (0.05 * pitch) ** 2):
        return first, pitch  # the lines found do not fall on the new lattice much better (JPEG, ink)
    return start, fitted


def _least_squares(points: Sequence[tuple[int, float]]) -> tuple[float, float]:
    """The least-squares line through (k, x) points (two k's at least): its x at k = 0, and its slope."""
    mk = sum(k for k, _ in points) / len(points)
    mx = sum(x for _, x in points) / len(points)
    slope = sum((k - mk) * (x - mx) for k, x in points) / sum((k - mk) ** 2 for k, _ in points)
    return mx - slope * mk, slope


def _centred(edges: Edges, length: int, first: float, pitch: float, cells: int,
             lo: float, hi: float, inner: bool = False) -> tuple[float, float]:
    """`first` and `pitch` fitted (least squares) to the middles of the edges about each of the lattice's
    lines: a thin line's two edges, a bevel's, a gap's, rather than one side of them.  With `inner` (tiles
    with gaps between them) the outer lines are left out when there are inner ones enough: the board's side
    has one edge where a gap between tiles has two (the last tile's side, not the middle of a gap)."""
    hist = histogram(edges, length, lo, hi)
    reach = max(2, int(pitch / 8))
    points = []  # (line number, middle of its edges, weight)
    for k in (range(1, cells) if inner and cells >= 4 else range(cells + 1)):
        x = int(first + k * pitch + 0.5)
        window = range(max(0, x - reach), min(length, x + reach + 1))
        floor = min((hist[i] for i in window), default=0)
        weight = sum(hist[i] - floor for i in window)
        if weight > 0:
            points.append((k, sum(i * (hist[i] - floor) for i in window) / weight, weight))
    total = sum(w for _, _, w in points)
    if len(points) < 2 or total <= 0:
        return first, pitch
    mk = sum(k * w for k, _, w in points) / total
    mx = sum(x * w for _, x, w in points) / total
    spread = sum(w * (k - mk) ** 2 for k, _, w in points)
    if spread <= 0:
        return first, pitch
    fitted = sum(w * (k - mk) * (x - mx) for k, x, w in points) / spread
    start = mx - fitted * mk
    if abs(fitted - pitch) > 0.02 * pitch or abs(start - first) > pitch / 4:
        return first, pitch
    return start, fitted


