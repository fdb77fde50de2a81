"""A long analysis runs in the engine's web worker: the tab stays responsive and it can be cancelled."""

from __future__ import annotations

from boards import lattice
from harness import START_TIMEOUT
from minesat.formats.links import board_to_fragment


def test_long_analysis_keeps_the_tab_responsive_and_can_be_cancelled(app_page):
    page = app_page.page
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    hard = board_to_fragment(lattice(26, 26, 0))  # one big tangled component: seconds
    page.evaluate("f => { location.hash = f; }", hard)
    # The analysis under way (it takes seconds): "working…" shown and the old results greyed, by a timer
    # on the page's thread. Were the analysis on that thread, neither the timer nor this check could run
    # until it ended, when nothing is busy any more: so the page answers during the analysis, however
    # loaded the machine (no fixed time either way).
    under_way = ("() => getComputedStyle(document.getElementById('busy')).visibility === 'visible'"
                 " && document.getElementById('grid').classList.contains('stale')"
                 " && document.getElementById('layout-count').dataset.value === ''")
    page.wait_for_function(under_way, timeout=START_TIMEOUT)
    ticks = page.evaluate("""() => new Promise((done) => {  // the page's thread runs timers meanwhile
        let n = 0; const tick = () => (++n < 5 ? setTimeout(tick, 0) : done(n)); tick(); })""")
    assert ticks == 5 and page.evaluate(under_way), "the analysis ended before the page could answer"
    page.wait_for_selector("#analysis-cancel", state="visible")
    page.click("#analysis-cancel")
    assert "cancelled" in page.inner_text("#verdict")
    assert page.get_attribute("#layout-count", "data-value") == ""
    # a fresh worker takes over; the next edit is analysed by it
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    assert app_page.load_board(["1??", "12?", "01?"]) == "2"
    assert page.get_attribute("body", "data-engine") == "worker"
    app_page.shot("11-after-cancel")


def test_board_too_tangled_to_count_gets_forced_cells_by_sat(app_page):
    """Past the counting budget, the page still marks what SAT proves from the clues and flags."""
    from minesat.analysis.analyze import analyze_by_sat
    page = app_page.page
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    board = lattice(30, 30, 0)
    expected = analyze_by_sat(board)
    assert expected.count is None and expected.safe  # the engine cannot count it; SAT proves some cells
    page.evaluate("f => { location.hash = f; }", board_to_fragment(board))
    page.wait_for_function("() => document.getElementById('layout-count').textContent.includes('not counted')",
                           timeout=START_TIMEOUT)
    page.wait_for_function("() => document.getElementById('verdict').textContent.includes('not used')",
                           timeout=START_TIMEOUT)  # the SAT solver's slices are done (issue 23: quick cells first)
    assert page.get_attribute("#layout-count", "data-value") == ""
    assert "SAT solver" in page.inner_text("#verdict") and "not used" in page.inner_text("#verdict")
    verdicts = app_page.verdicts()
    assert {c for c, v in verdicts.items() if v == "safe"} == set(expected.safe)
    assert {c for c, v in verdicts.items() if v == "mine"} == set(expected.mines)
    app_page.shot("13-too-tangled")
