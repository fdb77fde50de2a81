"""A long analysis runs in the engine's web worker: the tab stays responsive and it can be cancelled."""

from __future__ import annotations

import sys
import time

from harness import ROOT, START_TIMEOUT, wait_analysis

sys.path.insert(0, str(ROOT / "bench"))
from boards import lattice  # noqa: E402  - the benchmark's dense lattice positions

from minesat.share import board_to_fragment  # noqa: E402


def test_long_analysis_keeps_the_tab_responsive_and_can_be_cancelled(app_page):
    page = app_page.page
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    hard = board_to_fragment(lattice(21, 10, 1))
    page.evaluate("f => { location.hash = f; }", hard)
    time.sleep(0.4)  # the analysis is under way (it takes seconds); on the main thread it would block this:
    start = time.perf_counter()
    busy = page.evaluate("() => !document.getElementById('busy').hidden")
    answered = time.perf_counter() - start
    assert busy and answered < 0.5, f"the page took {answered:.2f} s to answer while analysing"
    page.wait_for_selector("#analysis-cancel", state="visible")
    page.click("#analysis-cancel")
    assert "cancelled" in page.inner_text("#verdict")
    assert page.get_attribute("#layout-count", "data-value") == ""
    # a fresh worker takes over; the next edit is analysed by it
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
    assert app_page.load_board(["1??", "12?", "01?"]) == "2"
    assert page.get_attribute("body", "data-engine") == "worker"
    app_page.shot("11-after-cancel")
