"""The package: its public API (doctests), and the wheel installed in a fresh venv, offline."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

import minesat
import minesat.board
import minesat.unionfind
import vendor
from boards import SEED_9X9

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
VERSION = PYPROJECT["project"]["version"]
DIST = ROOT / "dist"


def test_public_api_examples_run():
    for module in (minesat, minesat.board, minesat.unionfind):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
    assert doctest.testmod(minesat).attempted >= 8
    assert set(minesat.__all__) >= {"Board", "parse_board", "analyze", "Analysis", "LayoutSpace"}
    assert all(hasattr(minesat, name) for name in minesat.__all__)


def test_version_is_stated_once_per_place():
    assert minesat.__version__ == VERSION


@pytest.mark.slow
def test_the_wheel_installs_in_a_fresh_venv_and_gives_the_same_json(tmp_path):
    """`pip install` of the wheel `make setup` built, offline (pycosat's wheel beside it), then `minesat`."""
    wheel = DIST / f"minesat-{VERSION}-py3-none-any.whl"
    assert wheel.is_file(), f"{wheel} is missing: `make wheel` (part of `make setup`) builds it"
    home = tmp_path / "venv"
    venv.create(home, with_pip=False)  # this pip installs into it (`--python`): no ensurepip, faster
    python, command = home / "bin" / "python", home / "bin" / "minesat"
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "PIP_"))}
    env["PIP_CONFIG_FILE"] = os.devnull  # no machine-wide index or wheel folder: only dist/

    def install(requirement: str) -> None:
        subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
                        "--find-links", DIST, requirement], check=True, env=env, cwd=tmp_path, timeout=300)

    install(str(wheel))
    board = tmp_path / "board.txt"
    board.write_text("mines=10\n" + SEED_9X9)
    installed = subprocess.run([command, "analyze", board], capture_output=True, text=True, env=env,
                               cwd=tmp_path, timeout=120)
    in_tree = subprocess.run([sys.executable, "-m", "minesat", "analyze", board], capture_output=True, text=True,
                             env=dict(env, PYTHONPATH=str(ROOT / "py")), cwd=tmp_path, timeout=120)
    assert installed.returncode == in_tree.returncode == 0, installed.stderr + in_tree.stderr
    assert installed.stdout == in_tree.stdout and '"count":"65"' in installed.stdout
    where = subprocess.run([python, "-c", "import minesat, picosat_wasm; print(minesat.__file__);"
                            "print(picosat_wasm.wasm_path())"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, check=True).stdout.splitlines()
    assert Path(where[0]).is_relative_to(home)  # the installed copy, not the tree's
    assert Path(where[1]).is_relative_to(home) and Path(where[1]).is_file()  # picosat.wasm ships inside
    module = subprocess.run([python, "-m", "minesat", "analyze", board], capture_output=True, text=True,
                            env=env, cwd=tmp_path, timeout=120)
    assert module.stdout == installed.stdout
    by_sat = [command, "analyze", "--solver", "wasm", "--forced", "sat", board]
    no_wasmtime = subprocess.run(by_sat, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert no_wasmtime.returncode == 2 and "pip install 'minesat[wasm]'" in no_wasmtime.stderr
    assert len(no_wasmtime.stderr.splitlines()) == 1
    install(f"{wheel}[wasm]")  # wasmtime too: picosat.wasm from the wheel gives the same answers
    with_wasm = subprocess.run(by_sat, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert (with_wasm.returncode, with_wasm.stdout) == (0, installed.stdout), with_wasm.stderr


def test_github_runs_the_test_command_and_deploys_only_after_it():
    workflows = ROOT / ".github" / "workflows"
    test, pages = (workflows / "test.yml").read_text(), (workflows / "pages.yml").read_text()
    assert "run: make test" in test and "pull_request:" in test and "workflow_call:" in test
    assert "container: debian:bookworm" in test
    jobs = pages.split("\njobs:\n", 1)[1]
    assert "uses: ./.github/workflows/test.yml" in jobs and "needs: test" in jobs.split("\n  build:\n", 1)[1]


def test_test_only_code_ships_neither_in_the_wheel_nor_in_the_page(tmp_path):
    engine = {f"minesat/{p.name}" for p in (ROOT / "py" / "minesat").glob("*.py")}
    page = set(zipfile.ZipFile(vendor.build_py_zip(ROOT, tmp_path / "py.zip")).namelist())
    wheel = set(zipfile.ZipFile(DIST / f"minesat-{VERSION}-py3-none-any.whl").namelist())
    assert engine <= page and engine <= wheel and "picosat_wasm.py" in wheel
    for shipped in (page, wheel, engine):
        assert not any("brute" in name or name.startswith(("tests/", "bench/")) for name in shipped)
