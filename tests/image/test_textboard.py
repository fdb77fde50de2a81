"""The text-board reader (minesat.image.textboard): freesweep's committed screenshots read exactly, boards drawn
as text by Pillow read, and text that is not a board (prose, code, listings) refused."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont, ImageOps

from minesat.board import BoardError
from minesat.image.reader import read_image
from minesat.image.textboard import read_text_board

IMAGES = Path(__file__).resolve().parents[1] / "images"
MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
LIBERATION = "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf"
NOTO = "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf"


def rows_of(reading_board) -> list[str]:
    cols = reading_board.cols
    return ["".join(reading_board.cells[r * cols:(r + 1) * cols]) for r in range(reading_board.rows)]


@pytest.mark.parametrize("name", ["freesweep-0.png", "freesweep-5.jpg", "freesweep-7.png"])
def test_freesweep_screenshots_read_exactly(name):
    image = Image.open(IMAGES / name).convert("RGBA")
    truth = json.loads((IMAGES / name).with_suffix(".json").read_text())["rows"]
    reading = read_image(image.width, image.height, image.tobytes())
    assert rows_of(reading.board) == truth
    assert reading.grid.pitch_x > reading.grid.pitch_y  # squares three characters wide, a line tall


def test_a_committed_screenshot_is_sure_and_quick():
    image = Image.open(IMAGES / "freesweep-7.png").convert("RGBA")  # the whole 1280x800 screen
    data = image.tobytes()
    start = time.perf_counter()
    found = read_text_board(image.width, image.height, data)
    assert time.perf_counter() - start < 1.0
    assert found is not None and min(found[1]) >= 0.5


def terminal(lines: list[str], font_path: str = MONO, size: int = 14, fg=(229, 229, 229), bg=(0, 0, 0),
             colours: dict[str, tuple[int, int, int]] | None = None) -> Image.Image:
    """The lines drawn as a terminal draws them: a character a cell, one colour a character."""
    font = ImageFont.truetype(font_path, size)
    advance = round(font.getlength("M"))
    line = round(size * 1.25)
    width = advance * (max(map(len, lines)) + 4)
    image = Image.new("RGBA", (width, line * (len(lines) + 2)), bg + (255,))
    draw = ImageDraw.Draw(image)
    for y, text in enumerate(lines):
        for x, ch in enumerate(text):
            if ch != " ":
                draw.text((advance * (x + 2), line * (y + 1)), ch, font=font,
                          fill=(colours or {}).get(ch, fg) + (255,))
    return image


def text_board(rows: list[str], cursor: tuple[int, int] | None = None) -> list[str]:
    """A board in freesweep's way: each square three columns, '-' hidden, '#' flagged, a blank 0, its digit;
    an ASCII border."""
    out = ["+" + "-" * (3 * len(rows[0])) + "+"]
    for r, row in enumerate(rows):
        line = "".join(" " + {"?": "-", "F": "#", "0": " "}.get(ch, ch) + " " for ch in row)
        if cursor is not None and cursor[0] == r:
            c = cursor[1]
            line = line[:3 * c] + "<" + line[3 * c + 1] + ">" + line[3 * c + 3:]
        out.append("|" + line + "|")
    return out + [out[0]]


def position(mines: set[tuple[int, int]], rows: int, cols: int) -> list[str]:
    """Every safe square opened (its count), mines flagged one in two and hidden otherwise, and the squares of
    the first and the last four columns without a 0 beside them hidden: a position a game can show."""
    def count(r: int, c: int) -> int:
        return sum((y, x) in mines for y in range(r - 1, r + 2) for x in range(c - 1, c + 2))
    cells = [["F" if (r, c) in mines and (r + c) % 2 else "?" if (r, c) in mines else str(count(r, c))
              for c in range(cols)] for r in range(rows)]
    zero = {(r, c) for r in range(rows) for c in range(cols) if cells[r][c] == "0"}
    for r in range(rows):
        for c in (0, *range(cols - 4, cols)):
            if not any((y, x) in zero for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)):
                cells[r][c] = "?" if cells[r][c] != "F" else "F"
    return ["".join(row) for row in cells]


BOARD = position({(0, 0), (0, 9), (1, 1), (2, 2), (2, 7), (4, 8), (4, 9), (6, 6), (7, 5), (7, 6), (5, 0),
                  (3, 4), (3, 5)}, 8, 10)
COLOURS = {"1": (0, 0, 238), "2": (0, 205, 205), "3": (0, 205, 0), "4": (205, 0, 205)}


@pytest.mark.parametrize("font_path,size", [(MONO, 12), (MONO, 16), (LIBERATION, 14), (LIBERATION, 22),
                                            (NOTO, 15)])
def test_a_board_drawn_as_text_reads(font_path, size):
    image = terminal(text_board(BOARD, cursor=(3, 4)) + ["", "Time: 12s   Mines: 10"], font_path, size,
                     colours=COLOURS)
    reading = read_image(image.width, image.height, image.tobytes())
    assert rows_of(reading.board) == BOARD
    assert reading.sure, reading.unsure


def boxed(lines: list[str]) -> list[str]:
    """The ASCII border drawn with line-drawing characters instead."""
    inner = len(lines[0]) - 2
    return ["┌" + "─" * inner + "┐", *("│" + line[1:-1] + "│" for line in lines[1:-1]), "└" + "─" * inner + "┘"]


def two_wide(rows: list[str]) -> list[str]:
    """Squares two characters wide, no border."""
    return ["".join({"?": "-", "F": "#", "0": " "}.get(ch, ch) + " " for ch in row) for row in rows]


EDGE_ZEROS = position({(0, 5), (1, 7), (2, 9), (4, 6), (5, 8), (6, 9), (7, 7)}, 8, 10)  # its first columns all 0


@pytest.mark.parametrize("layout", ["light ground", "line drawing", "two wide, no border", "a blank column"])
def test_boards_of_other_layouts_read(layout):
    """The square's width is found (not assumed), the board's extent by its border or by blank characters
    around it; a column of 0s only belongs to the board when the border lies beyond it."""
    rows = EDGE_ZEROS if layout == "a blank column" else BOARD
    lines = {"line drawing": boxed(text_board(rows)), "two wide, no border": two_wide(rows)}.get(
        layout, text_board(rows))
    colours = {"fg": (0, 0, 0), "bg": (255, 255, 255)} if layout == "light ground" else {}
    image = terminal(lines, colours=COLOURS, **colours)
    reading = read_image(image.width, image.height, image.tobytes())
    assert rows_of(reading.board) == rows
    assert reading.sure, reading.unsure


PROSE = """It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of
foolishness, it was the epoch of belief, it was the epoch of incredulity - it was the season of Light,
it was the season of Darkness - it was the spring of hope, it was the winter of despair, we had
everything before us, we had nothing before us - we were all going direct to Heaven, we were all going
direct the other way. In 1775, 12 or 13 of them - 3 - 4 - 5 - were 1 - 2 apart; 8 - 6 = 2, 7 - 5 = 2.
- a list item, - another one, - and a third - all of them - dashes - everywhere - in the text.""".splitlines()

CODE = """def read(width: int, height: int) -> list[int]:
    # ---------------------------------------------------------------
    x = width - 1 - 2 - 3
    y = height - 4 - 5 - 6
    for i in range(8):
        z = x - i  -  y - i  -  1
        w = [1, 2, 3, 4, -5, -6, -7, -8]
    return [x - 1, y - 2, z - 3, w - 4]
# -  -  -  -  1  2  3  -  -  -
# -  -  -  -  -  -  -  -  -  -
drwxr-xr-x  2 user user  4096 Nov 27 15:07 docs
-rw-r--r--  1 user user  1234 Nov 27 15:07 README.md
-rw-r--r--  1 user user   567 Nov 27 15:07 setup.py""".splitlines()


@pytest.mark.parametrize("lines", [PROSE, CODE, PROSE + CODE], ids=["prose", "code", "both"])
@pytest.mark.parametrize("dark", [False, True], ids=["page", "terminal"])
def test_text_that_is_not_a_board_is_refused(lines, dark):
    fg, bg = ((229, 229, 229), (0, 0, 0)) if dark else ((0, 0, 0), (255, 255, 255))
    image = terminal(lines, fg=fg, bg=bg)
    assert read_text_board(image.width, image.height, image.tobytes()) is None
    with pytest.raises(BoardError, match="no board"):
        read_image(image.width, image.height, image.tobytes())


def test_a_board_cut_by_the_image_side_is_not_sure():
    """The window partly off the screen: the squares seen are read, none of them sure (the board may go on)."""
    image = Image.open(IMAGES / "freesweep-7.png").convert("RGBA")
    truth = json.loads((IMAGES / "freesweep-7.json").read_text())["rows"]
    reading = read_image(image.width, image.height, image.tobytes())
    right = reading.grid.left + reading.grid.pitch_x * (reading.grid.cols - 2.5)  # through the last two columns
    cut = image.crop((0, 0, round(right), image.height))
    found = read_image(cut.width, cut.height, cut.tobytes())
    assert not found.sure
    assert rows_of(found.board) == [row[:found.board.cols] for row in truth]


@pytest.mark.parametrize("name", ["freesweep-0.png", "freesweep-5.jpg", "freesweep-7.png"])
@pytest.mark.parametrize("copy", ["grayscale", "inverted"])
def test_copies_are_never_sure_and_wrong(name, copy):
    """A grayscale copy loses the dark blue 1s (faint marks: unsure); an inverted one is read as it is."""
    image = Image.open(IMAGES / name).convert("RGB")
    image = ImageOps.grayscale(image).convert("RGB") if copy == "grayscale" else ImageOps.invert(image)
    truth = json.loads((IMAGES / name).with_suffix(".json").read_text())["rows"]
    try:
        reading = read_image(image.width, image.height, image.convert("RGBA").tobytes())
    except BoardError:
        return
    assert not reading.sure or rows_of(reading.board) == truth
