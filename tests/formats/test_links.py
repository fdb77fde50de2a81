"""Share links (formats/links.py): the board in a URL fragment, canonical and readable, round trips,
old forms still load, cut or hostile ones refused with one line; links mangled by chat apps and
links inside sentences (issue 21)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesat.board import BoardError, parse_board
from minesat.formats.links import MAX_FRAGMENT, board_from_fragment, board_to_fragment, link_in, strip_chat_punctuation
from minesat.formats.text import (
    MINESAT_LINK,
    MINESWEEPR_LINK,
    export_text,
    read_any,
)
from strategies import boards, random_boards

BOARD = parse_board("mines=3\n1??\n12?\n01?")
SITE = "https://example.github.io/minesat/"


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


@pytest.mark.slow
@given(random_boards)
@settings(max_examples=300, deadline=None)
def test_links_end_in_a_letter_or_digit_and_round_trip(board):
    fragment = board_to_fragment(board)
    assert re.search(r"[A-Za-z0-9]$", fragment)
    assert board_from_fragment(fragment) == board == board_from_fragment("#" + fragment)


def test_link_form_keeps_the_rows_readable():
    board = parse_board("1??\n12?\n01?\n")
    assert board_to_fragment(board) == "board=1??/12?/01?&size=3x3"


@pytest.mark.parametrize("old,text", [
    ("board=1??/12?/01?&mines=3", "mines=3\n1??\n12?\n01?\n"),
    ("#board=1??/12?/01?&mines=3", "mines=3\n1??\n12?\n01?\n"),
    ("#board=1??/12?/01?", "1??\n12?\n01?\n"),
    ("board=1%3F%3F/12%3F/01F", "1??\n12?\n01F\n"),
    ("#board=1??/12?/01?&mines=", "1??\n12?\n01?\n"),
])
def test_old_links_still_load(old, text):
    assert board_from_fragment(old) == parse_board(text)


@pytest.mark.parametrize("cut", ["board=1??/12?/01?&size=3x", "board=1??/12?&size=3x3",
                                 "board=1??/12?/01?&mines=3&size=4x3"])
def test_a_cut_or_changed_link_is_refused(cut):
    with pytest.raises(BoardError, match="cut or changed"):
        board_from_fragment(cut)


@pytest.mark.slow
@given(st.text(alphabet="board=&mines/size?F0123456789x#%3F\u00b2", max_size=60) | st.text(max_size=60))
@settings(max_examples=500, deadline=None)
def test_hostile_fragments_only_raise_board_error(fragment):
    try:
        board = board_from_fragment(fragment)
    except BoardError as e:
        assert str(e)
    else:
        assert board_from_fragment(board_to_fragment(board)) == board


@pytest.mark.slow
@given(boards())
@settings(max_examples=300, deadline=None)
def test_share_fragment_round_trip(board):
    assert board_from_fragment("#" + board_to_fragment(board)) == board


@pytest.mark.slow
@given(st.text(max_size=80))
@settings(max_examples=500, deadline=None)
def test_any_fragment_loads_or_raises_board_error(text):
    try:
        board_from_fragment(text)
    except BoardError as e:
        assert str(e)


NUMBERS = st.sampled_from(["", "0", "3", "-1", "1e3", "\u0663", "\u00b2", "0" * 5000 + "2",
                           "1" * 4300, "1" * 4301, "9" * 10_000, str(2 ** 63)])


PIECES = st.sampled_from(["board=", "mines=", "&", "=", "#", "/", "?", "F", "1", "8", "9", " ", "%", "%3F",
                          "%2F", "%0A", "%23", "%26", "%00", "%FF", "%E2%80%A8", "\n", "\r", "\x00",
                          "\u2028", "\ufeff", "?" * 101, "1/" * 101, "x"])


@st.composite
def hostile_fragments(draw) -> str:
    """Share fragments built to break the parser: odd escapes, separators, huge numbers, huge boards."""
    pieces = draw(st.lists(PIECES | NUMBERS | st.text(max_size=6), max_size=12))
    return draw(st.sampled_from(["", "#", "##"])) + "".join(pieces)


@pytest.mark.slow
@given(hostile_fragments())
@settings(max_examples=400, deadline=None)
def test_hostile_fragments_load_or_raise_board_error(fragment):
    try:
        board = board_from_fragment(fragment)
    except BoardError as e:
        assert str(e) and len(str(e)) < 300 and len(str(e).splitlines()) == 1
    else:
        assert board_from_fragment(board_to_fragment(board)) == board


@pytest.mark.parametrize("fragment,words", [
    ("", "no board"),
    ("#mines=3", "no board"),
    ("#board=1?/123", "row has"),
    ("#board=1?x", "unknown cell"),
    ("#board=1?&mines=x", "whole number"),
    ("#board=1?&mines=\u00b2", "whole number"),
    ("#board=??&mines=5", "more than"),
    ("#board=" + "?" * (MAX_FRAGMENT + 1), "too long"),
    ("#garbage", "key=value"),
    ("#board=1??&mines=" + "1" * 4301, "4,301 digits"),
    ("#board=1??&mines=" + "1" * 4301 + "&x=" + "9" * 5000, "4,301 digits"),
], ids=lambda value: repr(value)[:32])
def test_broken_fragments(fragment, words):
    with pytest.raises(BoardError) as info:
        board_from_fragment(fragment)
    assert words in str(info.value)


def test_fragment_form_is_canonical_and_tolerates_encoding():
    board = parse_board("mines=3\n1??\n12?\n01F\n")
    assert board_to_fragment(board) == "board=1??/12?/01F&mines=3&size=3x3"
    assert board_from_fragment("#board=1%3F%3F/12%3F/01F&mines=3") == board
