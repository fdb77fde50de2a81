"""What the page's thread does after an expert edit's key, from a Chrome trace, per built copy of the site.

    .venv/bin/python bench/run.py trace_edit.py [--root DIR ...] [--edits 12] [--throttle N] [--save DIR]

bench_edit.py times the wait; this names it. For each root (a built copy of the site, as in
bench_edit.py; default this repository) it opens the same expert mid-game board, records a trace
(devtools.timeline) of --edits flag-and-unflag edits, and prints per edit: the key's handlers'
end, the timer set there (`free`) and the count (ms after keydown), then the page's thread's tasks
from the handlers' end to the count: when, how long, and what ran in them (a frame, its style, layout,
hit test, paint; an event; script; the worker's answer). Last, for the window from the handlers'
end to the timer, the thread's time by trace event (self time, per edit), and how many edits drew
a frame there. A frame drawn between the key and the worker's answer is what held the answer up
in issue 36, item 10. --save keeps each trace (open it in chrome://tracing or Perfetto).
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time
from pathlib import Path

import serve  # tools/ (bench/run.py puts py/, tests/ and tools/ on the path)
from bench_edit import CHROMIUM_ARGS, SPY, TIMEOUT
from bench_page import flag_edits
from boards import midgame
from minesat.formats.links import board_to_fragment

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = ["devtools.timeline", "blink.user_timing", "v8.execute", "toplevel"]
MARKS = """() => {
  const count = document.getElementById('layout-count');
  window.traced = {edits: 0, waiting: false};
  document.addEventListener('keydown', () => { traced.waiting = true; performance.mark('edit-key'); }, true);
  window.addEventListener('keydown', () => {  // after the page's own handlers
    performance.mark('edit-keyend');
    setTimeout(() => { performance.mark('edit-free'); }, 0);
  });
  new MutationObserver(() => {
    if (!count.dataset.value || !traced.waiting) return;
    performance.mark('edit-count');
    traced.waiting = false;
    traced.edits++;
  }).observe(count, {attributes: true, attributeFilter: ['data-value']});
}"""
FRAME = ("PrePaint", "Paint", "Layerize")  # a frame's steps (its style and layout may come earlier, forced)
SHOWN = {"UpdateLayoutTree": "style", "Layout": "layout",
         "HitTest": "hit test", "Paint": "paint", "Layerize": "layerize", "EventDispatch": "event",
         "TimerFire": "timer", "FireAnimationFrame": "animation frame", "MessagePort::Accept": "message",
         "HandlePostMessage": "worker's message", "FunctionCall": "script"}


def record(browser, base: str, fragment: str, board, edits: int, throttle: float) -> list[dict]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(SPY)
    page = context.new_page()
    if throttle > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(base + "index.html#" + fragment)
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=TIMEOUT)
    page.wait_for_function("() => benchWorker.answers.length > 0", timeout=TIMEOUT)
    time.sleep(1.0)  # the first analysis's follow-up requests, as bench_edit.py waits
    page.evaluate(MARKS)
    browser.start_tracing(page=page, categories=CATEGORIES)
    try:
        flag_edits(page, board, edits, "n => traced.edits >= n", TIMEOUT)
        time.sleep(0.3)
    finally:
        data = browser.stop_tracing()
        context.close()
    trace = json.loads(data)
    return trace["traceEvents"] if isinstance(trace, dict) else trace


def nest(events: list[dict]) -> list[dict]:
    """Each complete event of one thread (sorted) gets `kids`, the events directly inside it; the
    thread's top-level events (its tasks) returned."""
    stack: list[dict] = []
    tops = []
    for e in events:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        e["kids"] = []
        (stack[-1]["kids"] if stack else tops).append(e)
        stack.append(e)
    return tops


def inside(e: dict) -> list[dict]:
    out = []
    for k in e["kids"]:
        out += [k, *inside(k)]
    return out


def self_time(e: dict, lo: float, hi: float) -> float:
    """`e`'s own time (its children's excluded) within [lo, hi]."""
    def clip(a: float, b: float) -> float:
        return max(0.0, min(b, hi) - max(a, lo))
    t, cur = 0.0, e["ts"]
    for k in e["kids"]:
        t += clip(cur, k["ts"])
        cur = max(cur, k["ts"] + k["dur"])
    return t + clip(cur, e["ts"] + e["dur"])


def report(events: list[dict]) -> None:
    marks = sorted((e for e in events if e.get("name", "").startswith("edit-") and "user_timing" in e.get("cat", "")),
                   key=lambda e: e["ts"])
    if not marks:
        print("  no edit seen in the trace")
        return
    pid, tid = marks[0]["pid"], marks[0]["tid"]
    thread = sorted((e for e in events if (e.get("pid"), e.get("tid")) == (pid, tid) and e.get("ph") == "X"
                     and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    tops = nest(thread)

    def after(name: str, t: float) -> float:
        return min((e["ts"] for e in marks if e["name"] == name and e["ts"] > t), default=t)

    totals: collections.Counter[str] = collections.Counter()
    windows, framed = [], 0
    for key in (e["ts"] for e in marks if e["name"] == "edit-key"):
        end, free, count = after("edit-keyend", key), after("edit-free", key), after("edit-count", key)
        windows.append((end - key, free - key, count - key))
        line = []
        for top in tops:
            if end - 100 <= top["ts"] <= count and top["dur"] >= 200:
                what = dict.fromkeys(SHOWN[k["name"]] for k in [top, *inside(top)] if k["name"] in SHOWN)
                line.append(f"+{(top['ts'] - key) / 1000:.1f} {top['dur'] / 1000:.1f} ms [{', '.join(what)}]")
        drew = any(e["name"] in FRAME and end <= e["ts"] <= free for e in thread)
        framed += drew
        for e in thread:
            if e["ts"] < free and e["ts"] + e["dur"] > end:
                totals[e["name"]] += self_time(e, end, free)
        print(f"  key's handlers {(end - key) / 1000:5.1f}, free {(free - key) / 1000:5.1f}, count "
              f"{(count - key) / 1000:5.1f} ms; {'a frame before free; ' if drew else ''}tasks: " + "; ".join(line))
    n = len(windows)
    end, free, count = (statistics.median(w[i] for w in windows) / 1000 for i in range(3))
    print(f"  medians: key's handlers {end:.1f}, free {free:.1f}, count {count:.1f} ms; a frame drawn "
          f"between the handlers and free in {framed} of {n} edits")
    print("  the page's thread from the key's handlers to free, ms per edit (self time):")
    for name, t in totals.most_common(12):
        if t / n >= 10:
            print(f"    {t / n / 1000:6.2f}  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, action="append", help="a built copy of the site (repeat to compare)")
    parser.add_argument("--edits", type=int, default=12, help="edits traced per root (default 12)")
    parser.add_argument("--throttle", type=float, default=1, help="slow the page's thread N times (as bench_edit.py)")
    parser.add_argument("--save", type=Path, help="a folder to keep each root's trace in")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    board = midgame(16, 30, 99, seed=7)
    fragment = board_to_fragment(board)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        for i, root in enumerate(r.resolve() for r in args.root or [ROOT]):
            server = serve.start(0, root)
            try:
                events = record(browser, server.url, fragment, board, args.edits, args.throttle)
            finally:
                server.shutdown()
            if args.save:
                args.save.mkdir(parents=True, exist_ok=True)
                (args.save / f"trace-{i}-{root.name}.json").write_text(json.dumps({"traceEvents": events}))
            print(f"{root}:")
            report(events)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
