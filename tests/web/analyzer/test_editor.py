"""The page's editing state and packaging, in CPython (no browser): fast checks of what the UI relies on."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

import vendor
from minesat.board import Board, BoardError
from minesat.formats.links import board_from_fragment, board_to_fragment
from minesat_web.analyzer.editor import (
    HISTORY,
    Editor,
    blank,
    fitted,
    mines_around,
    parse_int,
    preset,
    resized,
    toggled_flag,
    with_cell,
)

ROOT = Path(__file__).resolve().parents[3]


def test_presets_have_the_classic_sizes():
    for name, (rows, cols, mines) in {"beginner": (9, 9, 10), "intermediate": (16, 16, 40),
                                      "expert": (16, 30, 99)}.items():
        b = preset(name)
        assert (b.rows, b.cols, b.mines, set(b.cells)) == (rows, cols, mines, {"?"})
    assert preset("example").mines == 10 and len(preset("example").clues) > 0
    with pytest.raises(BoardError):
        preset("nightmare")


def test_edit_undo_redo_and_strokes():
    ed = Editor(blank(2, 3))
    assert ed.set((0, 0), "1") and not ed.set((0, 0), "1")
    assert ed.set((0, 1), "2") and ed.set((0, 2), "2", merge=True)  # one drag stroke
    assert "".join(ed.board.cells) == "122???"
    assert ed.undo() and "".join(ed.board.cells) == "1?????"
    assert ed.redo() and "".join(ed.board.cells) == "122???"
    assert ed.undo() and ed.set((1, 1), "F")
    assert not ed.redo()  # a new edit forgets the undone future
    assert ed.flag((1, 1)) and ed.board[1, 1] == "?"


def test_history_is_bounded():
    ed = Editor(blank(1, 1))
    for i in range(HISTORY + 50):
        ed.set((0, 0), "0" if i % 2 else "1")
    assert len(ed.past) == HISTORY


def test_resize_keeps_the_corner_and_drops_an_impossible_total():
    b = Board.from_rows(["1??", "12?", "01?"], 4)
    assert resized(b, 2, 4).cells == tuple("1???12??")
    assert resized(b, 1, 1).mines is None  # no hidden cell left for 4 mines
    ed = Editor(b, cursor=(2, 2))
    ed.resize(1, 2)
    assert ed.cursor == (0, 1)


def test_cursor_stays_on_the_board():
    ed = Editor(blank(3, 4))
    for _ in range(10):
        ed.move(1, 1)
    assert ed.cursor == (2, 3)
    ed.move(-9, -9)
    assert ed.cursor == (0, 0)


def test_parse_int_says_what_is_wrong():
    assert parse_int(" 12 ", 1, 100, "Rows") == 12
    for bad in ("", "0", "101", "-3", "x", "1.5"):
        with pytest.raises(BoardError, match="Rows must be a whole number from 1 to 100"):
            parse_int(bad, 1, 100, "Rows")


def test_every_preset_round_trips_through_the_url():
    for name in ("beginner", "intermediate", "expert", "example"):
        b = preset(name)
        assert board_from_fragment(board_to_fragment(b)) == b


def test_py_zip_holds_every_module_of_the_page(tmp_path):
    """static/vendor/py.zip, which the page unpacks, has exactly the .py files under py/minesat{,_web}."""
    z = vendor.build_py_zip(ROOT, tmp_path / "py.zip")
    with zipfile.ZipFile(z) as f:
        names = set(f.namelist())
    expected = {p.relative_to(ROOT / "py").as_posix() for pkg in ("minesat", "minesat_web")
                for p in (ROOT / "py" / pkg).rglob("*.py")}
    assert names == expected and "minesat/analysis/analyze.py" in names and "minesat_web/app.py" in names


def test_mines_mode_numbers_equal_the_engines_count_of_neighbours_on_random_boards():
    import random

    from minesat_web.analyzer.editor import revealed_around_mines, toggled_mine
    rng = random.Random(3)
    for _ in range(200):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        board = blank(rows, cols)
        mines: set = set()
        for _ in range(rng.randint(0, rows * cols)):  # place and remove mines at random
            cell = (rng.randrange(rows), rng.randrange(cols))
            board = toggled_mine(board, cell)
            mines ^= {cell}
        board = revealed_around_mines(board)
        assert {c for c in board.flags} == mines
        for r in range(rows):
            for c in range(cols):
                if (r, c) not in mines:
                    assert board[r, c] == str(sum(n in mines for n in board.neighbours((r, c))))
        assert board.is_layout(frozenset(mines))  # the engine agrees: the mines meet every number


def test_removing_a_mine_reveals_its_own_number_and_plus_minus_step_numbers():
    from minesat_web.analyzer.editor import stepped, toggled_mine
    board = toggled_mine(toggled_mine(blank(3, 3), (0, 0)), (1, 1))
    board = toggled_mine(board, (1, 1))
    assert board[1, 1] == "1" and board[0, 0] == "F"
    assert stepped(board, (1, 1), 1)[1, 1] == "2" and stepped(board, (1, 1), -2)[1, 1] == "8"
    assert stepped(board, (2, 2), 1)[2, 2] == "0" and stepped(board, (2, 2), -1)[2, 2] == "8"


def test_a_long_number_typed_is_cut_short_and_the_bound_is_named_beside_it():
    with pytest.raises(BoardError) as e:
        parse_int("9" * 40, 0, 4, "The total of mines", " (the number of hidden cells and flags)")
    assert str(e.value) == ("The total of mines must be a whole number from 0 to 4 (the number of hidden cells "
                            "and flags), not 999999999999... (40 digits)")


def test_a_cell_changed_keeps_the_total_while_it_fits():
    board = Board(1, 3, ("?", "?", "?"), 2)
    one = with_cell(board, (0, 0), "1")
    assert one.cells == ("1", "?", "?") and one.mines == 2
    assert with_cell(one, (0, 1), "0").mines is None  # one unknown left: a total of 2 no longer fits
    with pytest.raises(BoardError, match="unknown cell"):
        with_cell(board, (0, 0), "x")
    assert fitted(board, 3).mines == 3 and fitted(board, 4).mines is None and fitted(board, None).mines is None


def test_a_flag_toggles_and_a_number_becomes_a_flag():
    board = Board(1, 2, ("?", "3"), None)
    flagged = toggled_flag(board, (0, 0))
    assert flagged.cells == ("F", "3") and toggled_flag(flagged, (0, 0)).cells == ("?", "3")
    assert toggled_flag(board, (0, 1)).cells == ("?", "F")


def test_mines_around_counts_the_flags_among_the_neighbours():
    board = Board(3, 3, ("F", "?", "F",
                         "?", "?", "1",
                         "F", "F", "F"), None)
    assert mines_around(board, (1, 1)) == 5  # every flag touches the middle
    assert mines_around(board, (0, 1)) == 2 and mines_around(board, (1, 2)) == 3 and mines_around(board, (0, 0)) == 0
