"""Run every benchmark in one go: `make bench` (not part of the tests).

Each script prints its own table; times are medians, and comparisons are ratios
measured in the same run, since this machine's two cores are shared and noisy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ["bench_wasm.py", "bench_analysis.py", "startup.py", "bench_play.py"]


def main() -> int:
    failed = 0
    for name in SCRIPTS if len(sys.argv) < 2 else sys.argv[1:]:
        print(f"\n== {name}", flush=True)
        failed |= subprocess.call([sys.executable, str(HERE / name)], cwd=HERE.parent)
    return failed


if __name__ == "__main__":
    sys.exit(main())
