"""The harness's own answer to a renderer that dies under a test (conftest.py, harness.py): the test
runs once more, on the module's shared app page opened again, and the crash is reported with
Chromium's last words."""

from __future__ import annotations

from harness import chromium_log

runs: list[str] = []


def crash(page) -> None:
    """Kill the page's renderer process, as CI saw happen (Chromium's chrome://crash)."""
    try:
        page.goto("chrome://crash")
    except Exception:  # noqa: BLE001 - the navigation is aborted by the crash
        pass


def test_a_test_whose_renderer_crashed_runs_once_more_on_the_app_opened_again(app_page):
    runs.append(app_page.page.url)
    if len(runs) == 1:
        crash(app_page.page)
        app_page.page.inner_text("#analysis")  # raises Playwright's "Target crashed": the run fails
    assert len(runs) == 2, "the crashed run was not run again"
    assert not app_page.crashed
    assert app_page.page.get_attribute("#layout-count", "data-value"), "the page opened again is not analysed"
    assert chromium_log(__name__).is_file()
