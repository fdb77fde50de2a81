"""Reading boards from screenshots (minesat.image.reader): real clients' screenshots with truth files read
from the clients' own state (tests/images/README.md), perturbed copies made here with Pillow, images
with no board, and the command line's read-image."""

from __future__ import annotations

import base64
import functools
import io
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from minesat.board import BoardError
from minesat.image.reader import read_image
from shots import IMAGES, truth

ROOT = Path(__file__).resolve().parents[2]
SHOTS = sorted(p for p in IMAGES.iterdir() if p.suffix in (".png", ".jpg"))
# The tests read the screenshots up to 0.6 megapixels (each client, every look, PNG and JPEG; ~20 s on
# a shared 2-core machine); bench/bench_image.py reads them all.
TESTED = [p for p in SHOTS if Image.open(p).width * Image.open(p).height <= 600_000]
# Read exactly today (a regression guard: each is compared with its truth, not with a stored reading)
EXACT = ["google-0.png", "google-1.jpg", "google-2.png", "google-3.png", "google-4.jpg", "google-5.png",
         "google-6.png", "google-7.jpg", "jsm-0.png", "jsm-1.png", "jsm-2.jpg", "jsm-3.png", "jsm-4.png",
         "jsm-5.jpg", "jsm-6.png", "jsm-7.png",
         "minesat-0.png",
         "minesat-1.png", "minesat-2.jpg", "minesat-3.png", "minesat-4.png", "minesat-5.jpg", "mjs-0.png", "mjs-1.png",
         "mjs-2.jpg", "mjs-3.png", "mjs-4.png", "mjs-6.png", "mjs-7.png",
         "skin-phone-5.jpg"]  # (red 3s beside hidden cells, a look of their own in the JPEG: once read as flags)


def rows_of(reading) -> list[str]:
    b = reading.board
    return ["".join(b.cells[r * b.cols:(r + 1) * b.cols]) for r in range(b.rows)]


def read(image: Image.Image):
    rgba = image.convert("RGBA")
    return read_image(rgba.width, rgba.height, rgba.tobytes())


@functools.cache
def read_shot(name: str):
    """The reading of a committed screenshot (each is read once per test run), or the BoardError raised."""
    try:
        return read(Image.open(IMAGES / name))
    except BoardError as e:
        return e


def test_the_set_is_real_and_small():
    clients = {json.loads(p.with_suffix(".json").read_text())["client"] for p in SHOTS}
    assert len(clients) >= 4
    assert all(p.stat().st_size < 100_000 for p in SHOTS)
    for shot in SHOTS:
        rows, mines = truth(shot)
        assert len({len(r) for r in rows}) == 1 and set("".join(rows)) <= set("?F012345678")
        assert 0 < mines


@pytest.mark.slow
@pytest.mark.parametrize("shot", TESTED, ids=lambda p: p.name)
def test_a_board_offered_as_sure_is_right(shot):
    """Never a wrong board shown as right: a sure reading equals the client's own state."""
    rows, _ = truth(shot)
    reading = read_shot(shot.name)
    if isinstance(reading, BoardError):
        assert "board" in str(reading)  # a clear refusal is allowed, a wrong sure board is not
        return
    if reading.sure:
        assert rows_of(reading) == rows
    else:
        assert reading.unsure and all(reading.confidence[r * reading.board.cols + c] < reading.threshold
                                      for r, c in reading.unsure)


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in EXACT if IMAGES / n in TESTED])
def test_screenshots_read_exactly(name):
    rows, _ = truth(IMAGES / name)
    reading = read_shot(name)
    assert not isinstance(reading, BoardError), reading
    assert rows_of(reading) == rows
    assert (reading.grid.rows, reading.grid.cols) == (len(rows), len(rows[0]))


def test_a_digit_no_game_can_show_there_is_replaced_and_stays_unsure():
    """mjs-3's small grey 1 at row 6, column 3 looks most like a 3, but only two of its neighbours are
    hidden or flagged: the likeliest digit that fits is taken, and the cell stays marked unsure."""
    reading = read_shot("mjs-3.png")
    assert reading.board.cells[6 * 20 + 3] == "1" and (6, 3) in reading.unsure


def test_a_dark_theme_board_on_a_dark_page_is_read_as_sure():
    """minesat's dark Play page: the card around the board is nearly the colour of its opened cells and
    its edge lies a cell below the board.  That is not the board running on: every cell read is sure."""
    rows, _ = truth(IMAGES / "minesat-1.png")
    reading = read_shot("minesat-1.png")
    assert rows_of(reading) == rows and reading.sure and min(reading.confidence) >= 0.5


@pytest.mark.slow
@pytest.mark.parametrize("side", ["top", "bottom", "left", "right"])
def test_a_part_of_a_dark_theme_board_is_unsure(monkeypatch, side):
    """The same screenshot with the grid found one row or column short: the cells outside are the
    board's own, so the reading is a part of the board and nothing in it is offered as sure."""
    import dataclasses

    import minesat.image.reader
    image = Image.open(IMAGES / "minesat-1.png").convert("RGBA")
    grid = minesat.image.reader.find_grid(image.width, image.height, image.tobytes())
    short = {"top": dataclasses.replace(grid, top=grid.top + grid.pitch_y, rows=grid.rows - 1),
             "bottom": dataclasses.replace(grid, rows=grid.rows - 1),
             "left": dataclasses.replace(grid, left=grid.left + grid.pitch_x, cols=grid.cols - 1),
             "right": dataclasses.replace(grid, cols=grid.cols - 1)}[side]
    monkeypatch.setattr(minesat.image.reader, "find_grid", lambda *_: short)
    reading = read(image)
    assert max(reading.confidence) < reading.threshold


def jpeg(image: Image.Image, quality: int) -> Image.Image:
    buf = io.BytesIO()
    image.convert("RGB").save(buf, "JPEG", quality=quality)
    return Image.open(io.BytesIO(buf.getvalue()))


def framed(image: Image.Image, seed: int) -> Image.Image:
    """The screenshot inside a larger one: other UI around it (panels, buttons, text)."""
    rng = random.Random(seed)
    w, h = image.size
    canvas = Image.new("RGB", (w + 260, h + 180), (236, 239, 244))
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, w + 260, 40), fill=(40, 44, 52))
    for i in range(6):
        x = 10 + i * 90
        draw.rectangle((x, 8, x + 80, 32), fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        draw.text((x + 6, 12), f"Menu {i}", fill=(255, 255, 255))
    for y in range(60, h + 160, 22):
        draw.text((10, y), "Some text of the page around the game " * 2, fill=(30, 30, 30))
    canvas.paste(image.convert("RGB"), (180, 90))
    return canvas


PERTURBATIONS = {
    "jpeg 70": lambda im: jpeg(im, 70),
    "jpeg 50": lambda im: jpeg(im, 50),
    "framed": lambda im: framed(im, 1),
    "cropped": lambda im: im.crop((12, 40, im.width - 12, im.height - 12)),
    "scaled 1.5": lambda im: im.resize((im.width * 3 // 2, im.height * 3 // 2), Image.Resampling.BILINEAR),
    "scaled 1.25, jpeg": lambda im: jpeg(im.resize((im.width * 5 // 4, im.height * 5 // 4),
                                                   Image.Resampling.BICUBIC), 85),
}


@pytest.mark.slow
@pytest.mark.parametrize("how", sorted(PERTURBATIONS))
@pytest.mark.parametrize("name", ["google-0.png", "google-6.png"])
def test_perturbed_screenshots_are_right_or_unsure(name, how):
    rows, _ = truth(IMAGES / name)
    image = PERTURBATIONS[how](Image.open(IMAGES / name))
    try:
        reading = read(image)
    except BoardError:
        return
    if reading.sure:
        assert rows_of(reading) == rows


@pytest.mark.slow
@pytest.mark.parametrize(("name", "quality"), [("jsm-1.png", 70), ("jsm-4.png", 70), ("jsm-6.png", 85),
                                               ("jsm-7.png", 85)])
def test_jpeg_classic_tiles_are_read(name, quality):
    """JPEG's ringing around raised tiles joins a board's lines into wide bands of edges: split at their
    peaks, they give the grid (no grid was found in any of these before)."""
    rows, _ = truth(IMAGES / name)
    assert rows_of(read(jpeg(Image.open(IMAGES / name), quality))) == rows


# A flat skin drawn here (no client's pixels): hidden cells of one colour with no lines between them,
# opened cells with thin lines, a frame around the board, the page's text above it.
DRAWN = ["??????200000000001??",
         "??????30000111000111",
         "??????300001F1000000",
         "??????30000111000000",
         "??????30000000000000",
         "??????30000000111000",
         "??????300000001?1000",
         "??????41000000111000",
         "???????1000000000000"]
INKS = {"1": (25, 70, 200), "2": (30, 130, 40), "3": (200, 40, 40), "4": (40, 40, 140)}


def drawn(rows: list[str], cell: int = 27) -> Image.Image:
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 2 // 3)
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 120, h + 160), (250, 250, 250))
    draw = ImageDraw.Draw(image)
    x0, y0 = 60, 100
    draw.text((20, 20), "Mines left: 12. Safe cells to open: 40.", fill=(30, 30, 30), font=font)
    draw.rectangle((x0 - 2, y0 - 2, x0 + w + 1, y0 + h + 1), outline=(118, 118, 118), width=2)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = x0 + c * cell, y0 + r * cell
            if ch in "?F":
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(196, 204, 215))
            else:
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(235, 234, 229), outline=(200, 200, 200))
            if ch == "F":
                draw.polygon([(x + cell // 3, y + cell // 4), (x + 2 * cell // 3, y + cell * 3 // 8),
                              (x + cell // 3, y + cell // 2)], fill=(200, 30, 30))
                draw.line((x + cell // 3, y + cell // 4, x + cell // 3, y + 3 * cell // 4), fill=(40, 40, 40), width=2)
            elif ch in INKS:
                draw.text((x + cell / 2, y + cell / 2), ch, fill=INKS[ch], font=font, anchor="mm")
    return image


@pytest.mark.slow
@pytest.mark.parametrize("how", ["as drawn", "jpeg 80", "jpeg 60", "framed"])
def test_a_flat_skin_never_seen_is_read(how):
    """The grid runs on into hidden cells with no lines between them, up to the board's frame."""
    image = drawn(DRAWN)
    image = {"as drawn": image, "jpeg 80": jpeg(image, 80), "jpeg 60": jpeg(image, 60), "framed": framed(image, 3)}[how]
    assert rows_of(read(image)) == DRAWN


def test_a_seven_segment_mine_counter_gives_the_total():
    """JSMinesweeper's counter shows the mines not flagged: the total is that plus the flags read."""
    rows, mines = truth(IMAGES / "jsm-1.png")
    reading = read_shot("jsm-1.png")
    assert rows_of(reading) == rows and reading.board.mines == mines
    assert read_shot("google-0.png").board.mines is None  # no counter of that kind: the total unknown


def test_a_display_right_of_the_boards_middle_is_a_clock_not_the_mines():
    """Clients keep the mines left at the left and the time at the right: JSMinesweeper's display moved to
    the right of the board's middle (the left one painted over) gives no total."""
    image = Image.open(IMAGES / "jsm-1.png").convert("RGB")
    grid = read(image).grid
    lit = [(x, y) for y in range(int(grid.top)) for x in range(image.width)
           if (p := image.getpixel((x, y)))[0] >= 170 and p[0] - max(p[1], p[2]) >= 120]
    box = (min(x for x, _ in lit), min(y for _, y in lit), max(x for x, _ in lit) + 1, max(y for _, y in lit) + 1)
    display = image.crop(box)
    moved = image.copy()
    ImageDraw.Draw(moved).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=(0, 0, 0))
    right = int(grid.left + grid.cols * grid.pitch_x) - display.width - 4
    assert right > grid.left + grid.cols * grid.pitch_x / 2
    moved.paste(display, (right, box[1]))
    assert rows_of(read(moved)) == rows_of(read(image))
    assert read(image).board.mines is not None and read(moved).board.mines is None


def test_a_total_the_board_cannot_hold_is_dropped(monkeypatch):
    """A counter showing 1 mine left (a clock stuck at 001, a number not the mines left) with the flags read
    makes a total the clues rule out: the reading leaves the total unknown rather than give it."""
    import minesat.image.reader as reader
    monkeypatch.setattr(reader, "read_counter", lambda *args: 1)
    rows, mines = truth(IMAGES / "jsm-1.png")
    reading = read(Image.open(IMAGES / "jsm-1.png"))
    assert rows_of(reading) == rows and reading.board.mines is None
    monkeypatch.setattr(reader, "read_counter", lambda *args: mines - "".join(rows).count("F"))
    assert read(Image.open(IMAGES / "jsm-1.png")).board.mines == mines  # a total it can hold is kept


@pytest.mark.slow
@pytest.mark.parametrize("how", ["jpeg 70", "scaled 1.5", "framed"])
def test_a_perturbed_counter_is_read_right_or_not_at_all(how):
    _, mines = truth(IMAGES / "jsm-4.png")
    assert read(PERTURBATIONS[how](Image.open(IMAGES / "jsm-4.png"))).board.mines in (None, mines)


def test_a_cropped_screenshot_still_reads_exactly():
    """Cut into the UI around the board: the grid is found from the cells, not from the window."""
    rows, _ = truth(IMAGES / "google-0.png")
    assert rows_of(read(PERTURBATIONS["cropped"](Image.open(IMAGES / "google-0.png")))) == rows


@pytest.mark.parametrize("make", [
    lambda: Image.new("RGB", (400, 300), (200, 200, 200)),
    lambda: Image.frombytes("RGB", (300, 200), random.Random(5).randbytes(300 * 200 * 3)),
    lambda: framed(Image.new("RGB", (200, 120), (250, 250, 250)), 2),
    lambda: Image.new("RGB", (20, 20), (0, 0, 0)),
], ids=["plain", "noise", "a page without a board", "tiny"])
def test_no_board_is_refused_with_a_message(make):
    with pytest.raises(BoardError, match="board"):
        read(make())


def test_bad_bytes_are_refused():
    with pytest.raises(BoardError, match="RGBA"):
        read_image(10, 10, b"\0" * 12)


def test_the_engine_does_not_import_pillow():
    script = "import sys, minesat.image.reader, minesat; assert 'PIL' not in sys.modules, 'PIL imported'"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_the_engine_reads_an_image_for_the_page():
    """The worker's protocol op: RGBA bytes as base64 in, the reading and a share fragment out."""

    from minesat.formats.links import board_from_fragment
    from minesat.messages.protocol import Engine
    rows, _ = truth(IMAGES / "google-2.png")
    rgba = Image.open(IMAGES / "google-2.png").convert("RGBA")
    request = {"id": 1, "op": "read_image", "width": rgba.width, "height": rgba.height,
               "rgba": base64.b64encode(rgba.tobytes()).decode()}
    answer = json.loads(Engine().answer(json.dumps(request)))["ok"]
    assert answer["rows"] == rows and answer["sure"] is True
    board = board_from_fragment(answer["board"])
    assert [board.cells[r * board.cols:(r + 1) * board.cols] for r in range(board.rows)] == [tuple(r) for r in rows]
    blank = {"id": 2, "op": "read_image", "width": 200, "height": 200,
             "rgba": base64.b64encode(bytes(160_000)).decode()}
    assert "no board found" in json.loads(Engine().answer(json.dumps(blank)))["error"]


# Rounded tiles with gaps drawn here (no client's pixels), in a dark theme whose hidden and opened tiles are a
# few shades of slate apart, and a light one whose hidden tiles are white and opened ones light grey; at a
# loss, each mine a shaded dark ball with an orange spark on a red tile ('B': a hidden cell in the truth).
TILED = ["?????1???",
         "????1F???",
         "????F211?",
         "????2?10?",
         "?????F1B?",
         "????2110?",
         "????1000?",
         "????2100?",
         "?????100?"]
THEMES = {"dark": {"page": (26, 32, 44), "hidden": (44, 62, 80), "opened": (35, 50, 65)},
          "light": {"page": (241, 243, 246), "hidden": (255, 255, 255), "opened": (226, 231, 236)}}
TILE_INKS = {"1": (66, 165, 245), "2": (102, 187, 106), "3": (239, 83, 80), "4": (171, 71, 188)}


def tiled(rows: list[str], theme: str, cell: int = 44) -> Image.Image:
    colours = THEMES[theme]
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 9 // 20)
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 80, h + 120), colours["page"])
    draw = ImageDraw.Draw(image)
    x0, y0, gap = 40, 80, 4
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            box = (x0 + c * cell + gap // 2, y0 + r * cell + gap // 2, x0 + (c + 1) * cell - gap // 2 - 1,
                   y0 + (r + 1) * cell - gap // 2 - 1)
            x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            fill = {"?": colours["hidden"], "F": (254, 214, 64), "B": (254, 82, 82)}.get(ch, colours["opened"])
            draw.rounded_rectangle(box, radius=cell // 8, fill=fill, outline=tuple(v - 8 for v in fill))
            if ch == "F":
                draw.line((x - cell / 8, y - cell / 5, x - cell / 8, y + cell / 5), fill=(90, 90, 90), width=2)
                draw.polygon([(x - cell / 8, y - cell / 5), (x + cell / 5, y - cell / 10), (x - cell / 8, y)],
                             fill=(220, 30, 40))
            elif ch == "B":
                rad = cell / 5
                draw.ellipse((x - rad, y - rad * 0.8, x + rad, y + rad * 1.2), fill=(60, 60, 64))
                draw.ellipse((x - rad / 2, y - rad / 2, x - rad / 6, y - rad / 6), fill=(110, 110, 116))
                draw.polygon([(x + rad * 0.6, y - rad * 1.4), (x + rad * 1.1, y - rad * 0.9),
                              (x + rad * 0.5, y - rad * 0.7)], fill=(240, 140, 20))
            elif ch in TILE_INKS:
                draw.text((x, y), ch, fill=TILE_INKS[ch], font=font, anchor="mm")
    return image


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_tiles_a_few_shades_apart_and_opened_tiles_all_with_digits_are_read(theme):
    """In the dark theme the hidden and opened tiles differ by a few shades of slate (two looks, not one); in
    the light one, where every opened tile shows a digit, the opened tiles' grey is a look of its own, not the
    hidden tiles' white (both were read as one look before: the board refused or read as opened 0s)."""
    rows = [row.replace("B", "?") for row in TILED]
    image = tiled([row.replace("B", "?") for row in TILED], theme)
    assert rows_of(read(image)) == rows
    light = [row.replace("0", "?") if theme == "light" else row for row in rows]  # no opened 0 left
    light = [row[:4] + "?" * 5 if r in (6, 7, 8) else row for r, row in enumerate(light)]
    assert rows_of(read(tiled(light, theme))) == light


def test_mines_shown_on_red_tiles_are_hidden_cells_not_flags():
    """A lost game's mines, each a shaded ball with an orange spark on a red tile: hidden cells, unsure, never
    flags (the red at the ink's edges is the tile's own) nor digits."""
    image = tiled(TILED, "dark")
    reading = read(image)
    rows = [row.replace("B", "?") for row in TILED]
    assert rows_of(reading) == rows
    assert (4, 7) in reading.unsure


def see_through(rows: list[str], cell: int = 30) -> Image.Image:
    """A board drawn as KMines' default theme draws one (no client's pixels): hidden squares shaded from light
    at their top left to dark at their bottom right, each the same; opened squares see-through over a picture
    whose grey drifts from light at the top to dark at the bottom, between thin light lines; digits blue,
    green, olive (a 3), purple."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 60, h + 90), (236, 236, 236))
    draw = ImageDraw.Draw(image)
    x0, y0 = 30, 60
    for y in range(y0, y0 + h):  # the picture behind the board
        grey = round(200 - 30 * (y - y0) / h)
        draw.line((x0, y, x0 + w - 1, y), fill=(grey, grey, grey))
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 7 // 10)
    inks = {"1": (20, 30, 140), "2": (20, 120, 20), "3": (128, 120, 0), "4": (120, 20, 110)}
    tile = Image.new("RGB", (cell - 2, cell - 2))
    for y in range(cell - 2):
        for x in range(cell - 2):
            grey = round(222 - 52 * (x + y) / (2 * (cell - 3)))
            tile.putpixel((x, y), (grey, grey, grey))
    ImageDraw.Draw(tile).rectangle((0, 0, cell - 3, cell - 3), outline=(150, 150, 150))
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            left, top = x0 + c * cell, y0 + r * cell
            draw.line((left, top, left + cell - 1, top), fill=(212, 212, 212))
            draw.line((left, top, left, top + cell - 1), fill=(212, 212, 212))
            if ch == "?":
                image.paste(tile, (left + 1, top + 1))
            elif ch in inks:
                draw.text((left + cell / 2, top + cell / 2), ch, fill=inks[ch], font=font, anchor="mm")
            elif ch == "B":  # a mine shown at a loss, on the see-through face
                x, y, rad = left + cell / 2, top + cell / 2, cell / 4
                draw.ellipse((x - rad, y - rad, x + rad, y + rad), fill=(16, 16, 16))
    return image


def test_shaded_squares_over_a_see_through_face_are_read():
    """KMines' default look: its hidden squares are shaded (a gradient, their mean as light as the opened
    face), its opened ones see-through over a picture, their grey drifting by 30 levels down the board.  Read
    before as one look of hidden and opened cells (the opened 0s at the top read as hidden, the digits there
    unsure), and an olive 3 as a 5."""
    rows = ["0001?????",
            "00012????",
            "0001?????",
            "00013????",
            "1111?????",
            "?????????",
            "???1113??",
            "???1002??",
            "???1001??"]
    reading = read(see_through(rows))
    assert rows_of(reading) == rows
    assert reading.sure
    # lost: mines shown on the face beside the opened 0s (their look, drifting from the digits' look, is opened)
    lost = ["0001?????",
            "00012????",
            "0001?????",
            "00013????",
            "1111?????",
            "?BB??B???",
            "???1113??",
            "???1002??",
            "???1001??"]
    assert rows_of(read(see_through(lost))) == [row.replace("B", "?") for row in lost]


def neon(rows: list[str], cell: int = 42, gap: int = 6) -> Image.Image:
    """A board drawn as a neon look draws one (no client's pixels): every tile the page's dark navy inside,
    hidden ones outlined in bright cyan, opened ones in slate, rounded, with gaps; white digits all of one
    colour; a red pennant on a flag; a violet frame about the board, a few pixels from the tiles."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    page = (34, 34, 51)
    image = Image.new("RGB", (w + 80, h + 140), page)
    draw = ImageDraw.Draw(image)
    x0, y0 = 40, 100
    draw.rounded_rectangle((x0 - 10, y0 - 10, x0 + w + 9, y0 + h + 9), radius=8, outline=(102, 102, 221), width=3)
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 2 // 5)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            box = (x0 + c * cell + gap // 2, y0 + r * cell + gap // 2, x0 + (c + 1) * cell - gap // 2 - 1,
                   y0 + (r + 1) * cell - gap // 2 - 1)
            outline = (0, 170, 255) if ch in "?F" else (68, 85, 136)
            draw.rounded_rectangle(box, radius=cell // 8, fill=page, outline=outline, width=3)
            x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if ch == "F":
                draw.line((x - cell / 8, y - cell / 5, x - cell / 8, y + cell / 5), fill=(200, 200, 200), width=2)
                draw.polygon([(x - cell / 8, y - cell / 5), (x + cell / 5, y - cell / 10), (x - cell / 8, y)],
                             fill=(230, 40, 40))
            elif ch in "12345678":
                draw.text((x, y), ch, fill=(240, 240, 240), font=font, anchor="mm")
    return image


def test_tiles_told_apart_by_their_outlines_alone_are_read():
    """A neon look: hidden and opened tiles are the same dark navy inside, only their outlines' colours differ
    (cyan, slate), and a frame about the board lies a few pixels from the tiles.  Read before as one look (the
    numbers then fit no game: refused), on a lattice off the tiles' middles (the frame's line)."""
    rows = ["001?????",
            "0012????",
            "00012???",
            "00001F??",
            "000012??",
            "1100001?",
            "?100001?",
            "F100001?"]
    assert rows_of(read(neon(rows))) == rows
    # every opened tile with a digit (no opened 0): the digits' tiles, outlined otherwise than the hidden look's,
    # are a look of their own, not hidden tiles with marks (the hidden look then taken for opened 0s)
    digits = [row.replace("0", "?") for row in rows]
    assert rows_of(read(neon(digits))) == digits


def three_d(rows: list[str], cell: int = 50, line: int = 4) -> Image.Image:
    """A board drawn as a pygame clone draws one (no client's pixels): grey squares framed in thick red lines,
    no gaps, opened squares white, every number a red three-dimensional picture (a salmon face over dark red
    sides, outlined), a red flag on a pole, at a loss a red spiky mine on a hidden square (M); a black bar with a
    clock above."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w, h + 30), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 3 // 5)
    draw.text((4, 4), "Your Time: 12", fill=(200, 200, 200), font=ImageFont.truetype("DejaVuSans.ttf", 18))
    depth = max(2, cell // 12)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = c * cell, 30 + r * cell
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(255, 0, 0))
            draw.rectangle((x + line, y + line, x + cell - 1 - line // 2, y + cell - 1 - line // 2),
                           fill=(255, 255, 255) if ch in "0123456789" else (171, 174, 171))
            mx, my = x + cell / 2, y + cell / 2
            if ch == "F":
                draw.line((mx - cell / 6, my - cell / 4, mx - cell / 6, my + cell / 4), fill=(90, 90, 90), width=3)
                draw.polygon([(mx - cell / 6, my - cell / 4), (mx + cell / 4, my - cell / 8), (mx - cell / 6, my)],
                             fill=(220, 30, 30))
            elif ch == "M":
                for k in range(12):  # spikes all round, then the body, shaded
                    a = k * math.pi / 6 + 0.2
                    end = (mx + cell * 0.36 * math.cos(a), my + cell * 0.36 * math.sin(a))
                    draw.line((mx, my, *end), fill=(200, 20, 20), width=max(2, cell // 20))
                draw.ellipse((mx - cell / 5, my - cell / 5, mx + cell / 5, my + cell / 5), fill=(190, 10, 10))
                draw.ellipse((mx - cell / 10, my - cell / 8, mx, my - cell / 40), fill=(240, 90, 90))
            elif ch in "12345678":
                for d in range(depth, 0, -1):  # the sides, darker further back, then the outlined face
                    draw.text((mx + d, my + d), ch, fill=(150 - 8 * d, 10, 10), font=font, anchor="mm",
                              stroke_width=1, stroke_fill=(90, 0, 0))
                draw.text((mx, my), ch, fill=(245, 120, 105), font=font, anchor="mm")
    return image


def test_three_d_numbers_all_red_in_thick_lines_are_read():
    """Thick red lines between the squares break each line's edges at every crossing (no grid was found); every
    number is red, so the colour names none (a red 1 was read as a 3); and each is a blob of ink (its face, sides
    and outline), which fits no digit: the lighter of its tones, its face, is the digit."""
    rows = ["F???1000",
            "?3321000",
            "2?200000",
            "??211100",
            "??2??100",
            "?????211",
            "????32??",
            "????????"]
    reading = read(three_d(rows))
    assert rows_of(reading) == rows
    assert min(reading.confidence) >= reading.threshold
    # lost: red mines shown on hidden squares are no flags (red marks on hidden squares were taken for flags)
    lost = ["FM?M1000",
            "?3321000",
            "2M200000",
            "?M211100",
            "??2M?100",
            "???M?211",
            "????32M?",
            "???MM???"]
    reading = read(three_d(lost))
    assert rows_of(reading) == [row.replace("M", "?") for row in lost]
    assert all(reading.confidence[i] < reading.threshold for i, ch in enumerate("".join(lost)) if ch == "M")


def monochrome(rows: list[str], cell: int = 33) -> Image.Image:
    """A board drawn as a monochrome dark clone draws one (no client's pixels): grey on dark grey only, hidden
    cells a shade lighter than opened ones, 1-pixel lines, digits in four greys (a 4 barely lighter than its
    ground), a small `⚑` for a flag."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 40, h + 100), (31, 41, 55))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSans.ttf", cell * 9 // 20)
    small = ImageFont.truetype("DejaVuSans.ttf", cell * 7 // 20)
    greys = {"1": (229, 231, 235), "2": (156, 163, 175), "3": (107, 114, 128), "4": (75, 85, 99)}
    x0, y0 = 20, 80
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = x0 + c * cell, y0 + r * cell
            hidden = ch in "?F"
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(55, 65, 81) if hidden else (31, 41, 55),
                           outline=(75, 85, 99))
            if ch == "F":
                draw.text((x + cell / 2, y + cell / 2), "\u2691", fill=(229, 231, 235), font=small, anchor="mm")
            elif ch in greys:
                draw.text((x + cell / 2, y + cell / 2), ch, fill=greys[ch], font=font, anchor="mm")
    return image


def test_a_monochrome_look_with_a_dim_four_and_small_flags_is_read():
    """Its 4 is too near its ground to be ink: a faint mark shaped as a 4 is read as one (unsure), not a 0; a
    flag is a small white pennant, 9 samples high (fewer than a flag's shape was looked for in)."""
    rows = ["0011?????",
            "111???F2?",
            "?111223F?",
            "110000111",
            "000111000",
            "1212?1000",
            "F?4211000",
            "??F??1221",
            "???????F?"]
    reading = read(monochrome(rows))
    assert rows_of(reading) == rows
    fours = [i for i, ch in enumerate("".join(rows)) if ch == "4"]
    assert all(reading.confidence[i] < reading.threshold for i in fours)  # a faint mark's digit is for the user


def plain_grid(rows: list[str], cell: int = 50) -> Image.Image:
    """A board drawn as a plain grid of divs draws one (no client's pixels): monospace digits (DejaVu Sans
    Mono, its 0 dotted), every empty cell showing a grey 0 on a lighter ground, thin lines."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 16, h + 16), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSansMono.ttf", cell // 2)
    inks = {"0": (128, 128, 128), "1": (80, 60, 230), "2": (60, 160, 90), "3": (220, 70, 70), "4": (60, 40, 140)}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = 8 + c * cell, 8 + r * cell
            fill = (204, 204, 204) if ch in "?F" else (240, 240, 240) if ch == "0" else (255, 255, 255)
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=fill, outline=(160, 160, 160))
            if ch == "F":
                draw.polygon([(x + 15, y + 12), (x + 36, y + 20), (x + 15, y + 28)], fill=(220, 30, 30))
                draw.line((x + 15, y + 12, x + 15, y + 40), fill=(120, 120, 120), width=2)
            elif ch in inks:
                draw.text((x + cell / 2, y + cell / 2), ch, fill=inks[ch], font=font, anchor="mm")
    return image


PLAIN = ["000001????",
         "000012????",
         "000001F???",
         "1110012???",
         "??10001???",
         "??21001???",
         "???1001232",
         "???1000000"]


def test_a_zero_drawn_on_every_empty_cell_is_read_as_zero():
    """A 0 on every empty cell: read as 0s where the image draws many of them (before, the numbers fit no game:
    refused)."""
    reading = read(plain_grid(PLAIN))
    assert rows_of(reading) == PLAIN



def test_a_digit_more_than_the_cells_around_it_is_replaced_however_sure():
    """An 8 on the board's side (five cells around it) is no game's, however clearly drawn: it is replaced by
    its next likeliest digit that can be there, and marked unsure (only digits read as unsure were replaced: this
    clear 8 stayed one, marked unsure by the board's check)."""
    rows = ["???????",
            "???????",
            "1221???",
            "0001???",
            "0001???",
            "0001???",
            "0001???"]
    image = plain_grid(rows)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSansMono.ttf", 25)
    x, y = 8 + 5 * 50, 8  # the top side's cell (0, 5), hidden, drawn opened with an 8
    draw.rectangle((x, y, x + 49, y + 49), fill=(255, 255, 255), outline=(160, 160, 160))
    draw.text((x + 25, y + 25), "8", fill=(60, 60, 60), font=font, anchor="mm")
    reading = read(image)
    assert reading.board.cells[5] != "8"
    assert (0, 5) in reading.unsure


def sky_tiles(rows: list[str], cell: int = 40, gap: int = 3) -> Image.Image:
    """A board drawn as a canvas clone draws one (no client's pixels): hidden tiles sky blue, opened ones grey,
    each shaded darker down the tile, white gaps between them, digits in a bold serif, a red "M" for a flag."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 60, h + 140), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSerif-Bold.ttf", cell * 11 // 20)
    inks = {"1": (0, 0, 255), "2": (0, 128, 0), "3": (255, 255, 0), "4": (128, 0, 128)}
    size = cell - gap
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = 30 + c * cell, 110 + r * cell
            for dy in range(size):
                t = dy / (size - 1)
                fill = ((113 - round(38 * t), 201 - round(16 * t), 226 - round(7 * t)) if ch in "?F" else
                        (142 - round(34 * t), 149 - round(34 * t), 154 - round(34 * t)))
                draw.line((x, y + dy, x + size - 1, y + dy), fill=fill)
            if ch == "F":
                draw.text((x + size / 2, y + size / 2), "M", fill=(230, 80, 80), font=font, anchor="mm")
            elif ch in inks:
                draw.text((x + size / 2, y + size / 2), ch, fill=inks[ch], font=font, anchor="mm")
    return image


def test_opened_tiles_shaded_down_each_tile_are_the_opened_look():
    """Opened tiles drawn with a gradient are a shaded look, hidden ones flat enough to be none: the opened look
    is the one with many well-shaped digits, not the flat one whose only marks are two red M flags (before, the
    hidden and opened looks were swapped: every digit unsure, every 0 hidden)."""
    rows = ["????1000",
            "?32F2100",
            "11121221",
            "0001F???",
            "11001232",
            "?1000111",
            "22000000",
            "F1000000"]
    reading = read(sky_tiles(rows))
    assert rows_of(reading) == rows


def keycaps(rows: list[str], dark: bool, cell: int = 40) -> Image.Image:
    """A board drawn as an emoji clone draws one (no client's pixels): every number a white digit on a blue
    rounded badge, hidden squares white (black in the dark theme) in a thick rounded outline, empty squares the
    page's colour between faint lines, a red flag on a pale pole along the cell's left side."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    page, line = ((0, 0, 0), (255, 255, 255)) if dark else ((255, 255, 255), (20, 20, 20))
    image = Image.new("RGB", (w + 40, h + 120), page)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell // 2)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = 20 + c * cell, 90 + r * cell
            box = (x + 2, y + 2, x + cell - 3, y + cell - 3)
            if ch == "?":
                draw.rounded_rectangle(box, radius=cell // 6, fill=page, outline=line, width=max(3, cell // 12))
            elif ch in "12345678":
                draw.rounded_rectangle(box, radius=cell // 6, fill=(0, 165, 236))
                draw.text((x + cell / 2, y + cell / 2), ch, fill=(255, 255, 255), font=font, anchor="mm")
            else:
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), outline=(40, 40, 40) if dark else (226, 226, 226))
                if ch == "F":
                    pole = x + cell * 3 // 20  # (on the edge of the cell's middle, where a tile's bevel would be)
                    draw.rectangle((pole, y + cell // 5, pole + 2, y + cell * 4 // 5), fill=(230, 165, 145))
                    draw.polygon([(pole, y + cell // 5), (x + cell * 4 // 5, y + cell * 2 // 5),
                                  (pole, y + cell * 3 // 5)], fill=(245, 50, 48))
    return image


@pytest.mark.parametrize("dark", [False, True])
def test_digits_on_badges_and_outlined_hidden_squares_are_read(dark):
    """Every opened number on a badge of its own colour, the empty squares another look, and the hidden squares
    one more, told from the empty ones by their outlines alone (their middles the page's colour, or a shade off
    it).  Before, the empty squares were taken for hidden ones (or, dark, not opened: a look much darker than the
    badges), and the flags (a pale pole, along the middle's edge) for digits."""
    rows = ["00001F?2?",
            "0000123??",
            "000000111",
            "000000000",
            "012210000",
            "01?F21211",
            "12333F2?1",
            "?????????",
            "?????????"]
    reading = read(keycaps(rows, dark))
    assert rows_of(reading) == rows
    assert reading.sure


def shiny(rows: list[str], cell: int) -> Image.Image:
    """A board drawn as a CSS clone draws one (no client's pixels): hidden squares shiny, a gradient from near
    white at the top left to dark grey from the middle of the bottom right half on, opened ones flat grey in thin
    dark lines, digits in a bold sans-serif of bright colours (a yellow 4, a red 3 and a less bright red 5), a red
    flag on a black pole and foot."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 40, h + 120), (204, 204, 204))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 2 // 3)
    inks = {"1": (0, 100, 255), "2": (40, 200, 40), "3": (255, 0, 0), "4": (240, 230, 0), "5": (200, 0, 0)}
    x0, y0 = 20, 90
    draw.rectangle((x0 - 1, y0 - 1, x0 + w, y0 + h), fill=(168, 168, 168))
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = x0 + c * cell, y0 + r * cell
            if ch in "?F":
                for dy in range(cell):
                    for dx in range(cell):
                        t = (dx + dy) / (2 * cell - 2)
                        image.putpixel((x + dx, y + dy), (max(119, round(235 - 200 * t)),) * 3)
            draw.rectangle((x, y, x + cell, y + cell), outline=(110, 110, 110))
            if ch == "F":
                pole = x + cell // 2
                draw.rectangle((pole, y + cell // 5, pole + max(1, cell // 16), y + cell * 3 // 4), fill=(0, 0, 0))
                draw.rectangle((x + cell // 5, y + cell * 3 // 4, x + cell * 4 // 5, y + cell * 17 // 20),
                               fill=(0, 0, 0))
                draw.polygon([(pole, y + cell // 5), (x + cell // 5, y + cell * 3 // 10), (pole, y + cell * 2 // 5)],
                             fill=(230, 0, 0))
            elif ch in inks:
                draw.text((x + cell / 2, y + cell / 2), ch, fill=inks[ch], font=font, anchor="mm")
    return image


@pytest.mark.parametrize("cell", [22, 40])
def test_shiny_hidden_squares_and_bright_digits_are_read(cell):
    """Hidden squares shaded corner to corner: their light and dark corners are no ink, the edges all over them
    (a few levels a pixel at 22 pixels) do not make a finer grid of them, and a flag's black foot is not the
    colour of its square; a yellow 4 is a 4 by its clear shape, though no common palette draws 4s yellow, and
    of two bright reds the darker is the 5.  Before, every hidden square was taken for an empty one (or no grid
    was found at 22 pixels), the flags for digits, the 4s and the 5 for 3s."""
    rows = ["??????F?",
            "?F?3?2??",
            "12114321",
            "00001F10",
            "01110111",
            "12F10000",
            "F3321000",
            "??F10000",
            "?5211100",
            "F2F10000"]
    reading = read(shiny(rows, cell))
    assert rows_of(reading) == rows


def lavender(rows: list[str], cell: int = 44) -> Image.Image:
    """A board drawn as a pixel-art canvas clone draws one (no client's pixels): hidden tiles light lavender with
    a white top-left bevel, a dark bottom-right one and a dark speck in the corner of their middle, opened ones
    flat lavender, digits in a bold monospace, a red flag on a dark pole; at a loss, every mine a dark indigo cog
    ('*')."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 40, h + 120), (244, 244, 244))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSansMono-Bold.ttf", cell * 2 // 3)
    inks = {"1": (40, 60, 230), "2": (40, 140, 60), "3": (210, 30, 50), "4": (60, 40, 150)}
    bevel = max(2, cell // 9)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = 20 + c * cell, 90 + r * cell
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(193, 190, 239), outline=(150, 145, 215))
            if ch in "?F":
                draw.rectangle((x + 1, y + 1, x + cell - 2, y + cell - 2), fill=(110, 100, 190))
                draw.rectangle((x + 1, y + 1, x + cell - 1 - bevel, y + cell - 1 - bevel), fill=(250, 250, 255))
                draw.rectangle((x + bevel, y + bevel, x + cell - 1 - bevel, y + cell - 1 - bevel), fill=(204, 200, 245))
                k = cell * 3 // 4
                draw.rectangle((x + k - 2, y + k - 3, x + k, y + k), fill=(110, 100, 190))  # the speck
            if ch == "F":
                draw.rectangle((x + cell // 2, y + cell // 4, x + cell // 2 + 1, y + cell * 3 // 4), fill=(40, 40, 40))
                draw.rectangle((x + cell // 4, y + cell // 4, x + cell // 2, y + cell // 2), fill=(230, 20, 20))
            elif ch == "*":
                cx, cy, rad = x + cell / 2, y + cell / 2, cell * 0.25
                for a in range(8):
                    t = a * math.pi / 4 + 0.2
                    draw.line((cx, cy, cx + math.cos(t) * rad * 1.4, cy + math.sin(t) * rad * 1.4),
                              fill=(82, 76, 155), width=max(2, cell // 10))
                draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=(82, 76, 155))
            elif ch in inks:
                draw.text((x + cell / 2, y + cell / 2), ch, fill=inks[ch], font=font, anchor="mm")
    return image


def test_a_lost_game_whose_mines_are_cogs_is_read_with_them_hidden():
    """At a loss every square is opened and each mine drawn as a dark indigo cog ('*'), which fits no digit's
    shape but is read as a 4 by its colour: 4s where no 4 can be, and the board was refused ("the numbers in the
    grid do not fit a Minesweeper game").  The glyphs that fit no digit are taken for marks when that makes the
    numbers fit: hidden cells, unsure."""
    rows = ["01*100",
            "0122*1",
            "01*211",
            "013*10",
            "01*210",
            "011100"]
    reading = read(lavender(rows))
    assert rows_of(reading) == [row.replace("*", "?") for row in rows]
    assert all((r, c) in reading.unsure for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")


def test_a_pixel_art_board_with_a_speck_on_each_hidden_tile_is_read():
    """A speck in the corner of a hidden tile's middle (a pixel-art tile's shading) is no glyph: before, every
    hidden tile was taken for a digit, a 4, and no board was read."""
    rows = ["??????",
            "?F????",
            "12?211",
            "013?10",
            "01?210",
            "011100"]
    reading = read(lavender(rows))
    assert rows_of(reading) == rows


CLASSIC_INKS = {"1": (0, 0, 255), "2": (0, 128, 0), "3": (255, 0, 0), "4": (0, 0, 128), "5": (128, 0, 0)}


def classic(rows: list[str], cell: int = 20, strip: int = 0, bevel: int = 2, colour: bool = True, blob: bool = False
            ) -> Image.Image:
    """A board in Windows' classic look as clones draw it (no client's pixels): grey raised tiles with a white bevel
    at their top and left and a dark grey one at their bottom and right, opened cells flat grey with a dark grey
    line at their top and left, bold digits in the classic colours (black with `colour` False), a flag as a red
    pennant (black without colour) on a black pole and foot (or with `blob` a thick black one, pennant and pole
    run together, as a dithered tile's blur leaves it).  Each row is `strip` pixels taller than a cell is wide,
    the grey ground showing below its tiles (inline tiles on lines of text)."""
    w, h = len(rows[0]) * cell, len(rows) * (cell + strip)
    image = Image.new("RGB", (w + 60, h + 130), (192, 192, 192))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, w + 59, 40), fill=(0, 0, 128))
    draw.text((10, 10), "Minesweeper", fill=(255, 255, 255), font=ImageFont.truetype("DejaVuSans-Bold.ttf", 16))
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 3 // 4)
    x0, y0 = 30, 90
    draw.rectangle((x0 - 3, y0 - 3, x0 + w + 2, y0 + h + 2), outline=(128, 128, 128), width=3)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = x0 + c * cell, y0 + r * (cell + strip)
            if ch in "?F":
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(128, 128, 128))
                draw.polygon([(x, y), (x + cell - 1, y), (x + cell - 1 - bevel, y + bevel), (x + bevel, y + bevel),
                              (x + bevel, y + cell - 1 - bevel), (x, y + cell - 1)], fill=(255, 255, 255))
                draw.rectangle((x + bevel, y + bevel, x + cell - 1 - bevel, y + cell - 1 - bevel), fill=(192, 192, 192))
            else:
                draw.rectangle((x, y, x + cell - 1, y + cell + strip - 1), fill=(192, 192, 192))
                draw.line((x, y, x + cell - 1, y), fill=(128, 128, 128))
                draw.line((x, y, x, y + cell + strip - 1), fill=(128, 128, 128))
            cx, cy = x + cell // 2, y + cell // 2
            if ch == "F" and blob:
                k = max(1, cell // 16)
                draw.ellipse((cx - 6 * k, cy - 7 * k, cx + 3 * k, cy - k), fill=(0, 0, 0))
                draw.rectangle((cx - k, cy - 6 * k, cx + 2 * k, cy + 4 * k), fill=(0, 0, 0))
                draw.rectangle((cx - 3 * k, cy + 3 * k, cx + 4 * k, cy + 5 * k), fill=(0, 0, 0))
            elif ch == "F":
                k = max(1, cell // 16)
                draw.polygon([(cx - 4 * k, cy - 3 * k), (cx + k, cy - 6 * k), (cx + k, cy)],
                             fill=(255, 0, 0) if colour else (0, 0, 0))
                draw.rectangle((cx, cy - 6 * k, cx + k, cy + 3 * k), fill=(0, 0, 0))
                draw.rectangle((cx - 4 * k, cy + 3 * k, cx + 5 * k, cy + 5 * k), fill=(0, 0, 0))
            elif ch in CLASSIC_INKS:
                draw.text((cx, cy + 1), ch, fill=CLASSIC_INKS[ch] if colour else (0, 0, 0), font=font, anchor="mm")
    return image


CLASSIC = ["???????211??",
           "??F?F??1F1??",
           "??2213321122",
           "1F1001FF1001",
           "11100124F100",
           "000000F3F100",
           "011100111000",
           "01F100000000",
           "011100000000"]


@pytest.mark.parametrize("cell, strip, bevel", [(16, 2, 2), (32, 5, 4), (40, 5, 5)])
def test_cells_taller_than_wide_are_read(cell, strip, bevel):
    """Tiles laid inline on lines of text (a clone's) leave a strip of the ground below each row: cells 12% to 16%
    taller than wide, which no square grid fits (before, "no board found", or a grid a row too many)."""
    assert rows_of(read(classic(CLASSIC, cell=cell, strip=strip, bevel=bevel, colour=False))) == CLASSIC


def test_flags_drawn_without_colour_as_a_blob_are_flags():
    """In black and white, a flag blurred from a dithered tile is a dark blob of no digit's shape and no flag's
    pole on a raised tile: a flag (unsure), not a hidden cell."""
    reading = read(classic(CLASSIC, colour=False, blob=True))
    assert rows_of(reading) == CLASSIC
    flags = [(r, c) for r, row in enumerate(CLASSIC) for c, ch in enumerate(row) if ch == "F"]
    assert all(cell in reading.unsure for cell in flags)


SEGMENTS = {"2": "abged", "3": "abgcd", "4": "fgbc"}  # the segments each digit lights (a top, b c right, d foot,
# e f left, g middle)
LED_INKS = {"1": (0, 255, 0), "2": (255, 255, 255), "3": (0, 255, 255), "4": (255, 255, 0)}  # a palette of its own
# (the rows: '?' a hidden tile, 'F' a flag, 'M' a mine shown at a loss)


def led(rows: list[str], cell: int = 16, scale: int = 2) -> Image.Image:
    """A board in a look no common palette has (as Wine draws WineMine with few colours): black opened cells between
    white lines, dotted where two opened cells meet on its left half (solid beside a tile, and on its right half),
    raised green tiles, digits of seven segments in colours of its own (a green footed 1, a white 2, a cyan 3, a
    yellow 4), under a black panel of seven-segment counters (their middle segments a cell above the board's top)
    with no line between it and the board's first row; drawn at `cell` pixels and enlarged `scale` times, pixel
    for pixel."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 8, h + 60), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    x0, y0 = 4, 50
    draw.rectangle((0, 0, w + 7, 14), fill=(255, 255, 255))

    def segments(x: int, y: int, wide: int, tall: int, lit: str, ink: tuple[int, int, int]) -> None:
        t, m = 1, y + tall // 2  # (strokes two pixels thick: the rectangles hold both their corners)
        boxes = {"a": (x, y, x + wide, y + t), "d": (x, y + tall - t, x + wide, y + tall), "g": (x, m, x + wide, m + t),
                 "b": (x + wide - t, y, x + wide, m), "c": (x + wide - t, m, x + wide, y + tall),
                 "f": (x, y, x + t, m), "e": (x, m, x + t, y + tall)}
        for s in lit:
            draw.rectangle(boxes[s], fill=ink)

    for k, lit in enumerate(("abcdef", "abcdef", "abgcd", "abged")):  # the counters, 0032 and 0000, their unlit
        for x, on in ((x0 + 16 * k, lit), (x0 + w - 64 + 16 * k, "abcdef")):  # segments dim, a digit a column
            segments(x, y0 - 26, 12, 20, "abcdefg", (0, 72, 0))  # (just above the board)
            segments(x, y0 - 26, 12, 20, on, (0, 255, 0))
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = x0 + c * cell, y0 + r * cell
            if ch == "M":  # a mine shown at a loss: flat, of the tiles' colour
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(0, 128, 0))
                draw.ellipse((x + 4, y + 4, x + 11, y + 11), fill=(0, 0, 0))
                draw.rectangle((x + 7, y + 2, x + 8, y + 13), fill=(0, 0, 0))
                draw.rectangle((x + 2, y + 7, x + 13, y + 8), fill=(0, 0, 0))
                draw.rectangle((x + 6, y + 6, x + 7, y + 7), fill=(255, 255, 255))
                continue
            if ch in "?F":
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(0, 128, 0))
                draw.line((x, y, x + cell - 1, y), fill=(0, 255, 0))
                draw.line((x, y, x, y + cell - 1), fill=(0, 255, 0))
                draw.line((x, y + cell - 1, x + cell - 1, y + cell - 1), fill=(0, 0, 128))
                draw.line((x + cell - 1, y, x + cell - 1, y + cell - 1), fill=(0, 0, 128))
                if ch == "F":
                    draw.rectangle((x + 4, y + 3, x + 10, y + 7), fill=(255, 0, 0))
                    draw.line((x + 10, y + 3, x + 10, y + 12), fill=(255, 255, 255))
                    draw.rectangle((x + 4, y + 11, x + 12, y + 12), fill=(0, 0, 0))
                continue
            dots = 2 if 2 * c < len(row) else 1  # (Wine's lines: dotted on the left, solid on the right)
            for dx in range(0, cell, 1 if r + 1 < len(rows) and rows[r + 1][c] in "?FM" else dots):
                if r + 1 < len(rows):
                    draw.point((x + dx, y + cell - 1), fill=(255, 255, 255))
            for dy in range(0, cell, 1 if c + 1 < len(row) and row[c + 1] in "?FM" else dots):
                if c + 1 < len(row):
                    draw.point((x + cell - 1, y + dy), fill=(255, 255, 255))
            if ch == "1":  # a pixel 1 with a long flag and a wide foot, its stem right of the middle
                for box in ((x + 8, y + 3, x + 9, y + 12), (x + 4, y + 3, x + 9, y + 4),
                            (x + 4, y + 12, x + 12, y + 13)):
                    draw.rectangle(box, fill=LED_INKS["1"])
            elif ch in SEGMENTS:
                segments(x + 4, y + 2, 7, 11, SEGMENTS[ch], LED_INKS[ch])
    return image.resize((image.width * scale, image.height * scale), Image.NEAREST)


LED = ["1110000111",
       "1F100001F1",
       "1110000111",
       "0000111000",
       "12211F1000",
       "1?F1223110",
       "13321F2F10",
       "01F3322121",
       "012?F1001F",
       "0012210011"]


@pytest.mark.parametrize("scale, lost", [(2, False), (3, False), (2, True)])
def test_seven_segment_digits_in_colours_of_their_own_are_read(scale, lost):
    """Digits of seven segments (a white 2, a cyan 3) and green footed 1s, a palette that is no common one's (green
    is the 2s' there): the shapes name the digits, and the hue the 1s are drawn in, found by their shapes (the
    image's own palette), names the 1s whose shape is in doubt.  Black cells with white lines above and left of
    them are no raised tiles; the panel of counters above the board, black as the opened cells are, is no row of
    the board; at a loss, the mines shown flat in the tiles' colour are hidden cells (neither opened nor digits)."""
    rows = [row.replace("?", "M") if lost else row for row in LED]
    assert rows_of(read(led(rows, scale=scale))) == LED



def pale(rows: list[str], cell: int = 40) -> Image.Image:
    """A look whose hidden and opened cells are of one pale green, told apart only by bevels of two pixels at
    their very edge (as the jQuery clone's sprites): hidden cells white above and left and dark green below and
    right, opened ones dark green above and left; digits in the classic colours, flags as red pennants on poles."""
    w, h = len(rows[0]) * cell, len(rows) * cell
    image = Image.new("RGB", (w + 40, h + 60), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", cell * 2 // 3)
    green, face = (144, 198, 0), (198, 255, 198)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = 20 + c * cell, 40 + r * cell
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=face)
            if ch in "?F":
                draw.rectangle((x, y, x + cell - 1, y + 1), fill=(255, 255, 255))
                draw.rectangle((x, y, x + 1, y + cell - 1), fill=(255, 255, 255))
                draw.rectangle((x, y + cell - 2, x + cell - 1, y + cell - 1), fill=green)
                draw.rectangle((x + cell - 2, y, x + cell - 1, y + cell - 1), fill=green)
            else:
                draw.rectangle((x, y, x + cell - 1, y + 1), fill=green)
                draw.rectangle((x, y, x + 1, y + cell - 1), fill=green)
            if ch == "F":
                draw.polygon([(x + 12, y + 9), (x + 26, y + 14), (x + 12, y + 19)], fill=(230, 20, 20))
                draw.rectangle((x + 12, y + 9, x + 13, y + 30), fill=(0, 0, 0))
                draw.rectangle((x + 8, y + 29, x + 18, y + 31), fill=(0, 0, 0))
            elif ch in CLASSIC_INKS:
                draw.text((x + cell / 2, y + cell / 2), ch, fill=CLASSIC_INKS[ch], font=font, anchor="mm")
    return image


def test_hidden_and_opened_cells_of_one_colour_told_apart_by_thin_edge_bevels_are_read():
    """Bevels of two pixels on 40-pixel cells lie outside the strips a tile's bevel is measured on: every cell
    was one look, and the hidden ones were read as sure empty cells.  The bevels at their very edge, lighter
    above and left and darker below and right, make them tiles."""
    assert rows_of(read(pale(CLASSIC))) == CLASSIC


def test_a_mouse_pointer_over_a_hidden_tile_is_no_digit():
    """A replay player (Flop Player) draws the mouse pointer over the board: a pale blue arrow with a dark outline,
    over a raised tile and the one below it.  Coloured ink on a tile whose own border is raised as the tiles' is no
    digit of an opened cell (it was read as a 1): the tile is hidden."""
    image = classic(CLASSIC, cell=24)
    draw = ImageDraw.Draw(image)
    r, c = 0, 3  # a hidden tile, the pointer reaching into the tile below it
    x, y = 30 + c * 24 + 6, 90 + r * 24 + 8
    arrow = [(x, y), (x, y + 22), (x + 5, y + 17), (x + 9, y + 25), (x + 12, y + 24), (x + 8, y + 16), (x + 15, y + 16)]
    draw.polygon(arrow, fill=(150, 200, 250), outline=(20, 40, 80))
    rows = rows_of(read(image))
    assert rows[0][3] == "?" and rows[1][3] == "?"
