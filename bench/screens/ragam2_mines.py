"""Screenshots of a Tk Minesweeper (`ragam2/Minesweeper`, Apache-2.0) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/ragam2_mines.py CHECKOUT OUT_DIR [COUNT]

CHECKOUT is the game's repository at the commit of docs/screenshots.md (`git archive HEAD | tar -x`); it is run,
never copied here.  Needs `apt-get install python3-tk xvfb xdotool imagemagick x11-utils` (Debian's Tk, run by
Debian's `/usr/bin/python3`).  Each game is the program's own: its start menu's level chosen by a real click on
its button (Easy 8x8 with 3 mines, Medium 10x10 with 10, Hard 15x15 with 20: its only boards, all square), its
own random layout (laid before the first click), played by real X clicks on its Tk buttons: left to open, right
to flag.  Its look: a grid of raised Tk buttons, each holding a 50-pixel picture (a plain tile, a flag, number
pictures, an empty opened tile, a bomb), a "Score: N" label above; an empty area it opens spreads to its empty
cells only (their numbered neighbours stay hidden).

Truth from the game's own state, never from minesat's reader: the game's file is run in its own process by a
small driver of ours (`DRIVER`) in which `tkinter.Tk` is a subclass that only adds a Tk `after` callback; that
callback keeps the game object (a wrapper around its `Minesweeper.generate_board`) and answers a request of ours
with each cell's `is_mine`, `is_flagged`, `is_revealed` and `value` (its count, or "M"), and the start menu's
buttons' places, written as JSON.  At a loss the game asks "return to the start menu?" in a modal box: the driver's
answer to it (in place of `tkinter.messagebox.askyesno`, the one thing replaced) keeps the board as drawn, the
question unasked, until told to quit.  Checked: every opened cell's count equals the mines of the layout around
it, the screen is grabbed between two answers alike and is the same on the window both times.  Play: a first
click on a safe cell (an empty one when there is one, as a lucky player's), then a few clicks as a player's
(safe hidden cells next to opened ones, now and then a flag, mostly on a mine); that position is the
screenshot; one game in three then clicks a hidden mine: the loss (its bomb shown on that one cell: '?' in
minesat's truth) is a second screenshot when no flag was wrong.

Variants (xbomb's `save_shots`): the window alone, or every third one the whole screen with the window moved;
resized to device scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter; one in three as JPEG at quality 60-90.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import atif5_mines  # its request-and-answer ways with a driver, its shots, the neighbours
from xbomb import Played, Screen, shoot_games, wait_for, window_box  # the Xvfb, games' shots, polling, a window

CLIENT = "ragam2/Minesweeper"
LEVELS = {"Easy (8x8)": (8, 8, 3), "Medium (10x10)": (10, 10, 10), "Hard (15x15)": (15, 15, 20)}  # its menu's
ORDER = ["Easy (8x8)", "Hard (15x15)", "Medium (10x10)"]
SCREEN = (1920, 1080)

# Our driver, run by Debian's python3: the game's own file executed as it is (it starts its menu itself), with
# `tkinter.Tk` a subclass that only watches and the loss's question answered by waiting.
DRIVER = r"""
import json, os, sys, time, tkinter, tkinter.messagebox
from pathlib import Path
talk, source = Path(sys.argv[1]), sys.argv[2]
ns = {"__name__": "ragam2_minesweeper", "__file__": source}
games, roots, over = [], [], []
def buttons(widget, out):
    for child in widget.winfo_children():
        if isinstance(child, tkinter.Button) and child.cget("text") and child.winfo_viewable():
            out[child.cget("text")] = [child.winfo_rootx(), child.winfo_rooty(), child.winfo_width(),
                                       child.winfo_height()]
        buttons(child, out)
    return out
def answer():
    ask = talk / "ask"
    if not ask.exists():
        return
    seq = ask.read_text()
    ask.unlink()  # before the answer: the next request comes only after it
    state = {"seq": seq, "over": over[-1] if over else None, "menu": {}, "cells": None}
    for root in roots:
        try:
            state["menu"].update(buttons(root, {}))
        except tkinter.TclError:
            pass
    if games:
        board = games[-1].cell_board
        state["cells"] = [[[c["is_mine"], c["is_flagged"], c["is_revealed"], c["value"]] for c in row]
                          for row in board]
        state["places"] = [[[c["button"].winfo_rootx(), c["button"].winfo_rooty(), c["button"].winfo_width(),
                             c["button"].winfo_height()] for c in row] for row in board]
    (talk / "state.tmp").write_text(json.dumps(state))
    os.replace(talk / "state.tmp", talk / "state.json")
Base = tkinter.Tk
class Tk(Base):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        roots.append(self)
        self.after(20, self.watch)
    def watch(self):
        game = ns.get("Minesweeper")
        if game is not None and not hasattr(game, "kept_by_driver"):
            generate = game.generate_board
            def kept(self_):
                games.append(self_)
                generate(self_)
            game.generate_board = kept
            game.kept_by_driver = True
        answer()
        self.after(20, self.watch)
tkinter.Tk = Tk
def asked(title=None, message=None, **kw):
    over.append(title)
    while not (talk / "quit").exists():
        roots[-1].update()
        answer()
        time.sleep(0.02)
    os._exit(0)
tkinter.messagebox.askyesno = asked
with open(source) as f:
    code = compile(f.read(), source, "exec")
exec(code, ns)
"""

Cell = tuple[int, int]


class Game(atif5_mines.Game):
    def __init__(self, screen: Screen, checkout: Path, talk: Path, level: str, at: tuple[int, int]) -> None:
        self.screen, self.talk = screen, talk
        self.w, self.h, self.mines = LEVELS[level]
        self.seq = 0
        for f in talk.iterdir():
            f.unlink()
        self.park()
        screen.app = subprocess.Popen(["/usr/bin/python3", "-c", DRIVER, str(talk), str(checkout / "minesweeper.py")],
                                      cwd=checkout, env=screen.env, stdout=subprocess.DEVNULL,
                                      stderr=(talk.parent / "ragam2-driver.log").open("a"))
        menu = wait_for(lambda: self.state().get("menu", {}).get(level), "the start menu", 30)
        x, y, width, height = menu
        screen.run("xdotool", "mousemove", str(x + width // 2), str(y + height // 2), "click", "1")
        self.park()
        first = wait_for(lambda: self.state()["cells"], "the game's board", 30)
        assert len(first) == self.h and len(first[0]) == self.w
        self.win = wait_for(self.find, "the game's window", 20)
        screen.run("xdotool", "windowmove", self.win, str(at[0]), str(at[1]))
        self.box = wait_for(lambda: window_box(screen, self.win, at), "the window at its place")
        self.settled()

    def find(self) -> str:
        for line in self.screen.run("xwininfo", "-root", "-tree").splitlines():
            if '"Minesweeper - Game":' in line and not line.split()[-2].startswith("1x1+"):
                return line.split()[0]
        return ""

    def park(self) -> None:
        """The pointer away from the window (a Tk button under it is lit)."""
        self.screen.run("xdotool", "mousemove", str(SCREEN[0] - 2), str(SCREEN[1] - 2))

    def board_box(self) -> tuple[int, int, int, int]:
        return self.box

    def click(self, cell: Cell, button: int, hold: float = 0.0) -> dict:
        """A click on the cell's Tk button, at the middle of its place on the screen as the game's widget has it."""
        x, y, width, height = self.state()["places"][cell[1]][cell[0]]
        self.screen.run("xdotool", "mousemove", str(x + width // 2), str(y + height // 2), "click", str(button))
        self.park()
        time.sleep(0.1)
        return self.settled()

def status(state: dict, w: int) -> dict[Cell, tuple[bool, bool, bool, int | str]]:
    return {(c, r): tuple(cell) for r, row in enumerate(state["cells"])  # type: ignore[misc]
            for c, cell in enumerate(row)}


def truth_rows(state: dict, w: int, h: int) -> list[str] | None:
    """The rows in minesat's characters from the game's state (an opened cell shows its picture even when it was
    flagged before its area opened), or None when an opened count is not the mines of the layout around it."""
    cells = status(state, w)
    mines = {xy for xy, (mine, _, _, _) in cells.items() if mine}
    rows = []
    for r in range(h):
        line = ""
        for c in range(w):
            mine, flagged, revealed, value = cells[c, r]
            if revealed and mine:
                line += "?"  # the bomb shown at a loss
            elif revealed:
                near = sum(o in mines for o in atif5_mines.around((c, r), w, h))
                if value != near:
                    return None
                line += str(near)
            else:
                line += "F" if flagged else "?"
        rows.append(line)
    return rows


def play(screen: Screen, checkout: Path, talk: Path, rng: random.Random, level: str, at: tuple[int, int],
         lose: bool):
    """One game: (position picture, its rows, loss picture or None, its rows or None, window box, tile) or None."""
    w, h, mines = LEVELS[level]
    try:
        game = Game(screen, checkout, talk, level, at)
    except (TimeoutError, AssertionError) as e:
        print("not started:", e, flush=True)
        screen.stop_app()
        return None
    try:
        cells = status(game.settled(), w)
        safe = [xy for xy, (mine, _, _, _) in cells.items() if not mine]
        empty = [xy for xy in safe if cells[xy][3] == 0]
        first = rng.choice(empty or safe)
        cells = status(game.click(first, 1), w)
        if not cells[first][2]:
            return None
        flags_on = 0
        for _ in range(rng.randrange(2, 12)):
            hidden = [xy for xy, (_, flagged, revealed, _) in cells.items() if not revealed and not flagged]
            safe = [xy for xy in hidden if not cells[xy][0]]
            if not safe:
                return None
            if rng.random() < 0.25 and flags_on < max(1, mines // 2):
                mined = [xy for xy in hidden if cells[xy][0]]
                xy = rng.choice(mined if mined and rng.random() < 0.85 else hidden)
                cells = status(game.click(xy, 3), w)
                if not cells[xy][1]:
                    return None
                flags_on += 1
                continue
            near = [xy for xy in safe if any(cells[n][2] for n in atif5_mines.around(xy, w, h))]
            xy = rng.choice(near or safe)
            state = game.click(xy, 1)
            cells = status(state, w)
            if not cells[xy][2] or state["over"]:
                return None
        position, state = game.shot()
        rows = truth_rows(state, w, h)
        if rows is None:
            print("a count that is not the layout's", flush=True)
            return None
        lost = loss_rows = None
        cells = status(state, w)
        if lose and all(mine for mine, flagged, revealed, _ in cells.values() if flagged and not revealed):
            mined = [xy for xy, (mine, flagged, revealed, _) in cells.items() if mine and not flagged]
            state = game.click(rng.choice(mined), 1)
            if state["over"] != "Game Over!":
                return None
            lost, state = game.shot()
            loss_rows = truth_rows(state, w, h)
            if loss_rows is None:
                return None
        return position, rows, lost, loss_rows, game.box, state["places"][0][0][2]
    except TimeoutError as e:
        print("timed out:", e, flush=True)
        return None
    finally:
        game.quit()
        time.sleep(0.1)
        screen.stop_app()


def one_game(screen: Screen, checkout: Path, talk: Path, rng: random.Random, made: int) -> Played | None:
    """The `made`-th game: its level in turn, its window moved and the whole screen kept one time in three,
    lost one time in three."""
    level = ORDER[made % len(ORDER)]
    w, h, n = LEVELS[level]
    whole = made % 3 == 1
    at = (rng.randrange(0, SCREEN[0] - 60 * w), rng.randrange(0, SCREEN[1] - 60 * h - 40)) if whole else (0, 0)
    got = play(screen, checkout, talk, rng, level, at, lose=made % 3 == 0)
    if got is None:
        return None
    position, rows, lost, loss_rows, box, tile = got
    more = {"tile": tile, "mines": n, "level": level}
    return whole, box, [("", position, rows, more), ("-lost", lost, loss_rows, more)]


def main() -> None:
    shoot_games(CLIENT, "ragam2", SCREEN, one_game)


if __name__ == "__main__":
    main()
