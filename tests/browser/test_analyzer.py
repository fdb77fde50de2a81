"""The page in Chromium: loading, editing (mouse, keyboard, touch), share URL, analysis, layouts, CNF.

Expected answers come from the engine's CLI run in this process's Python (native pycosat),
from the seed examples in tests/support/boards.py, and from combinatorics; never typed in.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import serve
from boards import SEED_9X9, SEED_9X9_SAFE
from harness import START_TIMEOUT, cli, new_context, screenshot, subfolder_site, wait_analysis, wait_ready


def seed_004() -> tuple[list[str], set[tuple[int, int]]]:
    """Yurichev's 9x9 board and the six safe cells his post lists (docs/architecture.md#references;
    kept in tests/support/boards.py: the tests run from a clone of this repository alone)."""
    return SEED_9X9.split(), set(SEED_9X9_SAFE)


def board_file(tmp_path: Path, rows: list[str], mines: int | None = None) -> str:
    path = tmp_path / "board.txt"
    path.write_text(("" if mines is None else f"mines={mines}\n") + "\n".join(rows) + "\n")
    return str(path)


def cli_analysis(tmp_path: Path, rows: list[str], mines: int | None = None) -> dict:
    return json.loads(cli("analyze", board_file(tmp_path, rows, mines)))


# -- loading ---------------------------------------------------------------------------------
def test_loading_indicator_then_app(browser, site, watch):
    """The page is readable at once with a loading indicator, then shows the grid. (Pyodide's wasm is
    held back until the indicator has been looked at: a fast start cannot pass it by.)"""
    context = new_context(browser, watch)
    held: list = []

    def hold(route) -> None:
        held.append(route)

    context.route("**/pyodide.asm.wasm*", hold)  # (.xz first, the plain file if that fails)
    page = context.new_page()
    page.goto(site + "index.html", wait_until="domcontentloaded")
    assert page.is_visible("#loading")
    assert "Loading" in page.inner_text("#loading")
    assert page.get_attribute("body", "data-ready") is None
    screenshot(page, "01-loading")
    for route in held:
        route.continue_()
    context.unroute("**/pyodide.asm.wasm*", hold)
    wait_ready(page)
    assert not page.is_visible("#loading")
    assert page.locator("#grid .cell").count() > 0
    wait_analysis(page)
    screenshot(page, "02-loaded")
    context.close()


def test_missing_runtime_is_reported(browser, watch, tmp_path):
    """If the runtime cannot load, the page says what is missing instead of spinning forever."""
    server = serve.start(0, subfolder_site(tmp_path, skip=("pyodide.asm.wasm", "pyodide.asm.wasm.xz")))
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(server.url + "minesat/index.html")
    page.wait_for_selector("#load-error", state="visible", timeout=START_TIMEOUT)
    screenshot(page, "03-load-failure")
    assert "pyodide.asm.wasm" in page.inner_text("#load-error")
    assert page.get_attribute("body", "data-ready") is None
    context.close()
    assert watch.errors and all("404" in e for e in watch.errors[:1]), watch.errors  # the missing file first
    watch.errors.clear()  # then whatever the page and its worker log of their failed start, until closed
    server.shutdown()
    server.server_close()


# -- analysis ----------------------------------------------------------------------------------
def test_seed_board_six_safe_cells_and_65_layouts(app_page, tmp_path):
    rows, safe = seed_004()
    assert len(safe) == 6
    value = app_page.load_board(rows, 10)
    expected = cli_analysis(tmp_path, rows, 10)
    assert value == expected["count"] == "65"
    verdicts = app_page.verdicts()
    assert {c for c, v in verdicts.items() if v == "safe"} == safe
    assert {c for c, v in verdicts.items() if v == "mine"} == {tuple(c) for c in expected["mines"]}
    app_page.shot("04-seed-board")


def test_probability_on_hover(app_page):
    rows, _ = seed_004()
    app_page.load_board(rows, 10)
    app_page.cell(8, 6).hover()  # the peers' note: r9c7 is a mine with probability 45/65
    info = app_page.page.inner_text("#cell-info")
    assert "45/65" in info or "9/13" in info, info


def test_contradiction_shows_conflict(app_page, tmp_path):
    rows = ["1?1", "?0?", "1?1"]
    value = app_page.load_board(rows)
    assert value == "0"
    expected = cli_analysis(tmp_path, rows)
    assert expected["satisfiable"] is False
    shown = app_page.page.eval_on_selector_all(
        "#grid .cell.conflict", "els => els.map(e => [+e.dataset.row, +e.dataset.col])")
    assert {tuple(c) for c in shown} == {tuple(c) for c in expected["conflict"]} != set()
    assert "Contradiction" in app_page.page.inner_text("#verdict")
    assert app_page.verdicts() == {}
    app_page.shot("05-contradiction")
    # the 3x3 example board holds exactly 2 mines: a total of 3 is part of the contradiction
    assert app_page.load_board(["1??", "12?", "01?"], 3) == "0"
    assert cli_analysis(tmp_path, ["1??", "12?", "01?"], 3)["satisfiable"] is False
    assert "the total of 3 mines" in app_page.page.inner_text("#verdict")


def test_expert_preset_counts_every_digit(app_page):
    app_page.page.click("button[data-preset=expert]")
    value = wait_analysis(app_page.page)
    assert app_page.page.locator("#grid .cell").count() == 30 * 16
    assert value == str(math.comb(30 * 16, 99))
    assert app_page.page.input_value("#mines") == "99"
    # the 30 columns shrink to fit the editor's width: no sideways scrolling on a desktop screen
    fits = app_page.page.evaluate(
        "() => document.getElementById('grid').offsetWidth <= document.getElementById('grid-wrap').clientWidth")
    assert fits
    app_page.shot("12-expert")


# -- editing -----------------------------------------------------------------------------------
def test_mouse_palette_drag_undo_redo(app_page):
    page = app_page.page
    app_page.load_board(["???", "???", "???"])
    page.click("#palette [data-brush='1']")
    app_page.cell(1, 1).click()
    wait_analysis(page)
    assert app_page.fragment() == "board=???/?1?/???"
    box = [app_page.cell(0, c).bounding_box() for c in range(3)]
    page.click("#palette [data-brush='0']")
    page.mouse.move(box[0]["x"] + 5, box[0]["y"] + 5)
    page.mouse.down()
    for b in box[1:]:
        page.mouse.move(b["x"] + 5, b["y"] + 5, steps=3)
    page.mouse.up()
    wait_analysis(page)
    assert app_page.fragment() == "board=000/?1?/???"
    app_page.cell(2, 2).click(button="right")  # right click flags
    assert app_page.fragment() == "board=000/?1?/??F"
    page.click("#undo")
    assert app_page.fragment() == "board=000/?1?/???"
    page.click("#undo")  # the whole drag stroke is one step
    assert app_page.fragment() == "board=???/?1?/???"
    page.click("#redo")
    wait_analysis(page)
    assert app_page.fragment() == "board=000/?1?/???"
    assert wait_analysis(page) == cli_count(["000", "?1?", "???"])
    page.click("#palette [data-brush='select']")
    app_page.shot("06-mouse-edit")


def test_keyboard_editing(app_page):
    page = app_page.page
    app_page.load_board(["???", "???"])
    page.click("#palette [data-brush='select']")
    app_page.cell(0, 0).click()
    page.keyboard.press("3")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("f")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("1")
    assert app_page.fragment() == "board=3F?/??1"
    page.keyboard.press("Space")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("?")
    assert app_page.fragment() == "board=3??/???"
    page.keyboard.press("Control+z")
    assert app_page.fragment() == "board=3F?/???"
    page.keyboard.press("Control+y")
    assert app_page.fragment() == "board=3??/???"
    assert wait_analysis(page) == cli_count(["3??", "???"])


def cli_count(rows: list[str], mines: int | None = None) -> str:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        return cli_analysis(Path(d), rows, mines)["count"]


def test_dimensions_mines_and_storage(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"])
    page.fill("#rows", "4")
    page.press("#rows", "Enter")
    page.wait_for_function("() => document.querySelectorAll('#grid .cell').length === 12")
    page.fill("#cols", "5")
    page.press("#cols", "Enter")
    page.wait_for_function("() => document.querySelectorAll('#grid .cell').length === 20")
    assert app_page.fragment() == "board=1????/12???/01???/?????"
    page.fill("#mines", "999")
    page.press("#mines", "Enter")
    assert "whole number" in page.inner_text("#message")
    page.fill("#mines", "4")
    page.press("#mines", "Enter")
    assert app_page.fragment() == "board=1????/12???/01???/?????&mines=4"
    assert wait_analysis(page) == cli_count(["1????", "12???", "01???", "?????"], 4)
    stored = page.evaluate("() => localStorage.getItem('minesat.board')")
    assert stored == app_page.page.evaluate("() => location.hash.slice(1)")
    page.click("#clear")
    assert app_page.fragment() == "board=?????/?????/?????/?????&mines=4"


def test_paste_board_text_of_any_tool(app_page):
    page = app_page.page
    page.click("#paste-box summary")
    page.fill("#paste-text", "mines=2\n1 ? ?\n1 2 ?\n0 1 ?\n")
    page.click("#paste-load")
    assert app_page.fragment() == "board=1??/12?/01?&mines=2"
    page.fill("#paste-text", "1?\n9?\n")
    page.click("#paste-load")
    message = page.inner_text("#message")
    assert "line 2" in message and "9" in message
    assert app_page.fragment() == "board=1??/12?/01?&mines=2"
    wait_analysis(page)
    # other tools' text, and the message says which was read
    cases = {"x..\n1*1\n": "minesweepr", "3x2x1\nHH1\n1F1\n": "JSMinesweeper",
             "2 mines\n1--\n12-\n01-\n": "plain text"}
    for text, understood in cases.items():
        page.fill("#paste-text", text)
        page.click("#paste-load")
        assert understood in page.inner_text("#message"), text
        wait_analysis(page)
    placeholder = page.get_attribute("#paste-text", "placeholder")
    page.fill("#paste-text", placeholder)  # the placeholder itself is a board
    page.click("#paste-load")
    assert "loaded" in page.inner_text("#message")
    assert wait_analysis(page) == "2"


def test_broken_fragment_keeps_the_page(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"])
    for bad in ("board=1?x/12?", "board=" + "?" * 50_000, "nonsense"):
        page.evaluate("f => { location.hash = f; }", bad)
        page.wait_for_function("() => document.getElementById('message').textContent.includes('could not')")
        assert page.get_attribute("#grid", "data-board").startswith("board=1??/12?/01?&size=")  # the board kept
        assert page.evaluate("() => location.hash.slice(1)") == bad  # the broken link left to be seen (issue 23)
        page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    app_page.shot("07-broken-link")


# -- layouts -----------------------------------------------------------------------------------
def test_layout_paging_and_selection(app_page, tmp_path):
    page = app_page.page
    rows, _ = seed_004()
    app_page.load_board(rows, 10)
    page.wait_for_function("() => document.querySelectorAll('#layout-list .layout').length === 12")
    assert page.inner_text("#layouts-total") == "65"
    assert page.input_value("#page") == "1"
    page.click("#page-next")
    page.wait_for_function("() => document.querySelector('#layout-list .layout .num')?.textContent === '#13'")
    assert page.input_value("#page") == "2"
    page.fill("#page", "6")
    page.press("#page", "Enter")
    page.wait_for_function("() => document.querySelectorAll('#layout-list .layout').length === 5"
                           " && document.querySelector('#layout-list .layout .num').textContent === '#61'")
    assert page.is_disabled("#page-next")
    page.click("#page-prev")
    page.wait_for_function("() => document.querySelector('#layout-list .layout .num')?.textContent === '#49'")
    page.click("#layout-list .layout[data-index='50']")
    shown = page.eval_on_selector_all("#grid .cell.lay-mine", "els => els.map(e => [+e.dataset.row, +e.dataset.col])")
    expected = cli("solutions", board_file(tmp_path, rows, 10), "--method", "count", "--offset", "50",
                   "--limit", "1")
    drawn = [line for line in expected.splitlines() if line and not line.startswith("#")]
    mines = {(r, c) for r, line in enumerate(drawn) for c, ch in enumerate(line) if ch == "*"}
    assert mines == {tuple(x) for x in shown}
    assert len(shown) == 10
    app_page.shot("08-layout-selected")


# -- reduction ---------------------------------------------------------------------------------
def dimacs_header(text: str) -> tuple[int, int]:
    [(v, c)] = re.findall(r"^p cnf (\d+) (\d+)$", text, re.M)
    return int(v), int(c)


@pytest.mark.parametrize("encoding", ["binomial", "sortnet"])
def test_cnf_panel_matches_cli(app_page, tmp_path, encoding):
    page = app_page.page
    rows, _ = seed_004()
    app_page.load_board(rows, 10)
    page.select_option("#encoding", encoding)
    path = board_file(tmp_path, rows, 10)
    dimacs = cli("cnf", path, "--encoding", encoding)
    v, c = dimacs_header(dimacs)
    page.wait_for_function(f"() => document.getElementById('num-clauses').textContent === '{c}'")
    assert page.inner_text("#num-vars") == str(v)
    assert page.inner_text("#bound") == str(112 * sum(ch.isdigit() for row in rows for ch in row))
    with page.expect_download() as download:
        page.click("#download-cnf")
    assert Path(download.value.path()).read_text() == dimacs
    lp = cli("ilp", path, "--mines", "10")
    with page.expect_download() as download:
        page.click("#download-lp")
    assert Path(download.value.path()).read_text() == lp
    page.evaluate("() => { document.getElementById('lp-box').open = true; }")
    assert page.inner_text("#lp-text").strip() == lp.strip()  # short enough to be shown whole
    page.select_option("#encoding", "binomial")


def test_clue_and_clause_highlighting(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"])
    page.wait_for_selector(".clause-group[data-clue='1,1']")
    app_page.cell(1, 1).hover()
    assert page.get_attribute(".clause-group[data-clue='1,1']", "class").split().count("hl") == 1
    page.hover(".clause-group[data-clue='0,0']")
    lit = page.eval_on_selector_all("#grid .cell.hl", "els => els.map(e => [+e.dataset.row, +e.dataset.col])")
    assert {tuple(x) for x in lit} == {(0, 0), (0, 1)}
    app_page.shot("09-clause-highlight")


# -- share and touch -------------------------------------------------------------------------------
def test_share_url_round_trip_on_touch_device(app_page, browser, watch):
    """Share a board, open the link on an emulated phone, edit it there by touch."""
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"], 2)
    page.click("#share")
    url = page.input_value("#share-url")
    assert url.endswith("#board=1??/12?/01?&mines=2&size=3x3") or "board=1%3F%3F" in url
    assert page.is_visible("#share-url")
    page.click("#undo")  # any edit: the shown link would be stale, so it goes
    page.wait_for_selector("#share-box", state="hidden")
    page.click("#redo")
    wait_analysis(page)
    phone = new_context(browser, watch, has_touch=True, is_mobile=True)
    p2 = phone.new_page()
    p2.set_viewport_size({"width": 390, "height": 844})
    p2.goto(url)
    wait_ready(p2)
    assert wait_analysis(p2) == page.get_attribute("#layout-count", "data-value")
    cells = p2.eval_on_selector_all("#grid .cell", "els => els.map(e => e.textContent || '?')")
    assert "".join(cells) == "1??12?01?"
    p2.tap("#flag-mode")
    p2.tap('#grid .cell[data-row="0"][data-col="2"]')
    p2.wait_for_function("() => decodeURIComponent(location.hash).includes('F')")  # once the taps pause
    p2.tap("#flag-mode")
    p2.tap("#palette [data-brush='1']")
    p2.tap('#grid .cell[data-row="2"][data-col="2"]')
    p2.wait_for_function("() => decodeURIComponent(location.hash).startsWith('#board=1?F/12?/011')")
    wait_analysis(p2)
    # a finger dragged along the bottom row paints it with the brush
    p2.tap("#palette [data-brush='?']")
    boxes = [p2.locator(f'#grid .cell[data-row="2"][data-col="{c}"]').bounding_box() for c in range(3)]
    points = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    cdp = phone.new_cdp_session(p2)
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for k in range(1, 5):
            x, y = x0 + (x1 - x0) * k / 4, y0 + (y1 - y0) * k / 4
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    p2.wait_for_function("() => decodeURIComponent(location.hash).startsWith('#board=1?F/12?/???')")
    wait_analysis(p2)
    screenshot(p2, "10-phone")
    phone.close()
