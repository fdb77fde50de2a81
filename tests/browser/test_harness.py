"""The harness's own answer to a renderer that dies under a test (conftest.py, harness.py): the test
runs once more, in a fresh Chromium, on the module's shared app page opened again, and the crash is reported with
Chromium's last words."""

from __future__ import annotations

from harness import chromium_log, new_context, wait_ready

runs: list[str] = []


def crash(page) -> None:
    """Kill the page's renderer process, as CI saw happen (Chromium's chrome://crash)."""
    try:
        page.goto("chrome://crash")
    except Exception:  # noqa: BLE001 - the navigation is aborted by the crash
        pass


def test_a_test_whose_renderer_crashed_runs_once_more_on_the_app_opened_again(app_page):
    runs.append(app_page.page.context.browser)
    if len(runs) == 1:
        crash(app_page.page)
        app_page.page.inner_text("#analysis")  # raises Playwright's "Target crashed": the run fails
    assert len(runs) == 2, "the crashed run was not run again"
    assert runs[1] is not runs[0] and not runs[0].is_connected(), "the rerun did not get a fresh Chromium"
    assert not app_page.crashed
    assert app_page.page.get_attribute("#layout-count", "data-value"), "the page opened again is not analysed"
    assert chromium_log(__name__).is_file()


own_runs: list[object] = []


def test_a_test_with_its_own_page_runs_once_more_in_a_fresh_chromium(browser, site, watch):
    context = new_context(browser, watch)
    page = context.new_page()
    own_runs.append(context.browser)
    page.goto(site + "index.html")
    wait_ready(page)
    if len(own_runs) == 1:
        crash(page)
        page.inner_text("#analysis")
    assert len(own_runs) == 2 and own_runs[1] is not own_runs[0], "not run again in a fresh Chromium"
    context.close()
