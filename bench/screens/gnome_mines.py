"""Screenshots of GNOME Mines (Debian's `gnome-mines` 40.1) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/gnome_mines.py OUT_DIR [COUNT]

Needs `apt-get install gnome-mines xvfb xdotool imagemagick x11-utils`.  Each game is the program's own (its
own random layout, placed after its first click), played by clicks: left to open, right to flag.  Its
settings (board size, mines, theme, window size) are given through GLib's keyfile backend
(`GSETTINGS_BACKEND=keyfile` in a configuration directory of our own), the game started from its own
level buttons or its "Custom" page, then its window resized (it scales its squares to the window) and
sometimes moved away from the screen's corner.  Its three themes ("bgcolors", its default; "classic";
"default") are taken in turn.  There is no window manager: the program pauses when it loses the focus,
which follows the pointer, so the pointer is parked inside the window, off the board, between clicks (a
square under the pointer is lit).

Truth, never from minesat's reader: each square of the program's own pixels at scale 1 is compared with the
program's own sprites of that theme and window size.  Its squares are laid out at a fractional pitch, so
they come in up to four sizes (a pixel apart across and down), and a state has one sprite a size: the
hidden ones are its fresh board's, a right click on one square of each size gives the flags (a second gives
back the hidden square); the opened squares' sprites are given their digits by calibration games played
first at that setup on dense boards and not kept: at each of their losses the program shows every mine,
and a sprite is the count of shown mines around every square that shows it, or it is dropped.  At a loss
the program draws the other hidden squares in a flat colour (of a size's sprites there, the one of fewest
colours), a mine on the rest, and every flag anew: the flags are all right when the mines shown and the
flags make the game's own count.  Each game kept is checked as xdemineur's are (`xdemineur.truth_rows`):
every square of its position must be one of these sprites, and at its loss every opened number must equal
the count of mines shown around it.  The position before the loss is the screenshot of the set; the loss
is a second one.

Variants: the window alone, or every third one the whole screen with the window moved; resized to device
scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in three as JPEG at
quality 60-90.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xbomb import Screen, begin, save_shots, wait_for, window_box  # the Xvfb, shots saved, start, polling, a window
from xdemineur import around, truth_rows  # the neighbours, the rows checked against the mines shown

Cell = tuple[int, int]
BACKGROUND = (246, 245, 244)  # the window's ground (Adwaita's)
START = (700, 500)  # the window's size while the game is chosen: its "Custom" and "Play Game" buttons' places
CUSTOM, PLAY = (430, 480), (300, 346)
# its own levels' buttons (a custom 8x8 board comes out with 1 mine whatever is asked: its levels are used)
LEVEL_BUTTONS = {(8, 8, 10): (190, 240), (16, 16, 40): (430, 240), (30, 16, 99): (190, 480)}
Setup = tuple[int, int, int, str, tuple[int, int]]  # columns, rows, mines, theme, the window's size
# boards of 8x8 to 30x16 in its three themes; the window's size gives the squares' (from about 23 to 44 pixels)
SETUPS: list[Setup] = [(8, 8, 10, "bgcolors", (600, 470)), (16, 16, 40, "classic", (800, 640)),
                       (30, 16, 99, "default", (1100, 560)), (9, 9, 10, "default", (700, 560)),
                       (16, 16, 40, "bgcolors", (640, 500)), (30, 16, 99, "bgcolors", (1270, 760)),
                       (12, 10, 24, "classic", (900, 700))]
CALIBRATE = 8  # games a setup at most


class Game:
    def __init__(self, screen: Screen, config: Path, w: int, h: int, mines: int, theme: str,
                 size: tuple[int, int], at: tuple[int, int]) -> None:
        self.screen, self.w, self.h, self.mines = screen, w, h, mines
        keyfile = config / "glib-2.0" / "settings" / "keyfile"
        keyfile.parent.mkdir(parents=True, exist_ok=True)
        keyfile.write_text(f"[org/gnome/Mines]\nmode=3\nxsize={w}\nysize={h}\nnmines={mines}\ntheme='{theme}'\n"
                           f"use-question-marks=false\nuse-animations=false\nwindow-width={START[0]}\n"
                           f"window-height={START[1]}\nwindow-is-maximized=false\n")
        env = {**screen.env, "XDG_CONFIG_HOME": str(config), "GSETTINGS_BACKEND": "keyfile", "NO_AT_BRIDGE": "1"}
        screen.run("xdotool", "mousemove", "1270", "790")
        for _ in range(3):  # it sometimes dies at its start ("cannot open display" under load): again
            screen.app = subprocess.Popen(["/usr/games/gnome-mines"], env=env, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL)
            self.win = wait_for(lambda: self.find() or screen.app.poll() is not None, "gnome-mines' window", 40)
            if self.win is not True:
                break
        else:
            raise TimeoutError("gnome-mines did not start")
        # its chooser drawn (the Custom button's grey), then its Custom page (the Play button's blue)
        wait_for(lambda: self.screen.grab().getpixel(CUSTOM)[2] > 200, "the chooser", 20)
        if (w, h, mines) in LEVEL_BUTTONS:
            self.screen.run("xdotool", "mousemove", *map(str, LEVEL_BUTTONS[w, h, mines]), "click", "1")
        else:
            self.screen.run("xdotool", "mousemove", *map(str, CUSTOM), "click", "1")
            wait_for(lambda: self.blue(self.screen.grab().getpixel(PLAY)), "the Custom page")
            self.screen.run("xdotool", "mousemove", *map(str, PLAY), "click", "1")
            wait_for(lambda: not self.blue(self.screen.grab().getpixel(PLAY)), "the game")
        self.screen.run("xdotool", "windowsize", self.win, str(size[0]), str(size[1]))
        self.screen.run("xdotool", "windowmove", self.win, str(at[0]), str(at[1]))
        self.box = wait_for(lambda: window_box(self.screen, self.win, at, size), "the window at its size")
        self.park()
        self.grid = wait_for(self.find_grid, "the board laid out")

    @staticmethod
    def blue(p: tuple[int, int, int]) -> bool:
        return p[2] > 180 and p[0] < 120

    def find(self) -> str:
        try:
            return self.screen.run("xdotool", "search", "--onlyvisible", "--name", "^Mines$").split()[0]
        except subprocess.CalledProcessError:
            return ""

    def park(self) -> None:
        """The pointer inside the window (its focus: it pauses without it), off the board and its buttons."""
        self.screen.run("xdotool", "mousemove", str(self.box[2] - 12), str(self.box[3] - 10))

    def find_grid(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
        """The squares' spans across and down, from the fresh board: runs of its most common colour (the
        hidden square's) but the ground's, in the window's left part (the counters and buttons right)."""
        image = self.screen.grab().crop(self.box)
        board = image.crop((0, 56, image.width - 180, image.height - 6))
        colours = Counter(board.get_flattened_data())
        colours.pop(BACKGROUND, None)
        if not colours:
            return None
        hidden, _ = colours.most_common(1)[0]
        data = board.load()
        across = [sum(data[x, y] == hidden for y in range(0, board.height, 2)) for x in range(board.width)]
        down = [sum(data[x, y] == hidden for x in range(0, board.width, 2)) for y in range(board.height)]
        xs, ys = runs(across), runs(down)
        if len(xs) != self.w or len(ys) != self.h:
            return None
        return ([(self.box[0] + a, self.box[0] + b) for a, b in xs],
                [(self.box[1] + 56 + a, self.box[1] + 56 + b) for a, b in ys])

    def cell_box(self, c: int, r: int) -> tuple[int, int, int, int]:
        (x0, x1), (y0, y1) = self.grid[0][c], self.grid[1][r]
        return x0, y0, x1, y1

    def cells(self, image: Image.Image) -> dict[Cell, bytes]:
        return {(c, r): image.crop(self.cell_box(c, r)).tobytes() for r in range(self.h) for c in range(self.w)}

    def pitch(self) -> float:
        """The squares' spacing across, in pixels (the truth's `tile`)."""
        return round((self.grid[0][-1][0] - self.grid[0][0][0]) / (self.w - 1), 2)

    def board_box(self) -> tuple[int, int, int, int]:
        return self.grid[0][0][0], self.grid[1][0][0], self.grid[0][-1][1], self.grid[1][-1][1]

    def click(self, cell: Cell, button: int, before: Image.Image) -> Image.Image:
        x0, y0, x1, y1 = self.cell_box(*cell)
        self.screen.run("xdotool", "mousemove", str((x0 + x1) // 2), str((y0 + y1) // 2), "click", str(button))
        self.park()
        box = (x0, y0, x1, y1)
        wait_for(lambda: self.screen.grab().crop(box).tobytes() != before.crop(box).tobytes(), f"{cell} drawn")
        return self.steady()

    def steady(self) -> Image.Image:
        """The board drawn and still (two grabs alike there; its clock ticks on beside it)."""
        box = self.board_box()
        last = self.screen.grab()
        while True:
            now = self.screen.grab()
            if now.crop(box).tobytes() == last.crop(box).tobytes():
                return now
            last = now


def colours(sprite: bytes) -> int:
    """How many colours a sprite's pixels (RGB bytes) take."""
    return len({sprite[i:i + 3] for i in range(0, len(sprite), 3)})


def runs(counts: list[int]) -> list[tuple[int, int]]:
    """The spans where a count is over half its highest."""
    top = max(counts)
    out: list[tuple[int, int]] = []
    for i, k in enumerate(counts):
        if k > top // 2:
            if out and out[-1][1] == i:
                out[-1] = (out[-1][0], i + 1)
            else:
                out.append((i, i + 1))
    return out


def panel(game: Game, image: Image.Image) -> bytes:
    """The buttons beside the board (its own state: "Start Over" becomes "Play Again" when a game ends)."""
    return image.crop((game.grid[0][-1][1] + 12, game.box[3] - 200, game.box[2] - 24, game.box[3] - 24)).tobytes()


def play(screen: Screen, config: Path, rng: random.Random, setup: Setup, mines: int, at: tuple[int, int]):
    """One game to its end: (position, its sprites, end, its sprites, the mines shown, hidden sprites, flag
    sprites, window box) or None (not as expected)."""
    w, h, _, theme, size = setup
    try:
        game = Game(screen, config, w, h, mines, theme, size, at)
    except TimeoutError as e:
        print("no game:", e, flush=True)
        return None
    try:
        fresh = game.steady()
        first = game.cells(fresh)
        sizes: dict[tuple[int, int], list[Cell]] = {}
        for xy in first:
            x0, y0, x1, y1 = game.cell_box(*xy)
            sizes.setdefault((x1 - x0, y1 - y0), []).append(xy)
        hidden = set(first.values())
        if len(hidden) != len(sizes):
            return None  # not one sprite a size
        image, flags = fresh, set()
        for cells in sizes.values():  # a flag of each size, then taken off
            probe = rng.choice(cells)
            image = game.click(probe, 3, image)
            flags.add(game.cells(image)[probe])
            image = game.click(probe, 3, image)
        if image.crop(game.board_box()).tobytes() != fresh.crop(game.board_box()).tobytes() or flags & hidden:
            return None
        history = []
        opens = rng.randrange(3, 15)
        flagged = 0
        lost = None
        playing = None
        for _ in range(400):
            sprites = game.cells(image)
            history.append(image)
            hidden_cells = [xy for xy, s in sprites.items() if s in hidden]
            if not hidden_cells:
                return None
            opens -= 1
            near = [xy for xy in hidden_cells if any(sprites[n] not in hidden | flags for n in around(xy, w, h))]
            xy = rng.choice(near or hidden_cells) if opens > 0 else rng.choice(hidden_cells)
            button = 3 if opens > 0 and playing and rng.random() < 0.2 and flagged < mines // 4 else 1
            flagged += button == 3
            try:
                image = game.click(xy, button, image)
            except TimeoutError:  # the game over already (its panel drawn after its board)
                image = game.steady()
            if playing is None:
                playing = panel(game, image)
            elif panel(game, image) != playing:
                lost = image if button == 1 else None
                break
        if lost is None or len(history) < 2:
            return None
        position = history[-1]
        before, at_loss = game.cells(position), game.cells(lost)
        # at a loss the program shows every mine and draws the other hidden squares in a flat colour of its
        # own: of a size's sprites there, the one of fewest colours (the others: a mine, the exploded one)
        ends: dict[tuple[int, int], Counter[bytes]] = {}
        for cell, s in before.items():
            if s in hidden:
                x0, y0, x1, y1 = game.cell_box(*cell)
                ends.setdefault((x1 - x0, y1 - y0), Counter())[at_loss[cell]] += 1
        plain = {min(c, key=lambda s: (colours(s), -c[s])) for c in ends.values()}
        shown = {xy for xy, s in before.items() if s in hidden and at_loss[xy] not in plain}
        # a flag is drawn anew at a loss (on that flat colour, or as a wrong one): the flags are all right
        # when the mines shown and the flags make the game's count, which is then every mine
        flagged = {xy for xy, s in before.items() if s in flags}
        if len(shown) + len(flagged) != mines or xy not in shown:
            return None
        end_flags = {at_loss[xy] for xy in flagged}
        return (position, before, lost, at_loss, shown | flagged, hidden, flags, (plain, end_flags), game.box,
                game.pitch())
    finally:
        screen.stop_app()


def main() -> None:
    out, count, rng, screen = begin(sys.argv)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            config = Path(tmp)
            # calibration, each setup (its squares' sizes) on its own: which sprite is which digit, from the
            # mines the program shows at each loss, on dense boards
            digits: list[dict[bytes, int]] = []
            for setup in SETUPS:
                w, h, _, _, size = setup
                votes: dict[bytes, set[int]] = {}
                for _ in range(CALIBRATE):
                    got = play(screen, config, rng, setup, 10 if (w, h) == (8, 8) else w * h * 3 // 10, (0, 0))
                    if got is None:
                        continue
                    _, before, _, _, shown, hidden, flags, _, _, _ = got
                    for xy, s in before.items():
                        if s not in hidden | flags:
                            votes.setdefault(s, set()).add(sum(o in shown for o in around(xy, w, h)))
                digits.append({s: next(iter(v)) for s, v in votes.items() if len(v) == 1})
                print("calibrated", setup, sorted(Counter(digits[-1].values()).items()), "dropped:",
                      sum(len(v) > 1 for v in votes.values()), flush=True)
            made, tries = 0, 0
            while made < count and tries < count * 6:
                tries += 1
                k = made % len(SETUPS)
                w, h, n, theme, size = SETUPS[k]
                whole = made % 3 == 1
                at = (rng.randrange(0, 1280 - size[0]), rng.randrange(0, 800 - size[1])) if whole else (0, 0)
                got = play(screen, config, rng, SETUPS[k], n, at)
                if got is None:
                    continue
                position, before, lost, at_loss, shown, hidden, flags, ends, box, tile = got
                rows = truth_rows(before, hidden, flags, digits[k], shown, w, h)
                if rows is None:
                    print("a square matching no sprite", flush=True)
                    continue
                loss_rows = None
                if all(s not in flags or xy in shown for xy, s in before.items()):
                    loss_rows = truth_rows(at_loss, hidden | ends[0], ends[1], digits[k], shown, w, h, loss=True)
                more = {"tile": tile, "mines": n, "theme": theme}
                save_shots(out, "gnome-mines", made, whole, box,
                           [("", position, rows, more), ("-lost", lost, loss_rows, more)], rng)
                made += 1
    finally:
        screen.close()


if __name__ == "__main__":
    main()
