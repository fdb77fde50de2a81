"""The page as its users meet it, from two browser audits (stop 25).  Play mode: keys go to the
game they are typed in, messages are said where the player looks, the settings shown are the
game's, what auto-play did stays said.  The analyzer: huge layout numbers in human form, clauses
that copy apart, sizes that say what they are; a phone never scrolls sideways.
Screenshots: 70-79-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path

from harness import new_context, screenshot, wait_ready
from minesat.play.game import Game
from test_play_more import WATCH_HINTS, cell, open_game

BOARD = "board=1??/12?/01?&mines=2&size=3x3"


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def open_page(browser, watch, site, link: str = "", **options):
    """A fresh context (a first visit) on the page at `link`, ready."""
    context = new_context(browser, watch, **options)
    page = context.new_page()
    page.goto(site + "index.html" + (f"#{link}" if link else ""))
    wait_ready(page)
    return context, page


def analyzer_cells(page) -> str:
    return page.eval_on_selector_all("#grid .cell", "els => els.map(e => e.textContent).join(',')")


def test_keys_typed_in_play_mode_leave_the_analyzers_board_alone(browser, site, watch):
    context, page = open_page(browser, watch, site, BOARD)
    page.wait_for_function("() => document.querySelectorAll('#grid .cell').length === 9")
    before = analyzer_cells(page)
    page.click("#mode-play")
    page.wait_for_selector("#play-grid .cell")
    page.focus("#play-grid")
    for key in ("ArrowDown", "ArrowRight", "Space", "ArrowRight", "f", "ArrowDown", "c", "5", "Delete"):
        page.keyboard.press(key)
    assert "#play=" in page.url  # the address bar names the game, not an edited board
    page.click("#mode-analyze")
    page.wait_for_selector("#app", state="visible")
    assert analyzer_cells(page) == before
    page.focus("#layout-list")  # a focused panel scrolls with its keys; the board stays as it is
    for key in ("Space", "ArrowDown", "5"):
        page.keyboard.press(key)
    assert analyzer_cells(page) == before
    context.close()


def test_a_broken_game_link_or_impossible_settings_are_said_in_play_mode(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=beginner&seed=3&rule=classic")
    page.evaluate("() => { location.hash = '#play=nightmare&seed=3'; }")
    page.wait_for_selector("#play-message.bad")
    assert "The game link could not be read" in page.inner_text("#play-message")
    page.select_option("#play-level", "custom")
    page.fill("#play-mines", "999")
    page.click("#play-new")
    page.wait_for_function("() => document.getElementById('play-message').textContent.includes('Cannot start')")
    assert page.is_visible("#play-message")
    screenshot(page, "70-play-message")
    page.fill("#play-mines", "20")
    page.click("#play-new")  # a game starts: the message is answered
    page.wait_for_function("() => document.getElementById('play-message').textContent === ''")
    context.close()


def test_the_seed_typed_is_the_game_played_and_a_custom_link_fills_its_size(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=custom&rows=30&cols=40&mines=150&seed=4&rule=classic")
    assert [page.input_value(f"#play-{name}") for name in ("rows", "cols", "mines")] == ["30", "40", "150"]
    page.fill("#play-seed", "42")
    page.click("#play-new")
    page.wait_for_function("() => location.hash.includes('seed=42')")
    assert "rows=30" in page.url and "cols=40" in page.url  # New game keeps the custom size
    page.click("#play-new")  # the field shows the game's own seed: New game draws another
    page.wait_for_function("() => !location.hash.includes('seed=42&') && !location.hash.endsWith('seed=42')")
    page.fill("#play-seed", "7")
    page.press("#play-seed", "Enter")
    page.wait_for_function("() => location.hash.includes('seed=7')")
    context.close()


def test_what_auto_play_did_to_a_wrong_flag_stays_said(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=beginner&seed=7&moves=o4.4&rule=classic")
    page.click(cell(page, 0, 3), button="right")  # r1c4: surely safe after the first click
    page.evaluate(WATCH_HINTS)
    page.select_option("#play-speed", "800")
    page.click("#play-auto")
    page.wait_for_function("() => window.hintsSeen.some(t => t.startsWith('Auto-play removed a wrong flag.'))")
    page.wait_for_function("() => document.getElementById('play-hint-text').textContent.includes(' Then: ')")
    text = page.inner_text("#play-hint-text")
    assert text.startswith("Auto-play removed a wrong flag. r1c4 is flagged but cannot be a mine")
    page.click("#play-auto")  # stop
    context.close()


def test_the_statistics_fit_a_phone_screen(browser, site, watch):
    kept = {f"{level}/{rule}": {"won": 12345, "lost": 67890, "streak": 12, "best_streak": 345, "best_ms": 4_567_890}
            for level in ("beginner", "intermediate", "expert", "custom") for rule in ("classic", "zero")}
    context, page = open_game(browser, watch, site, "play=beginner&seed=3&rule=classic", **PHONE)
    page.evaluate("s => localStorage.setItem('minesat.stats', s)", json.dumps(kept))
    page.reload()
    wait_ready(page)
    page.wait_for_selector("table.play-stats")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "71-phone-stats")
    context.close()


def test_a_total_too_long_for_the_number_field_is_refused_not_dropped(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"], 2)
    page.fill("#mines", "7" * 400)
    page.press("#mines", "Enter")
    page.wait_for_selector("#message.bad")
    assert "The total of mines must be a whole number from 0 to" in page.inner_text("#message")
    assert page.input_value("#mines") == "2"  # the total before, kept


BLANK_EXPERT = "board=" + "/".join(["?" * 30] * 16) + "&size=16x30"


def test_a_layout_of_a_late_page_is_named_in_a_line_that_fits(browser, site, watch):
    context, page = open_page(browser, watch, site, BLANK_EXPERT)
    page.wait_for_selector("#layout-list .layout")
    page.fill("#page", "abc")
    page.press("#page", "Enter")
    page.wait_for_function("() => document.getElementById('page-progress').textContent.includes('whole number')")
    assert page.input_value("#page") == "1"
    page.fill("#page", "9" * 200)
    page.press("#page", "Enter")  # past the last page: the last one
    page.wait_for_function("() => document.querySelector('#layout-list .layout .num').textContent.startsWith('#…')")
    page.click("#layout-list .layout >> nth=-1")
    page.wait_for_function("() => document.getElementById('cell-info').textContent.startsWith('Layout ')")
    info = page.inner_text("#cell-info")
    assert "× 10" in info and " more)" in info and len(info) < 400, info
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    screenshot(page, "72-late-layout")
    context.close()


def test_clauses_copy_apart_and_a_phone_keeps_the_sizes_note_on_screen(browser, site, watch):
    context, page = open_page(browser, watch, site, BOARD, **PHONE)
    page.eval_on_selector("#reduction", "e => e.scrollIntoView()")  # drawn once in view
    page.wait_for_function("() => document.getElementById('num-clauses').textContent !== ''")
    copied = page.inner_text("#clauses")
    assert not re.search(r"0-|clauses?\d", copied), copied  # "... 0 -1 ..." and "8 clauses 1 0", not run together
    note = page.eval_on_selector(".sizes-note", "e => e.getBoundingClientRect().right")
    assert note <= 390 and page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.evaluate("f => { location.hash = f; }", "board=" + "/".join(["?" * 30] * 30) + "&mines=150&size=30x30")
    page.eval_on_selector("#reduction", "e => e.scrollIntoView()")
    page.wait_for_function("() => document.getElementById('num-clauses').textContent === 'not built'")
    screenshot(page, "73-phone-reduction")
    context.close()


IMAGES = Path(__file__).resolve().parent.parent / "images"


def test_a_wide_board_read_on_a_phone_stays_in_its_box_and_opens_in_view(browser, site, watch):
    context, page = open_page(browser, watch, site, **PHONE)
    page.click("#image-box summary")
    page.set_input_files("#image-input", str(IMAGES / "jsm-2.jpg"))  # a 16x30 board
    page.wait_for_selector("#image-read .read-grid", timeout=60_000)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.click("#image-read .read-open")
    page.wait_for_function("() => document.querySelectorAll('#grid .cell').length === 480")
    top = page.eval_on_selector("#grid", "e => e.getBoundingClientRect().top")
    assert 0 <= top < 844 and page.evaluate("() => document.activeElement.id") == "grid"
    assert page.inner_text("#image-status").startswith("Opened in the analyzer")
    context.close()


def test_in_play_mode_the_skip_link_reaches_the_game_and_a_drop_is_answered(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=beginner&seed=3&rule=classic", color_scheme="dark")
    page.focus("#skip-link")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "play-grid"
    page.evaluate("""() => { const d = new DataTransfer(); d.setData('text/plain', '1?');
        document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: d, bubbles: true, cancelable: true})); }""")
    page.wait_for_function("() => document.getElementById('play-message').textContent.includes('in the analyzer')")
    page.click(cell(page, 0, 0))
    game = Game.new("beginner", 3, "classic")
    game.open((0, 0))
    page.click(cell(page, *min(game.mine_cells)))  # lost
    assert page.get_attribute("#play-status", "data-state") == "lost"
    lost = page.eval_on_selector("#play-status", "e => getComputedStyle(e).color")
    assert lost == "rgb(255, 158, 158)"  # the dark theme's red, readable on its dark panel
    context.close()
