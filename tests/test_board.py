"""Boards: parsing, formatting, bad input, the board's own operations (share links: formats/test_links.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import SEED_3X3, random_board
from minesat.board import (
    FLAG,
    HIDDEN,
    MAX_DIGITS,
    MAX_SIDE,
    MAX_TEXT,
    Board,
    BoardError,
    format_board,
    format_layout,
    parse_board,
    whole_number,
)
from minesat.formats.text import read_any
from strategies import boards


@pytest.mark.slow
@given(boards(), st.booleans())
@settings(max_examples=300, deadline=None)
def test_parse_format_round_trip(board, spaced):
    assert parse_board(format_board(board, spaced)) == board


@pytest.mark.slow
@given(boards(), st.lists(st.sampled_from(["", "# a comment", "   "]), max_size=3))
@settings(max_examples=100, deadline=None)
def test_blank_and_comment_lines_are_ignored(board, noise):
    lines = format_board(board, spaced=True).splitlines()
    text = "\n".join(noise + [line for pair in zip(lines, [""] * len(lines)) for line in pair])
    assert parse_board(text) == board


@pytest.mark.slow
@given(st.text(max_size=60))
@settings(max_examples=500, deadline=None)
def test_any_text_parses_or_raises_board_error(text):
    try:
        board = parse_board(text)
    except BoardError as e:
        assert str(e)
    else:
        assert parse_board(format_board(board)) == board


@pytest.mark.slow
@given(st.sampled_from(["mines=", "MINES: ", "3x3x", "", "# "]), st.text(max_size=4),
       st.text(alphabet="?F012345678*Hh 9x\n\t", max_size=40))
@settings(max_examples=500, deadline=None)
def test_any_header_and_board_text_parses_or_raises_board_error(header, value, body):
    """Texts shaped like boards with a total line: a board or a BoardError, never another error."""
    try:
        board = parse_board(header + value + "\n" + body)
    except BoardError as e:
        assert str(e)
    else:
        assert parse_board(format_board(board)) == board
        assert board.mines is None or header.startswith(("mines", "MINES", "3x3x"))


def test_byte_order_mark_is_ignored():
    assert parse_board("\ufeff" + SEED_3X3) == parse_board(SEED_3X3)


def test_seed_board_with_spaces_and_aliases():
    board = parse_board(SEED_3X3)
    assert board.hidden == ((0, 1), (0, 2), (1, 2), (2, 2))
    assert parse_board("1HH\n12h\n01?") == board
    assert parse_board("1*?\n12f\n01?").flags == ((0, 1), (1, 2))
    assert parse_board("mines=2\n" + SEED_3X3).mines == 2
    assert parse_board("3x3x2\n" + SEED_3X3).mines == 2  # JSMinesweeper's header
    assert parse_board(SEED_3X3, mines=1).mines == 1


@pytest.mark.parametrize("text,where,words", [
    ("1??\n12\n", (2, 3), "row has 2 cells"),
    ("1 ? ?\n1 2 ? ?\n", (2, 7), "more than the 3 cells"),
    ("1?x\n", (1, 3), "unknown cell 'x'"),
    ("1 ? 9\n", (1, 5), "at most 8"),
    ("", (None, None), "empty"),
    ("# only a comment\n\n", (None, None), "empty"),
    ("mines=-1\n1?\n", (1, None), "whole number"),
    ("mines=3\n1?\n", (1, None), "more than the 1 hidden"),
    ("# total\n\nmines=\u00b2\n1?\n", (3, None), "whole number"),  # a digit to isdigit(), not to us
    ("3x3x\u0663\n1?\n", (1, None), "whole number"),
    ("?" * (MAX_SIDE + 1) + "\n", (1, MAX_SIDE + 1), "larger than"),
    ("?\n" * (MAX_SIDE + 1), (MAX_SIDE + 1, None), "larger than"),
    ("# " + "?" * MAX_TEXT + "\n1?\n", (None, None), "too large for a board"),
    ("mines=" + "1" * 4301 + "\n1?\n", (1, None), "4,301 digits"),  # past Python's int-from-text limit
    ("3x1x" + "1" * 4301 + "\n1?\n", (1, None), "4,301 digits"),
    ("\n\nmines=" + "9" * (MAX_DIGITS + 1) + "\n1?\n", (3, None), f"{MAX_DIGITS + 1:,} digits"),
], ids=lambda value: repr(value)[:32])
def test_bad_input_names_line_and_column(text, where, words):
    with pytest.raises(BoardError) as info:
        parse_board(text)
    assert (info.value.line, info.value.column) == where
    assert words in str(info.value)
    if where[0]:
        assert str(info.value).startswith(f"line {where[0]}")


@pytest.mark.parametrize("text,line,words", [
    ("mines=4\nmines=1\n????\n", 2, "two lines give the total"),
    ("3x3x2\nmines=2\n" + SEED_3X3, 2, "two lines give the total"),
    ("9x9x1\n????\n", 1, "header says 9x9 (width x height) but the board has 1 row of 4 cells"),
    ("3x4x1\n" + SEED_3X3, 1, "header says 3x4"),
    ("4x1x" + "9" * MAX_DIGITS + "\n????\n", 1, "(4,000 digits)"),
], ids=lambda value: repr(value)[:24])
def test_one_set_of_rules_for_headers(text, line, words):
    """parse_board refuses what formats.read_any refuses: a second total line, a WxHxN that does
    not fit the rows; and a message never echoes a 4,000-digit total."""
    with pytest.raises(BoardError) as info:
        parse_board(text)
    assert info.value.line == line and words in str(info.value) and len(str(info.value)) < 120
    with pytest.raises(BoardError) as other:
        read_any(text)
    assert other.value.line == line and len(str(other.value)) < 120


def test_leading_zeros_do_not_count_as_digits():
    assert parse_board("mines=" + "0" * (MAX_DIGITS + 10) + "1\n1?\n").mines == 1
    assert whole_number("0" * 5000) == 0
    assert whole_number("9" * MAX_DIGITS) == 10 ** MAX_DIGITS - 1
    assert whole_number("1" * (MAX_DIGITS + 1)) is None  # None, never an error: the page relies on it


def test_total_out_of_range_in_constructor():
    with pytest.raises(BoardError):
        Board(1, 2, ("?", "1"), 2)
    with pytest.raises(BoardError):
        Board(1, 2, ("?", "1"), -1)


def test_layout_drawing():
    board = parse_board(SEED_3X3)
    assert format_layout(board, {(0, 1), (1, 2)}) == "1*.\n12*\n01.\n"


@pytest.mark.slow
@given(boards(), st.data())
def test_replace_is_the_board_built_anew(board, data):
    """A board with cells changed has the cells, unknowns, flags and clues of one built from scratch,
    whether the change only reveals hidden cells (updated in place) or not (checked anew)."""
    cells = [divmod(i, board.cols) for i in range(board.rows * board.cols)]
    changed = data.draw(st.lists(st.sampled_from(cells), max_size=4, unique=True))
    changes = {cell: data.draw(st.sampled_from("?F012345678" if board[cell] != "?" else "012345678?"))
               for cell in changed}
    after = [*board.cells]
    for (r, c), ch in changes.items():
        after[r * board.cols + c] = ch
    try:
        expected = Board(board.rows, board.cols, tuple(after), board.mines)
    except BoardError:  # the total no longer fits
        with pytest.raises(BoardError):
            board.replace(changes)
        return
    assert board.clues is not None and board.replace(changes) == expected  # clues known: updated in place
    for name in ("hidden", "flags", "clues"):
        assert getattr(board.replace(changes), name) == getattr(expected, name)


def test_board_operations():
    board = Board.from_rows(["1??", "12?", "0F?"], 3)
    assert board.row_texts() == ["1??", "12?", "0F?"]
    assert board.unknown_neighbours((1, 1)) == [(0, 1), (0, 2), (1, 2), (2, 1), (2, 2)]
    assert board.frontier() == {(0, 1), (0, 2), (1, 2), (2, 1), (2, 2)}
    assert board.replace({(0, 1): "1"}).row_texts() == ["11?", "12?", "0F?"]
    assert board.replace({(0, 1): "1"}).mines == 3
    with pytest.raises(BoardError, match="more than"):
        board.replace({(0, 1): "1", (0, 2): "1", (1, 2): "2"})
    with pytest.raises(BoardError, match="off the 3x3 board"):
        board.replace({(3, 0): "1"})


def test_boards_sharing_unknowns_and_clues_equal_boards_built_afresh():
    rng = random.Random(4)
    for _ in range(300):
        board = random_board(rng, max_side=6, max_hidden=14)
        _ = board.clues, board.flags
        for mines in (None, 0, len(board.hidden), len(board.flags)):
            fresh = Board(board.rows, board.cols, board.cells, mines)
            shared = board.with_mines(mines)
            assert shared == fresh and (shared.hidden, shared.flags, shared.clues) == (fresh.hidden, fresh.flags,
                                                                                      fresh.clues)
        for bad in (len(board.hidden) + 1, -1):
            with pytest.raises(BoardError):
                board.with_mines(bad)
        hidden = [c for c in board.hidden if board[c] == HIDDEN]
        flagged = board.replace(dict.fromkeys(rng.sample(hidden, min(2, len(hidden))), FLAG))
        fresh = Board(flagged.rows, flagged.cols, flagged.cells, flagged.mines)
        assert (flagged.hidden, flagged.flags, flagged.clues) == (fresh.hidden, fresh.flags, fresh.clues)
