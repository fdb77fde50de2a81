"""Screenshots of the Ace of Penguins' Minesweeper (Debian's `ace-of-penguins` 1.5~rc2, `/usr/games/ace-minesweeper`)
played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/ace_mines.py OUT_DIR [COUNT]

Needs `apt-get install ace-of-penguins xvfb xdotool imagemagick x11-utils`.  Each game is the program's own
(its own random layout), played by clicks: left to open, right to flag.  Its four levels are chosen by its
keys 1-4 (8x8 with 6 mines, 11x11 with 20, 16x16 with 45, 32x32 with 200, in squares of 48, 36, 24 and 12
pixels: its window keeps its size); its look: grey raised squares on a dotted green ground, white digits on
the ground when opened, a blue pennant for a flag, a yellow LED counter and a penguin above.  Its window is
sometimes moved away from the screen's corner.

Truth, never from minesat's reader, as for xdemineur (its `play` and `truth_rows`, this program's game given
to them): each square of the program's own pixels is compared with the program's own sprites (it draws a
square state from one pixmap a level): the hidden square is the one most of its fresh board shows, a right
click on one gives the flag (two more give back the hidden square, through the question mark); the opened
squares' sprites are given their digits by calibration games played first at each level and not kept: at
each of their losses (the penguin's face changes) the program shows every mine, and a sprite is the count of
shown mines around every square that shows it, or it is dropped.  Each game kept is checked against the
table: every square of its position must be one of these sprites, and at its loss every opened number must
equal the count of mines shown around it, their number the game's.  The position before the loss is the
screenshot of the set; the loss is a second one when no flag was wrong.

Variants: the window alone, or every third one the whole screen with the window moved; resized to device
scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in three as JPEG at
quality 60-90.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xdemineur  # its Game's ways (cells, clicks, the face), its play to a loss, its rows checked
from gnome_mines import runs  # the spans where a count is high
from xbomb import Screen, begin, save_shots, wait_for, window_box  # the Xvfb, shots saved, start, polling, a window

LEVELS = {1: (8, 8, 6), 2: (11, 11, 20), 3: (16, 16, 45), 4: (32, 32, 200)}  # its keys: columns, rows, mines
TILES = {1: 48, 2: 36, 3: 24, 4: 12}  # its squares' pixmaps a level (minesweeper-c48 .. c12)
TOP = 30  # the counter and the penguin above the board
Cell = tuple[int, int]


class Game(xdemineur.Game):
    def __init__(self, screen: Screen, w: int, h: int, mines: int, at: tuple[int, int]) -> None:
        self.screen, self.w, self.h, self.mines = screen, w, h, mines
        level = next(k for k, v in LEVELS.items() if v == (w, h, mines))
        screen.run("xdotool", "mousemove", "1270", "790")
        screen.app = subprocess.Popen(["/usr/games/ace-minesweeper"], env=screen.env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        self.win = wait_for(self.find_window, "ace-minesweeper's window", 20)
        screen.run("xdotool", "windowmove", self.win, str(at[0]), str(at[1]))
        self.box = wait_for(lambda: window_box(self.screen, self.win, at), "the window in its place")
        # its level by its key (the pointer on its counter: the keys go to the window under it)
        screen.run("xdotool", "mousemove", str(self.box[0] + 20), str(self.box[1] + 12), "key", str(level))
        self.spans = wait_for(self.find_grid, "the board at its level")
        self.grid = (self.spans[0][0][0], self.spans[1][0][0])

    def find_window(self) -> str:
        try:
            return self.screen.run("xdotool", "search", "--onlyvisible", "--name", "ace-minesweeper").split()[0]
        except subprocess.CalledProcessError:
            return ""

    def find_grid(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
        """The squares' faces across and down: runs of the board's most common colour (the hidden squares'
        grey), which must come `w` by `h`, evenly spaced."""
        image = self.screen.grab().crop(self.box)
        board = image.crop((0, TOP, image.width, image.height))
        hidden, _ = Counter(board.get_flattened_data()).most_common(1)[0]
        data = board.load()
        across = [sum(data[x, y] == hidden for y in range(board.height)) for x in range(board.width)]
        down = [sum(data[x, y] == hidden for x in range(board.width)) for y in range(board.height)]
        xs, ys = runs(across), runs(down)
        if len(xs) != self.w or len(ys) != self.h:
            return None
        if len({b - a for a, b in xs + ys}) != 1 or len({b[0] - a[0] for a, b in zip(xs, xs[1:])}) != 1:
            return None
        return ([(self.box[0] + a, self.box[0] + b) for a, b in xs],
                [(self.box[1] + TOP + a, self.box[1] + TOP + b) for a, b in ys])

    def cell_box(self, c: int, r: int) -> tuple[int, int, int, int]:
        """A square's face and the ground around it up to its neighbours' (the pitch: `w` faces evenly)."""
        (x0, x1), (y0, y1) = self.spans[0][c], self.spans[1][r]
        pitch = self.spans[0][1][0] - self.spans[0][0][0]
        margin = (pitch - (x1 - x0)) // 2
        return x0 - margin, y0 - margin, x1 + margin, y1 + margin

    def face(self, image: Image.Image) -> bytes:
        """The penguin above the board (the program's own state: sad at a loss)."""
        cx = (self.box[0] + self.box[2]) // 2
        return image.crop((cx - 16, self.box[1] + 2, cx + 16, self.box[1] + TOP - 4)).tobytes()


def main() -> None:
    out, count, rng, screen = begin(sys.argv)
    calibrate = {1: 12, 2: 12, 3: 14, 4: 4}  # games a level (the 4s are rare at levels 2 and 3)
    order = (1, 2, 3, 4, 3, 2)  # the levels of the games kept, in turn
    try:
        digits: dict[int, dict[bytes, int]] = {}
        for level, games in calibrate.items():
            w, h, n = LEVELS[level]
            votes: dict[bytes, set[int]] = {}
            for _ in range(games):
                got = xdemineur.play(screen, rng, w, h, n, (0, 0), make=Game)
                if got is None:
                    continue
                xdemineur.vote(votes, got, w, h)
            digits[level] = xdemineur.voted(votes)
            print("calibrated level", level, sorted(digits[level].values()), "dropped:",
                  sum(len(v) > 1 for v in votes.values()), flush=True)
        made, tries = 0, 0
        while made < count and tries < count * 6:
            tries += 1
            level = order[made % len(order)]
            w, h, n = LEVELS[level]
            whole = made % 3 == 1
            at = (rng.randrange(40, 1280 - 420), rng.randrange(30, 800 - 440)) if whole else (0, 0)
            game = xdemineur.played(screen, rng, w, h, n, at, Game, digits[level])
            if game is None:
                continue
            position, rows, lost, loss_rows, box = game
            more = {"tile": TILES[level], "mines": n, "level": level}
            save_shots(out, "ace-of-penguins minesweeper", made, whole, box,
                       [("", position, rows, more), ("-lost", lost, loss_rows, more)], rng, prefix="ace")
            made += 1
    finally:
        screen.close()


if __name__ == "__main__":
    main()
