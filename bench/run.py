"""Run every benchmark in one go: `make bench` (not part of the tests).

Each script prints its own table; times are medians, and comparisons are ratios
measured in the same run, since this machine's two cores are shared and noisy.
Scripts find `minesat` through the set-up's editable install, and the project's helper
modules (bench/, tools/, tests/support/) through PYTHONPATH, set here: no script edits sys.path.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PATH = os.pathsep.join(str(ROOT / folder) for folder in ("py", "bench", "tools", "tests/support"))
SCRIPTS = ["bench_wasm.py", "bench_analysis.py", "bench_explain.py", "bench_page.py", "bench_play.py"]


def main(argv: list[str]) -> int:
    """`run.py [SCRIPT.py ...] [ARG ...]`: the scripts named (default: all), each with the ARGs."""
    scripts = [a for a in argv if a.endswith(".py")] or SCRIPTS
    args = [a for a in argv if not a.endswith(".py")]
    failed = 0
    for name in scripts:
        print(f"\n== {name}", flush=True)
        env = dict(os.environ, PYTHONPATH=PATH)
        failed |= subprocess.call([sys.executable, str(HERE / name), *args], cwd=ROOT, env=env)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
