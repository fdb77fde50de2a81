"""The analyzer without friction (issue 21), one test per finding, as a new user meets them:
pasted standard boards get their total, a contradiction is said where the user looks, long work
says so and can be cancelled, links survive chat apps, numbers are for people, the board is
reachable on a phone and by keyboard, and boards come in as files. Screenshots: 40-49-*.png."""

from __future__ import annotations

import re

from boards import midgame
from harness import STEP_TIMEOUT, VIEWPORTS, axe_violations, new_context, screenshot, wait_analysis, wait_ready
from minesat.analysis.analyze import analyze
from minesat.board import parse_board
from minesat.formats.links import board_to_fragment
from minesat.formats.text import export_text

EXPERT = midgame(16, 30, 99, seed=7)
HUGE = midgame(100, 100, 2000, seed=0)  # its proofs take some 10 s in CPython, more in the page
CONTRADICTION = ["?" * 8] * 3 + ["??3?????"] + ["?" * 8] * 4  # a 3 in the open, and a total of 1 mine


def paste(page, text: str) -> None:
    if not page.is_visible("#paste-text"):
        page.click("#paste-box summary")
    page.fill("#paste-text", text)
    page.click("#paste-load")


def wait_board(page, board) -> str:
    page.wait_for_function("f => document.getElementById('grid').dataset.board === f", arg=board_to_fragment(board))
    return wait_analysis(page)


IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def wait_in_view(page, selector: str) -> bool:
    """Wait until the element is in view (smooth scrolling, if any, takes its time on a loaded machine)."""
    page.wait_for_function(IN_VIEW, arg=selector, timeout=STEP_TIMEOUT)
    return True


def pct_of(page, r: int, c: int) -> float:
    label = page.get_attribute(f'#grid .cell[data-row="{r}"][data-col="{c}"]', "aria-label")
    return float(re.search(r"([\d.<>]+)% mine", label).group(1).strip("<>"))


def test_a_pasted_expert_board_without_a_total_gets_99_mines_said_and_editable(app_page):
    page = app_page.page
    rows = ["".join(EXPERT.cells[r * 30:(r + 1) * 30]) for r in range(16)]
    blank = parse_board("\n".join(rows))  # a real expert position, pasted without its total
    paste(page, "\n".join(rows))
    wait_board(page, blank.with_mines(99))
    assert page.input_value("#mines") == "99"
    assert "Assumed 99 mines, the expert total" in page.inner_text("#total-note")
    far = next((r, c) for r in range(16) for c in range(30)
               if blank[r, c] == "?" and all(blank[n] == "?" for n in blank.neighbours((r, c))))
    expected = float(analyze(blank.with_mines(99)).probability[far]) * 100
    assert abs(pct_of(page, *far) - expected) < 1 and pct_of(page, *far) < 40  # not the 50% of no total
    app_page.shot("40-pasted-expert-total-assumed")
    page.fill("#mines", "")  # the user says there is no known total: the note asks, with a way back
    page.dispatch_event("#mines", "change")
    wait_board(page, blank)
    assert "unknown" in page.inner_text("#total-note")
    page.click("#use-standard")
    wait_board(page, blank.with_mines(99))
    paste(page, "\n".join(["?" * 10] * 10))  # not a standard size: asked for, not assumed
    wait_board(page, parse_board("\n".join(["?" * 10] * 10)))
    assert page.input_value("#mines") == "" and "Total mines unknown" in page.inner_text("#total-note")


def test_a_contradiction_is_said_by_the_board_in_its_own_style_and_words(browser, site, watch):
    for viewport, options in (("desktop", {}), ("phone", {"has_touch": True, "is_mobile": True})):
        context = new_context(browser, watch, viewport=VIEWPORTS[viewport], **options)
        page = context.new_page()
        page.goto(site + "index.html")
        wait_ready(page)
        wait_analysis(page)
        paste(page, "mines=1\n" + "\n".join(CONTRADICTION))
        board = parse_board("\n".join(CONTRADICTION), 1)
        wait_board(page, board)
        page.wait_for_selector("#board-verdict:not([hidden])")
        assert wait_in_view(page, "#board-verdict"), viewport
        text = page.inner_text("#board-verdict")
        assert text.startswith("Contradiction") and "flag" not in text and "1 mines" not in text and "1 mine" in text
        style = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('#grid .cell.conflict'));
            return [s.backgroundImage, s.backgroundColor]; }""")
        bands = page.evaluate("""() => [0, 1, 2, 3, 4, 5].map(i => { const e = document.createElement('div');
            e.className = 'cell hidden pb' + i; document.body.append(e); const c = getComputedStyle(e).backgroundColor;
            e.remove(); return c; })""")
        assert "gradient" in style[0] and style[1] not in bands  # not a probability colour
        screenshot(page, f"41-{viewport}-contradiction-by-the-board")
        assert axe_violations(page) == []
        context.close()


def test_long_proofs_say_they_are_working_and_escape_cancels_them(browser, site, watch):
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#" + board_to_fragment(HUGE))
    wait_ready(page)
    wait_analysis(page)
    page.wait_for_selector("#work:not([hidden])", timeout=STEP_TIMEOUT)  # within 100 ms of the count, in fact
    assert "working" in page.inner_text("#best-move") and "proof" in page.inner_text("#work-text")
    screenshot(page, "42-working-on-proofs")
    page.focus("#grid")
    page.keyboard.press("Escape")
    page.wait_for_selector("#work", state="hidden")
    assert "cancelled" in page.inner_text("#best-move")
    assert page.get_attribute("#layout-count", "data-value") == str(analyze(HUGE).count)  # the analysis stays
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)  # a fresh worker
    page.keyboard.press("f")  # and the page goes on: an edit is analysed
    wait_analysis(page)
    context.close()


def test_links_read_through_chat_punctuation_and_inside_sentences(browser, site, watch):
    board = parse_board("mines=3\n1??\n12?\n01?")
    context = new_context(browser, watch)
    page = context.new_page()
    for mangled in ("#{}.", "#{}%3E", "#{})", "#{},"):
        page.goto(site + "index.html" + mangled.format(board_to_fragment(board)))
        wait_ready(page)
        wait_board(page, board)
        assert page.inner_text("#message") == ""  # no complaint: the board of the link is shown
        page.wait_for_function("f => location.hash === '#' + f", arg=board_to_fragment(board))
    other = parse_board("mines=1\n1?\n??")
    paste(page, f"stuck on this one, any idea? {site}index.html#{board_to_fragment(other)}. thanks!")
    wait_board(page, other)
    assert "minesat link" in page.inner_text("#message")
    context.close()


def test_numbers_are_for_people_with_every_digit_on_demand(app_page):
    page = app_page.page
    page.evaluate("f => { location.hash = f; }", board_to_fragment(EXPERT))
    count = wait_board(page, EXPERT)
    shown = page.inner_text("#layout-count")
    assert "×" in shown and len(shown) < 16 and not re.search(r"\d{5}", shown)
    page.click("#count-exact summary")
    assert re.sub(r"\D", "", page.inner_text("#count-digits")) == count
    a = analyze(EXPERT)
    cell = max((c for c, p in a.probability.items() if 0 < p < 1), key=lambda c: len(str(a.probability[c].denominator)))
    app_page.cell(*cell).hover()
    page.wait_for_function("() => document.getElementById('cell-info').textContent.includes('If you open')")
    line = page.inner_text("#cell-info")
    assert not re.search(r"\d{7}", line), line
    page.click("#cell-exact summary")
    p = a.probability[cell]
    exact = re.sub(r"[^\d/]", "", page.inner_text("#cell-exact-text").split("exactly")[1].split(".")[0])
    assert exact == f"{p.numerator}/{p.denominator}"
    page.locator("#layouts").scroll_into_view_if_needed()
    page.wait_for_selector("#layout-list .layout")
    line_height = page.evaluate("() => { const e = document.getElementById('page-count');"
                                " return [e.getClientRects().length, e.textContent]; }")
    assert line_height[0] == 1 and "×" in line_height[1]  # the page count on one line
    app_page.shot("43-numbers-for-people")


def test_the_board_comes_first_on_a_phone_and_one_tab_reaches_it(browser, site, watch):
    context = new_context(browser, watch, viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "index.html#" + board_to_fragment(EXPERT))
    wait_ready(page)
    wait_analysis(page)
    top = page.evaluate("() => document.getElementById('grid').getBoundingClientRect().top")
    assert top < VIEWPORTS["phone"]["height"] * 0.6, top
    screenshot(page, "44-phone-board-first")
    assert axe_violations(page) == []
    context.close()
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#" + board_to_fragment(EXPERT))
    wait_ready(page)
    wait_analysis(page)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "skip-link"
    screenshot(page, "45-skip-link")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "grid"
    assert page.url.endswith("#" + board_to_fragment(EXPERT))  # the skip link leaves the address bar alone
    context.close()


def test_analyze_this_position_puts_the_position_in_the_address_bar(browser, site, watch):
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#play=beginner&seed=11&rule=classic")
    wait_ready(page)
    page.wait_for_selector("#play-grid .cell")
    page.click('#play-grid .cell[data-row="4"][data-col="4"]')
    page.wait_for_selector("#play-grid .cell.revealed")
    page.click("#play-analyze")
    assert page.evaluate("() => location.hash").startswith("#board="), "the game's link is still there"
    wait_analysis(page)
    board = page.evaluate("() => document.getElementById('grid').dataset.board")
    page.wait_for_function("f => location.hash === '#' + f", arg=board)
    context.close()


def test_boards_come_in_as_files_opened_or_dropped_and_cells_resize(app_page):
    page = app_page.page
    mbf = bytes([9, 9, 0, 2, 0, 0, 8, 8])  # beginner size, two mines: corners r1c1 and r9c9
    page.set_input_files("#file-input", files=[{"name": "game.mbf", "mimeType": "application/octet-stream",
                                                "buffer": mbf}])
    page.wait_for_function("() => document.getElementById('message').textContent.includes('game.mbf')")
    assert "MBF" in page.inner_text("#message")
    assert app_page.cell(0, 0).get_attribute("class").split()[:2] == ["cell", "flag"]
    assert app_page.cell(1, 1).inner_text() == "1" and page.input_value("#mines") == "2"
    jsm = export_text(parse_board("mines=3\n1??\n12?\n01?"), "JSMinesweeper")
    page.evaluate("""text => { const t = new DataTransfer();
        t.items.add(new File([text], 'board.mine', {type: 'text/plain'}));
        document.getElementById('grid').dispatchEvent(new DragEvent('drop', {dataTransfer: t, bubbles: true})); }""",
                  jsm)
    wait_board(page, parse_board("mines=3\n1??\n12?\n01?"))
    assert "board.mine" in page.inner_text("#message")
    page.set_input_files("#file-input", files=[{"name": "bad.mbf", "mimeType": "application/octet-stream",
                                                "buffer": bytes([9, 9, 0, 5])}])
    page.wait_for_function("() => document.getElementById('message').className === 'bad'")
    assert "cut short" in page.inner_text("#message")
    wait_board(page, parse_board("mines=3\n1??\n12?\n01?"))  # the last board stays
    width = page.evaluate("() => document.querySelector('#grid .cell').getBoundingClientRect().width")
    page.fill("#cell-size", "14")
    page.dispatch_event("#cell-size", "input")
    smaller = page.evaluate("() => document.querySelector('#grid .cell').getBoundingClientRect().width")
    assert smaller < width and abs(smaller - 14) < 1.5
    app_page.shot("46-file-opened-cells-resized")
