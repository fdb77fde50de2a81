"""Draw minesat's app icon: a mine on a revealed cell, on the page's blue.

    python tools/make_icons.py     writes static/icons/icon.svg, icon-192.png, icon-512.png
                                   and icon-maskable-512.png (the PNGs are git-ignored)

The design is a short list of shapes in a 100x100 box, written once as SVG and rasterized
here (signed distances give each pixel its anti-aliased coverage; PNG by zlib and struct), so
the set-up needs no image library.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"

BLUE, CELL, INK, WHITE = "#3a6ea5", "#eceae4", "#1d1d1b", "#ffffff"


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    r: float
    fill: str


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str


class Bar(NamedTuple):
    """A line with round ends (a capsule)."""
    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    fill: str


Shape = Rect | Circle | Bar


def spikes(cx: float, cy: float, length: float, width: float) -> list[Bar]:
    """Four bars through the centre: the eight spikes of a mine."""
    d = length / math.sqrt(2)
    return [Bar(cx - length, cy, cx + length, cy, width, INK), Bar(cx, cy - length, cx, cy + length, width, INK),
            Bar(cx - d, cy - d, cx + d, cy + d, width, INK), Bar(cx - d, cy + d, cx + d, cy - d, width, INK)]


def design(maskable: bool = False) -> list[Shape]:
    """The icon's shapes, back to front. A maskable icon fills the square and keeps its
    content within the central 80% circle that any platform mask leaves visible."""
    background = Rect(0, 0, 100, 100, 0 if maskable else 20, BLUE)
    content = [Rect(18, 18, 64, 64, 10, CELL), *spikes(50, 50, 25, 6), Circle(50, 50, 17, INK),
               Circle(44, 44, 4.5, WHITE)]
    return [background] + ([scaled(s, 0.8) for s in content] if maskable else content)


def scaled(shape: Shape, k: float) -> Shape:
    """The shape scaled by k about the centre of the box."""
    at = lambda v: 50 + (v - 50) * k  # noqa: E731
    if isinstance(shape, Rect):
        return Rect(at(shape.x), at(shape.y), shape.w * k, shape.h * k, shape.r * k, shape.fill)
    if isinstance(shape, Circle):
        return Circle(at(shape.cx), at(shape.cy), shape.r * k, shape.fill)
    return Bar(at(shape.x1), at(shape.y1), at(shape.x2), at(shape.y2), shape.width * k, shape.fill)


def svg(shapes: list[Shape]) -> str:
    """The shapes as an SVG document."""
    def element(s: Shape) -> str:
        if isinstance(s, Rect):
            return f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" rx="{s.r:g}" fill="{s.fill}"/>'
        if isinstance(s, Circle):
            return f'<circle cx="{s.cx:g}" cy="{s.cy:g}" r="{s.r:g}" fill="{s.fill}"/>'
        return (f'<line x1="{s.x1:.4g}" y1="{s.y1:.4g}" x2="{s.x2:.4g}" y2="{s.y2:.4g}" stroke="{s.fill}" '
                f'stroke-width="{s.width:g}" stroke-linecap="round"/>')
    body = "\n  ".join(element(s) for s in shapes)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n  {body}\n</svg>\n'


def distance(shape: Shape) -> Callable[[float, float], float]:
    """The shape's signed distance function (negative inside), in box units."""
    if isinstance(shape, Rect):
        hx, hy, cx, cy = shape.w / 2, shape.h / 2, shape.x + shape.w / 2, shape.y + shape.h / 2
        def rect(x: float, y: float) -> float:
            qx, qy = abs(x - cx) - hx + shape.r, abs(y - cy) - hy + shape.r
            return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - shape.r
        return rect
    if isinstance(shape, Circle):
        return lambda x, y: math.hypot(x - shape.cx, y - shape.cy) - shape.r
    dx, dy = shape.x2 - shape.x1, shape.y2 - shape.y1
    length2 = dx * dx + dy * dy
    def bar(x: float, y: float) -> float:
        t = min(1.0, max(0.0, ((x - shape.x1) * dx + (y - shape.y1) * dy) / length2))
        return math.hypot(x - shape.x1 - t * dx, y - shape.y1 - t * dy) - shape.width / 2
    return bar


def bounds(shape: Shape) -> tuple[float, float, float, float]:
    """The shape's bounding box (x0, y0, x1, y1) in box units."""
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    h = shape.width / 2
    return (min(shape.x1, shape.x2) - h, min(shape.y1, shape.y2) - h,
            max(shape.x1, shape.x2) + h, max(shape.y1, shape.y2) + h)


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def rasterize(shapes: list[Shape], size: int) -> list[list[float]]:
    """Premultiplied RGBA pixels (0-1 floats), row by row, of the shapes drawn at size x size."""
    pixels = [[0.0] * (4 * size) for _ in range(size)]
    unit = size / 100  # pixels per box unit
    for shape in shapes:
        sdf, (r, g, b) = distance(shape), rgb(shape.fill)
        x0, y0, x1, y1 = bounds(shape)
        for py in range(max(0, int(y0 * unit) - 1), min(size, int(y1 * unit) + 2)):
            row = pixels[py]
            for px in range(max(0, int(x0 * unit) - 1), min(size, int(x1 * unit) + 2)):
                cover = min(1.0, max(0.0, 0.5 - sdf((px + 0.5) / unit, (py + 0.5) / unit) * unit))
                if cover:
                    i, keep = 4 * px, 1 - cover
                    row[i] = r / 255 * cover + row[i] * keep
                    row[i + 1] = g / 255 * cover + row[i + 1] * keep
                    row[i + 2] = b / 255 * cover + row[i + 2] * keep
                    row[i + 3] = cover + row[i + 3] * keep
    return pixels


def png(pixels: list[list[float]]) -> bytes:
    """A PNG (8-bit RGBA, not premultiplied) of premultiplied float pixels."""
    def straight(row: list[float]) -> bytes:
        out = bytearray()
        for i in range(0, len(row), 4):
            a = row[i + 3]
            out += bytes(round(min(1.0, c / a) * 255) if a else 0 for c in row[i:i + 3]) + bytes([round(a * 255)])
        return bytes(out)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    height, width = len(pixels), len(pixels[0]) // 4
    raw = b"".join(b"\0" + straight(row) for row in pixels)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon_files() -> dict[str, Callable[[], bytes]]:
    """Each icon's file name and how to make its bytes."""
    return {
        "icon.svg": lambda: svg(design()).encode(),
        "icon-192.png": lambda: png(rasterize(design(), 192)),
        "icon-512.png": lambda: png(rasterize(design(), 512)),
        "icon-maskable-512.png": lambda: png(rasterize(design(maskable=True), 512)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICONS, help="folder (default static/icons)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in icon_files().items():
        (args.out / name).write_bytes(make())
    print(f"icons: {', '.join(icon_files())} in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
