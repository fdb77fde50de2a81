"""MBF files (binary: a board's size and its mines): the game with its mines flagged and the numbers around them, or
the reason a file is refused."""

from __future__ import annotations

import random

import pytest

from boards import mbf
from minesat.board import FLAG, BoardError
from minesat.formats.mbf import NAME as MBF
from minesat.formats.mbf import read_mbf
from minesat.formats.registry import read_bytes


def _read_file(data: bytes, name: str = "") -> tuple[object, str]:
    """A file read through the formats' registry, as the page and the command line read it."""
    reading = read_bytes(data, name)
    return reading.board, reading.format


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
