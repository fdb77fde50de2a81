"""What next (issue 12) on the page: the best move in the analyzer, and Play mode with hints,
auto-play, shared game links and kept scores; offline (the harness fails any request off 127.0.0.1)."""

from __future__ import annotations

from boards import SEED_9X9
from harness import new_context, wait_ready
from minesat.analysis.analyze import analyze
from minesat.board import parse_board
from minesat.play.game import Game


def test_the_analyzer_marks_the_best_move_a_safe_cell_with_its_proof(app_page):
    page = app_page.page
    app_page.load_board(SEED_9X9.split(), 10)
    page.wait_for_selector("#grid .cell[data-best]")
    best = page.eval_on_selector("#grid .cell[data-best]", "e => [+e.dataset.row, +e.dataset.col]")
    assert tuple(best) in analyze(parse_board(SEED_9X9, 10)).safe
    text = page.inner_text("#best-move")
    assert text.startswith("Best move: open r") and "surely safe" in text and "Why:" in text


def test_a_guess_is_marked_with_its_mine_probability(app_page):
    page = app_page.page
    app_page.load_board(["???", "???", "???"], 2)
    page.wait_for_selector("#grid .cell[data-best]")
    assert page.inner_text("#best-move").startswith("Best guess: open r") and "% mine" in page.inner_text("#best-move")


def test_play_hint_then_auto_play_a_whole_game_offline(browser, site, watch):
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#play=beginner&seed=11&rule=classic")
    wait_ready(page)
    page.wait_for_selector("#play", state="visible")
    assert page.get_attribute("#play-status", "data-state") == "playing"
    page.click("#play-hint")
    page.wait_for_selector("#play-grid [data-best]")
    assert page.get_attribute("#play-grid [data-best]", "data-row") == "0"  # the first click: the corner
    page.click("#play-grid [data-best]")
    page.click("#play-hint")
    page.wait_for_selector("#play-grid [data-best]")
    page.select_option("#play-speed", "30")
    page.click("#play-auto")
    page.wait_for_function("() => document.getElementById('play-status').dataset.state !== 'playing'",
                           timeout=120_000)
    state = page.get_attribute("#play-status", "data-state")
    assert state in ("won", "lost")
    assert f"beginner: {int(state == 'won')} won, {int(state == 'lost')} lost" in page.inner_text("#play-stats")
    if state == "lost":
        assert page.locator("#play-grid .cell.exploded").count() == 1
    page.click("#play-analyze")  # the position goes to the analyzer
    page.wait_for_selector("#app", state="visible")
    page.wait_for_function("() => location.hash.startsWith('#board=')")  # the analyzer's link replaces the game's
    context.close()


def test_a_shared_game_link_replays_the_same_game(browser, site, watch):
    link = site + "index.html#play=intermediate&seed=424242&rule=zero"
    seen = []
    for _ in range(2):
        context = new_context(browser, watch)
        page = context.new_page()
        page.goto(link)
        wait_ready(page)
        page.wait_for_selector("#play", state="visible")
        page.click('#play-grid .cell[data-row="3"][data-col="3"]')
        seen.append(page.eval_on_selector_all("#play-grid .cell", "els => els.map(e => e.textContent).join(',')"))
        context.close()
    assert seen[0] == seen[1]
    game = Game.new("intermediate", 424242, "zero")
    game.open((3, 3))
    assert seen[0] == ",".join(str(game.number((r, c))) if (r, c) in game.opened and game.number((r, c)) else ""
                               for r in range(16) for c in range(16))
