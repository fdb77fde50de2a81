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
corner.  The clients added later and left out (`dippedrusk`, `minetag`, then `rwpz`, `neosweeper`, `elegant`,
then `xp`, `neon`, `pixel`, then `bluecanvas`, `emoji`, `dmcshared`, then `glass`, `lavender`, `greycanvas`, then
`ptmono`, `p5mines`, then `winmine`, `mclassic`, then `jqmines`, `bebas`: never looked at while the reader was
written) are also shot at a loss, one game in three: every mine shown (a shown mine is '?' in minesat's truth, a flag
left on a safe cell 'F', a wrong flag drawn as a crossed-out mine '?'); all but `neon`, whose loss draws
every tile not opened as an opened empty one, and `p5mines` and `bebas`, whose loss opens every square (a wrongly
marked one drawn opened with its count: its count in the truth).
"""

from __future__ import annotations

import io
import json
import random
import sys
import urllib.request
from collections.abc import Callable, Iterable
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
# games played for the clients added later (left out: unseen); else 12
COUNTS = {"dippedrusk": 27, "minetag": 27, "rwpz": 27, "neosweeper": 27, "elegant": 27, "xp": 27, "neon": 27,
          "pixel": 27, "bluecanvas": 27, "emoji": 27, "dmcshared": 27, "glass": 27, "lavender": 27, "greycanvas": 27,
          "ptmono": 27, "p5mines": 27, "winmine": 27, "mclassic": 27, "jqmines": 27, "bebas": 27}


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


def shoot(page, selector: str, margin: int, every: bool = False) -> bytes:
    return base.shoot(page, selector, margin, top=margin + 60, every=every)


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


def lose_game(rng: random.Random, cells: list[list], cell) -> None:
    """A game lost by a click on a hidden mine, after a wrong flag one time in two (it stays a flag at the
    loss); `cells[r][c]` starts with the cell's (mine, opened, flagged), `cell(r, c)` is its element."""
    every = [(r, c) for r in range(len(cells)) for c in range(len(cells[0]))]
    if rng.random() < 0.5:
        cell(*rng.choice([(r, c) for r, c in every if not any(cells[r][c][:3])])).click(button="right")
    cell(*rng.choice([(r, c) for r, c in every if cells[r][c][0] and not cells[r][c][2]])).click()


def play_to_end(page, rng: random.Random, name: str, lose: bool, mine_at: list[bool], rows: int, cols: int, reveal,
                revealed, won: str | Callable[[], object], grid, cell, over: str | Callable[[], object], flag=None,
                refresh: Callable[[], object] | None = None) -> bool:
    """A game played on after its first click: `base.play_moves` (`reveal(r, c)`, `flag(r, c)` or else
    `reveal(r, c, "right")`, `revealed(r, c)`), then `refresh()` if given.  Won (`won`, a JavaScript expression true
    in the page, or a function): not kept, its page's context closed, False.  Else, when `lose`, lost by `lose_game` on
    `grid` (its rows of (mine, opened, flagged), or a function giving them) clicking `cell(r, c)`, then `over` (a
    JavaScript expression that must then be true, or a function that waits for the loss or checks it); the mouse moved
    away: True."""
    if flag is None:
        flag = lambda r, c: reveal(r, c, "right")  # noqa: E731
    base.play_moves(rng, lambda r, c: mine_at[r * cols + c], reveal, flag, rows, cols, revealed, rows * cols // 12,
                    rows * cols // 40 + 1)
    if refresh is not None:
        refresh()
    if page.evaluate(won) if isinstance(won, str) else won():
        print(f"{name}: won: not kept")
        page.context.close()
        return False
    if lose:
        lose_game(rng, grid() if callable(grid) else grid, cell)
        if isinstance(over, str):
            assert page.evaluate(over), f"{name}: its game over"
        else:
            over()
    page.mouse.move(0, 0)
    return True


def around(mine_at: list[bool], rows: int, cols: int, r: int, c: int) -> int:
    """The mines around a cell of a layout given row by row (a check of the client's own counts)."""
    return sum(mine_at[y * cols + x] for y in range(max(0, r - 1), min(rows, r + 2))
               for x in range(max(0, c - 1), min(cols, c + 2)) if (y, x) != (r, c))


# -- dippedrusk/minesweeper: Windows' look in a table, CSS outset borders, sprite digits; games lost too ----
def capture_dippedrusk(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its board size is set through its own form (the sliders' maximum raised from 20 to 30, the only change),
    played by clicks on its cells (left opens, right flags) and through its `revealSquare`; one game in three is
    then lost by a click on a hidden mine (every mine shown: '?' in the truth, a flag left on a safe cell 'F')."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 160), (8, 8, 10), (20, 24, 99), (12, 20, 40)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        ctx = base.context(browser, shot["scale"], 1300, 1250)
        page = ctx.new_page()
        page.goto(f"{url}dippedrusk/index.html")
        page.wait_for_function("typeof board !== 'undefined' && board.length > 0")
        page.evaluate(f"""for (const [id, v] of [['rows', {rows}], ['cols', {cols}], ['mines', {mines}]]) {{
            $('#' + id).attr('max', 30 * 30 - 1); $('#' + id).val(v); }} loadNewGame()""")
        assert page.evaluate("[+rows, +cols, +numMines]") == [rows, cols, mines]
        cell = lambda r, c: page.locator(f"#sq-{r * cols + c}")  # noqa: E731
        cell(rng.randrange(rows), rng.randrange(cols)).click()
        mine_at = [v == " mine" for v in page.evaluate("board")]  # its layout after the first click (made safe)
        state = "$('.board.square').map((i, e) => e.className).get()"
        seen = [" revealed" in f" {k}" for k in page.evaluate(state)]

        def reveal(r: int, c: int) -> None:
            page.evaluate(f"revealSquare('sq-{r * cols + c}')")
            seen[:] = [" revealed" in f" {k}" for k in page.evaluate(state)]

        base.play_moves(rng, lambda r, c: mine_at[r * cols + c], reveal, lambda r, c: cell(r, c).click(button="right"),
                        rows, cols, lambda r, c: seen[r * cols + c], rows * cols // 12, rows * cols // 40 + 1)
        if page.evaluate("$('#smiley').hasClass('win')"):
            print(f"dippedrusk-{i}: won: not kept")
            ctx.close()
            continue
        if lose:
            flagged = ["flagged" in k.split() for k in page.evaluate(state)]
            every = [(r, c) for r in range(rows) for c in range(cols)]
            if rng.random() < 0.5:  # a wrong flag first, now and then (it stays a flag at the loss)
                cell(*rng.choice([(r, c) for r, c in every if not mine_at[r * cols + c] and not seen[r * cols + c]
                                  and not flagged[r * cols + c]])).click(button="right")
            cell(*rng.choice([(r, c) for r, c in every if mine_at[r * cols + c] and not flagged[r * cols + c]])).click()
            assert page.evaluate("$('#smiley').hasClass('loss')")
        page.mouse.move(0, 0)
        page.wait_for_timeout(200)
        classes, layout = page.evaluate(f"[{state}, board]")
        names_of = ["", " one", " two", " three", " four", " five", " six", " seven", " eight"]
        names = {name: str(k) for k, name in enumerate(names_of)} | {" mine": "?"}  # a mine shown at the loss: '?'
        flat = []
        for k, v in zip(classes, layout):
            k = k.split()
            flat.append(names[v] if "revealed" in k else "F" if "flagged" in k else "?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        assert layout == [v if v == " mine" else names_of[around(mine_at, rows, cols, r, c)]
                          for r in range(rows) for c in range(cols) for v in [layout[r * cols + c]]], "its counts"
        selector = "#minesweeper" if shot["margin"] == 20 else "#game"
        save(out, shoot(page, selector, shot["margin"]), f"dippedrusk-{i}{'-lost' if lose else ''}",
             {"client": "dippedrusk/minesweeper", "scale": shot["scale"], "rows": truth, "mines": mines,
              "lost": lose}, shot["quality"])
        ctx.close()


# -- kurehajime/minesweeper_tag: a web component drawing an SVG (black-outlined digits, emoji flags) ---------
MINETAG_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<script>process = { env: { NODE_ENV: null } }</script>
<script type="module">
import { mine_sweeper } from './dist/mine-sweeper.es.js';
customElements.define('mine-sweeper', mine_sweeper);
</script>
<style>body { background: %s; font-family: sans-serif; margin: 0 } .box { padding: %dpx 0 0 %dpx; width: 550px }</style>
</head><body>%s<div class="box"><mine-sweeper cols="%d" bomb="%d"></mine-sweeper></div></body></html>"""


def capture_minetag(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Square boards only (its `cols` attribute), always 500 CSS pixels wide: cells of 500/cols pixels.  Its
    page is ours (the element on a coloured ground, as its demo page); played by clicks on the SVG; the truth
    from the SVG's own elements: each cell's cover shown or not, its flag shown or not, its mark (the count,
    or a bomb: '?' in minesat's truth); one game in three lost by a click on a bomb."""
    sizes = [(9, 10), (16, 40), (30, 150), (8, 10), (20, 60), (24, 99), (10, 15)]
    for i, shot in enumerate(plan(rng, [(n, n, m) for n, m in sizes], count)):
        n, mines = shot["rows"], shot["mines"]
        lose = i % 3 == 1
        ui = shot["margin"] != 20
        text = ("<h2 style='margin: 10px 20px'>Minesweeper</h2>"
                "<p style='margin: 0 20px'>Left click opens, right click flags.</p>") if ui else ""
        html = MINETAG_PAGE % (rng.choice(("rgb(3, 130, 136)", "#ffffff", "#20242a")), rng.choice((20, 60)),
                               rng.choice((20, 80)), text, n, mines)
        ctx = base.context(browser, shot["scale"], 1000, 900)
        page = ctx.new_page()
        page.route(f"{url}minesweeper_tag/shot.html", lambda route: route.fulfill(body=html, content_type="text/html"))
        page.goto(f"{url}minesweeper_tag/shot.html")
        svg = page.locator("mine-sweeper svg")
        svg.wait_for()
        cells_js = """() => [...document.querySelector('mine-sweeper').shadowRoot.querySelectorAll('svg > g')]
            .map(g => { const [, mark, cover, flag] = g.children;
                        return [mark.textContent.trim(), cover.getAttribute('display') !== 'none',
                                flag.getAttribute('display') !== 'none']; })"""
        box = svg.bounding_box()
        size = (box["width"] - 10) / n  # a 5-pixel ridge around the SVG

        def click(r: int, c: int, button: str = "left") -> None:
            page.mouse.click(box["x"] + 5 + (c + 0.5) * size, box["y"] + 5 + (r + 0.5) * size, button=button)

        for _ in range(20):  # it does not spare the first click: a new game (its face) until it is safe
            first = (rng.randrange(n), rng.randrange(n))
            click(*first)
            got = page.evaluate(cells_js)
            assert not got[first[0] * n + first[1]][1], "the first click opened nothing"
            if got[first[0] * n + first[1]][0] != "💣":
                break
            page.locator("mine-sweeper .button").click()
        state = page.evaluate(cells_js)
        bomb = [m == "💣" for m, _, _ in state]  # the marks under the covers: its layout

        def reveal(r: int, c: int) -> None:
            click(r, c)
            state[:] = page.evaluate(cells_js)

        base.play_moves(rng, lambda r, c: bomb[r * n + c], reveal, lambda r, c: click(r, c, "right"), n, n,
                        lambda r, c: not state[r * n + c][1], n * n // 10, n * n // 40 + 1)
        state = page.evaluate(cells_js)
        if all(b or not covered for b, (_, covered, _) in zip(bomb, state)):
            print(f"minetag-{i}: won: not kept")
            ctx.close()
            continue
        if lose:
            if rng.random() < 0.5:  # a wrong flag first, now and then (it stays at the loss)
                r, c = rng.choice([(r, c) for r in range(n) for c in range(n)
                                   if not bomb[r * n + c] and state[r * n + c][1] and not state[r * n + c][2]])
                click(r, c, "right")
            click(*rng.choice([(r, c) for r in range(n) for c in range(n)
                               if bomb[r * n + c] and not state[r * n + c][2]]))
        page.mouse.move(0, 0)
        page.wait_for_timeout(300)
        state = page.evaluate(cells_js)
        if lose:
            assert all(not covered for b, (_, covered, _) in zip(bomb, state) if b), "the loss shows every bomb"
        flat = ["F" if flag and covered else "?" if covered or mark == "💣" else mark or "0"
                for mark, covered, flag in state]
        assert all(not covered or not b or v in "?F" for v, b, (_, covered, _) in zip(flat, bomb, state))
        truth = ["".join(flat[r * n:(r + 1) * n]) for r in range(n)]
        assert all(v in "?F" or int(v) == around(bomb, n, n, r, c) for r, line in enumerate(truth)
                   for c, v in enumerate(line)), "an opened count that is not the bombs around it"
        # the board alone, or with the element's title bar and counters and the page's text above it
        png = base.shoot(page, "mine-sweeper svg", shot["margin"], top=shot["margin"] + (160 if ui else 60))
        save(out, png, f"minetag-{i}{'-lost' if lose else ''}",
             {"client": "kurehajime/minesweeper_tag", "scale": shot["scale"], "rows": truth, "mines": mines,
              "lost": lose}, shot["quality"])
        ctx.close()


# -- two web clients added last, left out (unseen): their instance (not a global) is kept by a hook that runs
# before their own scripts' start-up, the only thing added to their pages ------------------------------------
def settled(cells: str, count: str) -> str:
    """A test (JavaScript) that every opened empty cell of `cells` (rows of cells) has its neighbours opened or
    flagged: the client's cascade of openings, drawn a cell at a time, is over."""
    return f"""{cells}.every((row, y) => row.every((c, x) => !c.isRevealed || c.isMine || c.{count} > 0 ||
        [-1, 0, 1].every(dy => [-1, 0, 1].every(dx => {{ const n = ({cells}[y + dy] || [])[x + dx];
                                                          return !n || n.isRevealed || n.isFlagged; }}))))"""


def check_counts(truth: list[str], mine_at: list[bool], rows: int, cols: int) -> None:
    assert all(v in "?F" or int(v) == around(mine_at, rows, cols, r, c) for r, line in enumerate(truth)
               for c, v in enumerate(line)), "an opened count that is not the mines around it"


def opened_truth(states: Iterable[tuple[bool, bool, bool, int]], lose: bool, rows: int, cols: int) -> list[str]:
    """The truth's rows from each cell's (mine, shown, flagged, count), row by row, for a client that opens every
    cell at a loss (each mine '?' then, the others their counts), as the p5.js and Bebas canvases do."""
    flat = []
    for mine, shown, flagged, n in states:
        if lose:
            assert shown
            flat.append("?" if mine else str(n))
        elif flagged:
            assert not shown and mine
            flat.append("F")
        elif shown:
            assert not mine
            flat.append(str(n))
        else:
            flat.append("?")
    return ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]


# -- rw-pz/claude-minesweeper: a monochrome dark look (grey shades, digits in greys of a light font) --------------
RWPZ_HOOK = """document.addEventListener('DOMContentLoaded', () => {
    const init = Minesweeper.prototype.init;
    Minesweeper.prototype.init = function () { window.game = this; return init.call(this); };
});"""


def capture_rwpz(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its three levels chosen on its own menu; other sizes through its `difficulties` table, the grid's columns
    then set on the board in its own cell sizes (32, 26 or 22 pixels, as its levels).  It places the mines at a
    new game (no first click spared): the first click is on an empty cell of its layout, then clicks (left opens,
    right flags); one game in three lost by a click on a hidden mine (every mine shown: '?' in the truth, a flag
    left where it was, on a mine or not: 'F').  Truth from its `board` (each cell's isMine, isRevealed, isFlagged
    and neighborCount), checked: every opened count equals the mines of its layout around it."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    levels = {(9, 9, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        ctx = base.context(browser, shot["scale"], 1400, 1300)
        page = ctx.new_page()
        page.add_init_script(RWPZ_HOOK)
        page.goto(f"{url}rwpz/docs/index.html")
        page.wait_for_function("window.game && game.board.length > 0")
        level = levels.get((rows, cols, mines))
        if level:
            page.select_option("#difficulty", level)
        else:
            pitch = 32 if cols <= 9 else 26 if cols <= 16 else 22
            page.evaluate(f"""game.difficulties.custom = {{width: {cols}, height: {rows}, mines: {mines}}};
                game.currentDifficulty = 'custom'; game.newGame();
                game.gameBoard.style.gridTemplateColumns = 'repeat({cols}, {pitch}px)';
                game.gameBoard.style.gridTemplateRows = 'repeat({rows}, {pitch}px)'""")
        page.wait_for_function(f"game.width === {cols} && game.height === {rows} && game.mineCount === {mines}")
        state = "game.board.map(row => row.map(c => [c.isMine, c.isRevealed, c.isFlagged, c.neighborCount]))"
        cells = page.evaluate(state)
        mine_at = [c[0] for row in cells for c in row]
        cell = lambda r, c: page.locator(f'#game-board .cell[data-x="{c}"][data-y="{r}"]')  # noqa: E731
        done = settled("game.board", "neighborCount")

        def refresh() -> None:
            cells[:] = page.evaluate(state)

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            page.wait_for_function(done)
            refresh()

        zeros = [(r, c) for r in range(rows) for c in range(cols) if not cells[r][c][0] and cells[r][c][3] == 0]
        reveal(*rng.choice(zeros))
        if not play_to_end(page, rng, f"rwpz-{i}", lose, mine_at, rows, cols, reveal, lambda r, c: cells[r][c][1],
                           "game.gameState === 'won'", cells, cell, lambda: page.wait_for_function(
                               "game.gameState === 'lost' && game.board.every(row => row.every(c => !c.isMine"
                               " || c.isRevealed))"), flag=lambda r, c: cell(r, c).click(button="right"),
                           refresh=refresh):
            continue
        page.wait_for_timeout(900)  # its reveal and number animations (0.3-0.6 s)
        cells[:] = page.evaluate(state)
        truth = ["".join("F" if flag else "?" if mine and shown else str(n) if shown else "?"
                         for mine, shown, flag, n in row) for row in cells]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        if lose:  # its own drawing: every mine not flagged drawn as a mine, every flag as a flag
            drawn = page.evaluate("[...game.gameBoard.children].map(e => e.className)")
            assert all(("mine" in k.split()) == (v == "?" and m) and ("flagged" in k.split()) == (v == "F")
                       for k, v, m in zip(drawn, "".join(truth), mine_at)), "its cells drawn otherwise"
        selector = "#game-board" if shot["margin"] == 20 else ".game-container"
        save(out, shoot(page, selector, shot["margin"]), f"rwpz-{i}{'-lost' if lose else ''}",
             {"client": "rw-pz/claude-minesweeper", "scale": shot["scale"], "rows": truth, "mines": mines,
              "lost": lose}, shot["quality"])
        ctx.close()


# -- lazzerex/NeoSweeper: a flat modern look, rounded cells with gaps, Material colours, light and dark -----------
NEO_HOOK = """document.addEventListener('DOMContentLoaded', () => {
    const init = Minesweeper.prototype.initializeGame;
    Minesweeper.prototype.initializeGame = function () { window.game = this; return init.call(this); };
});"""


def capture_neosweeper(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its theme chosen on its menu screen (dark one game in two), the game started by its "Start Game"; its three
    levels chosen on its own buttons, other sizes through its `difficulties` table (its board takes any size).
    Played by clicks on its cells (left opens, right flags; it spares only the first cell clicked); one game in
    three lost by a click on a hidden mine: it then draws a bomb on every mine, flagged or not ('?' in the
    truth; a flag left on a safe cell stays: 'F'), and its "Game over" box is closed by a click beside it.
    Truth from its `board` (isMine, isRevealed, isFlagged, neighborMines) and each cell's drawn mark, checked:
    every opened count equals the mines around it."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    levels = {(9, 9, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, dark = i % 3 == 1, rng.random() < 0.5
        ctx = base.context(browser, shot["scale"], 1500, 1500)
        page = ctx.new_page()
        page.add_init_script(NEO_HOOK)
        page.goto(f"{url}neosweeper/index.html")
        page.wait_for_function("window.game && game.board.length > 0")
        if dark:
            page.click("#menu-theme-toggle")
            page.wait_for_function("document.documentElement.dataset.theme === 'dark' && !document.querySelector("
                                   "'.theme-transition-overlay').classList.contains('active')")
        page.click("#start-game")
        level = levels.get((rows, cols, mines))
        if level:
            page.click(f'.difficulty-btn[data-difficulty="{level}"]')
        else:
            page.evaluate(f"""game.difficulties.custom = {{rows: {rows}, cols: {cols}, mines: {mines}}};
                game.currentDifficulty = 'custom'; game.initializeGame()""")
        page.wait_for_function(f"game.rows === {rows} && game.cols === {cols} && game.mines === {mines}")
        state = "game.board.map(row => row.map(c => [c.isMine, c.isRevealed, c.isFlagged, c.neighborMines]))"
        cell = lambda r, c: page.locator(f'#game-board .cell[data-row="{r}"][data-col="{c}"]')  # noqa: E731
        done = settled("game.board", "neighborMines")
        cell(rng.randrange(rows), rng.randrange(cols)).click()
        page.wait_for_function(done)
        cells = page.evaluate(state)
        mine_at = [c[0] for row in cells for c in row]  # its layout, placed at the first click

        def refresh() -> None:
            cells[:] = page.evaluate(state)

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            page.wait_for_function(done)
            refresh()

        def lost() -> None:
            page.wait_for_function("game.gameOver && !game.isAnimating && game.board.every((row, r) => row.every("
                                   "(c, k) => !c.isMine || document.querySelector(`#game-board [data-row=\"${r}\"]"
                                   "[data-col=\"${k}\"]`).classList.contains('mine')))")
            page.mouse.click(4, 4)  # its "Game over" box closed by a click beside it, as a player would
            page.wait_for_function("!document.getElementById('game-over-screen').classList.contains('show')")

        if not play_to_end(page, rng, f"neosweeper-{i}", lose, mine_at, rows, cols, reveal, lambda r, c: cells[r][c][1],
                           lambda: all(c[0] or c[1] for row in cells for c in row), cells, cell, lost,
                           flag=lambda r, c: cell(r, c).click(button="right"), refresh=refresh):
            continue
        page.wait_for_timeout(900)  # its reveal animations and the shake at a loss (0.5 s)
        cells[:] = page.evaluate(state)
        marks = page.evaluate("[...document.querySelectorAll('#game-board .cell')].map(e => e.textContent)")
        flat = []
        for (mine, shown, flag, n), mark in zip((c for row in cells for c in row), marks):
            if mark == "💣":
                assert mine and lose
                flat.append("?")
            elif flag:
                assert mark == "🚩"
                flat.append("F")
            elif shown:
                assert mark == (str(n) if n else "")
                flat.append(str(n))
            else:
                assert mark == ""
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        selector = "#game-board" if shot["margin"] == 20 else ".game-container"
        save(out, shoot(page, selector, shot["margin"]), f"neosweeper-{i}{'-lost' if lose else ''}",
             {"client": "lazzerex/NeoSweeper", "scale": shot["scale"], "theme": "dark" if dark else "light",
              "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- dipanshunamdev799/minesweeper ("Elegant Minesweeper"): indigo rounded tiles with wide gaps on white, emoji
# flags and bombs; its game lives in a closure (nothing reachable from outside): its layout is learnt from a
# calibration game lost on purpose, played again from the same seed (Math.random replaced by a seeded one) ----
ELEGANT_SEED = """(() => { let s = %d;
    Math.random = () => { s = (s * 48271) %% 2147483647; return (s - 1) / 2147483646; }; })();"""
ELEGANT_CELLS = """[...document.querySelectorAll('#board .cell')].map(e => [+e.dataset.y, +e.dataset.x,
    e.classList.contains('revealed'), e.classList.contains('flagged'), e.classList.contains('mine'), e.textContent])"""


def elegant_page(ctx, url: str, seed: int, level: str, first: tuple[int, int]):
    page = ctx.new_page()
    page.add_init_script(ELEGANT_SEED % seed)
    page.goto(f"{url}elegant/index.html")
    page.wait_for_selector("#board .cell")
    page.click(f"#{level}")
    page.locator(f'#board .cell[data-y="{first[0]}"][data-x="{first[1]}"]').click()
    return page


def capture_elegant(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its three levels (9x9, 16x16, 16x30: the only sizes it has) chosen on its own buttons, in a window wide
    enough for its 50-pixel tiles or, for 9x9 now and then, under 600 pixels wide (its phone layout: 35-pixel
    tiles).  The game's state is in a closure, so each game is played twice from the same seed: first lost on
    purpose (random clicks until a mine: it then shows every mine), which gives the layout; then played again
    by clicks (left opens, right flags; it spares the first click and its neighbours) with that layout known;
    one game in three then lost by a click on a hidden mine, its "Game over" box (shown a second later) taken
    away.  Truth from its drawn cells (classes `revealed`, `flagged`, `mine` and the count's text): a shown mine
    '?', a flag 'F'; checked: every opened count equals the mines of the layout around it, and at a loss the
    mines it shows are the calibration game's."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99)]
    levels = {(9, 9, 10): "easy", (16, 16, 40): "medium", (16, 30, 99): "hard"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, level = i % 3 == 1, levels[rows, cols, mines]
        phone = level == "easy" and rng.random() < 0.5
        ctx = base.context(browser, shot["scale"], 560 if phone else 2000, 1300)
        seed, first = rng.randrange(1, 2**31 - 2), (rng.randrange(rows), rng.randrange(cols))
        page = elegant_page(ctx, url, seed, level, first)
        for _ in range(rows * cols):  # the calibration game: random clicks on hidden cells until a mine
            drawn = page.evaluate(ELEGANT_CELLS)
            if any(m for *_, m, _ in drawn):
                break
            y, x = rng.choice([(y, x) for y, x, shown, flag, _, _ in drawn if not shown and not flag])
            page.locator(f'#board .cell[data-y="{y}"][data-x="{x}"]').click()
        assert [(y, x) for y, x, *_ in drawn] == [(r, c) for r in range(rows) for c in range(cols)]
        mine_at = [m for *_, m, _ in drawn]
        assert sum(mine_at) == mines, "the calibration game shows every mine"
        page.close()
        page = elegant_page(ctx, url, seed, level, first)
        cells = page.evaluate(ELEGANT_CELLS)
        cell = lambda r, c: page.locator(f'#board .cell[data-y="{r}"][data-x="{c}"]')  # noqa: E731

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            cells[:] = page.evaluate(ELEGANT_CELLS)

        def flag(r: int, c: int) -> None:
            cell(r, c).click(button="right")
            cells[:] = page.evaluate(ELEGANT_CELLS)

        base.play_moves(rng, lambda r, c: mine_at[r * cols + c], reveal, flag, rows, cols,
                        lambda r, c: cells[r * cols + c][2], rows * cols // 12, rows * cols // 40 + 1)
        if all(m or shown for m, (_, _, shown, *_) in zip(mine_at, cells)):
            print(f"elegant-{i}: won: not kept")
            ctx.close()
            continue
        if lose:
            hidden = [(k // cols, k % cols) for k, (_, _, shown, flagged, _, _) in enumerate(cells)
                      if not shown and not flagged]
            if rng.random() < 0.5:  # a wrong flag first, now and then (it stays a flag at the loss)
                flag(*rng.choice([(r, c) for r, c in hidden if not mine_at[r * cols + c]]))
            reveal(*rng.choice([(r, c) for r, c in hidden if mine_at[r * cols + c]]))
            page.wait_for_selector("#lose-modal.active")
            page.evaluate("document.getElementById('lose-modal').classList.remove('active')")
            page.wait_for_function("getComputedStyle(document.getElementById('lose-modal')).opacity === '0'")
        page.mouse.move(0, 0)
        page.wait_for_timeout(700)  # its flag and bomb animations (0.3-0.4 s, run again at each drawing)
        cells[:] = page.evaluate(ELEGANT_CELLS)
        flat = []
        for m, (_, _, shown, flagged, mine, text) in zip(mine_at, cells):
            if mine:
                assert shown and m and lose, "a mine shown where the calibration game had none"
                flat.append("?")
            elif flagged:
                flat.append("F")
            elif shown:
                flat.append(text or "0")
            else:
                flat.append("?")
        if lose:
            assert [c[4] for c in cells] == mine_at, "the loss shows the calibration game's mines"
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        selector = "#board" if shot["margin"] == 20 else ".container"
        save(out, shoot(page, selector, shot["margin"]), f"elegant-{i}{'-lost' if lose else ''}",
             {"client": "dipanshunamdev799/minesweeper", "scale": shot["scale"], "phone layout": phone,
              "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- ziebelje/minesweeper: Windows XP's Minesweeper in an HTML table, its 16-pixel bitmap sprites (raised tiles,
# coloured digits, LED counters and a face in a bevelled frame); its game object kept by a hook as rw-pz's -------------
XP_HOOK = """document.addEventListener('DOMContentLoaded', () => {
    const start = arcade.minesweeper.prototype.new_game;
    arcade.minesweeper.prototype.new_game = function (...a) { window.game = this; return start.apply(this, a); };
});"""
XP_STATES = """game.grid.tiles[0].map((_, y) => game.grid.tiles.map(col => col[y]).map(t => [t.is_a_mine_,
    t.is_revealed_, t.state === 'flag', t.state, t.mine_count]))"""


def capture_xp(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its three levels chosen on its own buttons, other sizes through its own `new_game(width, height, mines)`
    (its tiles are always 16 CSS pixels).  It lays the mines at a new game and spares no first click: the first
    click is on an empty cell of its layout, then clicks (left opens, right flags); one game in three lost by a
    click on a hidden mine, after a wrong flag one time in two: it then opens the whole board (every count shown),
    every mine drawn (the one hit on red), a flag on a mine kept, a wrong flag drawn as a crossed-out mine.  Truth
    from its tiles (`is_a_mine_`, `is_revealed_`, `state`, `mine_count`): a count its number, a flag 'F', a shown
    mine or a crossed-out one '?', a covered tile '?'; checked: every opened count equals the mines of its
    layout around it, and its layout did not move."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    levels = {(9, 9, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        ctx = base.context(browser, shot["scale"], 1300, 1000)
        page = ctx.new_page()
        page.add_init_script(XP_HOOK)
        page.goto(f"{url}xp/index.html")
        page.wait_for_function("window.game && game.grid")
        level = levels.get((rows, cols, mines))
        if level:
            page.click(f"#button_{level}")
        else:
            page.evaluate(f"game.new_game({cols}, {rows}, {mines})")
        page.wait_for_function(f"game.grid.width === {cols} && game.grid.height === {rows} && "
                               f"game.grid.tiles.flat().filter(t => t.is_a_mine_).length === {mines}")
        cells = page.evaluate(XP_STATES)
        mine_at = [c[0] for row in cells for c in row]

        def cell(r: int, c: int):
            return page.evaluate_handle(f"game.grid.tiles[{c}][{r}].get_element()").as_element()

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            cells[:] = page.evaluate(XP_STATES)

        def flag(r: int, c: int) -> None:
            cell(r, c).click(button="right")
            cells[:] = page.evaluate(XP_STATES)

        reveal(*rng.choice([(r, c) for r in range(rows) for c in range(cols)
                            if not cells[r][c][0] and cells[r][c][4] == 0]))
        def won() -> bool:
            assert all(c[3] == "flag" for row in cells for c in row if c[2]), "a right click gave a question mark"
            return all(c[0] or c[1] for row in cells for c in row)

        def lost() -> None:
            cells[:] = page.evaluate(XP_STATES)
            assert any(c[3] == "mine_red" for row in cells for c in row), "the mine hit is drawn on red"

        if not play_to_end(page, rng, f"xp-{i}", lose, mine_at, rows, cols, reveal, lambda r, c: cells[r][c][1], won,
                           cells, cell, lost, flag=flag):
            continue
        page.wait_for_timeout(200)
        cells[:] = page.evaluate(XP_STATES)
        flat = []
        for mine, _, flagged, state, n in (c for row in cells for c in row):
            if state.startswith("count_"):
                assert not mine and int(state[6:]) == n
                flat.append(str(n))
            elif flagged:
                flat.append("F")
            else:
                assert state in ("covered", "mine", "mine_red", "mine_x"), state
                assert state == "covered" or lose
                assert mine == (state in ("mine", "mine_red")) or state == "covered"
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        selector = "#play_area td[rowspan] > table" if shot["margin"] == 20 else "#play_area > table"
        save(out, shoot(page, selector, shot["margin"]), f"xp-{i}{'-lost' if lose else ''}",
             {"client": "ziebelje/minesweeper", "scale": shot["scale"], "rows": truth, "mines": mines,
              "lost": lose}, shot["quality"])
        ctx.close()


# -- cobalthex/minesweeper: a neon look (rounded tiles outlined in glowing cyan on dark navy, white bold digits,
# emoji flags); square boards, its game in a closure: its layout learnt from a calibration game, as the Elegant one's --
NEON_CELLS = """[...document.querySelectorAll('#minesweeper .tile')].map(e => [+e.dataset.row, +e.dataset.column,
    e.classList.contains('known'), e.classList.contains('flag'), e.classList.contains('mine'),
    e.dataset.nearby || ''])"""


def neon_page(ctx, url: str, seed: int, n: int, first: tuple[int, int]):
    page = ctx.new_page()
    page.add_init_script(ELEGANT_SEED % seed)
    page.goto(f"{url}neon/minesweeper.html")
    page.wait_for_selector("#minesweeper .tile")
    if n != 9:  # its own function, which its page calls with 9
        page.evaluate(f"Minesweeper({n})")
    page.wait_for_function(f"document.querySelectorAll('#minesweeper .tile').length === {n * n}")
    page.locator(f'#minesweeper .tile[data-row="{first[0]}"][data-column="{first[1]}"]').click()
    return page


def capture_neon(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Square boards only (its `Minesweeper(n)`, which its page calls with 9; mines 15% of the cells, fewer when
    two fall on one cell), tiles of 2em (42 CSS pixels a tile with its margins).  The game's state is in a
    closure, so each game is played twice from the same seed (`Math.random` replaced by a seeded one, the only
    thing added): first by random clicks until a mine or a win (either shows every mine: the layout), then again
    by clicks with the layout known (left opens, a click with Ctrl flags, as its page says; it moves a mine under
    the first click).  No game is lost on purpose: at a loss it draws every tile not opened as an opened empty one
    (no count), a picture of no position.  Truth from its drawn tiles (classes `known`, `flag` and the count in
    `data-nearby`): a flag 'F', an opened tile its count, else '?'; checked: every opened count equals the mines
    of the layout around it."""
    sizes = [9, 16, 24, 8, 12, 20, 30]
    for i, shot in enumerate(plan(rng, [(n, n, 0) for n in sizes], count)):
        n = shot["rows"]
        ctx = base.context(browser, shot["scale"], 400 + 42 * n, 400 + 42 * n)
        seed, first = rng.randrange(1, 2**31 - 2), (rng.randrange(n), rng.randrange(n))
        page = neon_page(ctx, url, seed, n, first)
        for _ in range(n * n):  # the calibration game: random clicks on tiles not opened until a mine or a win
            drawn = page.evaluate(NEON_CELLS)
            if any(m for *_, m, _ in drawn):
                break
            y, x = rng.choice([(y, x) for y, x, known, *_ in drawn if not known])
            page.locator(f'#minesweeper .tile[data-row="{y}"][data-column="{x}"]').click()
        assert [(y, x) for y, x, *_ in drawn] == [(r, c) for r in range(n) for c in range(n)]
        mine_at = [m for *_, m, _ in drawn]
        mines = sum(mine_at)
        page.close()
        page = neon_page(ctx, url, seed, n, first)
        cells = page.evaluate(NEON_CELLS)
        cell = lambda r, c: page.locator(f'#minesweeper .tile[data-row="{r}"][data-column="{c}"]')  # noqa: E731

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            cells[:] = page.evaluate(NEON_CELLS)

        def flag(r: int, c: int) -> None:
            cell(r, c).click(modifiers=["Control"])
            cells[:] = page.evaluate(NEON_CELLS)

        base.play_moves(rng, lambda r, c: mine_at[r * n + c], reveal, flag, n, n,
                        lambda r, c: cells[r * n + c][2], n * n // 12, n * n // 40 + 1)
        if any(c[4] for c in cells):
            print(f"neon-{i}: won (or lost): not kept")
            ctx.close()
            continue
        page.mouse.move(0, 0)
        page.wait_for_timeout(800)  # its tiles' transitions (0.5 s)
        cells[:] = page.evaluate(NEON_CELLS)
        flat = []
        for m, (_, _, known, flagged, mine, nearby) in zip(mine_at, cells):
            assert not mine
            if flagged:
                assert m and not known
                flat.append("F")
            elif known:
                assert not m
                flat.append(nearby or "0")
            else:
                flat.append("?")
        truth = ["".join(flat[r * n:(r + 1) * n]) for r in range(n)]
        check_counts(truth, mine_at, n, n)
        selector = "#minesweeper" if shot["margin"] == 20 else "body"
        save(out, shoot(page, selector, shot["margin"]), f"neon-{i}",
             {"client": "cobalthex/minesweeper", "scale": shot["scale"], "rows": truth, "mines": mines,
              "lost": False}, shot["quality"])
        ctx.close()


# -- JayAgra/minesweeper-js: 16-pixel sprites blown up with `image-rendering: pixelated` to 45% of a black window
# drawn by XP.css (blue title bar), seven-segment counters in a red glow; 9x9 only; its state in globals -------------
PIXEL_CELLS = """[...document.querySelectorAll('#ms_grid img')].map((e, i) => [board[i] === 9,
    board[i] >= 0 && board[i] < 9, flagged.includes(e.id), board[i], e.getAttribute('src')])"""


def capture_pixel(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its only board, 9x9 with 10 mines, laid at the page's load (no first click spared: the first click is on an
    empty cell of its layout); its tiles are 3.5% of the window's width, so windows 640 to 1800 CSS pixels wide
    give tiles of 22 to 63 pixels, each a blown-up 16-pixel sprite.  Played by clicks (left opens, right flags);
    one game in three lost by a click on a hidden mine, after a wrong flag one time in two: it then draws every
    mine (a flagged one too, its flag gone; the one hit on red), a wrong flag stays.  Truth from its globals
    `board` (-1 not opened, 9 a mine, else the count opened) and `flagged`, and each tile's sprite: a count its
    number, a flag 'F', a shown mine '?', else '?'; checked: every opened count equals the mines around it, and
    each tile's sprite is the one its state names."""
    widths = (640, 800, 1000, 1300, 1800)
    for i in range(count):
        scale, width = SCALES[i % len(SCALES)], widths[(i // len(SCALES) + i) % len(widths)]
        quality = rng.choice((60, 70, 80, 90)) if i % 3 == 2 else None
        margin = rng.choice((6, 30, 120)) if i % 2 else 20
        lose = i % 3 == 1
        ctx = base.context(browser, scale, width, max(700, int(width * 0.75)))
        page = ctx.new_page()
        page.goto(f"{url}pixel/index.html")
        page.wait_for_function("document.querySelectorAll('#ms_grid img').length === 81 && "
                               "board.filter(v => v === 9).length === 10")
        cells = page.evaluate(PIXEL_CELLS)
        mine_at = [c[0] for c in cells]
        around_at = [around(mine_at, 9, 9, k // 9, k % 9) for k in range(81)]
        cell = lambda r, c: page.locator(f"#c_{r * 9 + c}")  # noqa: E731

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            cells[:] = page.evaluate(PIXEL_CELLS)

        def flag(r: int, c: int) -> None:
            cell(r, c).click(button="right")
            cells[:] = page.evaluate(PIXEL_CELLS)

        reveal(*rng.choice([(k // 9, k % 9) for k in range(81) if not mine_at[k] and around_at[k] == 0]))
        if not play_to_end(page, rng, f"pixel-{i}", lose, mine_at, 9, 9, reveal, lambda r, c: cells[r * 9 + c][1],
                           lambda: all(c[0] or c[1] for c in cells),
                           lambda: [cells[r * 9:(r + 1) * 9] for r in range(9)], cell,
                           lambda: page.wait_for_function("!enableEvents"), flag=flag):
            continue
        page.wait_for_timeout(200)
        cells[:] = page.evaluate(PIXEL_CELLS)
        sprites = {f"assets/{n - 1:02d}.png": str(n) for n in range(1, 9)} | {"assets/08.png": "0"}
        flat = []
        for mine, shown, flagged, value, src in cells:
            if src in ("assets/14.png", "assets/15.png"):
                assert mine and lose
                flat.append("?")
            elif flagged:
                assert src == "assets/10.png"
                flat.append("F")
            elif shown:
                assert sprites[src] == str(value)
                flat.append(str(value))
            else:
                assert src == "assets/09.png" and value in (-1, 9)
                flat.append("?")
        truth = ["".join(flat[r * 9:(r + 1) * 9]) for r in range(9)]
        check_counts(truth, mine_at, 9, 9)
        assert [c[0] for c in cells] == mine_at, "its layout moved"
        selector = "#ms_grid" if margin == 20 else "#mswpr-window"
        save(out, shoot(page, selector, margin), f"pixel-{i}{'-lost' if lose else ''}",
             {"client": "JayAgra/minesweeper-js", "scale": scale, "window width": width, "rows": truth, "mines": 10,
              "lost": lose}, quality)
        ctx.close()


# -- IvoSpasov/minesweeper: a canvas of sky-blue gradient tiles with 3-pixel gaps, grey opened ones, bold digits in
# the canvas' fallback font (it names Consolas alone), a red "M" for a flag; its tiles kept in its canvas' jQuery
# event data (no global); its Bootstrap 3 stylesheet served from Debian's libjs-bootstrap (its CDN not reached) ----
BOOTSTRAP_CSS = Path("/usr/share/javascript/bootstrap/css/bootstrap.min.css")  # apt-get install libjs-bootstrap
BLUE_GAME = "$._data($('#mines-canvas')[0], 'events').click[0].data"  # its handler's data (gone at the game's end)
BLUE_TILES = """[shotGame.settings.tileSizeInPx + shotGame.settings.gapBetweenTilesInPx, shotGame.tiles.map(t => [t.row,
    t.col, t.value === '*', t.isVisited, t.hasMineFlag, t.value])]"""


def capture_bluecanvas(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its three levels (9x9 with 10 mines, 16x16 with 40, 16x30 with 90) chosen on its own buttons, other sizes
    through its own `startNewGame` with its `getGameDifficulty` answering them (the only change: it has three
    levels); it sizes its tiles to the page (40 CSS pixels, fewer when the board would be wider than its container
    or taller than the window), so windows of several sizes give tiles of about 20 to 40 pixels.  It lays the
    mines at a new game and spares no first click: the first click is on an empty cell of its layout, then clicks
    on the canvas (left opens, right flags); one game in three lost by a click on a hidden mine after a wrong flag
    one time in two: it then draws every mine (a red '*' on an opened tile, a flagged one too), a wrong flag kept.
    Truth from its tiles (`value`, `isVisited`, `hasMineFlag`), read from the data its canvas' click handler holds:
    a shown mine '?', an opened tile its count, a flag 'F', else '?'; checked: every opened count equals the mines
    of its layout around it, its layout never moved."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 90), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    levels = {(9, 9, 10): "easy", (16, 16, 40): "intermediate", (16, 30, 90): "hard"}
    windows = ((1300, 1000), (1000, 800), (800, 1100), (1400, 1300))
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        width, height = windows[(i + i // len(SCALES)) % len(windows)]
        ctx = base.context(browser, shot["scale"], width, height)
        page = ctx.new_page()
        page.route("https://maxcdn.bootstrapcdn.com/bootstrap/3.3.5/css/bootstrap.min.css",
                   lambda route: route.fulfill(path=BOOTSTRAP_CSS, content_type="text/css"))
        page.goto(f"{url}bluecanvas/index.html")
        page.wait_for_function("typeof $ !== 'undefined' && $._data($('#mines-canvas')[0], 'events')")
        level = levels.get((rows, cols, mines))
        if level:
            page.click(f"#{level}")
        else:
            page.evaluate(f"""const own = getGameDifficulty;
                getGameDifficulty = level => level === 'custom' ? createGameDifficulty({rows}, {cols}, {mines})
                                                                : own(level);
                startNewGame('custom')""")
        page.wait_for_function(f"""(() => {{ const d = {BLUE_GAME};
            return d.tiles.length === {rows * cols} && d.settings.difficulty.horizontalTiles === {cols} &&
                   d.tiles.filter(t => t.value === '*').length === {mines}; }})()""")
        page.evaluate(f"window.shotGame = {BLUE_GAME}")  # kept to read its tiles after the game's end
        pitch, cells = page.evaluate(BLUE_TILES)
        assert [(r, c) for r, c, *_ in cells] == [(r, c) for r in range(rows) for c in range(cols)]
        mine_at = [c[2] for c in cells]
        box = page.locator("#mines-canvas").bounding_box()

        def click(r: int, c: int, button: str = "left") -> None:
            page.mouse.click(box["x"] + c * pitch + (pitch - 3) / 2, box["y"] + r * pitch + (pitch - 3) / 2,
                             button=button)
            cells[:] = page.evaluate(BLUE_TILES)[1]

        click(*rng.choice([(r, c) for r, c, mine, _, _, v in cells if not mine and v == 0]))
        if not play_to_end(page, rng, f"bluecanvas-{i}", lose, mine_at, rows, cols, click,
                           lambda r, c: cells[r * cols + c][3], "!$('.alert-success').hasClass('hidden')",
                           lambda: [[(m, seen, flag) for _, _, m, seen, flag, _ in cells[r * cols:(r + 1) * cols]]
                                    for r in range(rows)],
                           _CanvasCell.at(click), "!$('.alert-danger').hasClass('hidden')"):
            continue
        page.wait_for_timeout(200)
        cells[:] = page.evaluate(BLUE_TILES)[1]
        flat = []
        for _, _, mine, seen, flagged, value in cells:
            if lose and mine:
                flat.append("?")
            elif seen:
                assert not mine
                flat.append(str(value))
            elif flagged:
                assert mine or lose
                flat.append("F")
            else:
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[2] for c in cells] == mine_at, "its layout moved"
        selector = "#mines-canvas" if shot["margin"] == 20 else ".container"
        below = page.locator(selector).bounding_box()
        if below["y"] + below["height"] + shot["margin"] > height:  # its board taller than the window: a taller one
            page.set_viewport_size({"width": width, "height": int(below["y"] + below["height"] + shot["margin"]) + 1})
            page.wait_for_timeout(200)
        save(out, shoot(page, selector, shot["margin"]), f"bluecanvas-{i}{'-lost' if lose else ''}",
             {"client": "IvoSpasov/minesweeper", "scale": shot["scale"], "window": [width, height],
              "tile": pitch - 3, "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


class _CanvasCell:
    """A cell of a board drawn on a canvas, clicked as `lose_game` clicks an element: `click(r, c, button)`."""

    def __init__(self, click, r: int, c: int) -> None:
        self._click, self._at = click, (r, c)

    @classmethod
    def at(cls, click):
        return lambda r, c: cls(click, r, c)

    def click(self, button: str = "left") -> None:
        self._click(*self._at, button)


# -- michaelkolesidis/emoji-minesweeper: a p5.js canvas of Fluent emoji pictures (a white "square button" for a hidden
# cell, blue keycap emoji for the counts, a white square for an empty cell, a triangular flag; its dark mode the other
# squares on near-black), 33 CSS pixels a square; its game in a closure: its layout given by its own `setForcedMines`,
# its drawing read back: the picture each square was last drawn with (a hook of ours on the canvas' drawImage names
# every image its pictures were loaded from, the only thing added) ------------------------------------------------
EMOJI_HOOK = """(() => {
    const own = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (picture, ...rest) {
        if (picture instanceof HTMLImageElement) this.canvas.shotSource = picture.src;
        return own.call(this, picture, ...rest);
    };
    for (const [key, value] of Object.entries(%s)) localStorage.setItem(key, value);
})();"""
EMOJI_WATCH = """(() => { const own = window.image; window.shotDrawn = {};
    window.image = function (picture, x, y, w, h) {
        if (w === 33 && h === 33 && picture && picture.canvas) shotDrawn[x + ',' + y] = picture.canvas.shotSource;
        return own.apply(this, arguments); }; })()"""


def emoji_drawn(page, rows: int, cols: int, over: bool = False) -> list[list[str]]:
    """The picture each square is drawn with in its next frame (its file's name), row by row; `over`: the game is
    over (its drawing stopped), its board drawn again by its own `setTheme` (its theme button's) with its theme."""
    page.evaluate("window.shotDrawn = {}")
    if over:
        page.evaluate("emojiMinesweeper.setTheme('mine')")
    page.wait_for_function(f"Object.keys(shotDrawn).length === {rows * cols}")
    drawn = page.evaluate("shotDrawn")
    return [[drawn[f"{c * 33},{r * 33}"].rsplit("/", 1)[1] for c in range(cols)] for r in range(rows)]


def capture_emoji(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its three levels (9x9, 16x16, 30x16) or its custom board (7 to 100 a side), and its dark mode one game in
    three, put in its localStorage before its page loads, as its own buttons and custom form store them; its squares
    are always 33 CSS pixels.  Its page is served as its Vite dev server would: its stylesheet, imported by its
    `app.js`, linked in, `import.meta.env.BASE_URL` given as '/', its `public/` folder at the root.  Its mines are
    laid by its own `setForcedMines` (a layout of ours at random with an empty cell, clicked first), then played by
    clicks on its canvas (left opens, right flags); one game in three (in its light mode) then lost by a click on a
    hidden mine after a wrong flag one time in two: it then opens every square, draws each mine as a bomb (the one
    hit as a collision), a wrong flag as a cross mark and each empty square as its "lost" emoji (a knocked-out face),
    the board drawn again (its drawing stops at a loss) by its own `setTheme`.  No game won is kept (each empty
    square is then drawn as its "won" emoji).  Truth from its drawing: the picture it draws each square with (a
    keycap its count, the empty square or the "lost" face 0, the flag 'F', the hidden square, a bomb, a collision or
    a cross mark '?'); checked: every count drawn equals the mines of the layout around it, and at a loss every
    square drawn opened, each mine as a bomb or the collision."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    levels = {(9, 9, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}
    root = f"{url}emoji/"
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, dark = i % 3 == 1, i % 3 == 2
        level = levels.get((rows, cols, mines), "custom")
        stored = {"level": level, "columns": cols, "rows": rows, "mines": mines, "darkMode": json.dumps(dark)}
        ctx = base.context(browser, shot["scale"], max(1100, 33 * cols + 200), 33 * rows + 700)
        page = ctx.new_page()
        page.add_init_script(EMOJI_HOOK % json.dumps(stored))

        def served(route) -> None:
            path = route.request.url[len(url) - 1:]
            if path.startswith(("/src/app.js", "/src/utils/serviceWorker.js")):
                with urllib.request.urlopen(root + path[1:]) as got:  # from our local server
                    text = got.read().decode()
                text = text.replace("import '../styles/style.css';", "document.head.append(Object.assign("
                                    "document.createElement('link'), {rel: 'stylesheet', href: '/styles/style.css'}));")
                route.fulfill(body=text.replace("import.meta.env.BASE_URL", "'/'"), content_type="text/javascript")
            elif path.startswith("/emoji/"):
                route.continue_()
            else:  # its absolute paths (its root is its own folder)
                route.continue_(url=root + path[1:])

        page.route(f"{url}**", served)
        page.goto(f"{root}index.html")
        page.wait_for_function("window.emojiMinesweeper && document.querySelector('#board canvas')")
        while True:
            mine_at = [False] * (rows * cols)
            for k in rng.sample(range(rows * cols), mines):
                mine_at[k] = True
            zeros = [(r, c) for r in range(rows) for c in range(cols)
                     if not mine_at[r * cols + c] and around(mine_at, rows, cols, r, c) == 0]
            if zeros:
                break
        # its squares are numbered column by column
        forced = [c * rows + r for r in range(rows) for c in range(cols) if mine_at[r * cols + c]]
        assert page.evaluate(f"emojiMinesweeper.setForcedMines({forced})")
        page.evaluate(EMOJI_WATCH)
        box = page.locator("#board canvas").bounding_box()
        drawn = emoji_drawn(page, rows, cols)
        assert all(d == drawn[0][0] for row in drawn for d in row), "a fresh board: every square hidden"
        hidden = drawn[0][0]

        def click(r: int, c: int, button: str = "left") -> None:
            page.mouse.click(box["x"] + (c + 0.5) * 33, box["y"] + (r + 0.5) * 33, button=button)
            drawn[:] = emoji_drawn(page, rows, cols, over=page.evaluate("emojiMinesweeper.isGameFinished()"))

        click(*rng.choice(zeros))
        flag = "triangular_flag_flat.png"
        if not play_to_end(page, rng, f"emoji-{i}", lose, mine_at, rows, cols, click,
                           lambda r, c: drawn[r][c] != hidden and "flag" not in drawn[r][c],
                           "emojiMinesweeper.isGameFinished()",
                           lambda: [[(mine_at[r * cols + c], drawn[r][c] not in (hidden, flag), drawn[r][c] == flag)
                                     for c in range(cols)] for r in range(rows)], _CanvasCell.at(click),
                           lambda: page.wait_for_function(
                               "emojiMinesweeper.isGameFinished() && !emojiMinesweeper.hasWonGame()")):
            continue
        page.wait_for_timeout(200)
        drawn[:] = emoji_drawn(page, rows, cols, over=lose)
        empty = "black_large_square_flat.png" if dark else "white_large_square_flat.png"
        assert hidden == ("white_square_button_flat.png" if dark else "black_square_button_flat.png")
        names = {hidden: "?", empty: "0", "triangular_flag_flat.png": "F"} | {
            f"keycap_{n}_flat.png": str(n) for n in range(1, 9)}
        if lose:  # its "lost" face on the empty squares, its mines shown, a wrong flag crossed out
            names |= {"knocked-out_face_flat.png": "0", "bomb_flat.png": "?", "collision_flat.png": "?",
                      "cross_mark_flat.png": "?"}
            assert all(d not in (hidden, empty, "triangular_flag_flat.png") for row in drawn for d in row)
            assert [d in ("bomb_flat.png", "collision_flat.png") for row in drawn for d in row] == mine_at
            assert sum(d == "collision_flat.png" for row in drawn for d in row) == 1
        truth = ["".join(names[d] for d in row) for row in drawn]
        check_counts(truth, mine_at, rows, cols)
        assert all(mine_at[r * cols + c] for r, line in enumerate(truth) for c, v in enumerate(line) if v == "F")
        selector = "#board canvas" if shot["margin"] == 20 else "div:has(> #board)"
        save(out, shoot(page, selector, shot["margin"]), f"emoji-{i}{'-lost' if lose else ''}",
             {"client": "michaelkolesidis/emoji-minesweeper", "scale": shot["scale"],
              "theme": "dark" if dark else "light", "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- dmcshared/minesweeper: a plain grid of 50-pixel divs (light grey hidden cells, white opened ones with thin
# translucent lines, monospace digits, an empty cell showing a grey "0" on a lighter ground, emoji flags), light or
# dark, its size and mines given in its address -----------------------------------------------------------------
DMC_CELLS = """[...document.querySelectorAll('.board .cell')].map(e => [+e.style.gridRow - 1, +e.style.gridColumn - 1,
    e.classList.contains('bomb'), !e.classList.contains('hidden'), e.classList.contains('flag'),
    e.textContent, e.getAttribute('data-real-bombs')])"""


def capture_dmcshared(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its board's width, height and mines (`w`, `h`, `b`) and its style (`s=dark` one game in three) given in its
    address, as its README says; its cells always 50 CSS pixels.  It lays its mines at load (two may fall on one
    cell: the mines are those it laid) and spares no first click: the first click is on an empty cell of its layout,
    then clicks on its cells (left opens, right flags); one game in three then lost by a click on a hidden mine
    after a wrong flag one time in two: it then shows the whole board (every count, every mine on dark red with its
    own count written on it, a flag kept where it was).  Truth from its cells' classes (`bomb`, `hidden`, `flag`) and
    the count each shows: a shown mine '?', a flag 'F', an opened cell its count, else '?'; checked: every count
    shown is its `data-real-bombs` and equals the mines of its layout around it, its layout never moved."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, dark = i % 3 == 1, i % 3 == 2
        ctx = base.context(browser, shot["scale"], 50 * cols + 300, 50 * rows + 300)
        page = ctx.new_page()
        page.goto(f"{url}dmcshared/index.html?w={cols}&h={rows}&b={mines}{'&s=dark' if dark else ''}")
        page.wait_for_function(f"document.querySelectorAll('.board .cell').length === {rows * cols}")
        cells = page.evaluate(DMC_CELLS)
        cells.sort()
        assert [(r, c) for r, c, *_ in cells] == [(r, c) for r in range(rows) for c in range(cols)]
        mine_at = [c[2] for c in cells]
        laid = sum(mine_at)
        grid = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
        cell = lambda r, c: page.locator(".board .cell").nth(c * rows + r)  # noqa: E731  (its cells column by column)

        def state() -> None:
            got = sorted(page.evaluate(DMC_CELLS))
            grid[:] = [got[r * cols:(r + 1) * cols] for r in range(rows)]

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            state()

        def flag(r: int, c: int) -> None:
            cell(r, c).click(button="right")
            state()

        reveal(*rng.choice([(r, c) for r in range(rows) for c in range(cols)
                            if not mine_at[r * cols + c] and around(mine_at, rows, cols, r, c) == 0]))
        def lost() -> None:
            state()
            assert all(g[3] for row in grid for g in row), "the loss shows the whole board"

        if not play_to_end(page, rng, f"dmcshared-{i}", lose, mine_at, rows, cols, reveal, lambda r, c: grid[r][c][3],
                           lambda: all(m or g[3] for m, g in zip(mine_at, (g for row in grid for g in row))),
                           lambda: [[(m, shown, flagged) for _, _, m, shown, flagged, *_ in row] for row in grid],
                           cell, lost, flag=flag):
            continue
        page.wait_for_timeout(200)
        state()
        flat = []
        for _, _, mine, shown, flagged, text, real in (g for row in grid for g in row):
            if flagged:
                assert text == ""
                flat.append("F")
            elif shown and mine:
                assert lose
                flat.append("?")
            elif shown:
                assert text == real
                flat.append(text)
            else:
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [g[2] for row in grid for g in row] == mine_at, "its layout moved"
        # (its cells overflow its board's box on wide boards: the shot takes them all, as a player's screen shows them)
        save(out, shoot(page, ".board .cell", shot["margin"], every=True), f"dmcshared-{i}{'-lost' if lose else ''}",
             {"client": "dmcshared/minesweeper", "scale": shot["scale"], "theme": "dark" if dark else "light",
              "rows": truth, "mines": laid, "lost": lose}, shot["quality"])
        ctx.close()


# -- Zirkman/minesweeper ("Minesweeper - Modern Edition"): frosted-glass rounded cells with 2-pixel gaps on a
# violet gradient, opened cells near-white, Material-coloured digits, flags and mines on glowing red; its instance
# (not a global) kept by a hook that runs before its own start-up, the only thing added to its page ---------------
GLASS_HOOK = """document.addEventListener('DOMContentLoaded', () => {
    const own = MinesweeperGame.prototype.createBoard;
    MinesweeperGame.prototype.createBoard = function () { window.game = this; return own.call(this); };
});"""
GLASS_STATE = "game.board.map(row => row.map(c => [c.isMine, c.isRevealed, c.isFlagged, c.neighborMines]))"
GLASS_QUIET = """document.getElementById('particles').childElementCount === 0 &&
    [...document.body.children].every(e => e.style.zIndex !== '999')"""


def capture_glass(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its three levels (9x9 with 10 mines, 16x16 with 40, 16x30 with 99) chosen on its own menu, other sizes through
    its `difficulties` table and its `newGame`; its cells are 30 CSS pixels, 25 in a window at most 768 wide and 22
    at most 480 wide (its own media queries), so small boards are shot in windows of those widths too.  It lays the
    mines at the first click (sparing only the cell clicked), opens empty areas a cell at a time (random delays) and
    throws particles at each opening: each move waits for its openings to settle, each shot for its particles (and
    its mouse trail's) to be gone.  Played by clicks on its cells (left opens, right flags); one game in three then
    lost by a click on a hidden mine after a wrong flag one time in two: it then draws a bomb on red on every mine
    (a flagged one too) and keeps a wrong flag.  Truth from its `board` (isMine, isRevealed, isFlagged,
    neighborMines) and each cell's drawn mark: a shown mine '?', a flag 'F', an opened cell its count, else '?';
    checked: every opened count equals the mines of its layout around it, its layout never moved, each cell's mark
    the one its state names."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (20, 24, 99), (12, 20, 40)]
    levels = {(9, 9, 10): "easy", (16, 16, 40): "medium", (16, 30, 99): "hard"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        widths = (1300, 760, 470) if cols <= 12 else (1300, 760) if cols <= 20 else (1300,)
        width = widths[i % len(widths)]
        ctx = base.context(browser, shot["scale"], width, 32 * rows + 620)
        page = ctx.new_page()
        page.add_init_script(GLASS_HOOK)
        page.goto(f"{url}glass/index.html")
        page.wait_for_function("window.game && game.board.length > 0")
        level = levels.get((rows, cols, mines))
        if level:
            page.select_option("#difficulty", level)
        else:
            page.evaluate(f"""game.difficulties.custom = {{rows: {rows}, cols: {cols}, mines: {mines}}};
                game.currentDifficulty = 'custom'; game.settings = game.difficulties.custom; game.newGame()""")
        page.wait_for_function(f"game.board.length === {rows} && game.board[0].length === {cols} && "
                               f"game.settings.mines === {mines} && game.gameBoard.childElementCount === {rows * cols}")
        cell = lambda r, c: page.locator(f'#game-board .cell[data-row="{r}"][data-col="{c}"]')  # noqa: E731
        done = settled("game.board", "neighborMines")
        cell(rng.randrange(rows), rng.randrange(cols)).click()
        page.wait_for_function(done)
        cells = page.evaluate(GLASS_STATE)
        mine_at = [c[0] for row in cells for c in row]  # its layout, laid at the first click
        assert sum(mine_at) == mines

        def refresh() -> None:
            cells[:] = page.evaluate(GLASS_STATE)

        def reveal(r: int, c: int) -> None:
            cell(r, c).click()
            page.wait_for_function(done)
            refresh()

        if not play_to_end(page, rng, f"glass-{i}", lose, mine_at, rows, cols, reveal, lambda r, c: cells[r][c][1],
                           "game.gameState === 'won'", cells, cell,
                           lambda: page.wait_for_function("game.gameState === 'lost'"),
                           flag=lambda r, c: cell(r, c).click(button="right"), refresh=refresh):
            continue
        page.wait_for_timeout(400)  # its hover's scale (0.2 s)
        page.wait_for_function(GLASS_QUIET, timeout=15_000)
        cells[:] = page.evaluate(GLASS_STATE)
        marks = page.evaluate("[...document.querySelectorAll('#game-board .cell')].map(e => e.textContent)")
        flat = []
        for (mine, shown, flag, n), mark in zip((c for row in cells for c in row), marks):
            if lose and mine:
                assert mark == "\U0001f4a3"
                flat.append("?")
            elif flag:
                assert mark == "\U0001f6a9" and (mine or lose)
                flat.append("F")
            elif shown:
                assert not mine and mark == (str(n) if n else "")
                flat.append(str(n))
            else:
                assert mark == ""
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        selector = "#game-board" if shot["margin"] == 20 else ".container"
        save(out, shoot(page, selector, shot["margin"]), f"glass-{i}{'-lost' if lose else ''}",
             {"client": "Zirkman/minesweeper", "scale": shot["scale"], "window": [width, 32 * rows + 620],
              "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- emil-litwiniec/minesweeper-game: a canvas of lavender pixel-art tiles (raised with light and dark 3-pixel
# bevels, pressed ones flat), digits in the VT323 pixel font, pixel-drawn flags and mines; its ES modules served as
# Parcel would bundle them (a module script, `.js` added to its imports) from its `src/`, with one line appended to
# its game module giving read access to its `minefield` (the only thing added), and its board's size in its
# `config` module changed when served (its only board is 20x25) ---------------------------------------------------
LAVENDER_FONT = "@font-face { font-family: 'VT323'; src: url(%slavender/vt323/files/vt323-latin-400-normal.woff2) " \
                "format('woff2'); }"  # its Google Fonts stylesheet, served from @fontsource/vt323 5.3.0 (npm)
LAVENDER_STATE = "shotMinefield().map(row => row.map(c => [c.state === 'mine', c.pressed, c.flagged, c.minesAmount]))"


def capture_lavender(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its board's size set in its `config` module when served (23-pixel tiles, as its own), its mines on its own
    input and "Set mines" button (at most 200).  It lays the mines at the first click, sparing the cells around it
    (the first click opens an empty area).  Played by clicks on its canvas (left opens, right flags); one game in
    three then lost by a click on a hidden mine after a wrong flag one time in two: it then draws every mine (a
    flagged one with its flag under it) and keeps a wrong flag; its "Boom!" alert is dismissed.  No game won is kept.
    Its canvas is not sized for the device's pixels (blurred when scaled up).  Truth from its `minefield` (each
    cell's state, pressed, flagged, minesAmount): a shown mine '?', a flag 'F', an opened cell its count, else '?';
    checked: every opened count equals the mines of its layout around it, its layout never moved, no opened cell
    flagged."""
    sizes = [(20, 25, 100), (9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 10), (24, 30, 160), (12, 20, 40)]
    root = f"{url}lavender/src/"
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        width, height = max(900, 23 * cols + 260), 23 * rows + 440
        ctx = base.context(browser, shot["scale"], width, height)
        page = ctx.new_page()

        def served(route, *_, rows: int = rows, cols: int = cols) -> None:
            path = route.request.url[len(url) - 1:]
            if path == "/style.css":  # its absolute path (its root is its own folder)
                route.continue_(url=root + "style.css")
                return
            name = path.rsplit("/", 1)[1]
            file = name if name.endswith((".js", ".html")) else name + ".js"
            with urllib.request.urlopen(root + ("game/" if file.endswith(".js") else "") + file) as got:
                text = got.read().decode()
            if file == "index.html":
                text = text.replace('<script src="game/minesweeper.js">',
                                    '<script type="module" src="game/minesweeper.js">')
                route.fulfill(body=text, content_type="text/html")
                return
            for module in ("Cell", "config", "canvas"):
                text = text.replace(f"from './{module}';", f"from './{module}.js';")
            if file == "config.js":
                text = text.replace("numberOfRows = 20;", f"numberOfRows = {rows};")
                text = text.replace("numberOfColumns = 25;", f"numberOfColumns = {cols};")
            if file == "minesweeper.js":
                text += "\nwindow.shotMinefield = () => minefield;\n"
            route.fulfill(body=text, content_type="text/javascript")

        page.route(f"{root}index.html", served)
        page.route(f"{root}game/**", served)
        page.route(f"{url}style.css", served)
        page.route("https://fonts.googleapis.com/**",
                   lambda route: route.fulfill(body=LAVENDER_FONT % url, content_type="text/css"))
        page.goto(f"{root}index.html")
        page.wait_for_function(f"window.shotMinefield && shotMinefield().length === {rows} && "
                               f"shotMinefield()[0].length === {cols}")
        page.evaluate("document.fonts.load('28px \"VT323\"')")
        page.wait_for_function("document.fonts.check('28px \"VT323\"')")
        page.fill("#minesAmountInput", str(mines))
        page.click("#minesAmountSetBtn")
        page.wait_for_function(f"document.getElementById('minesLeft').innerText === 'Mines: {mines}'")
        box = page.locator("#canvas").bounding_box()
        cells: list = []

        def click(r: int, c: int, button: str = "left") -> None:
            page.mouse.click(box["x"] + 1 + c * 23 + 11.5, box["y"] + 1 + r * 23 + 11.5, button=button)
            cells[:] = page.evaluate(LAVENDER_STATE)

        click(rng.randrange(rows), rng.randrange(cols))
        mine_at = [c[0] for row in cells for c in row]  # its layout, laid at the first click
        assert sum(mine_at) == mines
        if not play_to_end(page, rng, f"lavender-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           lambda: all(m or c[1] for m, c in zip(mine_at, (c for row in cells for c in row))),
                           cells, _CanvasCell.at(click), lambda: page.wait_for_function(
                               "shotMinefield().every(row => row.every(c => c.state !== 'mine' || c.pressed))")):
            continue
        page.wait_for_timeout(300)  # its "Boom!" alert (dismissed), 100 ms after a loss
        cells[:] = page.evaluate(LAVENDER_STATE)
        flat = []
        for mine, pressed, flagged, n in (c for row in cells for c in row):
            if lose and mine:
                assert pressed
                flat.append("?")
            elif flagged:
                assert not pressed and (mine or lose)
                flat.append("F")
            elif pressed:
                assert not mine
                flat.append(str(n))
            else:
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        selector = "#canvas" if shot["margin"] == 20 else ".game"
        save(out, shoot(page, selector, shot["margin"]), f"lavender-{i}{'-lost' if lose else ''}",
             {"client": "emil-litwiniec/minesweeper-game", "scale": shot["scale"], "window": [width, height],
              "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- thisancog/JSMinesweeper: a canvas of its own 50-pixel sprites (grey raised squares with soft bevels, bold
# coloured digits, a flag on a base, black mines) scaled to its cell size, its LED counters and face drawn in the
# canvas' header; its options given in its demo page (the board it makes there: 30x16 with 99 mines) ---------------
GREY_STATE = "minesweeper.cells.map(column => column.map(c => [c.content === -1, c.revealed, c.flagged, c.content]))"


def capture_greycanvas(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its board's width, height, mines and cell size (`width`, `height`, `numMines`, `cellSize`: its options, as its
    README documents them) given to its own constructor in its demo page; its boards are at least 10x10, its cells of
    20, 24, 30 (its default) or 40 CSS pixels here.  It lays the mines at the first click, sparing the cells around
    it (the first click opens an empty area).  Its canvas is not sized for the device's pixels (blurred when scaled
    up).  Played by clicks on its canvas (left opens, right flags); one game in three then lost by a click on a
    hidden mine after a wrong flag one time in two: it then draws the whole board (every count, every mine, the one
    hit on red), each flag kept.  No game won is kept.  Truth from its `cells` (each cell's content, revealed,
    flagged): a flag 'F', a mine shown at a loss '?', an opened cell (every cell not a mine at a loss) its count,
    else '?'; checked: every count equals the mines of its layout around it, its layout never moved."""
    sizes = [(10, 10, 10), (16, 16, 40), (16, 30, 99), (24, 30, 160), (20, 24, 99), (12, 20, 40), (10, 14, 20)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        size = rng.choice((20, 24, 30, 40)) if cols <= 20 else rng.choice((20, 24, 30))
        width, height = cols * size + 300, rows * size + 400
        ctx = base.context(browser, shot["scale"], width, height)
        page = ctx.new_page()
        options = f"{{width: {cols}, height: {rows}, numMines: {mines}, cellSize: {size}}}"

        def served(route, *_, options: str = options) -> None:
            with urllib.request.urlopen(route.request.url) as got:
                text = got.read().decode()
            assert "new Minesweeper({numMines: 99})" in text
            route.fulfill(body=text.replace("new Minesweeper({numMines: 99})", f"new Minesweeper({options})"),
                          content_type="text/html")

        page.route(f"{url}greycanvas/demo.html", served)
        page.goto(f"{url}greycanvas/demo.html")
        page.wait_for_function(f"window.minesweeper && minesweeper.cells && minesweeper.cells.length === {cols} && "
                               f"minesweeper.cells[0].length === {rows} && minesweeper.args.numMines === {mines}")
        box = page.locator("canvas").bounding_box()
        cells: list = []

        def click(r: int, c: int, button: str = "left") -> None:
            page.mouse.click(box["x"] + 8 + (c + 0.5) * size, box["y"] + 108 + (r + 0.5) * size, button=button)
            columns = page.evaluate(GREY_STATE)
            cells[:] = [[columns[c][r] for c in range(cols)] for r in range(rows)]

        click(rng.randrange(rows), rng.randrange(cols))
        mine_at = [c[0] for row in cells for c in row]  # its layout, laid at the first click
        assert sum(mine_at) == mines
        if not play_to_end(page, rng, f"greycanvas-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           "minesweeper.won !== false", cells, _CanvasCell.at(click), "minesweeper.gameover !== false"):
            continue
        page.wait_for_timeout(200)
        flat = []
        for mine, shown, flagged, n in (c for row in cells for c in row):
            if flagged:
                assert mine or lose
                flat.append("F")
            elif mine:
                assert lose or not shown
                flat.append("?")
            elif shown or lose:  # at a loss it draws every cell not flagged as opened
                flat.append(str(n))
            else:
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        save(out, shoot(page, "canvas", shot["margin"]), f"greycanvas-{i}{'-lost' if lose else ''}",
             {"client": "thisancog/JSMinesweeper", "scale": shot["scale"], "cell": size, "rows": truth,
              "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- fthielke/html-minesweeper: a rounded grey frame, hidden cells with CSS outset borders and a white radial shine
# in their top-left corner, opened cells flat grey with inset borders, bold PT Mono digits in bright colours (a yellow
# 4, a cyan 6), CSS-drawn flags and mines; its cells sized to the window (the field fills its height or width); its
# script served with one line added giving read access to its `_field` (its layout, private to its closure: the only
# thing added) and its PT Mono from @fontsource/pt-mono instead of Google Fonts' stylesheet ------------------------
PTMONO_FONT = "@font-face { font-family: 'PT Mono'; src: url(%sptmono/pt-mono/files/pt-mono-latin-400-normal.woff2) " \
              "format('woff2'); }"  # its Google Fonts stylesheet, served from @fontsource/pt-mono 5.3.0 (npm)
PTMONO_STATE = """[...document.querySelectorAll('#minesweeper .field .cell')].map((e, i) => [
    minesweeper.shotField()[i] === 'mine', !e.hasAttribute('data-concealed'), e.getAttribute('data-icon') === 'flag',
    minesweeper.shotField()[i] === 'mine' ? -1 : minesweeper.shotField()[i], e.getAttribute('data-icon'),
    e.getAttribute('data-number')])"""


def capture_ptmono(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its levels Easy (9x9 with 10 mines) and Medium (20x15 with 40) chosen on its own "New Game" box, other sizes
    typed in that box's own form (columns, rows, mines: "Custom"); its cells fill the window's height (less its header,
    10.75 rem), so each board is shot in windows giving cells of about 18 to 44 CSS pixels.  It lays the mines when
    the game is made (no first click spared): the first click is on a cell that its layout makes empty (an opening).
    Played by clicks on its cells (left opens, right flags: its mouse-down and mouse-up handlers); one game in three
    then lost by a click on a hidden mine after a wrong flag one time in two: it then shows every mine not flagged
    (50 ms apart, each with an explosion's animation, waited for) and keeps every flag.  No game won is kept.  Truth
    from its `_field` (each cell's count or 'mine') and each cell's attributes (`data-concealed`, `data-icon`,
    `data-number`): a flag 'F', a mine shown at a loss '?', an opened cell its count, else '?'; checked: every opened
    count equals the mines of its layout around it, the number it shows is its count, its layout never moved."""
    sizes = [(9, 9, 10), (15, 20, 40), (16, 30, 99), (8, 8, 10), (24, 30, 150), (16, 16, 40), (12, 20, 40)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        size = rng.choice((18, 24, 30)) if rows > 16 else rng.choice((22, 28, 36, 44))
        height = 172 + rows * size
        width = max(700, cols * size + 200, int(1.4 * (height - 100)))  # its field fills the height
        ctx = base.context(browser, shot["scale"], width, height)
        page = ctx.new_page()

        def served(route, *_) -> None:
            with urllib.request.urlopen(route.request.url) as got:
                text = got.read().decode()
            assert "this.active = false;" in text
            route.fulfill(body=text.replace("this.active = false;",
                                            "this.active = false; this.shotField = () => _field;", 1),
                          content_type="text/javascript")

        page.route(f"{url}ptmono/js/minesweeper.js", served)
        page.route("https://fonts.googleapis.com/**",
                   lambda route: route.fulfill(body=PTMONO_FONT % url, content_type="text/css"))
        page.goto(f"{url}ptmono/index.html")
        page.wait_for_function("window.minesweeper && minesweeper.active && minesweeper.shotField")
        page.evaluate("document.fonts.load('bold 20px \"PT Mono\"')")
        page.wait_for_function("document.fonts.check('bold 20px \"PT Mono\"')")
        page.click("#minesweeper .newgameButton")
        levels = {(9, 9, 10): "Easy", (15, 20, 40): "Medium"}
        if (rows, cols, mines) in levels:
            page.click(f".modal .buttonRow button:has-text('{levels[rows, cols, mines]}')")
        else:
            page.fill(".modal input.cols", str(cols))
            page.fill(".modal input.rows", str(rows))
            page.fill(".modal input.mines", str(mines))
            page.click(".modal form button[type=submit]")
        page.wait_for_function(f"document.querySelectorAll('#minesweeper .field .row').length === {rows} && "
                               f"document.querySelectorAll('#minesweeper .field .cell').length === {rows * cols} && "
                               f"minesweeper.shotField().filter(v => v === 'mine').length === {mines}")
        page.wait_for_timeout(100)
        flat_state = page.evaluate(PTMONO_STATE)
        cells: list = [flat_state[r * cols:(r + 1) * cols] for r in range(rows)]
        mine_at = [c[0] for c in flat_state]  # its layout, laid when the game was made
        cell = lambda r, c: page.locator("#minesweeper .field .cell").nth(r * cols + c)  # noqa: E731

        def click(r: int, c: int, button: str = "left") -> None:
            cell(r, c).click(button=button)
            got = page.evaluate(PTMONO_STATE)
            cells[:] = [got[y * cols:(y + 1) * cols] for y in range(rows)]

        zeros = [(r, c) for r in range(rows) for c in range(cols) if cells[r][c][3] == 0]
        click(*rng.choice(zeros))
        def lost() -> None:
            page.wait_for_function("document.querySelector('#minesweeper .newgameButton').dataset.status === 'lose' "
                                   "&& !document.querySelector('#minesweeper .newgameButton').hasAttribute('disabled')",
                                   timeout=60_000)
            page.wait_for_timeout(900)  # the last mine's explosion (750 ms)

        if not play_to_end(page, rng, f"ptmono-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           "document.querySelector('#minesweeper .newgameButton').dataset.status === 'win'",
                           cells, cell, lost):
            continue
        page.wait_for_timeout(100)
        got = page.evaluate(PTMONO_STATE)
        flat = []
        for mine, shown, flagged, n, icon, number in got:
            if flagged:
                assert not shown and (mine or lose)
                flat.append("F")
            elif mine:
                assert icon == ("mine" if lose else None) and not shown
                flat.append("?")
            elif shown:
                assert (icon, number) == (("number", str(n)) if n else (None, None))
                flat.append(str(n))
            else:
                assert icon is None
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for c in got] == mine_at, "its layout moved"
        selector = "#minesweeper .field" if shot["margin"] == 20 else "#minesweeper"
        save(out, shoot(page, selector, shot["margin"]), f"ptmono-{i}{'-lost' if lose else ''}",
             {"client": "fthielke/html-minesweeper", "scale": shot["scale"], "window": [width, height],
              "rows": truth, "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- premislau/minesweeper-p5.js: a p5.js canvas of flat squares outlined in black: dark grey hidden ones, white opened
# ones with black digits in the browser's sans-serif (vector text, drawn at the device's pixel density), a marked cell
# a plain red square (no flag picture); at a loss every square opened (mines black, a marked mine dark red, a wrongly
# marked cell pink with its count) and "BOOM!" written in large cyan letters across the board; its p5.js (1.5.0, from
# npm, which its page loads from its parent folder) and its settings (the four constants its README says to edit at
# the top of its sketch: `h`, `w`, `filedSize`, `numberOfMines`) given when served ----------------------------------
P5MINES_STATE = """board.grid[0].map((_, y) => board.grid.map(column => column[y]).map(f => [f.hasMine, f.revealed,
    f.marked, f.neighbourMines]))"""
P5MINES_FRAME = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(frameCount))))"


def capture_p5mines(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its board's height, width, square size and mines set in its sketch's constants (its own way of choosing them),
    squares of 20 to 60 CSS pixels (60 its own).  It lays the mines at the first click, sparing only the cell clicked
    (the first click here is on a cell whose neighbours are all free of mines: an opening).  Played by clicks on its
    canvas (a left click opens; a click with the F key held marks, its own way); one game in three then lost by a
    click on a hidden mine after a wrong mark one time in two.  No game won is kept.  Truth from its `board.grid` (each
    field's hasMine, revealed, marked, neighbourMines): before a loss a marked cell 'F', an opened cell its count,
    else '?'; at a loss (every square opened) a mine '?' and every other cell its count (a wrongly marked one too, drawn
    opened, pink); checked: every count equals the mines of its layout around it, its layout never moved."""
    sizes = [(8, 8, 10), (9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 150), (12, 20, 40), (10, 14, 20)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        size = rng.choice((20, 26, 32)) if cols > 16 else rng.choice((24, 32, 40, 60))
        width, height = cols * size + 200, rows * size + 200
        ctx = base.context(browser, shot["scale"], width, height)
        page = ctx.new_page()

        def served(route, *_, rows: int = rows, cols: int = cols, size: int = size, mines: int = mines) -> None:
            with urllib.request.urlopen(route.request.url) as got:
                text = got.read().decode()
            own = ("const h=8;", "const w=12;", "const filedSize=60;", "const numberOfMines=10;")
            assert all(line in text for line in own)
            for line, value in zip(own, (rows, cols, size, mines)):
                text = text.replace(line, f"{line.split('=')[0]}={value};")
            route.fulfill(body=text, content_type="text/javascript")

        page.route(f"{url}p5mines/sketch.js", served)
        page.route(f"{url}p5.js", lambda route: route.continue_(url=f"{url}p5mines/p5/p5.min.js"))
        page.goto(f"{url}p5mines/index.html")
        page.wait_for_function(f"typeof board !== 'undefined' && board.width === {cols} && board.height === {rows} && "
                               f"board.numberOfMines === {mines} && frameCount > 1")
        box = page.locator("canvas").bounding_box()
        cells: list = []

        def click(r: int, c: int, button: str = "left") -> None:
            if button == "right":
                page.keyboard.down("f")
            page.mouse.click(box["x"] + (c + 0.5) * size, box["y"] + (r + 0.5) * size)
            if button == "right":
                page.keyboard.up("f")
            cells[:] = page.evaluate(P5MINES_STATE)

        cells[:] = page.evaluate(P5MINES_STATE)
        inner = [(r, c) for r in range(1, rows - 1) for c in range(1, cols - 1)]
        for _ in range(200):  # a first click (its layout laid then) that opens an area: else a new page
            click(*rng.choice(inner))
            if sum(c[1] for row in cells for c in row) > 1:
                break
            page.reload()
            page.wait_for_function(f"typeof board !== 'undefined' && board.width === {cols} && frameCount > 1")
            cells[:] = page.evaluate(P5MINES_STATE)
        mine_at = [c[0] for row in cells for c in row]  # its layout, laid at the first click
        assert sum(mine_at) == mines
        if not play_to_end(page, rng, f"p5mines-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           "board.victory", cells, _CanvasCell.at(click), "board.boom"):
            continue
        page.evaluate(P5MINES_FRAME)
        truth = opened_truth((c for row in cells for c in row), lose, rows, cols)
        check_counts(truth, mine_at, rows, cols)
        assert [c[0] for row in cells for c in row] == mine_at, "its layout moved"
        save(out, shoot(page, "canvas", shot["margin"]), f"p5mines-{i}{'-lost' if lose else ''}",
             {"client": "premislau/minesweeper-p5.js", "scale": shot["scale"], "cell": size, "rows": truth,
              "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- areasoft/winmine.html: Windows' Minesweeper redrawn in CSS and SVG sprites of its own (grey bevelled cells, the
# classic digits, a flag, seven-segment counters of CSS pixels), its cells of the size set in its settings (16 to 32 CSS
# pixels: its sprites keep their size in the middle of a larger cell); its window stretches its cells to fill the page,
# so it is shown as its README shows it embedded: an iframe of the board's own size on a page of ours; its "Color"
# setting off one game in four (black and white) ---------------------------------------------------------------------
WINMINE_SETTINGS = """for (const [key, value] of Object.entries(%s)) localStorage.setItem(key, value);"""
WINMINE_HOST = """<!doctype html><html><head><meta charset="utf-8"><title>Minesweeper</title></head>
<body style="margin: 0; font: 16px sans-serif; color: #222; background: #fafafa">
<div style="padding: %dpx %dpx"><h2 style="margin: 0 0 8px">A game of Minesweeper</h2>
<p style="margin: 0 0 12px">Left click opens a square, right click flags it.</p>
<iframe title="winmine.html" src="winmine.html?height=%d&width=%d&mines=%d" width="%dpx" height="%dpx"></iframe>
<p>winmine.html, in a frame of its own size.</p></div></body></html>"""
WINMINE_BOARD = "iframe >> internal:control=enter-frame >> .cell-container"  # the board, in its frame
WINMINE_STATE = """[...document.querySelectorAll('.cell-container > div')].map(e => [e.id.slice(5),
    [...e.classList].join(' ')])"""


def capture_winmine(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its board's height, width and mines given in its address (`?height=&width=&mines=`, read by its own
    `load_board_settings`), its cell size and "Color" setting in its localStorage as its settings page stores them
    (`setting_cell_size_height`, `setting_cell_size_width`, `setting_color`; `setting_api_url` emptied, its own way to
    send no game history away), cells of 16, 20, 24 or 32 CSS pixels; its frame sized for square cells (the board's
    columns and rows times the cell, plus its window's own 20 by 83 pixels), on a page of ours at an offset.  It lays
    the mines at a new game and moves a mine hit by the first click (the first click here on an empty cell of its
    layout); played by clicks on its cells (left opens, right flags), one game in three then lost by a click on a
    hidden mine after a wrong flag one time in two: it shows every mine not flagged, the one hit on red, and a wrong
    flag as a crossed-out mine, flags on mines kept.  No game won is kept.  Truth from its cells' classes (`clear`,
    `c1`-`c8`, `flag`, `mine`, `triggered-mine`, `notmine`) and its layout (`winmine.mines`): a flag 'F', a mine shown
    or a crossed-out flag '?', an opened cell its count, else '?'; checked: every opened count equals the mines of its
    layout around it, its cells squares of the size set, its layout never moved after the first click."""
    sizes = [(8, 8, 10), (9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 150), (12, 20, 40), (20, 24, 99)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, color = i % 3 == 1, i % 4 != 3
        px = rng.choice((16, 20, 24, 32)) if cols <= 16 else rng.choice((16, 20, 24))
        frame_w, frame_h = cols * px + 20, rows * px + 83
        left, top = rng.choice((10, 40, 90)), rng.choice((10, 30, 70))
        ctx = base.context(browser, shot["scale"], frame_w + 2 * left + 40, frame_h + top + 160)
        page = ctx.new_page()
        settings = {"setting_cell_size_height": px, "setting_cell_size_width": px, "setting_api_url": "",
                    "setting_color": "true" if color else "false"}
        page.add_init_script(WINMINE_SETTINGS % json.dumps({k: str(v) for k, v in settings.items()}))
        host = WINMINE_HOST % (top, left, rows, cols, mines, frame_w, frame_h)
        page.route(f"{url}winmine/shot-host.html", lambda route, *_: route.fulfill(body=host, content_type="text/html"))
        page.goto(f"{url}winmine/shot-host.html")
        page.wait_for_function("document.querySelector('iframe').contentWindow.winmine?.mines?.length > 0")
        game = page.main_frame.child_frames[0]
        game.wait_for_function(f"winmine.cells.length === {rows} && winmine.cells[0].length === {cols} && "
                               f"winmine.mine_count === {mines} && winmine.mines.length === {mines} && "
                               f"document.querySelectorAll('.cell-container > div').length === {rows * cols}")
        board = game.locator(".cell-container").bounding_box()
        assert (round(board["width"]), round(board["height"])) == (cols * px, rows * px), (board, px)
        assert game.evaluate(f"[...document.querySelectorAll('.cell-container > div')].every(e => "
                             f"e.offsetWidth === {px} && e.offsetHeight === {px})"), "its cells are not squares"

        def layout() -> list[bool]:
            mined = set(game.evaluate("winmine.mines"))
            assert len(mined) == mines
            return [f"{r}_{c}" in mined for r in range(rows) for c in range(cols)]

        cells: list = []

        def refresh() -> None:
            at = layout()
            got = dict(game.evaluate(WINMINE_STATE))
            cells[:] = [[(at[r * cols + c], "clear" in got[f"{r}_{c}"].split(), "flag" in got[f"{r}_{c}"].split())
                         for c in range(cols)] for r in range(rows)]

        def click(r: int, c: int, button: str = "left") -> None:
            game.locator(f"#cell_{r}_{c}").click(button=button)
            refresh()

        refresh()
        first = layout()
        click(*rng.choice([(r, c) for r in range(rows) for c in range(cols)
                           if not first[r * cols + c] and around(first, rows, cols, r, c) == 0]))
        mine_at = layout()  # its layout (a mine hit by a first click would have moved)
        assert mine_at == first
        cell = lambda r, c: game.locator(f"#cell_{r}_{c}")  # noqa: E731
        if not play_to_end(page, rng, f"winmine-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           lambda: game.evaluate("winmine.game_over && winmine.game_win"), cells, cell,
                           lambda: game.wait_for_function("winmine.game_over && !winmine.game_win")):
            continue
        page.wait_for_timeout(150)
        assert layout() == mine_at, "its layout moved"
        got = dict(game.evaluate(WINMINE_STATE))
        flat = []
        for r in range(rows):
            for c in range(cols):
                classes, mine = set(got[f"{r}_{c}"].split()), mine_at[r * cols + c]
                assert "question" not in classes
                counts = [int(k[1]) for k in classes if len(k) == 2 and k[0] == "c" and k[1] in "12345678"]
                if "flag" in classes:
                    assert mine and "clear" not in classes
                    flat.append("F")
                elif classes & {"mine", "triggered-mine", "notmine"}:
                    assert lose and mine == ("notmine" not in classes)
                    flat.append("?")
                elif "clear" in classes:
                    assert not mine and len(counts) <= 1
                    flat.append(str(counts[0] if counts else 0))
                else:
                    assert not counts
                    flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        selector = WINMINE_BOARD if shot["margin"] == 20 else "iframe"
        png = shoot(page, selector, shot["margin"])
        save(out, png, f"winmine-{i}{'-lost' if lose else ''}",
             {"client": "areasoft/winmine.html", "scale": shot["scale"], "cell": px, "color": color, "rows": truth,
              "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- BrandonDusseau/minesweeper-classic: a clone of Windows 2000's Minesweeper in a "SweeperOS" desktop of its own (a
# blue desktop, a draggable window with a title bar and a Game and Help menu), its own 16-pixel sprites (drawn to
# replace Microsoft's), red LED counters and a face; its "Color" menu item off one game in two (black and white) ----
MCLASSIC_HOOK = "var tiles        = null;"  # its game's tiles, private to its closure: read access given to them
MCLASSIC_STATE = """shotTiles().map((row, r) => row.map((t, c) => [t.isMine, t.triggered, t.flagged, t.number,
    document.querySelector(`.ms-panel[data-coord="${r},${c}"]`).className]))"""


def capture_mclassic(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its release 1.1.1 (`65a0a05`, with its built files), its unminified script served for its minified one with one
    line added after its `tiles` (`window.shotTiles = () => tiles`, the only thing added); its levels (9x9 with 10
    mines, 16x16 with 40, 16x30 with 99) chosen on its own Game menu, other sizes typed in its own "Custom..." dialog
    (9 to 30 columns, 9 to 24 rows, as it allows), its "Color" item unticked one game in two; its window dragged by
    its title bar to a place of the desktop at random.  It lays the mines at a new game and moves a mine hit by the
    first click (the first click here on an empty cell of its layout); played by clicks on its cells (left opens,
    right flags), one game in three then lost by a click on a hidden mine after a wrong flag one time in two: it
    shows every mine not flagged, the one hit on red, and a wrong flag as a crossed-out mine, flags on mines kept.  No
    game won is kept.  Truth from its tiles (`isMine`, `triggered`, `flagged`, `number`) and each cell's classes: a
    flag 'F', a mine shown or a crossed-out flag '?', an opened cell its count, else '?'; checked: every opened count
    equals the mines of its layout around it, each cell's classes as its tile says, its layout never moved after the
    first click."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 150), (12, 20, 40), (20, 24, 99), (9, 12, 15)]
    levels = {(9, 9, 10): "#game_beg", (16, 16, 40): "#game_int", (16, 30, 99): "#game_exp"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, color = i % 3 == 1, i % 2 == 0
        ctx = base.context(browser, shot["scale"], 1000, 760)
        page = ctx.new_page()

        def served(route, *_) -> None:
            with urllib.request.urlopen(f"{url}mclassic/js/minesweeper.js") as got:
                text = got.read().decode()
            assert text.count(MCLASSIC_HOOK) == 1
            route.fulfill(body=text.replace(MCLASSIC_HOOK, MCLASSIC_HOOK + " window.shotTiles = () => tiles;"),
                          content_type="text/javascript")

        page.route(f"{url}mclassic/js/minesweeper.min.js", served)
        page.goto(f"{url}mclassic/index.html")
        page.wait_for_function("window.shotTiles && shotTiles() && shotTiles().length === 9 && "
                               "!document.body.classList.contains('loading')")
        page.click("#game")
        if (rows, cols, mines) in levels:
            page.click(levels[rows, cols, mines])
        else:
            page.click("#game_cst")
            page.fill("#cst-height", str(rows))
            page.fill("#cst-width", str(cols))
            page.fill("#cst-mines", str(mines))
            page.click("#cst_ok")
        if not color:
            page.click("#game")
            page.click("#game_clr")
        page.wait_for_function(f"shotTiles().length === {rows} && shotTiles()[0].length === {cols} && "
                               f"shotTiles().flat().filter(t => t.isMine).length === {mines} && "
                               f"document.querySelectorAll('.ms-grid .ms-panel').length === {rows * cols} && "
                               "document.querySelector('.minesweeper').classList.contains('no-color') === "
                               f"{str(not color).lower()}")
        title = page.locator("#ms-main .title-bar .title").bounding_box()
        page.mouse.move(title["x"] + 20, title["y"] + 5)
        page.mouse.down()
        page.mouse.move(title["x"] + 20 + rng.randrange(0, 360), title["y"] + 5 + rng.randrange(0, 120), steps=4)
        page.mouse.up()
        cells: list = []

        def refresh() -> None:
            cells[:] = page.evaluate(MCLASSIC_STATE)

        def click(r: int, c: int, button: str = "left") -> None:
            page.locator(f'.ms-panel[data-coord="{r},{c}"]').click(button=button)
            refresh()

        refresh()
        first = [t[0] for row in cells for t in row]
        click(*rng.choice([(r, c) for r in range(rows) for c in range(cols)
                           if not first[r * cols + c] and around(first, rows, cols, r, c) == 0]))
        mine_at = [t[0] for row in cells for t in row]  # its layout (a mine hit by a first click would have moved)
        assert mine_at == first
        cell = lambda r, c: page.locator(f'.ms-panel[data-coord="{r},{c}"]')  # noqa: E731
        if not play_to_end(page, rng, f"mclassic-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           "shotTiles().flat().every(t => t.isMine || t.triggered)", cells, cell,
                           "shotTiles().flat().some(t => t.exploded) && "
                           "document.querySelector('.smiley-icon').classList.contains('dead')"):
            continue
        page.wait_for_timeout(150)
        refresh()
        assert [t[0] for row in cells for t in row] == mine_at, "its layout moved"
        flat = []
        for mine, shown, flagged, n, classes in (t for row in cells for t in row):
            drawn = set(classes.split())
            if flagged and not shown:
                assert mine and "flagged" in drawn
                flat.append("F")
            elif shown and (mine or flagged):
                assert lose and ("mine" in drawn if mine else "bogus" in drawn)
                flat.append("?")
            elif shown:
                assert "triggered" in drawn and drawn & {f"m{k}" for k in range(1, 9)} == ({f"m{n}"} if n else set())
                flat.append(str(n))
            else:
                assert not drawn & {"triggered", "flagged", "marked", "mine"}
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        selector = ".ms-grid" if shot["margin"] == 20 else "#ms-main"
        save(out, shoot(page, selector, shot["margin"]), f"mclassic-{i}{'-lost' if lose else ''}",
             {"client": "BrandonDusseau/minesweeper-classic", "scale": shot["scale"], "color": color, "rows": truth,
              "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- nejiko96/jquery-minesweeper: a jQuery plugin drawing each cell as a 32-pixel sprite of its own sheet (its default
# stylesheet's: pale green squares with darker green edges, digits in a handwritten italic brush style, shaded; about
# one game in three its other 32-pixel sheet, Windows-like grey squares with the classic coloured digits), on its demo
# page of five boards (three levels and a custom form); its jQuery (from a CDN) served from Debian's `libjs-jquery` ---
JQMINES_HOOK = "new MineSweeper(this, settings)._show();"  # its games, private to its plugin: read access given to them
JQMINES_STATE = """(() => { const g = shotGames[%r]; const spans = [...document.querySelectorAll(%r)];
    return g._board._states.map((s, i) => [!!g._board._hasMine(i), s, spans[i].className]); })()"""


def capture_jqmines(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its release 1.4.6 (`ca27c26`), its unminified script served for its minified one with one line changed, which
    keeps each game it makes (`window.shotGames[id]`, the only thing added); its levels (9x9 with 10 mines, 16x16 with
    40, 16x30 with 99) on its demo page's own boards, other sizes typed in that page's own "Customize" form (width 9 to
    30, height 9 to 24, as it allows); its stylesheet as shipped (its green sheet) or, about one game in three, with its
    `$ms-background-img` set to its other sheet (`MS_32x32.png`), the one line that changes.  It lays the mines at the
    first click, sparing the cell clicked and its neighbours (an opening); played by clicks on its cells (left opens,
    right flags: its mouse-down and mouse-up handlers), one game in three then lost by a click on a hidden mine after a
    wrong flag one time in two: it shows every mine not flagged, the one hit on red, a wrong flag as a crossed-out
    mine, flags on mines kept.  No game won is kept, nor one showing an opened 8 (its stylesheet places the 8's
    picture wrongly: an 8 is drawn as its 5).  Truth from its board's states (`_states`: hidden, flag, opened with a
    count, mine shown, exploded, wrong flag) and its layout (`_hasMine`): a flag 'F', a mine shown or a crossed-out
    flag '?', an opened cell its count, else '?'; checked: every cell's class is its state's, every opened count equals
    the mines of its layout around it, its layout never moved after the first click."""
    sizes = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 150), (12, 20, 40), (20, 24, 99), (9, 12, 15)]
    levels = {(9, 9, 10): "minesweeper2", (16, 16, 40): "minesweeper3", (16, 30, 99): "minesweeper4"}
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose, sheet = i % 3 == 1, "MS_32x32" if rng.random() < 1 / 3 else "green_32x32"
        ctx = base.context(browser, shot["scale"], max(1100, cols * 32 + 300), max(900, rows * 32 + 320))
        page = ctx.new_page()

        def served(route, *_) -> None:
            with urllib.request.urlopen(f"{url}jqmines/scripts/jquery.minesweeper.js") as got:
                text = got.read().decode()
            assert text.count(JQMINES_HOOK) == 1
            route.fulfill(body=text.replace(JQMINES_HOOK, "(window.shotGames = window.shotGames || {})[this.id] = "
                                            "new MineSweeper(this, settings); window.shotGames[this.id]._show();"),
                          content_type="text/javascript")

        def styled(route, *_, sheet: str = sheet) -> None:
            with urllib.request.urlopen(route.request.url) as got:
                text = got.read().decode()
            assert text.count("green_32x32.png") == 1
            route.fulfill(body=text.replace("green_32x32.png", f"{sheet}.png"), content_type="text/css")

        page.route(f"{url}jqmines/scripts/jquery.minesweeper.min.js", served)
        page.route(f"{url}jqmines/styles/jquery.minesweeper.css", styled)
        page.route("http://code.jquery.com/jquery.min.js",
                   lambda route: route.fulfill(path="/usr/share/javascript/jquery/jquery.min.js",
                                               content_type="text/javascript"))  # apt-get install libjs-jquery
        page.route("https://www.googletagmanager.com/**", lambda route: route.abort())
        page.goto(f"{url}jqmines/index.html")
        page.wait_for_function("window.shotGames && Object.keys(shotGames).length === 4")
        if (rows, cols, mines) in levels:
            board = rng.choice(("minesweeper1", "minesweeper2")) if rows == 9 else levels[rows, cols, mines]
        else:
            board = "minesweeper5"
            page.fill("#txtWidth", str(cols))
            page.fill("#txtHeight", str(rows))
            page.fill("#txtMines", str(mines))
            page.click("#btnCustom")
        spans = f"#{board} .minesweeper-cells > span"
        page.wait_for_function(f"shotGames.{board} && shotGames.{board}._width === {cols} && "
                               f"shotGames.{board}._height === {rows} && shotGames.{board}._mines === {mines} && "
                               f"document.querySelectorAll('{spans}').length === {rows * cols}")
        page.locator(f"#{board}").scroll_into_view_if_needed()
        state = JQMINES_STATE % (board, spans)
        cells: list = []

        def refresh() -> None:
            got = page.evaluate(state)
            cells[:] = [[(mine, s[0] == "1", s == "0f", s, k) for mine, s, k in got[r * cols:(r + 1) * cols]]
                        for r in range(rows)]

        def click(r: int, c: int, button: str = "left") -> None:
            page.locator(spans).nth(r * cols + c).click(button=button)
            refresh()

        click(rng.randrange(rows), rng.randrange(cols))
        mine_at = [t[0] for row in cells for t in row]  # its layout, laid at the first click
        assert sum(mine_at) == mines
        cell = lambda r, c: page.locator(spans).nth(r * cols + c)  # noqa: E731
        if not play_to_end(page, rng, f"jqmines-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           f"shotGames.{board}._unopened <= 0", cells, cell,
                           f"shotGames.{board}._explosion.length === 1 && "
                           f"shotGames.{board}._board._states.includes('1a')"):
            continue
        page.wait_for_timeout(100)
        refresh()
        assert [t[0] for row in cells for t in row] == mine_at, "its layout moved"
        flat = []
        for mine, _, _, s, classes in (t for row in cells for t in row):
            assert classes == f"minesweeper-state{s}", (s, classes)
            if s == "0f":
                assert mine
                flat.append("F")
            elif s in ("19", "1a", "1b"):
                assert lose and mine == (s != "1b")
                flat.append("?")
            elif s[0] == "1":
                assert not mine
                flat.append(s[1])
            else:
                assert s == "01"
                flat.append("?")
        truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
        check_counts(truth, mine_at, rows, cols)
        if any("8" in line for line in truth):
            print(f"jqmines-{i}: an opened 8 (drawn as its 5): not kept")
            ctx.close()
            continue
        selector = f"#{board} .minesweeper-cells" if shot["margin"] == 20 else f"#{board}"
        page.locator(selector).evaluate("e => e.scrollIntoView({block: 'center'})")
        save(out, shoot(page, selector, shot["margin"]), f"jqmines-{i}{'-lost' if lose else ''}",
             {"client": "nejiko96/jquery-minesweeper", "scale": shot["scale"], "sheet": sheet, "rows": truth,
              "mines": mines, "lost": lose}, shot["quality"])
        ctx.close()


# -- cosmith/minesweeper: a canvas of 25-pixel JPEG tiles of its own (hidden tiles mid-grey with soft bevels, opened
# ones pale grey-blue, a red pennant for a flag, a round brown bomb at the loss), digits in dark grey Bebas Neue (a tall
# condensed typeface, its own web font), a dark status bar with the time below the board, on a near-black page --------
BEBAS_STATE = "game.board.tiles[0].map((_, y) => game.board.tiles.map(column => column[y])).map(row => row.map(t => " \
              "[t.isMine, !t.isHidden, t.isFlagged, t.numberOfAdjacentMines]))"
BEBAS_OVER = "game.board.tiles.every(column => column.every(t => !t.isHidden))"


def capture_bebas(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    """Its page as it is (`bd39023`, its `panda/main.js`), nothing added: once its own 15x15 game with 25 mines is made
    at the page's load, each board is made by its own `new Game(columns, rows, mines)` and `init()`, as its page
    does, after its web font is loaded (a canvas draws in the fonts loaded).  It lays the mines at the first click,
    sparing only the cell clicked; played by clicks on its canvas (left opens, right flags: its mouse-down handler),
    one game in three then lost by a click on a hidden mine after a wrong flag one time in two: it then opens every
    tile (a mine drawn as its bomb, a flag taken away: the cell's count shown).  No game won is kept.  Truth from its
    tiles (`isMine`, `isHidden`, `isFlagged`, `numberOfAdjacentMines`): before a loss a flag 'F', an opened tile its
    count, else '?'; at a loss a mine '?' and every other tile its count; checked: every count equals the mines of its
    layout around it, its layout never moved after the first click."""
    sizes = [(15, 15, 25), (9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 150), (8, 8, 10), (20, 24, 99),
             (12, 20, 40)]
    for i, shot in enumerate(plan(rng, sizes, count)):
        rows, cols, mines = shot["rows"], shot["cols"], shot["mines"]
        lose = i % 3 == 1
        ctx = base.context(browser, shot["scale"], max(900, cols * 25 + 300), max(700, rows * 25 + 250))
        page = ctx.new_page()
        page.goto(f"{url}bebas/index.html")
        page.wait_for_function("typeof game === 'object' && game.board && game.board.tiles.length === 15 && "
                               "[backgroundSprite, mineSprite, flagSprite, tileSprite].every(s => s.complete)")
        page.evaluate("document.fonts.load(\"15px 'BebasNeueRegular'\")")
        page.wait_for_function("document.fonts.check(\"15px 'BebasNeueRegular'\")")
        page.evaluate(f"game = new Game({cols}, {rows}, {mines}); game.init()")
        page.wait_for_function(f"game.board.tiles.length === {cols} && game.board.tiles[0].length === {rows} && "
                               f"document.getElementById('canvas').width === {cols * 25}")
        box = page.locator("#canvas").bounding_box()
        assert (round(box["width"]), round(box["height"])) == (cols * 25, rows * 25 + 25), box
        cells: list = []

        def click(r: int, c: int, button: str = "left") -> None:
            page.mouse.click(box["x"] + (c + 0.5) * 25, box["y"] + (r + 0.5) * 25, button=button)
            cells[:] = page.evaluate(BEBAS_STATE)

        click(rng.randrange(rows), rng.randrange(cols))
        mine_at = [t[0] for row in cells for t in row]  # its layout, laid at the first click
        assert sum(mine_at) == mines
        if not play_to_end(page, rng, f"bebas-{i}", lose, mine_at, rows, cols, click, lambda r, c: cells[r][c][1],
                           BEBAS_OVER, cells, _CanvasCell.at(click), BEBAS_OVER):
            continue
        page.wait_for_timeout(100)
        cells[:] = page.evaluate(BEBAS_STATE)
        assert [t[0] for row in cells for t in row] == mine_at, "its layout moved"
        truth = opened_truth((t for row in cells for t in row), lose, rows, cols)
        check_counts(truth, mine_at, rows, cols)
        save(out, shoot(page, "#canvas", shot["margin"]), f"bebas-{i}{'-lost' if lose else ''}",
             {"client": "cosmith/minesweeper", "scale": shot["scale"], "rows": truth, "mines": mines, "lost": lose},
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
    wanted = sys.argv[3:] or ["jsm", "google", "mjs", "win98", *skins.SKINS, "dippedrusk", "minetag", "rwpz",
                               "neosweeper", "elegant", "xp", "neon", "pixel", "bluecanvas", "emoji", "dmcshared",
                               "glass", "lavender", "greycanvas", "ptmono", "p5mines", "winmine", "mclassic", "jqmines",
                               "bebas"]
    server, url = base.serve(clients)
    rng = random.Random(34)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=base.CHROMIUM_ARGS, headless=True)
        for spec in wanted:
            if spec in skins.SKINS:
                capture_skins(browser, url, rng, out, 10, [spec])
            else:
                globals()[f"capture_{spec}"](browser, url, rng, out / spec, COUNTS.get(spec, 12))
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
