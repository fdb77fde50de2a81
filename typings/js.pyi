# The browser's JavaScript globals, as Pyodide's `js` module gives them: untyped on this side.
from typing import Any

def __getattr__(name: str) -> Any: ...
