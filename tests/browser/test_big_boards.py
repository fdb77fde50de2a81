"""A big board opened by link or paste (issue 36, item 2): the page never freezes on it. The
longest main-thread task from the moment the board is given until its analysis is shown stays
under harness.FROZEN_MS (a frozen tab; on a machine slowed by other work, a multiple of a reference loop
timed on the page's thread), for a blank 100x100 board with 2,000 mines and a 70x70 one."""

from __future__ import annotations

import pytest

from harness import assert_not_frozen, new_context, wait_ready, watch_long_tasks
from minesat.board import Board
from minesat.formats.links import board_to_fragment


def blank(side: int, mines: int) -> Board:
    return Board(side, side, ("?",) * (side * side), mines)


@pytest.mark.parametrize("side, mines, how", [(100, 2000, "link"), (70, 980, "link"), (100, 2000, "paste")])
def test_a_big_board_opens_without_freezing_the_tab(browser, site, watch, side, mines, how):
    board = blank(side, mines)
    fragment = board_to_fragment(board)
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html")
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value")
    reference = watch_long_tasks(page)
    if how == "link":
        page.evaluate("f => { location.hash = f; }", fragment)
    else:
        page.click("#paste-box summary")
        page.fill("#paste-text", "\n".join("?" * side for _ in range(side)) + f"\nmines={mines}\n")
        page.click("#paste-load")
    page.wait_for_function("n => document.querySelectorAll('#grid .cell').length === n", arg=side * side,
                           timeout=120_000)
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=120_000)
    assert_not_frozen(page, reference, f"{side}x{side} by {how}")
    context.close()
