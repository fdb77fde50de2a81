"""The page's speed as a design (issue 9): answers of stale boards are never drawn, and a big download
is built off the main thread while the grid answers. (How the page starts, with or without its
Pyodide snapshot: test_start.py.)"""

from __future__ import annotations

import time

from harness import new_context, screenshot, wait_analysis, wait_ready, wait_worker_idle
from minesat.analysis.analyze import analyze
from minesat.formats.links import board_from_fragment
from minesat.reductions.solve import formula

RECORD_COUNTS = """() => {
  window.drawnCounts = [];
  new MutationObserver(() => {
    const v = document.getElementById('layout-count').dataset.value;
    if (v) window.drawnCounts.push([document.getElementById('grid').dataset.board, v]);
  }).observe(document.getElementById('layout-count'), {attributes: true, attributeFilter: ['data-value']});
}"""


def test_rapid_edits_end_on_the_last_boards_count_and_never_draw_a_stale_one(app_page):
    page = app_page.page
    page.click('#presets [data-preset="expert"]')
    wait_analysis(page)
    page.evaluate(RECORD_COUNTS)
    page.click('#grid .cell[data-row="5"][data-col="10"]')
    for key in ["ArrowRight", "2", "ArrowDown", "0", "ArrowLeft", "1", "f", "ArrowUp", "3", "?", "2"]:
        page.keyboard.press(key)  # no waiting: each edit supersedes the one before
    final = page.evaluate("() => document.getElementById('grid').dataset.board")  # the board on screen
    page.wait_for_function("f => (window.drawnCounts || []).some(([h]) => h === f)", arg=final)
    wait_worker_idle(page)  # any late answer of an older board would be drawn by now
    drawn = page.evaluate("window.drawnCounts")
    assert drawn[-1] == [final, str(analyze(board_from_fragment(final)).count)]
    for fragment, value in drawn:  # every count drawn was the count of the board on screen then
        assert value == str(analyze(board_from_fragment(fragment)).count), fragment
    assert len(drawn) < 12, "every edit's answer was drawn: superseded analyses were not dropped"
    page.wait_for_function("f => location.hash.slice(1) === f", arg=final)  # the address bar, once edits pause


def test_big_dimacs_download_is_built_while_the_grid_answers_clicks(browser, site, watch):
    """50x50 with a total of 500: a 130 MB file, built in the worker in chunks, with progress."""
    rows = "/".join(["?" * 50] * 50)
    context = new_context(browser, watch, accept_downloads=True)
    page = context.new_page()
    page.goto(site + f"index.html#board={rows}&mines=500")
    wait_ready(page)
    wait_analysis(page)
    handled = []
    with page.expect_download(timeout=300_000) as download:
        page.click("#download-cnf")
        page.wait_for_selector("#download-cancel", state="visible")
        for col in range(0, 50, 7):
            if "saved" in page.inner_text("#download-progress"):
                break
            page.click(f'#grid .cell[data-row="0"][data-col="{col}"]')
            cursor = page.eval_on_selector("#grid .cursor", "e => [+e.dataset.row, +e.dataset.col]")
            handled.append((cursor == [0, col], page.inner_text("#download-progress")))
            time.sleep(0.5)
    during = [moved for moved, progress in handled if "saved" not in progress]
    assert len(during) >= 3 and all(during), handled  # each click moved the cursor while the file was built
    assert any("MB written" in p or "building" in p for _, p in handled)
    path = download.value.path()
    cnf_size = formula(board_from_fragment(f"board={rows}&mines=500"), "binomial")
    with open(path) as f:
        header = next(line for line in f if line.startswith("p cnf"))
    assert header.split() == ["p", "cnf", str(cnf_size.num_vars), str(cnf_size.num_clauses)]
    assert "saved" in page.inner_text("#download-progress")
    screenshot(page, "20-big-download")
    context.close()


GEOMETRY_READS = """() => {
  window.geometryReads = 0;
  const proto = Element.prototype;
  for (const name of ['getBoundingClientRect', 'getClientRects']) {
    const read = proto[name];
    proto[name] = function (...args) { window.geometryReads += 1; return read.apply(this, args); };
  }
}"""


def test_an_edit_reads_no_layout_before_its_count_is_shown(app_page):
    """Reading an element's box in the edit's task forces the page's layout before the count is
    written: the layouts and reduction panels did so at each analysis, and an expert edit took twice
    as long to its count (issue 36, item 10). Where the panels are comes from their observers."""
    page = flag_and_unflag_an_expert_cell(app_page, GEOMETRY_READS, "() => { window.geometryReads = 0; }")
    assert page.evaluate("() => window.geometryReads") == 0  # (the click's own scrolling aside)


def flag_and_unflag_an_expert_cell(app_page, watch: str, after_click: str = "() => {}"):
    """The expert mid-game board of the benchmarks opened, `watch` run, a hidden cell clicked, then
    `after_click` run, and the cell flagged and unflagged twice by keyboard, each edit's count awaited."""
    from boards import midgame
    page = app_page.page
    board = midgame(16, 30, 99, seed=7)
    app_page.load_board(list(board.row_texts()), board.mines)
    wait_worker_idle(page)
    page.evaluate(RECORD_COUNTS)
    page.evaluate(watch)
    cell = next(c for c in sorted(board.hidden))
    page.click(f'#grid .cell[data-row="{cell[0]}"][data-col="{cell[1]}"]')
    page.evaluate(after_click)
    for done, key in enumerate(["f", "f", "f", "f"], 1):
        page.keyboard.press(key)
        page.wait_for_function("n => window.drawnCounts.length >= n", arg=done)
    return page


KEY_WRITES = """() => {
  window.keyWrites = [];
  let seen = [];
  const record = (r) => [r.target.id || (r.target.parentElement || {}).id || r.target.nodeName, r.type,
                         r.attributeName, r.oldValue, r.attributeName && r.target.getAttribute(r.attributeName)];
  const observer = new MutationObserver((records) => { seen.push(...records.map(record)); });
  observer.observe(document.documentElement, {subtree: true, attributes: true, attributeOldValue: true,
                                              childList: true, characterData: true});
  const take = () => { const out = seen.concat(observer.takeRecords().map(record)); seen = []; return out; };
  document.addEventListener('keydown', take, true);  // before the page's handlers
  window.addEventListener('keydown', () => { window.keyWrites.push(take()); });  // after them
}"""


def restyles(write: list) -> bool:
    """Whether a DOM write has the browser restyle or lay out its element, and so draw a frame: a node
    or a text added, removed or changed, the element's classes changed, or `hidden` or `style` written
    at all (Chromium restyles the element at any write of them, even of the value they had)."""
    _node, kind, name, old, new = write
    if kind != "attributes":
        return True
    if name == "class":
        return sorted((old or "").split()) != sorted((new or "").split())
    return name in ("hidden", "style")


def test_an_edits_key_draws_nothing_before_its_answer(app_page):
    """An edit is drawn with its answer, in one frame (or after DRAW_EDIT_MS): its key's handlers
    change nothing on screen, since a frame drawn between the key and the worker's answer holds the
    answer up (App.changed). The key wrote #work's `hidden` at each edit: again while it was hidden,
    or to hide "Looking for dead cells…" when the machine was slow; that frame held the page's thread
    ~15-20 ms on a loaded machine before the answer was read (issue 36, item 10). (The message of the
    user's last action, #message, is cleared by their next edit at once: not counted.)"""
    page = flag_and_unflag_an_expert_cell(app_page, KEY_WRITES)
    writes = page.evaluate("() => window.keyWrites")
    assert len(writes) == 4
    assert all(any(w[:3] == ["grid", "attributes", "data-board"] for w in key) for key in writes)  # seen
    assert [w for key in writes for w in key if restyles(w) and w[0] != "message"] == []
