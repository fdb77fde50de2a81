"""Screenshots of xdemineur (Debian's `xdemineur` 2.1.1) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/xdemineur.py OUT_DIR [COUNT [FIRST]]  (FIRST: go on from screenshot FIRST)

Needs `apt-get install xdemineur xvfb xdotool imagemagick`.  Each game is the program's own (its own random
layout; it opens a first area by itself), played by clicks: left to open, right to flag.  Its look is
Windows' classic one: raised grey squares, coloured digits, two red LED counters, a face; squares of 21
pixels, boards of 12x8 to 30x24 (`-geometry COLSxROWS`, at least 12 columns), the window sometimes away
from the screen's corner.

Truth, never from minesat's reader: each square of the program's own pixels at scale 1 is compared with the
program's own sprites (xdemineur draws each square from a pixmap, so a state is the same pixels wherever it
is): the hidden square is the one most of its fresh board shows, and a right click on one gives the flag
(two more give back the hidden square, through the question mark); the opened squares' sprites are given
their digits by calibration games played first and not kept: at each of their losses the program shows
every mine, and a sprite is the count of shown mines around every square that shows it, or it is dropped.
The table is then frozen, and each game kept is checked against it: every square of its position must be
one of these sprites, and at its loss every opened number must equal the count of mines shown around it
(a mine shown on a hidden square, the one exploded, a flag the loss leaves standing), their number the
game's.  The position before the loss is the screenshot of the set; the loss is a second one when no flag
was wrong (its mines are hidden cells, '?', in minesat's truth).

Variants: the window alone, or every third one the whole screen with the window moved; resized to device
scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in three as JPEG at
quality 60-90.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Collection, Iterator
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xbomb import Screen, begin, save_shots, wait_for  # the Xvfb, a game's shots saved, a script's start, polling

TILE = 21
ORIGIN = (16, 81)  # the first square's corner in the window (its frame and counters above)
SIZES = [(12, 8, 15), (16, 16, 40), (30, 16, 99), (12, 12, 22), (30, 24, 150), (20, 15, 50)]
# dense boards, so that the high digits show up
CALIBRATE = [(16, 16, 60), (30, 16, 130), (16, 16, 70), (30, 24, 200), (20, 15, 75), (16, 16, 60)] * 2

Cell = tuple[int, int]


def windows(screen: Screen) -> Iterator[tuple[str, tuple[int, int, int, int]]]:
    """Each window of the Xvfb's tree (`xwininfo -root -tree`): its line and its box on the screen."""
    tree = subprocess.run(["xwininfo", "-root", "-tree"], env=screen.env, capture_output=True,
                          check=True).stdout.decode("latin-1")
    for line in tree.splitlines():
        if line.strip().startswith("0x") and line.rstrip().endswith(tuple("0123456789")):
            geometry, absolute = line.split()[-2:]  # WxH+x+y (in its parent), +X+Y (on the screen)
            width, height = (int(v) for v in geometry.split("+")[0].split("x"))
            x, y = (int(v) for v in absolute.lstrip("+").split("+"))
            yield line, (x, y, x + width, y + height)


class Game:
    def __init__(self, screen: Screen, w: int, h: int, mines: int, at: tuple[int, int]) -> None:
        self.screen, self.w, self.h, self.mines = screen, w, h, mines
        screen.run("xdotool", "mousemove", "1270", "790")  # the pointer off the window
        screen.app = subprocess.Popen(["/usr/games/xdemineur", "-geometry", f"{w}x{h}+{at[0]}+{at[1]}",
                                       "-m", str(mines)], env=screen.env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        self.box = wait_for(self.find, "xdemineur's window")
        self.grid = (self.box[0] + ORIGIN[0], self.box[1] + ORIGIN[1])

    def find(self) -> tuple[int, int, int, int] | None:
        return next((box for line, box in windows(self.screen) if "/usr/games/xdemineur" in line), None)

    def face(self, image: Image.Image) -> bytes:
        """The face above the board (the program's own state: it frowns at a loss)."""
        cx = (self.box[0] + self.box[2]) // 2
        return image.crop((cx - 12, self.box[1] + 30, cx + 12, self.box[1] + 54)).tobytes()

    def cell_box(self, c: int, r: int) -> tuple[int, int, int, int]:
        x, y = self.grid[0] + c * TILE, self.grid[1] + r * TILE
        return x, y, x + TILE, y + TILE

    def cells(self, image: Image.Image) -> dict[Cell, bytes]:
        return {(c, r): image.crop(self.cell_box(c, r)).tobytes() for r in range(self.h) for c in range(self.w)}

    def click(self, cell: Cell, button: int, before: Image.Image) -> Image.Image:
        box = self.cell_box(*cell)
        x, y = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        self.screen.run("xdotool", "mousemove", str(x), str(y), "click", str(button))
        wait_for(lambda: self.screen.grab().crop(box).tobytes() != before.crop(box).tobytes(), f"{cell} drawn")
        self.screen.run("xdotool", "mousemove", "1270", "790")
        return self.steady()

    def steady(self) -> Image.Image:
        last = self.screen.grab()
        while True:
            now = self.screen.grab()
            if now.tobytes() == last.tobytes():
                return now
            last = now


def around(cell: Cell, w: int, h: int) -> list[Cell]:
    return [(cell[0] + a, cell[1] + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
            if (a or b) and 0 <= cell[0] + a < w and 0 <= cell[1] + b < h]


def play(screen: Screen, rng: random.Random, w: int, h: int, mines: int, at: tuple[int, int], make=None,
         player=None):
    """One game to its loss: (position, its sprites, loss, its sprites, the mines shown, hidden, flag,
    window box) or None (won, or not as expected).  `make(screen, w, h, mines, at)` starts the game: this
    program's by default (ace_mines.py gives another program of the same ways).  `player(sprites, hidden,
    flag)`, when given, is asked first at each move: a hidden square and the button for it (a square it
    deduced safe to open, a mine to flag), or None for the guesses below (winemine.py gives one)."""
    try:
        game = (make or Game)(screen, w, h, mines, at)
    except TimeoutError:  # a window that did not show (seen once under load)
        screen.stop_app()
        return None
    try:
        fresh = game.steady()
        face = game.face(fresh)
        first = game.cells(fresh)
        hidden, n = Counter(first.values()).most_common(1)[0]
        if n < w * h // 3:
            return None
        probe = rng.choice([xy for xy, s in first.items() if s == hidden])
        image = game.click(probe, 3, fresh)
        flag = game.cells(image)[probe]
        image = game.click(probe, 3, image)  # the question mark
        image = game.click(probe, 3, image)
        if game.cells(image)[probe] != hidden or game.face(image) != face:
            return None
        history = []
        opens = rng.randrange(3, 15)
        flags = 0
        lost = None
        for _ in range(400):
            sprites = game.cells(image)
            history.append(image)
            hidden_cells = [xy for xy, s in sprites.items() if s == hidden]
            if not hidden_cells:
                return None
            move = player(sprites, hidden, flag) if player else None
            if move is not None:
                image = game.click(move[0], move[1], image)
                if game.face(image) != face:
                    lost = image
                    break
                continue
            opens -= 1
            near = [xy for xy in hidden_cells if any(sprites[n] not in (hidden, flag) for n in around(xy, w, h))]
            xy = rng.choice(near or hidden_cells) if opens > 0 else rng.choice(hidden_cells)
            button = 3 if opens > 0 and rng.random() < 0.2 and flags < mines // 4 else 1
            flags += button == 3
            image = game.click(xy, button, image)
            if game.face(image) != face:  # the face above the board: dead at a loss
                lost = image
                break
        if lost is None or len(history) < 2:
            return None
        position = history[-1]
        before, at_loss = game.cells(position), game.cells(lost)
        shown = {xy for xy, s in before.items() if s == hidden and at_loss[xy] != hidden}
        shown |= {xy for xy, s in before.items() if s == flag and at_loss[xy] == flag}
        if len(shown) != mines:
            return None
        return position, before, lost, at_loss, shown, hidden, flag, game.box
    finally:
        screen.stop_app()


def main() -> None:
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    out, count, rng, screen = begin(sys.argv, 34 + first)
    digits: dict[bytes, int] = {}
    try:
        digits = calibrated(screen, rng, CALIBRATE)
        made, tries = first, 0
        while made < count and tries < count * 6:
            tries += 1
            w, h, n = SIZES[made % len(SIZES)]
            whole = made % 3 == 1
            at = (rng.randrange(40, 1270 - w * TILE - 40), rng.randrange(30, 790 - h * TILE - 110)) if whole \
                else (0, 0)
            game = played(screen, rng, w, h, n, at, None, digits)
            if game is None:
                continue
            position, rows, lost, loss_rows, box = game
            more = {"tile": TILE, "mines": n}
            save_shots(out, "xdemineur", made, whole, box,
                       [("", position, rows, more), ("-lost", lost, loss_rows, more)], rng)
            made += 1
    finally:
        screen.close()


def vote(votes: dict[bytes, set[int]], game, w: int, h: int) -> None:
    """What a lost game (`play`'s) says of its sprites: each opened one shows the mines shown around it."""
    _, before, _, _, shown, hidden, flag, _ = game
    for xy, s in before.items():
        if s not in (hidden, flag):
            votes.setdefault(s, set()).add(sum(o in shown for o in around(xy, w, h)))


def calibrated(screen: Screen, rng: random.Random, sizes, make=None, player_of=None) -> dict[bytes, int]:
    """Which sprite is which digit, from the mines the program shows at the loss of a game of each size (w, h,
    mines) played first and not kept (`play`, with `make` and a player `player_of(digits so far, w, h)` if any)."""
    votes: dict[bytes, set[int]] = {}
    for w, h, n in sizes:
        player = player_of(voted(votes), w, h) if player_of else None
        got = play(screen, rng, w, h, n, (0, 0), make=make, player=player)
        if got is None:
            continue
        vote(votes, got, w, h)
    digits = voted(votes)
    print("calibrated sprites:", sorted(digits.values()), "dropped:", sum(len(v) > 1 for v in votes.values()),
          flush=True)
    return digits


def voted(votes: dict[bytes, set[int]]) -> dict[bytes, int]:
    """The sprites whose games all said one digit, with it (the others dropped)."""
    return {s: next(iter(v)) for s, v in votes.items() if len(v) == 1}


def played(screen: Screen, rng: random.Random, w: int, h: int, mines: int, at: tuple[int, int], make,
           digits: dict[bytes, int], player=None):
    """A game played to its loss (`play`, with its `player` if any) and its truth: (the position's picture, its
    rows, the loss's picture, the loss's rows or None when a flag was wrong, the window's box), or None (not
    played, or a square that matches no sprite)."""
    got = play(screen, rng, w, h, mines, at, make=make, player=player)
    if got is None:
        return None
    position, before, lost, at_loss, shown, hidden, flag, box = got
    rows = truth_rows(before, hidden, flag, digits, shown, w, h)
    if rows is None:
        print("a square matching no sprite", flush=True)
        return None
    loss_rows = None
    if all(s != flag or xy in shown for xy, s in before.items()):
        loss_rows = truth_rows(at_loss, hidden, flag, digits, shown, w, h, loss=True)
    return position, rows, lost, loss_rows, box


def truth_rows(sprites: dict[Cell, bytes], hidden: bytes | Collection[bytes], flag: bytes | Collection[bytes],
               digits: dict[bytes, int], shown: set[Cell], w: int, h: int, loss: bool = False) -> list[str] | None:
    """The rows in minesat's characters, every opened number checked against the mines shown; None when a
    square matches no sprite or a number is not the count of mines around it.  `hidden` and `flag` are a
    sprite, or the sprites of a program whose squares come in more than one size (gnome_mines.py)."""
    hiddens = {hidden} if isinstance(hidden, bytes) else set(hidden)
    flags = {flag} if isinstance(flag, bytes) else set(flag)
    rows = []
    for r in range(h):
        line = ""
        for c in range(w):
            s = sprites[c, r]
            if loss and (c, r) in shown:
                line += "F" if s in flags else "?"  # a mine shown (or exploded), or a flag left standing
            elif s in hiddens:
                line += "?"
            elif s in flags:
                line += "F"
            elif s in digits and digits[s] == sum(o in shown for o in around((c, r), w, h)):
                line += str(digits[s])
            else:
                return None
        rows.append(line)
    return rows


if __name__ == "__main__":
    main()
