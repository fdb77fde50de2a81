"""How the page starts (issue 20): a first visit fetches only what it needs to be usable, with progress.

- A first visit starts Python without the memory snapshot (it is never fetched before the page is
  usable), then caches it; the next visit restores it in the page and in the engine's worker.
- Python's standard library is the trimmed one of bytecode (static/vendor/stdlib.zip); a module
  outside it still imports, from the full library fetched on the first miss; the page's own start
  misses nothing.
- While the runtime downloads, a progress bar counts its bytes up to the total, and reaches it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager

import serve
from harness import ROOT, START_TIMEOUT, new_context, subfolder_site, wait_analysis, wait_ready

BOARD = "index.html#board=1??/12?/01?"  # the 3x3 example of problem-reductions #645: 2 layouts without a total
VENDOR = ROOT / "static" / "vendor"


@contextmanager
def first_visit(browser, watch, url: str) -> Iterator:
    """A page of a fresh context (nothing cached: a first visit) at `url`, once usable."""
    context = new_context(browser, watch)
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        yield page
    finally:
        context.close()


def python(page, code: str):
    """The value of the last line of `code`, run in the page's Pyodide."""
    return page.evaluate("code => { const v = minesatPyodide.runPython(code);"
                         " return v && v.toJs ? v.toJs() : v; }", code)


def test_a_first_visit_starts_without_the_snapshot_then_caches_it_for_the_next(browser, site, watch):
    with first_visit(browser, watch, site + BOARD) as page:
        assert wait_analysis(page) == "2"
        assert page.evaluate("globalThis.minesatSnapshot") is False  # nothing cached: a normal start
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
        assert page.evaluate("minesatEngine.snapshot") is False
        page.wait_for_function("() => globalThis.minesatSnapshotKept !== undefined", timeout=START_TIMEOUT)
        assert page.evaluate("globalThis.minesatSnapshotKept") is True
        # fetched only once the page was usable
        times = page.evaluate("""() => [performance.getEntriesByName('minesat:ready')[0].startTime,
            performance.getEntriesByType('resource').filter((r) => r.name.includes('snapshot.gz'))
              .map((r) => r.startTime)]""")
        assert len(times[1]) == 1 and times[1][0] > times[0], times
        start = json.loads((VENDOR / "start.json").read_text())
        cached = page.evaluate("""async () => {
            const all = [];
            for (const name of await caches.keys())
              for (const r of await (await caches.open(name)).keys()) all.push(r.url);
            return all; }""")
        # the snapshot, and the start files decompressed on this visit, each under its version
        decoded = [site + f"static/{name}?v={start['xzVersions'][name]}" for name in start["xz"]]
        assert sorted(cached) == sorted([site + f"static/vendor/snapshot.gz?v={start['snapshot']['version']}"]
                                        + decoded)
        assert page.evaluate("globalThis.minesatDecodedKept") == len(start["xz"]) == 4
        again = page.context.new_page()  # the next visit
        fetched: list[str] = []
        again.on("request", lambda r: fetched.append(r.url))
        again.goto(site + BOARD)
        wait_ready(again)
        assert wait_analysis(again) == "2"
        assert again.evaluate("globalThis.minesatSnapshot") is True
        again.wait_for_selector("body[data-worker=ready]", state="attached", timeout=START_TIMEOUT)
        assert again.evaluate("minesatEngine.snapshot") is True
        snapshot_requests = again.evaluate(
            "() => performance.getEntriesByType('resource').filter((r) => r.name.includes('snapshot.gz')).length")
        assert snapshot_requests == 0  # from the cache, not the network
        # the start files from the page's decompressed copies: no .xz fetched, nothing to decompress
        # (index.html preloads page.zip.xz, 56 kB, before any script can look in the cache)
        assert {u.rsplit("/", 1)[-1] for u in fetched if u.endswith(".xz")} <= {"page.zip.xz"}, fetched
        assert again.evaluate("globalThis.minesatDecodedKept") == 0


def test_an_edit_while_the_engine_starts_is_analysed_once_it_is_up(browser, site, watch):
    """On a first visit the engine's worker starts once the page is usable: an edit made before it
    is up waits for it (EngineClient.send) instead of failing with "the engine is still starting".
    The worker's script is held back until the edit is made, so the worker cannot win the race."""
    context = new_context(browser, watch)
    held: list = []

    def hold(route) -> None:
        held.append(route)

    context.route("**/engine-worker.mjs*", hold)
    try:
        page = context.new_page()
        page.goto(site + BOARD)
        wait_ready(page)
        page.evaluate("""() => { globalThis.said = []; const analysis = document.getElementById('analysis');
            new MutationObserver(() => said.push(analysis.innerText))
              .observe(analysis, {subtree: true, childList: true, characterData: true}); }""")
        assert page.get_attribute("body", "data-engine") == "starting"  # (no snapshot yet: a first visit)
        page.click("#grid .cell[data-row='0'][data-col='2']")
        page.keyboard.press("1")  # 1??/12?/01? -> 1?1/12?/01?: one layout left
        page.wait_for_function("() => document.getElementById('grid').dataset.board.startsWith('board=1?1/')")
        assert page.get_attribute("body", "data-engine") == "starting"
        assert len(held) == 1  # the worker's script, asked for and not yet given
        held[0].continue_()
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value === '1'",
                               timeout=START_TIMEOUT)
        assert page.get_attribute("body", "data-engine") == "worker"
        assert not [text for text in page.evaluate("said") if "starting" in text]
    finally:
        context.close()


def test_without_the_snapshot_the_page_starts_and_keeps_nothing(browser, watch, tmp_path):
    """The snapshot is an optimisation: missing, the page starts as usual, and the attempt to keep it fails quietly."""
    server = serve.start(0, subfolder_site(tmp_path, skip="static/vendor/snapshot.gz"))
    context = new_context(browser, watch)
    try:
        page = context.new_page()
        failed: list[str] = []
        page.on("response", lambda r: r.status >= 400 and failed.append(r.url))
        page.goto(server.url + "minesat/" + BOARD)
        wait_ready(page)
        assert wait_analysis(page) == "2"
        page.wait_for_function("() => globalThis.minesatSnapshotKept !== undefined", timeout=START_TIMEOUT)
        assert page.evaluate("globalThis.minesatSnapshotKept") is False
        assert page.evaluate("minesatEngine.snapshot") is False
        assert failed and all(u.endswith("snapshot.gz") for u in failed)  # the one missing file
        assert sorted(page.evaluate("() => caches.keys()")) == [f"minesat-{kind} {server.url}minesat/"
                                                               for kind in ("decoded", "snapshot")]
        assert page.evaluate(f"async () => (await (await caches.open('minesat-snapshot {server.url}minesat/'))"
                             ".keys()).length") == 0
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    expected = [e for e in watch.errors if "404" in e]
    assert len(expected) == len(failed)  # the browser logs the missing file; nothing else went wrong
    watch.errors[:] = [e for e in watch.errors if e not in expected]


def test_the_main_thread_starts_with_the_page_modules_only_and_loads_the_engine_if_the_worker_fails(
        browser, watch, tmp_path):
    """page.zip holds what the main thread imports; the engine is the worker's. Without a worker
    (its script missing here), the page fetches the engine's files and analyses on its own thread."""
    server = serve.start(0, subfolder_site(tmp_path, skip="static/engine-worker.mjs"))
    context = new_context(browser, watch)
    try:
        page = context.new_page()
        fetched: list[str] = []
        page.on("request", lambda r: fetched.append(r.url.rsplit("/", 1)[-1]))
        page.goto(server.url + "minesat/" + BOARD)
        wait_ready(page)
        assert wait_analysis(page) == "2"
        assert page.evaluate("minesatEngine.state") == "failed"
        assert "py.zip" in fetched and "picosat.wasm" in fetched  # fetched for the fallback, after the start
        protocol = "minesat.messages.protocol"
        assert python(page, f"import {protocol}; {protocol}.__name__") == protocol
        page.fill("#mines", "3")  # an edit is analysed on the page's thread: 2 mines in every layout
        page.press("#mines", "Enter")
        page.wait_for_function("() => document.getElementById('layout-count').dataset.value === '0'")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    # (a missing worker script may be logged; anything else fails the test)
    watch.errors[:] = [e for e in watch.errors if "404" not in e and "engine-worker" not in e]


def test_a_first_visit_imports_no_engine_module_on_the_main_thread(browser, site, watch):
    with first_visit(browser, watch, site + BOARD) as page:
        assert wait_analysis(page) == "2"
        assert page.evaluate("globalThis.minesatSnapshot") is False
        imported = python(page, "import sys; sorted(m for m in sys.modules if m.startswith('minesat.'))")
        page_modules = {name.removesuffix(".py").replace("/", ".").removesuffix(".__init__") for name in
                        __import__("zipfile").ZipFile(VENDOR / "page.zip").namelist()}
        assert set(imported) <= page_modules and "minesat.messages.protocol" not in page_modules, imported
        assert "minesat.messages.codec" in imported


def test_the_page_and_pyscript_import_their_modules_compiled(browser, site, watch):
    """pyc.zip (tools/make_stdlib.mjs: the page's modules and PyScript's own package, hash-checked
    .pyc files), written beside the sources at start (boot.mjs `unzip`), is what they import from:
    Python compiles nothing, so it writes no .pyc of its own over them."""
    import zipfile

    with zipfile.ZipFile(VENDOR / "pyc.zip") as z:
        entries = {name: z.read(name) for name in z.namelist()}
    assert "minesat_web/__pycache__/main.cpython-314.pyc" in entries
    assert "pyscript/__pycache__/events.cpython-314.pyc" in entries
    with first_visit(browser, watch, site + BOARD) as page:
        assert wait_analysis(page) == "2"
        imported = python(page, """
import sys
[m.__cached__.removeprefix('/home/pyodide/') for m in list(sys.modules.values())
 if (getattr(m, '__file__', None) or '').startswith('/home/pyodide/')]""")
        assert "minesat_web/__pycache__/main.cpython-314.pyc" in imported
        assert "pyscript/__pycache__/events.cpython-314.pyc" in imported
        for cached in imported:  # every module from a file was imported from its pyc.zip entry, unchanged
            assert cached in entries, cached
            held = page.evaluate("p => Array.from(minesatPyodide.FS.readFile(p))", "/home/pyodide/" + cached)
            assert bytes(held) == entries[cached], cached


def test_the_trimmed_standard_library_falls_back_to_the_full_one(browser, site, watch):
    with first_visit(browser, watch, site + BOARD) as page:
        assert wait_analysis(page) == "2"
        # the page's start used the trimmed library of bytecode and missed nothing in it
        assert python(page, "import json; json.__spec__.origin") == "/lib/python314.zip/json/__init__.pyc"
        assert python(page, "import _minesat_fallback; _minesat_fallback.missed") == []
        assert python(page, "import sys; 'csv' in sys.modules or 'xml' in sys.modules") is False
        # modules outside it: a new top-level one, a package, and a submodule of a package it holds
        got = python(page, """
import csv, io, xml.dom.minidom, json.tool
rows = list(csv.reader(io.StringIO('a,b\\n1,2\\n')))
doc = xml.dom.minidom.parseString('<b>mine</b>').documentElement.firstChild.data
[rows, doc, csv.__spec__.origin, xml.dom.minidom.__spec__.origin, json.tool.__spec__.origin]""")
        assert got == [[["a", "b"], ["1", "2"]], "mine", "/lib/python-full.zip/csv.py",
                       "/lib/python-full.zip/xml/dom/minidom.py", "/lib/python-full.zip/json/tool.py"]
        # the first miss fetched the full library (then on sys.path); a submodule of a package the
        # trimmed library holds is found by the fallback each time
        assert python(page, "_minesat_fallback.missed") == ["csv", "json.tool"]
        # a name the full library does not hold either fails as in any Python, without a second fetch
        assert python(page, """
try:
    import no_such_module_here
except ImportError as e:
    r = type(e).__name__
r""") == "ModuleNotFoundError"
        fetched = page.evaluate(
            "() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('python_stdlib.zip')).length")
        assert fetched == 1


def test_the_progress_bar_counts_the_runtime_bytes_up_to_their_total(browser, site, watch):
    context = new_context(browser, watch)
    try:
        page = context.new_page()
        page.add_init_script("""(() => {
            window.seenProgress = [];
            const look = () => {
              const bar = document.getElementById('load-progress'), text = document.getElementById('load-bytes');
              if (!bar) return requestAnimationFrame(look);
              new MutationObserver(() => seenProgress.push([bar.value, bar.max, text.textContent]))
                .observe(document.getElementById('loading'), {subtree: true, childList: true, attributes: true,
                                                              characterData: true});
            };
            look();
        })()""")
        page.goto(site + BOARD)
        wait_ready(page)
        seen = page.evaluate("window.seenProgress")
        total = sum(json.loads((VENDOR / "start.json").read_text())["sizes"].values())
        assert seen, "the progress bar never changed"
        texts = [t for _, _, t in seen]
        assert any(re.fullmatch(r"\d+\.\d of \d+\.\d MB loaded", t) for t in texts), texts
        assert all(m == total for v, m, t in seen if m != 1), seen  # (max 1: before the total is known)
        partial = [v for v, m, _ in seen if 0 < v < m]
        assert partial, "no progress between nothing and everything"
        last = seen[-1]
        assert last[0] == last[1] == total and last[2] == f"{total / 1e6:.1f} MB loaded; starting Python…"
        assert page.is_hidden("#loading")  # gone once the page is usable
    finally:
        context.close()


def test_a_download_that_fails_says_so_in_the_page(browser, site, watch):
    context = new_context(browser, watch)
    try:
        page = context.new_page()
        page.route("**/pyodide.asm.wasm*", lambda route: route.abort("internetdisconnected"))  # .xz, then plain
        page.goto(site + BOARD)
        page.wait_for_selector("#load-error", state="visible", timeout=START_TIMEOUT)
        message = page.inner_text("#load-error")
        assert "pyodide.asm.wasm could not be downloaded" in message, message
        assert page.get_attribute("#loading", "class") == "failed"
        assert page.get_attribute("body", "data-ready") is None
    finally:
        context.close()
    watch.errors.clear()  # the browser logs the failed download, and Pyodide its failure


def test_the_start_files_come_xz_compressed_or_plain_when_that_fails(browser, site, watch):
    """Pyodide's wasm and the start's zips are fetched as .xz (tools/compress.py), decompressed in
    the page; if an .xz file cannot be had, the plain one is fetched and the page starts all the same."""
    packed = {name.rsplit("/", 1)[-1] for name in json.loads((VENDOR / "start.json").read_text())["xz"]}
    assert {"pyodide.asm.wasm", "stdlib.zip", "pyc.zip", "page.zip"} <= packed
    for broken in (False, True):
        context = new_context(browser, watch)
        try:
            page = context.new_page()
            fetched: list[str] = []
            page.on("request", lambda r: fetched.append(r.url.rsplit("/", 1)[-1]))
            if broken:
                page.route("**/*.xz", lambda route: route.abort("failed"))
            page.goto(site + BOARD)
            wait_ready(page)
            assert wait_analysis(page) == "2"
            wanted = {name + ".xz" for name in packed}
            assert wanted <= set(fetched), fetched
            assert (packed <= set(fetched)) == broken, fetched  # the plain files only when the .xz failed
        finally:
            context.close()
        watch.errors[:] = [e for e in watch.errors if not (broken and "ERR_FAILED" in e)]
