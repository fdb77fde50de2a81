"""Startup cost of the app over a bare Pyodide: time from navigation to <body data-ready>.

    .venv/bin/python bench/startup.py [--rounds 5]

Alternates the two pages in one run (this machine's load is noisy), each in a fresh
browser context, served by tools/serve.py and loaded by Debian's Chromium with no
network beyond 127.0.0.1. Prints each round, the medians and the ratio app/bare
(the target: under 1.20). Also times the first analysis shown (data-value set).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import serve
from boards import SEED_9X9
from minesat.board import parse_board
from minesat.share import board_to_fragment

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PAGES = {"bare": "tests/browser/pages/pyodide.html",
         "app": "index.html#" + board_to_fragment(parse_board(SEED_9X9, mines=10))}


def time_page(browser, url: str, analysed: bool) -> tuple[float, float | None]:
    """Seconds from navigation to data-ready (and to the first analysis, for the app)."""
    context = browser.new_context()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
    ready = time.perf_counter() - start
    done = None
    if analysed:
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=180_000)
        done = time.perf_counter() - start
    context.close()
    return ready, done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = serve.start(0)
    times: dict[str, list[float]] = {"bare": [], "app": []}
    analysed: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        time_page(browser, server.url + PAGES["app"], False)  # warm the OS file cache once
        for i in range(args.rounds):
            order = ("bare", "app") if i % 2 == 0 else ("app", "bare")
            for name in order:
                ready, done = time_page(browser, server.url + PAGES[name], name == "app")
                times[name].append(ready)
                if done is not None:
                    analysed.append(done)
            print(f"round {i + 1}: bare {times['bare'][-1]:.2f} s, app {times['app'][-1]:.2f} s "
                  f"(analysis shown at {analysed[-1]:.2f} s)", flush=True)
        browser.close()
    server.shutdown()
    bare, app = statistics.median(times["bare"]), statistics.median(times["app"])
    print(f"median navigation -> data-ready: bare Pyodide {bare:.2f} s, app {app:.2f} s; "
          f"ratio app/bare {app / bare:.3f} (target < 1.20)")
    print(f"median navigation -> first analysis (seed 004 board, 10 mines): {statistics.median(analysed):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
