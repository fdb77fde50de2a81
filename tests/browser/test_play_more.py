"""Play as players want it (issue 22): flags as marks, keyboard play, hints in view on a phone,
the end of a game in numbers, the address bar naming the position, the odds while playing.
Screenshots: 50-59-*.png."""

from __future__ import annotations

from harness import new_context, screenshot, wait_ready
from minesat.analysis.analyze import analyze
from minesat.play.game import Game
from test_ux import VIEWPORTS, axe_violations

WATCH_HINTS = """() => { window.hintsSeen = []; const box = document.getElementById('play-hint-text');
  new MutationObserver(() => window.hintsSeen.push(box.textContent)).observe(box, {childList: true, characterData: true,
  subtree: true}); }"""


def open_game(browser, watch, site, link: str, **options):
    context = new_context(browser, watch, **options)
    page = context.new_page()
    page.goto(site + "index.html#" + link)
    wait_ready(page)
    page.wait_for_selector("#play-grid .cell")
    return context, page


def cell(page, r: int, c: int) -> str:
    return f'#play-grid .cell[data-row="{r}"][data-col="{c}"]'


def test_a_wrong_flag_is_named_with_its_proof_and_auto_play_reaches_the_end(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=expert&seed=4242&rule=classic")
    page.click(cell(page, 1, 1))
    page.click(cell(page, 0, 5), button="right")
    assert "flag" in page.get_attribute(cell(page, 0, 5), "class")
    page.evaluate(WATCH_HINTS)
    page.select_option("#play-speed", "30")
    page.click("#play-auto")
    page.wait_for_function("() => document.getElementById('play-status').dataset.state !== 'playing'",
                           timeout=240_000)
    seen = page.evaluate("() => window.hintsSeen.join(' | ')")
    assert "r1c6 is flagged but cannot be a mine" in seen  # named, with the clues that rule it out
    assert "moves=" in page.url and "f0.5" in page.url  # the flag, then its removal, are in the record
    screenshot(page, "50-wrong-flag-auto-played")
    context.close()


def test_hint_names_a_wrong_flag_and_offers_to_remove_it(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=beginner&seed=11&rule=classic")
    game = Game.new("beginner", 11, "classic")
    game.open((0, 0))
    page.click(cell(page, 0, 0))
    flag = analyze(game.board()).safe[0]  # surely safe: a flag there cannot be a mine
    page.click(cell(page, *flag), button="right")  # next to a 0: it cannot be a mine
    page.click("#play-hint")
    page.wait_for_selector("#play-wrong:not([hidden])")
    assert "cannot be a mine" in page.inner_text("#play-wrong-text")
    assert "wrong-flag" in page.get_attribute(cell(page, *flag), "class")
    screenshot(page, "51-wrong-flag-named")
    page.click("#play-remove-flags")
    assert "flag" not in page.get_attribute(cell(page, *flag), "class")
    assert page.is_hidden("#play-wrong")
    context.close()


def test_a_whole_game_by_keyboard_alone_ends_with_its_numbers(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=beginner&seed=5&rule=zero")
    page.focus("#play-grid")
    for _ in range(200):
        if page.get_attribute("#play-status", "data-state") != "playing":
            break
        page.keyboard.press("h")
        page.wait_for_selector("#play-grid [data-best]")
        target = page.eval_on_selector("#play-grid [data-best]", "e => [+e.dataset.row, +e.dataset.col]")
        at = page.eval_on_selector("#play-grid .cursor", "e => [+e.dataset.row, +e.dataset.col]")
        for axis, (down, up) in enumerate((("ArrowDown", "ArrowUp"), ("ArrowRight", "ArrowLeft"))):
            step = target[axis] - at[axis]
            for _ in range(abs(step)):
                page.keyboard.press(down if step > 0 else up)
        assert page.eval_on_selector("#play-grid .cursor", "e => [+e.dataset.row, +e.dataset.col]") == target
        page.keyboard.press("Space" if target[0] % 2 else "Enter")
    state = page.get_attribute("#play-status", "data-state")
    assert state in ("won", "lost")
    end = page.inner_text("#play-end-text")
    game = Game.new("beginner", 5, "zero")
    game.place_for(tuple(int(x) for x in page.evaluate(
        "() => new URLSearchParams(location.hash.slice(1)).get('moves').split(',')[0].slice(1).split('.')")))
    assert f"3BV {game.three_bv()}" in end and ("efficiency" in end) == (state == "won")
    assert "beginner, zero" in page.inner_text("#play-stats")
    screenshot(page, "52-keyboard-game-end")
    assert axe_violations(page) == []
    context.close()


def test_the_hint_is_in_view_on_a_phone(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=expert&seed=77&rule=zero",
                              viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True)
    page.tap(cell(page, 8, 27))  # far right: the board scrolls
    page.click("#play-hint")
    page.wait_for_selector("#play-grid [data-best]")
    inside = """s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight; }"""
    page.wait_for_function(inside, arg="#play-grid [data-best]")  # once smooth scrolling has brought it in view
    page.wait_for_function(inside, arg="#play-hint-text")
    assert page.inner_text("#play-hint-text").startswith("Best")
    screenshot(page, "53-phone-hint-in-view")
    assert axe_violations(page) == []
    context.close()


def test_the_address_bar_names_the_position_and_a_shared_link_opens_it(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=intermediate&seed=31&rule=zero")
    page.click(cell(page, 7, 7))
    page.click(cell(page, 0, 0), button="right")
    url = page.url
    assert "moves=o7.7,f0.0" in url
    opened = page.eval_on_selector_all("#play-grid .cell", "els => els.map(e => e.className + e.textContent).join()")
    context.close()
    context, page = open_game(browser, watch, site, url.split("#", 1)[1])
    assert page.eval_on_selector_all("#play-grid .cell", "els => els.map(e => e.className + e.textContent).join()") \
        == opened
    page.click("#play-share")
    assert page.input_value("#play-share-url") == url
    context.close()


def test_the_odds_while_playing(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=beginner&seed=3&rule=zero")
    page.check("#play-live")
    page.click(cell(page, 4, 4))
    page.wait_for_selector("#play-grid .cell[data-pct]")
    hidden = page.eval_on_selector("#play-grid .cell[data-pct]", "e => [+e.dataset.row, +e.dataset.col]")
    page.hover(cell(page, *hidden))
    page.wait_for_function("() => document.getElementById('play-cell-info').textContent.includes('secondary')")
    assert "% mine" in page.inner_text("#play-cell-info")
    screenshot(page, "54-odds-while-playing")
    context.close()


def test_a_no_guess_game_is_won_by_hints_alone_and_its_review_steps_through_every_move(browser, site, watch):
    context, page = open_game(browser, watch, site, "play=intermediate&seed=5&ng=1&rule=zero")
    page.wait_for_selector("#play-grid [data-best]")  # where the no-guess board starts
    assert "no-guess board" in page.inner_text("#play-hint-text")
    assert page.input_value("#play-board") == "no-guess" and "ng=1" in page.url
    hints = []
    while page.get_attribute("#play-status", "data-state") == "playing":
        page.click("#play-hint")
        page.wait_for_selector("#play-grid [data-best]")
        hints.append(page.inner_text("#play-hint-text"))
        page.click("#play-grid [data-best]")
        assert len(hints) < 300
    assert page.get_attribute("#play-status", "data-state") == "won"
    assert not [h for h in hints if h.startswith("Best guess")]  # never a guess
    moves = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('moves').split(',').length")
    page.click("#play-review")
    page.wait_for_selector("#play-review-list li")
    assert page.locator("#play-review-list li").count() == moves
    assert "no needless or risky move" in page.inner_text("#play-review-summary")
    grades = page.eval_on_selector_all("#play-review-list li", "els => els.map(e => e.dataset.grade)")
    assert set(grades) <= {"best", "forced"} and grades[0] == "best"
    opened = []
    for step in range(moves):
        selected = page.eval_on_selector("#play-review-list [aria-selected=true]", "e => +e.dataset.step")
        assert selected == step
        opened.append(page.locator("#play-grid .cell.revealed").count())
        page.keyboard.press("ArrowDown")
    assert opened[0] == 0 and opened == sorted(opened) and opened[-1] > 0  # the position before each move
    screenshot(page, "55-review")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    assert page.is_hidden("#play-review-box")
    with page.expect_download() as download:
        page.click("#play-download")
    record = download.value.path().read_text()
    assert '"moves"' in record and '"mines"' in record
    context.close()
