"""Other tools' board text and links (formats/text.py): reading any of them, exporting to each
(minesat's own share links: test_links.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import SEED_3X3, SEED_9X9
from minesat.board import Board, BoardError, format_board, parse_board
from minesat.formats.text import (
    EXPORT_FORMATS,
    JSMINESWEEPER,
    JSMINESWEEPER_LINK,
    MINESAT,
    MINESAT_LINK,
    MINESWEEPR,
    MINESWEEPR_LINK,
    PLAIN,
    export_text,
    read_any,
)
from strategies import random_boards

# -- reading other tools' text --------------------------------------------------------------
MINESWEEPR_README = "...2x\n.113x\n.2*xx\n13*xx\nxxxxx\n"  # the example in minesweepr's docstring


def test_minesweepr_ascii():
    board, name = read_any(MINESWEEPR_README)
    assert name == MINESWEEPR
    assert board == parse_board("0002?\n0113?\n02F??\n13F??\n?????\n")


def test_minesweepr_with_a_total_line_and_no_hidden_cells():
    assert read_any("10 mines\n" + MINESWEEPR_README)[0].mines == 10
    board, name = read_any("..1*\n..11\n")  # nothing hidden: '.' can only be a blank
    assert (board, name) == (parse_board("001F\n0011\n"), MINESWEEPR)


def test_jsminesweeper_mine_file():
    """Its .mine files: `WxHxM` (width first), then H hidden, F flag, digits; `?` a hidden placed mine."""
    text = "4x2x3\nH1F?\n0122\n"
    board, name = read_any(text)
    assert name == JSMINESWEEPER
    assert board == Board(2, 4, tuple("?1F?0122"), 3)


def test_jsminesweeper_letters_only_after_its_header():
    assert read_any("3x1x2\nIO1\n")[0] == Board(1, 3, ("?", "F", "1"), 2)
    with pytest.raises(BoardError, match=r"line 1, column 3: unknown cell 'O'.*WxHxM"):
        read_any("1?O\n")


JSM_SITE = "https://davidnhill.github.io/JSMinesweeper/index.html?"


def test_jsminesweeper_links():
    """Codes written by JSMinesweeper's own compressor (run in node); numbers are stored less F/I around."""
    board, name = read_any(JSM_SITE + "analysis=adadaaadlTmSc2\n")
    assert (board, name) == (parse_board("mines=3\n1??\n12?\n01F\n"), JSMINESWEEPER_LINK)
    board, _ = read_any(JSM_SITE + "board=30x16x99&analysis=aEaqaabLOlVYZ")
    assert (board.rows, board.cols, board.mines) == (16, 30, 99)
    assert board.cells[:3] == ("?", "2", "?") and set(board.cells[2:]) == {"?"}


@pytest.mark.parametrize("code,words", [
    ("adad", "too short"), ("adadaaadlT", "says 3x3 but holds 3 cells"), ("aaadaaadlTmSc2", "says 0x3"),
    ("adadaaaa" + "M" * 8 + "2", "more than 8"), ("adadaaad" + "0" * 12, "more cells"),
])
def test_broken_jsminesweeper_links(code, words):
    with pytest.raises(BoardError, match=words):
        read_any(JSM_SITE + "analysis=" + code)


MINESWEEPR_SITE = "https://mrgris.com/projects/minesweepr/demo/analyzer/?"


def test_minesweepr_links():
    """Its player's export: w, h, mines, then the cells with ':' between rows, any case."""
    board, name = read_any(MINESWEEPR_SITE + "w=3&h=2&mines=2&board=x.M:!O1\n")
    assert (board, name) == (Board(2, 3, tuple("?0FF?1"), 2), MINESWEEPR_LINK)
    assert read_any("?w=3&h=2&mines=0.2&board=x.m:!o1")[0].mines is None  # a density, not a total


@pytest.mark.parametrize("query,words", [
    ("topo=hex&w=3&h=2&board=xxxxxx", "'hex' board"), ("w=3&h=2&d=2&board=xxxxxx", "3D board"),
    ("w=2&h=1&board=x(10)", "'(' at character 2 of its board (a count is at most 8)"),
    ("w=2&h=1&board=x", "says 2x1 (w x h) but holds 1 cells"), ("w=2&h=1&mines=-1&board=x1", "mines='-1'"),
    ("w=two&h=1&board=x1", "whole numbers w="), ("w=2&h=1&board=xz", "'z' at character 2"),
    ("w=" + "9" * 5000 + "&h=1&board=x1", "says 1000000000x1"),
])
def test_broken_minesweepr_links(query, words):
    with pytest.raises(BoardError) as info:
        read_any(MINESWEEPR_SITE + query)
    assert words in str(info.value)


@pytest.mark.parametrize("link", [
    "https://example.org/minesat/index.html#board=1??/12?/01?&mines=2&size=3x3\n",
    "#board=1??/12?/01?&mines=2", "board=1??/12?/01?&mines=2&size=3x3"])
def test_minesat_links(link):
    assert read_any(link) == (parse_board("1??\n12?\n01?\n", 2), MINESAT_LINK)


@pytest.mark.parametrize("header", ["10 mines", "mines: 10", "Mines 10", "mines=10", "10 mine", "MINES=10"])
def test_total_lines(header):
    board, _ = read_any(header + "\n" + SEED_9X9)
    assert board == parse_board(SEED_9X9, 10)


def test_a_total_line_may_follow_the_rows():
    assert read_any(SEED_3X3 + "\n2 mines\n") == (parse_board(SEED_3X3, 2), PLAIN)
    assert read_any("5x1x1\n1x2x1\n3 mines\n")[0] == Board(2, 5, tuple("5?1?11?2?1"), 3)
    with pytest.raises(BoardError, match="line 3: a row after the line that gives the total"):
        read_any("1??\n3 mines\n12?\n")


def test_dash_for_hidden_is_plain_text():
    board, name = read_any("1 - -\n1 2 -\n0 1 -\n")
    assert (board, name) == (parse_board(SEED_3X3), PLAIN)
    assert read_any("2 mines\n" + SEED_3X3)[1] == PLAIN  # minesat's reader wants mines=N


def test_minesat_text_is_minesat():
    assert read_any(SEED_3X3) == (parse_board(SEED_3X3), MINESAT)
    assert read_any("mines=10\n" + SEED_9X9) == (parse_board(SEED_9X9, 10), MINESAT)


def test_markdown_fences_and_comments_are_skipped():
    assert read_any("```\n# from chat\n" + SEED_3X3 + "```\n")[0] == parse_board(SEED_3X3)


def test_a_trailing_ellipsis_means_rows_left_out():
    board, name = read_any("1??\n12?\n01?\n...\n")
    assert board == parse_board("1??\n12?\n01?\n") and "'...'" in name and name.startswith(MINESAT)
    assert read_any("1??\n12?\n01?\n…\n")[0] == board


def test_the_page_placeholder_gets_a_clear_message():
    """The paste box's placeholder is the start of a 9x9 board: its total cannot fit the rows shown."""
    with pytest.raises(BoardError) as info:
        read_any("mines=10\n01?10001?\n01?100011\n...")
    message = str(info.value)
    assert message.startswith("line 1:") and "10 mines" in message and "left out" in message
    assert "\n" not in message


def test_dots_of_the_board_width_are_a_minesweepr_row():
    assert read_any("x.x\n...\n")[0] == Board(2, 3, tuple("?0?000"))


def test_a_jsminesweeper_like_first_row_of_minesweepr():
    """`5x1x1` is minesweepr's row when reading it as a header would not give a board."""
    assert read_any("5x1x1\n1x2x1\n")[1] == MINESWEEPR
    assert read_any("5x1x1\n12345\n")[0].cells[:5] == tuple("5?1?1")


@pytest.mark.parametrize("text,words", [
    ("1?.\n", "line 1, column 3: '.' is a blank"),
    ("1?\n9?\n", "line 2, column 1: unknown cell '9' (a count is at most 8)"),
    ("1?\n1z\n", "line 2, column 2: unknown cell 'z'; tried minesat"),
    ("1??\n1?\n", "line 2, column 3: row has 2 cells"),
    ("3x3x1\n1?\n", "line 1: the header says 3x3"),
    ("mines=abc\n1?\n", "line 1: the total number of mines must be a whole number"),
    ("mines=1\n3 mines\n1?\n", "line 2: two lines give the total"),
    ("mines=1\n1?\nmines=1\n", "line 3: two lines give the total"),
    ("5 mines\n1?\n", "line 1: the total of 5 mines is more than the 1 hidden"),
    ("mines=" + "9" * 5000 + "\n1?\n", "line 1: the total of 999999999999... mines is more than"),
    ("9" * 5000 + "x1x1\n1?\n", "line 1: the header says"),
    ("2x1x" + "9" * 5000 + "\n1?\n", "line 1: the total of 999999999999... mines"),
    ("", "the board is empty"),
    ("# only a comment\n", "the board is empty"),
])
def test_errors_name_line_and_column(text, words):
    with pytest.raises(BoardError) as info:
        read_any(text)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_errors_name_the_formats_tried():
    with pytest.raises(BoardError) as info:
        read_any("o o o\n")
    assert all(word in str(info.value) for word in ("minesat", "minesweepr", "JSMinesweeper", "-"))


@pytest.mark.slow
@given(st.text(alphabet="?F012345678*Hhfx.-IO9 \n#x.…mines=: 0123", max_size=60))
@settings(max_examples=400, deadline=None)
def test_any_text_reads_or_raises_board_error(text):
    try:
        _, name = read_any(text)
    except BoardError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert name.split(";")[0] in (MINESAT, MINESWEEPR, JSMINESWEEPER, PLAIN)


@pytest.mark.slow
@given(st.text(alphabet="?F012345678*Hhf \n#mines=:x", max_size=60))
@settings(max_examples=300, deadline=None)
def test_minesat_text_reads_as_parse_board_reads_it(text):
    """On minesat's own alphabet read_any agrees with parse_board (except where it is stricter)."""
    try:
        expected = parse_board(text)
    except BoardError:
        return
    try:
        board, _ = read_any(text)
    except BoardError as e:
        assert re.search(r"hidden cells?\b", str(e)), e
    else:
        assert board == expected or "x" in text.lower()


# -- writing -------------------------------------------------------------------------------
@pytest.mark.slow
@given(random_boards, st.sampled_from(EXPORT_FORMATS))
@settings(max_examples=300, deadline=None)
def test_export_reads_back(board, fmt):
    if fmt.startswith("JSMinesweeper") and board.mines is None:
        with pytest.raises(BoardError, match="total"):
            export_text(board, fmt)
        return
    try:
        text = export_text(board, fmt)
    except BoardError as e:  # a flag on r1c1 next to a 0, or a 7 or 8 there, which JSMinesweeper misreads
        assert fmt == "JSMinesweeper link" and "first cell" in str(e)
        return
    read, name = read_any(text)
    assert read == board
    links = {"JSMinesweeper": JSMINESWEEPER, "JSMinesweeper link": JSMINESWEEPER_LINK,
             "minesweepr link": MINESWEEPR_LINK}
    assert name == links.get(fmt, name)


def test_export_forms():
    board = parse_board("mines=3\n1??\n12?\n01F\n")
    assert export_text(board, "minesat") == format_board(board)
    assert export_text(board, "minesweepr") == "3 mines\n1xx\n12x\n.1*\n"
    assert export_text(board, "jsminesweeper") == "3x3x3\n1HH\n12H\n01F\n"
    assert export_text(board.with_mines(None), "minesweepr") == "1xx\n12x\n.1*\n"
    assert export_text(board, "JSMinesweeper link") == JSM_SITE + "analysis=adadaaadlTlsSbl9"
    assert export_text(board, "minesweepr link") == MINESWEEPR_SITE + "w=3&h=3&mines=3&board=1xx:12x:.1f"
    first_flag = parse_board("mines=1\nF1\n11\n")  # an F on r1c1: the 1s around it stored as 0s
    assert export_text(first_flag, "JSMinesweeper link").endswith("acacaaab2d")
    with pytest.raises(BoardError, match="unknown text format"):
        export_text(board, "mbf")


def test_export_guards_a_header_like_first_row():
    board = Board(2, 5, tuple("5?1?112345"))
    assert read_any(export_text(board, "minesweepr"))[0] == board


@pytest.mark.slow
@given(st.text(alphabet="abcdeklrwBFILMNRS1290Zz", max_size=40))
@settings(max_examples=300, deadline=None)
def test_hostile_jsminesweeper_links_only_raise_board_error(code):
    try:
        board, _ = read_any(JSM_SITE + "analysis=" + code)
    except BoardError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert read_any(export_text(board, "minesat"))[0] == board


@pytest.mark.slow
@given(st.text(alphabet="wh=&0123456789xXof!m.:()board?#topd[]/", max_size=40))
@settings(max_examples=300, deadline=None)
def test_hostile_link_queries_only_raise_board_error(query):
    for text in (MINESWEEPR_SITE + "w=" + query, MINESWEEPR_SITE + "board=" + query, "#board=" + query,
                 "http://[" + query + "?w=1&h=1&board=x"):
        try:
            board, _ = read_any(text)
        except BoardError as e:
            assert str(e) and "\n" not in str(e)
        else:
            assert read_any(export_text(board, "minesat"))[0] == board


def test_a_last_row_of_blanks_is_a_row_when_the_rows_above_are_minesweeprs():
    """Found by the round trip above: a board whose last row is all 0s, exported as minesweepr's
    text, ends in a line of dots; that line is its last row, not the placeholder's "rows left out"."""
    for text, rows in [("..\n..\n", 2), ("1*\n..\n", 2), ("x1.\n...\n", 2), ("1??\n12?\n...\n", 2),
                       ("12\n21\n...\n", 2)]:
        board, name = read_any(text)
        assert board.rows == rows, text
        assert ("left out" in name) == (text.endswith("?\n...\n") or text.startswith("12")), (text, name)
