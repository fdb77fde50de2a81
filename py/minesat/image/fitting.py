"""Fitting the lattice found onto the board's cells: the fit-ups of `minesat.image.grid`'s lattice once the
line families have found it.

In order (`fitted`): the lattice fitted to the edges' exact places (the thin lines' and bevels' pixels), or to
their middles where it was found on bands of edges; the bands of a frame taken for the board's outer cells
trimmed off; then moved onto the tiles: onto raised tiles' boundaries (where a dark bevel meets the next tile's
light one), or else onto flat tiles' middles (where they are most nearly their own mirror images).  Also
`best_phase`, the lattice moved to where it crosses the most edges, which the line-family search uses too.
Pure Python, for Pyodide too.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median_high

from minesat.image.edges import BROKEN, EXACT, Edges, coverage, edge_share, histogram
from minesat.image.lattice import Grid


def fitted(grid: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int, rgba: bytes, mode: int,
           grown: bool) -> Grid:
    """The lattice found on the edges of `mode` (and `grown` to the board's frame, or not) fitted onto the
    board's cells: to the edges' exact places, less a frame's bands beyond the board, onto the tiles."""
    grid = _refitted(grid, edges_v, edges_h, width, height, mode, grown)
    return _onto_tiles(_trimmed(grid, edges_v, edges_h, width, height), width, height, rgba)


def _refitted(grid: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int, mode: int, grown: bool
              ) -> Grid:
    """The grid fitted to the edges' exact places (`_exact_fit`); found on bands of edges (not EXACT ones) or
    `grown` to a frame beyond the edges it was found on, centred on the edges' middles first (`_centred`)."""
    if mode == EXACT and not grown:
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


def best_phase(edges: Edges, length: int, first: float, pitch: float, cells: int,
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
    off passes `best_phase`, which takes the best edge within a pixel; over a board of many cells that
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


def _least_squares(points: Sequence[tuple[int, float]]) -> tuple[float, float]:
    """The least-squares line through (k, x) points (two k's at least): its x at k = 0, and its slope."""
    mk = sum(k for k, _ in points) / len(points)
    mx = sum(x for _, x in points) / len(points)
    slope = sum((k - mk) * (x - mx) for k, x in points) / sum((k - mk) ** 2 for k, _ in points)
    return mx - slope * mk, slope


def _trimmed(grid: Grid, edges_v: Edges, edges_h: Edges, width: int, height: int) -> Grid:
    """The grid less its outer rows (or columns) that the lines between the cells do not cross (under 80% of
    them, and a fifth less than the next), where they cross the next one in nearly everywhere: bands of a frame
    (its bevel, a window's edge, a counter's panel, a cell or so beyond the board) taken for the board's last
    cells (the grid with the most cells is chosen, and a lattice a line or two longer keeps most of its lines),
    with a line along the whole side inside them.  A quarter of the rows (columns) at most."""
    left, top, px, py, rows, cols = grid.left, grid.top, grid.pitch_x, grid.pitch_y, grid.rows, grid.cols
    if rows < 2 or cols < 2:  # no line between its cells (a row of them): nothing to trim by
        return grid

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


def _onto_tiles(grid: Grid, width: int, height: int, rgba: bytes) -> Grid:
    """The grid moved onto raised tiles' boundaries (`_on_bevels`), or else, where under a tenth of its cells look
    raised, centred on flat tiles (`_centred_on_tiles`).  Boards of 4 rows and columns at least."""
    if grid.rows < 4 or grid.cols < 4:
        return grid
    green = rgba[1::4]
    share = _raised_share(grid, width, height, green)
    moved = _on_bevels(grid, width, height, green, share)
    if moved != grid or share >= 0.1:  # raised tiles (half of them on the lattice moved): no mirror images
        return moved
    return _centred_on_tiles(grid, width, height, green)


def _on_bevels(grid: Grid, width: int, height: int, green: bytes, share: float) -> Grid:
    """The grid moved onto raised tiles' boundaries: where each tile's dark bevel meets the next one's light
    bevel, the one place along a line between cells where the image steps up from dark to light by half as much
    again as it ever steps down (a flat skin's line steps down as much as up).  A lattice fitted to the middle of
    a band of a bevel's edges (JPEG's, or a scaled tile's) sits a few pixels inside the tiles, where no tile
    looks raised.  Each line between cells where the step is into a light bevel is placed so (half of them at
    least), and the lattice fitted to them (least squares).  `share`: the grid's cells that look raised
    (`_raised_share`)."""
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

    # moved only where few tiles look raised and half of them do on the lattice moved (not a lost game's opened
    # board, whose steps up are out of lines and ink into opened faces)
    if share >= 0.3 or (sampled := _sampled_lines(grid, width, height, (0.35, 0.65), sparse=False)) is None:
        return grid
    offsets, xs = sampled
    left, px = placed(left, px, cols, offsets, 1, width)
    top, py = placed(top, py, rows, xs, width, height)
    moved = Grid(left, top, px, py, rows, cols)
    return grid if moved == grid or _raised_share(moved, width, height, green) < 0.5 else moved


def _centred_on_tiles(grid: Grid, width: int, height: int, green: bytes) -> Grid:
    """The grid moved (by up to a quarter of a cell, each direction) to where its cells are most nearly their
    own mirror images, when that is much more so than where it was: flat tiles with gaps between them, each
    with an outline (a neon look's), are symmetric about their middles, and a lattice on the board's frame or
    on the outlines' edges cuts them off centre, an outline inside the cells' middles.  Raised tiles (a light
    top, a dark bottom) are no mirror images anywhere: see `_onto_tiles`."""
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

    if (sampled := _sampled_lines(grid, width, height, (0.5,), sparse=True)) is None:
        return grid
    offsets, xs = sampled
    new_left = centred(left, px, cols, offsets, 1, width)
    new_top = centred(top, py, rows, xs, width, height)
    return grid if (new_left, new_top) == (left, top) else Grid(new_left, new_top, px, py, rows, cols)


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


def _sampled_lines(grid: Grid, width: int, height: int, fractions: tuple[float, ...], sparse: bool
                   ) -> tuple[list[int], list[int]] | None:
    """The rows and the columns of pixels through each cell at these fractions of it (with `sparse`, through
    every (rows // 8)-th row of cells and (cols // 8)-th column only), for the fit-ups that compare pixels along
    them: the rows' offsets in the image (y * width) and the columns' x; None when one is outside the image."""
    every_row, every_col = (max(1, grid.rows // 8), max(1, grid.cols // 8)) if sparse else (1, 1)
    ys = [int(grid.top + (r + f) * grid.pitch_y) for r in range(0, grid.rows, every_row) for f in fractions]
    xs = [int(grid.left + (c + f) * grid.pitch_x) for c in range(0, grid.cols, every_col) for f in fractions]
    if not (0 <= min(xs) and max(xs) < width and 0 <= min(ys) and max(ys) < height):
        return None
    return [y * width for y in ys], xs
