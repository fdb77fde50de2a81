"""Screenshots of WineMine (Wine's own Minesweeper, `winemine.exe` of Debian's `wine` 8.0) played under Xvfb by
xdotool.

Usage: .venv/bin/python bench/screens/winemine.py OUT_DIR [COUNT [FIRST]]  (FIRST: go on from screenshot FIRST)

Needs `apt-get install wine xvfb xdotool imagemagick x11-utils` (64-bit Wine alone: no i386 architecture).  It
runs in a Wine prefix of its own under /tmp (made by `wineboot -i`, removed at the end), no window manager, no
Mono or Gecko.  Each game is the program's own (its own random layout, placed at the first click, which is
never a mine), played by clicks: left to open, right to flag.  Its board is set before each start in its own
registry key, HKCU\\Software\\Microsoft\\WinMine (Width, Height, Mines; Difficulty 3, custom, so that a won game
asks for no name; Mark 1, the question mark after the flag; Xpos and Ypos, the window's place), written by
`wine regedit /S`.  Its squares are bitmaps of 16 pixels (columns 9 to 30, rows 9 to 24, at most
(columns-1)x(rows-1) mines).  Its look is its own and not Windows' grey: green raised squares on black, the
opened squares black with dotted grey edges and seven-segment-like digits in bright colours, green LED counters
on black, a yellow face in a white frame, a white menu bar ("Game", "Help") above; the window sometimes away
from the screen's corner.

Truth, never from minesat's reader, as for xdemineur (its `play` and `truth_rows`, this program's game given
to them): each square of the program's own pixels at scale 1 is compared with the program's own sprites
(WineMine blits each square from one bitmap, so a state is the same pixels wherever it is): the hidden square
is the one its fresh board shows, and a right click on one gives the flag (two more give back the hidden
square, through the question mark); the opened squares' sprites are given their digits by calibration games
played first and not kept, on dense boards and on boards of mines nearly everywhere (where the first click,
never a mine, shows a high digit): at each of their losses the program shows every mine, and a
sprite is the count of shown mines around every square that shows it, or it is dropped.  The table is then
frozen, and each game kept is checked against it: every square of its position must be one of these sprites,
and at its loss every opened number must equal the count of mines shown around it (a mine shown on a hidden
square, the one exploded, a flag the loss leaves standing), their number the game's.  The position before the
loss is the screenshot of the set; the loss is a second one when no flag was wrong (its mines are hidden
cells, '?', in minesat's truth).

Variants: the window alone (its menu bar included), or every third one the whole screen with the window moved;
resized to device scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in
three as JPEG at quality 60-90.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xdemineur  # its Game's ways (cells, clicks), its play to a loss, its votes, its rows checked
from xbomb import Screen, begin, save_shots, wait_for  # the Xvfb, a game's shots saved, a script's start, polling

TILE = 16  # MINE_WIDTH, MINE_HEIGHT of its source
MARGIN = 5  # BOARD_WMARGIN and BOARD_HMARGIN: the board 5 pixels in from the client's left
TOP = 33  # the board's top in the client area: two margins and the LED's 23 pixels
EXE = "C:\\windows\\system32\\winemine.exe"
# beginner, intermediate, expert (its own levels' sizes), then custom ones, some denser for the high digits
SIZES = [(9, 9, 10), (16, 16, 40), (30, 16, 99), (12, 10, 24), (20, 15, 60), (30, 24, 180), (16, 16, 56),
         (30, 16, 120), (24, 20, 110)]
# calibration: dense boards (the low digits), then boards of mines nearly everywhere (at most (w-1)x(h-1)), where
# the first click, never a mine, shows a high digit and the next loses
CALIBRATE = [(30, 24, 260), (16, 16, 80), (30, 16, 160), (20, 15, 95), (24, 20, 150), (16, 16, 70)] * 3 \
    + [(9, 9, 60), (16, 16, 200), (12, 10, 90)] * 4

Cell = tuple[int, int]


class Wine:
    """A Wine prefix of our own under /tmp on the screen's display, made at the start, ended and removed at
    the close."""

    def __init__(self, screen: Screen) -> None:
        self.prefix = tempfile.mkdtemp(prefix="winemine-", dir="/tmp")
        self.env = {**screen.env, "WINEPREFIX": self.prefix, "WINEDEBUG": "-all",
                    "WINEDLLOVERRIDES": "mscoree,mshtml="}  # no Mono or Gecko to install
        subprocess.run(["wineboot", "-i"], env=self.env, capture_output=True, check=True, timeout=300)
        subprocess.run(["wineserver", "-w"], env=self.env, capture_output=True, timeout=300)

    def settings(self, w: int, h: int, mines: int, at: tuple[int, int]) -> None:
        """The board and the window's place in the program's registry key, read at its start."""
        values = {"Width": w, "Height": h, "Mines": mines, "Difficulty": 3, "Mark": 1, "Xpos": at[0],
                  "Ypos": at[1]}
        reg = Path(self.prefix) / "winemine.reg"
        reg.write_text("REGEDIT4\n\n[HKEY_CURRENT_USER\\Software\\Microsoft\\WinMine]\n"
                       + "".join(f'"{k}"=dword:{v:08x}\n' for k, v in values.items()))
        subprocess.run(["wine", "regedit", "/S", "Z:" + str(reg).replace("/", "\\")], env=self.env,
                       capture_output=True, check=True, timeout=60)

    def close(self) -> None:
        subprocess.run(["wineserver", "-k"], env=self.env, capture_output=True, timeout=60)
        shutil.rmtree(self.prefix, ignore_errors=True)


WINE: Wine | None = None  # the one of the run (main makes it)


class Game(xdemineur.Game):
    def __init__(self, screen: Screen, w: int, h: int, mines: int, at: tuple[int, int]) -> None:
        assert WINE is not None
        self.screen, self.w, self.h, self.mines = screen, w, h, mines
        screen.run("xdotool", "mousemove", "1270", "790")  # the pointer off the window
        WINE.settings(w, h, mines, at)
        screen.app = subprocess.Popen(["wine", EXE], env=WINE.env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        self.box = wait_for(self.find, "WineMine's window", 30)
        # the X window holds the client area and the menu bar above it
        self.client = (self.box[0], self.box[3] - (h * TILE + TOP + MARGIN))
        self.grid = (self.client[0] + MARGIN, self.client[1] + TOP)
        wait_for(self.drawn, "the fresh board drawn")

    def find(self) -> tuple[int, int, int, int] | None:
        return next((box for line, box in xdemineur.windows(self.screen) if '"WineMine": ("winemine.exe"' in line
                     and box[2] - box[0] == self.w * TILE + 2 * MARGIN
                     and box[3] - box[1] > self.h * TILE + TOP + MARGIN), None)

    def drawn(self) -> bool:
        """Every square the same (the fresh board's hidden square) and not the black of the window's ground."""
        image = self.screen.grab()
        squares = set(self.cells(image).values())
        return len(squares) == 1 and image.crop(self.cell_box(0, 0)).getextrema() != ((0, 0),) * 3

    def face(self, image: Image.Image) -> bytes:
        """The face above the board (the program's own state: dead at a loss)."""
        left = self.client[0] + (self.w * TILE + 2 * MARGIN) // 2 - 12
        return image.crop((left, self.client[1] + MARGIN, left + 24, self.client[1] + MARGIN + 24)).tobytes()

    def cell_box(self, c: int, r: int) -> tuple[int, int, int, int]:
        x, y = self.grid[0] + c * TILE, self.grid[1] + r * TILE
        return x, y, x + TILE, y + TILE


class Player:
    """A player of one game that uses only what the screen shows, read through the sprites' table: it opens a
    square it deduces safe (a number whose mines are all found around it) or flags one it deduces a mine (a
    number with as many unopened squares around it as its count), the rules applied again until nothing more
    follows; when nothing follows, it guesses a hidden square with no number next to it (where an opening is
    likeliest).  That for its first `budget` moves (a random number a game); then, or when no square is left
    to guess so, it leaves the move to xdemineur's guesses (so that the game ends in a loss)."""

    def __init__(self, digits: dict[bytes, int], rng: random.Random, w: int, h: int) -> None:
        self.digits, self.rng, self.w, self.h = digits, rng, w, h
        self.budget = rng.randrange(w + h, 5 * (w + h))

    def __call__(self, sprites: dict[Cell, bytes], hidden: bytes, flag: bytes) -> tuple[Cell, int] | None:
        if self.budget <= 0:
            return None
        self.budget -= 1
        numbers = {xy: self.digits[s] for xy, s in sprites.items() if s in self.digits}
        mines: set[Cell] = set()
        safe: set[Cell] = set()
        changed = True
        while changed:
            changed = False
            for xy, n in numbers.items():
                shut = [o for o in xdemineur.around(xy, self.w, self.h) if sprites[o] in (hidden, flag)]
                found = [o for o in shut if o in mines]
                if len(shut) == n and len(found) < n:
                    mines.update(shut)
                    changed = True
                elif len(found) == n and any(o not in mines and o not in safe for o in shut):
                    safe.update(o for o in shut if o not in mines)
                    changed = True
        to_open = sorted(xy for xy in safe if sprites[xy] == hidden)
        if to_open:
            return self.rng.choice(to_open), 1
        to_flag = sorted(xy for xy in mines if sprites[xy] == hidden)
        if to_flag and self.rng.random() < 0.5:
            return self.rng.choice(to_flag), 3
        # a guess away from the numbers, where an empty square (and its opening) is likeliest
        away = sorted(xy for xy, s in sprites.items() if s == hidden and xy not in mines
                      and not any(o in numbers for o in xdemineur.around(xy, self.w, self.h)))
        return (self.rng.choice(away), 1) if away else None


def main() -> None:
    global WINE
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    out, count, rng, screen = begin(sys.argv, 34 + first)
    try:
        WINE = Wine(screen)
        digits = xdemineur.calibrated(screen, rng, CALIBRATE, Game, lambda known, w, h: Player(known, rng, w, h))
        made, tries = first, 0
        while made < count and tries < count * 6:
            tries += 1
            w, h, n = SIZES[made % len(SIZES)]
            whole = made % 3 == 1
            width, height = w * TILE + 2 * MARGIN, h * TILE + TOP + 2 * MARGIN + 20  # the menu bar's 19-20
            at = (rng.randrange(40, 1270 - width - 40), rng.randrange(50, 790 - height - 30)) if whole else (0, 0)
            game = xdemineur.played(screen, rng, w, h, n, at, Game, digits, Player(digits, rng, w, h))
            if game is None:
                continue
            position, rows, lost, loss_rows, box = game
            more = {"tile": TILE, "mines": n}
            save_shots(out, "winemine", made, whole, box,
                       [("", position, rows, more), ("-lost", lost, loss_rows, more)], rng)
            made += 1
            print("game", made, f"{w}x{h}/{n}", flush=True)
    finally:
        if WINE is not None:
            screen.stop_app()
            WINE.close()
        screen.close()


if __name__ == "__main__":
    main()
