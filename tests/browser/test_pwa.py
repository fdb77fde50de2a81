"""The page as an installable, offline app, served from a subfolder (/minesat/) like a GitHub Pages site.

Chromium finds it installable. After one visit the service worker (sw.js, with the list that
tools/make_sw.py makes) holds every file the page needs, and the page itself its memory snapshot
(fetched once it was usable): with the network off and the server gone, a reload starts the page
from the snapshot, analyses a board and reads and grades a replay file. A new build (a changed
file, the list made again) installs beside the running version, the page offers "A new version
is ready — reload", and the click swaps versions and deletes the old cache. Without the list
(no set-up) the page starts as before, without errors.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

import make_sw
import serve
from harness import ROOT, START_TIMEOUT, AppPage, Watch, mirror, new_context, wait_ready
from minesat import analyze, parse_board

BOARD = ["1??", "12?", "01?"]  # the 3x3 example of problem-reductions #645 and #644, with the total
MINES = 2
REPLAY = ROOT / "tests" / "data" / "replays" / "avf" / "Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"


class Installed:
    """One browser context that visited the site once, and the site's folder, server and URL."""

    def __init__(self, page, watch: Watch, web: Path, url: str):
        self.page, self.watch, self.web, self.url = page, watch, web, url
        self.site = web / "minesat"

    def caches(self) -> dict[str, list[str]]:
        """The service worker's caches (this origin): name -> the URLs it holds. (The page keeps
        the memory snapshot and its decompressed start files in caches of its own, "minesat-snapshot
        <site>" and "minesat-decoded <site>", left out here.)

        Only while no version is being activated: opening a cache creates it when it is gone, so a
        cache deleted between the listing and the opening would come back, empty, for good.
        """
        return self.ask("""async () => {
            const all = {};
            for (const name of await caches.keys())
              if (!/^minesat-(snapshot|decoded) /.test(name))
                all[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
            return all; }""")

    def cache_names(self) -> list[str]:
        """The names of the service worker's caches, read without opening (so without creating) any."""
        return self.ask("() => caches.keys().then((all) => all.filter((n) => !/^minesat-(snapshot|decoded) /.test(n)))")

    def ask(self, script: str):
        for _ in range(20):
            try:
                return self.page.evaluate(script)
            except Exception:  # noqa: BLE001 - the page navigated meanwhile: ask the new one
                time.sleep(0.5)
        raise AssertionError("the page never answered")

    def wait_for(self, predicate, what: str, seconds: float = 180, read=None):
        """Poll until predicate(read()) holds (read: the caches by default); return what was read."""
        read = read or self.caches
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = read()
            if predicate(found):
                return found
            time.sleep(0.5)
        raise AssertionError(f"{what}: never happened; found: {sorted(found)}")

    def expected(self) -> set[str]:
        return {self.url + f for f in make_sw.site_files(self.site)}


def workers(page) -> str:
    """The page's service-worker registration and controller, for a failure's message."""
    try:
        return page.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const say = (w) => w ? `${w.state}` : "none";
            const c = navigator.serviceWorker.controller;
            return `controller ${say(c)}; installing ${say(r && r.installing)}, waiting ${say(r && r.waiting)},`
                 + ` active ${say(r && r.active)}; ready ${document.body.hasAttribute("data-ready")}`; }""")
    except Exception as error:  # noqa: BLE001 - a failure's message: say what could not be read
        return f"unreadable ({error})"


def worker_version(site: Path) -> str:
    """The VERSION written into the site's precache list."""
    first = [line for line in (site / make_sw.PRECACHE).read_text().splitlines() if line.startswith("const VERSION")]
    return first[0].split('"')[1]


@pytest.fixture(scope="module")
def installed(browser, tmp_path_factory):
    """The site mirrored into a temporary /minesat/ (its own precache list and style.css, to change them),
    served, and visited once: the page is ready, controlled by the service worker, the precache complete."""
    web = tmp_path_factory.mktemp("pwa")
    site = web / "minesat"
    mirror(ROOT, site, {ROOT / make_sw.PRECACHE})
    (site / "static" / "style.css").unlink()  # a link to the repository's file: never write through it
    shutil.copyfile(ROOT / "static" / "style.css", site / "static" / "style.css")
    make_sw.write(site)
    server = serve.start(0, web)
    url = server.url + "minesat/"
    watch = Watch()
    context = new_context(browser, watch, service_workers="allow")
    page = context.new_page()
    page.goto(url + "index.html")
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller && "
                           "navigator.serviceWorker.controller.state === 'activated'", timeout=START_TIMEOUT)
    it = Installed(page, watch, web, url)
    it.wait_for(lambda found: any(set(urls) == it.expected() for urls in found.values()), "the precache")
    # the memory snapshot: not precached, but fetched by the page once it was usable, for the next visits
    page.wait_for_function("() => globalThis.minesatSnapshotKept !== undefined", timeout=START_TIMEOUT)
    assert page.evaluate("globalThis.minesatSnapshotKept") is True
    yield it
    context.close()
    server.shutdown()
    server.server_close()


def test_the_browser_finds_the_app_installable(installed):
    """Chromium's own checks: the manifest parses, and its icons, start URL, scope and worker qualify."""
    cdp = installed.page.context.new_cdp_session(installed.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == installed.url + "manifest.webmanifest" and not manifest["errors"], manifest["errors"]
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}, errors  # Playwright's contexts are incognito; nothing else is missing
    cdp.detach()


def test_after_one_visit_the_page_starts_and_analyses_offline(installed):
    page, context = installed.page, installed.page.context
    cached = installed.caches()
    assert len(cached) == 1 and set(next(iter(cached.values()))) == installed.expected()
    away = installed.web / "away"
    installed.site.rename(away)  # the server has nothing left to serve: every file must come from the cache
    context.set_offline(True)
    try:
        response = page.reload()
        assert response is not None and response.from_service_worker
        wait_ready(page)
        count = AppPage(page, installed.url + "index.html", installed.watch).load_board(BOARD, MINES)
        assert count == str(analyze(parse_board(f"mines={MINES}\n" + "\n".join(BOARD))).count)
        assert page.get_attribute("body", "data-engine") == "worker"  # the engine's worker started offline too
        assert page.evaluate("() => window.minesatSnapshot") is True  # from the snapshot the first visit kept
        assert page.evaluate("() => minesatEngine.snapshot") is True
        assert page.is_hidden("#update-banner") and page.is_hidden("#load-error")
        page.set_input_files("#replay-input", str(REPLAY))  # the replay player offline: read, then graded
        page.wait_for_selector("#replay[data-state=graded]", timeout=START_TIMEOUT)
        assert page.locator("#replay-events li").count() > 0 and "127" in page.inner_text("#replay-stats")
    finally:
        context.set_offline(False)
        away.rename(installed.site)
    installed.watch.check()


def test_a_new_build_replaces_the_old_cache_after_the_user_reloads(installed):
    page, site = installed.page, installed.site
    old = worker_version(site)
    [old_cache] = installed.caches()
    assert old_cache.endswith(old)
    style = site / "static" / "style.css"
    style.write_text(style.read_text() + "\n/* a new build */\n")
    make_sw.write(site)
    new = worker_version(site)
    assert new != old
    other = page.context.new_page()  # a second tab of the same version, open and idle
    other.goto(installed.url + "index.html")
    wait_ready(other)
    other.wait_for_function("() => navigator.serviceWorker.controller")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update-banner", state="visible", timeout=START_TIMEOUT)
    assert "A new version is ready" in page.inner_text("#update-banner")
    assert old_cache in installed.caches()  # the running version keeps its files until the user says so
    page.click("#update-reload")
    wanted = [old_cache.removesuffix(old) + new]
    try:  # by name: opening the old cache while the new version deletes it would bring it back
        installed.wait_for(lambda names: names == wanted, "the new version's cache replacing the old one",
                           read=installed.cache_names)
    except AssertionError as error:
        raise AssertionError(f"{error}\npage: {workers(page)}\nother tab: {workers(other)}") from None
    found = installed.caches()
    assert set(next(iter(found.values()))) == installed.expected()
    other.wait_for_selector("#update-banner", state="visible")  # the other tab runs old code: it offers a reload
    with other.expect_navigation():
        other.click("#update-reload")
    other.close()
    wait_ready(page)  # the page reloaded, under the new version
    assert page.evaluate("() => navigator.serviceWorker.controller.state") == "activated"
    assert page.is_hidden("#update-banner")
    css = page.evaluate("u => caches.match(u).then((r) => r.text())", installed.url + "static/style.css")
    assert css.endswith("/* a new build */\n")
    installed.watch.check()


def test_without_the_precache_list_the_page_starts_as_before(browser, tmp_path):
    """No set-up of the list: the service worker cannot start, and nothing shows it (no error, no banner)."""
    mirror(ROOT, tmp_path / "minesat", {ROOT / make_sw.PRECACHE})
    server = serve.start(0, tmp_path)
    watch = Watch()
    context = new_context(browser, watch, service_workers="allow")
    try:
        page = context.new_page()
        page.goto(server.url + "minesat/index.html")
        wait_ready(page)
        # queued after the page's own attempt (registrations of one scope run in order), and as it ends
        attempt = page.evaluate("() => navigator.serviceWorker.register('./sw.js', {updateViaCache: 'none'})"
                                ".then(() => 'registered', (e) => 'failed: ' + e.message)")
        assert attempt.startswith("failed"), attempt
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
        assert page.is_hidden("#update-banner") and page.is_hidden("#load-error")
        watch.check()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
