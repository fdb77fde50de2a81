"""Play mode as players want it (issue 22): flags as marks, keyboard play, hints in view on a phone,
the end of a game in numbers, the address bar naming the position, the odds while playing; and from
two browser audits: keys go to the game they are typed in, messages are said where the player looks,
the settings shown are the game's, what auto-play did stays said, the statistics fit a phone.
Screenshots: 50-59-*.png, 70-71-*.png."""

from __future__ import annotations

import json

from harness import PHONE, VIEWPORTS, axe_violations, new_context, open_page, screenshot, wait_ready
from minesat.analysis.analyze import analyze
from minesat.play.game import Game

BOARD = "board=1??/12?/01?&mines=2&size=3x3"

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
