"""Screenshots of freesweep (Debian's `freesweep` 1.0.2, a curses game) in an xterm under Xvfb.

Usage: .venv/bin/python bench/screens/freesweep.py OUT_DIR [COUNT]

Needs `apt-get install freesweep xterm tmux xvfb imagemagick`.  The game runs inside a tmux session of its
own (its own random layout), played by keys sent to it (the cursor moved with h/j/k/l, a space opens the
square under it, `f` flags it); an xterm attached to that session draws it in a window of an Xvfb of our
own, in one of several fonts (freesweep paints its own black ground and coloured digits), the ASCII or the line
drawing character set (freesweep's `-a`).

Truth, never from minesat's reader: `tmux capture-pane -p`, the exact text the program drew, taken when the
xterm's picture is steady after the last key; each square is three columns, its middle character '-'
hidden, '#' flagged, ' ' opened with no mine about, '1'-'8' its number (the cursor's '<' '>' sit on
either side).  Each game is then played on to a loss, where freesweep shows every mine ('o', the one
opened '*'); a position is kept only when each of its opened numbers equals the count of mines shown
around it (a flag counted as a mine, so that a wrong flag drops the position).  The loss is kept as a
second screenshot: its mines are hidden cells ('?') in minesat's truth.

Variants: the window alone, or every third one the whole screen with the window moved; resized to device
scales 1.25, 1.5, 2 or 3 with Pillow's LANCZOS filter (the `scale` of the truth); one in three as JPEG at
quality 60-90.

Can minesat be expected to read it?  The board is text: no cell has an outline, a ground or a size of its
own but the font's; hidden squares are dashes, opened ones blanks, and a square is three characters wide
and one line tall (oblong cells).  A reader of drawn tiles has nothing of its grid to find here.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from xbomb import save_shots, wait_for  # a game's shots saved, the polling

SCREEN = (1920, 1200)  # the Xvfb's size: room for the widest xterm (30 columns in the widest font)
SIZES = [(8, 8, 10), (16, 16, 40), (30, 16, 99), (9, 9, 10), (30, 24, 150), (12, 10, 20)]
# the xterm's font, size and colours (freesweep paints its own black ground and coloured digits over them)
LOOKS = [["-fa", "DejaVu Sans Mono", "-fs", "12"], ["-fa", "Liberation Mono", "-fs", "14", "-rv"], ["-fn", "fixed"],
         ["-fa", "Noto Sans Mono", "-fs", "11", "-bg", "#1e1e2e", "-fg", "#cdd6f4"],
         ["-fa", "DejaVu Sans Mono", "-fs", "16", "-bg", "#002b36", "-fg", "#93a1a1"]]


class Session:
    """An Xvfb, a tmux server and an xterm of our own, with freesweep in them."""

    def __init__(self, tmp: Path, w: int, h: int, mines: int, linedraw: bool, look: list[str],
                 at: tuple[int, int]) -> None:
        self.w, self.h = w, h
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with open(read) as f:
            display = ":" + f.readline().strip()
        home = tmp / "home"
        home.mkdir(exist_ok=True)
        self.env = {**os.environ, "DISPLAY": display, "HOME": str(home)}
        self.sock = str(tmp / "tmux.sock")
        self.cols, self.lines = max(3 * w + 2 + 30, 80), max(h + 8, 24)
        game = f"/usr/games/freesweep -f -w {w} -h {h} -m {mines}" + (" -a" if linedraw else "")
        self.tmux("new-session", "-d", "-s", "fs", "-x", str(self.cols), "-y", str(self.lines), game)
        self.tmux("set-option", "-g", "status", "off")  # tmux's own line: not part of the game's look
        self.xterm_args = ["xterm", *look, "-geometry", f"{self.cols}x{self.lines}+{at[0]}+{at[1]}", "-b", "0",
                           "+sb", "-title", "freesweep", "-e", "tmux", "-S", self.sock, "attach", "-t", "fs"]
        self.xterm = self.start_xterm()
        try:
            self.win = wait_for(self.find, "the xterm's window", timeout=15)
            wait_for(lambda: "Loc:" in self.pane(), "freesweep's board", timeout=15)
        except Exception:
            self.close()
            raise

    def start_xterm(self) -> subprocess.Popen:
        return subprocess.Popen(self.xterm_args, env={**self.env, "TERM": "xterm"}, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.sock, *args], env=self.env, capture_output=True, text=True,
                              check=True, timeout=30).stdout

    def pane(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "fs")

    def find(self) -> str:
        if self.xterm.poll() is not None:  # an xterm that did not start (seen once under load): again
            self.xterm = self.start_xterm()
        done = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^freesweep$"], env=self.env,
                              capture_output=True, text=True)
        return done.stdout.split()[0] if done.stdout.split() else ""

    def grab(self) -> Image.Image:
        png = subprocess.run(["import", "-window", "root", "png:-"], env=self.env, capture_output=True, check=True,
                             timeout=30).stdout
        return Image.open(io.BytesIO(png)).convert("RGB")

    def box(self) -> tuple[int, int, int, int]:
        info = subprocess.run(["xwininfo", "-id", self.win], env=self.env, capture_output=True, text=True,
                              check=True).stdout
        get = {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in info.splitlines()) if v}
        x, y = int(get["Absolute upper-left X"]), int(get["Absolute upper-left Y"])
        return x, y, x + int(get["Width"]), y + int(get["Height"])

    def keys(self, *keys: str) -> tuple[str, Image.Image]:
        """Send keys; the pane once it has changed and the screen once steady (two grabs alike)."""
        before = self.pane()
        self.tmux("send-keys", "-t", "fs", *keys)
        try:
            wait_for(lambda: self.pane() != before, "the pane redrawn", timeout=3)
        except TimeoutError:
            pass  # a key that changed nothing (the cursor already there)
        return self.steady()

    def steady(self) -> tuple[str, Image.Image]:
        last = self.grab()
        while True:
            time.sleep(0.15)
            text, now = self.pane(), self.grab()
            if now.tobytes() == last.tobytes() and text == self.pane():
                return text, now
            last = now

    def close(self) -> None:
        for p in (self.xterm,):
            p.terminate()
            p.wait()
        subprocess.run(["tmux", "-S", self.sock, "kill-server"], env=self.env, capture_output=True)
        self.xvfb.terminate()
        self.xvfb.wait()


def board(text: str, w: int, h: int) -> dict[tuple[int, int], str]:
    """The squares' middle characters, by (column, row)."""
    lines = text.splitlines()
    return {(c, r): (lines[1 + r] + " " * (3 * w + 3))[2 + 3 * c] for r in range(h) for c in range(w)}


def loc(text: str) -> tuple[int, int]:
    m = re.search(r"Loc: (\d+), (\d+)", text)
    assert m, "no Loc: in the pane"
    return int(m.group(1)), int(m.group(2))


TRUTH = {"-": "?", "#": "F", " ": "0", **{str(n): str(n) for n in range(1, 9)}}


def deduce(cells: dict[tuple[int, int], str], rng: random.Random) -> tuple[tuple[int, int], str] | None:
    """A move a player sure of it would make: flag ('f') the hidden squares about a number that has just as
    many, or open (space) those about a number whose flags are all there; None when there is none."""
    moves = []
    for (c, r), v in cells.items():
        if v not in "12345678":
            continue
        around = [(c + a, r + b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (c + a, r + b) in cells]
        hidden = [xy for xy in around if cells[xy] == "-"]
        flagged = sum(cells[xy] == "#" for xy in around)
        if hidden and flagged + len(hidden) == int(v):
            moves += [(xy, "f") for xy in hidden]
        elif hidden and flagged == int(v):
            moves += [(xy, "Space") for xy in hidden]
    return rng.choice(moves) if moves else None


def play(tmp: Path, rng: random.Random, i: int):
    w, h, n = SIZES[i % len(SIZES)]
    look = LOOKS[i % len(LOOKS)]
    whole = i % 3 == 1
    linedraw = i % 2 == 1
    session = Session(tmp, w, h, n, linedraw, look, (rng.randrange(20, 200), rng.randrange(20, 120)) if whole
                      else (0, 0))
    try:
        text, image = session.steady()
        total = int(re.search(r"Mines: (\d+)", text).group(1))  # type: ignore[union-attr]
        history: list[tuple[str, Image.Image]] = []
        steps = rng.randrange(4, 12 if w * h < 100 else 40)  # moves of play, then guesses until the loss
        lost = None
        for _ in range(600):
            cells = board(text, w, h)
            if any(v not in TRUTH for v in cells.values()):
                lost = text, image
                break
            history.append((text, image))
            hidden = [xy for xy, v in cells.items() if v == "-"]
            if not hidden:
                return None
            steps -= 1
            target, key = (deduce(cells, rng) if steps > 0 else None) or (rng.choice(hidden), "Space")
            x, y = loc(text)  # the cursor's square, counted from 0
            dx, dy = target[0] - x, target[1] - y
            if dx:
                session.tmux("send-keys", "-t", "fs", str(abs(dx)), "l" if dx > 0 else "h")
            if dy:
                session.tmux("send-keys", "-t", "fs", str(abs(dy)), "j" if dy > 0 else "k")
            text, image = session.keys(key)
        if lost is None or len(history) < 3:
            return None
        lost_cells = board(lost[0], w, h)
        mines = {xy for xy, v in lost_cells.items() if v in "o*#"}
        if len(mines) != total:
            return None
        text, image = history[-1]
        cells = board(text, w, h)
        for (c, r), v in cells.items():
            if v in "12345678 " and int(TRUTH[v]) != sum((c + a, r + b) in mines for a in (-1, 0, 1)
                                                         for b in (-1, 0, 1)):
                return None
        rows = ["".join(TRUTH[cells[c, r]] for c in range(w)) for r in range(h)]
        if sum(v in "12345678 " for v in cells.values()) < 8:
            return None  # a few scattered guesses: not much of a position
        loss_rows = None
        if all(v in TRUTH or v in "o*" for v in lost_cells.values()):
            loss_rows = ["".join("?" if lost_cells[c, r] in "o*" else TRUTH[lost_cells[c, r]] for c in range(w))
                         for r in range(h)]
        box = session.box()
        if box[2] > SCREEN[0] or box[3] > SCREEN[1]:
            return None  # the xterm runs off the screen (a wide font): the board is not all in the picture
        return (image, rows, lost[1], loss_rows, box, whole, total,
                {"xterm": " ".join(look), "charset": "line drawing" if linedraw else "ASCII",
                 "pane": text.splitlines()})
    finally:
        session.close()


def main() -> None:
    out = Path(sys.argv[1]).resolve()
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(34)
    made = tries = 0
    while made < count and tries < count * 5:
        tries += 1
        with tempfile.TemporaryDirectory() as tmp:
            got = play(Path(tmp), rng, made)
        if got is None:
            continue
        position, rows, lost, loss_rows, box, whole, total, about = got
        lost_about = {k: v for k, v in about.items() if k != "pane"}
        shots = [("", position, rows, {"mines": total, **about}),
                 ("-lost", lost, loss_rows, {"mines": total, **lost_about})]
        save_shots(out, "freesweep", made, whole, box, shots, rng)
        made += 1


if __name__ == "__main__":
    main()
