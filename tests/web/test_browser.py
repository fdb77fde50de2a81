"""The page reaches JavaScript through one module (minesat_web/browser.py): no other module of the
page imports `js`, `pyscript` or `pyodide`, at module level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "py" / "minesat_web"
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_only_the_browser_module_imports_javascript():
    sources = sorted(WEB.rglob("*.py"))
    assert len(sources) > 10
    offenders = {str(p.relative_to(WEB)): imported_roots(p) & BROWSER_MODULES for p in sources
                 if p.name != "browser.py" and imported_roots(p) & BROWSER_MODULES}
    assert offenders == {}
    assert imported_roots(WEB / "browser.py") >= BROWSER_MODULES
