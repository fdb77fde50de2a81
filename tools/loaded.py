"""Run the test command several times in a row while other processes keep every core busy.

    python3 tools/loaded.py [--runs 2] [--hogs N] [--limit SECONDS] [--log DIR] [-- COMMAND ...]

COMMAND defaults to `make test` (the README's test command). N CPU hogs (default: one per core)
spin in pure Python until the runs end, or at most --limit seconds (default 7200), so that the
machine is loaded for the whole of every run and never beyond. Each run's output goes to
DIR/run-K.log (default: a new temporary folder); a line per run gives its time, its exit status and
the load average, and the exit status is the first failing run's (0 when every run passed). Issue
36 asked for it: a suite that passes only on a quiet machine keeps good changes from landing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def hog(until: float) -> None:
    """Spin until the given time (time.monotonic), checking the clock now and then."""
    while time.monotonic() < until:
        for _ in range(100_000):
            pass


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--limit", type=float, default=7200.0)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("command", nargs="*", default=["make", "test"])
    args = parser.parse_args(argv)
    log = args.log or Path(tempfile.mkdtemp(prefix="loaded-"))
    log.mkdir(parents=True, exist_ok=True)
    until = time.monotonic() + args.limit
    hogs = [multiprocessing.Process(target=hog, args=(until,), daemon=True) for _ in range(args.hogs)]
    for process in hogs:
        process.start()
    print(f"{args.hogs} CPU hogs on {os.cpu_count()} cores; {args.runs} runs of {' '.join(args.command)}; "
          f"logs in {log}", flush=True)
    status = 0
    try:
        for k in range(1, args.runs + 1):
            start = time.monotonic()
            with open(log / f"run-{k}.log", "wb") as out:
                code = subprocess.call(args.command, stdout=out, stderr=subprocess.STDOUT)
            took = time.monotonic() - start
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            print(f"run {k}: exit {code} in {took / 60:.1f} min (load average {load})", flush=True)
            status = status or code
    finally:
        for process in hogs:
            process.terminate()
        for process in hogs:
            process.join()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
