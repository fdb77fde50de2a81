"""Screenshots of Metasweeper (`eee555/Metasweeper`, "元扫雷", PyQt5 + ms_toollib) played under Xvfb by xdotool.

Usage: .venv/bin/python bench/screens/metasweeper.py CHECKOUT OUT_DIR [COUNT]

CHECKOUT is the client's repository at the commit of docs/screenshots.md (`git archive HEAD | tar -x`); it is run,
never copied here.  This script runs under minesat's venv (Pillow); the client runs in its own process under
PYTHON_META (default /work/clients/metasweeper-venv/bin/python): a venv made from Debian's python3 with
`--system-site-packages` after `apt-get install python3-pyqt5 xvfb xdotool imagemagick x11-utils` (PyQt5
5.15.9), then `pip install ms_toollib==1.5.20 msgspec pyzmq loguru requests textdistance pycryptodome` (from its
requirements.txt, the Windows ones and its plugins' left out).  Each game is the client's own: its board (rows,
columns, mines: its three levels, or its "custom" boards from 8x8 to 30x24), its cell size (`pixsize`, 16 to 40
pixels: the client's own ctrl+wheel zoom, kept per level) and its window's place given before each start in its
own settings file (`gameSetting.ini` in a settings folder of the driver's own: the client keeps its files beside
the `args[0]` it is given), its standard mode (its own random layout, laid at the first left click away from
that cell), played by real X clicks on its board widget (`mineLabel`): left to open, right to flag.  What it
draws (from its source): its own SVG cell pictures (`media/cellup.svg`, `celldown.svg`, `cell1.svg` to
`cell8.svg`, `cellflag.svg`, and at a loss `blast.svg`, `cellmine.svg`) scaled to the cell size, LED digit pictures
(`media/LED*.png`) and a face picture above the board, a menu bar and a player label (its source's Chinese
texts: its English setting loads `en_US.qm`, which a checkout does not have, only the `.ts` sources); its
separate score board window (a table of counters) stands beside the main window (moved there by the driver).

Truth from the client's own state, never from minesat's reader: the client's own classes (`mainWindowGUI.
MainWindow`, `mineSweeperGUI.MineSweeperGUI`, what its `main.py` builds) run in a small driver of ours (`DRIVER`)
in which a Qt timer answers a request of ours with its ms_toollib board object's `game_board` (what is shown:
0-8 opened, 10 hidden, 11 flagged, 14 a wrong flag crossed, 15 the mine hit, 16 a mine shown at a loss) and
`board` (the layout, -1 a mine), its game state and its board widget's place, written as JSON.  Run-time fixes
for Linux only, nothing of its checkout changed: `typing.override` given (the client uses Python 3.12's, Debian
has 3.11), `win32con` and `win32gui` empty modules (imported for its cursor clipping, off by default), its
Windows-only `disable_screenshot`, `enable_screenshot` (SetWindowDisplayAffinity, set by its main.py) and
`unlimit_cursor` (ClipCursor) made no-ops; its plugin manager and plugin server (started by its main.py) are not
started.  Checked: every opened cell's count equals the mines of the layout around it (our own neighbourhood),
no cell of a kind without truth, no hover highlight, the screen grabbed between two answers alike and the same
on the board both times, and at a loss every mine is shown.  Play: a first click, then a few clicks as a
player's (hidden cells next to opened ones that the layout says are safe, now and then a flag, mostly on a
mine); that position is the screenshot; one game in three then clicks a hidden mine, and the loss (every mine
shown: '?' in minesat's truth, a flagged mine 'F') is a second screenshot when no flag was wrong.

With META_LAYOUTS=FILE each game's layout (its `board`, -1 a mine) is also written to FILE, one JSON line a game,
for a check of the truth files afterwards.

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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import atif5_mines  # its request-and-answer ways with a driver, its shots, the neighbours
from xbomb import Played, Screen, shoot_games, wait_for, window_box  # the Xvfb, games' shots, polling, a window

CLIENT = "eee555/Metasweeper"
PYTHON = os.environ.get("PYTHON_META", "/work/clients/metasweeper-venv/bin/python")
# columns, rows, mines: its three levels (its BOARD_BEGINNER, _INTERMEDIATE, _EXPERT) and custom boards
SIZES = [(8, 8, 10), (16, 16, 40), (30, 16, 99), (12, 10, 20), (24, 20, 90), (9, 9, 10), (20, 15, 50),
         (30, 24, 150), (16, 12, 30)]
LEVELS = {(8, 8, 10): "BEGINNER", (16, 16, 40): "INTERMEDIATE", (30, 16, 99): "EXPERT"}  # else "CUSTOM"
PIXELS = (20, 24, 16, 32, 28, 40, 18)  # its cell sizes in turn (its default is 20)
SCREEN = (1920, 1200)
FIRST = (968, 217)  # its window's first size (its ui file's), by which it keeps its place from its settings on screen
SCORE_BOARD = 240  # the width kept right of the main window for its score board window

# Our driver, run by the client's venv in its src folder: its own main window and game classes built as its
# main.py builds them, with the run-time fixes above, and a Qt timer answering our requests.
DRIVER = r"""
import configparser, json, os, shutil, sys, tempfile, types, typing
from pathlib import Path
talk, level, row, column, mines, pix, left, top = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:9])
talk = Path(talk)
sys.path.insert(0, os.getcwd())
typing.override = getattr(typing, "override", lambda f: f)
for name in ("win32con", "win32gui"):
    sys.modules.setdefault(name, types.ModuleType(name))
settings = Path(tempfile.mkdtemp(prefix="metasweeper-settings-"))
ini = configparser.ConfigParser()
ini["DEFAULT"] = {"row": row, "column": column, "minenum": mines, "mainwinleft": left, "mainwintop": top,
                  "language": "en_US",
                  "auto_notification": False, "autosave_video": False, "auto_replay": -30, "cursor_limit": False,
                  "end_then_flag": True}
ini[level] = {"gamemode": 0, "row": row, "column": column, "pixsize": pix, "mine_num": mines,
              "board_constraint": "", "attempt_times_limit": 100000}
with open(settings / "gameSetting.ini", "w", encoding="utf-8") as f:
    ini.write(f)
from PyQt5 import QtCore, QtWidgets
app = QtWidgets.QApplication(["metasweeper"])
import mainWindowGUI, mineSweeperGUI
window = mainWindowGUI.MainWindow()
ui = mineSweeperGUI.MineSweeperGUI(window, [str(settings / "main.py")])
ui.disable_screenshot = ui.enable_screenshot = ui.unlimit_cursor = lambda: None
window.show()
app.processEvents()
# its score board window beside the main window, as a player keeps it (its own place is from its settings)
ui.score_board_manager.ui.QWidget.move(window.x() + window.frameGeometry().width() + 8, window.y())
def board_list(b):
    b = b.into_vec_vec() if hasattr(b, "into_vec_vec") else b
    return [list(r) for r in b]
def answer():
    ask = talk / "ask"
    if (talk / "quit").exists():
        shutil.rmtree(settings, ignore_errors=True)
        os._exit(0)
    if not ask.exists():
        return
    seq = ask.read_text()
    ask.unlink()  # before the answer: the next request comes only after it
    label, board = ui.label, ui.label.ms_board
    at = label.mapToGlobal(label.rect().topLeft())
    score = ui.score_board_manager.ui.QWidget
    state = {"seq": seq, "game": ui.game_state,
             "over": ui.game_state if ui.game_state in ("fail", "win", "jofail", "jowin") else None,
             "cells": board_list(board.game_board), "layout": board_list(board.board),
             "size": [ui.row, ui.column, ui.minenum], "pix": ui.pixSize, "mode": ui.gameMode,
             "label": [at.x(), at.y(), label.width(), label.height()],
             "hover": list(label.hover_highlight_cells), "win": int(window.winId()),
             "window": [window.x(), window.y(), window.width(), window.height()],
             "score": [score.x(), score.y(), score.width(), score.height(), score.isVisible()]}
    (talk / "state.tmp").write_text(json.dumps(state))
    os.replace(talk / "state.tmp", talk / "state.json")
timer = QtCore.QTimer()
timer.timeout.connect(answer)
timer.start(20)
app.exec_()
"""

Cell = tuple[int, int]


class Game(atif5_mines.Game):
    def __init__(self, screen: Screen, checkout: Path, talk: Path, w: int, h: int, mines: int, pix: int,
                 at: tuple[int, int]) -> None:
        self.screen, self.talk, self.w, self.h, self.mines = screen, talk, w, h, mines
        self.seq = 0
        for f in talk.iterdir():
            f.unlink()
        self.park()
        level = LEVELS.get((w, h, mines), "CUSTOM")
        env = {**screen.env, "PYTHONDONTWRITEBYTECODE": "1", "QT_QPA_PLATFORM": "xcb"}
        screen.app = subprocess.Popen([PYTHON, "-c", DRIVER, str(talk), level, str(h), str(w), str(mines), str(pix),
                                       str(at[0]), str(at[1])], cwd=checkout / "src", env=env,
                                      stdout=subprocess.DEVNULL,
                                      stderr=(talk.parent / "metasweeper-driver.log").open("a"))
        first = self.state(timeout=60)
        assert first["size"] == [h, w, mines], first["size"]
        assert first["pix"] == pix and first["mode"] == 0 and first["game"] == "ready", (first["pix"], first["mode"])
        assert len(first["cells"]) == h and len(first["cells"][0]) == w
        self.tile = pix
        x, y, width, height = first["label"]
        assert (width, height) == (w * pix, h * pix), first["label"]
        self.grid = (x, y)
        self.win = hex(first["win"])
        try:
            self.box = wait_for(lambda: window_box(screen, self.win, at), "the window at its place", 20)
        except TimeoutError:
            raise TimeoutError(f"the window at {self.state()['window']}, not at {at}") from None
        self.settled()

    def park(self) -> None:
        """The pointer off the window (the client lights the cell under a pressed button)."""
        self.screen.run("xdotool", "mousemove", str(SCREEN[0] - 2), str(SCREEN[1] - 2))

    def click(self, cell: Cell, button: int, hold: float = 0.05) -> dict:
        x = self.grid[0] + cell[0] * self.tile + self.tile // 2
        y = self.grid[1] + cell[1] * self.tile + self.tile // 2
        self.screen.run("xdotool", "mousemove", str(x), str(y), "mousedown", str(button), "sleep", str(hold),
                        "mouseup", str(button))
        self.park()
        time.sleep(0.1)
        return self.settled()


def status(state: dict, w: int) -> dict[Cell, tuple[int, bool]]:
    """Each cell (column, row): what the client shows there, and whether its layout has a mine there."""
    return {(c, r): (shown, state["layout"][r][c] == -1) for r, row in enumerate(state["cells"])
            for c, shown in enumerate(row)}


def truth_rows(state: dict, w: int, h: int, loss: bool = False) -> list[str] | None:
    """The rows in minesat's characters from the client's state, or None when an opened cell's count is not the
    mines of the layout around it, a cell is of a kind without truth (a wrong flag crossed at a loss), a cell is
    lit, or, at a loss, a mine is not shown."""
    if state["hover"]:
        return None
    cells = status(state, w)
    mines = {xy for xy, (_, mine) in cells.items() if mine}
    if len(mines) != state["size"][2]:
        return None
    rows = []
    for r in range(h):
        line = ""
        for c in range(w):
            shown, mine = cells[c, r]
            if shown == 11:
                line += "F"
            elif shown == 10:
                if loss and mine:
                    return None  # a mine the loss did not show
                line += "?"
            elif shown in (15, 16):
                if not (loss and mine):
                    return None
                line += "?"  # a shown mine
            elif 0 <= shown <= 8 and not mine:
                if shown != sum(o in mines for o in atif5_mines.around((c, r), w, h)):
                    return None
                line += str(shown)
            else:
                return None
        rows.append(line)
    return rows


def play(screen: Screen, checkout: Path, talk: Path, rng: random.Random, w: int, h: int, mines: int, pix: int,
         at: tuple[int, int], lose: bool):
    """One game: (position picture, its rows, loss picture or None, its rows or None, window box, layout) or
    None."""
    try:
        game = Game(screen, checkout, talk, w, h, mines, pix, at)
    except (TimeoutError, AssertionError) as e:
        print("not started:", e, flush=True)
        screen.stop_app()
        return None
    try:
        first = (rng.randrange(w), rng.randrange(h))
        state = game.click(first, 1)
        cells = status(state, w)
        if cells[first][0] == 10 or state["over"] or state["game"] != "playing":
            print("first click not opened:", state["game"], flush=True)
            return None
        flags_on = 0
        for _ in range(rng.randrange(3, 15)):
            hidden = [xy for xy, (shown, _) in cells.items() if shown == 10]
            safe = [xy for xy in hidden if not cells[xy][1]]
            if not safe:
                return None
            if rng.random() < 0.25 and flags_on < mines // 3:
                mined = [xy for xy in hidden if cells[xy][1]]
                xy = rng.choice(mined if mined and rng.random() < 0.85 else hidden)
                state = game.click(xy, 3)
                cells = status(state, w)
                if cells[xy][0] != 11:
                    return None
                flags_on += 1
                continue
            near = [xy for xy in safe if any(0 <= cells[n][0] <= 8 for n in atif5_mines.around(xy, w, h))]
            xy = rng.choice(near or safe)
            state = game.click(xy, 1)
            cells = status(state, w)
            if not 0 <= cells[xy][0] <= 8 or state["over"]:
                return None
        position, state = game.shot()
        rows = truth_rows(state, w, h)
        if rows is None:
            print("a count that is not the layout's", flush=True)
            return None
        lost = loss_rows = None
        cells = status(state, w)
        if lose and all(mine for shown, mine in cells.values() if shown == 11):
            mined = [xy for xy, (shown, mine) in cells.items() if shown == 10 and mine]
            state = game.click(rng.choice(mined), 1)
            if state["over"] != "fail":
                return None
            lost, state = game.shot()
            loss_rows = truth_rows(state, w, h, loss=True)
            if loss_rows is None:
                print("a loss not as its layout", flush=True)
                return None
        return position, rows, lost, loss_rows, game.box, state["layout"]
    except TimeoutError as e:
        print("timed out:", e, flush=True)
        return None
    finally:
        game.quit()
        time.sleep(0.1)
        screen.stop_app()


def one_game(screen: Screen, checkout: Path, talk: Path, rng: random.Random, made: int) -> Played | None:
    """The `made`-th game: its size and cell size in turn, its window moved and the whole screen kept one time
    in three, lost one time in three."""
    w, h, n = SIZES[made % len(SIZES)]
    pix = PIXELS[made % len(PIXELS)]
    whole = made % 3 == 1
    # the window's size, roughly (its bars above and below the board); its score board stands to its right
    size = (w * pix + 40, h * pix + 200)
    room = (min(SCREEN[0] - size[0] - SCORE_BOARD, SCREEN[0] - FIRST[0]),
            min(SCREEN[1] - size[1], SCREEN[1] - FIRST[1]))
    at = (rng.randrange(0, max(1, room[0])), rng.randrange(0, max(1, room[1]))) if whole else (0, 0)
    got = play(screen, checkout, talk, rng, w, h, n, pix, at, lose=made % 3 == 0)
    if got is None:
        return None
    position, rows, lost, loss_rows, box, layout = got
    more = {"tile": pix, "mines": n, "board": f"{w}x{h}", "level": LEVELS.get((w, h, n), "custom").lower()}
    if os.environ.get("META_LAYOUTS"):  # a record of the layouts, for a check of the truth files afterwards
        with open(os.environ["META_LAYOUTS"], "a") as f:
            f.write(json.dumps({"name": f"meta-{made}", "layout": layout}) + "\n")
    return whole, box, [("", position, rows, more), ("-lost", lost, loss_rows, more)]


def main() -> None:
    shoot_games(CLIENT, "meta", SCREEN, one_game)


if __name__ == "__main__":
    os.umask(0o022)
    main()
