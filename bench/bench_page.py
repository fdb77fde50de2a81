"""What a user of the page feels, in Chromium: start, edit-to-count, long tasks, bytes, a big download.

    .venv/bin/python bench/run.py bench_page.py [--rounds 5] [--edits 20] [--no-download] [--network 4g|slow]

All in one run, served by tools/serve.py on 127.0.0.1 to Debian's Chromium (no other host):

  start     navigation -> first grid cell visible, -> <body data-ready> (usable), -> first analysis
            drawn (#layout-count[data-value]), for the app (Yurichev's 9x9 board in the link); and
            navigation -> data-ready of a bare Pyodide page (loadPyodide() and one line of
            Python). Each round is a first visit (fresh browser context, empty cache); the two
            pages alternate, so the machine's load hits both alike.
  edits     key press ('f' on a hidden cell: flag, then unflag) -> #layout-count[data-value]
            updated, over --edits edits on a beginner and on an expert mid-game board
            (tests/support/boards.py, fixed seeds); the layout list redrawn (the other panel on screen);
            the longest main-thread task (PerformanceObserver "longtask") during the edits.
  bytes     every file fetched on a first visit, by the page and by its worker: how often, its
            size and its gzipped size.
  download  a 50x50 board with a total of 500 mines (every cell hidden): Download DIMACS until the
            file is saved, clicking the grid every 0.5 s; the longest task meanwhile.

With --compare DIR (a copy of the site made before a change, e.g. `git worktree add` then `make
setup` there, or a copy of this folder), the first visits of DIR's app are interleaved with the
site's (--root) and the bare page's, and the start is printed for both: before and after in one
run. Give --root a copy of the site after the change, so that both are served alike.

With --network 4g (9 Mbps down / 60 ms round trip) or --network slow (1.6 Mbps / 150 ms), only
the start is measured, as a first visit over a mobile link (issue 20): the site served gzipped (as
GitHub Pages serves it), each visit in a fresh browser context throttled through the DevTools
protocol (Network.emulateNetworkConditions), the app's link and the bare Pyodide page interleaved;
for each, seconds to board visible, to usable, to first analysis, and the bytes received (over the
wire, headers included) until usable. Then the repeat visit, unthrottled: the app visited once in a
context with its service worker, and once more when the precache is complete, against a bare
Pyodide page's first visit in the same run. Targets: usable <= 0.85x bare with <= 6 MB received;
board visible < 1 s; repeat visit usable <= 0.4x bare and first analysis within 1.2x of usable.

Targets (issue 9): edit -> count median < 30 ms, max < 100 ms on the expert board; panels within
200 ms; no task over 50 ms during edits; usable <= 0.4x bare Pyodide; board visible < 1 s; first
analysis within 1.2x of usable; each file fetched once; download with no task over 200 ms.
Not a test: prints figures and verdicts.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import serve  # tools/ (bench/run.py puts py/, tests/support/ and tools/ on the path)
from boards import midgame
from minesat.formats.links import board_to_fragment

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
SEED_004 = ("index.html#board=01?10001?/01?100011/011100000/000000000/111110011/????1001?/????3101?/"
            "?????211?/?????????&mines=10")
BARE = "tests/browser/pages/pyodide.html"
TIMEOUT = 180_000

INSTRUMENT = """() => {
  const count = document.getElementById('layout-count'), list = document.getElementById('layout-list');
  window.bench = {t0: null, counts: [], panels: [], tasks: []};
  document.addEventListener('keydown', () => { bench.t0 = performance.now(); bench.panelT0 = bench.t0; }, true);
  new MutationObserver(() => {
    if (count.dataset.value && bench.t0 !== null) { bench.counts.push(performance.now() - bench.t0); bench.t0 = null; }
  }).observe(count, {attributes: true, attributeFilter: ['data-value']});
  new MutationObserver(() => {
    if (bench.panelT0 != null && list.children.length) {
      bench.panels.push(performance.now() - bench.panelT0); bench.panelT0 = null;
    }
  }).observe(list, {childList: true});
  new PerformanceObserver((l) => l.getEntries().forEach((e) => bench.tasks.push(e.duration)))
    .observe({type: 'longtask'});
}"""


NETWORKS = {  # download bits/s, upload bits/s, round trip ms
    "4g": (9e6, 9e6, 60),
    "slow": (1.6e6, 750e3, 150),
}


class GzipHandler(serve.Handler):
    """serve.py's handler, with each file's body gzipped when the browser accepts it (as GitHub Pages
    does for everything but files already compressed)."""

    packed: dict[tuple[str, float], bytes] = {}

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if (serve.refusal(self.path) or not path.is_file() or path.suffix in (".gz", ".zip", ".png")
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        key = (str(path), path.stat().st_mtime)
        if key not in self.packed:
            self.packed[key] = gzip.compress(path.read_bytes(), 6)
        body = self.packed[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def gzip_server(root: Path = ROOT) -> serve.Server:
    server = serve.Server(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, name="bench-gzip", daemon=True).start()
    return server


def throttled_visit(browser, url: str, app: bool, network: str) -> dict[str, float]:
    """A first visit over a throttled link in a fresh context: seconds to board visible, usable and
    first analysis, MB received until usable (and 'total': MB until the first analysis)."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    received = [0]

    def count(event: dict) -> None:
        received[0] += event.get("encodedDataLength", 0)

    cdp.on("Network.dataReceived", count)
    cdp.on("Network.responseReceived", lambda e: count({"encodedDataLength": 300}))  # ~ headers
    cdp.send("Network.enable")
    down, up, rtt = NETWORKS[network]
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": rtt,
                                                   "downloadThroughput": down / 8, "uploadThroughput": up / 8})
    out = {}
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    if app:
        page.wait_for_selector("#grid .cell", state="visible", timeout=TIMEOUT)
        out["visible"] = time.perf_counter() - start
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT)
    out["ready"] = time.perf_counter() - start
    out["mb"] = received[0] / 1e6
    if app:
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
        out["analysed"] = time.perf_counter() - start
        out["snapshot"] = float(page.evaluate("() => window.minesatSnapshot === true"))
    context.close()
    return out


def repeat_visit(browser, url: str) -> dict[str, float]:
    """The app visited once (unthrottled, its service worker allowed), then again once the page has
    kept its snapshot and the service worker controls it: seconds to usable and to first analysis
    of the second visit."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
    page.wait_for_function("() => navigator.serviceWorker.controller", timeout=TIMEOUT)
    page.wait_for_function("() => globalThis.minesatSnapshotKept !== undefined", timeout=TIMEOUT)
    page.close()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT)
    out = {"ready": time.perf_counter() - start}
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
    out["analysed"] = time.perf_counter() - start
    out["snapshot"] = float(page.evaluate("() => window.minesatSnapshot === true"))
    context.close()
    return out


def network_main(args) -> int:
    """--network: first visits over a throttled link, interleaved with bare Pyodide; then repeat visits."""
    from playwright.sync_api import sync_playwright

    server = gzip_server(args.root)
    base = server.url
    down, _, rtt = NETWORKS[args.network]
    runs: dict[str, list[dict[str, float]]] = {"bare": [], "app": [], "repeat": [], "bare-fast": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        time_start(browser, base + SEED_004, True)  # warm the OS file cache once
        for i in range(args.rounds):
            for name in (("bare", "app") if i % 2 == 0 else ("app", "bare")):
                runs[name].append(throttled_visit(browser, base + (SEED_004 if name == "app" else BARE),
                                                  name == "app", args.network))
            a, b = runs["app"][-1], runs["bare"][-1]
            print(f"round {i + 1} ({args.network}): bare ready {b['ready']:.2f} s after {b['mb']:.2f} MB; "
                  f"app visible {a['visible']:.2f} s, ready {a['ready']:.2f} s after {a['mb']:.2f} MB "
                  f"({a['ready'] / b['ready']:.2f}x), analysed {a['analysed']:.2f} s"
                  f"{' (snapshot)' if a['snapshot'] else ''}", flush=True)
        for i in range(args.rounds):
            for name in (("bare-fast", "repeat") if i % 2 == 0 else ("repeat", "bare-fast")):
                if name == "repeat":
                    runs[name].append(repeat_visit(browser, base + SEED_004))
                else:
                    runs[name].append(time_start(browser, base + BARE, False))
            a, b = runs["repeat"][-1], runs["bare-fast"][-1]
            print(f"repeat {i + 1}: bare first visit ready {b['ready']:.2f} s; app repeat visit ready "
                  f"{a['ready']:.2f} s ({a['ready'] / b['ready']:.2f}x), analysed {a['analysed']:.2f} s"
                  f"{' (snapshot)' if a['snapshot'] else ''}", flush=True)
        browser.close()
    server.shutdown()

    med = {k: {m: statistics.median(r[m] for r in v) for m in v[0]} for k, v in runs.items()}
    app, bare, rep = med["app"], med["bare"], med["repeat"]
    ratios = [a["ready"] / b["ready"] for a, b in zip(runs["app"], runs["bare"])]
    print(f"\nfirst visit at {down / 1e6:g} Mbps / {rtt} ms, gzipped (median of {args.rounds}): "
          f"bare Pyodide usable {bare['ready']:.2f} s after {bare['mb']:.2f} MB; app board visible "
          f"{app['visible']:.2f} s (target < 1), usable {app['ready']:.2f} s after {app['mb']:.2f} MB "
          f"(target <= 6), first analysis {app['analysed']:.2f} s")
    print(f"  usable / bare: median {app['ready'] / bare['ready']:.2f}x (per round {min(ratios):.2f}-"
          f"{max(ratios):.2f}; target <= 0.85)")
    fast = med["bare-fast"]["ready"]
    print(f"repeat visit (median of {args.rounds}): usable {rep['ready']:.2f} s, "
          f"{rep['ready'] / fast:.2f}x a bare Pyodide first visit ({fast:.2f} s; "
          f"target <= 0.4); first analysis {rep['analysed']:.2f} s ({rep['analysed'] / rep['ready']:.2f}x usable; "
          f"target <= 1.2)")
    return 0


def median_max(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} ms, max {max(values):.1f} ms" if values else "none"


def chromium_rss() -> float:
    """MB resident in every Chromium process (browser, renderers with their workers, GPU, utility)."""
    total = 0
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and b"chromium" in (proc / "cmdline").read_bytes():
                status = (proc / "status").read_text()
                total += int(status.split("VmRSS:")[1].split()[0]) if "VmRSS:" in status else 0
        except OSError:
            continue
    return total / 1024


def time_start(browser, url: str, app: bool, fetched: dict | None = None) -> dict[str, float]:
    """Seconds from navigation to: a grid cell shown, data-ready, the first analysis (app only).

    `fetched` collects path -> [bytes of each response body] (0: served from the cache or memory).
    """
    context = browser.new_context()
    if fetched is not None:
        context.on("requestfinished", lambda r: fetched.setdefault(urlsplit(r.url).path, []).append(
            r.sizes()["responseBodySize"]))
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    out = {}
    if app:
        page.wait_for_selector("#grid .cell", state="visible", timeout=TIMEOUT)
        out["visible"] = time.perf_counter() - start
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT)
    out["ready"] = time.perf_counter() - start
    if app:
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
        out["analysed"] = time.perf_counter() - start
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=TIMEOUT)
    time.sleep(1.0)
    out["rss"] = chromium_rss()
    context.close()
    return out


def flag_edits(page, board, edits: int, arrived: str, timeout: float) -> None:
    """`edits` key presses of f on the grid: each of a few pool cells (touching no clue, so the board
    stays consistent) flagged then unflagged, waiting after each until `arrived` (a JavaScript
    function of the edits made so far) holds, then pausing as a person does."""
    clued = {n for clue in board.clues for n in clue.neighbours}
    pool = [c for c in board.hidden if c not in clued] or list(board.hidden)
    cells = random.Random(1).sample(pool, min(len(pool), -(-edits // 2)))
    done = 0
    for cell in cells:
        page.click(f'#grid .cell[data-row="{cell[0]}"][data-col="{cell[1]}"]')
        for _ in range(2):
            if done == edits:
                break
            page.keyboard.press("f")
            done += 1
            page.wait_for_function(arrived, arg=done, timeout=timeout)
            time.sleep(0.4)  # a pause between key presses, as a person makes (not a wait for a state)


def edit_latency(browser, base: str, board, edits: int) -> dict[str, list[float]]:
    """Flag and unflag hidden cells (pool cells first, so the board stays consistent)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(base + "index.html#" + board_to_fragment(board))
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=TIMEOUT)
    time.sleep(1.0)
    page.evaluate(INSTRUMENT)
    flag_edits(page, board, edits, "n => bench.counts.length >= n", TIMEOUT)
    result = page.evaluate("() => bench")
    context.close()
    return {"count": result["counts"], "panels": result["panels"], "tasks": result["tasks"]}


def big_download(browser, base: str) -> tuple[float, list[float], int, int]:
    """(seconds to the saved file, long tasks meanwhile, clicks handled, clicks made)."""
    rows = "/".join(["?" * 50] * 50)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.goto(base + f"index.html#board={rows}&mines=500")
    page.wait_for_function("() => document.getElementById('layout-count').dataset.value", timeout=TIMEOUT)
    page.evaluate(INSTRUMENT)
    handled = clicks = 0
    start = time.perf_counter()
    with page.expect_download(timeout=600_000) as download:
        page.click("#download-cnf")
        while "saved" not in page.inner_text("#download-progress"):
            col = clicks % 50
            page.click(f'#grid .cell[data-row="1"][data-col="{col}"]')
            clicks += 1
            handled += page.eval_on_selector("#grid .cursor", "e => +e.dataset.col") == col
            time.sleep(0.5)
    seconds = time.perf_counter() - start
    download.value.path()
    tasks = page.evaluate("() => bench.tasks")
    context.close()
    return seconds, tasks, handled, clicks


def local_file(path: str) -> Path | None:
    p = ROOT / unquote(path).lstrip("/")
    return p if p.is_file() else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--no-download", action="store_true")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the site's folder (default: this repository; a copy stays fixed while the "
                             "repository is being edited, and is served as it is, where the repository's py.zip "
                             "and page.zip are brought up to date on each request)")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="also the start of the site in DIR (a copy of the site made before a change), its "
                             "first visits interleaved with this repository's: before and after in one run")
    parser.add_argument("--network", choices=sorted(NETWORKS),
                        help="only the start, as a first visit over this link (and the repeat visit)")
    args = parser.parse_args(argv)
    if args.network:
        return network_main(args)
    from playwright.sync_api import sync_playwright

    server = serve.start(0, root=args.root)
    base = server.url
    before = serve.start(0, root=args.compare) if args.compare else None  # (--compare: the site before)
    starts: dict[str, list[dict[str, float]]] = {"bare": [], "app": [], **({"before": []} if before else {})}
    fetched: dict[str, list[int]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        for site in (server, before) if before else (server,):
            time_start(browser, site.url + SEED_004, True)  # warm the OS file cache once
        for i in range(args.rounds):
            names = list(starts)
            for name in names[i % len(names):] + names[:i % len(names)]:  # each first in turn
                site = before if name == "before" else server
                starts[name].append(time_start(browser, site.url + (BARE if name == "bare" else SEED_004),
                                               name != "bare", fetched if name == "app" and i == 0 else None))
            a, b = starts["app"][-1], starts["bare"][-1]
            print(f"round {i + 1}: bare ready {b['ready']:.2f} s; app visible {a['visible']:.2f} s, "
                  f"ready {a['ready']:.2f} s, analysed {a['analysed']:.2f} s"
                  + (f"; before: ready {starts['before'][-1]['ready']:.2f} s" if before else ""), flush=True)
        edits = {}
        for level, (cols, rows, mines) in (("beginner", (9, 9, 10)), ("expert", (30, 16, 99))):
            edits[level] = edit_latency(browser, base, midgame(rows, cols, mines, seed=7), args.edits)
        download = None if args.no_download else big_download(browser, base)
        browser.close()
    server.shutdown()
    if before:
        before.shutdown()

    med = {k: {m: statistics.median(r[m] for r in v) for m in v[0]} for k, v in starts.items()}
    ratio = med["app"]["ready"] / med["bare"]["ready"]
    print(f"\nstart (median of {args.rounds} first visits): bare Pyodide ready {med['bare']['ready']:.2f} s; "
          f"app board visible {med['app']['visible']:.2f} s, usable {med['app']['ready']:.2f} s "
          f"({ratio:.2f}x bare; target <= 0.40), first analysis {med['app']['analysed']:.2f} s "
          f"({med['app']['analysed'] / med['app']['ready']:.2f}x usable; target <= 1.2)")
    if before:
        then = med["before"]
        print(f"  before ({args.compare}): board visible {then['visible']:.2f} s, usable {then['ready']:.2f} s "
              f"({then['ready'] / med['bare']['ready']:.2f}x bare), first analysis {then['analysed']:.2f} s; "
              f"after / before: usable {med['app']['ready'] / then['ready']:.2f}x, "
              f"first analysis {med['app']['analysed'] / then['analysed']:.2f}x")
    print(f"memory at rest (RSS of all Chromium processes, median): bare Pyodide {med['bare']['rss']:.0f} MB, "
          f"app with its worker {med['app']['rss']:.0f} MB")
    for level, r in edits.items():
        print(f"edits, {level} mid-game ({len(r['count'])}): key -> count {median_max(r['count'])}; "
              f"layout list redrawn {median_max(r['panels'])}; longest task "
              f"{max(r['tasks'], default=0):.0f} ms ({len(r['tasks'])} tasks over 50 ms)")
    raw = packed = 0
    print(f"\nfiles of a first visit (page and worker): {len(fetched)}; over 50 kB:")
    for path, sizes in sorted(fetched.items(), key=lambda kv: -sum(kv[1])):
        f = local_file(path)
        wire = sum(sizes)
        gz = wire if f is None or f.suffix == ".gz" else len(gzip.compress(f.read_bytes(), 6)) * sum(
            1 for n in sizes if n)
        raw, packed = raw + wire, packed + gz
        if wire > 50_000:
            print(f"  {path.rsplit('/', 1)[-1]}: {wire / 1e6:.2f} MB over the wire ({gz / 1e6:.2f} MB gzipped), "
                  f"requested {len(sizes)}x, transferred {sum(1 for n in sizes if n)}x")
    twice = [p for p, sizes in fetched.items() if sum(1 for n in sizes if n) > 1]
    print(f"  total {raw / 1e6:.1f} MB, {packed / 1e6:.1f} MB gzipped; transferred more than once: {twice or 'none'}")
    if download:
        seconds, tasks, handled, clicks = download
        print(f"\nDIMACS of 50x50/500 ({'saved'}): {seconds:.1f} s; clicks handled meanwhile {handled}/{clicks}; "
              f"longest task {max(tasks, default=0):.0f} ms (target < 200)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
