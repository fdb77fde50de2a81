"""The one door for board files (formats/registry.py), as the page and the command line read them: any text format, MBF
told apart by its bytes, images sent to the screenshot reader; the page's format menu is the registry's writers."""

from __future__ import annotations

from pathlib import Path

import pytest

from boards import mbf
from minesat.board import BoardError, parse_board
from minesat.formats.mbf import NAME as MBF
from minesat.formats.registry import read_bytes
from minesat.formats.text import export_text


def _read_file(data: bytes, name: str = "") -> tuple[object, str]:
    """A file read through the formats' registry, as the page and the command line read it."""
    reading = read_bytes(data, name)
    return reading.board, reading.format


BOARD = parse_board("mines=3\n1??\n12?\n01?")


def test_text_files_are_read_in_any_format():
    assert _read_file(b"\xef\xbb\xbfmines=3\n1??\n12?\n01?\n", "board.txt") == (BOARD, "minesat")
    jsm = export_text(BOARD, "JSMinesweeper").encode()
    assert _read_file(jsm, "board.mine")[0] == BOARD
    with pytest.raises(BoardError):
        _read_file(b"hello world", "notes.txt")


def test_an_image_opened_as_a_board_file_points_to_the_screenshot_reader():
    for path in sorted((Path(__file__).resolve().parents[1] / "images").glob("*.[pj][np]g"))[:3]:
        with pytest.raises(BoardError) as e:
            _read_file(path.read_bytes(), path.name)
        assert "image, not a board" in str(e.value) and "screenshot" in str(e.value), path
    assert _read_file(mbf(66, 77, [(0, 0)]))[1] == MBF  # starts with BM, as a bitmap does: still a board


def test_the_pages_format_menu_is_the_registrys_writers():
    """index.html's "Copy as text" menu lists the registry's writers, in order, with their labels."""
    import re

    from minesat.formats.registry import WRITERS
    html = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
    menu = html[html.index('<select id="copy-format">'):]
    menu = menu[:menu.index("</select>")]
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', menu)
    assert options == [(w.name, w.label) for w in WRITERS]
