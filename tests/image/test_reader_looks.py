"""The reader on looks beyond its first clients (issue 34): the committed screenshots of the classic look at
scales 1, 1.5 and 2, a 10x8 checkerboard, a JPEG at 150% (drawn by bench/screens/skins.py from positions,
which are their truth) and of Simon Tatham's Mines; grayscale and colour-inverted copies of every committed
screenshot, which must never be offered as sure and wrong; images that hold no board."""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFilter, ImageOps

from minesat.board import BoardError
from minesat.image.reader import read_image

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "tests" / "images"
SHOTS = sorted(p for p in IMAGES.iterdir() if p.suffix in (".png", ".jpg"))


def truth(name: str) -> dict:
    return json.loads((IMAGES / name).with_suffix(".json").read_text())


def read(image: Image.Image):
    rgba = image.convert("RGBA")
    return read_image(rgba.width, rgba.height, rgba.tobytes())


def rows_of(reading) -> list[str]:
    b = reading.board
    return ["".join(b.cells[r * b.cols:(r + 1) * b.cols]) for r in range(b.rows)]


@functools.cache
def reading_of(name: str):
    return read(Image.open(IMAGES / name))


@pytest.mark.parametrize(("name", "scale"), [("skin-classic-0.png", 1.0), ("skin-classic-1.png", 1.5),
                                             ("skin-classic-2.png", 2.0)])
def test_the_classic_look_is_read_exactly_and_surely_at_each_scale(name, scale):
    """Grey raised tiles with 2-pixel bevels, opened cells with a 1-pixel line, coloured digits, flags on
    poles and an LED counter: the look of Windows' Minesweeper and Arbiter, at device scales 1, 1.5, 2."""
    data = truth(name)
    assert data["scale"] == scale
    reading = reading_of(name)
    assert rows_of(reading) == data["rows"] and reading.sure


@pytest.mark.parametrize("name", ["skin-classic-0.png", "skin-classic-1.png"])
def test_a_red_mark_without_a_pole_on_a_raised_tile_is_a_flag(name):
    """A flag drawn as a red pennant alone (an emoji flag at a small size, as in a Windows 98 clone) on a
    raised grey tile, where opened cells are of the same grey: the classic look's flags with their poles
    and bases painted over with the tile's grey, every other pixel as the client drew it."""
    data = truth(name)
    image = Image.open(IMAGES / name).convert("RGB")
    grid = reading_of(name).grid
    pixels = image.load()
    for r, row in enumerate(data["rows"]):
        for c in (c for c, ch in enumerate(row) if ch == "F"):
            for y in range(int(grid.top + (r + 0.2) * grid.pitch_y), int(grid.top + (r + 0.85) * grid.pitch_y)):
                for x in range(int(grid.left + (c + 0.2) * grid.pitch_x), int(grid.left + (c + 0.85) * grid.pitch_x)):
                    red, green, blue = pixels[x, y]
                    if not (red > 120 and red - max(green, blue) > 60):
                        pixels[x, y] = (192, 192, 192)
    reading = read(image)
    assert rows_of(reading) == data["rows"]


def test_the_classic_led_counter_gives_the_total():
    data = truth("skin-classic-0.png")
    assert reading_of("skin-classic-0.png").board.mines == data["mines"]


def test_a_small_checkerboard_without_grid_lines_is_read():
    """A Google-like 10x8 board: two greens and two tans alternating, no line between cells."""
    data = truth("skin-checker-3.png")
    assert (len(data["rows"]), len(data["rows"][0])) == (8, 10)
    reading = reading_of("skin-checker-3.png")
    assert rows_of(reading) == data["rows"] and reading.sure


def test_a_jpeg_at_150_percent_is_read():
    data = truth("skin-classic-4.jpg")
    assert data["scale"] == 1.5 and data["format"] == "jpg"
    assert rows_of(reading_of("skin-classic-4.jpg")) == data["rows"]


def test_a_fractional_cell_size_is_read():
    """The Google-like clone at device scale 1.25: cells of 31.25 pixels, alternately 31 and 32 wide, and the
    lines between rows found at another spacing (the rows' digits): the columns' spacing is taken for both."""
    data = truth("google-125.png")
    assert data["scale"] == 1.25 and len(data["rows"]) == 20
    reading = reading_of("google-125.png")
    assert rows_of(reading) == data["rows"] and reading.sure


def test_a_small_tiled_jpeg_is_read():
    """JSMinesweeper, tiles of 20 pixels, JPEG at quality 80: the ringing about each line between cells
    makes a band of edges 8 pixels wide, with weaker edges between the bands."""
    data = truth("jsm-jpeg80.jpg")
    assert data["format"] == "jpg" and data["tile"] == 20
    assert rows_of(reading_of("jsm-jpeg80.jpg")) == data["rows"]


def test_rounded_tiles_with_gaps_are_read():
    """Tiles with rounded corners and gaps between them (drawn by bench/screens/skins.py at device scale 3):
    the tiles' sides stop short at every corner, so no edge runs the board's length unbroken."""
    data = truth("skin-rounded-4.png")
    assert data["scale"] == 3.0
    reading = reading_of("skin-rounded-4.png")
    assert rows_of(reading) == data["rows"] and reading.sure


def test_tiles_lighter_at_the_top_are_plain_and_a_header_above_does_not_move_the_board():
    """The rounded look at scale 2 with the page's header above the board: its hidden tiles are a gradient
    (lighter at the top), which is no faint mark, so they are read surely; the lattice is fitted to the gaps
    between tiles, not to the board's outer sides (a side has one edge where a gap has two), so the last
    row's tiles are sampled as the first row's."""
    data = truth("skin-rounded-3.png")
    assert data["scale"] == 2.0
    reading = reading_of("skin-rounded-3.png")
    assert rows_of(reading) == data["rows"] and reading.sure


def test_rounded_tiles_at_125_percent_are_read():
    """Rounded tiles with gaps at device scale 1.25 (cells of 38.75 pixels), 20x16: the tiles' sides fall a
    pixel either way of a fractional lattice; the two sides of each gap are taken as one line in its middle,
    so the lines are evenly spaced and the whole board is found, not a lattice of every other line."""
    data = truth("skin-rounded-6.png")
    assert data["scale"] == 1.25 and len(data["rows"][0]) == 20
    reading = reading_of("skin-rounded-6.png")
    assert rows_of(reading) == data["rows"] and reading.sure


def test_a_bold_digit_without_its_colour_is_not_surely_a_shown_mine():
    """The grayscale copy of a JPEG of the rounded look: its bold purple 4s turn into dark blobs about as
    wide as tall, as a shown mine is; not being their own mirror image, they are left unsure, never offered
    as surely hidden."""
    image = ImageOps.grayscale(Image.open(IMAGES / "skin-rounded-8.jpg").convert("RGB"))
    data = truth("skin-rounded-8.jpg")
    assert "4" in "".join(data["rows"])
    reading = read(image)
    assert not reading.sure or rows_of(reading) == data["rows"]
    assert all(reading.confidence[r * reading.board.cols + c] < reading.threshold
               for r, row in enumerate(data["rows"]) for c, ch in enumerate(row)
               if ch == "4" and reading.board.cells[r * reading.board.cols + c] != "4")


def test_marks_on_raised_tiles_do_not_make_them_the_opened_look():
    """xdemineur (the classic look with a black line between cells) at 150% saved as JPEG at quality 75:
    the blocks' noise on the hidden tiles' bevels reads as ink, some of it digit-like; digits lie on flat,
    opened cells, so the flat look with digits is the opened one, not the raised look with more "digits"."""
    import io
    data = truth("xdemineur-6.png")
    image = Image.open(IMAGES / "xdemineur-6.png").convert("RGB")
    image = image.resize((round(image.width * 1.5), round(image.height * 1.5)), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=75)
    assert rows_of(read(Image.open(io.BytesIO(buffer.getvalue())))) == data["rows"]


def test_thick_bevels_at_125_percent_are_not_taken_for_the_tiles_colour():
    """xdemineur at scale 1.25, 30x24: its bevels, 3.75 pixels wide in cells of 26.25, reach into the band
    where a cell's colour is measured in some columns and not others (the lines fall a quarter pixel further
    at each column).  A colour on only some sides of that band, missing from a band further in, is a bevel's:
    the tile's face further in is its colour, so no column of hidden tiles reads as opened."""
    data = truth("xdemineur-10.png")
    assert data["scale"] == 1.25 and len(data["rows"]) == 24
    reading = reading_of("xdemineur-10.png")
    assert rows_of(reading) == data["rows"] and reading.board.mines == data["mines"]


def test_each_numbers_colour_and_the_opened_zeros_are_opened_looks():
    """GNOME Mines in its theme that gives each number's squares a colour of their own: every flat look all of
    whose cells show a digit is opened, and so is a plain look none of whose cells touches a hidden one (an
    opened 0's neighbours are all opened); its flag, black with no base, is a flag by its shape."""
    data = truth("gnome-mines-0.png")
    reading = reading_of("gnome-mines-0.png")
    assert rows_of(reading) == data["rows"] and reading.sure
    assert {"0", "1", "2", "3", "F"} <= set("".join(data["rows"]))


def test_a_sure_digit_beside_a_wrongly_placed_flag_stays_as_read():
    """A flag pasted on the hidden cell beside a 1 that already has its flag: the 1 no game shows there is not
    rewritten as a 2 (the flag is as likely wrong, as in a game with a wrongly placed flag), and it and the
    flags are left for the user to check."""
    image = Image.open(IMAGES / "skin-classic-0.png").convert("RGB")
    grid = reading_of("skin-classic-0.png").grid
    def box(r: int, c: int) -> tuple[int, int, int, int]:
        return (round(grid.left + c * grid.pitch_x), round(grid.top + r * grid.pitch_y),
                round(grid.left + (c + 1) * grid.pitch_x), round(grid.top + (r + 1) * grid.pitch_y))
    rows = [list(row) for row in truth("skin-classic-0.png")["rows"]]
    assert rows[5][4] == "1" and rows[5][3] == "F" and rows[4][5] == "?"
    image.paste(image.crop(box(5, 3)), box(4, 5)[:2])
    rows[4][5] = "F"
    reading = read(image)
    assert rows_of(reading) == ["".join(row) for row in rows]
    assert {(5, 4), (4, 5), (5, 3)} <= set(reading.unsure) and not reading.sure


def test_a_lost_game_with_numbers_on_colours_of_their_own_is_read():
    """GNOME Mines lost: its mines shown on dark squares and the one that exploded on an opened 0's square say
    nothing of which look is the opened one (a mine is as wide as tall and its own mirror image; a digit is
    not), the opened 0s are read as opened, and only the shown mines are left for the user to check."""
    data = truth("gnome-mines-7-lost.png")
    reading = reading_of("gnome-mines-7-lost.png")
    assert rows_of(reading) == data["rows"]
    assert reading.unsure and {data["rows"][r][c] for r, c in reading.unsure} == {"?"}
    assert "0" in "".join(data["rows"])


def test_simon_tathams_mines_is_read():
    """Drawn by sgt-puzzles' own `--screenshot` from a game ID holding the layout (bench/screens/sgt_mines.py)."""
    data = truth("sgt-0.png")
    reading = reading_of("sgt-0.png")
    assert rows_of(reading) == data["rows"] and reading.sure


def test_white_digits_on_green_are_told_by_their_shape_and_a_yellow_counter_gives_the_total():
    """Ace of Penguins' Minesweeper at 1.25, the whole screen: white digits on green cells (their edges blend
    with the green: no green digit), raised tiles whose bevels the scaling draws two ways (one look), a blue
    flag whose pole is thick, a yellow seven-segment counter (the mines left: the total is it plus the flags).
    The only cells left unsure are a wrongly placed flag and the opened 0s next to it, which no game shows."""
    data = truth("ace-10.png")
    reading = reading_of("ace-10.png")
    assert rows_of(reading) == data["rows"] and reading.board.mines == data["mines"]
    unsure = {reading.board.cells[r * reading.board.cols + c] for r, c in reading.unsure}
    assert len(reading.unsure) <= 3 and unsure <= {"0", "F"}


@pytest.mark.parametrize("name", ["ace-15-lost.png", "ace-5-lost.jpg"])
def test_small_bevelled_tiles_and_shown_mines_with_fuses(name):
    """Ace of Penguins' lost games: a 32x32 board of 12-pixel tiles whose bevels, inset faces and dotted gaps
    put edges almost everywhere (the grid is still the tiles', not a finer lattice), and an 11x11 JPEG; mines
    shown with a fuse taller than a round body are hidden cells, the tiles' inset frames no marks."""
    data = truth(name)
    reading = reading_of(name)
    assert rows_of(reading) == data["rows"] and reading.board.mines == data["mines"]
    assert len(reading.unsure) <= 2


@pytest.mark.slow
@pytest.mark.parametrize("how", ["grayscale", "inverted"])
@pytest.mark.parametrize("shot", [p for p in SHOTS if Image.open(p).width * Image.open(p).height <= 400_000],
                         ids=lambda p: p.name)
def test_grayscale_and_inverted_copies_are_never_sure_and_wrong(shot, how):
    """Colour is a hint the reader may lose: a copy without it, or with every colour inverted, comes back
    refused, unsure, or right: never offered as sure with a wrong cell."""
    image = Image.open(shot).convert("RGB")
    copy = ImageOps.grayscale(image) if how == "grayscale" else ImageOps.invert(image)
    try:
        reading = read(copy)
    except BoardError:
        return
    if reading.sure:
        assert rows_of(reading) == truth(shot.name)["rows"]


def graph_paper(cell: int = 20, n: int = 16) -> Image.Image:
    image = Image.new("RGB", (n * cell + 80, n * cell + 80), (252, 252, 245))
    draw = ImageDraw.Draw(image)
    for k in range(n + 1):
        width = 2 if k % 5 == 0 else 1
        draw.line((40 + k * cell, 40, 40 + k * cell, 40 + n * cell), fill=(120, 170, 220), width=width)
        draw.line((40, 40 + k * cell, 40 + n * cell, 40 + k * cell), fill=(120, 170, 220), width=width)
    return image


def chessboard(cell: int = 40) -> Image.Image:
    image = Image.new("RGB", (8 * cell + 60, 8 * cell + 60), (60, 40, 20))
    draw = ImageDraw.Draw(image)
    for r in range(8):
        for c in range(8):
            draw.rectangle((30 + c * cell, 30 + r * cell, 29 + (c + 1) * cell, 29 + (r + 1) * cell),
                           fill=(240, 217, 181) if (r + c) % 2 == 0 else (181, 136, 99))
    return image


def spreadsheet(w: int = 24, h: int = 24, rows: int = 16, cols: int = 16) -> Image.Image:
    image = Image.new("RGB", (cols * w + 60, rows * h + 60), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for r in range(rows + 1):
        draw.line((30, 30 + r * h, 30 + cols * w, 30 + r * h), fill=(210, 210, 210))
    for c in range(cols + 1):
        draw.line((30 + c * w, 30, 30 + c * w, 30 + rows * h), fill=(210, 210, 210))
    rng = random.Random(7)
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.4:
                draw.text((34 + c * w, 34 + r * h), str(rng.randrange(100)), fill=(0, 0, 0))
    return image


def photo() -> Image.Image:
    """A photo-like image: smooth random shapes, blurred, with noise."""
    rng = random.Random(11)
    image = Image.new("RGB", (480, 360), (120, 150, 190))
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(480), rng.randrange(360)
        r = rng.randrange(10, 80)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(4))
    noise = Image.frombytes("RGB", image.size, rng.randbytes(480 * 360 * 3))
    return Image.blend(image, noise, 0.08)


NO_BOARD = {"graph paper": graph_paper, "fine graph paper": lambda: graph_paper(12, 30),
            "a chessboard": chessboard, "a small chessboard": lambda: chessboard(24),
            "a spreadsheet": spreadsheet, "a wide spreadsheet": lambda: spreadsheet(90, 22, 20, 8),
            "a photo": photo}


@pytest.mark.parametrize("name", sorted(NO_BOARD))
def test_images_without_a_board_give_no_board(name):
    with pytest.raises(BoardError, match="no board"):
        read(NO_BOARD[name]())


def test_cli_read_image_exits_2_on_graph_paper(tmp_path):
    path = tmp_path / "graph.png"
    graph_paper().save(path)
    done = subprocess.run([sys.executable, "-m", "minesat", "read-image", str(path)], cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH="py"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no board" in done.stderr and not done.stdout
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_overlay_on_the_board_gets_its_hint():
    """JSMinesweeper with its default "Mine %" overlay: percentages on the hidden cells.  The reading is
    unsure and says what is likely on top of the board and what to do, in the CLI's message too."""
    reading = reading_of("jsm-overlay-1.png")
    assert not reading.sure and "overlay" in reading.note and "Turn it off" in reading.note
    done = subprocess.run([sys.executable, "-m", "minesat", "read-image", str(IMAGES / "jsm-overlay-1.png")],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "overlay" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    done = subprocess.run([sys.executable, "-m", "minesat", "read-image", "--json",
                           str(IMAGES / "jsm-overlay-1.png")],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"), capture_output=True, text=True, timeout=120)
    assert "overlay" in json.loads(done.stdout)["note"]


@pytest.mark.parametrize("name", ["jsm-1.png", "minesat-0.png", "mjs-1.png", "google-0.png", "skin-classic-1.png"])
def test_no_overlay_hint_without_an_overlay(name):
    """Flags, shown mines and digits in doubt are not an overlay: no note."""
    assert reading_of(name).note == ""


@pytest.mark.parametrize(("name", "scale"), [("xbomb-0.png", 1.0), ("xbomb-6.png", 1.25), ("xbomb-7.png", 1.0)])
def test_stippled_hidden_squares_are_read(name, scale):
    """xbomb draws its hidden squares as a stipple (every other pixel white, the rest grey): an edge at every
    pixel, and no one background colour.  The image is blurred to the stipple's mean where it covers much of
    it, the grid found there, and the stippled cells read from it; the opened cells' small digits from the
    image itself.  xbomb-7 holds four flags drawn in black on orange squares: flags by their shape.  (At 1.25
    the small digits are read right, some of them unsure.)"""
    data = truth(name)
    assert data["scale"] == scale
    reading = reading_of(name)
    assert rows_of(reading) == data["rows"] and (reading.sure or scale != 1.0)
    assert ("F" in "".join(data["rows"])) == (name == "xbomb-7.png")


def test_digits_drawn_with_an_outline_are_read():
    """kurehajime/minesweeper_tag draws its digits with a black outline, heavier than any bold: a 3's openings
    close into loops (read as a 6 or an 8 before outlined fonts were among the prototypes), and the opened
    cells beside hidden ones carry other lines (the same look, with other borders)."""
    data = truth("minetag-15.png")
    reading = reading_of("minetag-15.png")
    assert rows_of(reading) == data["rows"]
    assert "3" in "".join(data["rows"])


def test_bombs_drawn_on_opened_cells_at_a_loss_are_hidden_cells():
    """The same client lost: each bomb (an emoji, shaded dark grey with an orange spark) is drawn on an opened
    cell; it is a shown mine, a hidden cell left to the user, not a digit nor a flag (its spark is orange), and
    the numbers still fit a game.  Every mine is shown (the one flag was placed wrongly)."""
    data = truth("minetag-7-lost.png")
    reading = reading_of("minetag-7-lost.png")
    assert rows_of(reading) == data["rows"]
    board = reading.board
    shown = [(r, c) for r, c in reading.unsure if board.cells[r * board.cols + c] == "?"]
    assert len(shown) == data["mines"] and "F" not in "".join(rows_of(reading)).replace("F", "", 1)
