"""Boards read from text (minesat.formats.text) and files (through minesat.formats.registry) as the page
and the command line read them: messages that name what the text is (issue 36, item 7) and quote it
escaped (item 5)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesat.board import BoardError, named, quoted, spelled
from minesat.formats.mbf import NAME as MBF
from minesat.formats.registry import looks_utf16, read_bytes
from minesat.formats.text import read_any
from minesat.messages.protocol import Engine

BOARD = "1?\n??\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_board_file_is_named_so_not_read_as_mbf(encoding):
    with pytest.raises(BoardError, match="UTF-16") as caught:
        read_bytes(BOARD.encode(encoding), "board.txt")
    assert "MBF file says" not in str(caught.value)


@pytest.mark.slow
def test_no_mbf_file_looks_like_utf16():
    """Random MBF files (every side from 1 to 100, up to 40 mines) are still read as MBF."""
    rng = random.Random(36)
    for _ in range(500):
        width, height = rng.randint(1, 100), rng.randint(1, 100)
        cells = rng.sample([(x, y) for x in range(width) for y in range(height)], min(width * height - 1,
                                                                                     rng.randint(0, 40)))
        data = bytes([width, height, len(cells) >> 8, len(cells) & 255]) + bytes(b for c in cells for b in c)
        assert not looks_utf16(data), data[:8]
        assert read_bytes(data, "game").format == MBF


def test_a_text_with_two_links_names_both():
    first, second = "https://example.org/minesat/#board=1%3F/%3F%3F&mines=1", "https://example.org/#board=0/0"
    with pytest.raises(BoardError) as caught:
        read_any(f"look: {first}\nor {second}\n")
    assert "2 links" in str(caught.value) and first in str(caught.value) and second in str(caught.value)


def test_a_board_with_links_in_its_comments_is_still_read():
    board, _ = read_any("# from https://example.org/#board=0 and https://example.org/#board=1\n1?\n??\n")
    assert board.rows == 2 and board.cols == 2


def test_the_page_review_escapes_a_record_value():
    """The worker's review op (what the page's review panel shows) on a record with an escape in its total."""
    game = {"rows": 3, "cols": 3, "mines": [[0, 0]], "total": "\u001b[2J", "moves": []}
    answer = json.loads(Engine().answer(json.dumps({"id": 1, "op": "review", "game": game})))
    assert "\x1b" not in answer["error"] and "\\u001b[2J" in answer["error"]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_quoting_helpers_leave_no_control_character(text):
    for shown in (quoted(text), named(text), spelled(text), spelled([text, 0])):
        assert not any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in shown), shown
