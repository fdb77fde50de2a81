"""The counting engine against brute force, the SAT backbone and the seed examples."""

from __future__ import annotations

import random
import time
from collections import Counter
from fractions import Fraction
from functools import partial

import pycosat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import SEED_9X9, SEED_9X9_SAFE, lattice, midgame, random_board
from brute import brute_layouts
from minesat.board import HIDDEN, Board, BoardError, parse_board
from minesat.counting import LayoutSpace, TooTangled
from minesat.counting import space as counting
from minesat.counting import space as counting_space
from minesat.reductions.solve import backbone, formula

# The counting engine's small boards: denser, fewer wrong counts, often a total, sometimes any total.
small_board = partial(random_board, max_hidden=14, density=0.3, wrong=0.08, total_share=0.5, wild_totals=0.2)


def test_seed_3x3():
    space = LayoutSpace(Board.from_rows(["1??", "12?", "01?"]))
    assert space.count == 2
    assert space.mines == [(0, 1)] and (0, 2) in space.safe
    assert space.probability((1, 2)) == Fraction(1, 2)


def test_seed_004_with_total():
    space = LayoutSpace(parse_board(SEED_9X9, mines=10))
    assert space.count == 65
    assert space.mine_counts[(8, 6)] == 45
    assert space.probability((8, 6)) == Fraction(45, 65)
    assert sum(space.mine_counts.values()) == 10 * 65


def test_seed_004_safe_cells_without_total():
    space = LayoutSpace(parse_board(SEED_9X9))
    for cell in SEED_9X9_SAFE:
        assert space.probability(cell) == 0
    assert space.safe == SEED_9X9_SAFE
    assert space.mines_distribution[10] == 65
    assert sum(space.mines_distribution.values()) == space.count


@pytest.mark.slow
def test_counts_and_marginals_equal_brute_force():
    rng = random.Random(5)
    seen = Counter()
    for _ in range(1000):
        board = small_board(rng)
        layouts = brute_layouts(board)
        space = LayoutSpace(board)
        assert space.count == len(layouts), board
        for cell in board.hidden:
            assert space.mine_counts[cell] == sum(cell in layout for layout in layouts), (board, cell)
        seen["total" if board.mines is not None else "free", bool(layouts), bool(board.flags)] += 1
        seen["total, several layouts"] += board.mines is not None and len(layouts) > 1
    assert len(seen) == 9  # every mix of (total or not, contradictory or not, flags or not) was met
    assert seen["total, several layouts"] > 100


def test_forced_cells_equal_sat_backbone():
    rng = random.Random(6)
    for _ in range(150):
        board = small_board(rng)  # with a total half of the time (a counter in the CNF)
        space = LayoutSpace(board)
        result = backbone(formula(board), pycosat)
        if result is None:
            assert space.count == 0
        else:
            assert (space.safe, space.mines) == result, board


def test_unranking_is_a_bijection_onto_the_layouts():
    rng = random.Random(7)
    for _ in range(200):
        board = small_board(rng, max_hidden=12)
        space = LayoutSpace(board)
        listed = space.layouts(0, space.count + 5)
        assert len(listed) == space.count
        assert len(set(listed)) == space.count
        assert set(listed) == set(brute_layouts(board))
        shuffled = list(range(space.count))
        rng.shuffle(shuffled)
        assert [space.layout(i) for i in shuffled] == [listed[i] for i in shuffled]  # random access
        for bad in (-1, space.count):
            with pytest.raises(IndexError):
                space.layout(bad)


def test_uniform_sampling_chi_square():
    space = LayoutSpace(parse_board(SEED_9X9, mines=10))
    rng = random.Random(2024)
    draws = 65 * 80
    tally = Counter(space.sample(rng) for _ in range(draws))
    assert all(space.board.is_layout(layout) for layout in tally)
    assert len(tally) == 65
    expected = draws / 65
    chi2 = sum((tally[layout] - expected) ** 2 / expected for layout in tally)
    assert chi2 < 98.0  # chi-square, 64 degrees of freedom, p = 0.995


def test_contradictions_count_zero():
    cases = [
        Board.from_rows(["1?1", "?0?", "1?1"]),   # problem-reductions' contradictory instance
        Board.from_rows(["4?", "??"]),           # a clue above its hidden neighbours
        Board.from_rows(["FF", "1?"]),           # too many flags for a clue
        Board.from_rows(["1??", "12?", "01?"], mines=1),  # total too small
        Board.from_rows(["1??", "12?", "01?"], mines=4),  # total too large
        Board.from_rows(["FF?", "???"], mines=1),         # more flags than the total
    ]
    for board in cases:
        space = LayoutSpace(board)
        assert space.count == 0 and space.safe == [] and space.mines == []
        assert set(space.mine_counts) == set(board.hidden) and not any(space.mine_counts.values())
        with pytest.raises(IndexError):
            space.layout(0)
        with pytest.raises(ValueError):
            space.probability(board.hidden[0])


def test_large_tangled_board_random_access():
    board = lattice(10, 21, seed=0)
    space = LayoutSpace(board)
    assert space.count > 10 ** 6
    assert sum(space.mine_counts.values()) == board.mines * space.count
    started = time.perf_counter()
    for index in (0, space.count // 3, space.count - 1):
        assert board.is_layout(space.layout(index))
    assert time.perf_counter() - started < 5  # correctness of deep indices, loosely bounded
    first, last = space.layout(0), space.layout(space.count - 1)
    assert first != last
    # with the probabilities from the layouts sampled: every cell's sampled frequency is plausible
    rng = random.Random(1)
    sample = [space.sample(rng) for _ in range(400)]
    assert all(board.is_layout(layout) for layout in sample)
    for cell in board.hidden:
        p = float(space.probability(cell))
        hits = sum(cell in layout for layout in sample)
        assert abs(hits - 400 * p) <= 5 * (400 * p * (1 - p)) ** 0.5 + 1, cell


def test_state_budget_gives_a_clear_error():
    board = lattice(10, 21, seed=0)
    with pytest.raises(TooTangled, match="too tangled"):
        LayoutSpace(board, max_states=20)
    assert LayoutSpace(board, max_states=10 ** 6).count == LayoutSpace(board).count


def test_layouts_follow_the_documented_order():
    """Layouts sorted by (mines per component, outside mines, ..., outside subset rank)."""
    rng = random.Random(8)
    checked = 0
    for _ in range(150):
        board = small_board(rng, max_hidden=12)
        space = LayoutSpace(board)
        if space.count < 2:
            continue
        groups = [frozenset(c for cells in comp.cells for c in cells) for comp in space.components]
        positions = {cell: p for p, cell in enumerate(space.outside)}

        def key(layout):
            outside = sorted(positions[c] for c in layout if c in positions)
            return [len(layout & g) for g in groups] + [len(outside)], outside

        keys = [key(layout) for layout in space.layouts(0, space.count)]
        heads = [k[0] for k in keys]
        assert heads == sorted(heads), board
        for a, b in zip(keys, keys[1:]):  # same everything else: the outside subsets go up
            if a[0] == b[0] and a[1] != b[1] and len(groups) == 0:
                assert a[1] < b[1]
        checked += 1
    assert checked > 50


@st.composite
def boards(draw) -> Board:
    """Any small board: hidden cells, flags and clues drawn freely (often contradictory)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 5))
    cells = draw(st.lists(st.sampled_from("????F012345"), min_size=rows * cols, max_size=rows * cols))
    board = Board(rows, cols, tuple(cells))
    total = draw(st.none() | st.integers(0, len(board.hidden)))
    return board.with_mines(total)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(boards())
def test_property_counts_equal_brute_force(board):
    layouts = brute_layouts(board)
    space = LayoutSpace(board)
    assert space.count == len(layouts)
    assert space.mine_counts == {c: sum(c in layout for layout in layouts) for c in board.hidden}
    assert sorted(space.layouts(0, space.count), key=sorted) == sorted(layouts, key=sorted)


@pytest.mark.slow
def test_components_reused_from_earlier_boards_count_as_if_fresh():
    """An edit or a look-ahead recounts only the components it touches; the others come from the
    cache of earlier boards' components.  Every answer equals a count made with the cache empty."""
    rng = random.Random(23)
    for seed in range(12):
        board = midgame(16, 30, 99, seed=seed) if seed % 3 == 0 else midgame(9, 9, 10, seed=seed)
        edits = [board]
        for cell in rng.sample(board.hidden, min(6, len(board.hidden))):  # flags and numbers here and there
            cells = list(board.cells)
            cells[cell[0] * board.cols + cell[1]] = rng.choice("F012")
            edits.append(Board(board.rows, board.cols, tuple(cells), board.mines))
        warm = [LayoutSpace(b) for b in edits]
        for b, space in zip(edits, warm):
            counting_space._cache.clear()
            fresh = LayoutSpace(b)
            assert (space.count, space.mine_counts) == (fresh.count, fresh.mine_counts)
            for i in {0, space.count // 3, space.count - 1} if space.count else ():
                assert space.layout(i) == fresh.layout(i)
    kept = counting_space._cache
    assert 0 < kept.states == sum(c.states for c in kept.components.values()) <= counting_space.CACHE_STATES


def same_space(a: LayoutSpace, b: LayoutSpace) -> bool:
    return (a.count, a.mine_counts, a.fixed_mines, a.outside, [c.poly for c in a.components]) == \
        (b.count, b.mine_counts, b.fixed_mines, b.outside, [c.poly for c in b.components])


@pytest.mark.slow
def test_a_space_revealed_step_by_step_equals_one_counted_afresh(monkeypatch):
    monkeypatch.setattr(counting, "SETTLED_FROM", 0)  # from the earlier board's state, however small
    rng = random.Random(8)
    checked = 0
    for _ in range(250):
        board = random_board(rng, max_side=6, max_hidden=14, wrong=0.1)
        space = LayoutSpace(board)
        hidden = [c for c in board.hidden if board[c] == HIDDEN]
        for cell in rng.sample(hidden, min(3, len(hidden))):
            for value in range(9):
                if board.mines is not None and board.mines == len(board.hidden):  # no room for a safe cell
                    with pytest.raises(BoardError):
                        space.reveal(cell, value)
                    continue
                after = space.reveal(cell, value)
                assert same_space(after, LayoutSpace(board.replace({cell: str(value)})))
                checked += bool(after.count)
                more = [c for c in after.board.hidden if after.board[c] == HIDDEN]
                if more and (after.board.mines is None or after.board.mines < len(more)):  # from where that one ended
                    second = rng.choice(more)
                    again = after.reveal(second, rng.randrange(4))
                    assert same_space(again, LayoutSpace(again.board))
    assert checked > 300
