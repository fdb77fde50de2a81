"""Render the development set of screenshots for the image reader (not a test; not committed output).

Usage: .venv/bin/python bench/screens/corpus.py CLIENTS_DIR OUT_DIR [client ...]

CLIENTS_DIR holds checkouts of the open-source web clients (see docs/screenshots.md for the
repositories, commits and licences); OUT_DIR (e.g. /work/screens-corpus/shots) gets one folder per
client, each screenshot with its truth file `NAME.json` (`client`, `scale`, `rows` in minesat's cell
characters, `mines`, and how the picture was taken).  The truth is always the client's own state (its
JavaScript variables, read after the game was played through its own functions) or, for the looks
drawn here (`skins.py`), the position the page was drawn from: never minesat's reader.

Each client is shot at several device scales (1, 1.25, 1.5, 2, 3), board sizes, as PNG and as JPEG
at qualities 60 to 90, some with the page's other UI around the board and the board away from the
corner.
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "tests" / "images"))
sys.path.insert(0, str(HERE))

import capture as base  # noqa: E402  (tests/images/capture.py: serving, playing, shooting)
import skins  # noqa: E402

SCALES = (1.0, 1.25, 1.5, 2.0, 3.0)


def save(out: Path, png: bytes, name: str, truth: dict[str, object], quality: int | None) -> None:
    """The screenshot as PNG, or as JPEG at `quality`, with its truth file."""
    out.mkdir(parents=True, exist_ok=True)
    if quality is None:
        data, ext = png, "png"
    else:
        buf = io.BytesIO()
        Image.open(io.BytesIO(png)).convert("RGB").save(buf, "JPEG", quality=quality)
        data, ext = buf.getvalue(), "jpg"
    (out / f"{name}.{ext}").write_bytes(data)
    (out / f"{name}.json").write_text(json.dumps({**truth, "format": ext, "quality": quality}, indent=1) + "\n")
    print(out.name, name, ext, len(data), flush=True)


def plan(rng: random.Random, sizes: list[tuple[int, int, int]], count: int) -> list[dict[str, object]]:
    """`count` shots: sizes in turn, every scale, a JPEG at a random quality one time in three, the page
    around the board one time in two."""
    shots = []
    for i in range(count):
        rows, cols, mines = sizes[i % len(sizes)]
        shots.append({"rows": rows, "cols": cols, "mines": mines, "scale": SCALES[i % len(SCALES)],
                      "quality": rng.choice((60, 70, 80, 90)) if i % 3 == 2 else None,
                      "margin": rng.choice((6, 30, 120)) if i % 2 else 20})
    return shots


def shoot(page, selector: str, margin: int) -> bytes:
    return base.shoot(page, selector, margin, top=margin + 60)


# -- JSMinesweeper: classic raised tiles drawn on a canvas, its own digit images ----------------------
def capture_jsm_overlay(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """JSMinesweeper with its "Mine %" overlay left on (its default): the reader must say to turn it off."""
    capture_jsm(browser, url, rng, out, count // 3, hints=True)


def capture_jsm(browser, url: str, rng: random.Random, out: Path, count: int, hints: bool = False) -> None:
    from minesat.board import Board
    from minesat.formats.text import export_text
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 160), (8, 8, 10), (20, 24, 99)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        grid, _ = base.position(rng, rows, cols, mines, rows * cols // 8, rows * cols // 40 + 1)
        board = Board.from_rows(["".join(row) for row in grid], mines)
        link = export_text(board, "JSMinesweeper link").strip()
        ctx = base.context(browser, shot["scale"], 1500, 1100)
        page = ctx.new_page()
        page.goto(f"{url}JSMinesweeper/index.html{link[link.index('?'):]}")
        page.wait_for_function(f"typeof board !== 'undefined' && board && board.width == {cols}")
        page.wait_for_timeout(600)
        tile = rng.choice((16, 20, 24, 32))
        if tile != 24:
            page.select_option("#tilesize", str(tile))
            page.dispatch_event("#tilesize", "change")
            page.wait_for_timeout(600)
        if not hints:
            page.evaluate("document.getElementById('myHints').style.visibility = 'hidden'")
        else:  # its analysis draws the overlay chosen (Mine % by default) on the hidden cells
            page.evaluate("doAnalysis(true)")
            page.wait_for_timeout(2500)
        lines = page.evaluate("board.getPositionData()").split()
        truth = [line.replace("H", "?") for line in lines[1:]]
        save(out, shoot(page, "#myCanvas", shot["margin"]), f"jsm{'-overlay' if hints else ''}-{i}",
             {"client": "JSMinesweeper" + (" (Mine % overlay)" if hints else ""), "scale": shot["scale"],
              "tile": tile, "rows": truth,
              "mines": int(lines[0].split("x")[2])}, shot["quality"])
        ctx.close()


# -- a Google-like clone: flat green and tan checkerboard -------------------------------------------
def capture_google(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    levels = ["EASY", "MEDIUM", "HARD"]
    for i in range(count):
        level, scale = levels[i % 3], SCALES[i % len(SCALES)]
        quality = rng.choice((60, 70, 80, 90)) if i % 3 == 1 else None
        ctx = base.context(browser, scale, 1100, 900)
        page = ctx.new_page()
        page.goto(f"{url}minesweeper/index.html")
        page.wait_for_function("typeof grid !== 'undefined' && grid.length > 0")
        page.evaluate(f"board.innerHTML = ''; currentDifficulty = {level}; generateBoard({level})")
        rows, cols = page.evaluate("[grid.length, grid[0].length]")
        page.locator(f'#board [data-row="{rng.randrange(rows)}"][data-col="{rng.randrange(cols)}"]').click()
        mines = page.evaluate("grid.map(row => row.map(c => c.mine))")
        seen = page.evaluate("grid.map(row => row.map(c => c.revealed))")

        def reveal(r: int, c: int) -> None:
            page.evaluate(f"revealCell({r}, {c})")
            seen[:] = page.evaluate("grid.map(row => row.map(c => c.revealed))")

        base.play_moves(rng, lambda r, c: mines[r][c], reveal,
                        lambda r, c: page.locator(f'#board [data-row="{r}"][data-col="{c}"]').click(button="right"),
                        rows, cols, lambda r, c: seen[r][c], rows * cols // 10, rows * cols // 40 + 1)
        page.mouse.move(0, 0)
        page.wait_for_timeout(200)
        if page.evaluate("grid.some(row => row.some(c => c.mine && c.revealed))"):
            print(f"google-{i}: the first click hit a mine (this clone does not spare it): not kept")
            ctx.close()
            continue
        truth = page.evaluate("""grid.map(row => row.map(c => c.flagged ? 'F' : c.revealed ? String(c.adjacentMines)
                                  : '?').join(''))""")
        save(out, shoot(page, "#board", rng.choice((10, 40, 150))), f"google-{i}",
             {"client": "juliansalvador727/minesweeper", "scale": scale, "rows": truth,
              "mines": page.evaluate("currentMineCount")}, quality)
        ctx.close()


# -- minesweeperjs.github.io: flat rounded tiles with gaps ----------------------------------------------
def capture_mjs(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    levels = ["easy", "medium", "hard", "expert"]
    for i in range(count):
        level, scale = levels[i % 4], SCALES[i % len(SCALES)]
        quality = rng.choice((60, 70, 80, 90)) if i % 3 == 2 else None
        ctx = base.context(browser, scale, 1400, 1100)
        page = ctx.new_page()
        page.goto(f"{url}minesweeperjs.github.io/index.html")
        page.wait_for_function("typeof game !== 'undefined' && game.board")
        page.evaluate(f"game.currentLevel = '{level}'; game.newGame()")
        rows, cols = page.evaluate("[game.rows, game.cols]")
        page.locator(f'#board [data-row="{rng.randrange(rows)}"][data-col="{rng.randrange(cols)}"]').click()
        mines = page.evaluate("game.board.map(row => row.map(v => v === -1))")
        seen = page.evaluate("game.revealed")

        def reveal(r: int, c: int) -> None:
            page.evaluate(f"game.handleClick({r}, {c})")
            seen[:] = page.evaluate("game.revealed")

        base.play_moves(rng, lambda r, c: mines[r][c], reveal,
                        lambda r, c: page.evaluate(f"game.handleRightClick({r}, {c})"),
                        rows, cols, lambda r, c: seen[r][c], rows * cols // 12, rows * cols // 40 + 1)
        page.mouse.move(0, 0)
        page.wait_for_timeout(400)
        truth = page.evaluate("""game.board.map((row, r) => row.map((v, c) => game.flagged[r][c] ? 'F'
                                  : game.revealed[r][c] ? String(v) : '?').join(''))""")
        save(out, shoot(page, "#board", rng.choice((10, 40, 150))), f"mjs-{i}",
             {"client": "minesweeperjs/minesweeperjs.github.io", "scale": scale, "rows": truth,
              "mines": page.evaluate("game.mineCount")}, quality)
        ctx.close()


# -- hex-coding/minesweeper: a Windows 98 look in HTML and CSS (bevelled tiles, emoji flags) -----------
def capture_win98(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (12, 20, 40), (8, 10, 10)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        ctx = base.context(browser, shot["scale"], 1400, 1000)
        page = ctx.new_page()
        page.goto(f"{url}win98/index.html")
        page.wait_for_function("typeof cells !== 'undefined' && cells.length > 0")
        page.evaluate(f"""ROWS = {rows}; COLS = {cols}; MINES = {mines};
            grid.style.gridTemplateColumns = `repeat({cols}, 20px)`;
            grid.style.gridTemplateRows = `repeat({rows}, 20px)`;
            SoundManager.enabled = false; initGame()""")
        first = rng.randrange(rows * cols)
        page.locator(f'#grid .cell[data-index="{first}"]').click()
        mines_at = page.evaluate("cells.map(c => c.isMine)")
        seen = page.evaluate("cells.map(c => c.isRevealed)")

        def reveal(r: int, c: int) -> None:
            page.locator(f'#grid .cell[data-index="{r * cols + c}"]').click()
            seen[:] = page.evaluate("cells.map(c => c.isRevealed)")

        base.play_moves(rng, lambda r, c: mines_at[r * cols + c], reveal,
                        lambda r, c: page.locator(f'#grid .cell[data-index="{r * cols + c}"]').click(button="right"),
                        rows, cols, lambda r, c: seen[r * cols + c], rows * cols // 12, rows * cols // 40 + 1)
        page.mouse.move(0, 0)
        page.wait_for_timeout(200)
        flat = page.evaluate("cells.map(c => c.isFlagged ? 'F' : c.isRevealed ? String(c.neighborMines) : '?')")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        selector = "#grid" if shot["margin"] == 20 else "body > .window"
        save(out, shoot(page, selector, shot["margin"]), f"win98-{i}",
             {"client": "hex-coding/minesweeper", "scale": shot["scale"], "rows": truth, "mines": mines},
             shot["quality"])
        ctx.close()


# -- looks drawn here from a position (skins.py) --------------------------------------------------------
def capture_skins(browser, url: str, rng: random.Random, out: Path, count: int, names: list[str]) -> None:
    for name in names:
        skin = skins.SKINS[name]
        for i, shot in enumerate(plan(rng, skin.sizes, count)):
            rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
            grid, _ = base.position(rng, rows, cols, mines, rows * cols // 8, rows * cols // 40 + 1)
            truth = ["".join(row) for row in grid]
            left = mines - sum(row.count("F") for row in truth)
            ctx = base.context(browser, shot["scale"], 1500, 1200)
            page = ctx.new_page()
            page.set_content(skins.page(skin, truth, left, around=shot["margin"] != 20, rng=rng))
            page.wait_for_selector("#board")
            selector = "#board" if shot["margin"] == 20 else "#window"
            save(out / name, shoot(page, selector, shot["margin"]), f"{name}-{i}",
                 {"client": f"skin:{name}", "scale": shot["scale"], "rows": truth, "mines": mines},
                 shot["quality"])
            ctx.close()


def main() -> None:
    if sys.argv[1] == "--committed":
        committed(Path(sys.argv[2]).resolve())
        return
    clients, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    wanted = sys.argv[3:] or ["jsm", "google", "mjs", "win98", *skins.SKINS]
    server, url = base.serve(clients)
    rng = random.Random(34)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=base.CHROMIUM_ARGS, headless=True)
        for spec in wanted:
            if spec in skins.SKINS:
                capture_skins(browser, url, rng, out, 10, [spec])
            else:
                globals()[f"capture_{spec}"](browser, url, rng, out / spec, 12)
        browser.close()
    server.shutdown()


def committed(out: Path) -> None:
    """The small set committed in tests/images/ (each under 100 KB): the classic look at scales 1, 1.5 and 2,
    a 10x8 checkerboard, a JPEG at 150%, a dark theme, rounded tiles at 125% (cells of 38.75 pixels), drawn
    from positions by `skins.py`."""
    rng = random.Random(3434)
    plan_ = [("classic", 9, 9, 10, 1.0, None), ("classic", 16, 16, 40, 1.5, None), ("classic", 9, 9, 10, 2.0, None),
             ("checker", 8, 10, 10, 1.0, None), ("classic", 16, 16, 40, 1.5, 80), ("dark", 9, 9, 10, 1.5, 75),
             ("rounded", 16, 20, 55, 1.25, None)]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=base.CHROMIUM_ARGS, headless=True)
        for i, (name, rows, cols, mines, scale, quality) in enumerate(plan_):
            grid, _ = base.position(rng, rows, cols, mines, rows * cols // 8, rows * cols // 40 + 1)
            truth = ["".join(row) for row in grid]
            left = mines - sum(row.count("F") for row in truth)
            ctx = base.context(browser, scale, 900, 800)
            page = ctx.new_page()
            page.set_content(skins.page(skins.SKINS[name], truth, left, rng=rng))
            png = shoot(page, "#window", 10)
            save(out, png, f"skin-{name}-{i}", {"client": f"skin:{name}", "scale": scale, "rows": truth,
                                                "mines": mines}, quality)
            ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
