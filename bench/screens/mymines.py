"""Screenshots of My Minesweeper (`wqhanginge/My_Minesweeper`, a Win32/GDI clone of Windows' Minesweeper in C),
built with Debian's MinGW and played under 64-bit Wine and Xvfb by xdotool, as WineMine is (`winemine.py`).

Usage: .venv/bin/python bench/screens/mymines.py CHECKOUT OUT_DIR [COUNT [FIRST]]  (FIRST: go on from screenshot
FIRST; CHECKOUT: `git archive 3c2424e` of wqhanginge/My_Minesweeper)

Needs `apt-get install wine gcc-mingw-w64-x86-64 xvfb xdotool imagemagick x11-utils` (64-bit Wine alone: no i386
architecture).  The program is built first from the checkout, untouched, into the Wine prefix: its resource
script (UTF-16) converted to UTF-8 for `x86_64-w64-mingw32-windres`, its `#include <Windows.h>` given MinGW's
`windows.h` by a one-line header of a folder of its own, then `x86_64-w64-mingw32-gcc -municode -mwindows`.  It
runs in winemine.py's Wine prefix under /tmp (made by `wineboot -i`, removed at the end), no window manager.  Each
game is the program's own (its own random layout, placed at the first click, which opens the 3x3 square around
it), played by clicks: left to open, right to flag.  Its board is set before each start in its own settings file,
`%LOCALAPPDATA%\\MyMinesweeper.ini` (section Init: mode 3, custom, so that a won game asks for no name; width,
height, mines; mark 1, the question mark after the flag; xpos and ypos, the window's place), read at its start.
Its squares are drawn with GDI, 24 pixels (columns 9 to 30, rows 9 to 24, at most 90% of them mines).  Its look
is Windows' classic one: raised grey squares (white and dark grey bevels) on a light grey window, opened squares
light grey with grey lines and polygon digits in the classic colours, red seven-segment LED counters on black,
a face button of its own pictures, a white menu bar ("Game", "About") above; the window sometimes away from the
screen's corner.

Truth, never from minesat's reader, as winemine.py's (xdemineur's `play` and `truth_rows`, this program's game
given to them, winemine.py's player): each square of the program's own pixels at scale 1 is compared with the
program's own sprites (it draws each state of a square alike wherever it is): the hidden square is the one its
fresh board shows, and a right click on one gives the flag (two more give back the hidden square, through the
question mark); the opened squares' sprites are given their digits by calibration games played first and not
kept, on dense boards and on boards of mines nearly everywhere: at each of their losses the program shows every
mine, and a sprite is the count of shown mines around every square that shows it, or it is dropped.  The table
is then frozen, and each game kept is checked against it: every square of its position must be one of these
sprites, and at its loss every opened number must equal the count of mines shown around it (a mine shown on a
hidden square, the one exploded, a flag the loss leaves standing), their number the game's.  The position before
the loss is the screenshot of the set; the loss is a second one when no flag was wrong (its mines are hidden
cells, '?', in minesat's truth).

Variants: the window alone (its menu bar included), or every third one the whole screen with the window moved;
resized to device scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in
three as JPEG at quality 60-90.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import winemine  # its Wine prefix, its Game's ways (the fresh board drawn), its player
import xdemineur  # its play to a loss, its votes, its rows checked
from xbomb import Screen, begin, save_shots, wait_for  # the Xvfb, a game's shots saved, a script's start, polling

CLIENT = "wqhanginge/My_Minesweeper"
TILE = 24  # MUP_SIZE of its source
FRAME = 6  # AREA_FRAME: around and between its two areas
EDGE = 2  # REGION_TEDGE: each area's bevel
HEAD = 40  # HEADAREA_HEIGHT: the counters' area, bevels included
MENU = 19  # the menu bar above the client area, in the X window
LEFT, TOP = FRAME + EDGE, FRAME + HEAD + FRAME + EDGE  # the board's corner in the client area
FACE = 32  # RB_SIZE: the face button, 10 pixels below the client's top (RB_TOP)
# beginner, intermediate, expert (its own levels' sizes), then custom ones, some denser for the high digits
SIZES = [(9, 9, 10), (16, 16, 40), (30, 16, 99), (12, 10, 24), (20, 15, 60), (30, 24, 180), (16, 16, 56),
         (30, 16, 120), (24, 20, 110)]
# calibration: dense boards (the low digits), then boards of mines nearly everywhere (at most 90%), where the
# first click's opened 3x3 square shows high digits around it and the next guess loses
CALIBRATE = [(30, 24, 260), (16, 16, 80), (30, 16, 160), (20, 15, 95), (24, 20, 150), (16, 16, 70)] * 3 \
    + [(9, 9, 60), (16, 16, 200), (12, 10, 90)] * 4

EXE: Path | None = None  # built by main into the prefix


def client_size(w: int, h: int) -> tuple[int, int]:
    """CLIENT_WIDTH and CLIENT_HEIGHT of its source."""
    return w * TILE + 2 * (FRAME + EDGE), h * TILE + 2 * EDGE + HEAD + 3 * FRAME


def build(checkout: Path, into: Path) -> Path:
    """The program built from the untouched checkout with MinGW, in `into`."""
    shim, res = into / "shim", into / "res"
    shim.mkdir(parents=True)
    res.mkdir()
    (shim / "Windows.h").write_text("#include <windows.h>\n")  # its spelling, MinGW's file
    for f in (checkout / "res").iterdir():
        (res / f.name).write_bytes(f.read_bytes())
    rc = (checkout / "res" / "Resource.rc").read_bytes().decode("utf-16").lstrip("\ufeff").replace("\r\n", "\n")
    (res / "Resource.rc").write_text(rc, encoding="utf-8")
    subprocess.run(["x86_64-w64-mingw32-windres", "-c", "65001", "-DUNICODE", "-D_UNICODE", "Resource.rc",
                    "-O", "coff", "-o", str(into / "resource.o")], cwd=res, check=True)
    exe = into / "MyMinesweeper.exe"
    subprocess.run(["x86_64-w64-mingw32-gcc", "-O2", "-municode", "-mwindows", "-DUNICODE", "-D_UNICODE",
                    f"-I{shim}", *sorted(str(p) for p in (checkout / "src").glob("*.c")), str(into / "resource.o"),
                    "-o", str(exe), "-lversion", "-lcomctl32", "-lgdi32", "-luser32"], check=True)
    return exe


def settings(w: int, h: int, mines: int, at: tuple[int, int]) -> None:
    """The board and the window's place in the program's settings file, read at its start."""
    assert winemine.WINE is not None
    local = next(Path(winemine.WINE.prefix, "drive_c", "users").glob("*/AppData/Local"))
    values = {"xpos": at[0], "ypos": at[1], "mark": 1, "mode": 3, "width": w, "height": h, "mines": mines}
    (local / "MyMinesweeper.ini").write_text("[Init]\r\n" + "".join(f"{k}={v}\r\n" for k, v in values.items()))


class Game(winemine.Game):
    def __init__(self, screen: Screen, w: int, h: int, mines: int, at: tuple[int, int]) -> None:
        assert winemine.WINE is not None and EXE is not None
        self.screen, self.w, self.h, self.mines = screen, w, h, mines
        screen.run("xdotool", "mousemove", "1270", "790")  # the pointer off the window
        settings(w, h, mines, at)
        screen.app = subprocess.Popen(["wine", str(EXE)], env=winemine.WINE.env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        self.box = wait_for(self.find, "My Minesweeper's window", 30)
        # the X window holds the client area and the menu bar above it
        self.client = (self.box[0], self.box[3] - client_size(w, h)[1])
        self.grid = (self.client[0] + LEFT, self.client[1] + TOP)
        wait_for(self.drawn, "the fresh board drawn")

    def find(self) -> tuple[int, int, int, int] | None:
        width, height = client_size(self.w, self.h)
        return next((box for line, box in xdemineur.windows(self.screen)
                     if '"My Minesweeper": ("myminesweeper.exe"' in line
                     and box[2] - box[0] == width and box[3] - box[1] >= height + MENU), None)

    def face(self, image: Image.Image) -> bytes:
        """The face button above the board (the program's own state: its loss picture at a loss)."""
        left = self.client[0] + (client_size(self.w, self.h)[0] - FACE) // 2
        return image.crop((left, self.client[1] + 10, left + FACE, self.client[1] + 10 + FACE)).tobytes()

    def cell_box(self, c: int, r: int) -> tuple[int, int, int, int]:
        x, y = self.grid[0] + c * TILE, self.grid[1] + r * TILE
        return x, y, x + TILE, y + TILE


def main() -> None:
    global EXE
    checkout = Path(sys.argv[1]).resolve()
    argv = sys.argv[:1] + sys.argv[2:]
    first = int(argv[3]) if len(argv) > 3 else 0
    out, count, rng, screen = begin(argv, 34 + first)
    try:
        winemine.WINE = winemine.Wine(screen)
        EXE = build(checkout, Path(winemine.WINE.prefix) / "build")
        digits = xdemineur.calibrated(screen, rng, CALIBRATE, Game,
                                      lambda known, w, h: winemine.Player(known, rng, w, h))
        made, tries = first, 0
        while made < count and tries < count * 6:
            tries += 1
            w, h, n = SIZES[made % len(SIZES)]
            whole = made % 3 == 1
            width, height = client_size(w, h)
            width, height = width + 6, height + MENU + 25  # Wine's frame and caption around it (its xpos, ypos)
            at = (rng.randrange(40, 1270 - width - 40), rng.randrange(50, 790 - height - 30)) if whole else (0, 0)
            game = xdemineur.played(screen, rng, w, h, n, at, Game, digits, winemine.Player(digits, rng, w, h))
            if game is None:
                continue
            position, rows, lost, loss_rows, box = game
            more = {"tile": TILE, "mines": n}
            save_shots(out, CLIENT, made, whole, box, [("", position, rows, more), ("-lost", lost, loss_rows, more)],
                       rng, prefix="mymines")
            made += 1
            print("game", made, f"{w}x{h}/{n}", flush=True)
    finally:
        if winemine.WINE is not None:
            screen.stop_app()
            winemine.WINE.close()
        screen.close()


if __name__ == "__main__":
    main()
