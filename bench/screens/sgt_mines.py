"""Screenshots of Simon Tatham's Mines (Debian's sgt-puzzles, `/usr/games/sgt-mines`) under Xvfb.

Usage: .venv/bin/python bench/screens/sgt_mines.py OUT_DIR [COUNT]

Each game is given to the program as a game ID holding its mine layout unmasked and the square to
open first (`WxH:x,y,u<hex bitmap>`, the form the program itself writes with masking), and the program
draws it with its own `--screenshot`; the truth is the layout with the region that first square opens
(the game's own rule), never minesat's reader.  Tile sizes vary through `MINES_TILESIZE`; one in three
is saved as JPEG.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

SIZES = [(8, 8, 10), (9, 9, 10), (16, 16, 40), (30, 16, 99), (30, 24, 150), (12, 10, 20)]
TILES = [12, 16, 20, 24, 32, 40]


def layout(rng: random.Random, w: int, h: int, n: int) -> tuple[set[tuple[int, int]], tuple[int, int]]:
    cells = [(x, y) for y in range(h) for x in range(w)]
    while True:
        mined = set(rng.sample(cells, n))
        zeros = [c for c in cells if c not in mined
                 and not any((c[0] + dx, c[1] + dy) in mined for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
        if zeros:
            return mined, rng.choice(zeros)


def opened(mined: set[tuple[int, int]], start: tuple[int, int], w: int, h: int) -> dict[tuple[int, int], int]:
    """The squares opening `start` opens, with their numbers."""
    def count(x: int, y: int) -> int:
        return sum((x + dx, y + dy) in mined for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    shown: dict[tuple[int, int], int] = {}
    todo = [start]
    while todo:
        x, y = todo.pop()
        if (x, y) in shown or not (0 <= x < w and 0 <= y < h):
            continue
        shown[x, y] = count(x, y)
        if shown[x, y] == 0:
            todo += [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return shown


def main() -> None:
    out = Path(sys.argv[1]).resolve()
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(34)
    for i in range(count):
        w, h, n = SIZES[i % len(SIZES)]
        tile = TILES[i % len(TILES)]
        mined, start = layout(rng, w, h, n)
        bits = [int((x, y) in mined) for y in range(h) for x in range(w)]
        bits += [0] * (-len(bits) % 4)
        hexed = "".join(f"{int(''.join(map(str, bits[k:k + 4])), 2):x}" for k in range(0, len(bits), 4))
        game = f"{w}x{h}:{start[0]},{start[1]},u{hexed}"
        with tempfile.TemporaryDirectory() as tmp:
            png = Path(tmp) / "shot.png"
            subprocess.run(["xvfb-run", "-a", "/usr/games/sgt-mines", "--screenshot", str(png), game], check=True,
                           env={**os.environ, "MINES_TILESIZE": str(tile)}, capture_output=True, timeout=60)
            image = Image.open(png).convert("RGB")
        shown = opened(mined, start, w, h)
        rows = ["".join(str(shown[x, y]) if (x, y) in shown else "?" for x in range(w)) for y in range(h)]
        quality = rng.choice((60, 70, 80, 90)) if i % 3 == 2 else None
        name = f"sgt-{i}"
        if quality is None:
            image.save(out / f"{name}.png")
        else:
            buf = io.BytesIO()
            image.save(buf, "JPEG", quality=quality)
            (out / f"{name}.jpg").write_bytes(buf.getvalue())
        truth = {"client": "sgt-puzzles mines", "scale": tile / 16, "tile": tile, "rows": rows, "mines": n,
                 "game": game, "format": "png" if quality is None else "jpg", "quality": quality}
        (out / f"{name}.json").write_text(json.dumps(truth, indent=1) + "\n")
        print(name, image.size, flush=True)


if __name__ == "__main__":
    main()
