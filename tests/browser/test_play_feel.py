"""Play that looks and feels like Minesweeper from the first paint (issue 35): nothing done before
Python is up is lost, a `#play=` link shows Play at once, no-guess boards asked for while the engine
starts arrive, a board that reads at a glance in both themes (bevels, grid lines, counter, face,
clock from the first click), a level that starts its game, tile sizes, the phone's layout, and a
review that opens itself on the losing click. Screenshots: 80-89-*.png.

Python is held back by holding PyScript's core.js (the page paints without it); the engine by
holding its worker's script, as in test_start.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from harness import (
    ARTIFACTS,
    PHONE,
    START_TIMEOUT,
    VIEWPORTS,
    axe_violations,
    new_context,
    screenshot,
    wait_ready,
)
from minesat.play.game import Game

PYSCRIPT = "**/vendor/pyscript/core.js*"


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two CSS colours "rgb(r, g, b)"."""
    def luminance(rgb: str) -> float:
        channels = [float(x) / 255 for x in re.findall(r"[\d.]+", rgb)[:3]]
        r, g, b = (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
WORKER = "**/engine-worker.mjs*"

# When Play is first seen with its board: a requestAnimationFrame loop from the document's start (a
# frame's callbacks run before it is painted), against the first paint's time.
SEEN_PLAY = """window.playSeen = null;
(function look() {
  requestAnimationFrame(function () {
    var p = document.getElementById('play'), a = document.getElementById('app');
    var shown = p && a && !p.hidden && a.hidden && document.querySelectorAll('#play-grid .cell').length;
    if (shown) window.playSeen = performance.now(); else look();
  });
})();"""

# When things happen, from the document's start (ms): the engine up, the page ready, a cell opened, a hint said.
TIMES = """window.times = {};
new MutationObserver(function () {
  var t = window.times, b = document.body, now = performance.now();
  if (!b) return;
  if (!t.ready && b.hasAttribute('data-ready')) t.ready = now;
  if (!t.engine && (b.dataset.engine === 'worker' || b.dataset.engine === 'main')) t.engine = now;
  var c = document.getElementById('p4-4');
  if (!t.opened && c && c.classList.contains('revealed')) t.opened = now;
  var h = document.getElementById('play-hint-text');
  if (!t.hinted && h && /^Best/.test(h.textContent)) t.hinted = now;
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});"""


@contextmanager
def held(browser, watch, pattern: str, **options) -> Iterator:
    """A fresh context whose requests matching `pattern` wait until `release()`: (page, release)."""
    context = new_context(browser, watch, **options)
    routes: list = []
    context.route(pattern, lambda route: routes.append(route))
    context.add_init_script(SEEN_PLAY + TIMES)

    def release() -> None:
        assert routes, f"{pattern} was never asked for"
        for route in routes:
            route.continue_()
        context.unroute(pattern)
    try:
        yield context.new_page(), release
    finally:
        context.close()


def cell(r: int, c: int) -> str:
    return f'#play-grid .cell[data-row="{r}"][data-col="{c}"]'


def cells(page) -> int:
    return page.locator("#play-grid .cell").count()


def test_a_play_link_shows_play_and_its_board_from_the_first_paint(browser, site, watch):
    """Before Python runs at all (held), the link's Play is on screen with a board of its size."""
    with held(browser, watch, PYSCRIPT) as (page, release):
        page.goto(site + "index.html#play=intermediate&seed=3&rule=zero", wait_until="commit")  # (no load: held)
        page.wait_for_function("() => window.playSeen !== null && performance.getEntriesByName('first-paint').length")
        seen, painted = page.evaluate("() => [playSeen, performance.getEntriesByName('first-paint')[0].startTime]")
        print(f"#play= link: Play with its board {seen - painted:.0f} ms after the first paint")
        assert seen - painted <= 500
        assert cells(page) == 16 * 16 and not page.evaluate("() => document.body.hasAttribute('data-ready')")
        assert page.input_value("#play-level") == "intermediate" and page.input_value("#play-rule") == "zero"
        assert page.inner_text("#play-mines-left") == "040"
        screenshot(page, "80-play-link-before-python")
        release()
        wait_ready(page)
        page.wait_for_selector("#play-grid:not([data-placeholder]) .cell")
        assert cells(page) == 16 * 16 and page.get_attribute("#play-status", "data-state") == "playing"
        page.click(cell(7, 7))
        game = Game.new("intermediate", 3, "zero")
        game.open((7, 7))
        shown = page.eval_on_selector_all("#play-grid .cell.revealed", "els => els.length")
        assert shown == len(game.opened)


def test_every_play_control_used_before_python_is_up_is_carried_out(browser, site, watch):
    """Play a game, a level, a seed, New game, a click and a right click on cells, Flag taps, Hint: all
    before Python runs, each visibly waiting, then each carried out in order once it is up."""
    with held(browser, watch, PYSCRIPT) as (page, release):
        page.goto(site + "index.html", wait_until="commit")
        page.wait_for_selector("#play-stats-reset", state="attached")  # the document is parsed
        page.click("#mode-play")
        assert page.is_visible("#play") and page.is_hidden("#app") and cells(page) == 16 * 30  # expert, at once
        page.select_option("#play-level", "beginner")
        assert cells(page) == 81
        page.fill("#play-seed", "3")
        page.click("#play-new")
        assert page.get_attribute("#play-new", "aria-busy") == "true"  # visibly waiting
        game = Game.new("beginner", 3, "classic")
        game.open((4, 4))
        flag = next((r, c) for r in range(9) for c in range(9) if (r, c) not in game.opened)
        page.click(cell(4, 4))
        page.click(cell(*flag), button="right")
        assert "queued" in page.get_attribute(cell(4, 4), "class")
        assert page.inner_text("#play-status").startswith("Starting")
        page.click("#play-hint")
        page.click("#play-flag")
        assert not page.evaluate("() => document.body.hasAttribute('data-ready')")
        release()
        wait_ready(page)
        page.wait_for_function("() => window.times.hinted", timeout=START_TIMEOUT)  # answered once the engine is up
        assert "seed=3" in page.url and "play=beginner" in page.url
        assert "moves=o4.4,f" in page.url
        assert "revealed" in page.get_attribute(cell(4, 4), "class")
        assert "flag" in page.get_attribute(cell(*flag), "class")
        assert page.get_attribute("#play-flag", "aria-pressed") == "true"
        assert page.locator("#play-grid [data-best]").count() == 1
        assert page.locator("[aria-busy=true], .queued").count() == 0  # nothing is left waiting
        times = page.evaluate("window.times")
        print(f"first click before Python: played {times['opened'] - times['ready']:.0f} ms after the page was ready "
              f"({times['opened'] - times['engine']:.0f} ms from the engine's start); the hint "
              f"{times['hinted'] - times['engine']:.0f} ms after the engine was up")
        assert times["opened"] - times["ready"] < 2000


def test_a_no_guess_game_asked_for_while_the_engine_starts_arrives(browser, site, watch):
    """Issue 35, item 1: Play's requests waiting for the engine (a hint, then a no-guess board) were
    dropped by the page's first analysis of the analyzer's board: "Drawing a no-guess board…" forever."""
    with held(browser, watch, WORKER) as (page, release):
        page.goto(site + "index.html")
        wait_ready(page)
        assert page.get_attribute("body", "data-engine") == "starting"
        page.click("#mode-play")
        page.select_option("#play-level", "beginner")
        page.click(cell(4, 4))
        page.click("#play-hint")  # waits for the engine
        page.select_option("#play-board", "no-guess")
        page.click("#play-new")
        page.wait_for_selector("#play-generating", state="visible")
        release()
        page.wait_for_selector("#play-generating", state="hidden", timeout=START_TIMEOUT)
        page.wait_for_selector("#play-grid [data-best]")
        assert "no-guess board" in page.inner_text("#play-hint-text") and "ng=1" in page.url


def test_the_analyzers_analysis_drops_no_waiting_play_request_in_the_worker(browser, site, watch):
    """In the worker: a request of Play's lanes waiting behind a busy engine is answered even when a new
    board's analysis comes after it (the analyzer's own waiting requests are still dropped)."""
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html")
    wait_ready(page)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    answers = page.evaluate("""() => new Promise((done) => {
      const worker = minesatEngine.worker, got = {};
      const ask = (id, lane, request, board) =>  // (board: a lane of the analyzer's, as the client marks it)
        worker.postMessage({id, lane, board: !!board, text: JSON.stringify({id, ...request})});
      worker.addEventListener('message', (e) => {
        if (![-1, -2, -3, -4].includes(e.data.id)) return;
        got[e.data.id] = e.data.dropped ? 'dropped' : 'answered';
        if (Object.keys(got).length === 4) done(got);
      });
      const board = 'board=???/?1?/???&mines=1';
      ask(-1, undefined, {op: 'generate', rows: 16, cols: 30, mines: 99, first: [8, 15], rule: 'classic',
                          seed: 7, no_guess: true});  // keeps the engine busy: the next two wait
      ask(-2, 'play-generate', {op: 'generate', rows: 9, cols: 9, mines: 10, first: [4, 4],
                                rule: 'classic', seed: 5, no_guess: true});
      ask(-3, 'layouts', {op: 'layouts', board, page: 0}, true);
      ask(-4, 'analysis', {op: 'analyze', board});
    })""")
    context.close()
    assert answers == {"-1": "answered", "-2": "answered", "-3": "dropped", "-4": "answered"}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_reads_as_minesweeper_in_both_themes(browser, site, watch, scheme):
    """Raised hidden cells whose edges (the lines between cells, the bevels' dark side) stand out 2:1
    from their fill; opened cells flat; a mine counter, the face and a clock above the board."""
    context = new_context(browser, watch, viewport=VIEWPORTS["desktop"], color_scheme=scheme)
    page = context.new_page()
    page.goto(site + "index.html#play=expert&seed=4242&rule=classic")
    wait_ready(page)
    page.wait_for_selector("#play-grid:not([data-placeholder]) .cell")
    look = page.evaluate("""() => {
      const c = getComputedStyle(document.querySelector('#play-grid .cell.hidden'));
      return {fill: c.backgroundColor, dark: c.borderBottomColor, light: c.borderTopColor,
              width: parseFloat(c.borderBottomWidth),
              line: getComputedStyle(document.getElementById('play-grid')).backgroundColor};
    }""")
    lines, bevel = contrast(look["line"], look["fill"]), contrast(look["dark"], look["fill"])
    print(f"{scheme}: the lines between hidden cells {lines:.2f}:1, their bevels' dark side {bevel:.2f}:1 against "
          f"their fill {look['fill']}")
    assert lines >= 2 and bevel >= 2 and look["width"] >= 2
    assert [page.inner_text(s) for s in ("#play-mines-left", "#play-clock")] == ["099", "000"]
    assert page.get_attribute("#play-face", "aria-label") == "New game"
    page.click(cell(8, 15))
    opened = page.evaluate("""() => {
      const c = getComputedStyle(document.querySelector('#play-grid .cell.revealed'));
      return {fill: c.backgroundColor, width: parseFloat(c.borderBottomWidth)};
    }""")
    assert opened["width"] == 0 and opened["fill"] != look["fill"]  # flat, and another colour
    hidden = page.eval_on_selector("#play-grid .cell.hidden", "e => [+e.dataset.row, +e.dataset.col]")
    page.click(cell(*hidden), button="right")
    assert page.inner_text("#play-mines-left") == "098"
    page.wait_for_function("() => document.getElementById('play-clock').textContent !== '000'")  # it runs
    screenshot(page, f"81-play-{scheme}-desktop")
    game = Game.new("expert", 4242, "classic")
    game.open((8, 15))
    page.click(cell(*min(c for c in game.mine_cells or () if c != tuple(hidden))))
    assert page.inner_text("#play-face") == "😵"
    clock = page.inner_text("#play-clock")
    page.wait_for_function("c => performance.now() > c", arg=page.evaluate("performance.now()") + 1100)
    assert page.inner_text("#play-clock") == clock  # stopped at the end
    page.wait_for_selector("#play-review-list li", timeout=START_TIMEOUT)  # the review opened itself
    assert axe_violations(page) == []
    page.click("#play-review-close")  # back to the lost board: its mines, the one that exploded, the flag
    assert page.locator("#play-grid .cell.exploded").count() == 1
    assert page.locator("#play-grid .cell.mine, #play-grid .cell.flag:not(.wrong)").count() == 99
    screenshot(page, f"87-play-{scheme}-lost")
    context.close()


def test_a_level_starts_its_game_the_face_starts_another_and_tiles_resize(browser, site, watch):
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#play=expert&seed=9&rule=classic")
    wait_ready(page)
    page.wait_for_selector("#play-grid:not([data-placeholder]) .cell")
    page.select_option("#play-level", "beginner")  # no New game: the level's game at once
    page.wait_for_function("() => location.hash.startsWith('#play=beginner')")
    assert cells(page) == 81 and "seed=9&" not in page.url
    seed = re.search(r"seed=(\d+)", page.url)[1]
    page.click("#play-face")
    page.wait_for_function("s => !location.hash.includes('seed=' + s + '&')", arg=seed)
    page.fill("#play-tile", "40")
    size = page.eval_on_selector("#play-grid .cell", "e => e.getBoundingClientRect().width")
    assert size == 40
    page.reload()  # the size is kept
    wait_ready(page)
    assert page.eval_on_selector("#play-grid .cell", "e => e.getBoundingClientRect().width") == 40
    context.close()


def test_a_game_from_its_link_is_timed_from_the_first_click_not_the_load(browser, site, watch):
    game = Game.new("beginner", 3, "classic")
    game.open((4, 4))
    mine = min(game.mine_cells or ())
    context = new_context(browser, watch)
    page = context.new_page()
    page.goto(site + "index.html#play=beginner&seed=3&moves=o4.4&rule=classic")
    wait_ready(page)
    page.wait_for_selector("#play-grid:not([data-placeholder]) .cell")
    loaded = page.evaluate("performance.now()")
    page.wait_for_function("t => performance.now() > t", arg=loaded + 2500)  # a player looks before clicking
    assert page.inner_text("#play-clock") == "000"
    page.click(cell(*mine))
    took = float(re.match(r"Lost in ([\d.]+) s", page.inner_text("#play-end-text"))[1])
    assert took < 1.0  # from the first click (this one), not from the load 2.5 s before
    context.close()


def test_the_loading_banner_pushes_nothing_down(browser, site, watch):
    with held(browser, watch, PYSCRIPT) as (page, release):
        page.goto(site + "index.html", wait_until="commit")
        page.wait_for_selector("#play-stats-reset", state="attached")  # the document is parsed
        page.wait_for_selector("#loading", state="visible")
        before = page.eval_on_selector("#modes", "e => e.getBoundingClientRect().top")
        release()
        wait_ready(page)
        assert page.is_hidden("#loading")
        assert page.eval_on_selector("#modes", "e => e.getBoundingClientRect().top") == before


def phone_shot(page, name: str) -> None:
    """What the phone's screen shows (a full-page capture lays a phone's page out again, wider)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }"""


def in_view(page, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_the_board_comes_first_and_flag_and_hint_are_under_the_thumb(browser, site, watch, scheme):
    """A whole no-guess beginner game by touch, the board in view all along; Flag taps and Hint in
    the bottom part of the screen; an expert board pans, said, with tiles large enough to tap."""
    context = new_context(browser, watch, color_scheme=scheme, **PHONE)
    page = context.new_page()
    page.goto(site + "index.html#play=beginner&seed=5&ng=1&rule=zero")
    wait_ready(page)
    page.wait_for_selector("#play-grid [data-best]")
    height = VIEWPORTS["phone"]["height"]
    top = "e => e.getBoundingClientRect().top"
    assert in_view(page, "#play-frame") and page.eval_on_selector("#play-frame", top) < 200
    for button in ("#play-flag", "#play-hint"):
        assert in_view(page, button) and page.eval_on_selector(button, top) > height * 0.8
    phone_shot(page, f"82-play-{scheme}-phone")
    assert axe_violations(page) == []
    for _ in range(100):
        if page.get_attribute("#play-status", "data-state") != "playing":
            break
        page.tap("#play-hint")
        page.wait_for_selector("#play-grid [data-best]")
        page.wait_for_function(IN_VIEW, arg="#play-grid [data-best]")  # the board in view (scrolled back if need be)
        page.tap("#play-grid [data-best]")
    assert page.get_attribute("#play-status", "data-state") == "won"
    assert in_view(page, "#play-frame") and page.inner_text("#play-face") == "😎"
    phone_shot(page, f"83-play-{scheme}-phone-won")
    page.select_option("#play-level", "expert")
    page.wait_for_function("() => document.querySelectorAll('#play-grid .cell').length === 480")
    assert page.is_visible("#play-pan")  # the cue: it pans
    assert page.eval_on_selector("#play-wrap", "e => e.scrollWidth > e.clientWidth")
    assert page.eval_on_selector("#play-grid .cell", "e => e.getBoundingClientRect().width") >= 24
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the board pans, not the page
    phone_shot(page, f"84-play-{scheme}-phone-expert")
    assert axe_violations(page) == []
    context.close()


def test_a_loss_opens_its_review_on_the_losing_click_and_never_an_earlier_games_list(browser, site, watch):
    context = new_context(browser, watch, viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(site + "index.html#play=beginner&seed=3&rule=classic")
    wait_ready(page)
    page.wait_for_selector("#play-grid:not([data-placeholder]) .cell")
    page.evaluate("""() => { window.stale = []; const s = document.getElementById('play-review-summary');
      new MutationObserver(() => { if (s.textContent.startsWith('Grading'))
        window.stale.push(document.querySelectorAll('#play-review-list li').length); })
        .observe(s, {childList: true, characterData: true, subtree: true}); }""")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    for seed in (3, 4):
        if seed != 3:
            page.fill("#play-seed", str(seed))
            page.click("#play-new")
            page.wait_for_function("s => location.hash.includes('seed=' + s + '&')", arg=str(seed))
            assert page.is_hidden("#play-review-box")
        game = Game.new("beginner", seed, "classic")
        game.open((4, 4))
        page.click(cell(4, 4))
        mine = min(game.mine_cells or ())
        page.click(cell(*mine))  # lost: the review opens itself
        page.wait_for_selector("#play-review-list li")
        moves = page.locator("#play-review-list li").count()
        assert moves == 2
        assert page.eval_on_selector("#play-review-list [aria-selected=true]", "e => +e.dataset.step") == moves - 1
        advice = page.inner_text("#play-review-advice")
        assert re.match(r"(You should have opened r\d+c\d+|Nothing to do better|r\d+c\d+ was surely a mine)", advice)
        losing = page.locator(f"{cell(*mine)}.losing")
        assert losing.count() == 1 and "the losing guess" in losing.get_attribute("aria-label")
        assert in_view(page, "#play-review-advice")
        screenshot(page, f"85-review-on-the-losing-click-{seed}")
    assert page.evaluate("window.stale") and not [n for n in page.evaluate("window.stale") if n]
    assert axe_violations(page) == []
    page.uncheck("#play-review-auto")  # the option: off, a loss shows the board and its end only
    page.click("#play-new")
    page.click(cell(4, 4))
    url_game = Game.new("beginner", int(re.search(r"seed=(\d+)", page.url)[1]), "classic")
    url_game.open((4, 4))
    if url_game.state == "playing":
        page.click(cell(*min(url_game.mine_cells or ())))
    assert page.get_attribute("#play-status", "data-state") in ("lost", "won") and page.is_hidden("#play-review-box")
    context.close()


def needless_loss(seed: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """An expert game (rule zero) opened at r9c3 and lost far to the right, on a mine, while a cell
    was surely safe: the losing mine and the clues of the proof of that safe cell (the engine's review)."""
    from minesat.messages.codec import encode_graded
    from minesat.play.review import GameRecord, review
    game = Game.new("expert", seed, "zero")
    game.open((8, 2))
    mine = max(game.mine_cells or (), key=lambda c: (c[1], -abs(c[0] - 8)))
    record = GameRecord.from_json({"rows": 16, "cols": 30, "mines": [list(c) for c in game.mine_cells or ()],
                                   "moves": [[8, 2, "open"], [mine[0], mine[1], "open"]]})
    last = encode_graded(review(record)[-1])
    assert last["grade"] == "needless" and last["proof"], last
    return mine, [tuple(c) for c in last["proof"][0]["clues"]]


def test_on_a_phone_the_review_brings_the_proofs_clue_into_view(browser, site, watch):
    """Lost far right on an expert board that pans: the clue that proves the safe cell (far left)
    is marked and scrolled into view."""
    mine, clues = needless_loss(11)
    context = new_context(browser, watch, **PHONE)
    page = context.new_page()
    page.goto(site + "index.html#play=expert&seed=11&rule=zero")
    wait_ready(page)
    page.wait_for_selector("#play-grid:not([data-placeholder]) .cell")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    page.tap(cell(8, 2))
    page.tap(cell(*mine))
    page.wait_for_selector("#play-review-list li")
    marked = page.eval_on_selector_all("#play-grid .cell.proof",
                                       "els => els.map(e => [+e.dataset.row, +e.dataset.col])")
    assert sorted(tuple(c) for c in marked) == sorted(clues)
    page.wait_for_function("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.left >= -1 && r.right <= innerWidth + 1 && r.top >= -1 && r.bottom <= innerHeight + 1; }""",
                           arg=cell(*clues[0]))  # (within a pixel: scrolled to a fraction of one)
    assert page.inner_text("#play-review-advice").startswith("You should have opened")
    phone_shot(page, "86-phone-review-proof-in-view")
    assert axe_violations(page) == []
    context.close()
