"""Screenshots of KMines (Debian's `kmines` 4:22.12.3, KDE's Minesweeper) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/kmines.py OUT_DIR [COUNT]

Needs `apt-get install kmines xvfb xdotool imagemagick x11-utils dbus`.  Each game is the program's own (its
own random layout, placed after its first click, which always opens an empty square), played by clicks:
left to open, right to flag.  It runs with a private HOME and XDG folders and a session bus of our own
(`dbus-daemon --session`: it quits without one), under Qt's xcb platform, no window manager.  Its settings
are given through its own configuration file (`kminesrc`): the level (Easy 9x9 with 10 mines, Medium 16x16
with 40, Hard 30x16 with 99, or Custom with its width, height and mines), the theme, its "Reset the Game?"
question at a loss turned off.  Three of its four SVG themes are taken: "default" (grey raised squares on a
grey ground of soft curves), "classic" (flat white squares) and "green" (squares of grass in a garden); the
fourth, "graveyard-mayhem", draws its opened squares see-through over a textured picture, so that a state
takes more than a hundred different looks (no truth from its sprites: left out).  Its window is resized (it
scales its squares to the window: an integer size, the board centred in its view) and sometimes moved away
from the screen's corner.

Truth, never from minesat's reader, as for xdemineur (its `play` and `truth_rows`, this program's game given
to them): each square of the program's own pixels at scale 1 is compared with the program's own sprites of
that theme and window size.  KMines draws its squares from SVG sprites with soft, partly transparent edges
over its theme's background picture, and in the default theme the opened squares are partly transparent
too: a square's inside (its rim left out) is the same pixels wherever it is for the hidden square, and for
the others nearly the same (up to about 23 levels apart, from the background behind them).  So the hidden
square is matched by its very pixels (an opened empty square is only 46 levels from it somewhere), and any
other is given the sprite whose pixels are all within `TOLERANCE` levels of its own (a sprite is the first
square seen of its kind); the sprites so matched of each setup are checked to lie more than twice the
tolerance apart (`SEPARATION`), so that no square is near two.  The hidden square is the one of its fresh
board; a right click on one gives the flag (two more give back the hidden square, through the question
mark); the opened squares' sprites are given their digits by calibration games played first at each setup
on dense custom boards of the same size (the same squares) and not kept: at each of their losses the
program shows every mine, and a sprite is the count of shown mines around every square that shows it, or
it is dropped.  Each game kept is checked against the table: every square of its position must be one of
these sprites, and at its loss every opened number must equal the count of mines shown around it, their
number the game's.  A game is over when its toolbar's Pause button goes grey again (it is enabled at the
first click); the program then shows "You have lost." over the board for four seconds, which is waited
out.  The position before the loss is the screenshot of the set; the loss is a second one when no flag
was wrong.

Variants: the window alone, or every third one the whole screen with the window moved; resized to device
scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in three as JPEG at
quality 60-90.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from PIL import Image, ImageChops

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xdemineur  # its play to a loss, its rows checked, the neighbours
from xbomb import Screen, begin, save_shots, wait_for, window_box  # the Xvfb, shots saved, start, polling, a window

Cell = tuple[int, int]
LEVELS = {(9, 9, 10): "Easy", (16, 16, 40): "Medium", (30, 16, 99): "Hard"}  # its own; any other is Custom
Setup = tuple[int, int, int, str, tuple[int, int]]  # columns, rows, mines, theme, the window's size
# boards of 9x9 to 30x24 in its four themes, squares of about 21 to 37 pixels
SETUPS: list[Setup] = [(9, 9, 10, "default", (500, 420)), (16, 16, 40, "classic", (700, 640)),
                       (30, 16, 99, "green", (1100, 640)), (20, 12, 50, "classic", (900, 560)),
                       (16, 16, 40, "default", (560, 560)), (30, 16, 99, "classic", (1260, 760)),
                       (24, 20, 90, "green", (800, 700)), (9, 9, 10, "green", (420, 360)),
                       (30, 24, 150, "default", (760, 640))]
CALIBRATE = 4  # games a setup
VIEW = (1, 54, 2, 85)  # the board's view in the window: left, top, and the width and height left out
PAUSE = (56, 30, 100, 46)  # the toolbar's Pause button's label in the window: black when enabled, grey when not
TOLERANCE = 45  # the most a pixel of a square may differ from its sprite's (levels of a channel)
SEPARATION = 2 * TOLERANCE + 1  # the least two sprites of a setup must differ somewhere: no square near two


class Sprites:
    """The sprites of one setup.  The hidden square's (opaque) is matched exactly; any other square is given
    the first sprite seen within TOLERANCE of its pixels, or is a new one."""

    def __init__(self) -> None:
        self.known: list[Image.Image] = []
        self.cache: dict[bytes, bytes] = {}
        self.exact: set[bytes] = set()
        self.spread = 0  # the most a square given a sprite differed from it

    def hidden(self, square: Image.Image) -> None:
        """The fresh board's square: matched only by its very pixels (an opened empty square is near it)."""
        self.exact.add(square.tobytes())
        self.cache[square.tobytes()] = square.tobytes()

    def name(self, square: Image.Image) -> bytes:
        data = square.tobytes()
        if data not in self.cache:
            near = [s for s in self.known if distance(s, square) <= TOLERANCE]
            if len(near) == 1:
                self.spread = max(self.spread, distance(near[0], square))
            if not near:
                self.known.append(square)
                near = [square]
            self.cache[data] = near[0].tobytes() if len(near) == 1 else b"ambiguous"
        return self.cache[data]

    def closest(self) -> int:
        """The least difference between two sprites matched with the tolerance (SEPARATION: no square near
        two of them)."""
        return min((distance(a, b) for i, a in enumerate(self.known) for b in self.known[:i]), default=255)


def distance(a: Image.Image, b: Image.Image) -> int:
    return max(hi for _, hi in ImageChops.difference(a, b).getextrema())


class Bus:
    """A session bus of our own (KMines quits without one)."""

    def __init__(self, screen: Screen) -> None:
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=screen.env)
        assert self.daemon.stdout is not None
        self.address = self.daemon.stdout.readline().decode().strip()

    def close(self) -> None:
        self.daemon.terminate()
        self.daemon.wait()


class Game(xdemineur.Game):
    def __init__(self, screen: Screen, home: Path, bus: Bus, sprites: Sprites, setup: Setup, mines: int,
                 at: tuple[int, int]) -> None:
        w, h, _, theme, size = setup
        self.screen, self.w, self.h, self.mines, self.sprites = screen, w, h, mines, sprites
        level = LEVELS.get((w, h, mines), "Custom")
        config = home / ".config"
        config.mkdir(parents=True, exist_ok=True)
        (config / "kminesrc").write_text(
            f"[General]\nquestion mark=true\nkmines_reset=false\n\n[KgDifficulty]\nLevel={level}\n\n[KgTheme]\n"
            f"Theme=themes/{theme}.desktop\n\n[Options]\ncustom width={w}\ncustom height={h}\n"
            f"custom mines={mines}\n")
        env = {**screen.env, "HOME": str(home), "XDG_CONFIG_HOME": str(config),
               "XDG_DATA_HOME": str(home / ".local" / "share"), "XDG_CACHE_HOME": str(home / ".cache"),
               "XDG_RUNTIME_DIR": str(home / "run"), "QT_QPA_PLATFORM": "xcb",
               "DBUS_SESSION_BUS_ADDRESS": bus.address}
        (home / "run").mkdir(mode=0o700, exist_ok=True)
        screen.run("xdotool", "mousemove", "1270", "790")
        screen.app = subprocess.Popen(["/usr/games/kmines"], env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        self.win = wait_for(self.find_window, "kmines' window", 30)
        screen.run("xdotool", "windowsize", self.win, str(size[0]), str(size[1]))
        screen.run("xdotool", "windowmove", self.win, str(at[0]), str(at[1]))
        self.box = wait_for(lambda: window_box(self.screen, self.win, at, size), "the window at its size and place")
        self.started = False
        self.spans = wait_for(self.find_grid, "the board laid out", 20)
        self.grid = (self.spans[0], self.spans[1])

    def find_window(self) -> str:
        tree = self.screen.run("xwininfo", "-root", "-tree")
        for line in tree.splitlines():
            if '("kmines" "kmines")' in line and not line.split()[-2].startswith("1x1+"):
                return line.split()[0]
        return ""

    def find_grid(self) -> tuple[int, int, int, int] | None:
        """The first square's corner, the squares' size and the inset of their rim: the program's own
        arithmetic (the size an integer, the board and its border of one square centred in the view)
        tried a pixel or two either way, kept where every square of the fresh board has the same inside (the
        nearest to the arithmetic of those)."""
        image = self.steady_grab()
        x0, y0, x1, y1 = self.box
        vw, vh = x1 - x0 - VIEW[2], y1 - y0 - VIEW[3]
        size = int(min(vw / (self.w + 2), vh / (self.h + 2)))
        inset = max(2, size // 8)
        found = []
        for tile in (size, size - 1, size + 1):
            bx = x0 + VIEW[0] + (vw - tile * (self.w + 2)) / 2 + tile
            by = y0 + VIEW[1] + (vh - tile * (self.h + 2)) / 2 + tile
            for dx in range(-3, 4):
                for dy in range(-3, 4):
                    gx, gy = round(bx) + dx, round(by) + dy
                    corners = [(0, 0), (self.w - 1, 0), (0, self.h - 1), (self.w - 1, self.h - 1), (self.w // 2, 1)]
                    crops = [image.crop((gx + c * tile + inset, gy + r * tile + inset, gx + (c + 1) * tile - inset,
                                         gy + (r + 1) * tile - inset)) for c, r in corners]
                    if all(crop.tobytes() == crops[0].tobytes() for crop in crops):
                        found.append((abs(tile - size), abs(dx) + abs(dy), (gx, gy, tile, inset)))
        if not found:
            return None
        best = min(found)[2]  # the nearest to the program's own arithmetic
        gx, gy, tile, inset = best
        self.tile, self.inset = tile, inset
        self.grid = (gx, gy)
        squares = {self.crop(image, (c, r)).tobytes() for r in range(self.h) for c in range(self.w)}
        if len(squares) != 1:
            return None
        self.sprites.hidden(self.crop(image, (0, 0)))
        return best

    def crop(self, image: Image.Image, cell: Cell) -> Image.Image:
        x, y = self.grid[0] + cell[0] * self.tile, self.grid[1] + cell[1] * self.tile
        return image.crop((x + self.inset, y + self.inset, x + self.tile - self.inset, y + self.tile - self.inset))

    def cell_box(self, c: int, r: int) -> tuple[int, int, int, int]:
        x, y = self.grid[0] + c * self.tile, self.grid[1] + r * self.tile
        return x, y, x + self.tile, y + self.tile

    def cells(self, image: Image.Image) -> dict[Cell, bytes]:
        return {(c, r): self.sprites.name(self.crop(image, (c, r))) for r in range(self.h) for c in range(self.w)}

    def face(self, image: Image.Image) -> bytes:
        """The game's state from its Pause button: enabled at the first click, grey again when it is over."""
        label = image.crop((self.box[0] + PAUSE[0], self.box[1] + PAUSE[1], self.box[0] + PAUSE[2],
                            self.box[1] + PAUSE[3])).convert("L")
        enabled = min(label.get_flattened_data()) < 100
        self.started |= enabled
        return b"over" if self.started and not enabled else b"playing"

    def board_box(self) -> tuple[int, int, int, int]:
        return self.grid[0], self.grid[1], self.grid[0] + self.w * self.tile, self.grid[1] + self.h * self.tile

    def click(self, cell: Cell, button: int, before: Image.Image) -> Image.Image:
        box = self.cell_box(*cell)
        x, y = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        self.screen.run("xdotool", "mousemove", str(x), str(y), "click", str(button))
        self.screen.run("xdotool", "mousemove", "1270", "790")
        wait_for(lambda: self.screen.grab().crop(box).tobytes() != before.crop(box).tobytes(), f"{cell} drawn")
        image = self.steady()
        if self.face(image) == b"over":  # its message over the board for four seconds, then faded out
            time.sleep(5.5)
            image = self.steady()
        return image

    def steady_grab(self) -> Image.Image:
        last = self.screen.grab()
        while True:
            time.sleep(0.05)
            now = self.screen.grab()
            if now.tobytes() == last.tobytes():
                return now
            last = now

    def steady(self) -> Image.Image:
        """The board and the toolbar drawn and still (two grabs alike there; the clock ticks on below)."""
        boxes = [self.board_box(), (self.box[0], self.box[1], self.box[2], self.box[1] + VIEW[1])]
        last = self.screen.grab()
        while True:
            time.sleep(0.05)
            now = self.screen.grab()
            if all(now.crop(b).tobytes() == last.crop(b).tobytes() for b in boxes):
                return now
            last = now


def main() -> None:
    out, count, rng, screen = begin(sys.argv)
    bus = Bus(screen)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            sprites = [Sprites() for _ in SETUPS]

            games: list[Game] = []

            def make(k: int):
                def start(scr: Screen, w: int, h: int, mines: int, at: tuple[int, int]) -> Game:
                    games.append(Game(scr, home, bus, sprites[k], SETUPS[k], mines, at))
                    return games[-1]
                return start

            # calibration, each setup (its squares) on its own: which sprite is which digit, from the mines the
            # program shows at each loss, on dense custom boards of the same size
            digits: list[dict[bytes, int]] = []
            for k, (w, h, *_) in enumerate(SETUPS):
                votes: dict[bytes, set[int]] = {}
                for _ in range(CALIBRATE):
                    got = xdemineur.play(screen, rng, w, h, w * h // 4, (0, 0), make=make(k))
                    if got is None:
                        continue
                    xdemineur.vote(votes, got, w, h)
                digits.append(xdemineur.voted(votes))
                print("calibrated", SETUPS[k], sorted(Counter(digits[-1].values()).items()), "dropped:",
                      sum(len(v) > 1 for v in votes.values()), "sprites:", len(sprites[k].known),
                      "closest two:", sprites[k].closest(),
                      "spread:", sprites[k].spread, flush=True)
                if sprites[k].closest() < SEPARATION:
                    digits[-1] = {}  # sprites too near to tell apart: no truth at this setup
            made, tries = 0, 0
            while made < count and tries < count * 6:
                tries += 1
                k = (made + made // len(SETUPS)) % len(SETUPS)  # a setup's games not always whole, or JPEGs
                w, h, n, theme, size = SETUPS[k]
                whole = made % 3 == 1
                at = (rng.randrange(0, 1280 - size[0]), rng.randrange(0, 800 - size[1])) if whole else (0, 0)
                game = xdemineur.played(screen, rng, w, h, n, at, make(k), digits[k])
                if game is None:
                    continue
                position, rows, lost, loss_rows, box = game
                more = {"tile": games[-1].tile, "mines": n, "theme": theme, "level": LEVELS.get((w, h, n), "Custom")}
                save_shots(out, "kmines", made, whole, box,
                           [("", position, rows, more), ("-lost", lost, loss_rows, more)], rng)
                made += 1
    finally:
        screen.close()
        bus.close()


if __name__ == "__main__":
    main()
