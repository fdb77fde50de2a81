"""Boards as players bring them (issue 21): links mangled by chat apps, links inside sentences, and
board files (JSMinesweeper's .mine text, MBF binary, any text format)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from minesat.board import FLAG, BoardError, parse_board
from minesat.formats.links import board_from_fragment, board_to_fragment, link_in, strip_chat_punctuation
from minesat.formats.mbf import NAME as MBF
from minesat.formats.mbf import read_mbf
from minesat.formats.registry import read_bytes
from minesat.formats.text import MINESAT_LINK, MINESWEEPR_LINK, export_text, read_any

BOARD = parse_board("mines=3\n1??\n12?\n01?")
SITE = "https://example.github.io/minesat/"


def _read_file(data: bytes, name: str = "") -> tuple[object, str]:
    """A file read through the formats' registry, as the page and the command line read it."""
    reading = read_bytes(data, name)
    return reading.board, reading.format


@pytest.mark.parametrize("wrap", [
    "{}", "{}.", "{},", "{})", "{}>", "<{}>", "({})", "\"{}\"", "{}!", "{}%3E", "{}.)", "“{}”", "{}?",
])
def test_a_share_link_reads_through_chat_punctuation(wrap):
    link = SITE + "#" + board_to_fragment(BOARD)
    assert read_any(wrap.format(link)) == (BOARD, MINESAT_LINK)
    assert board_from_fragment(wrap.format("#" + board_to_fragment(BOARD))) == BOARD


def test_a_link_inside_a_sentence_is_found():
    link = SITE + "#" + board_to_fragment(BOARD)
    for text in (f"look at this one: {link}. what now?", f"stuck here {link}, help\nthanks!",
                 f"<{link}> is my board"):
        assert read_any(text) == (BOARD, MINESAT_LINK)
    assert link_in("two links " + link + " and " + link) is None  # which one? not guessed


def test_punctuation_that_belongs_to_the_board_is_kept():
    old_form = "board=1??/12?/01?"  # a link without its size ends in a hidden cell: the '?' stays
    assert strip_chat_punctuation(old_form) == old_form
    assert board_from_fragment(old_form + ".") == BOARD.with_mines(None)
    minesweepr = export_text(parse_board("0 0\n0 ?"), "minesweepr link")  # revealed zeros are '.'
    assert read_any(minesweepr)[1] == MINESWEEPR_LINK
    assert read_any(minesweepr + ".") == read_any(minesweepr)  # a full stop after it goes
    assert read_any(f"see {minesweepr}. ok") == read_any(minesweepr)


def test_a_broken_link_says_what_is_wrong_not_the_punctuation():
    with pytest.raises(BoardError) as e:
        board_from_fragment("board=1??/12?/01?&size=4x3.")
    assert "size='4x3'" in str(e.value) and "3x3" in str(e.value)


def mbf(width: int, height: int, mines: list[tuple[int, int]]) -> bytes:
    return bytes([width, height, len(mines) >> 8, len(mines) & 255] + [v for x, y in mines for v in (x, y)])


def test_an_mbf_file_gives_the_game_with_its_mines_flagged_and_the_numbers_around_them():
    rng = random.Random(5)
    for _ in range(20):
        width, height = rng.randint(1, 30), rng.randint(1, 16)
        cells = [(x, y) for x in range(width) for y in range(height)]
        mines = rng.sample(cells, rng.randint(0, len(cells)))
        board = read_mbf(mbf(width, height, mines))
        assert (board.rows, board.cols, board.mines) == (height, width, len(mines))
        assert {(r, c) for r, c in board.flags} == {(y, x) for x, y in mines}
        for r in range(height):
            for c in range(width):
                if board[r, c] != FLAG:
                    around = sum((x, y) in set(mines) for x in range(c - 1, c + 2) for y in range(r - 1, r + 2))
                    assert board[r, c] == str(around)
    assert _read_file(mbf(3, 2, [(0, 0)]), "game.mbf")[1] == MBF
    assert _read_file(mbf(3, 2, [(0, 0)]))[1] == MBF  # told apart from text by its bytes


@pytest.mark.parametrize("data, words", [
    (b"\x03", "4-byte header"),
    (bytes([3, 2, 0, 2, 0, 0]), "cut short"),
    (bytes([3, 2, 0, 1, 5, 0]), "off its 3x2 board"),
    (bytes([3, 2, 0, 2, 1, 1, 1, 1]), "two mines"),
    (bytes([0, 2, 0, 0]), "1 to 100"),
])
def test_a_broken_mbf_file_is_refused_with_its_reason(data, words):
    with pytest.raises(BoardError) as e:
        _read_file(data, "broken.mbf")
    assert words in str(e.value)


def test_text_files_are_read_in_any_format():
    assert _read_file(b"\xef\xbb\xbfmines=3\n1??\n12?\n01?\n", "board.txt") == (BOARD, "minesat")
    jsm = export_text(BOARD, "JSMinesweeper").encode()
    assert _read_file(jsm, "board.mine")[0] == BOARD
    with pytest.raises(BoardError):
        _read_file(b"hello world", "notes.txt")


def test_an_image_opened_as_a_board_file_points_to_the_screenshot_reader():
    for path in sorted((Path(__file__).parent / "images").glob("*.[pj][np]g"))[:3]:
        with pytest.raises(BoardError) as e:
            _read_file(path.read_bytes(), path.name)
        assert "image, not a board" in str(e.value) and "screenshot" in str(e.value), path
    assert _read_file(mbf(66, 77, [(0, 0)]))[1] == MBF  # starts with BM, as a bitmap does: still a board


def test_the_pages_format_menu_is_the_registrys_writers():
    """index.html's "Copy as text" menu lists the registry's writers, in order, with their labels."""
    import re

    from minesat.formats.registry import WRITERS
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    menu = html[html.index('<select id="copy-format">'):]
    menu = menu[:menu.index("</select>")]
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', menu)
    assert options == [(w.name, w.label) for w in WRITERS]
