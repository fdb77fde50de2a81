"""Screenshots of a pygame Minesweeper (`atif5/minesweeper`, public domain) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/atif5_mines.py CHECKOUT OUT_DIR [COUNT]

CHECKOUT is the game's repository at the commit of docs/screenshots.md (`git archive HEAD | tar -x`); it is run,
never copied here.  Needs `apt-get install python3-pygame xvfb xdotool imagemagick x11-utils` (Debian's pygame,
run by Debian's `/usr/bin/python3`).  Each game is the program's own (`python3 -m minesweeper --custom W H
MINES`: its own random layout, placed at its first click away from that square and its neighbours; its squares
of 50 pixels, smaller past 38 columns or 19 rows), played by real X clicks on its window: left to open, right to
flag (it reads the mouse buttons' state once a frame, 30 frames a second, so a click is held for 0.08 s, the
first one longer: its first frame pressed only lays the mines).  Its look: flat grey squares framed in red
lines, number pictures (JPEG sprites scaled to the square), a flag on silver, a bar above with "Your Time: N"
(and "You Lose!" at a loss), a hovered hidden square lighter (the pointer is parked on the bar before a shot).

Truth from the game's own state, never from minesat's reader: the game runs in its own process under a small
driver of ours (`DRIVER`, run from the checkout) that imports its package, keeps its game object (a wrapper
around its `Minesweepergame.__init__`) and, after each frame it shows (a wrapper around `pygame.display.flip`),
answers a request of ours with its cells (`status`: unrevealed, flagged or revealed; `role`: mine, number or
empty) and each cell's count of mines among its own neighbours (`neighbour_names`), written as JSON.  Nothing
of its play is changed; when its main loop ends at a loss (it would quit two seconds later) the driver keeps
its window as drawn until told to quit.  Checked: every opened cell's count equals the mines of the layout
around it (our own neighbourhood), the screen is grabbed between two answers alike and is the same on the
board both times, and at a loss every mine is shown.  Play: a first click, then a few clicks as a player's
(opening hidden cells next to opened ones that the layout says are safe, now and then a flag, mostly on a
mine); that position is the screenshot; one game in three then clicks a hidden mine, and the loss (every mine
shown: '?' in minesat's truth) is a second screenshot when no flag was wrong.

Variants (xbomb's `save_shots`): the window alone, or every third one the whole screen with the window moved;
resized to device scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter; one in three as JPEG at quality 60-90.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xbomb import Played, Screen, shoot_games, wait_for, window_box  # the Xvfb, games' shots, polling, a window

CLIENT = "atif5/minesweeper"
BAR = 30  # the bar above the board (its clock), in the window
# boards of 8x8 to 30x24; squares of 50 pixels, 41 at 24x20 and 33 at 30x24 (the game's own rule)
SIZES = [(8, 8, 10), (16, 16, 40), (30, 16, 99), (12, 10, 20), (24, 20, 90), (9, 9, 10), (20, 15, 50),
         (30, 24, 150), (16, 12, 30)]
SCREEN = (1920, 1080)  # its 30x16 window is 1500x830

# Our driver, run by Debian's python3 in the game's checkout: the game's own package, two wrappers that only
# watch (its game object kept, its frames answered), its own entry point.
DRIVER = r"""
import json, os, sys, time
from pathlib import Path
import pygame
talk = Path(sys.argv[1])
sys.argv = ["minesweeper", "-c", *sys.argv[2:5]]
import minesweeper.game as game_module
from minesweeper.__main__ import main
games = []
start = game_module.Minesweepergame.__init__
def kept(self, minefield):
    start(self, minefield)
    games.append(self)
game_module.Minesweepergame.__init__ = kept
def answer():
    ask = talk / "ask"
    if not ask.exists() or not games:
        return
    seq = ask.read_text()
    ask.unlink()  # before the answer: the next request comes only after it
    game = games[0]
    cells = game.minefield.cells
    out = []
    for i in range(game.minefield.cell_amount):
        cell = cells[f"cell{i}"]
        count = sum(cells[n].role == "mine" for n in cell.neighbour_names)
        out.append([cell.status, cell.role, count])
    state = {"seq": seq, "over": game.game_over, "size": list(game.minefield.size),
             "tile": list(game.minefield.cell_size), "cells": out}
    (talk / "state.tmp").write_text(json.dumps(state))
    os.replace(talk / "state.tmp", talk / "state.json")
flip = pygame.display.flip
def shown():
    flip()
    answer()
pygame.display.flip = shown
main()
while not (talk / "quit").exists():
    pygame.event.pump()
    answer()
    time.sleep(0.02)
"""

Cell = tuple[int, int]


class Game:
    def __init__(self, screen: Screen, checkout: Path, talk: Path, w: int, h: int, mines: int,
                 at: tuple[int, int]) -> None:
        self.screen, self.talk, self.w, self.h, self.mines = screen, talk, w, h, mines
        self.seq = 0
        for f in talk.iterdir():
            f.unlink()
        env = {**screen.env, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEO_WINDOW_POS": f"{at[0]},{at[1]}",
               "PYTHONDONTWRITEBYTECODE": "1"}
        screen.run("xdotool", "mousemove", str(SCREEN[0] - 5), str(SCREEN[1] - 5))
        screen.app = subprocess.Popen(["/usr/bin/python3", "-c", DRIVER, str(talk), str(w), str(h), str(mines)],
                                      cwd=checkout, env=env, stdout=subprocess.DEVNULL,
                                      stderr=(talk.parent / "atif5-driver.log").open("a"))
        first = self.state(timeout=30)
        self.tile = first["tile"][0]
        assert first["size"] == [w, h] and first["tile"][0] == first["tile"][1]
        size = (w * self.tile, h * self.tile + BAR)
        self.win = wait_for(self.find, "the game's window", 20)
        self.box = wait_for(lambda: window_box(screen, self.win, at, size), "the window at its place")
        self.grid = (self.box[0], self.box[1] + BAR)

    def find(self) -> str:
        for line in self.screen.run("xwininfo", "-root", "-tree").splitlines():
            if '"Minesweeper":' in line:
                return line.split()[0]
        return ""

    def state(self, timeout: float = 10.0) -> dict:
        """The game's state as of a frame shown after this request."""
        self.seq += 1
        (self.talk / "ask.tmp").write_text(str(self.seq))
        os.replace(self.talk / "ask.tmp", self.talk / "ask")  # whole when the driver sees it
        path = self.talk / "state.json"

        def answered():
            if not path.exists():
                return None
            got = json.loads(path.read_text())
            return got if got["seq"] == str(self.seq) else None
        return wait_for(answered, "the game's answer", timeout)

    def settled(self) -> dict:
        """Its state once two answers in a row (frames apart) say the same of the cells."""
        last = self.state()
        while True:
            time.sleep(0.1)
            now = self.state()
            if now["cells"] == last["cells"] and now["over"] == last["over"]:
                return now
            last = now

    def click(self, cell: Cell, button: int, hold: float = 0.08) -> dict:
        x = self.grid[0] + cell[0] * self.tile + self.tile // 2
        y = self.grid[1] + cell[1] * self.tile + self.tile // 2
        self.screen.run("xdotool", "mousemove", str(x), str(y), "mousedown", str(button), "sleep", str(hold),
                        "mouseup", str(button))
        time.sleep(0.2)
        return self.settled()

    def park(self) -> None:
        """The pointer on the bar above the board (no square lit by it)."""
        self.screen.run("xdotool", "mousemove", str(self.box[0] + 5), str(self.box[1] + 5))

    def board_box(self) -> tuple[int, int, int, int]:
        return self.grid[0], self.grid[1], self.grid[0] + self.w * self.tile, self.grid[1] + self.h * self.tile

    def shot(self) -> tuple[Image.Image, dict]:
        """A grab of the screen and the state it shows: grabbed between two answers alike, the board the same in
        a second grab."""
        self.park()
        self.settled()
        for _ in range(20):
            image = self.screen.grab()
            state = self.settled()
            again = self.screen.grab()
            box = self.board_box()
            if image.crop(box).tobytes() == again.crop(box).tobytes():
                return image, state
        raise TimeoutError("the board never steady")

    def quit(self) -> None:
        (self.talk / "quit").write_text("")


def status(state: dict, w: int) -> dict[Cell, tuple[str, str | None, int]]:
    return {(i % w, i // w): tuple(cell) for i, cell in enumerate(state["cells"])}  # type: ignore[misc]


def around(cell: Cell, w: int, h: int) -> list[Cell]:
    return [(cell[0] + a, cell[1] + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
            if (a or b) and 0 <= cell[0] + a < w and 0 <= cell[1] + b < h]


def truth_rows(state: dict, w: int, h: int, loss: bool = False) -> list[str] | None:
    """The rows in minesat's characters from the game's state, or None when an opened cell's count is not the
    mines of the layout around it (or, at a loss, a mine is not shown)."""
    cells = status(state, w)
    mines = {xy for xy, (_, role, _) in cells.items() if role == "mine"}
    rows = []
    for r in range(h):
        line = ""
        for c in range(w):
            st, role, count = cells[c, r]
            if st == "flagged":
                line += "F"
            elif st == "unrevealed":
                if loss and role == "mine":
                    return None  # a mine the loss did not show
                line += "?"
            elif role == "mine":
                if not loss:
                    return None
                line += "?"  # a shown mine
            else:
                near = sum(o in mines for o in around((c, r), w, h))
                if count != near or (role == "empty") != (near == 0):
                    return None
                line += str(near)
        rows.append(line)
    return rows


def play(screen: Screen, checkout: Path, talk: Path, rng: random.Random, w: int, h: int, mines: int,
         at: tuple[int, int], lose: bool):
    """One game: (position picture, its rows, loss picture or None, its rows or None, window box, tile) or None."""
    try:
        game = Game(screen, checkout, talk, w, h, mines, at)
    except (TimeoutError, AssertionError) as e:
        print("not started:", e, flush=True)
        screen.stop_app()
        return None
    try:
        first = (rng.randrange(w), rng.randrange(h))
        state = game.click(first, 1, hold=0.3)
        cells = status(state, w)
        if cells[first][0] != "revealed" or state["over"]:
            return None
        flags_on = 0
        for _ in range(rng.randrange(3, 15)):
            hidden = [xy for xy, (st, _, _) in cells.items() if st == "unrevealed"]
            safe = [xy for xy in hidden if cells[xy][1] != "mine"]
            if not safe:
                return None
            if rng.random() < 0.25 and flags_on < mines // 3:
                mined = [xy for xy in hidden if cells[xy][1] == "mine"]
                xy = rng.choice(mined if mined and rng.random() < 0.85 else hidden)
                before = cells[xy][0]
                state = game.click(xy, 3)
                cells = status(state, w)
                if cells[xy][0] != ("flagged" if before == "unrevealed" else "unrevealed"):
                    return None  # not toggled once
                flags_on += 1
                continue
            near = [xy for xy in safe if any(cells[n][0] == "revealed" for n in around(xy, w, h))]
            xy = rng.choice(near or safe)
            state = game.click(xy, 1)
            cells = status(state, w)
            if cells[xy][0] != "revealed" or state["over"]:
                return None
        position, state = game.shot()
        rows = truth_rows(state, w, h)
        if rows is None:
            print("a count that is not the layout's", flush=True)
            return None
        lost = loss_rows = None
        cells = status(state, w)
        if lose and all(cells[xy][1] == "mine" for xy, (st, _, _) in cells.items() if st == "flagged"):
            mined = [xy for xy, (st, role, _) in cells.items() if st == "unrevealed" and role == "mine"]
            state = game.click(rng.choice(mined), 1)
            if not state["over"]:
                return None
            lost, state = game.shot()
            loss_rows = truth_rows(state, w, h, loss=True)
            if loss_rows is None:
                print("a loss not as its layout", flush=True)
                return None
        return position, rows, lost, loss_rows, game.box, game.tile
    except TimeoutError as e:
        print("timed out:", e, flush=True)
        return None
    finally:
        game.quit()
        time.sleep(0.1)
        screen.stop_app()


def one_game(screen: Screen, checkout: Path, talk: Path, rng: random.Random, made: int) -> Played | None:
    """The `made`-th game: its size in turn, its window moved and the whole screen kept one time in three, lost
    one time in three."""
    w, h, n = SIZES[made % len(SIZES)]
    whole = made % 3 == 1
    tile = 50 if w <= 38 and h <= 19 else int(9 / max(w, h) * 110)
    size = (w * tile, h * tile + BAR)
    at = (rng.randrange(0, SCREEN[0] - size[0]), rng.randrange(0, SCREEN[1] - size[1])) if whole else (0, 0)
    got = play(screen, checkout, talk, rng, w, h, n, at, lose=made % 3 == 0)
    if got is None:
        return None
    position, rows, lost, loss_rows, box, tile = got
    more = {"tile": tile, "mines": n, "board": f"{w}x{h}"}
    return whole, box, [("", position, rows, more), ("-lost", lost, loss_rows, more)]


def main() -> None:
    shoot_games(CLIENT, "atif5", SCREEN, one_game)


if __name__ == "__main__":
    os.umask(0o022)
    main()
