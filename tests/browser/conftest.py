"""Real-browser test harness: the site served on 127.0.0.1, Debian's Chromium driven by Playwright.

Every test here that drives Chromium is marked `browser`. One Chromium is shared by the whole session and
one loaded app page by each module that asks for `app` (a Pyodide start costs ~10 s).
Any request to a host other than 127.0.0.1 fails the test that made it; so does any
console error or uncaught page error. Screenshots go to test-artifacts/ (see harness.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from harness import CRASHED, app, app_page, browser, context, crash_report, site, watch  # noqa: F401 - fixtures

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark `browser` every test here that uses the browser or the served site, and let such a test
    run once more if a page's renderer process died under it (CI saw Chromium's renderer crash
    in three runs of about 80 browser tests, never locally): only that error, never a failed
    assertion or a timeout, and a second crash fails."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents and {"browser", "site", "app"} & set(item.fixturenames):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[CRASHED]))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A report of a renderer crash carries the memory and Chromium's last lines (a rerun prints it too)."""
    report = yield
    if report.failed and call.excinfo is not None and renderer_crashed(call.excinfo.value):
        if "browser" in item.funcargs:
            item.funcargs["browser"].stale = True  # the rerun starts a fresh Chromium
        section = crash_report(item.module.__name__)
        report.sections.append(("renderer crash", section))
        print(f"\n{item.nodeid}: the renderer crashed; {section}", file=sys.stderr)
    return report


def renderer_crashed(error: BaseException | None) -> bool:
    """Whether Playwright's crash error is `error` or one it was raised from or while handling (as
    rerunfailures' only_rerun matches it)."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if re.search(CRASHED, f"{type(error).__name__}: {error}"):
            return True
        error = error.__cause__ or error.__context__
    return False
