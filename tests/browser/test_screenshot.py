"""A board read from a screenshot in the page (issue 25): picked or pasted, read by the engine's
worker, shown beside the image for the player to check, then opened in the analyzer."""

from __future__ import annotations

import io
import json

from harness import ROOT, assert_not_frozen, screenshot, watch_long_tasks

IMAGES = ROOT / "tests" / "images"


def read_grid(page) -> list[str]:
    """The board shown for confirmation, as rows of minesat's characters."""
    return page.eval_on_selector_all("#image-read .read-grid .row", """rows => rows.map(row =>
        Array.from(row.children).map(c => c.className.includes('read-h') ? '?' : c.className.includes('read-f') ? 'F'
        : c.className.match(/read-n(\\d)/)[1]).join(''))""")


def picked(page, name: str) -> dict:
    """The committed screenshot `name` picked in the page and read: its truth file's contents."""
    page.click("#image-box summary")
    page.set_input_files("#image-input", str(IMAGES / name))
    page.wait_for_selector("#image-read .read-grid", timeout=60_000)
    return json.loads((IMAGES / name).with_suffix(".json").read_text())


def test_a_picked_screenshot_is_read_checked_and_opened_in_the_analyzer(app_page):
    page = app_page.page
    truth = picked(page, "google-0.png")
    assert read_grid(page) == truth["rows"]
    assert "Read a 8x10 board" in page.inner_text("#image-status")
    assert page.is_visible("#image-preview")
    app_page.shot("47-screenshot-read")
    page.click("#image-read .read-open")
    page.wait_for_function("r => document.getElementById('grid').dataset.board.startsWith('board=' + r)",
                           arg="/".join(truth["rows"]).replace("?", "?"))
    assert page.locator("#grid .cell").count() == 80


def test_a_desktop_games_screenshot_is_read_with_its_counters_total_named(app_page):
    """Ace of Penguins' Minesweeper as the whole screen at 1.25 (white digits on green, a yellow counter):
    the board read as the game drew it, and the total from its counter named for the player to check."""
    page = app_page.page
    truth = picked(page, "ace-10.png")
    assert read_grid(page) == truth["rows"]
    status = page.inner_text("#image-status")
    assert "Read a 16x16 board" in status and f"Mine total {truth['mines']}" in status
    app_page.shot("47b-screenshot-desktop-game")


def test_a_pasted_image_without_a_board_says_so(app_page):
    from PIL import Image
    page = app_page.page
    buffer = io.BytesIO()
    Image.new("RGB", (200, 120), (250, 250, 250)).save(buffer, "PNG")
    page.focus("#grid")
    page.evaluate("""bytes => { const t = new DataTransfer();
        t.items.add(new File([new Uint8Array(bytes)], 'blank.png', {type: 'image/png'}));
        document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: t, bubbles: true})); }""",
                  list(buffer.getvalue()))
    page.wait_for_function("() => document.getElementById('image-status').textContent.includes('No board')")
    assert page.is_hidden("#image-view")
    screenshot(page, "48-screenshot-without-a-board")


def test_an_image_too_large_for_a_screenshot_is_refused_before_it_is_drawn(app_page):
    """A PNG of some kilobytes declaring 16000x16000 pixels (256 million: 1 GB of RGBA): refused with
    its size, from its header, without a long task on the page's thread (issue 36, item 1: the tab froze
    for 6-8 s drawing it)."""
    from PIL import Image
    page = app_page.page
    buffer = io.BytesIO()
    Image.new("1", (16000, 16000), 0).save(buffer, "PNG")
    reference = watch_long_tasks(page)
    page.click("#image-box summary")
    page.set_input_files("#image-input", files=[{"name": "huge.png", "mimeType": "image/png",
                                                 "buffer": buffer.getvalue()}])
    page.wait_for_function("() => document.getElementById('image-status').textContent.includes('screenshot')")
    assert "16000x16000 pixels: more than a screenshot can be" in page.inner_text("#image-status")
    assert_not_frozen(page, reference, "a 16000x16000 PNG refused")
