"""The page's one door to JavaScript: every other module of minesat_web reaches the browser
through the names here (the `js` globals, PyScript's `document`, Pyodide's proxies and
conversions), never by importing `js`, `pyscript` or `pyodide` itself.  The JavaScript globals the
page and Python share (window.minesat*) are listed in docs/page.md."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document

__all__ = ["create_once_callable", "create_proxy", "document", "js", "js_object", "to_js"]


def js_object(data: dict[str, Any]) -> Any:
    """A Python dict as a plain JavaScript object (not a Map)."""
    return to_js(data, dict_converter=js.Object.fromEntries)
