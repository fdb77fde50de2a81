"""Real-browser test harness: the site served on 127.0.0.1, Debian's Chromium driven by Playwright.

Every test here that drives Chromium is marked `browser`. One Chromium is shared by the whole session and
one loaded app page by each module that asks for `app` (a Pyodide start costs ~10 s).
Any request to a host other than 127.0.0.1 fails the test that made it; so does any
console error or uncaught page error. Screenshots go to test-artifacts/ (see harness.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import app, app_page, browser, context, site, watch  # noqa: F401 - fixtures

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark `browser` every test here that uses the browser or the served site."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents and {"browser", "site", "app"} & set(item.fixturenames):
            item.add_marker(pytest.mark.browser)
