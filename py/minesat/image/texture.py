"""Fine textures: a stippled grey (every other pixel white, the rest grey, as old X programs draw their
hidden squares) averaged away before the grid and the cells are looked at.

A stipple puts a colour step between every two pixels: an edge at every pixel confuses the grid's lines,
and a cell whose pixels are half one colour and half another has no background to find ink on.  Where
much of the image is such a texture, the whole image is blurred by a box the size of its period (found
from the texture itself: 2 pixels at scale 1, 3 at 1.5, 6 at 3), which leaves the texture's mean colour:
a plain grey.  Lines, digits and flags stay, a little softer.  Pure Python: a line of pixels is summed
as 16-bit lanes of one big integer."""

from __future__ import annotations

import re

STEP = 24  # a channel stepping this much between two pixels side by side: an edge
DENSE = re.compile(rb"\x01(?:\x00{0,2}\x01){15,}")  # 16 edges or more, none more than 3 pixels apart
SHARE = 0.04  # the share of the sampled pixels inside such runs from which the image is taken as textured
ROWS = 40  # rows sampled to find a texture


def texture_period(width: int, height: int, rgba: bytes) -> float | None:
    """The period in pixels of a fine regular texture covering much of the image, or None when there is none."""
    step = max(1, height // ROWS)
    dense = sampled = 0
    spacings: list[int] = []
    parts: list[bytes] = []  # the runs' pixels (some of them), for the repeat test
    # rows at uneven offsets: rows a cell apart can all fall where a scaled stipple's rows blend to a plain grey
    for y in (i * step + i * 7 % step for i in range(height // step)):
        green = rgba[y * width * 4 + 1:(y + 1) * width * 4:4]
        flags = bytes(abs(a - b) >= STEP for a, b in zip(green, green[1:]))
        sampled += width
        for run in DENSE.finditer(flags):
            dense += run.end() - run.start()
            part = green[run.start():run.end() + 1]
            peaks = [i for i in range(1, len(part) - 1) if part[i - 1] < part[i] >= part[i + 1]]
            spacings += [b - a for a, b in zip(peaks, peaks[1:])]
            if sum(map(len, parts)) < 4000:
                parts.append(part)
    if dense < SHARE * sampled or len(spacings) < 20:
        return None
    spacings.sort()
    middle = spacings[len(spacings) // 4:len(spacings) - len(spacings) // 4]  # the texture's, not a run's ends
    period = sum(middle) / len(middle)
    return period if period <= 12 and _repeats(parts) else None


def _repeats(parts: list[bytes]) -> bool:
    """Whether these runs of pixels repeat themselves: at some shift of 2 to 12 pixels they differ from
    themselves by at most a third of what they differ from the next pixel, in the median (a texture does;
    noise and text do not; the median leaves out the lines between cells that the runs cross)."""
    def change(shift: int) -> int:
        steps = sorted(abs(a - b) for part in parts for a, b in zip(part, part[shift:]))
        return steps[len(steps) // 2] if steps else 0

    return min(map(change, range(2, 13))) <= change(1) / 3


def smoothed(width: int, height: int, rgba: bytes, period: float) -> bytes:
    """The image blurred by a box of `period` pixels (rounded) each way: a texture of that period becomes its mean.
    The image's sides are continued by their own pixels.  The box's sums are 16-bit lanes of one integer a row
    (255 times the box's w * w pixels fits while w <= 16); its mean is the high byte of each sum times c, with
    c / 256 the nearest to 1 / (w * w) that does not overflow a lane (exact for 2, 4 and 8; within 3% up to 9)."""
    w = max(2, min(12, round(period)))
    before = w // 2  # the box's pixels before the one it is centred on
    px = 4 * 16  # bits a pixel: four channels of 16-bit lanes
    size = (width + w) * 8  # bytes of a padded row's lanes
    scale = max(1, min(round(256 / (w * w)), 65535 // (255 * w * w)))
    line = width * 4

    def across(y: int) -> int:
        """Row y's sums over the box's width, a lane a channel of each pixel."""
        row = rgba[y * line:(y + 1) * line]
        wide = bytearray(size)
        wide[0::2] = row[:4] * before + row + row[-4:] * (w - before)
        boxes = [int.from_bytes(wide, "little")]  # boxes of 1, 2, 4, 8 pixels: each the last and itself beside
        while 2 << len(boxes) - 1 <= w:
            boxes.append(boxes[-1] + (boxes[-1] >> (1 << len(boxes) - 1) * px))
        total, done = 0, 0  # w as a sum of powers of two: their boxes side by side
        for k in range(len(boxes) - 1, -1, -1):
            if w - done >= 1 << k:
                total += boxes[k] >> done * px
                done += 1 << k
        return total

    window = [across(min(height - 1, max(0, y))) for y in range(-before, w - before)]
    column = sum(window)  # the sums of the box's rows: rows y - before .. y - before + w - 1 (clamped)
    out = bytearray(len(rgba))
    for y in range(height):
        out[y * line:(y + 1) * line] = (column * scale).to_bytes(size + 8, "little")[1:line * 2:2]
        coming = across(min(height - 1, y - before + w))
        column += coming - window[0]
        window = window[1:] + [coming]
    return bytes(out)


def stippled(pix: list[tuple[int, ...]], rgb: dict[int, tuple[int, int, int]]) -> bool:
    """Whether a cell's samples (packed colours, unpacked in `rgb`) are a texture: in the middle of the cell,
    a third or more of the samples differ from the next one along the row by an edge's step.  Such a cell is
    read from the smoothed image; any other from the image itself (its digits' thin strokes left sharp)."""
    n = len(pix)
    m = n * 3 // 20
    steps = pairs = 0
    counted: dict[tuple[int, ...], int] = {}  # a row's steps (a stipple's rows are of two kinds)
    for row in pix[m:n - m:2]:  # every other row of the middle: enough to tell
        if row not in counted:
            greens = [rgb[p][1] if p in rgb else -999 for p in row[m:n - m]]
            counted[row] = sum(abs(a - b) >= STEP for a, b in zip(greens, greens[1:]))
        steps += counted[row]
        pairs += n - 2 * m - 1
    return steps >= pairs / 3
