"""Take the test screenshots of tests/images/ from open-source web Minesweeper clients (not a test).

Usage: .venv/bin/python tests/images/capture.py CLIENTS_DIR

CLIENTS_DIR holds one folder per client, each a checkout of the client's repository (see
tests/images/README.md for the repositories, commits and licences); their code is never committed
here.  Each client is served from 127.0.0.1, a game is played through the client's own functions,
and the truth file is read back from the client's JavaScript state, never from minesat's reader.
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import random
import sys
import threading
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LIMIT = 100_000  # bytes per committed image


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def save(image_png: bytes, name: str, truth: dict[str, object], jpeg: bool = False) -> None:
    """The screenshot as PNG (or JPEG when asked or when the PNG is over LIMIT), with its truth."""
    image = Image.open(io.BytesIO(image_png)).convert("RGB")
    data = image_png
    ext = "png"
    if not jpeg and len(data) > LIMIT:  # a palette PNG (lossless when the image has at most 256 colours)
        buf = io.BytesIO()
        image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(buf, "PNG", optimize=True)
        data = buf.getvalue()
    if jpeg or len(data) > LIMIT:
        for quality in (92, 85, 75, 65, 55):
            buf = io.BytesIO()
            image.save(buf, "JPEG", quality=quality)
            data, ext = buf.getvalue(), "jpg"
            if len(data) <= LIMIT:
                break
    assert len(data) <= LIMIT, f"{name}: {len(data)} bytes"
    for old in HERE.glob(f"{name}.*"):
        if old.suffix in (".png", ".jpg"):
            old.unlink()
    (HERE / f"{name}.{ext}").write_bytes(data)
    (HERE / f"{name}.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(name, ext, len(data), image.size)


def play_moves(rng: random.Random, mine_at, reveal, flag, rows: int, cols: int, revealed, steps: int,
               flags: int) -> None:
    """Open `steps` random safe cells next to the opened area and flag `flags` mines next to it."""
    for _ in range(steps):
        frontier = [(r, c) for r in range(rows) for c in range(cols)
                    if not revealed(r, c) and not mine_at(r, c)
                    and any(revealed(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                            if 0 <= r + dr < rows and 0 <= c + dc < cols)]
        if not frontier:
            break
        reveal(*rng.choice(frontier))
    near = [(r, c) for r in range(rows) for c in range(cols)
            if mine_at(r, c) and any(revealed(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                                     if 0 <= r + dr < rows and 0 <= c + dc < cols)]
    for cell in rng.sample(near, min(flags, len(near))):
        flag(*cell)


def position(rng: random.Random, rows: int, cols: int, mines: int, opens: int, flags: int,
             end: bool = False) -> tuple[list[list[str]], set[tuple[int, int]]]:
    """A game in progress: mines at random, a first click on a zero, then more safe openings and flags."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    while True:
        mined = set(rng.sample(cells, mines))
        count = {(r, c): sum((r + dr, c + dc) in mined for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                 for r, c in cells}
        zeros = [cell for cell in cells if cell not in mined and count[cell] == 0]
        if zeros:
            break
    shown: set[tuple[int, int]] = set()

    def reveal(r: int, c: int) -> None:
        todo = [(r, c)]
        while todo:
            cell = todo.pop()
            if cell in shown:
                continue
            shown.add(cell)
            if count[cell] == 0:
                todo += [(cell[0] + dr, cell[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                         if 0 <= cell[0] + dr < rows and 0 <= cell[1] + dc < cols]

    reveal(*rng.choice(zeros))
    flagged: set[tuple[int, int]] = set()
    play_moves(rng, lambda r, c: (r, c) in mined, reveal, lambda r, c: flagged.add((r, c)), rows, cols,
               lambda r, c: (r, c) in shown, opens, flags)
    grid = [["F" if (r, c) in flagged else str(count[r, c]) if (r, c) in shown else "?" for c in range(cols)]
            for r in range(rows)]
    return grid, mined


def shoot(page, selector: str, margin: int, top: int | None = None, every: bool = False) -> bytes:
    """A screenshot of the element and `margin` CSS pixels of the page around it (`top` above it); with `every`,
    of all the elements the selector matches (cells overflowing their board's box)."""
    box = page.evaluate(UNION, selector) if every else page.locator(selector).bounding_box()
    view = page.viewport_size
    x0, y0 = max(0, box["x"] - margin), max(0, box["y"] - (margin if top is None else top))
    x1 = min(view["width"], box["x"] + box["width"] + margin)
    y1 = min(view["height"], box["y"] + box["height"] + margin)
    return page.screenshot(clip={"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0})


UNION = """selector => {
  const boxes = [...document.querySelectorAll(selector)].map(e => e.getBoundingClientRect());
  const x = Math.min(...boxes.map(b => b.left)), y = Math.min(...boxes.map(b => b.top));
  return {x, y, width: Math.max(...boxes.map(b => b.right)) - x, height: Math.max(...boxes.map(b => b.bottom)) - y};
}"""


def context(browser, scale: float, width: int = 1400, height: int = 900, dark: bool = False):
    return browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                               color_scheme="dark" if dark else "light", service_workers="block")


# -- JSMinesweeper (classic raised grey tiles with coloured digits, drawn on a canvas) ----------------
def capture_jsm(browser, url: str, rng: random.Random) -> None:
    sys.path.insert(0, str(HERE.parents[1] / "py"))
    from minesat.board import Board
    from minesat.formats.text import export_text
    shots = [((9, 9, 10), 1.0, 24, 8, 3), ((16, 16, 40), 1.0, 24, 25, 6), ((16, 30, 99), 1.0, 24, 40, 12),
             ((16, 30, 99), 2.0, 24, 60, 15), ((16, 16, 40), 1.5, 24, 30, 8), ((16, 30, 99), 1.0, 32, 50, 10),
             ((9, 9, 10), 2.0, 32, 6, 2), ((16, 30, 99), 1.5, 20, 45, 20)]
    for i, ((rows, cols, mines), scale, tile, opens, flags) in enumerate(shots):
        grid, _ = position(rng, rows, cols, mines, opens, flags)
        board = Board.from_rows(["".join(row) for row in grid], mines)
        link = export_text(board, "JSMinesweeper link").strip()
        query = link[link.index("?"):]
        ctx = context(browser, scale)
        page = ctx.new_page()
        page.goto(f"{url}JSMinesweeper/index.html{query}")
        page.wait_for_function(f"typeof board !== 'undefined' && board && board.width == {cols}")
        page.wait_for_timeout(800)
        if tile != 24:
            page.select_option("#tilesize", str(tile))
            page.dispatch_event("#tilesize", "change")
            page.wait_for_timeout(800)
        page.evaluate("document.getElementById('myHints').style.visibility = 'hidden'")
        text = page.evaluate("board.getPositionData()")
        lines = text.split()
        truth_rows = [line.replace("H", "?") for line in lines[1:]]
        total = int(lines[0].split("x")[2])
        png = shoot(page, "#myCanvas", 30, top=70)
        save(png, f"jsm-{i}", {"client": "JSMinesweeper", "scale": scale, "tile": tile,
                               "rows": truth_rows, "mines": total}, jpeg=i % 3 == 2)
        ctx.close()


# -- a Google-like clone (flat green and tan checkerboard, emoji flags, no grid lines) -----------------
def capture_google(browser, url: str, rng: random.Random) -> None:
    shots = [("EASY", 1.0, 6, 3), ("MEDIUM", 1.0, 20, 6), ("HARD", 1.0, 40, 10), ("MEDIUM", 2.0, 25, 8),
             ("HARD", 1.5, 35, 12), ("EASY", 2.0, 4, 2), ("MEDIUM", 1.5, 15, 5), ("HARD", 2.0, 50, 9)]
    for i, (level, scale, opens, flags) in enumerate(shots):
        ctx = context(browser, scale, 1000, 800)
        page = ctx.new_page()
        page.goto(f"{url}minesweeper/index.html")
        page.wait_for_function("typeof grid !== 'undefined' && grid.length > 0")
        page.evaluate(f"board.innerHTML = ''; currentDifficulty = {level}; generateBoard({level})")
        rows, cols = page.evaluate("[grid.length, grid[0].length]")
        r0, c0 = rng.randrange(rows), rng.randrange(cols)
        page.locator(f'#board [data-row="{r0}"][data-col="{c0}"]').click()
        mines = page.evaluate("grid.map(row => row.map(c => c.mine))")
        seen = page.evaluate("grid.map(row => row.map(c => c.revealed))")

        def reveal(r: int, c: int) -> None:
            page.evaluate(f"revealCell({r}, {c})")
            seen[:] = page.evaluate("grid.map(row => row.map(c => c.revealed))")

        play_moves(rng, lambda r, c: mines[r][c], reveal,
                   lambda r, c: page.locator(f'#board [data-row="{r}"][data-col="{c}"]').click(button="right"),
                   rows, cols, lambda r, c: seen[r][c], opens, flags)
        page.mouse.move(0, 0)
        page.wait_for_timeout(200)
        truth = page.evaluate("""grid.map(row => row.map(c => c.flagged ? 'F' : c.revealed ? String(c.adjacentMines)
                                  : '?').join(''))""")
        total = page.evaluate("currentMineCount")
        png = shoot(page, "#board", 30, top=90)
        save(png, f"google-{i}", {"client": "juliansalvador727/minesweeper", "scale": scale,
                                  "rows": truth, "mines": total}, jpeg=i % 3 == 1)
        ctx.close()


# -- minesweeperjs.github.io (flat rounded tiles with gaps, gradients, emoji flags on orange) ---------
def capture_mjs(browser, url: str, rng: random.Random) -> None:
    shots = [("easy", 1.0, 5, 2), ("medium", 1.0, 12, 4), ("hard", 1.0, 25, 8), ("expert", 1.0, 35, 10),
             ("hard", 2.0, 25, 6), ("expert", 1.5, 30, 9), ("medium", 2.0, 10, 3), ("expert", 2.0, 40, 12)]
    for i, (level, scale, opens, flags) in enumerate(shots):
        ctx = context(browser, scale, 1280, 1000)
        page = ctx.new_page()
        page.goto(f"{url}minesweeperjs.github.io/index.html")
        page.wait_for_function("typeof game !== 'undefined' && game.board")
        page.evaluate(f"game.currentLevel = '{level}'; game.newGame()")
        rows, cols = page.evaluate("[game.rows, game.cols]")
        r0, c0 = rng.randrange(rows), rng.randrange(cols)
        page.locator(f'#board [data-row="{r0}"][data-col="{c0}"]').click()
        mines = page.evaluate("game.board.map(row => row.map(v => v === -1))")
        seen = page.evaluate("game.revealed")

        def reveal(r: int, c: int) -> None:
            page.evaluate(f"game.handleClick({r}, {c})")
            seen[:] = page.evaluate("game.revealed")

        play_moves(rng, lambda r, c: mines[r][c], reveal,
                   lambda r, c: page.evaluate(f"game.handleRightClick({r}, {c})"),
                   rows, cols, lambda r, c: seen[r][c], opens, flags)
        page.mouse.move(0, 0)
        page.wait_for_timeout(400)
        truth = page.evaluate("""game.board.map((row, r) => row.map((v, c) => game.flagged[r][c] ? 'F'
                                  : game.revealed[r][c] ? String(v) : '?').join(''))""")
        total = page.evaluate("game.mineCount")
        png = shoot(page, "#board", 30, top=120)
        save(png, f"mjs-{i}", {"client": "minesweeperjs/minesweeperjs.github.io", "scale": scale,
                               "rows": truth, "mines": total}, jpeg=i % 3 == 2)
        ctx.close()


# -- minesat's own Play page, light and dark (flat cells, its own palette) -------------------------
def capture_minesat(browser, url: str, rng: random.Random) -> None:
    """minesat's Play mode served from this repository (tools/serve.py); `url` is not used."""
    sys.path.insert(0, str(HERE.parents[1] / "tools"))
    import serve as minesat_serve
    server = minesat_serve.start(0, HERE.parents[1])
    site = server.url
    shots = [("beginner", 1.0, False, 1.5), ("intermediate", 1.0, True, 3.0), ("expert", 1.0, True, 5.0),
             ("expert", 2.0, False, 4.0), ("intermediate", 1.5, True, 2.5), ("expert", 1.0, False, 6.0)]
    for i, (level, scale, dark, seconds) in enumerate(shots):
        ctx = context(browser, scale, 1280, 900, dark=dark)
        page = ctx.new_page()
        seed = rng.randrange(10_000)
        page.goto(f"{site}index.html#play={level}&seed={seed}&rule=zero")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#play-grid [data-row]", timeout=60_000)
        rows, cols = page.evaluate("""() => { const cells = document.querySelectorAll('#play-grid [data-row]');
            const last = cells[cells.length - 1]; return [+last.dataset.row + 1, +last.dataset.col + 1]; }""")
        page.locator(f"#p{rows // 2}-{cols // 2}").click()
        page.wait_for_timeout(800)
        page.locator("#play-auto").click()
        page.wait_for_timeout(int(seconds * 1000))
        if page.locator("#play-auto").get_attribute("aria-pressed") == "true":
            page.locator("#play-auto").click()
        page.wait_for_timeout(800)
        for _ in range(rng.randrange(2, 6)):  # a few flags, by right clicks on hidden cells next to numbers
            cells = page.evaluate("""() => [...document.querySelectorAll('#play-grid .cell.hidden')]
                .map(e => [+e.dataset.row, +e.dataset.col])""")
            if not cells:
                break
            r, c = rng.choice(cells)
            page.locator(f"#p{r}-{c}").click(button="right")
            page.wait_for_timeout(150)
        page.mouse.move(0, 0)
        page.wait_for_timeout(500)
        truth = page.evaluate("""() => { const out = [];
            for (const e of document.querySelectorAll('#play-grid [data-row]')) {
                const r = +e.dataset.row; out[r] = out[r] || '';
                const k = e.classList;
                out[r] += k.contains('revealed') ? String(+e.textContent || 0) : k.contains('flag') ? 'F' : '?';
            } return out; }""")
        total = {"beginner": 10, "intermediate": 40, "expert": 99}[level]
        png = shoot(page, "#play-grid", 30, top=110)
        save(png, f"minesat-{i}", {"client": "minesat Play" + (" (dark)" if dark else ""), "scale": scale,
                                   "rows": truth, "mines": total}, jpeg=i % 3 == 2)
        ctx.close()
    server.shutdown()


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    server, url = serve(root)
    rng = random.Random(25)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True)
        for spec in sys.argv[2:] or ["jsm", "google", "mjs"]:
            globals()[f"capture_{spec}"](browser, url, rng)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
