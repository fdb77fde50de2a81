"""Read a Minesweeper board from a screenshot: pure Python (no numpy), so it runs in Pyodide too.

`read_image(width, height, rgba)` takes the image as RGBA bytes, row-major (what a canvas's
`getImageData` and Pillow's `tobytes()` give) and returns a `Reading`: the board, the grid found,
and how sure the reader is of each cell.  It works in four steps, none tied to one client's pixels:

1. The grid.  Cell boundaries are long straight edges: in the classic look the bevels of raised
   tiles and the grid lines of opened ones, in flat skins the gaps between tiles or the
   alternation of a checkerboard.  Columns of the image where an edge runs for a long way are
   found on a sample of rows (rows of the image on a sample of columns), and the longest evenly
   spaced family of them gives the cell size, the origin and the number of cells.
2. Each cell's look: its background colour, whether its border is raised (lighter above and
   left), and its ink (pixels far from the background in the middle of the cell).
3. Looks are clustered: the cluster whose cells carry digits is "opened"; the largest other one
   "hidden".  A red mark on a pole is a flag.  A cell of another look (an exploded mine, a wrong
   flag) is read as hidden, as is a round dark blob on an opened cell (a shown mine).
4. Digits are told by the shape of their ink (holes, where the ink lies in a 3x5 grid over its
   box, the box's proportions; compared with digits of ten common fonts, `PROTOTYPES`) and by
   its colour where the colour is a digit's in the common palettes (blue 1, green 2, red 3...).

Each cell gets a confidence in [0, 1]; `Reading.sure` holds when every cell is at or above
`threshold`, and `Reading.unsure` lists the others.  No grid found raises `BoardError` with a
one-line message.  The mine counter is not read (the total is left unknown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from minesat.board import FLAG, HIDDEN, Board, BoardError, Cell

THRESHOLD = 0.5  # a board is offered as sure when every cell's confidence is at least this
MIN_PITCH, MAX_PITCH = 10, 200  # pixels per cell
MIN_CELLS = 2  # per side
INK = 56  # a channel this far from the cell's background is ink
SAMPLES = 32  # samples per side of a cell

Rgb = tuple[int, int, int]


@dataclass(frozen=True)
class Grid:
    """Where the cells are: the top-left corner of cell (0, 0), the cell size, the board's size."""

    left: float
    top: float
    pitch_x: float
    pitch_y: float
    rows: int
    cols: int

    def as_json(self) -> dict[str, float]:
        return {"left": round(self.left, 2), "top": round(self.top, 2), "pitch_x": round(self.pitch_x, 3),
                "pitch_y": round(self.pitch_y, 3), "rows": self.rows, "cols": self.cols}


@dataclass(frozen=True)
class Reading:
    """What was read: the board (every cell's best guess), each cell's confidence, and the grid."""

    board: Board
    confidence: tuple[float, ...]  # row-major, one per cell
    grid: Grid
    threshold: float = THRESHOLD

    @property
    def unsure(self) -> tuple[Cell, ...]:
        cols = self.board.cols
        return tuple(divmod(i, cols) for i, c in enumerate(self.confidence) if c < self.threshold)

    @property
    def sure(self) -> bool:
        return not self.unsure

    def as_json(self) -> dict[str, object]:
        rows = ["".join(self.board.cells[r * self.board.cols:(r + 1) * self.board.cols])
                for r in range(self.board.rows)]
        return {"rows": rows, "mines": self.board.mines, "grid": self.grid.as_json(),
                "confidence": [[round(c, 3) for c in self.confidence[r * self.board.cols:(r + 1) * self.board.cols]]
                               for r in range(self.board.rows)],
                "sure": self.sure, "unsure": [list(cell) for cell in self.unsure], "threshold": self.threshold}


# -- 1. the grid -----------------------------------------------------------------------------------
@dataclass
class _Line:
    pos: float
    start: int
    end: int
    weight: int


EDGES = ((1, 6), (2, 6))  # pixels either side of an edge compared, and the step they must show


def _edges_along(lines: Sequence[tuple[bytes, bytes, bytes]], base: int, edge: int) -> list[list[int]]:
    """For each line of pixels (three channels), where the colour steps: with `base` 1, a channel
    differs by `edge` between the pixels before and after; else the channels' differences between
    the pixels `base` before and `base` after add up to 2 * `edge` or more."""
    out = []
    t = 2 * edge
    w = 2 * base
    for r, g, b in lines:
        if base == 1:  # sharp edges: one channel stepping by `edge` is enough
            out.append([i + 1 for i, (r2, r0, g2, g0, b2, b0) in enumerate(zip(r[2:], r, g[2:], g, b[2:], b))
                        if not (-edge < r2 - r0 < edge and -edge < g2 - g0 < edge and -edge < b2 - b0 < edge)])
            continue
        out.append([i + base for i, (r2, r0, g2, g0, b2, b0) in enumerate(zip(r[w:], r, g[w:], g, b[w:], b))
                    if (r2 - r0 if r2 > r0 else r0 - r2) + (g2 - g0 if g2 > g0 else g0 - g2)
                    + (b2 - b0 if b2 > b0 else b0 - b2) >= t])
    return out


def _long_runs(edges: list[list[int]], step: int, length: int, min_run: int) -> list[_Line]:
    """Positions where edges line up across consecutive sampled lines for at least `min_run` pixels.

    A run may skip up to 3 sampled lines (antialiasing, a digit touching the boundary).  Adjacent
    positions are merged into one line, centred.
    """
    gap = 3
    last = [-100] * length
    start = [0] * length
    best_len = [0] * length
    best = [(0, 0)] * length
    for k, row in enumerate(edges):
        for x in row:
            if k - last[x] > gap + 1:
                start[x] = k
            last[x] = k
            run = k - start[x]
            if run > best_len[x]:
                best_len[x] = run
                best[x] = (start[x], k)
    need = min_run / step
    lines: list[_Line] = []
    group: list[int] = []
    for x in range(length + 1):
        if x < length and best_len[x] >= need:
            if group and x - group[-1] > 2:
                lines.append(_merge(group, best, best_len, step))
                group = []
            group.append(x)
        elif group and (x >= length or x - group[-1] > 2):
            lines.append(_merge(group, best, best_len, step))
            group = []
    return lines


def _merge(group: list[int], best: list[tuple[int, int]], best_len: list[int], step: int) -> _Line:
    weight = sum(best_len[x] for x in group)
    pos = sum(x * best_len[x] for x in group) / weight
    top = max(group, key=lambda x: best_len[x])
    return _Line(pos, best[top][0] * step, best[top][1] * step, weight)


def _progression(lines: list[_Line]) -> tuple[float, float, int, list[_Line]]:
    """The longest evenly spaced family of lines with a common extent: (first, pitch, count, members)."""
    best: tuple[float, float, int, list[_Line]] = (0.0, 0.0, 0, [])
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


def _with_pitch(lines: list[_Line], pitch: float) -> tuple[float, float, int, list[_Line]]:
    """The most lines of a common extent on one lattice of the given pitch."""
    best: tuple[float, float, int, list[_Line]] = (0.0, pitch, 0, [])
    tol = max(1.6, pitch * 0.08)
    for a in lines:
        members = [b for b in lines if _same_extent(a, b)
                   and abs((b.pos - a.pos) - round((b.pos - a.pos) / pitch) * pitch) <= tol]
        if len(members) > best[2]:
            best = (min(m.pos for m in members), pitch, len(members), members)
    return best


def _same_extent(a: _Line, b: _Line) -> bool:
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
    best: tuple[tuple[bool, float], Grid] | None = None
    refusal = BoardError("no board found in the image: no regular grid of cells")
    for base, edge in EDGES:  # sharp edges first, then edges blurred by scaling or JPEG
        edges_v, edges_h = _edges_along(across, base, edge), _edges_along(down, base, edge)
        try:
            grid = _grid_from(edges_v, edges_h, width, height, step_x, step_y)
        except BoardError as e:
            refusal = e
            continue
        candidates = [grid]
        if grid.rows >= 2 * MIN_CELLS and grid.cols >= 2 * MIN_CELLS:  # lines through the middle of the cells too
            candidates += [Grid(grid.left + a * grid.pitch_x, grid.top + b * grid.pitch_y, 2 * grid.pitch_x,
                                2 * grid.pitch_y, (grid.rows - b) // 2, (grid.cols - a) // 2)
                           for a in (0, 1) for b in (0, 1)]
        for grid in candidates:
            support = min(
                _support(edges_v, step_y, grid.left, grid.pitch_x, grid.cols, grid.top, grid.pitch_y * grid.rows),
                _support(edges_h, step_x, grid.top, grid.pitch_y, grid.rows, grid.left, grid.pitch_x * grid.cols))
            if support >= 0.8 and any(  # a coarse lattice of a finer grid's lines: not the cells
                    min(_support(edges_v, step_y, grid.left, grid.pitch_x / k, grid.cols * k, grid.top,
                                 grid.pitch_y * grid.rows),
                        _support(edges_h, step_x, grid.top, grid.pitch_y / k, grid.rows * k, grid.left,
                                 grid.pitch_x * grid.cols)) >= 0.8 for k in (2, 3)):
                continue
            key = (support >= 0.8, grid.rows * grid.cols if support >= 0.8 else support)
            if best is None or key > best[0]:
                best = (key, _extended(grid, edges_v, edges_h, step_x, step_y, width, height))
    if best is None:
        raise refusal
    if not best[0][0]:
        raise BoardError("no board found in the image: the lines found do not form one grid of cells")
    return best[1]


def _extended(grid: Grid, edges_v: list[list[int]], edges_h: list[list[int]], step_x: int, step_y: int,
              width: int, height: int) -> Grid:
    """The grid grown by a row or column wherever the lattice's next line outside it is an edge along
    the whole side: the board goes on (its outer lines were not found, a part of it was taken for all)."""
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols
    for _ in range(200):
        if rows > 100 or cols > 100:
            break
        # a new column: its outer line runs the board's height, and the lines between rows cross it
        right = left + px * cols
        if (left - px >= 0 and _support(edges_v, step_y, left - px, px, 0, top, py * rows) == 1
                and _support(edges_h, step_x, top, py, rows, left - px, px) >= 0.8):
            left, cols = left - px, cols + 1
        elif (right + px < width and _support(edges_v, step_y, right + px, px, 0, top, py * rows) == 1
              and _support(edges_h, step_x, top, py, rows, right, px) >= 0.8):
            cols += 1
        elif (top - py >= 0 and _support(edges_h, step_x, top - py, py, 0, left, px * cols) == 1
              and _support(edges_v, step_y, left, px, cols, top - py, py) >= 0.8):
            top, rows = top - py, rows + 1
        elif (top + py * (rows + 1) < height and _support(edges_h, step_x, top + py * (rows + 1), py, 0, left,
                                                          px * cols) == 1
              and _support(edges_v, step_y, left, px, cols, top + py * rows, py) >= 0.8):
            rows += 1
        else:
            break
    return Grid(left, top, px, py, rows, cols)


def _support(edges: list[list[int]], step: int, first: float, pitch: float, cells: int, start: float,
             span: float) -> float:
    """The share of the grid's lines (in one direction) along which edges run for at least half their length."""
    lo, hi = max(0, int(start / step)), min(len(edges), int((start + span) / step) + 1)
    if hi <= lo:
        return 0.0
    sets = [set(edges[k]) for k in range(lo, hi)]
    good = 0
    for k in range(cells + 1):
        x = int(first + k * pitch + 0.5)
        hits = sum(1 for row in sets if x in row or x - 1 in row or x + 1 in row or x - 2 in row or x + 2 in row)
        good += hits >= 0.5 * len(sets)
    return good / (cells + 1)


def _grid_from(edges_v: list[list[int]], edges_h: list[list[int]], width: int, height: int, step_x: int,
               step_y: int) -> Grid:
    """The grid the edges show (see find_grid)."""
    min_run = 2 * MIN_PITCH
    vertical = _long_runs(edges_v, step_y, width, min_run)  # lines at x, running down
    horizontal = _long_runs(edges_h, step_x, height, min_run)  # lines at y, running across
    x0, px, nx, xs = _progression(vertical)
    y0, py, ny, ys = _progression(horizontal)
    if max(nx, ny) >= MIN_CELLS + 1 and (min(nx, ny) < MIN_CELLS + 1 or max(px, py) > 1.1 * min(px, py)):
        # one direction is clearer (blurred bevels, JPEG): its pitch, with square cells, finds the other
        if nx >= ny:
            y0, py, ny, ys = _with_pitch(horizontal, px)
        else:
            x0, px, nx, xs = _with_pitch(vertical, py)
    if nx < MIN_CELLS + 1 or ny < MIN_CELLS + 1:
        raise BoardError("no board found in the image: no regular grid of cells")
    if max(px, py) > 1.35 * min(px, py):
        raise BoardError(f"no board found in the image: cells of {px:.0f}x{py:.0f} pixels are not square")
    # The lines between columns run from the board's top to its bottom, those between rows from its
    # left to its right: their common extent is the board, whether or not its outer lines were found.
    top, bottom = _median([line.start for line in xs]), _median([line.end for line in xs])
    left, right = _median([line.start for line in ys]), _median([line.end for line in ys])
    rows, cols = round((bottom - top) / py), round((right - left) / px)
    if rows < MIN_CELLS or cols < MIN_CELLS:
        raise BoardError("no board found in the image: the grid found has fewer than 2 rows or columns")
    # put the corner on the lattice of the lines found, next to where the extent says it is
    left_on = x0 - round((x0 - left) / px) * px
    top_on = y0 - round((y0 - top) / py) * py
    if abs(left_on - left) > 0.3 * px + 2 * step_x or abs(top_on - top) > 0.3 * py + 2 * step_y:
        raise BoardError("no board found in the image: the lines found do not form one grid")
    if nx - 1 > cols + 1 or ny - 1 > rows + 1:
        raise BoardError("no board found in the image: the lines found do not form one grid")
    # The lattice found may be one of a tile's inner lines (a bevel's): the cells' boundaries are
    # the lattice with edges in the most places over the board, opened and hidden cells alike.
    left_on, px = _best_phase(edges_v, step_y, width, left_on, px, cols, top_on, top_on + rows * py)
    top_on, py = _best_phase(edges_h, step_x, height, top_on, py, rows, left_on, left_on + cols * px)
    return Grid(left_on, top_on, px, py, rows, cols)


def _best_phase(edges: list[list[int]], step: int, length: int, first: float, pitch: float, cells: int,
                lo: float, hi: float) -> tuple[float, float]:
    """`first` and `pitch` moved (by up to a third of a cell, 2%) to where the lattice crosses the most edges."""
    hist = [0] * (length + 2)
    for k in range(max(0, int(lo / step)), min(len(edges), int(hi / step) + 1)):
        for x in edges[k]:
            hist[x] += 1
    near = [max(hist[max(0, x - 1):x + 2]) for x in range(length)]

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


def _median(values: list[int]) -> float:
    values = sorted(values)
    return float(values[len(values) // 2])


# -- 2. each cell's look ---------------------------------------------------------------------------
@dataclass
class _Cell:
    background: Rgb
    raised: float  # top and left brighter than bottom and right: a tile standing out
    ink: list[list[bool]]  # SAMPLES x SAMPLES, False at the border
    ink_count: int
    colours: list[Rgb]  # the ink's colours
    where: list[tuple[int, int]]  # and where they are (row, column of the samples)
    palette: dict[tuple[int, int, int], int]  # colours of the middle, 16 levels a channel: how many samples
    pix: list[list[Rgb]]  # the samples, SAMPLES x SAMPLES
    raised_grey: float  # `raised` from the grey pixels of the border strips only (a big digit's ink left out)


def _strip_lum(strip: list[Rgb]) -> float:
    """The median luminance of a border strip's grey pixels (all of them when few are grey)."""
    grey = [p for p in strip if max(p) - min(p) < 40]
    return _median_f([_lum(p) for p in (grey if len(grey) >= len(strip) // 3 else strip)])


def _median_f(values: list[float]) -> float:
    values.sort()
    return values[len(values) // 2]


def _lum(c: Rgb) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _sample_cell(width: int, height: int, rgba: bytes, grid: Grid, r: int, c: int) -> _Cell:
    n = max(SAMPLES, min(48, round(min(grid.pitch_x, grid.pitch_y))))  # about a sample a pixel, at least SAMPLES
    x0 = grid.left + c * grid.pitch_x
    y0 = grid.top + r * grid.pitch_y
    xs = [min(width - 1, max(0, int(x0 + (j + 0.5) * grid.pitch_x / n))) for j in range(n)]
    ys = [min(height - 1, max(0, int(y0 + (i + 0.5) * grid.pitch_y / n))) for i in range(n)]
    pix: list[list[Rgb]] = []
    for y in ys:
        base = y * width
        row = []
        for x in xs:
            k = (base + x) * 4
            row.append((rgba[k], rgba[k + 1], rgba[k + 2]))
        pix.append(row)
    m = n * 3 // 20  # the margin left out of the middle: borders, bevels, gaps
    counts: dict[tuple[int, int, int], int] = {}
    for i in range(m, n - m):
        for p in pix[i][m:n - m]:
            key = (p[0] >> 4, p[1] >> 4, p[2] >> 4)
            counts[key] = counts.get(key, 0) + 1
    ring: dict[tuple[int, int, int], int] = {}
    band = max(1, n // 10)
    for i in range(m, n - m):
        row = pix[i]
        picks = row[m:n - m] if i < m + band or i >= n - m - band else row[m:m + band] + row[n - m - band:n - m]
        for p in picks:
            key = (p[0] >> 4, p[1] >> 4, p[2] >> 4)
            ring[key] = ring.get(key, 0) + 1
    mode = max(ring, key=lambda key: (ring[key], counts.get(key, 0)))  # the colour around the glyph
    members = [p for i in range(m, n - m) for p in pix[i][m:n - m]
               if (p[0] >> 4, p[1] >> 4, p[2] >> 4) == mode]
    bg = (sum(p[0] for p in members) // len(members), sum(p[1] for p in members) // len(members),
          sum(p[2] for p in members) // len(members))
    strip = max(1, n // 12)
    inner = range(n // 5, n - n // 5)
    top_l = _median_f([_lum(pix[i][j]) for i in range(2, strip + 2) for j in inner])
    bottom_l = _median_f([_lum(pix[n - 1 - i][j]) for i in range(2, strip + 2) for j in inner])
    left_l = _median_f([_lum(pix[i][j]) for j in range(2, strip + 2) for i in inner])
    right_l = _median_f([_lum(pix[i][n - 1 - j]) for j in range(2, strip + 2) for i in inner])
    raised = (top_l + left_l - bottom_l - right_l) / 2
    strips = ([pix[i][j] for i in range(2, strip + 2) for j in inner],
              [pix[i][j] for j in range(2, strip + 2) for i in inner],
              [pix[n - 1 - i][j] for i in range(2, strip + 2) for j in inner],
              [pix[i][n - 1 - j] for j in range(2, strip + 2) for i in inner])
    lums = [_strip_lum(x) for x in strips]
    raised_grey = (lums[0] + lums[1] - lums[2] - lums[3]) / 2
    cell = _Cell(bg, raised, [], 0, [], [], counts, pix, raised_grey)
    _find_ink(cell, bg)
    return cell


def _find_ink(cell: _Cell, bg: Rgb) -> None:
    """The cell's ink: the samples of its middle far from the background `bg`."""
    pix = cell.pix
    n = len(pix)
    m = n * 3 // 20
    ink = [[False] * n for _ in range(n)]
    colours = []
    where = []
    t = INK
    br, bgg, bb = bg
    for i in range(m, n - m):
        row_pix, row_ink = pix[i], ink[i]
        for j in range(m, n - m):
            p = row_pix[j]
            if abs(p[0] - br) >= t or abs(p[1] - bgg) >= t or abs(p[2] - bb) >= t:
                row_ink[j] = True
                colours.append(p)
                where.append((i, j))
    cell.background, cell.ink, cell.ink_count, cell.colours, cell.where = bg, ink, len(colours), colours, where


# -- 3. glyph features -----------------------------------------------------------------------------
@dataclass
class _Glyph:
    box: tuple[int, int, int, int]  # top, left, bottom, right (inclusive)
    holes: int
    zones: list[float]  # 3 columns x 5 rows of ink density over the box, row-major
    aspect: float  # width / height
    fill: float
    count: int


def _components(mask: list[list[bool]], value: bool, diagonal: bool) -> list[list[tuple[int, int]]]:
    h, w = len(mask), len(mask[0])
    seen = [[False] * w for _ in range(h)]
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    out = []
    for i in range(h):
        for j in range(w):
            if mask[i][j] != value or seen[i][j]:
                continue
            seen[i][j] = True
            todo, comp = [(i, j)], []
            while todo:
                y, x = todo.pop()
                comp.append((y, x))
                for dy, dx in steps:
                    a, b = y + dy, x + dx
                    if 0 <= a < h and 0 <= b < w and not seen[a][b] and mask[a][b] == value:
                        seen[a][b] = True
                        todo.append((a, b))
            out.append(comp)
    return out


def _rule(comp: list[tuple[int, int]], n: int) -> bool:
    """A thin straight line across most of the cell: a bevel or grid line inside the margin, not ink."""
    rows = {y for y, _ in comp}
    cols = {x for _, x in comp}
    thin = max(2, n // 12)
    return (len(cols) <= thin and len(rows) >= 0.5 * n) or (len(rows) <= thin and len(cols) >= 0.5 * n)


def glyph_features(mask: list[list[bool]]) -> _Glyph | None:
    """Shape features of the ink in a square mask, or None when there is no glyph-sized ink."""
    n = len(mask)
    comps = [c for c in _components(mask, True, True) if len(c) >= max(3, n * n // 400) and not _rule(c, n)]
    if not comps:
        return None
    points = [p for comp in comps for p in comp]
    top = min(p[0] for p in points)
    bottom = max(p[0] for p in points)
    left = min(p[1] for p in points)
    right = max(p[1] for p in points)
    h, w = bottom - top + 1, right - left + 1
    if h < 4:
        return None
    box = [[False] * (w + 2) for _ in range(h + 2)]
    for y, x in points:
        box[y - top + 1][x - left + 1] = True
    holes = 0
    min_hole = max(1, (h * w) // 150)
    for comp in _components(box, False, False):
        if len(comp) >= min_hole and all(0 < y < h + 1 and 0 < x < w + 1 for y, x in comp):
            holes += 1
    zones = []
    for zr in range(5):
        y_a, y_b = top + h * zr / 5, top + h * (zr + 1) / 5
        for zc in range(3):
            x_a, x_b = left + w * zc / 3, left + w * (zc + 1) / 3
            inside = total = 0.0
            for y in range(int(y_a), int(y_b + 0.999)):
                if y > bottom:
                    break
                fy = min(y + 1, y_b) - max(y, y_a)
                if fy <= 0:
                    continue
                row = mask[y]
                for x in range(int(x_a), int(x_b + 0.999)):
                    if x > right:
                        break
                    fx = min(x + 1, x_b) - max(x, x_a)
                    if fx <= 0:
                        continue
                    total += fy * fx
                    if row[x]:
                        inside += fy * fx
            zones.append(inside / total if total else 0.0)
    return _Glyph((top, left, bottom, right), holes, zones, w / h, len(points) / (h * w), len(points))


# Digits 1-8 of ten common fonts (DejaVu Sans, Serif, Mono, Liberation Sans, Serif, Mono; regular and
# bold), rendered by tests/images/make_prototypes.py and measured by `glyph_features`: holes, aspect,
# then the 15 zone densities in hundredths.  Generated: do not edit by hand.
# PROTOTYPES-BEGIN
PROTOTYPES = (
    "1,0,57,58,84,0,0,75,0,0,75,0,0,75,0,36,84,36 2,0,64,48,36,55,0,0,67,0,21,50,17,76,7,79,45,36 "
    "3,0,71,36,43,56,0,4,56,4,46,43,0,0,60,46,43,56 4,1,71,0,59,40,16,54,40,57,23,40,84,77,83,0,20,40 "
    "5,0,64,67,36,24,67,21,7,10,14,74,0,0,55,60,48,55 6,1,71,35,43,36,51,50,12,87,14,57,66,0,60,35,43,53 "
    "7,0,57,36,36,84,0,12,63,0,45,30,2,68,5,25,50,0 8,2,71,53,36,53,49,0,49,46,50,46,60,0,60,53,36,53 "
    "1,0,61,56,87,0,0,82,0,0,82,0,0,82,0,56,92,56 2,0,63,58,53,49,1,0,71,0,25,54,9,62,4,83,58,53 "
    "3,0,60,44,50,50,0,0,75,12,56,56,0,0,62,50,50,50 4,1,78,0,54,36,16,42,36,47,9,36,70,59,71,0,7,36 "
    "5,0,63,63,53,39,54,16,4,28,37,63,0,0,62,59,53,55 6,1,65,33,50,38,60,25,2,85,33,67,63,0,63,38,50,38 "
    "7,0,67,56,56,82,0,8,60,0,44,25,0,67,0,14,54,0 8,2,65,52,60,38,69,0,52,58,63,40,58,0,58,52,60,50 "
    "1,0,71,89,100,10,7,81,10,0,80,10,5,81,16,70,100,100 2,0,71,89,86,68,4,22,94,1,64,51,49,75,9,100,100,100 "
    "3,0,71,80,77,68,11,37,83,34,89,64,2,20,100,80,77,68 4,1,86,0,82,50,29,86,50,62,54,50,95,89,89,29,64,64 "
    "5,0,71,97,71,50,96,50,15,50,57,94,6,11,94,86,86,57 6,1,79,53,82,60,88,25,6,97,68,55,87,12,82,71,77,53 "
    "7,0,71,100,100,100,7,43,66,0,65,36,10,87,6,51,59,0 8,2,71,89,83,89,86,24,86,73,86,62,90,1,91,86,77,89 "
    "1,0,72,86,100,8,13,100,8,8,100,8,8,100,8,85,100,85 2,0,74,77,92,41,17,27,79,0,52,55,45,73,2,100,85,79 "
    "3,0,70,68,98,54,0,23,79,27,88,57,5,13,100,84,93,48 4,1,89,1,84,44,30,82,44,62,53,44,99,97,97,17,58,53 "
    "5,0,74,79,100,79,79,49,10,50,71,82,3,8,100,87,85,66 6,1,70,32,93,62,91,29,9,100,68,89,95,9,89,43,96,59 "
    "7,0,78,83,85,96,0,33,64,0,71,31,6,88,5,38,60,0 8,2,70,59,96,59,95,25,95,68,79,68,89,4,89,59,96,59 "
    "1,0,50,38,92,14,3,71,14,0,71,14,0,71,14,20,82,45 2,0,64,67,36,55,5,0,60,0,17,40,2,31,2,69,71,81 "
    "3,0,71,44,36,53,2,4,56,0,31,39,4,0,60,64,36,53 4,1,71,0,61,10,14,47,10,41,20,10,42,49,42,4,49,42 "
    "5,0,64,57,36,24,48,21,7,26,14,62,14,0,67,57,48,43 6,1,71,35,43,44,51,21,11,91,21,46,77,0,60,42,36,53 "
    "7,0,64,81,71,69,2,7,45,0,38,5,0,52,0,12,33,0 8,2,71,53,36,53,60,0,60,35,50,35,60,0,60,53,36,53 "
    "1,0,53,34,71,0,11,60,0,0,60,0,0,60,0,18,71,26 2,0,63,57,46,49,9,0,58,0,12,45,9,41,3,76,53,76 "
    "3,0,60,50,50,44,12,0,69,0,38,56,6,0,50,56,50,50 4,1,74,0,49,14,9,56,14,36,29,14,44,47,37,0,45,31 "
    "5,0,63,51,53,39,29,16,4,25,11,61,16,0,51,63,26,55 6,1,65,37,40,44,54,25,2,77,13,60,69,0,63,31,42,37 "
    "7,0,67,78,56,74,6,0,47,0,19,25,0,49,0,0,50,0 8,2,65,44,50,38,63,0,63,56,42,40,58,0,58,50,46,48 "
    "1,0,64,57,100,0,2,100,0,0,100,0,0,100,0,36,100,36 2,0,71,66,59,68,2,20,94,0,39,51,33,42,15,89,71,80 "
    "3,0,71,66,49,68,2,26,94,4,64,53,2,6,93,55,49,79 4,1,86,0,82,25,20,71,25,38,50,25,41,68,52,0,68,43 "
    "5,0,71,59,71,50,44,46,19,4,24,96,13,20,100,55,59,57 6,1,79,58,39,53,80,19,6,95,37,65,82,9,82,66,55,63 "
    "7,0,71,100,100,100,29,7,46,0,21,24,0,45,2,7,44,0 8,2,86,66,61,66,70,30,70,54,61,36,95,0,84,73,45,66 "
    "1,0,63,42,93,25,11,100,25,0,100,25,0,100,25,20,100,45 2,0,74,56,64,41,8,29,79,0,39,55,28,43,16,92,79,88 "
    "3,0,70,55,63,54,11,29,79,7,70,62,5,7,100,55,57,59 4,1,84,0,68,44,16,72,44,38,50,44,42,63,59,2,63,54 "
    "5,0,74,79,100,57,33,38,9,20,28,76,14,8,99,58,53,62 6,1,70,38,52,61,87,21,9,100,25,95,100,13,96,43,54,59 "
    "7,0,78,90,83,90,29,2,52,0,29,25,0,52,1,8,44,0 8,2,75,45,55,60,75,20,95,50,50,70,95,0,100,50,55,60 "
    "1,0,64,79,100,0,5,100,0,0,100,0,0,100,0,71,100,71 2,0,64,57,71,88,2,0,100,0,50,50,29,60,0,90,81,71 "
    "3,0,71,50,77,59,2,30,60,9,89,44,4,6,74,89,77,59 4,1,71,0,59,40,16,75,40,61,30,40,84,77,83,0,20,40 "
    "5,0,57,93,71,71,80,21,13,63,54,91,3,4,77,82,86,60 6,1,64,64,81,57,81,24,10,95,74,67,88,0,98,64,71,55 "
    "7,0,57,71,75,100,0,21,79,0,69,44,11,83,5,52,61,0 8,2,64,88,81,55,76,10,67,76,81,43,76,10,90,88,81,55 "
    "1,0,67,81,75,0,3,75,0,0,75,0,0,75,0,83,96,83 2,0,63,80,83,49,12,3,95,0,50,47,30,76,0,95,84,79 "
    "3,0,60,81,94,50,0,6,88,19,81,62,0,0,94,81,94,56 4,1,72,1,74,54,29,78,54,66,42,54,87,90,92,0,38,54 "
    "5,0,63,75,79,59,75,16,4,47,70,72,1,1,100,84,84,61 6,1,60,38,75,56,88,25,12,100,56,88,94,0,81,38,81,56 "
    "7,0,67,83,83,96,0,31,67,0,62,31,3,89,1,39,61,0 8,2,60,50,88,50,88,0,94,56,75,62,88,0,81,56,88,56 "
    "1,0,64,43,67,0,17,67,0,0,67,0,0,67,0,36,79,36 2,0,71,53,36,53,4,0,49,0,34,26,22,38,0,64,36,36 "
    "3,0,71,44,36,53,2,0,49,7,71,46,15,0,60,53,36,53 4,1,71,0,48,40,12,68,40,46,23,40,84,77,83,0,20,40 "
    "5,0,71,64,36,25,45,21,9,31,29,61,4,0,60,56,50,46 6,1,71,35,43,44,51,21,11,86,29,61,39,0,58,35,43,44 "
    "7,0,71,36,36,64,0,18,31,0,55,5,4,45,0,10,50,0 8,2,71,53,36,53,49,0,49,52,50,41,54,0,54,53,36,53 "
    "1,0,61,47,89,0,14,82,0,0,82,0,0,82,0,56,92,56 2,0,63,43,59,49,22,0,68,0,21,47,24,51,0,82,53,53 "
    "3,0,60,50,56,50,19,0,62,0,56,56,19,0,50,50,56,56 4,1,78,0,38,36,5,45,36,35,15,36,70,59,71,0,7,36 "
    "5,0,68,62,53,28,51,16,1,59,41,58,2,0,60,62,53,55 6,2,60,38,56,50,62,19,0,81,25,62,69,0,50,38,50,50 "
    "7,0,67,56,56,85,0,10,42,0,50,6,0,64,0,0,50,0 8,2,60,44,50,50,69,0,56,50,38,62,56,0,50,50,50,56 "
    "1,0,64,64,100,0,19,100,0,0,100,0,0,100,0,71,100,71 2,0,71,68,83,59,39,7,84,1,61,49,48,42,0,97,71,71 "
    "3,0,71,65,77,59,39,12,74,7,81,53,39,6,93,65,77,68 4,1,79,0,71,45,23,78,45,60,41,45,83,82,84,0,36,45 "
    "5,0,71,67,71,50,69,39,19,50,50,80,39,3,91,68,83,57 6,1,71,59,83,59,78,20,14,97,61,79,89,3,91,59,83,68 "
    "7,0,71,71,71,97,0,25,54,1,76,13,12,78,0,40,50,0 8,2,71,65,71,65,86,9,75,62,77,62,90,0,90,65,71,65 "
    "1,0,72,50,97,8,14,85,8,0,85,8,0,85,8,56,93,59 2,0,68,57,86,38,54,13,75,1,61,51,49,52,1,98,79,79 "
    "3,0,70,43,86,43,30,9,79,0,77,52,41,4,84,43,86,54 4,1,83,0,69,40,19,67,40,61,24,40,76,64,73,0,20,40 "
    "5,0,68,80,79,61,94,16,5,87,67,74,23,1,91,80,82,59 6,1,65,40,87,40,81,15,19,92,58,75,92,4,88,40,81,40 "
    "7,0,67,83,83,100,0,17,69,0,75,25,10,83,0,25,61,0 8,2,65,60,79,52,92,8,73,69,79,48,81,0,92,58,75,52 "
    "1,0,50,37,61,0,17,71,0,14,71,0,14,71,0,45,82,36 2,0,57,60,40,53,3,0,75,0,14,42,12,26,0,82,71,71 "
    "3,0,57,60,40,79,3,3,72,9,38,42,3,0,48,60,36,71 4,1,71,0,21,36,2,59,40,27,23,40,53,49,61,0,20,40 "
    "5,0,57,60,36,22,43,19,0,36,17,60,3,0,48,60,40,66 6,0,64,45,36,36,64,14,0,79,21,57,67,0,64,55,36,45 "
    "7,0,64,81,71,69,2,7,33,0,45,5,2,45,0,45,10,0 8,2,71,53,36,53,54,0,54,38,36,38,47,0,47,44,36,44 "
    "1,0,44,28,91,25,0,87,25,0,87,25,0,87,25,17,91,46 2,0,67,39,28,50,3,0,58,0,12,43,12,22,1,78,56,56 "
    "3,0,60,38,25,50,0,0,56,0,38,38,6,0,75,56,25,44 4,1,72,0,32,31,6,47,31,31,19,31,70,62,69,0,15,31 "
    "5,0,61,67,28,20,57,5,0,37,30,46,3,0,74,47,30,54 6,1,60,25,31,38,56,0,0,81,31,62,62,0,50,38,31,44 "
    "7,0,61,68,56,68,3,3,39,0,32,9,2,37,0,28,11,0 8,2,60,44,38,44,50,0,56,44,25,44,75,0,56,44,38,44 "
    "1,0,57,38,82,25,7,88,25,0,87,25,0,87,25,36,92,52 2,0,57,60,44,87,3,12,100,0,48,46,37,38,0,93,71,71 "
    "3,0,71,44,59,59,2,26,64,4,64,34,4,13,88,53,49,59 4,1,71,0,39,70,6,55,70,38,23,70,78,77,91,0,20,70 "
    "5,0,64,81,71,48,40,14,0,33,50,45,14,33,79,57,57,43 6,1,71,38,59,44,76,37,4,95,57,64,74,16,88,38,56,56 "
    "7,0,64,81,71,81,14,7,45,0,50,5,2,64,0,45,33,0 8,2,71,59,61,59,70,40,70,47,56,47,81,0,81,56,50,56 "
    "1,0,61,45,88,0,24,91,0,18,91,0,18,91,0,41,93,28 2,0,63,45,58,49,8,5,88,0,37,47,24,51,0,95,79,79 "
    "3,0,60,38,56,50,6,25,75,6,69,44,12,0,100,56,50,56 4,1,78,0,42,57,5,60,57,30,32,57,80,76,86,17,40,64 "
    "5,0,67,64,56,42,51,6,1,31,43,69,12,0,100,71,42,65 6,1,60,31,56,44,88,6,6,100,50,81,94,0,100,38,56,56 "
    "7,0,61,88,83,92,11,7,57,0,48,20,7,73,0,48,41,0 8,2,60,50,62,56,88,6,94,50,50,62,100,0,100,56,50,56 "
    "1,0,71,32,93,10,39,81,10,0,80,10,0,80,10,71,94,74 2,0,71,68,83,68,39,7,86,6,61,49,54,42,0,97,71,71 "
    "3,0,71,65,77,68,39,6,86,7,77,64,39,4,92,76,71,65 4,1,86,0,66,50,14,79,50,55,38,50,82,79,86,0,25,50 "
    "5,0,71,76,71,50,92,39,19,82,50,91,39,3,91,68,83,57 6,1,71,59,83,59,89,20,24,97,61,79,89,3,91,59,83,68 "
    "7,0,71,71,71,97,0,25,54,1,76,13,12,78,0,40,50,0 8,2,71,65,71,65,86,9,86,62,77,62,90,0,90,65,71,65 "
    "1,0,72,40,96,8,43,86,8,0,85,8,0,85,8,83,97,85 2,0,74,41,87,52,45,10,88,2,56,55,46,56,2,95,80,79 "
    "3,0,70,43,86,54,41,5,88,0,93,57,46,2,86,54,96,59 4,1,83,0,69,40,26,61,40,64,24,40,88,87,90,0,20,40 "
    "5,0,74,79,80,62,79,22,6,70,67,80,28,1,86,66,82,66 6,1,70,32,86,54,75,18,20,96,64,80,79,7,86,27,86,54 "
    "7,0,78,83,83,94,0,21,57,0,70,16,10,76,0,26,60,0 8,2,70,43,75,54,79,9,84,52,79,57,86,0,86,54,75,59 "
)
# PROTOTYPES-END


def _prototypes() -> list[tuple[int, int, float, list[float]]]:
    out = []
    for line in PROTOTYPES.split():
        digit, holes, aspect, *zones = line.split(",")
        out.append((int(digit), int(holes), int(aspect) / 100, [int(z) / 100 for z in zones]))
    return out


_PROTOS = _prototypes()

# Ink hues of digits in the common palettes (degrees), for chromatic ink.
_HUES: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((195, 250),),
    2: ((75, 160),),
    3: ((340, 360), (0, 20)),
    4: ((225, 300),),
    5: ((340, 360), (0, 50)),
    6: ((165, 200),),
    7: ((260, 330),),
    8: (),
}


def _hue(colours: list[Rgb]) -> tuple[float, float, float] | None:
    """The ink's hue, saturation and lightness (of its most saturated half), or None when it is grey."""
    scored = sorted(colours, key=lambda p: max(p) - min(p), reverse=True)
    top = scored[:max(1, len(scored) // 2)]
    r = sum(p[0] for p in top) / len(top)
    g = sum(p[1] for p in top) / len(top)
    b = sum(p[2] for p in top) / len(top)
    hi, lo = max(r, g, b), min(r, g, b)
    light = (hi + lo) / 2
    if hi - lo < 40:
        return None
    d = hi - lo
    if hi == r:
        hue = 60 * (((g - b) / d) % 6)
    elif hi == g:
        hue = 60 * ((b - r) / d + 2)
    else:
        hue = 60 * ((r - g) / d + 4)
    return hue, d / 255, light


def _hue_fits(digit: int, hue: float) -> bool:
    return any(a <= hue <= b for a, b in _HUES[digit])


def classify_digit(glyph: _Glyph, colours: list[Rgb]) -> tuple[int, float]:
    """The digit the glyph shows and a confidence in [0, 1]."""
    hsl = _hue(colours)
    best: dict[int, float] = {}
    for digit, holes, aspect, zones in _PROTOS:
        d = sum(abs(a - b) for a, b in zip(zones, glyph.zones)) / 15
        d += 0.25 * abs(holes - glyph.holes) + 0.6 * abs(aspect - glyph.aspect)
        if d < best.get(digit, 9.0):
            best[digit] = d
    by_shape = dict(best)
    if hsl is not None:  # chromatic ink: digits never drawn in this hue are unlikely
        hue, _, light = hsl
        for digit in best:
            if not _hue_fits(digit, hue):
                best[digit] += 0.3
        # the classic palette draws 3 bright red and 5 dark red, 1 bright blue and 4 dark blue
        if hue >= 340 or hue < 10:  # red: bright a 3, dark (maroon) a 5
            best[5 if light >= 90 else 3] += 0.3
        elif hue < 50:  # salmon, orange, brown: a 5
            best[3] += 0.3
        elif 225 <= hue <= 250:
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
    return first, confidence


# -- 4. the board ----------------------------------------------------------------------------------
def _is_flag(cell: _Cell, glyph: _Glyph | None) -> bool:
    """A red mark in the upper part of the ink with a pole or base below it that is not red."""
    if glyph is None or not cell.colours:
        return False
    red = [i for p, (i, _) in zip(cell.colours, cell.where) if p[0] > 120 and p[0] - max(p[1], p[2]) > 60]
    rest = [i for p, (i, _) in zip(cell.colours, cell.where) if not (p[0] > 90 and p[0] - max(p[1], p[2]) > 30)]
    if len(red) < 0.15 * len(cell.colours) or len(rest) < 0.12 * len(cell.colours):
        return False
    top, _, bottom, _ = glyph.box
    height = bottom - top + 1
    red_low = max(red)
    rest_low = max(rest)
    red_mid = sum(red) / len(red)
    rest_mid = sum(rest) / len(rest)
    return rest_low - red_low >= 0.2 * height and rest_mid - red_mid >= 0.15 * height


def _symmetric(cell: _Cell, glyph: _Glyph) -> bool:
    """Ink that is its own mirror image (left to right): a mine's round body and spikes, never a flag."""
    top, left, bottom, right = glyph.box
    same = total = 0
    for i in range(top, bottom + 1):
        row = cell.ink[i]
        for j in range(left, right + 1):
            a, b = row[j], row[left + right - j]
            total += a or b
            same += a and b
    return total > 0 and same >= 0.75 * total


def _has_red(cell: _Cell) -> bool:
    return sum(1 for p in cell.colours if p[0] > 120 and p[0] - max(p[1], p[2]) > 60) >= 0.2 * len(cell.colours)


def _is_mine(glyph: _Glyph, colours: list[Rgb]) -> bool:
    """A shown mine: a dark round blob, about as wide as tall, mostly filled."""
    dark = sum(1 for p in colours if max(p) < 90)
    return 0.8 <= glyph.aspect <= 1.25 and glyph.fill > 0.5 and dark > 0.6 * len(colours)


def _presence(cell: _Cell, colour: Rgb) -> float:
    """The share of the middle of the cell that is of about this colour."""
    r, g, b = colour[0] >> 4, colour[1] >> 4, colour[2] >> 4
    near = sum(n for (x, y, z), n in cell.palette.items() if abs(x - r) <= 1 and abs(y - g) <= 1 and abs(z - b) <= 1)
    return near / max(1, sum(cell.palette.values()))


def _colour_distance(a: _Cell, b: _Cell) -> float:
    return (abs(a.background[0] - b.background[0]) + abs(a.background[1] - b.background[1])
            + abs(a.background[2] - b.background[2]))


def _distance(a: _Cell, b: _Cell) -> float:
    return (abs(a.background[0] - b.background[0]) + abs(a.background[1] - b.background[1])
            + abs(a.background[2] - b.background[2])) + 1.0 * abs(a.raised - b.raised)


def read_image(width: int, height: int, rgba: bytes | bytearray | memoryview, threshold: float = THRESHOLD) -> Reading:
    """The board in an RGBA image (row-major bytes, 4 per pixel), with each cell's confidence."""
    data = bytes(rgba)
    if width <= 0 or height <= 0 or len(data) != width * height * 4:
        raise BoardError(f"{len(data)} bytes is not a {width}x{height} RGBA image")
    grid = find_grid(width, height, data)
    if grid.rows > 100 or grid.cols > 100:
        raise BoardError(f"the grid found is {grid.rows}x{grid.cols} cells: too big to be a board")
    cells = [_sample_cell(width, height, data, grid, r, c) for r in range(grid.rows) for c in range(grid.cols)]
    glyphs = [glyph_features(cell.ink) if cell.ink_count else None for cell in cells]
    flags = [_is_flag(cell, g) for cell, g in zip(cells, glyphs)]
    # cluster the looks of the cells without ink, then put each cell with ink by its background
    centres: list[list[_Cell]] = []
    label = [-1] * len(cells)
    for i, cell in enumerate(cells):
        if glyphs[i] is not None:
            continue
        for k, members in enumerate(centres):
            if _distance(cell, members[0]) <= 48:
                members.append(cell)
                label[i] = k
                break
        else:
            centres.append([cell])
            label[i] = len(centres) - 1
    for i, cell in enumerate(cells):
        if label[i] >= 0:
            continue
        # a cell with ink belongs to the look whose background covers most of it (a big digit may
        # cover more than its background): same colour, then the same border
        scores = [(_presence(cell, members[0].background) - 0.004 * abs(cell.raised_grey - members[0].raised), k)
                  for k, members in enumerate(centres)]
        best = max(scores, default=(0.0, -1))
        presence = {k: _presence(cell, members[0].background) for k, members in enumerate(centres)}
        tied = [k for k in presence if presence[k] >= max(presence.values(), default=0.0) - 0.05]
        if len(tied) > 1 and presence[tied[0]] >= 0.06 and (flags[i] or _hue(cell.colours) is not None):
            # looks of one colour (classic tiles, raised or not): a flag stands on a raised tile, a
            # coloured digit lies on a flat, opened one
            pick = (max if flags[i] else min)(tied, key=lambda k: centres[k][0].raised)
            best = (presence[pick], pick)
        if best[1] >= 0 and best[0] >= 0.06:
            k = best[1]
            if _colour_distance(cell, centres[k][0]) > 30:  # its ink was measured from a wrong background
                _find_ink(cell, centres[k][0].background)
                glyphs[i] = glyph_features(cell.ink) if cell.ink_count else None
                flags[i] = _is_flag(cell, glyphs[i])
            else:
                cell.background = centres[k][0].background
            centres[k].append(cell)
            label[i] = k
        else:
            centres.append([cell])
            label[i] = len(centres) - 1
    digits_in = [0] * len(centres)
    blank_in = [0] * len(centres)
    for k, g, f in zip(label, glyphs, flags):
        if g is not None and not f:
            digits_in[k] += 1
        elif g is None:
            blank_in[k] += 1
    sizes = [len(m) for m in centres]
    opened = max(range(len(centres)), key=lambda k: (digits_in[k], sizes[k] if len(centres) == 1 else 0))
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
    out: list[str] = []
    conf: list[float] = []
    for i, cell in enumerate(cells):
        k, g = label[i], glyphs[i]
        bonus = _margin(cell, centres, k)
        if (g is not None and _symmetric(cell, g) and (flags[i] or _has_red(cell) or k != opened)
                and (_lum(cell.background) < 70 or _is_mine(g, cell.colours))):
            out.append(HIDDEN)  # a mine shown at the end of a game (or a mark in a ring: left to the user)
            conf.append(0.45)
        elif flags[i] and (k in (hidden, opened) or _lum(cell.background) > 80):  # not a shown mine's dark look
            out.append(FLAG)
            conf.append(min(1.0, 0.6 + bonus))
        elif k == opened:
            if g is None:
                out.append("0")
                conf.append(min(1.0, 0.55 + bonus))
            elif _is_mine(g, cell.colours):
                out.append(HIDDEN)
                conf.append(0.6)
            else:
                digit, sure = classify_digit(g, cell.colours)
                out.append(str(digit))
                conf.append(min(sure, 0.55 + bonus))
        elif k == hidden and g is not None and _has_red(cell):  # a red mark on a hidden cell: a flag
            out.append(FLAG)
            conf.append(min(1.0, 0.55 + bonus))
        elif k == hidden:
            out.append(HIDDEN)
            conf.append(min(1.0, 0.55 + bonus) if g is None else 0.3)
        elif g is not None and _has_red(cell) and _lum(cell.background) > 80:  # a flag on a look of its own
            # (a shown mine is a dark cell, an exploded one dark ink on red: both read as hidden)
            out.append(FLAG)
            conf.append(0.55)
        else:  # another look: an exploded mine, a wrong flag, a mark
            out.append(HIDDEN)
            conf.append(0.5 if g is not None else 0.35)
    if _continues(width, height, data, grid, centres):  # a part of a board: nothing is sure
        conf = [min(c, 0.4) for c in conf]
    for i in _inconsistent(out, grid.rows, grid.cols):
        conf[i] = min(conf[i], 0.4)
    board = Board(grid.rows, grid.cols, tuple(out))
    return Reading(board, tuple(conf), grid, threshold)


def _inconsistent(cells: list[str], rows: int, cols: int) -> set[int]:
    """Cells of a reading no game can show, with their neighbours: a 0 next to a hidden cell (opening
    a 0 opens its neighbours), a number with more flags around it, or fewer hidden cells and flags."""
    bad: set[int] = set()
    for i, ch in enumerate(cells):
        if ch in (HIDDEN, FLAG):
            continue
        r, c = divmod(i, cols)
        around = [y * cols + x for y in range(max(0, r - 1), min(rows, r + 2))
                  for x in range(max(0, c - 1), min(cols, c + 2)) if (y, x) != (r, c)]
        unknown = [j for j in around if cells[j] in (HIDDEN, FLAG)]
        flags = sum(cells[j] == FLAG for j in around)
        if (ch == "0" and unknown) or int(ch) > len(unknown) or flags > int(ch):
            bad.add(i)
            bad.update(unknown)
    return bad


def _continues(width: int, height: int, data: bytes, grid: Grid, centres: list[list[_Cell]]) -> bool:
    """Whether the cells just outside the grid, on some side, look like the board's: then the grid
    found is a part of the board, and its reading must not be offered as the board."""
    looks = [members[0] for members in centres if len(members) >= 3]
    sides = [[(-1, c) for c in range(grid.cols)], [(grid.rows, c) for c in range(grid.cols)],
             [(r, -1) for r in range(grid.rows)], [(r, grid.cols) for r in range(grid.rows)]]
    for side in sides:
        inside = [(r, c) for r, c in side
                  if grid.left + c * grid.pitch_x >= 0 and grid.left + (c + 1) * grid.pitch_x <= width
                  and grid.top + r * grid.pitch_y >= 0 and grid.top + (r + 1) * grid.pitch_y <= height]
        if len(inside) < max(2, 0.8 * len(side)):
            continue
        alike = 0
        for r, c in inside:
            cell = _sample_cell(width, height, data, grid, r, c)
            alike += any(_distance(cell, look) <= 48 for look in looks)
        if alike >= 0.7 * len(inside) and _outer_line(width, height, data, grid, side[0]):
            return True
    return False


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


def _margin(cell: _Cell, centres: list[list[_Cell]], k: int) -> float:
    """How much nearer the cell is to its own look than to any other, as a bonus in [0, 0.45]."""
    own = _distance(cell, centres[k][0])
    other = min((_distance(cell, m[0]) for j, m in enumerate(centres) if j != k), default=999.0)
    return max(0.0, min(0.45, (other - own) / 200))
