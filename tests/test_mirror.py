"""The tests mirror the code (docs/testing.md): each test file is named after the module it tests,
in the folder of that module's package; every page module that runs in CPython has its unit test
file, and every one that does not is named in docs/testing.md with the browser tests that cover it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
# Test files of no one Python module: the project's package, the site's wiring, the PWA's build tools,
# the docs, the page's JavaScript loader (static/boot/), this file.
WHOLE = {"test_packaging.py", "web/test_site.py", "tools/test_pwa_build.py", "test_mirror.py", "test_docs.py",
         "web/test_boot.py"}
CODE = {"": ROOT / "py" / "minesat", "web": ROOT / "py" / "minesat_web", "tools": ROOT / "tools",
        "bench": ROOT / "bench"}


def module_of(test: Path) -> Path | None:
    """The module a test file mirrors, if it exists: tests/<package>/test_<module>.py ->
    py/minesat/<package>/<module>.py (tests/web/ -> py/minesat_web/, tests/tools/ -> tools/, tests/bench/ -> bench/)."""
    parts = test.relative_to(TESTS).parts
    root = CODE.get(parts[0]) if len(parts) > 1 and parts[0] in CODE else CODE[""]
    folders = parts[1:-1] if len(parts) > 1 and parts[0] in CODE else parts[:-1]
    name = parts[-1].removeprefix("test_").removesuffix(".py")
    words = name.split("_")  # a module's second kind of test takes a suffix: test_<module>_fuzz.py
    for candidate in ("_".join(words[:n]) for n in range(len(words), 0, -1)):
        for path in (root.joinpath(*folders, candidate + ".py"), root.joinpath(*folders, candidate, "__init__.py"),
                     ROOT / "py" / (candidate + ".py")):  # a module, a subpackage tested through its door
            if path.is_file():
                return path
    return None


def test_every_test_file_is_named_after_the_module_it_tests():
    files = [p for p in TESTS.rglob("test_*.py") if not {"browser", "support", "images"} & set(p.parts)]
    assert len(files) > 40
    strays = [str(p.relative_to(TESTS)) for p in files
              if str(p.relative_to(TESTS)) not in WHOLE and module_of(p) is None]
    assert strays == [], "test files that mirror no module (docs/testing.md)"
    assert module_of(TESTS / "counting" / "test_space.py") == ROOT / "py" / "minesat" / "counting" / "space.py"
    assert module_of(TESTS / "cli" / "test_commands_fuzz.py") == ROOT / "py" / "minesat" / "cli" / "commands.py"
    assert module_of(TESTS / "counting" / "test_nothing.py") is None


def test_page_modules_have_unit_tests_or_are_named_as_covered_by_the_browser_tests():
    modules = sorted(p for p in (ROOT / "py" / "minesat_web").rglob("*.py") if p.name != "__init__.py")
    names = [".".join(p.relative_to(ROOT / "py").with_suffix("").parts) for p in modules]
    script = ("import importlib, json, sys\nok = []\nfor name in sys.argv[1:]:\n    try:\n"
              "        importlib.import_module(name)\n        ok.append(name)\n    except ImportError:\n        pass\n"
              "print(json.dumps(ok))")
    done = subprocess.run([sys.executable, "-c", script, *names], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT / "py"), "PATH": ""})
    assert done.returncode == 0, done.stderr
    pure = set(json.loads(done.stdout))
    assert "minesat_web.render" in pure and "minesat_web.app" not in pure  # the check tells them apart
    docs = (ROOT / "docs" / "testing.md").read_text()
    for path, name in zip(modules, names):
        inside = path.relative_to(ROOT / "py" / "minesat_web")
        if name in pure:
            test = TESTS / "web" / inside.parent / f"test_{inside.name}"
            assert test.is_file(), f"{name} runs in CPython: its unit tests belong in {test.relative_to(ROOT)}"
            assert re.search(r"^def test_", test.read_text(), re.M), test
        else:
            assert f"`{inside.as_posix()}`" in docs, f"docs/testing.md should name {inside} and its browser tests"
