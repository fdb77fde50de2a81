"""The page's replay player in Chromium (issue 33): from a replay file given to the page to its
statistics on screen, and to its graded board events, over expert replays of a folder.

    .venv/bin/python bench/run.py bench_replay_page.py FOLDER [--files 50] [--pattern 'Exp_*.avf']

Served by tools/serve.py on 127.0.0.1 to Debian's Chromium (no other host); one page, the files
given one after the other to the player's file input (#replay-input).  For each: milliseconds
from the file given (the page's change event) to the statistics drawn (#replay data-read-ms) and
to the grades drawn (data-graded-ms), as the page measures them; and the longest main-thread task
meanwhile.  Targets (issue 33): the review of an expert replay in the page's worker, median under
1 s and worst under 3 s over 50 expert files; the statistics at once.
Not a test: prints figures and verdicts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import serve  # tools/ (bench/run.py puts py/, tests/support/ and tools/ on the path)

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TIMEOUT = 180_000
DONE = "() => ['graded', 'failed'].includes(document.getElementById('replay').dataset.state)"
TASKS = """() => { window.benchTasks = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => benchTasks.push(e.duration)))
    .observe({type: 'longtask'}); }"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--pattern", default="Exp_*.avf")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    files = sorted(args.folder.rglob(args.pattern))[:args.files]
    if not files:
        print(f"no {args.pattern} under {args.folder}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server = serve.start(0)
    read, graded, tasks = [], [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(server.url + "index.html")
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=TIMEOUT)
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
        page.evaluate(TASKS)
        for i, path in enumerate(files, 1):
            page.evaluate("() => { benchTasks.length = 0; const r = document.getElementById('replay');"
                          " delete r.dataset.state; delete r.dataset.readMs; delete r.dataset.gradedMs; }")
            page.set_input_files("#replay-input", str(path))
            page.wait_for_function(DONE, timeout=TIMEOUT)
            state = page.get_attribute("#replay", "data-state")
            if state == "failed" or page.get_attribute("#replay", "data-graded-ms") is None:
                print(f"{i:3} {path.name}: {page.inner_text('#replay-message')} {page.inner_text('#replay-summary')}")
                continue
            r, g = (float(page.get_attribute("#replay", a)) for a in ("data-read-ms", "data-graded-ms"))
            t = max(page.evaluate("() => benchTasks"), default=0.0)
            read.append(r)
            graded.append(g)
            tasks.append(t)
            print(f"{i:3} {path.name[:60]:60} statistics {r:6.0f} ms, grades {g:6.0f} ms, longest task {t:4.0f} ms",
                  flush=True)
        browser.close()
    server.shutdown()
    if not graded:
        return 1
    med, worst = statistics.median(graded), max(graded)
    print(f"\n{len(graded)} files: statistics median {statistics.median(read):.0f} ms, worst {max(read):.0f} ms; "
          f"grades median {med:.0f} ms, worst {worst:.0f} ms (targets: median < 1000, worst < 3000: "
          f"{'met' if med < 1000 and worst < 3000 else 'NOT met'}); longest main-thread task {max(tasks):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
