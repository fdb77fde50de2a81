"""The page under mangled input (issue 23): board links, Play links and stored values, generated
from seeds by mutating good ones. Each must leave a clear message or a board, never a Python
traceback in the page, an error in the console (the harness fails on any), or a long freeze of
the main thread."""

from __future__ import annotations

import random

from harness import assert_not_frozen, new_context, wait_ready, watch_long_tasks
from minesat.board import parse_board
from minesat.formats.links import board_to_fragment

GOOD_BOARD = board_to_fragment(parse_board("mines=2\n1??\n12?\n01?"))
GOOD_PLAY = "play=beginner&seed=7&moves=o4.4,f0.0&rule=classic"
NASTY = ["²", "٣", "\u0000", "%00", "%", "%zz", "&", "=", "#", "<script>alert(1)</script>", "9" * 50,
         "-1", "1e9", "x", "/", "?", "F", "&size=1x1", "&mines=99999", "&moves=o99.99", "&first=1.1.1", "ng=1"]
TRACEBACK = ("Traceback", "File \"", "Error:", "invalid literal", "object has no attribute")


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(text) + 1)
        choice = rng.random()
        if choice < 0.4:
            text = text[:i] + rng.choice(NASTY) + text[i:]
        elif choice < 0.7:
            text = text[:i] + text[i + rng.randint(1, 5):]
        else:
            text = text[:i] + rng.choice(text or "x") * rng.randint(1, 20) + text[i:]
    return text


def page_text_is_clean(page) -> None:
    text = page.inner_text("body")
    assert not [t for t in TRACEBACK if t in text], text[:2000]
    assert not page.evaluate("() => !!window.fuzzed"), "injected script ran"


def test_mangled_board_and_play_links_get_a_message_or_a_board(browser, site, watch):
    rng = random.Random(23)
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html")
    wait_ready(page)
    reference = watch_long_tasks(page)
    links = [mutate(GOOD_BOARD, rng) for _ in range(40)] + [mutate(GOOD_PLAY, rng) for _ in range(40)]
    links = [link.replace("alert(1)", "window.fuzzed=1") for link in links]
    for link in links:
        page.evaluate("f => { location.hash = f; }", link)
        page.wait_for_timeout(60)
        page_text_is_clean(page)
    # A freeze fails the test; the 200 ms target is measured (printed here and in the closing note),
    # not asserted: on a shared 2-core machine a task's length is noise as much as code.
    assert_not_frozen(page, reference, f"{len(links)} mangled links")
    page.click("#mode-analyze")
    page.evaluate("f => { location.hash = f; }", GOOD_BOARD)  # and the page still works
    page.wait_for_function("f => document.getElementById('grid').dataset.board === f", arg=GOOD_BOARD)
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value === '2'")
    page_text_is_clean(page)
    assert page.evaluate("() => PerformanceObserver.supportedEntryTypes.includes('longtask')")
    context.close()


def test_mangled_stored_values_leave_a_working_page(browser, site, watch):
    rng = random.Random(24)
    for value in [mutate(GOOD_BOARD, rng) for _ in range(3)] + ["{", "board=" + "?" * 20000, "null"]:
        context = new_context(browser, watch)
        page = context.new_page()
        page.goto(site + "index.html#")
        wait_ready(page)
        page.evaluate("""v => { localStorage.setItem('minesat.board', v);
            localStorage.setItem('minesat.stats', v); }""", value.replace("alert(1)", "window.fuzzed=1"))
        page.reload()
        wait_ready(page)
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value !== undefined")
        page_text_is_clean(page)
        page.click("#mode-play")  # the statistics are read
        page.wait_for_selector("#play-grid .cell")
        page_text_is_clean(page)
        context.close()


def test_a_broken_link_on_an_open_page_stays_in_the_address_bar_until_the_next_edit(app_page):
    page = app_page.page
    app_page.load_board(["1??", "12?", "01?"], 2)
    broken = "board=1??/12?/01?&mines=2&size=4x3"
    page.evaluate("f => { location.hash = f; }", broken)
    page.wait_for_function("() => document.getElementById('message').textContent.includes('could not be read')")
    page.wait_for_timeout(600)  # past the delay with which the address bar follows the board
    assert page.evaluate("() => decodeURIComponent(location.hash.slice(1))") == broken
    assert page.get_attribute("#grid", "data-board").startswith("board=1??/12?/01?&mines=2")  # the board kept
    page.focus("#grid")
    page.keyboard.press("f")  # an edit: the address bar names the board again
    page.wait_for_function("() => location.hash.slice(1) === document.getElementById('grid').dataset.board")
