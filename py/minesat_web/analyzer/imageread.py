"""A board from a pasted or dropped screenshot: the request to the engine and the confirmation view.

Pure functions (no browser import, tested in CPython) for the page to wire (issue 25): the page
decodes the image with the browser (an <img> drawn on a canvas, `getImageData`), sends
`request(...)` with the pixels beside it to the engine's worker
(`minesat.messages.protocol.Engine.op_read_image`), and shows
`confirmation_html(answer)` next to the image: the board read, each unsure cell marked, and a
link that opens the board in the analyzer (the share fragment the engine returns).
"""

from __future__ import annotations

import html
from typing import Any

from minesat.messages import codec
from minesat.messages.ops import Op
from minesat_web.render import cell_html, rows_html

MAX_PIXELS = 40_000_000  # as the engine's op: more is not a screenshot


def request(width: int, height: int) -> dict[str, Any]:
    """The engine request for an image of `width` x `height` pixels, whose RGBA bytes (row-major, 4
    a pixel) go beside it (`EngineClient.call(..., data=)`: moved to the worker, never base64)."""
    if width * height > MAX_PIXELS:
        raise ValueError(f"the image is {width}x{height} pixels: more than a screenshot can be")
    return codec.request(Op.READ_IMAGE, None, width=width, height=height)


def summary(answer: dict[str, Any]) -> str:
    """One line on what was read: the board's size, the cells to check and the mine total (from the image's
    counter: a number the user checks, as a clock or a client's own kind of counter can be taken for it)."""
    rows, unsure = answer["rows"], answer["unsure"]
    size = f"{len(rows)}x{len(rows[0])}"
    mines = answer.get("mines")
    total = (f" Mine total {mines}: the mines left on the image's counter plus the flags read; check it." if mines
             is not None else " No mine counter read: the total is unknown until you set it.")
    if not unsure:
        return f"Read a {size} board; every cell is sure. Check it against the image, then analyse it.{total}"
    names = ", ".join(f"r{r + 1}c{c + 1}" for r, c in unsure[:8]) + (" …" if len(unsure) > 8 else "")
    note = f" Note: {answer['note'][:1].upper()}{answer['note'][1:]}." if answer.get("note") else ""
    return (f"Read a {size} board; {len(unsure)} cell{'s' * (len(unsure) != 1)} unsure ({names}), "
            f"marked: check them against the image, and correct them in the analyzer once opened.{total}{note}")


def confirmation_html(answer: dict[str, Any]) -> str:
    """The board read, as a grid of cells (unsure ones with class `unsure` and their confidence),
    the summary, and a link to the analyzer with the board."""
    unsure = {(r, c) for r, c in answer["unsure"]}
    cells = []
    for r, row in enumerate(answer["rows"]):
        for c, ch in enumerate(row):
            confidence = answer["confidence"][r][c]
            cls = "cell" + (" unsure" if (r, c) in unsure else "")
            shown = "" if ch in "?0" else ("⚑" if ch == "F" else ch)
            label = f"row {r + 1} column {c + 1}: {'hidden' if ch == '?' else 'flag' if ch == 'F' else ch}"
            label += f", unsure ({round(confidence * 100)}%)" if (r, c) in unsure else ""
            kind = "h" if ch == "?" else "f" if ch == "F" else "n" + ch
            cells.append(cell_html(f"{cls} read-{kind}", html.escape(label), shown))
    cols = len(answer["rows"][0])
    return (f'<p class="read-summary">{html.escape(summary(answer))}</p>'
            f'<div class="read-grid" role="grid" style="--cols: {cols}">{rows_html(cols, cells)}</div>'
            f'<p><a class="read-open" href="#{html.escape(answer["board"])}">Open this board in the analyzer</a></p>')
