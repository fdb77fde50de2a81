"""Hypothesis strategies for boards, shared by the tests of boards, links and formats."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from boards import random_board
from minesat.board import Board


@st.composite
def boards(draw, max_side: int = 8) -> Board:
    """Any board of up to `max_side` x `max_side` cells (any marks, consistent or not), with or without a total."""
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    cells = tuple(draw(st.lists(st.sampled_from("?F012345678"), min_size=rows * cols, max_size=rows * cols)))
    board = Board(rows, cols, cells)
    mines = draw(st.none() | st.integers(0, len(board.hidden)))
    return board.with_mines(mines)


# Boards from random layouts (tests/support/boards.py): consistent numbers, up to 25 hidden cells.
random_boards = st.builds(lambda seed, side: random_board(random.Random(seed), max_side=side, max_hidden=25),
                          st.integers(0, 2**32), st.integers(1, 7))
