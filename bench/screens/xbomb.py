"""Screenshots of xbomb (Debian's `xbomb` 2.2b, `/usr/games/xbomb -square`) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/xbomb.py OUT_DIR [COUNT]

Needs `apt-get install xbomb xvfb xdotool imagemagick`.  Each game is the program's own (its own random
layout, its own first click), played by clicks: a left click on a cell opens it, a right click flags it.
The program runs in its own Xvfb, its window resized to give other tile sizes (xbomb scales its grid to the
window), sometimes moved away from the screen's corner.

Truth, never from minesat's reader: each cell of the program's own pixels at scale 1 is compared with the
program's own sprites of that game: the hidden cell from its fresh board (every cell identical), the flag
from a right click on that fresh board (then undone); an opened cell is white with ink of one colour, the
digit given by that colour among the program's own colour resources (`*grid.number` .. `number8`, its
app-defaults), and every cell of one digit must be drawn pixel for pixel alike.  Any cell matching none of
these drops the position.  Each game is then played to a loss: the program shows every mine (on red) and
opens the rest, and a position is kept only when each of its opened numbers equals the count of mines
shown around it.  The position before the loss is the screenshot of the set; the loss is a second one when
no flag was wrong (minesat's truth holds a shown mine as hidden, '?'; xbomb draws a wrong flag at a loss
as a blank cell, which has no truth).

Variants: the scale-1 capture (the window, or every third one the whole screen with the window moved),
resized to device scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth), and one
in three saved as JPEG at quality 60-90.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

LEVELS = {1: (8, 8, 10), 2: (16, 16, 40), 3: (30, 16, 99)}
# tile sizes the program takes (its default first; some others it snaps back from, as 25 at 16x16)
TILES = {1: (50, 30, 40), 2: (20, 30, 32), 3: (20, 32, 30)}
SCALES = (1.0, 1.25, 1.5, 2.0, 3.0)  # the window's shots in turn; the whole screen's at 1 or 1.25
# xbomb's app-defaults colours of the digits (X colour names navyblue, darkgreen, darkred, black, turquoise,
# orange, violet, lightgreen): the program's own resources, documented in `man xbomb`.
DIGITS = {(0, 0, 128): 1, (0, 100, 0): 2, (139, 0, 0): 3, (0, 0, 0): 4, (64, 224, 208): 5, (255, 165, 0): 6,
          (238, 130, 238): 7, (144, 238, 144): 8}
WHITE, RED = (255, 255, 255), (255, 0, 0)
INSET = 3  # pixels of a cell's edge left out (the lines between cells)


class Screen:
    """An Xvfb of our own, with the program in it."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        self.size = (width, height)
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with open(read) as f:
            self.display = ":" + f.readline().strip()
        self.env = {**os.environ, "DISPLAY": self.display}
        self.app: subprocess.Popen | None = None

    def run(self, *args: str, **kw) -> str:
        return self.run_bytes(*args, **kw).decode("utf-8", "replace")

    def grab(self) -> Image.Image:
        png = self.run_bytes("import", "-window", "root", "png:-")
        return Image.open(io.BytesIO(png)).convert("RGB")

    def run_bytes(self, *args: str, **kw) -> bytes:
        """A command's output; again when it could not open the display (seen now and then under load)."""
        for attempt in range(5):
            done = subprocess.run(args, env=self.env, capture_output=True, timeout=30, **kw)
            if done.returncode == 0 or b"open display" not in done.stderr.lower() or attempt == 4:
                break
            time.sleep(0.2 * (attempt + 1))
        done.check_returncode()
        return done.stdout

    def stop_app(self) -> None:
        """The program ended, if it runs."""
        if self.app:
            self.app.terminate()
            self.app.wait()
            self.app = None

    def close(self) -> None:
        self.stop_app()
        self.xvfb.terminate()
        self.xvfb.wait()


def begin(argv: list[str], seed: int = 34) -> tuple[Path, int, random.Random, Screen]:
    """A script's output folder (made) and count of positions from its arguments, its random source and its
    screen."""
    out = Path(argv[1]).resolve()
    count = int(argv[2]) if len(argv) > 2 else 12
    out.mkdir(parents=True, exist_ok=True)
    return out, count, random.Random(seed), Screen()


def window_box(screen: Screen, win: str, at: tuple[int, int],
               size: tuple[int, int] | None = None) -> tuple[int, int, int, int] | None:
    """The window's box on the screen once it is at `at` (and of `size`, when given), else None."""
    info = screen.run("xwininfo", "-id", win)
    get = {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in info.splitlines()) if v}
    x, y = int(get["Absolute upper-left X"]), int(get["Absolute upper-left Y"])
    width, height = int(get["Width"]), int(get["Height"])
    return (x, y, x + width, y + height) if (x, y) == at and size in (None, (width, height)) else None


def wait_for(test, what: str, timeout: float = 10.0):
    """Poll until test() gives something true (the program draws on its own time)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = test()
        if got:
            return got
        time.sleep(0.05)
    raise TimeoutError(what)


class Game:
    def __init__(self, screen: Screen, level: int, tile: int, at: tuple[int, int]) -> None:
        self.screen = screen
        self.w, self.h, self.mines = LEVELS[level]
        self.tile = tile
        screen.app = subprocess.Popen(["/usr/games/xbomb", "-square", f"-{level}"], env=screen.env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.win = wait_for(lambda: self.find(), "xbomb's window").split()[0]
        self.at = at
        self.grid = wait_for(self.resized, "the grid at its size")

    def find(self) -> str:
        try:
            return self.screen.run("xdotool", "search", "--onlyvisible", "--name", "^XBomb V2.2b$").strip()
        except subprocess.CalledProcessError:
            return ""

    def resized(self) -> tuple[int, int] | None:
        """xbomb lays its grid out 10 pixels narrower and 56 lower than its window, and scales it to fit."""
        grid = self.find_grid()
        if grid is None or grid[0] - 5 != self.at[0] or grid[1] - 28 != self.at[1]:
            self.screen.run("xdotool", "windowsize", self.win, str(self.w * self.tile + 10),
                            str(self.h * self.tile + 56))
            self.screen.run("xdotool", "windowmove", self.win, str(self.at[0]), str(self.at[1]))
            time.sleep(0.2)
            return None
        return grid

    def find_grid(self) -> tuple[int, int] | None:
        """The grid's window: the child of the size asked for; its absolute place."""
        tree = self.screen.run("xwininfo", "-root", "-tree")
        want = f"{self.w * self.tile}x{self.h * self.tile}+"
        for line in tree.splitlines():
            if want in line:
                absolute = line.split()[-1]  # +X+Y
                x, y = absolute.lstrip("+").split("+")
                return int(x), int(y)
        return None

    def window_box(self) -> tuple[int, int, int, int]:
        info = self.screen.run("xwininfo", "-id", self.win)
        get = {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in info.splitlines()) if v}
        x, y = int(get["Absolute upper-left X"]), int(get["Absolute upper-left Y"])
        return x, y, x + int(get["Width"]) + 2, y + int(get["Height"]) + 2  # the 1-pixel border around

    def centre(self, c: int, r: int) -> tuple[int, int]:
        return self.grid[0] + c * self.tile + self.tile // 2, self.grid[1] + r * self.tile + self.tile // 2

    def click(self, c: int, r: int, button: int, before: Image.Image) -> Image.Image:
        x, y = self.centre(c, r)
        self.screen.run("xdotool", "mousemove", str(x), str(y), "click", str(button))
        box = self.cell_box(c, r)
        # the cell redrawn, then the screen steady (two grabs alike)
        wait_for(lambda: self.screen.grab().crop(box).tobytes() != before.crop(box).tobytes(), f"cell {c},{r} drawn")
        return self.steady()

    def steady(self) -> Image.Image:
        last = self.screen.grab()
        while True:
            time.sleep(0.1)
            now = self.screen.grab()
            if now.tobytes() == last.tobytes():
                return now
            last = now

    def cell_box(self, c: int, r: int, inset: int = 0) -> tuple[int, int, int, int]:
        x, y = self.grid[0] + c * self.tile, self.grid[1] + r * self.tile
        return x + inset, y + inset, x + self.tile - inset, y + self.tile - inset

    def cells(self, image: Image.Image) -> dict[tuple[int, int], Image.Image]:
        return {(c, r): image.crop(self.cell_box(c, r, INSET)) for r in range(self.h) for c in range(self.w)}


def classify(cell: Image.Image, hidden: bytes, flag: bytes, inks: dict[int, bytes]) -> str | None:
    """The cell's character by the program's own sprites (`hidden`: this very cell on the fresh board), or
    None when it matches none."""
    data = cell.tobytes()
    if data == hidden:
        return "?"
    if data == flag:
        return "F"
    colours = {colour for _, colour in cell.getcolors(1 << 16) or []}
    if WHITE not in colours:
        return None
    ink = colours - {WHITE}
    if not ink:
        return "0"
    if len(ink) != 1 or next(iter(ink)) not in DIGITS:
        return None
    digit = DIGITS[next(iter(ink))]
    if inks.setdefault(digit, data) != data:  # every cell of one digit drawn alike
        return None
    return str(digit)


def shown_mines(game: Game, image: Image.Image) -> set[tuple[int, int]]:
    """The cells the program shows as mines at a loss: on a red ground."""
    out = set()
    for (c, r), cell in game.cells(image).items():
        colours = dict((colour, n) for n, colour in cell.getcolors(1 << 16) or [])
        if colours.get(RED, 0) > cell.width * cell.height // 3:
            out.add((c, r))
    return out


def loss_truth(game: Game, lost: Image.Image, mines: set[tuple[int, int]]) -> list[str] | None:
    """At a loss every mine is shown (hidden, '?', in minesat's truth) and every other cell opened: its
    number must be the count of shown mines around it, else no truth."""
    out = []
    cells = game.cells(lost)
    for r in range(game.h):
        line = ""
        for c in range(game.w):
            if (c, r) in mines:
                line += "?"
                continue
            got = classify(cells[c, r], b"", b"", {})
            if got != str(sum((c + dx, r + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))):
                return None
            line += got
        out.append(line)
    return out


def play(screen: Screen, rng: random.Random, level: int, tile: int, at: tuple[int, int]):
    """One game: (position image, position rows, loss image or None, loss rows, window box) or None."""
    try:
        game = Game(screen, level, tile, at)
    except TimeoutError:
        screen.app.terminate()  # type: ignore[union-attr]
        screen.app.wait()  # type: ignore[union-attr]
        screen.app = None
        return None
    try:
        fresh = game.steady()
        first = game.cells(fresh)
        hidden = {xy: cell.tobytes() for xy, cell in first.items()}
        if len(set(hidden.values())) > 2:
            return None  # not a fresh board drawn alike (its grey stipple may fall two ways)
        probe = (rng.randrange(game.w), rng.randrange(game.h))
        flagged = game.click(*probe, 3, fresh)
        flag = game.cells(flagged)[probe].tobytes()
        image = game.click(*probe, 3, flagged)
        if image.tobytes() != fresh.tobytes():
            return None
        state: dict[tuple[int, int], str] = {xy: "?" for xy in first}
        history = []
        start = (rng.randrange(game.w), rng.randrange(game.h))
        opens = rng.randrange(2, 6 if level == 1 else 12)
        flags: set[tuple[int, int]] = set()
        image = game.click(*start, 1, image)
        lost = None
        for _ in range(200):
            history.append(image)
            inks: dict[int, bytes] = {}
            rows = {xy: classify(cell, hidden[xy], flag, inks) for xy, cell in game.cells(image).items()}
            if any(v is None for v in rows.values()):
                lost = image
                history.pop()
                break
            state = rows  # type: ignore[assignment]
            hidden_cells = [xy for xy, v in state.items() if v == "?"]
            if not hidden_cells:
                return None  # won: no loss to check against
            if opens > 0 and rng.random() < 0.3 and len(flags) < game.mines // 2:
                xy = rng.choice(hidden_cells)
                flags.add(xy)
                image = game.click(*xy, 3, image)
                continue
            opens -= 1
            if opens > 0:  # a cell next to an opened one, as a player would
                near = [xy for xy in hidden_cells if any(state.get((xy[0] + dx, xy[1] + dy), "?") not in "?F"
                                                        for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
                xy = rng.choice(near or hidden_cells)
            else:  # play on, any hidden cell, until the loss
                xy = rng.choice(hidden_cells)
            image = game.click(*xy, 1, image)
        if lost is None or not history:
            return None
        mines = shown_mines(game, lost)
        if len(mines) != game.mines:
            return None
        position = history[-1]
        inks = {}
        rows = {xy: classify(cell, hidden[xy], flag, inks) for xy, cell in game.cells(position).items()}
        for (c, r), v in rows.items():
            if v not in ("?", "F") and int(v) != sum((c + dx, r + dy) in mines
                                                     for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                return None  # a number that is not the count of shown mines around it
        grid_rows = ["".join(rows[c, r] for c in range(game.w)) for r in range(game.h)]
        loss_rows = None
        if all(xy in mines for xy, v in rows.items() if v == "F"):
            loss_rows = loss_truth(game, lost, mines)
        return position, grid_rows, lost, loss_rows, game.window_box()
    finally:
        screen.stop_app()


Shot = tuple[str, Image.Image, list[str] | None, dict]  # its name's ending, the picture, its rows, more truth


def save_shots(out: Path, client: str, made: int, whole: bool, box: tuple[int, int, int, int],
               shots: list[Shot], rng: random.Random, prefix: str | None = None) -> None:
    """A game's screenshots (the position, the loss: those with rows) cropped to the window's `box` unless
    the whole screen is kept, resized to the scale of the `made`-th game, saved with their truth (files
    named `prefix` or the client, then the game's number)."""
    scale = SCALES[made % len(SCALES)] if not whole else (1.0, 1.25)[made // 3 % 2]
    for kind, image, grid, more in shots:
        if grid is None:
            continue
        if not whole:
            image = image.crop(box)
        if scale != 1:
            image = image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS)
        truth = {"client": client, "scale": scale, **more, "rows": grid,
                 "window": "moved, whole screen" if whole else "the window", "resize": "Pillow LANCZOS"}
        save(image, out, f"{prefix or client}-{made}{kind}", truth, rng, jpeg=made % 3 == 2)


Played = tuple[bool, tuple[int, int, int, int], list[Shot]]  # the whole screen kept?, the window's box, the shots


def shoot_games(client: str, prefix: str, size: tuple[int, int],
                one: Callable[[Screen, Path, Path, random.Random, int], Played | None]) -> None:
    """`python3 SCRIPT CHECKOUT OUT [COUNT]`: COUNT games (25) played by `one(screen, checkout, talk, rng, made)`
    on an Xvfb of `size` (None: a game that did not reach a position, tried again, four times the count at most;
    `talk`: a folder of its own for a driver's files), each one's shots saved in OUT (`save_shots`)."""
    checkout = Path(sys.argv[1]).resolve()
    out = Path(sys.argv[2]).resolve()
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(34)
    screen = Screen(*size)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            made = tries = 0
            while made < count and tries < count * 4:
                tries += 1
                got = one(screen, checkout, Path(tmp), rng, made)
                if got is None:
                    continue
                whole, box, shots = got
                save_shots(out, client, made, whole, box, shots, rng, prefix=prefix)
                made += 1
    finally:
        screen.close()


def save(image: Image.Image, out: Path, name: str, truth: dict, rng: random.Random, jpeg: bool) -> None:
    if jpeg:
        quality = rng.choice((60, 70, 80, 90))
        buf = io.BytesIO()
        image.save(buf, "JPEG", quality=quality)
        (out / f"{name}.jpg").write_bytes(buf.getvalue())
        truth = {**truth, "format": "jpg", "quality": quality}
    else:
        image.save(out / f"{name}.png", optimize=True)
        truth = {**truth, "format": "png", "quality": None}
    (out / f"{name}.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(name, image.size, truth["scale"], truth["format"], flush=True)


def main() -> None:
    out, count, rng, screen = begin(sys.argv)
    try:
        made = tries = 0
        while made < count and tries < count * 6:
            tries += 1
            level = (1, 2, 3)[made % 3]
            tile = TILES[level][(made // 3) % len(TILES[level])]
            whole = made % 3 == 1  # the whole screen, the window away from the corner
            at = (rng.randrange(40, 300), rng.randrange(30, 200)) if whole else (0, 0)
            at = (min(at[0], 1270 - LEVELS[level][0] * tile), min(at[1], 790 - LEVELS[level][1] * tile - 56))
            got = play(screen, rng, level, tile, at)
            if got is None:
                continue
            position, rows, lost, loss_rows, box = got
            more = {"tile": tile, "mines": LEVELS[level][2]}
            save_shots(out, "xbomb", made, whole, box, [("", position, rows, more), ("-lost", lost, loss_rows, more)],
                       rng)
            made += 1
    finally:
        screen.close()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory():
        main()
