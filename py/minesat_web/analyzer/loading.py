"""Boards that come into the analyzer: pasted or dropped text, a file opened or dropped, a
screenshot pasted, dropped or picked (read by the engine's worker), a link opened.  A replay file
(.avf .rmv .evf .mvf .rawvf) opened or dropped goes to the replay player (announced as
"replay-file"; replay/controller.py); its board reaches the analyzer from there."""

from __future__ import annotations

import asyncio
from typing import Any

from minesat.board import Board, BoardError, named
from minesat.formats.links import board_from_fragment, board_to_fragment
from minesat.formats.registry import read_bytes, read_text
from minesat.messages.ops import Lane
from minesat_web import persist
from minesat_web.analyzer import imageread
from minesat_web.analyzer.editor import with_standard_total
from minesat_web.app import App
from minesat_web.browser import document, js, js_object
from minesat_web.client import Dropped, EngineFailed
from minesat_web.dom import el, handle, in_play_mode, show_message
from minesat_web.replay.state import is_replay_name


def load(app: App, board: Board, source: str) -> None:
    """A board read from a paste, a file or a drop: a standard size without a total gets the level's
    total (said, and editable); the message says what was read."""
    board, assumed = with_standard_total(board)
    app.assume_total(assumed)  # before the edit, which forgets a total it did not see assumed
    app.edit(app.ed.apply(board))
    app.fill_inputs(force=True)
    show_message(f"Board loaded from {source}.")  # a total assumed is said by the board (#total-note)


def load_text(app: App, text: str, what: str, source: str) -> None:
    """A board read from text (pasted or dropped), or a message saying why `what` could not be read."""
    try:
        reading = read_text(text)
    except BoardError as e:
        show_message(f"Could not read {what}: {e}", bad=True)
        return
    load(app, reading.board, f"{source} (read as {reading.format})")


def open_link(app: App, fragment: str) -> None:
    """A board's link opened while the page is open (a hashchange)."""
    if not fragment or fragment == board_to_fragment(app.board):
        return
    try:
        board = board_from_fragment(fragment)
        app.edit(app.ed.apply(board))
        persist.replace_url(board_to_fragment(board))  # as the page writes it (no chat app's punctuation)
    except BoardError as e:
        show_message(f"The link's board could not be read: {e}. Keeping the current board.", bad=True)
        # the broken link stays in the address bar (to be seen and fixed), as on a fresh load;
        # the next edit writes the board there again


async def open_file(app: App, file: Any) -> None:
    name = str(file.name)
    if is_replay_name(name):
        app.announce("replay-file", file)
        return
    try:
        data = bytes((await file.arrayBuffer()).to_py())
        reading = read_bytes(data, name)
    except BoardError as e:
        show_message(f"Could not read the file {named(name)}: {e}", bad=True)
        return
    note = f": {reading.note}" if reading.note else ""
    load(app, reading.board, f"{named(name)} (read as {reading.format}){note}")


async def read_screenshot(app: App, blob: Any, name: str) -> None:
    """A screenshot read by the engine's worker, shown beside the image for the user to check."""
    name = named(name)
    el("image-box").open = True
    status = el("image-status")
    status.textContent = f"Reading the board in {name}…"
    el("image-view").hidden = True
    try:
        pixels = await js.minesatImagePixels(blob)  # (its size checked before anything is drawn: index.html)
    except Exception as e:  # noqa: BLE001 - not an image the browser can decode, or too large to be a screenshot
        size = str(e).partition("too large: ")[2].split()[0] if "too large: " in str(e) else ""
        status.textContent = (f"{name} is {size} pixels: more than a screenshot can be "
                              f"({imageread.MAX_PIXELS:,} pixels at most)." if size else
                              f"{name} is not an image this browser can read.")
        return
    el("image-preview").src = js.URL.createObjectURL(blob)
    width, height = int(pixels.width), int(pixels.height)
    try:  # (the pixels go to the worker as they are: no copy, no base64 on this thread)
        answer = await app.client.call(imageread.request(width, height), lane=Lane.IMAGE, data=pixels.data)
    except Dropped:
        return
    except (EngineFailed, ValueError) as e:
        status.textContent = f"No board could be read from {name}: {e}"
        return
    el("image-read").innerHTML = imageread.confirmation_html(answer)
    el("image-view").hidden = False
    status.textContent = imageread.summary(answer)
    el("image-box").scrollIntoView(js_object({"block": "nearest"}))


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp")


def looks_like_image(name: str) -> bool:
    """A file named as an image (a drop from some apps gives no type)."""
    return name.lower().endswith(IMAGE_SUFFIXES)


def bind(app: App) -> None:
    """The handlers of what comes in, bound where they are defined."""

    @handle("click", "#paste-load")
    def paste(evt: Any) -> None:
        load_text(app, str(el("paste-text").value), "the pasted board", "the text")

    @handle("change", "#image-input")
    def image_chosen(evt: Any) -> None:
        files = el("image-input").files
        if files.length:
            asyncio.ensure_future(read_screenshot(app, files.item(0), str(files.item(0).name)))
        el("image-input").value = ""

    @handle("click", "#image-read", within=".read-open")
    def opened(evt: Any, node: Any) -> None:
        """The board read, opened in the analyzer (as its link would), then brought into view."""
        evt.preventDefault()
        open_link(app, str(node.getAttribute("href")).lstrip("#"))
        el("image-status").textContent = "Opened in the analyzer: correct any unsure cell on the board."
        el("grid").scrollIntoView(js_object({"block": "start"}))
        el("grid").focus(js_object({"preventScroll": True}))

    @handle("paste", document)
    def paste_image(evt: Any) -> None:
        items = evt.clipboardData.items if evt.clipboardData else []
        for item in items:
            if str(item.type).startswith("image/"):
                evt.preventDefault()
                if in_play_mode():  # the reader is the analyzer's
                    show_message("A pasted screenshot is read in the analyzer: Analyze a position, then paste it.")
                    return
                asyncio.ensure_future(read_screenshot(app, item.getAsFile(), "the pasted image"))
                return

    @handle("click", "#open-file")
    def open_file_click(evt: Any) -> None:
        el("file-input").click()

    @handle("change", "#file-input")
    def file_chosen(evt: Any) -> None:
        files = el("file-input").files
        if files.length:
            asyncio.ensure_future(open_file(app, files.item(0)))
        el("file-input").value = ""  # the same file again is a change too

    @handle("dragover", document)
    def drag_over(evt: Any) -> None:
        evt.preventDefault()  # lets a file be dropped anywhere on the page

    @handle("drop", document)
    def drop(evt: Any) -> None:
        evt.preventDefault()
        files = evt.dataTransfer.files if evt.dataTransfer else None
        if files and files.length and is_replay_name(str(files.item(0).name)):  # the replay player's, in any mode
            app.announce("replay-file", files.item(0))
            return
        if in_play_mode():  # boards and screenshots are read in the analyzer
            show_message("A dropped board or screenshot is read in the analyzer: Analyze a position, then drop it.")
            return
        if evt.dataTransfer:
            if evt.dataTransfer.files.length:
                file = evt.dataTransfer.files.item(0)
                if str(file.type).startswith("image/") or looks_like_image(str(file.name)):
                    asyncio.ensure_future(read_screenshot(app, file, str(file.name)))
                else:
                    asyncio.ensure_future(open_file(app, file))
            elif text := str(evt.dataTransfer.getData("text/plain") or ""):
                load_text(app, text, "the dropped text", "the dropped text")
