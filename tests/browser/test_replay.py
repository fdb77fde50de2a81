"""The page's replay player (issue 33): an expert Arbiter replay dropped on the page, its statistics and graded
board events, the first needless guess stepped to with its proof, that position opened in the analyzer; a broken
file's message; the player on a phone.  Every figure checked comes from the file's name (Arbiter's own) or from
the engine run here in CPython on the same file."""

from __future__ import annotations

from pathlib import Path

from harness import STEP_TIMEOUT, axe_violations, new_context, screenshot, wait_analysis, wait_ready
from minesat.formats.links import board_from_fragment
from minesat.formats.replays import ReplayError, read_replay
from minesat.messages.codec import encode_replay
from minesat.play.replay_review import review_replay
from minesat.play.replay_stats import statistics
from minesat_web.replay.state import ReplayView

REPLAYS = Path(__file__).resolve().parents[1] / "data" / "replays"
EXPERT = REPLAYS / "avf" / "Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"  # Arbiter: 49.25 s, 3BV 127
GRADED = STEP_TIMEOUT * 4  # an expert game's review in the worker

DROP = """([bytes, name]) => { const t = new DataTransfer();
    t.items.add(new File([new Uint8Array(bytes)], name, {type: ''}));
    document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: t, bubbles: true, cancelable: true})); }"""
READ = "#replay:is([data-state=read], [data-state=graded])"  # read (graded may follow at once)


def drop(page, data: bytes, name: str) -> None:
    page.evaluate(DROP, [list(data), name])


def stat(page, label: str) -> str:
    return page.inner_text(f'#replay-stats td[data-stat="{label}"]')


def test_an_expert_replay_dropped_its_statistics_grades_first_needless_guess_and_the_analyzer(app_page):
    page = app_page.page
    data = EXPERT.read_bytes()
    replay = read_replay(data, EXPERT.name)
    graded = review_replay(replay)
    view = ReplayView(encode_replay(replay, statistics(replay)))
    drop(page, data, EXPERT.name)
    page.wait_for_selector(READ, timeout=STEP_TIMEOUT)
    assert stat(page, "3BV") == "127" and stat(page, "Time") == "49.250 s"  # Arbiter's own figures
    about = page.inner_text("#replay-about")
    assert "Arbiter" in about and "expert 30x16, 99 mines" in about
    assert page.locator("#replay-grid .cell").count() == 16 * 30
    assert page.locator("#app").is_visible()  # the analyzer stays; its board is untouched by the drop
    page.wait_for_selector("#replay[data-state=graded]", timeout=GRADED)
    read_ms, graded_ms = (int(page.get_attribute("#replay", a)) for a in ("data-read-ms", "data-graded-ms"))
    print(f"expert AVF: statistics {read_ms} ms, grades {graded_ms} ms after the drop")
    items = page.locator("#replay-events li")
    assert items.count() == len(replay.board_events)
    grades = page.eval_on_selector_all("#replay-events li", "els => els.map(e => e.dataset.grade)")
    assert grades == [g.grade for g in graded]
    assert "needless" in page.inner_text("#replay-summary") and page.inner_text("#replay-stats").count("pLuck")
    assert axe_violations(page) == []  # the player, graded, as assistive technology finds it

    first = next(i for i, g in enumerate(graded) if g.grade == "needless")
    page.click("#replay-next-needless")
    page.wait_for_selector(f"#replay[data-step='{first}']")
    proof = graded[first].proof[0]
    said = page.inner_text("#replay-proof")
    assert "needless guess" in said and f"r{proof.cell[0] + 1}c{proof.cell[1] + 1} is safe" in said
    marked = page.eval_on_selector_all("#replay-grid [data-proof]",
                                       "els => els.map(e => [+e.dataset.row, +e.dataset.col])")
    assert sorted(map(tuple, marked)) == sorted(proof.clues)
    best = page.locator(f'#replay-grid [data-row="{proof.cell[0]}"][data-col="{proof.cell[1]}"]')
    assert best.get_attribute("data-best") is not None
    page.wait_for_selector("#replay-grid[data-odds=ready]", timeout=STEP_TIMEOUT)
    assert best.get_attribute("data-verdict") == "safe"  # the engine's analysis of the position agrees
    guess = graded[first].move
    cell = page.locator(f'#replay-grid [data-row="{guess[0]}"][data-col="{guess[1]}"]')
    assert f"{graded[first].p_mine * 100:.0f}" in (cell.get_attribute("data-pct") or "")
    best.click()  # a forced cell's proof, asked of the engine for this position
    page.wait_for_function("() => document.getElementById('replay-cell-info').textContent.includes('is safe')")

    page.focus("#replay-grid")  # the keys step by board event
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#replay[data-step='{first + 1}']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#replay[data-step='{first}']")

    page.click("#replay-analyze")
    expected = view.board(first, flags=True)
    page.wait_for_function("n => document.querySelectorAll('#grid .cell').length === n", arg=16 * 30)
    wait_analysis(page)
    assert board_from_fragment(app_page.fragment()) == expected  # the analyzer's board is the replay's position
    app_page.shot("replay-expert-needless")

    page.check("#replay-path")  # the pointer's path so far, drawn over the board
    page.wait_for_selector("#replay-path-layer polyline", state="attached")
    page.select_option("#replay-speed", "8")
    page.click("#replay-play")  # played back: the board events go by, then a pause stops them
    page.wait_for_function("n => +document.getElementById('replay').dataset.step > n", arg=first + 2)
    page.click("#replay-play")
    assert page.get_attribute("#replay-play", "aria-pressed") == "false"
    step = page.get_attribute("#replay", "data-step")
    page.click(f"#replay-events li[data-step='{len(graded) - 1}']")  # an event picked in the list
    page.wait_for_selector(f"#replay[data-step='{len(graded) - 1}']")
    assert step != str(len(graded) - 1)


def test_a_broken_replay_gets_a_clear_message_and_the_page_goes_on(app_page):
    page = app_page.page
    data = EXPERT.read_bytes()[:300]
    try:
        read_replay(data, "cut.avf")
    except ReplayError as e:
        expected = str(e)
    page.set_input_files("#replay-input", files=[{"name": "cut.avf", "mimeType": "application/octet-stream",
                                                  "buffer": data}])
    page.wait_for_selector("#replay[data-state=failed]", timeout=STEP_TIMEOUT)
    assert page.get_attribute("#replay-message", "class") == "bad"
    assert page.inner_text("#replay-message") == f"Could not read cut.avf: {expected}"
    assert page.locator("#replay-body").is_hidden()
    drop(page, b"not a replay at all" * 3, "junk.rmv")
    page.wait_for_function("() => document.getElementById('replay-message').textContent.startsWith("
                           "'Could not read junk.rmv: ')")
    assert page.get_attribute("#replay", "data-state") == "failed"
    assert page.get_attribute("#replay-message", "class") == "bad"
    page.click("#replay-close")
    assert page.locator("#replay").is_hidden()
    app_page.load_board(["1?", "??"], 1)  # the page still answers


def test_the_player_on_a_phone(browser, site, watch):
    context = new_context(browser, watch, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site + "index.html")
    wait_ready(page)
    page.set_input_files("#replay-input", str(EXPERT))
    page.wait_for_selector(READ, timeout=STEP_TIMEOUT)
    right = page.eval_on_selector("#replay-grid", "e => e.getBoundingClientRect().right")
    assert right <= 390, "the expert board fits the phone's width"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.tap("#replay-next")
    page.wait_for_selector("#replay[data-step='1']")
    screenshot(page, "replay-phone")
    context.close()
