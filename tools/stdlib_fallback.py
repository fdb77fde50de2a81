"""The trimmed standard library's safety net, shipped inside static/vendor/stdlib.zip.

The page and its worker start Pyodide with a standard library holding only the modules they import
(tools/make_stdlib.mjs). Any other module of Pyodide's full library still imports: on the first
miss this finder, last on sys.meta_path, has the full python_stdlib.zip fetched (synchronously, by
the loader function static/boot/python.mjs gives it) and written to FULL, then imports from it. Names
the full library does not hold (an optional import that fails in any Python) cost nothing.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

FULL = "/lib/python-full.zip"  # where the full library is written on the first miss
NAMES: frozenset[str] = frozenset()  # every module of the full library (set by tools/make_stdlib.mjs)
missed: list[str] = []  # the modules imported from the full library, in order (for tests)


class FullLibrary:
    """A meta-path finder: modules of the full library that the trimmed one lacks."""

    def __init__(self, load: Callable[[str], Any]) -> None:
        self.load = load  # writes the full library to the path given
        self.mounted = False

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in NAMES:
            return None
        if not self.mounted:
            self.load(FULL)
            self.mounted = True
            sys.path.append(FULL)
        package, _, _ = fullname.rpartition(".")
        where = FULL + ("/" + package.replace(".", "/") if package else "")
        spec = zipimport.zipimporter(where).find_spec(fullname)
        if spec is not None:
            missed.append(fullname)
        return spec


def install(load: Callable[[str], Any]) -> None:
    """Put the finder last on sys.meta_path (replacing one left by a memory snapshot)."""
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "FullLibrary"]
    sys.meta_path.append(FullLibrary(load))
