"""The analyzer's fields and panels as their users meet them, from two browser audits (the Play mode's
findings are in test_play_mode.py): a total too long for its field, huge layout numbers in human
form, clauses that copy apart, sizes that say what they are; a phone never scrolls sideways.
Screenshots: 72-73-*.png."""

from __future__ import annotations

import re

from harness import IMAGES, PHONE, open_page, screenshot

BOARD = "board=1??/12?/01?&mines=2&size=3x3"


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


def test_a_wide_board_read_on_a_phone_stays_in_its_box_and_opens_in_view(browser, site, watch):
    context, page = open_page(browser, watch, site, **PHONE)
    page.click("#image-box summary")
    page.set_input_files("#image-input", str(IMAGES / "jsm-2.jpg"))  # a 16x30 board
    page.wait_for_selector("#image-read .read-grid", timeout=60_000)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.click("#image-read .read-open")
    page.wait_for_function("() => document.querySelectorAll('#grid .cell').length === 480")
    top = page.eval_on_selector("#grid", "e => e.getBoundingClientRect().top")
    # (in view: its top at the screen's top, within a pixel's rounding of a phone's fractional layout)
    assert -1 < top < 844 and page.evaluate("() => document.activeElement.id") == "grid"
    assert page.inner_text("#image-status").startswith("Opened in the analyzer")
    context.close()
