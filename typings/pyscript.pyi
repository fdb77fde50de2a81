# PyScript's module: the page's document and window, untyped on this side.
from typing import Any

document: Any
window: Any

def __getattr__(name: str) -> Any: ...
