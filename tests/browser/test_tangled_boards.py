"""Every analysis answers or says what it is doing (issue 23): a board too tangled to count gets
its quick deductions at once and the SAT solver's in slices, with a way to stop; typing fast
leaves no console error. Screenshots: 60-*.png."""

from __future__ import annotations

import random

from harness import new_context, screenshot, wait_ready, wait_worker_idle
from minesat.analysis.analyze import local_forced
from minesat.board import Board
from minesat.formats.links import board_to_fragment


def lattice(side: int = 100, seed: int = 1) -> Board:
    """Numbers on every other cell of every other row, the rest hidden: one huge tangle of clues."""
    rng = random.Random(seed)
    mines = {(r, c) for r in range(side) for c in range(side) if rng.random() < 0.2 and (r % 2 or c % 2)}
    cells = tuple(str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc))
                  if r % 2 == 0 and c % 2 == 0 else "?" for r in range(side) for c in range(side))
    return Board(side, side, cells, None)


def test_a_tangled_board_shows_what_is_known_and_what_is_going_on_and_stops_on_escape(browser, site, watch):
    board = lattice()
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#" + board_to_fragment(board))
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('verdict').textContent.includes('Too tangled')",
                           timeout=90_000)
    assert "checking every other cell" in page.inner_text("#verdict")
    assert page.is_visible("#busy") and page.is_visible("#analysis-cancel")
    quick = local_forced(board)
    assert quick is not None
    marked = page.eval_on_selector_all("#grid .cell[data-verdict]", "els => els.length")
    assert marked >= len(quick[0]) + len(quick[1]) > 1000
    screenshot(page, "60-tangled-board-working")
    page.focus("#grid")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('verdict').textContent.includes('Stopped')")
    assert page.eval_on_selector_all("#grid .cell[data-verdict]", "els => els.length") >= marked  # kept
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    context.close()


def test_typing_fast_leaves_no_error_in_the_console(app_page):
    page = app_page.page
    app_page.load_board(["?" * 16] * 16, 40)
    page.focus("#grid")
    for i in range(200):  # every key a new board while the last ones are being analysed
        page.keyboard.press("ArrowRight" if i % 3 else "1")
    page.keyboard.press("2")
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value")
    wait_worker_idle(page)  # answers to superseded requests come in
    # the harness fails the test on any console error (before: "exception was never retrieved")
