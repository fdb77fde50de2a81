"""The page's screenshot view (minesat_web/analyzer/imageread.py, pure): the request it sends, the summary line and the
confirmation grid of the board read, in CPython."""

from __future__ import annotations

import base64
import html
import json
import re

import pytest
from PIL import Image

from minesat_web.analyzer import imageread
from shots import IMAGES


@pytest.mark.slow
def test_the_page_confirmation_view_marks_the_unsure_cells():
    """minesat_web.analyzer.imageread (pure): the request the page sends and the view of the board read."""
    from minesat.messages.protocol import Engine
    from minesat_web.analyzer import imageread
    rgba = Image.open(IMAGES / "mjs-1.png").convert("RGBA")
    text = json.dumps({"id": 3, **imageread.request(rgba.width, rgba.height)})
    answer = json.loads(Engine().answer(text, rgba.tobytes()))  # the pixels beside the text, as the worker gets them
    assert answer["id"] == 3
    as_text = {"id": 3, **imageread.request(rgba.width, rgba.height), "rgba": base64.b64encode(rgba.tobytes()).decode()}
    assert json.loads(Engine().answer(json.dumps(as_text))) == answer  # (the request's base64 form)
    reading = answer["ok"]
    view = imageread.confirmation_html(reading)
    assert view.count('role="gridcell"') == 144 and reading["unsure"]
    assert view.count('class="cell unsure') == len(reading["unsure"]) and "correct them" in view
    assert f'href="#{html.escape(reading["board"])}"' in view
    with pytest.raises(ValueError, match="screenshot"):
        imageread.request(10_000, 10_000)


def answer(rows: list[str], unsure: list[list[int]], confidence: float = 0.5) -> dict:
    """An engine's reading as the worker sends it (hand-made: the view is tested, not the reader)."""
    return {"rows": rows, "unsure": unsure, "board": "board=" + "/".join(rows) + f"&size={len(rows)}x{len(rows[0])}",
            "confidence": [[confidence if [r, c] in unsure else 1.0 for c in range(len(row))]
                           for r, row in enumerate(rows)]}


def test_the_request_names_the_size_and_refuses_more_pixels_than_a_screenshot_has():
    assert imageread.request(640, 480) == {"op": "read_image", "width": 640, "height": 480}
    assert imageread.request(imageread.MAX_PIXELS, 1)["width"] == imageread.MAX_PIXELS  # the bound itself is fine
    with pytest.raises(ValueError, match="8000x5001 pixels"):
        imageread.request(8000, 5001)


def test_the_summary_names_the_size_and_at_most_eight_unsure_cells():
    assert imageread.summary(answer(["1?", "?F", "00"], [])).startswith("Read a 3x2 board; every cell is sure.")
    one = imageread.summary(answer(["1?", "?F"], [[1, 0]]))
    assert "1 cell unsure (r2c1)" in one and "cells" not in one
    nine = imageread.summary(answer(["?" * 9], [[0, c] for c in range(9)]))
    assert "9 cells unsure (r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8 …)" in nine and "r1c9" not in nine


def test_the_confirmation_grid_draws_each_cell_as_read_and_marks_the_unsure_ones():
    view = imageread.confirmation_html(answer(["1?", "F0"], [[0, 0]], confidence=0.42))
    cells = re.findall(r'<div class="([^"]*)" role="gridcell" aria-label="([^"]*)">([^<]*)</div>', view)
    assert cells == [("cell unsure read-n1", "row 1 column 1: 1, unsure (42%)", "1"),
                     ("cell read-h", "row 1 column 2: hidden", ""),
                     ("cell read-f", "row 2 column 1: flag", "⚑"),
                     ("cell read-n0", "row 2 column 2: 0", "")]
    assert view.count('role="row"') == 2 and "--cols: 2" in view
    assert 'href="#board=1?/F0&amp;size=2x2"' in view  # the fragment escaped in the attribute


def test_the_summary_gives_the_total_read_for_the_user_to_check():
    """A total from the image's counter is named (a number the user checks); without one, the summary says so."""
    counted = {**answer(["1?", "?F"], []), "mines": 3}
    assert "Mine total 3: the mines left on the image's counter plus the flags read; check it." in (
        imageread.summary(counted))
    assert "No mine counter read" in imageread.summary({**counted, "mines": None})
    assert "Mine total" not in imageread.summary({**counted, "mines": None})


def test_the_summary_passes_on_the_readers_note():
    """A reading with a note (an overlay on the board) says it in the summary line; one without, nothing more."""
    plain = answer(["1?", "??"], [[0, 1]])
    noted = {**plain, "note": "many hidden cells carry marks: is a probability overlay on? Turn it off"}
    assert "Note: Many hidden cells carry marks" in imageread.summary(noted)
    assert "Note" not in imageread.summary(plain) and "Note" not in imageread.summary({**plain, "note": ""})
