"""SAT solving: forced cells (backbone) and minimal conflicts, against brute force."""

from __future__ import annotations

import random

import pycosat
import pytest

import picosat_wasm
from boards import INSTANCE_2, SEED_9X9, SEED_9X9_SAFE, random_board
from brute import brute_layouts
from minesat.board import parse_board
from minesat.reductions.solve import (
    UnitSolver,
    backbone,
    components,
    conflict,
    find_layout,
    forced_cells,
    formula,
    frontier_mine_bounds,
    get_solver,
    incremental,
)


class CountingSolver:
    """pycosat with a count of solve calls."""

    def __init__(self):
        self.calls = 0

    def solve(self, clauses, **kw):
        self.calls += 1
        return pycosat.solve(clauses, **kw)

    def itersolve(self, clauses, **kw):
        return pycosat.itersolve(clauses, **kw)


def forced_by_brute(board):
    layouts = brute_layouts(board)
    safe = sorted(c for c in board.hidden if not any(c in lay for lay in layouts))
    mines = sorted(c for c in board.hidden if all(c in lay for lay in layouts))
    return layouts, safe, mines


@pytest.mark.slow
def test_backbone_equals_brute_force():
    rng = random.Random(11)
    for _ in range(300):
        board = random_board(rng, max_hidden=12)
        layouts, safe, mines = forced_by_brute(board)
        for encoding in ("binomial", "sortnet"):
            result = backbone(formula(board, encoding), pycosat)
            assert result == (None if not layouts else (safe, mines)), str(board)


def test_backbone_witnesses_are_checked_and_save_calls():
    board = parse_board(SEED_9X9)
    cnf = formula(board)
    plain, helped = CountingSolver(), CountingSolver()
    expected = backbone(cnf, plain)
    layouts = []
    for layout in [find_layout(cnf, pycosat)]:
        layouts.append(layout)
    bogus = frozenset(board.hidden)  # not a layout: must be ignored
    assert backbone(cnf, helped, layouts + [bogus]) == expected
    assert helped.calls <= plain.calls


def test_seed_9x9_safe_cells_with_few_calls():
    board = parse_board(SEED_9X9)
    solver = CountingSolver()
    safe, mines = backbone(formula(board), solver)
    assert safe == SEED_9X9_SAFE
    frontier = {n for clue in board.clues for n in clue.neighbours}
    # the per-cell method (docs/architecture.md#references) asks two questions per hidden cell;
    # here most cells are forced, and one UNSAT answer per component proves them all
    assert solver.calls <= len(frontier) // 2


def test_backbone_spares_calls_when_little_is_forced():
    board = parse_board("?????????\n???1?1???\n?????????\n???1?1???\n?????????\n")
    solver = CountingSolver()
    assert backbone(formula(board), solver) == ([], [])
    frontier = {n for clue in board.clues for n in clue.neighbours}
    assert solver.calls < len(frontier)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["binomial", "sortnet"])
def test_conflict_is_minimal_and_contradictory(encoding):
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        board = random_board(rng, max_hidden=12)
        found = conflict(board, pycosat, encoding)
        if brute_layouts(board):
            assert found is None
            continue
        checked += 1
        assert found is not None
        clue_cells = {c.cell for c in board.clues}
        assert set(found) <= clue_cells

        # the total takes part only when the clues and flags alone are consistent
        use_total = bool(brute_layouts(board.with_mines(None)))

        def consistent(keep):
            return any(all(sum(n in lay for n in c.neighbours) == c.count for c in board.clues if c.cell in keep)
                       and set(board.flags) <= lay
                       and (not use_total or len(lay) == board.mines)
                       for lay in _all_layouts(board))

        assert not consistent(set(found))
        for dropped in found:
            assert consistent(set(found) - {dropped}), (str(board), found, dropped)
    assert checked > 30


def _all_layouts(board):
    hidden = board.hidden
    for bits in range(1 << len(hidden)):
        yield frozenset(c for i, c in enumerate(hidden) if bits >> i & 1)


def test_contradictory_instance_2_names_clues():
    """The 0 in the middle forbids every mine; any corner 1 then has none: two clues suffice."""
    for encoding in ("binomial", "sortnet"):
        found = conflict(parse_board(INSTANCE_2), pycosat, encoding)
        assert found is not None and len(found) == 2 and (1, 1) in found
        assert set(found) - {(1, 1)} <= {(0, 0), (0, 2), (2, 0), (2, 2)}


def test_components_split_independent_clues():
    board = parse_board("1?????1\n???????\n")
    parts = components(formula(board).clauses, len(board.hidden))
    assert len(parts) == 2


def test_unknown_solver_and_encoding():
    with pytest.raises(ValueError):
        get_solver("minisat")
    with pytest.raises(ValueError):
        formula(parse_board("1?"), "totalizer")


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["binomial", "sortnet"])
def test_forced_cells_with_a_total_equal_brute_force(encoding):
    rng = random.Random(21)
    shortcut = pool_forced = 0
    for _ in range(300):
        board = random_board(rng, max_side=6, max_hidden=14, total=True)
        layouts, safe, mines = forced_by_brute(board)
        assert forced_cells(board, pycosat, encoding) == (None if not layouts else (safe, mines)), str(board)
        low, high = frontier_mine_bounds(board)
        if layouts:
            frontier_mines = {len(lay & {n for c in board.clues for n in c.neighbours} | set(board.flags))
                              for lay in layouts}
            assert low <= min(frontier_mines) and max(frontier_mines) <= high
        shortcut += board.mines is not None and low >= board.mines - len(board.hidden)
        pool = set(board.hidden) - {n for c in board.clues for n in c.neighbours} - set(board.flags)
        pool_forced += bool(layouts) and len(pool) > 1 and bool(pool & set(safe + mines))
    assert shortcut > 0
    assert pool_forced > 10  # cells off the frontier forced by the total alone (the representative's verdict)


def test_forced_cells_count_only_cells_under_a_sorting_network():
    """The fuzzing find: the total's counter must range over cells, never over the network's wires."""
    board = parse_board("mines=1\n?1??\n")
    assert forced_cells(board, pycosat, "sortnet") == forced_cells(board, pycosat, "binomial") == ([(0, 3)], [])


# -- the native incremental session --------------------------------------------------------
@pytest.mark.slow
def test_unit_solver_answers_as_picosat_wasm_solver():
    rng = random.Random(114)
    for _ in range(150):
        n = rng.randint(2, 8)
        selectors = list(range(n + 1, n + 4))
        clauses = [[-rng.choice(selectors)] + [rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(3)]
                   for _ in range(rng.randint(1, 25))] + [[rng.choice((-1, 1)) * rng.randint(1, n)]]
        native, wasm = UnitSolver(pycosat), incremental(picosat_wasm)
        assert isinstance(wasm, picosat_wasm.Solver) and isinstance(incremental(pycosat), UnitSolver)
        for solver in (native, wasm):
            solver.add_clauses(clauses)
        for _ in range(5):
            assumptions = [s for s in selectors if rng.random() < 0.6] + [rng.choice((-1, 1)) * rng.randint(1, n)]
            answers = [s.solve(assumptions) for s in (native, wasm)]
            assert (answers[0] == "UNSAT") == (answers[1] == "UNSAT")
            for answer, solver in zip(answers, (native, wasm)):
                if answer == "UNSAT":
                    core = solver.failed_assumptions()
                    assert set(core) <= set(assumptions)
                    assert pycosat.solve(clauses + [[lit] for lit in core]) == "UNSAT"
                else:  # a model of every clause, the left-out groups included
                    true = set(answer)
                    assert all(lit in true for lit in assumptions)
                    assert all(any(lit in true for lit in clause) for clause in clauses)
