"""Where the colour steps in a screenshot: edges along sampled rows and columns of pixels, and the long
straight lines they make up (the raw material of `minesat.image.grid`).  Pure Python (no numpy), for
Pyodide too: a line of pixels is compared all at once as lanes of one big integer."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

WIDE = 8  # pixels: a group of edges wider than this is more than one line
BAND = 0.6  # see long_runs
# How `long_runs` makes lines of edges (see there)
EXACT, SPLIT, BANDS, BROKEN, CROSSED = 0, 1, 2, 3, 4
DENSE = 0.8  # see long_runs


@dataclass
class Line:
    pos: float
    start: int
    end: int
    weight: int


EDGES = ((1, 6), (2, 6))  # pixels either side of an edge compared, and the step they must show


@dataclass(frozen=True)
class Edges:
    """Where the colour steps along sampled lines of the image (rows, or columns), `step` pixels apart:
    flags, a byte a position (1: an edge), line after line, so that the lines with an edge at a position
    are one strided slice."""

    flags: bytes
    lines: int
    length: int  # positions a line
    step: int

    def near(self, x: int, lo: int, hi: int) -> int:
        """How many of the lines lo..hi-1 have an edge within 2 pixels of position x."""
        n = self.length
        lines = 0
        for p in range(max(0, x - 2), min(n, x + 3)):
            lines |= int.from_bytes(self.flags[lo * n + p:hi * n:n], "little")
        return lines.bit_count()

    def lines_across(self, start: float, span: float) -> tuple[int, int]:
        """The first and the last + 1 of the sampled lines crossing [start, start + span]."""
        return max(0, int(start / self.step)), min(self.lines, int((start + span) / self.step) + 1)


def edges_along(lines: Sequence[tuple[bytes, bytes, bytes]], step: int) -> list[Edges]:
    """For each test of EDGES, for each line of pixels (three channels), where the colour steps: with
    `base` 1, a channel differs by `edge` between the pixels before and after; else the channels'
    differences between the pixels `base` before and `base` after add up to 2 * `edge` or more.

    Each line's pixels are compared all at once, as 16-bit lanes of big integers (pure Python's
    fastest arithmetic over many small numbers): a lane holds one pixel's difference, offset to stay
    positive, and a test is one bit of each lane."""
    flags: list[list[bytes]] = [[] for _ in EDGES]
    constants: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
    for channels in lines:
        n = len(channels[0])
        lanes = [_lanes(c) for c in channels]
        for t, (base, edge) in enumerate(EDGES):
            w = 2 * base
            m = n - w
            if m <= 0:
                flags[t].append(bytes(n))
                continue
            if (m, t) not in constants:
                one = int.from_bytes(b"\x01\x00" * m, "little")
                constants[m, t] = ((1 << 16 * m) - 1, one,
                                   *(((512 - edge) * one, (2 * edge - 1) * one, 512 * one) if base == 1
                                     else (256 * one, 255 * one, (2048 - 2 * edge) * one)))
            low, one, k1, k2, k3 = constants[m, t]
            if base == 1:  # sharp edges: one channel stepping by `edge` either way is enough
                up, down = 0, k3
                for lane in lanes:
                    rise = (lane >> 16 * w) + k1 - (lane & low)  # lanes: difference + 512 - edge
                    up |= rise  # bit 9 of a lane: difference >= edge
                    down &= rise + k2  # lanes: difference + 511 + edge; bit 9 clear: difference <= -edge
                hits = ((up & k3) | (down ^ k3)) >> 9
            else:  # the sum of the channels' absolute differences
                total = k3  # lanes: 2048 - 2 * edge, plus each channel's |difference|: bit 11 when the sum is enough
                for lane in lanes:
                    shift = (lane >> 16 * w) + k1 - (lane & low)  # lanes: 256 + difference
                    falling = ((shift >> 8) & one) ^ one  # difference < 0
                    total += ((shift ^ falling * 0xFF) & k2) + falling  # |difference|: (the ones' complement) + 1
                hits = (total >> 11) & one
            flags[t].append(bytes(base) + hits.to_bytes(2 * m, "little")[0::2] + bytes(base))
    return [Edges(b"".join(f), len(f), len(f[0]) if f else 0, step) for f in flags]


def widened(edges: Edges) -> Edges:
    """The edges with each one also marked up to 2 positions either side along its line."""
    flags = int.from_bytes(edges.flags, "little")
    wide = flags | flags << 8 | flags >> 8 | flags << 16 | flags >> 16
    return Edges(wide.to_bytes(len(edges.flags) + 2, "little")[:len(edges.flags)], edges.lines, edges.length,
                  edges.step)


def _lanes(data: bytes) -> int:
    """The bytes as one integer of 16-bit little-endian lanes, a byte in each."""
    wide = bytearray(2 * len(data))
    wide[0::2] = data
    return int.from_bytes(wide, "little")


_RUN = re.compile(rb"\x01(?:\x00{0,3}\x01)+")  # edges at most 3 sampled lines apart: a run (of two or more)
_EDGE = re.compile(rb"\x01")


def long_runs(edges: Edges, length: int, min_run: int, mode: int) -> list[Line]:
    """Positions where edges line up across consecutive sampled lines for at least `min_run` pixels.

    A run may skip up to 3 sampled lines (antialiasing, a digit touching the boundary).  Adjacent
    positions are merged into one line, centred (EXACT).  With SPLIT, a band of them wider than an edge
    is split at its local maxima (JPEG's ringing can join a whole board's lines into one band); with
    BANDS, only positions whose run is at least BAND of the longest within 2 * WIDE pixels are kept (the
    ringing between a small board's lines makes shorter runs than the lines themselves); with BROKEN, a line
    is where edges are at one position on most of the sampled lines between the first and the last of
    them (3% of them left out at either end, 1% with CROSSED), however broken (tiles with rounded corners and gaps
    between them: their sides' edges stop at each corner), and the two sides of a gap (up to WIDE pixels
    apart) are one line.  CROSSED is BROKEN's test with edges on DENSE of the lines, and a line each side of a
    gap: thick lines between cells, whose edges the lines across break at every crossing.
    """
    best_len = [0] * length  # for each position, the longest run (in lines less one), and its first and last line
    best = [(0, 0)] * length
    n = edges.length
    for x in range(min(length, n)):
        if mode in (BROKEN, CROSSED):
            at = [m.start() for m in _EDGE.finditer(edges.flags[x::n])]
            if len(at) >= 10:
                trim = len(at) // (30 if mode == BROKEN else 100)
                first, last = at[trim], at[-1 - trim]
                if len(at) >= (0.5 if mode == BROKEN else DENSE) * (last - first):  # edges on most lines between
                    best_len[x], best[x] = last - first, (first, last)
            continue
        for run in _RUN.finditer(edges.flags[x::n]):  # the lines with an edge at x, a byte each
            first, end = run.span()
            if end - 1 - first > best_len[x]:
                best_len[x] = end - 1 - first
                best[x] = (first, end - 1)
    step = edges.step
    need = min_run / step
    groups: list[list[int]] = []
    if mode == BANDS:
        reach = 2 * WIDE
        need_at = [max(need, BAND * max(best_len[max(0, x - reach):x + reach + 1])) for x in range(length)]
    else:
        need_at = [need] * length
    near = WIDE if mode == BROKEN else 2  # tiles with gaps: both sides of a gap are one line, in its middle
    for x in range(length):
        if best_len[x] >= need_at[x]:
            if groups and x - groups[-1][-1] <= near:
                groups[-1].append(x)
            else:
                groups.append([x])
    return [_merge(part, best, best_len, step) for group in groups
            for part in (_peaks(group, best_len) if mode == SPLIT else [group])]


def _peaks(group: list[int], best_len: list[int]) -> list[list[int]]:
    """A group of adjacent positions wider than an edge split at its local maxima."""
    if group[-1] - group[0] <= WIDE:
        return [group]
    n = len(best_len)
    tops = [x for x in group if best_len[x] >= max(best_len[max(0, x - 2):min(n, x + 3)])]
    parts: list[list[int]] = []
    for x in tops:
        if parts and x - parts[-1][-1] <= 2:
            parts[-1].append(x)
        else:
            parts.append([x])
    return parts


def _merge(group: list[int], best: list[tuple[int, int]], best_len: list[int], step: int) -> Line:
    weight = sum(best_len[x] for x in group)
    pos = sum(x * best_len[x] for x in group) / weight
    top = max(group, key=lambda x: best_len[x])
    return Line(pos, best[top][0] * step, best[top][1] * step, weight)


def edge_share(edges: Edges, pos: float, start: float, span: float) -> float:
    """The share of the sampled lines across [start, start + span] with an edge within 2 pixels of `pos`."""
    lo, hi = edges.lines_across(start, span)
    return (edges.near(int(pos + 0.5), lo, hi) if hi > lo else 0) / max(1, hi - lo)


def coverage(edges: Edges, start: float, span: float, length: int) -> list[float]:
    """For each position, the share of the sampled lines across [start, start + span] with an edge
    within 2 pixels of it."""
    lo, hi = edges.lines_across(start, span)
    lines = max(1, hi - lo)
    return [edges.near(x, lo, hi) / lines for x in range(length)]


def _near_lines(edges: Edges, first: float, pitch: float, cells: int, start: float, span: float
                ) -> tuple[list[int], int]:
    """For each of the grid's lines (in one direction), how many of the sampled lines across [start, start + span]
    have an edge near it; and how many sampled lines there are."""
    lo, hi = edges.lines_across(start, span)
    if hi <= lo:
        return [], 0
    return [edges.near(int(first + k * pitch + 0.5), lo, hi) for k in range(cells + 1)], hi - lo


def support(edges: Edges, first: float, pitch: float, cells: int, start: float, span: float) -> float:
    """The share of the grid's lines (in one direction) along which edges run for at least half their length."""
    near, lines = _near_lines(edges, first, pitch, cells, start, span)
    return sum(n >= 0.5 * lines for n in near) / (cells + 1) if lines else 0.0


def crossings(edges: Edges, first: float, pitch: float, cells: int, start: float, span: float) -> float:
    """The mean share of the sampled lines across [start, start + span] with an edge near each of the grid's lines
    (in one direction)."""
    near, lines = _near_lines(edges, first, pitch, cells, start, span)
    return sum(near) / ((cells + 1) * lines) if lines else 0.0


def histogram(edges: Edges, length: int, lo: float, hi: float) -> list[int]:
    """How many of the sampled lines across [lo, hi] have an edge at each position."""
    first, last = max(0, int(lo / edges.step)), min(edges.lines, int(hi / edges.step) + 1)
    n, flags = edges.length, edges.flags
    hist = [flags[first * n + x:last * n:n].count(1) for x in range(n)] if last > first else []
    return hist[:length] + [0] * (length + 2 - min(length, len(hist)))
