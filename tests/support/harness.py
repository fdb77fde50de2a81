"""Helpers of the browser tests: server, Chromium, the shared app page, screenshots, the CLI.

Fixtures are defined here and exported by conftest.py; tests import the helpers from here.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import serve

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
IMAGES = ROOT / "tests" / "images"  # screenshots of real clients (tests/images/README.md)
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
PHONE = {"viewport": VIEWPORTS["phone"], "has_touch": True, "is_mobile": True}

CHROMIUM = os.environ.get("MINESAT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--disable-dev-shm-usage",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
CRASHED = r"(Target|Page) crashed"  # Playwright's words when a page's renderer process died
START_TIMEOUT = 90_000   # ms: Pyodide takes 7-13 s on a shared 2-core machine; leave room
STEP_TIMEOUT = 30_000    # ms: one analysis or UI step


def subfolder_site(tmp: Path, skip: str | tuple[str, ...] | None = None) -> Path:
    """A web root holding this repository as /minesat/, like a GitHub Pages project site.

    `skip` names files to leave out (to test load failures and fallbacks): each a path relative
    to the repository, or a bare name of a file of static/vendor/pyodide/.
    """
    if skip is None:
        (tmp / "minesat").symlink_to(ROOT, target_is_directory=True)
        return tmp
    names = (skip,) if isinstance(skip, str) else skip
    mirror(ROOT, tmp / "minesat", {ROOT / (n if "/" in n else f"static/vendor/pyodide/{n}") for n in names})
    return tmp


def mirror(source: Path, dest: Path, skipped: set[Path]) -> None:
    """Symlink every entry of `source` into `dest`, except those `skipped`, descending only along their paths."""
    dest.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry in skipped:
            continue
        if any(entry in s.parents for s in skipped):
            mirror(entry, dest / entry.name, skipped)
        else:
            (dest / entry.name).symlink_to(entry)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site served on a free port from a subfolder (/minesat/): its URL, ending in '/'."""
    vendor = ROOT / "static" / "vendor"
    missing = [p for p in ("pyodide/pyodide.mjs", "pyscript/core.js") if not (vendor / p).is_file()]
    if missing:
        pytest.fail(f"static/vendor is not set up (missing {', '.join(missing)}): run `make setup`")
    server = serve.start(0, subfolder_site(tmp_path_factory.mktemp("web")))
    yield server.url + "minesat/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(request):
    """A Chromium per test module: a renderer crashed twice in CI in test_play, six modules into one
    long-lived browser (never locally); a fresh browser per module keeps what one module leaves
    behind from the next, for about 0.5 s a module, and a fresh one after a renderer crash (the
    test's rerun: conftest.py). What Chromium writes to its standard error goes to
    test-artifacts/chromium-<module>.log (Playwright's driver log), quoted when a renderer crashes."""
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} not found: run `make setup-browser` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    ARTIFACTS.mkdir(exist_ok=True)
    with driver_log(chromium_log(request.module.__name__)):
        pw = sync_playwright().start()
    try:
        chromium = Chromium(pw)
        yield chromium
        chromium.close()
    finally:
        pw.stop()


class Chromium:
    """The module's browser: contexts are opened in it, and it is launched again after a crash."""

    def __init__(self, pw) -> None:
        self.pw, self.stale = pw, False
        self.browser = self.launch()

    def launch(self):
        return self.pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)

    def new_context(self, **options):
        if self.stale:
            self.close()
            self.browser, self.stale = self.launch(), False
        return self.browser.new_context(**options)

    def close(self) -> None:
        self.browser.close()


def chromium_log(module: str) -> Path:
    return ARTIFACTS / f"chromium-{module}.log"


@contextmanager
def driver_log(path: Path):
    """Have the Playwright driver started inside write the browser's output to `path`."""
    saved = {name: os.environ.get(name) for name in ("DEBUG", "DEBUG_FILE")}
    os.environ.update(DEBUG="pw:browser", DEBUG_FILE=str(path))
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def crash_report(module: str, lines: int = 25) -> str:
    """What is known when a renderer crashed: memory, the kernel's OOM kills, Chromium's last words."""
    log = chromium_log(module)
    said = log.read_text(errors="replace").splitlines() if log.is_file() else ["(no log)"]
    words = [line for line in said if "dbus/" not in line][-lines:]  # dbus: its start's noise
    return (f"memory available: {available_memory()}; {memory_cgroup()}\n"
            f"the last {lines} lines of {log.name}:\n" + "\n".join(words))


def memory_cgroup() -> str:
    """This process's memory cgroup (v1 or v2): its limit, peak and OOM kills, as far as they are readable."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        v1 = [line.split(":", 2)[2] for line in lines if ":memory:" in line]
        base = Path("/sys/fs/cgroup/memory" + v1[0]) if v1 else Path("/sys/fs/cgroup" + lines[-1].split(":", 2)[2])
        names = ("memory.limit_in_bytes", "memory.max_usage_in_bytes", "memory.oom_control",
                 "memory.max", "memory.peak", "memory.events")
        found = {n: (base / n).read_text().split() for n in names if (base / n).is_file()}
        return "memory cgroup " + str(base) + ": " + "; ".join(f"{n} {' '.join(v)}" for n, v in found.items())
    except (OSError, IndexError) as e:
        return f"memory cgroup not read ({e})"


class Watch:
    """What a page did that a test must not allow: foreign requests, console errors, page errors."""

    def __init__(self) -> None:
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def attach(self, context) -> None:
        context.on("request", self.request)
        context.on("page", lambda page: self.page(page))
        for page in context.pages:
            self.page(page)

    def page(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def request(self, request) -> None:
        host = urlsplit(request.url).hostname
        if request.url.startswith(("data:", "blob:")):
            return
        if host != "127.0.0.1":
            self.foreign.append(request.url)

    def check(self) -> None:
        foreign, errors = self.foreign[:], self.errors[:]
        self.foreign.clear()
        self.errors.clear()
        assert not foreign, f"requests left 127.0.0.1: {foreign}"
        assert not errors, "the page reported errors:\n" + "\n".join(errors)


def new_context(browser, watch: Watch, **options):
    # The service worker is tested in test_pwa.py (service_workers="allow"); elsewhere it would cache
    # 21 MB in the background of every test and answer requests the tests mean for the server.
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, "service_workers": "block",
                                     **options})
    context.set_default_timeout(STEP_TIMEOUT)
    watch.attach(context)
    return context


@pytest.fixture
def watch():
    """A fresh Watch checked at the end of the test."""
    w = Watch()
    yield w
    w.check()


@pytest.fixture
def context(browser, watch):
    ctx = new_context(browser, watch)
    yield ctx
    ctx.close()


WORKER_IDLE = """() => new Promise((done) => {
  const worker = globalThis.minesatEngine.worker, id = -Date.now();
  const heard = (e) => {
    if (!e.data || e.data.id !== id) return;
    worker.removeEventListener('message', heard);
    setTimeout(() => setTimeout(done, 0), 0);  // and the page's handlers of the answers before it have run
  };
  worker.addEventListener('message', heard);
  worker.postMessage({id, text: JSON.stringify({id, op: 'no such request'})});  // no lane: after every analysis
})"""


def wait_worker_idle(page) -> None:
    """Wait until the engine's worker has answered everything asked before (a request of our own, with
    no lane, is answered after them: the worker takes requests in order, the board's analysis first)
    and the page has handled those answers: a state, not a fixed time."""
    page.evaluate(WORKER_IDLE)


FROZEN_MS = 500  # a main-thread task this long is a frozen tab (on a machine not slowed by other work)
FROZEN_PER_REFERENCE = 20  # ... or this many times the reference loop's time on the page's thread
REFERENCE_LOOP = """() => { const data = Array(20000).fill({cell: '?', mines: [1, 2, 3], note: 'reference'});
  const times = [];
  for (let k = 0; k < 3; k++) { const t = performance.now();
    for (let j = 0; j < 4; j++) JSON.parse(JSON.stringify(data));
    times.push(performance.now() - t); }
  return times.sort((a, b) => a - b)[1]; }"""  # the engine's own builtins only: no JIT to warm up or skip
WATCH_LONG_TASKS = """() => { window.longest = 0; window.longTasks = [];
  new PerformanceObserver(list => list.getEntries().forEach(e => {
    window.longest = Math.max(window.longest, e.duration); window.longTasks.push(Math.round(e.duration)); }))
  .observe({type: 'longtask'}); }"""


def watch_long_tasks(page) -> float:
    """Record the page's long tasks from now on; the reference loop's time just before (ms), for
    `assert_not_frozen`."""
    reference = page.evaluate(REFERENCE_LOOP)
    page.evaluate(WATCH_LONG_TASKS)
    return reference


def assert_not_frozen(page, reference: float, what: str) -> float:
    """Assert that no task on the page's thread since `watch_long_tasks` froze the tab: none as long as
    FROZEN_MS, or, when the machine is slowed by other work (the reference loop slower than 1/20 of
    that), none as long as FROZEN_PER_REFERENCE reference loops timed before and after.  A task's
    length is the machine's speed as much as the page's: the loop measures the first, on the same
    thread at the same time, so that a loaded machine does not fail a good page and a frozen tab
    fails on any machine.  Returns the longest task."""
    longest, tasks = page.evaluate("() => [window.longest, window.longTasks || []]")
    reference = max(reference, page.evaluate(REFERENCE_LOOP))
    limit = max(FROZEN_MS, FROZEN_PER_REFERENCE * reference)
    print(f"{what}: longest task {longest:.0f} ms (limit {limit:.0f}: reference loop {reference:.1f} ms); "
          f"long tasks {tasks}")
    assert longest < limit, f"{what}: a task of {longest:.0f} ms on the page's thread (limit {limit:.0f} ms)"
    return longest


def wait_ready(page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=START_TIMEOUT)


def wait_analysis(page) -> str:
    """Wait until the analysis of the current board is shown; return #layout-count's data-value."""
    try:
        page.wait_for_function(
            "() => { const e = document.getElementById('layout-count'); return e && e.dataset.value; }",
            timeout=STEP_TIMEOUT * 2)
    except Exception:  # noqa: BLE001 - any failure of the wait: screenshot, then fail the test
        screenshot(page, "failed-wait-analysis")
        raise AssertionError("no analysis shown; the page says: " + page.inner_text("#analysis")
                             + " / " + page.inner_text("#message") + " / " + page.url) from None
    return page.get_attribute("#layout-count", "data-value")


class AppPage:
    """One loaded app page shared by a module's tests, with helpers to drive it."""

    def __init__(self, page, url: str, watch: Watch):
        self.url, self.watch = url, watch
        self.follow(page)

    def follow(self, page) -> None:
        self.page, self.crashed = page, False
        page.on("crash", lambda _page: setattr(self, "crashed", True))

    @classmethod
    def open(cls, browser, url: str, watch: Watch) -> AppPage:
        """The app loaded and analysed in a fresh context of `browser`."""
        _context, page = open_app(browser, url, watch)
        return cls(page, url, watch)

    @property
    def lost(self) -> bool:
        """Whether the page's renderer crashed, or its browser was launched again after a crash."""
        return self.crashed or self.page.is_closed()

    def reopen(self, browser: Chromium) -> None:
        """The same app in a fresh context, in place of a page that was lost."""
        if not self.page.is_closed():
            self.page.context.close()
        self.follow(open_app(browser, self.url, self.watch)[1])

    def load_board(self, rows: list[str], mines: int | None = None) -> str:
        """Put a board in the URL fragment (as a user following a link would) and wait for its analysis."""
        fragment = "board=" + "/".join(rows) + (f"&mines={mines}" if mines is not None else "")
        self.page.evaluate("f => { location.hash = f; }", fragment)
        self.page.wait_for_function(  # the page writes the link back with its &size= check at the end
            "f => decodeURIComponent(location.hash.slice(1)).replace(/&size=\\d+x\\d+$/, '') === "
            "decodeURIComponent(f)", arg=fragment)
        self.page.wait_for_function(
            "n => document.querySelectorAll('#grid .cell').length === n", arg=len(rows) * len(rows[0]))
        return wait_analysis(self.page)

    def cell(self, r: int, c: int):
        return self.page.locator(f'#grid .cell[data-row="{r}"][data-col="{c}"]')

    def verdicts(self) -> dict[tuple[int, int], str]:
        found = self.page.eval_on_selector_all(
            "#grid .cell[data-verdict]", "els => els.map(e => [+e.dataset.row, +e.dataset.col, e.dataset.verdict])")
        return {(r, c): v for r, c, v in found}

    def fragment(self) -> str:
        """The board's link as the tests write it: without the trailing &size=RxC check (always there)."""
        self.page.wait_for_function(  # the address bar follows the board once the edits pause
            "() => location.hash.slice(1) === document.getElementById('grid').dataset.board")
        full = self.page.evaluate("() => decodeURIComponent(location.hash.slice(1))")
        base, _, size = full.rpartition("&size=")
        assert base and size and size.replace("x", "").isdigit(), f"the link does not end in &size=RxC: {full}"
        return base

    def shot(self, name: str) -> Path:
        return screenshot(self.page, name)


def screenshot(page, name: str) -> Path:
    """A full-page screenshot in test-artifacts/, for a person to look at. It asserts nothing, so
    a capture that times out (seen once, on a phone page, under load) is reported, not failed."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    try:
        page.screenshot(path=str(path), full_page=True, timeout=20_000)
    except Exception as e:  # noqa: BLE001 - an artifact, not a check
        print(f"screenshot {name} not taken: {type(e).__name__}: {str(e).splitlines()[0]}")
    return path


@pytest.fixture(scope="module")
def app(browser, site):
    """The app loaded once per test module; each test's foreign requests and errors are checked."""
    shared = AppPage.open(browser, site + "index.html", Watch())
    yield shared
    if not shared.page.is_closed():
        shared.page.context.close()


def open_app(browser, url: str, watch: Watch, attempts: int = 2):
    """A fresh context with the app loaded and analysed: (context, page).

    A renderer that crashes while the page starts (seen once in CI, in a module's set-up, on a
    loaded machine; never reproduced in 20 local runs) is reported and the start tried again in a
    new context; a second crash fails, as does any other failure.
    """
    for attempt in range(1, attempts + 1):
        context = new_context(browser, watch)
        page = context.new_page()
        crashed: list[bool] = []
        page.on("crash", lambda _page: crashed.append(True))
        try:
            page.goto(url)
            wait_ready(page)
            wait_analysis(page)
            return context, page
        except Exception:
            context.close()
            if not crashed or attempt == attempts:
                raise
            browser.stale = True
            print(f"the renderer crashed while the app started (attempt {attempt}); "
                  f"memory available: {available_memory()}; starting again")
    raise AssertionError("unreachable")


def available_memory() -> str:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable"):
            return line.split(":", 1)[1].strip()
    return "unknown"


@pytest.fixture
def app_page(app, browser):
    """The shared app page, checked for foreign requests and errors after the test. A page lost to
    a renderer crash (the test then runs once more: conftest.py) is opened again first."""
    if app.lost:
        app.reopen(browser)
    yield app
    app.watch.check()


def cli(*args: str) -> str:
    """Run the minesat CLI of this checkout (python -m minesat) and return its output."""
    import subprocess
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run([sys.executable, "-m", "minesat", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def as_json(obj) -> str:
    return json.dumps(obj)


def open_page(browser, watch, site, link: str = "", **options):
    """A fresh context (a first visit) on the page at `link`, ready."""
    context = new_context(browser, watch, **options)
    page = context.new_page()
    page.goto(site + "index.html" + (f"#{link}" if link else ""))
    wait_ready(page)
    return context, page


def axe_violations(page) -> list[str]:
    """axe-core's findings on the page as it is (node_modules/axe-core, injected once per page)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=(ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text())
    found = page.evaluate("async () => (await axe.run(document)).violations"
                          ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(', '))")
    return found
