"""An expert edit's time to its count, as a ratio to the engine's own time for the same board, in one run.

    .venv/bin/python bench/run.py bench_edit.py [--rounds 3] [--edits 20] [--root DIR ...] [--throttle N]

Each --root is a built copy of the site (`make setup` run in it: e.g. a worktree of an older
commit); by default this repository. Each is served by tools/serve.py on its own port of 127.0.0.1
to Debian's Chromium; rounds alternate between the roots (A B, B A, ...), so the machine's load
hits them alike. A round opens the expert mid-game board of bench_page.py (30x16, 99 mines, seed 7)
in a fresh context and flags and unflags --edits hidden cells by keyboard ('f'), each edit after
the previous count is shown, as bench_page.py does. For each edit:

  count     keydown -> #layout-count[data-value] written (what the user waits for)
  engine    the worker's own time for that edit's analysis request ({ms} of its answer, which
            engine-worker.mjs measures around Engine.answer in Pyodide): the same board, same run
  key task  keydown -> the end of the key's handlers (the page's work for the key itself)
  free      keydown -> a timer set at that end runs (the page's thread free again, a frame drawn
            in between if one was due)
  before    keydown -> the analysis request posted to the worker (the page's work before asking)
  queued    the request's wait in the worker behind other requests ({queued} of its answer)
  back      the rest of the way there and back: the message to the worker, and the answer's to the
            page's thread (late when that thread is busy: drawing the edit, other answers)
  after     the answer's arrival -> the count written (the page's work after the answer)

and the ratio count / engine per edit. The ratio's median is the figure to compare between
commits and machines: a slower page (main thread, or more requests ahead of the analysis) raises
it; a slower machine slows both alike. --throttle N slows the page's thread N times (DevTools' CPU
throttling; the worker is not slowed), as a slow or loaded machine does but alike from run to run:
work on the page's thread that a quiet fast machine hides (a frame drawn between the key and the
answer) then shows in `free` and `back`. Not a test: prints figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import serve  # tools/ (bench/run.py puts py/, tests/ and tools/ on the path)
from bench_page import flag_edits
from boards import midgame
from minesat.formats.links import board_to_fragment

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TIMEOUT = 180_000

# Before the page's scripts: every worker's requests (lane, time posted) and answers (time, ms, queued).
SPY = """(() => {
  const Base = window.Worker;
  window.benchWorker = {sent: {}, answers: []};
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const d = e.data;
        if (d && d.ms !== undefined && d.id !== undefined) {
          const sent = benchWorker.sent[d.id] || {};
          benchWorker.answers.push({id: d.id, lane: sent.lane, sent: sent.t, t: performance.now(), ms: d.ms,
                                    queued: d.queued});
        }
      });
    }
    postMessage(m, ...rest) {
      if (m && m.id !== undefined && m.lane) benchWorker.sent[m.id] = {lane: m.lane, t: performance.now()};
      return super.postMessage(m, ...rest);
    }
  };
})();"""

INSTRUMENT = """() => {
  const count = document.getElementById('layout-count');
  window.bench = {t0: null, edits: []};
  document.addEventListener('keydown', () => { bench.t0 = performance.now(); }, true);
  window.addEventListener('keydown', () => {  // after the page's own handlers (bubbling, last)
    bench.keyEnd = performance.now();
    setTimeout(() => { bench.free = performance.now(); }, 0);  // the page's thread free again
  });
  new MutationObserver(() => {
    if (count.dataset.value && bench.t0 !== null) {
      bench.edits.push({key: bench.t0, count: performance.now(), keyEnd: bench.keyEnd, free: bench.free});
      bench.t0 = null;
    }
  }).observe(count, {attributes: true, attributeFilter: ['data-value']});
}"""


def edits_of(page, board, edits: int) -> list[dict[str, float]]:
    """Flag and unflag pool cells (as bench_page.edit_latency); each edit's figures in ms."""
    page.evaluate(INSTRUMENT)
    flag_edits(page, board, edits, "n => bench.edits.length >= n", TIMEOUT)
    seen = page.evaluate("() => ({edits: bench.edits, answers: benchWorker.answers})")
    out = []
    for edit in seen["edits"]:
        answers = [a for a in seen["answers"] if a["lane"] == "analysis" and a["sent"] is not None
                   and edit["key"] <= a["sent"] and a["t"] <= edit["count"]]
        if not answers:
            continue  # a count written without a new analysis (none seen for this edit)
        a = answers[-1]
        out.append({"count": edit["count"] - edit["key"], "engine": a["ms"], "before": a["sent"] - edit["key"],
                    "key task": edit["keyEnd"] - edit["key"], "free": edit["free"] - edit["key"],
                    "queued": a["queued"], "back": a["t"] - a["sent"] - a["queued"] - a["ms"],
                    "after": edit["count"] - a["t"]})
    return out


def one_round(browser, base: str, fragment: str, board, edits: int, throttle: float = 1) -> list[dict[str, float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(SPY)
    page = context.new_page()
    if throttle > 1:  # the page's thread slowed as on a slow or loaded machine (DevTools' CPU throttling)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(base + "index.html#" + fragment)
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=TIMEOUT)
    page.wait_for_function("() => benchWorker.answers.length > 0", timeout=TIMEOUT)
    time.sleep(1.0)  # let the first analysis's follow-up requests (panels) finish, as bench_page.py does
    try:
        return edits_of(page, board, edits)
    finally:
        context.close()


def summary(edits: list[dict[str, float]]) -> str:
    if not edits:
        return "no edit measured"
    med = {k: statistics.median(e[k] for e in edits) for k in edits[0]}
    ratios = [e["count"] / max(e["engine"], 0.1) for e in edits]
    return (f"count median {med['count']:.1f} ms (max {max(e['count'] for e in edits):.1f}); engine median "
            f"{med['engine']:.1f} ms; ratio count/engine median {statistics.median(ratios):.2f} "
            f"(of medians {med['count'] / max(med['engine'], 0.1):.2f}); key task {med['key task']:.1f}, "
            f"free {med['free']:.1f}, before {med['before']:.1f}, "
            f"queued {med['queued']:.1f}, back {med['back']:.1f}, after {med['after']:.1f} ms ({len(edits)} edits)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per root (default 3)")
    parser.add_argument("--edits", type=int, default=20, help="edits per round (default 20)")
    parser.add_argument("--root", type=Path, action="append",
                        help="a built copy of the site (repeat to compare; default: this repository)")
    parser.add_argument("--throttle", type=float, default=1,
                        help="slow the page's thread N times (DevTools' CPU throttling; default 1: not)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    roots = [r.resolve() for r in args.root or [ROOT]]
    servers = [serve.start(0, root) for root in roots]
    board = midgame(16, 30, 99, seed=7)
    fragment = board_to_fragment(board)
    results: dict[int, list[dict[str, float]]] = {i: [] for i in range(len(roots))}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        for r in range(args.rounds):
            order = list(range(len(roots)))
            for i in order if r % 2 == 0 else order[::-1]:
                got = one_round(browser, servers[i].url, fragment, board, args.edits, args.throttle)
                results[i] += got
                print(f"round {r + 1}, {roots[i]}: {summary(got)}", flush=True)
        browser.close()
    for server in servers:
        server.shutdown()
    print(f"\nexpert mid-game edits (30x16, 99 mines), {args.rounds} rounds interleaved:")
    for i, root in enumerate(roots):
        print(f"  {root}: {summary(results[i])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
