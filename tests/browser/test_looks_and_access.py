"""The page as players use it (issue 10): looks that tell things apart, percentages, screen readers,
modes that cannot conflict, phones, and zero axe-core violations on the main states."""

from __future__ import annotations

import re

import pytest

from boards import SEED_9X9, midgame
from harness import VIEWPORTS, axe_violations, new_context, screenshot, wait_analysis, wait_ready
from minesat.analysis.analyze import analyze
from minesat.board import parse_board
from minesat.formats.links import board_to_fragment

SEED_ROWS = SEED_9X9.split()
EXPERT = midgame(16, 30, 99, seed=7)


def luminance(rgb: str) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (float(x) for x in re.findall(r"[\d.]+", rgb)[:3])
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def go(page, fragment: str) -> str:
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function("f => decodeURIComponent(location.hash.slice(1)).startsWith(decodeURIComponent(f))",
                           arg=fragment)
    return wait_analysis(page)


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_no_axe_violations_on_the_main_states(browser, site, watch, viewport):
    context = new_context(browser, watch, viewport=VIEWPORTS[viewport],
                          **({"has_touch": True, "is_mobile": True} if viewport == "phone" else {}))
    page = context.new_page()
    page.goto(site + "index.html#board=" + "/".join(SEED_ROWS) + "&mines=10")
    wait_ready(page)
    wait_analysis(page)
    problems = {}
    problems["loaded"] = axe_violations(page)
    screenshot(page, f"30-{viewport}-loaded")
    go(page, board_to_fragment(EXPERT))
    problems["expert"] = axe_violations(page)
    screenshot(page, f"31-{viewport}-expert")
    go(page, "board=1?1/?0?/1?1")
    problems["contradiction"] = axe_violations(page)
    screenshot(page, f"32-{viewport}-contradiction")
    go(page, "board=" + "/".join(SEED_ROWS) + "&mines=10")
    page.locator("#layouts").scroll_into_view_if_needed()
    page.click("#layout-list .layout[data-index='3']")
    page.wait_for_selector("#grid .cell.lay-mine")
    problems["layout shown"] = axe_violations(page)
    screenshot(page, f"33-{viewport}-layout")
    page.locator("#reduction").scroll_into_view_if_needed()
    page.wait_for_selector("#clauses .clause-group")
    page.click("#lp-box summary")
    problems["reduction"] = axe_violations(page)
    screenshot(page, f"34-{viewport}-reduction")
    context.close()
    assert {state: v for state, v in problems.items() if v} == {}


def test_dark_theme_follows_the_system_and_stays_accessible(browser, site, watch):
    context = new_context(browser, watch, color_scheme="dark")
    page = context.new_page()
    page.goto(site + "index.html#" + board_to_fragment(EXPERT))
    wait_ready(page)
    wait_analysis(page)
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert luminance(background) < 0.05
    assert axe_violations(page) == []
    screenshot(page, "35-dark-expert")
    context.close()


def test_flags_deduced_mines_safe_cells_and_the_cursor_each_look_different(app_page):
    page = app_page.page
    rows = SEED_ROWS[:]
    rows[5] = "F" + rows[5][1:]  # the user flags r6c1 (a deduced mine); r1c9 stays a deduced mine
    app_page.load_board(rows, 10)
    style = "(sel) => { const s = getComputedStyle(document.querySelector(sel)); return s.backgroundColor; }"
    flag = page.evaluate(style, '#grid .cell[data-row="5"][data-col="0"]')
    mine = page.evaluate(style, '#grid .cell[data-row="0"][data-col="8"]')
    safe = page.evaluate(style, '#grid .cell[data-row="0"][data-col="2"]')
    hidden = page.evaluate(style, '#grid .cell[data-row="8"][data-col="8"]')
    assert "flag" in app_page.cell(5, 0).get_attribute("class") and "mine" not in app_page.cell(5, 0).get_attribute(
        "class").split()
    for a, b in ((flag, mine), (flag, safe), (mine, safe), (mine, hidden), (safe, hidden)):
        assert contrast(a, b) >= 3, (a, b)
    glyph = page.evaluate("() => getComputedStyle(document.querySelector('#grid .cell.flag'), '::after').color")
    assert contrast(glyph, flag) >= 3
    app_page.cell(0, 2).click()
    outline, ring = page.evaluate("() => { const s = getComputedStyle(document.querySelector('#grid .cursor'));"
                                  " return [s.outlineColor, s.boxShadow]; }")
    ring = re.match(r"rgba?\([^)]*\)", ring).group(0)  # the cursor is two rings: dark outside, white inside
    for background in (safe, hidden, mine, flag):
        assert max(contrast(outline, background), contrast(ring, background)) >= 3, background
    app_page.shot("36-flags-and-verdicts")


def test_percentages_on_every_hidden_cell_with_a_legend(app_page):
    page = app_page.page
    app_page.load_board(SEED_ROWS, 10)
    if not page.is_checked("#show-pct"):
        page.check("#show-pct")
    shown = page.eval_on_selector_all(
        "#grid .cell[data-pct]", "els => els.map(e => [+e.dataset.row, +e.dataset.col, "
                                 "getComputedStyle(e, '::before').content])")
    a = analyze(parse_board("\n".join(SEED_ROWS), 10))
    unsure = {c: p for c, p in a.probability.items() if 0 < p < 1}
    assert {(r, c) for r, c, _ in shown} == set(unsure)
    for r, c, content in shown:
        assert content.strip('"') == f"{float(unsure[r, c]) * 100:.0f}"
    assert page.locator("#legend .key").count() >= 10 and "75-100%" in page.inner_text("#legend")
    page.uncheck("#show-pct")
    assert page.evaluate("() => getComputedStyle(document.querySelector('#grid .cell[data-pct]'), '::before')"
                         ".content") in ("none", "normal")
    assert page.locator("#col-labels span").count() == 9 and page.locator("#row-labels span").count() == 9


def test_screen_reader_grid_names_live_regions_and_pressed_modes(app_page):
    page = app_page.page
    app_page.load_board(SEED_ROWS, 10)
    assert page.get_attribute("#grid", "role") == "grid"
    assert page.locator("#grid [role=row]").count() == 9
    labels = page.eval_on_selector_all("#grid [role=gridcell]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 81 and labels[2] == "row 1 column 3: hidden, surely safe"
    assert labels[80].startswith("row 9 column 9: hidden, ") and labels[80].endswith("% mine")
    app_page.cell(0, 0).click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#grid", "aria-activedescendant") == "c0-2"
    assert page.get_attribute("#cell-info", "aria-live") == "polite" and "r1c3" in page.inner_text("#cell-info")
    assert page.get_attribute("#summary", "aria-live") == "polite"
    page.click("#palette [data-brush='3']")
    pressed = page.eval_on_selector_all("#palette [aria-pressed=true]", "els => els.map(e => e.dataset.brush)")
    assert pressed == ["3"]
    page.click("#palette [data-brush='select']")
    page.locator("#layouts").scroll_into_view_if_needed()
    page.wait_for_selector("#layout-list .layout")
    page.focus("#layout-list .layout[data-index='1']")
    page.keyboard.press("Enter")  # a thumbnail is a button: the keyboard shows it on the board
    page.wait_for_selector("#grid .cell.lay-mine")
    assert page.get_attribute("#layout-list .layout[data-index='1']", "aria-pressed") == "true"
    assert "yellow" in page.inner_text("#cell-info")
    page.keyboard.press("Enter")
    page.wait_for_selector("#grid .cell.lay-mine", state="detached")


def test_a_tap_in_inspect_mode_never_edits_and_modes_are_exclusive(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"])
    page.click("#palette [data-brush='select']")
    before = app_page.fragment()
    app_page.cell(0, 1).click()
    assert app_page.fragment() == before and "r1c2" in page.inner_text("#cell-info")
    page.click("#flag-mode")
    page.click("#palette [data-brush='2']")
    assert page.eval_on_selector_all("#palette [aria-pressed=true]", "els => els.map(e => e.dataset.brush)") == ["2"]
    page.click("#palette [data-brush='2']")  # pressed again: back to Inspect
    assert page.eval_on_selector_all("#palette [aria-pressed=true]", "els => els.map(e => e.dataset.brush)") == [
        "select"]


def test_an_edit_hides_the_old_results_at_once(app_page):
    """The old count is withdrawn with the key press, and no frame shows the edited board with
    the old board's results as if they were its own: the new results come in the edit's frame,
    or (a slow analysis) the old ones are greyed."""
    page = app_page.page
    app_page.load_board(SEED_ROWS, 10)
    app_page.cell(8, 8).click()
    old_count = page.get_attribute("#layout-count", "data-value")
    frames = page.evaluate("""() => new Promise((done) => {
        const grid = document.getElementById('grid'), count = document.getElementById('layout-count');
        const cell = document.querySelector('#grid .cell[data-row="8"][data-col="8"]');
        const seen = [];
        const look = () => [cell.classList.contains('flag'), grid.classList.contains('stale'),
                            document.getElementById('analysis').classList.contains('stale'), count.dataset.value];
        const frame = () => {
          seen.push(look());
          if (count.dataset.value) done(seen); else requestAnimationFrame(frame);
        };
        grid.dispatchEvent(new KeyboardEvent('keydown', {key: 'f', bubbles: true}));
        seen.push(look());  // right after the key press, before any frame
        requestAnimationFrame(frame);
    })""")
    assert frames[0][3] == "", "the old count was still given as the board's"
    assert frames[-1][0] and frames[-1][3] and frames[-1][3] != old_count, frames[-1]
    for flagged, grid_grey, summary_grey, count in frames:
        assert not flagged or count or (grid_grey and summary_grey), frames  # the edit is never drawn over old results
    assert not page.evaluate("() => document.getElementById('grid').classList.contains('stale')")


def test_a_panel_off_screen_hides_the_old_board_until_drawn_for_the_new_one(app_page):
    """The reduction is built only when on screen: below the fold, an edit hides the old board's
    clauses, and scrolling to them draws the new board's."""
    from minesat.reductions.solve import formula
    page = app_page.page
    stale = "() => document.getElementById('reduction').classList.contains('stale')"
    app_page.load_board(["1??", "12?", "01?"], 2)
    page.locator("#reduction").scroll_into_view_if_needed()
    page.wait_for_function(f"() => !({stale})()")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 400})  # the reduction well below the fold
    try:
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_function("() => document.getElementById('reduction').getBoundingClientRect().top > innerHeight")
        rows = ["01?", "12?", "???", "???"]
        app_page.load_board(rows, 3)
        assert page.evaluate(stale), "the old board's reduction passes for the new board's"
        assert page.is_hidden("#clauses") or page.evaluate(
            "() => getComputedStyle(document.getElementById('clauses')).visibility === 'hidden'")
        page.locator("#reduction").scroll_into_view_if_needed()
        page.wait_for_function(f"() => !({stale})()")
        assert page.inner_text("#num-vars") == str(formula(parse_board("\n".join(rows), 3), "binomial").num_vars)
    finally:
        page.set_viewport_size(size)


def test_a_new_size_is_drawn_with_the_edit_itself(app_page):
    """An edit is drawn with its analysis, except a new size: the grid's cells are what the
    pointer lands on, so they change at once (a cell of the old grid once reached the engine)."""
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"])
    cells = page.evaluate("""(f) => new Promise((done) => {
        const grid = document.getElementById('grid');
        new MutationObserver((_, seen) => { seen.disconnect(); done(grid.querySelectorAll('.cell').length); })
          .observe(grid, {attributes: true, attributeFilter: ['data-board']});
        location.hash = f; })""", "board=????/????&size=2x4")
    assert cells == 8
    wait_analysis(page)


def test_summary_names_link_to_cells_and_exclude_the_users_flags(app_page):
    page = app_page.page
    rows = SEED_ROWS[:]
    rows[5] = "F" + rows[5][1:]
    app_page.load_board(rows, 10)
    text = page.inner_text("#forced")
    assert "besides your 1 flag" in text and "r6c1" not in text
    page.click("#forced .cellref[data-cell='5,1']")
    assert page.get_attribute("#grid", "aria-activedescendant") == "c5-1"
    assert "r6c2" in page.inner_text("#cell-info")


def test_too_many_flags_for_the_total_is_said_and_highlighted(app_page):
    page = app_page.page
    app_page.load_board(["FF?", "???"], 1)
    assert "you flagged 2 cells but the total is 1" in page.inner_text("#verdict")
    assert page.eval_on_selector_all("#grid .cell.conflict", "els => els.length") == 2


def test_keys_wheel_help_and_mines_mode(app_page):
    page = app_page.page
    app_page.load_board(["???", "???", "???"])
    page.click("#palette [data-brush='select']")
    app_page.cell(1, 1).click()
    page.keyboard.press("3")
    page.keyboard.press("+")
    assert app_page.fragment() == "board=???/?4?/???"
    page.keyboard.press("-")
    page.keyboard.press("-")
    assert app_page.fragment() == "board=???/?2?/???"
    app_page.cell(1, 1).hover()
    page.mouse.wheel(0, -100)
    page.wait_for_function("() => decodeURIComponent(location.hash).startsWith('#board=???/?3?/???&')")
    page.keyboard.press("Backspace")
    assert app_page.fragment() == "board=???/???/???"
    page.click("#help summary")
    assert "Keys" in page.inner_text("#help") and "Mines" in page.inner_text("#help")
    page.click("#palette [data-brush='mine']")
    app_page.cell(0, 0).click()
    app_page.cell(2, 2).click()
    page.click("#reveal-numbers")
    assert app_page.fragment() == "board=F10/121/01F"
    wait_analysis(page)
    page.click("#palette [data-brush='select']")


def test_phone_message_in_view_cells_large_enough_and_a_scroll_cue(browser, site, watch):
    phone = new_context(browser, watch, has_touch=True, is_mobile=True, viewport=VIEWPORTS["phone"])
    page = phone.new_page()
    page.goto(site + "index.html#" + board_to_fragment(EXPERT))
    wait_ready(page)
    wait_analysis(page)
    width = page.evaluate("() => document.querySelector('#grid .cell').getBoundingClientRect().width")
    assert width >= 24
    wrap = page.evaluate("() => { const w = document.getElementById('grid-wrap'); "
                         "return [w.scrollWidth > w.clientWidth, getComputedStyle(w).backgroundImage]; }")
    assert wrap[0] and "gradient" in wrap[1]  # the board is wider than the phone, and the edge says so
    page.locator("#paste-box summary").tap()
    page.fill("#paste-text", "1?\n9?\n")
    page.locator("#paste-load").tap()
    page.wait_for_selector("#message.bad")
    top, bottom, height = page.evaluate("() => { const r = document.getElementById('message').getBoundingClientRect();"
                                        " return [r.top, r.bottom, innerHeight]; }")
    assert 0 <= top and bottom <= height, "the error is off screen"
    screenshot(page, "37-phone-paste-error")
    phone.close()


def test_copy_as_text_in_another_tools_format(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"], 2)
    page.select_option("#copy-format", "minesweepr")
    page.click("#copy-text")
    from minesat.formats.text import read_any
    board, understood = read_any(page.input_value("#paste-text"))
    assert understood.startswith("minesweepr") and board == parse_board("1??\n12?\n01?", 2)
    page.select_option("#copy-format", "minesat")


def test_share_links_end_in_a_digit_and_a_cut_link_keeps_the_last_board(browser, site, watch):
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#board=1??/12?/01?&mines=2")
    wait_ready(page)
    wait_analysis(page)
    assert re.search(r"[0-9A-Za-z]$", page.evaluate("() => location.hash")), "an autolinker would cut this link"
    page = context.new_page()  # a new visit, by a link whose last '?' a chat app dropped
    page.goto(site + "index.html#board=1??/12?/01")
    wait_ready(page)
    assert "could not be read" in page.inner_text("#message") and "your last board" in page.inner_text("#message")
    assert page.eval_on_selector_all("#grid .cell", "els => els.map(e => e.textContent || '?').join('')") == \
        "1??12?01?"
    assert page.evaluate("() => decodeURIComponent(location.hash)") == "#board=1??/12?/01"  # left for the user
    context.close()
