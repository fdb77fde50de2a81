"""The SAT reductions (reductions/cnf.py): the seed example verbatim, sizes against the declared overheads,
DIMACS, and the closed loop of all three reductions (binomial, sorting network, ILP by HiGHS) against brute
force (cardinality encodings: test_card.py; the ILP's own example: test_ilp.py)."""

from __future__ import annotations

import random
from math import comb

import highspy
import pycosat
import pytest

from boards import INSTANCE_1, INSTANCE_2, SEED_3X3, midgame, random_board
from brute import brute_layouts
from minesat.board import Board, parse_board
from minesat.reductions import card, ilp
from minesat.reductions.cnf import REDUCTIONS, counter_cells, worst_clue
from minesat.reductions.solve import formula, iter_layouts

binomial, sortnet = REDUCTIONS["binomial"], REDUCTIONS["sortnet"]


def test_seed_binomial_example_verbatim():
    cnf = binomial.reduce(parse_board(SEED_3X3))
    assert cnf.cells == ((0, 1), (0, 2), (1, 2), (2, 2))
    assert (cnf.num_vars, cnf.num_clauses) == (4, 12)
    expected = [[1], [1],
                [-1, -2, -3], [-1, -2, -4], [-1, -3, -4], [-2, -3, -4],
                [1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4],
                [-3, -4], [3, 4]]
    assert cnf.clauses == expected
    assert cnf.origin == [(0, 0), (1, 0)] + [(1, 1)] * 8 + [(2, 1)] * 2
    models = sorted(sorted(m) for m in pycosat.itersolve(cnf.clauses, vars=4))
    assert models == [[-4, -2, 1, 3], [-3, -2, 1, 4]]


@pytest.mark.parametrize("text,layouts", [(INSTANCE_1, 8), (INSTANCE_2, 0), (SEED_3X3, 2)])
def test_reduction_library_instances(text, layouts):
    board = parse_board(text)
    for encoding in ("binomial", "sortnet"):
        assert len(list(iter_layouts(formula(board, encoding), pycosat))) == layouts


def test_binomial_bound_holds_on_a_worst_case_board():
    board = parse_board("???\n?4?\n???\n" * 1)
    cnf = binomial.reduce(board)
    assert cnf.num_clauses == 112 == binomial.clause_bound(board)
    rng = random.Random(7)
    for _ in range(200):
        b = random_board(rng, max_side=6, max_hidden=30, flags=False, total=False)
        assert binomial.reduce(b).num_clauses <= binomial.clause_bound(b) == 112 * len(b.clues)


def test_sortnet_size_metadata():
    board = parse_board("???\n?4?\n???\n")
    cnf = sortnet.reduce(board)
    comparators = 8 * 7 // 2
    assert cnf.num_aux == 2 * comparators
    assert cnf.num_clauses == 6 * comparators + 2
    assert len(list(iter_layouts(cnf, pycosat))) == comb(8, 4)


@pytest.mark.parametrize("clue_board", ["?3\n??\n", "5?\n??\n"])
def test_impossible_clue_is_explicitly_unsat(clue_board):
    board = parse_board(clue_board)  # 3 or 5 above the hidden neighbours (3)
    for cnf in (binomial.reduce(board), sortnet.reduce(board)):
        expected_empty = board.clues[0].count > len(board.clues[0].neighbours)
        assert ([] in cnf.clauses) == expected_empty
        assert pycosat.solve(cnf.clauses, vars=cnf.num_vars) == "UNSAT" or not expected_empty


def test_too_many_flags_is_explicitly_unsat():
    board = parse_board("F1\nF?\n")
    assert [] in binomial.reduce(board).clauses
    assert pycosat.solve(binomial.reduce(board).clauses) == "UNSAT"


def test_dimacs_names_every_variable_and_parses_back():
    board = parse_board("mines=3\n1??\n12?\n01F\n")
    for encoding in ("binomial", "sortnet"):
        cnf = formula(board, encoding)
        text = cnf.to_dimacs()
        header = [line for line in text.splitlines() if line.startswith("p ")]
        assert header == [f"p cnf {cnf.num_vars} {cnf.num_clauses}"]
        for i, (r, c) in enumerate(cnf.cells, 1):
            assert f"c var {i} = cell {r} {c}" in text
        body = [[int(t) for t in line.split()] for line in text.splitlines() if line and line[0] not in "cp"]
        assert [clause[:-1] for clause in body] == cnf.clauses
        assert all(clause[-1] == 0 for clause in body)


def solve_lp_all(text: str, tmp_path) -> set[frozenset[int]]:
    """Every 0/1 solution of an LP file, found by HiGHS with no-good cuts: sets of 1-based variables."""
    path = tmp_path / "board.lp"
    path.write_text(text)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    names = list(h.getLp().col_names_)
    found: set[frozenset[int]] = set()
    for _ in range(2000):
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            break
        x = [round(v) for v in h.getSolution().col_value]
        ones = [i for i, v in enumerate(x) if v == 1]
        found.add(frozenset(int(names[i][1:]) for i in ones))
        # no-good cut: sum_{i in ones} (1 - x_i) + sum_{i not in ones} x_i >= 1
        coeffs = [-1.0 if v == 1 else 1.0 for v in x]
        h.addRow(1 - len(ones), highspy.kHighsInf, len(x), list(range(len(x))), coeffs)
    return found


@pytest.mark.slow
def test_closed_loop_random_boards(tmp_path):
    """Binomial SAT, sorting-network SAT, ILP by HiGHS and brute force: the same layouts."""
    rng = random.Random(2026)
    boards = [random_board(rng, max_hidden=10) for _ in range(300)]
    assert sum(not brute_layouts(b) for b in boards) > 20  # contradictory boards are covered
    assert sum(b.mines is not None for b in boards) > 50
    assert sum(not b.hidden for b in boards) > 3  # the ILP's placeholder column is covered
    for board in boards:
        truth = set(brute_layouts(board))
        for encoding, reduction in REDUCTIONS.items():
            cnf = reduction.formula(board)
            assert cnf.size() == reduction.size(board), (encoding, str(board))
            assert all(cnf.size()[name] <= bound for name, bound in reduction.overhead(board).items())
            layouts = list(iter_layouts(cnf, pycosat))
            assert len(layouts) == len(set(layouts)), "a layout came out twice"
            assert set(layouts) == truth, (encoding, str(board))
        model = ilp.REDUCTION.reduce(board)
        assert all(model.size()[name] <= bound for name, bound in ilp.REDUCTION.overhead(board).items())
        assert {model.extract(x) for x in map(list, _all_01(model.num_vars)) if model.is_feasible(x)} == truth
        ones = solve_lp_all(model.to_lp(), tmp_path)
        assert {frozenset(board.hidden[i - 1] for i in s) for s in ones} == truth, str(board)


def _all_01(n: int):
    for bits in range(1 << n):
        yield [(bits >> i) & 1 for i in range(n)]


def test_total_counter_alone():
    """The unary counter over free cells gives C(n, k) layouts."""
    for n in range(1, 7):
        for k in range(n + 2):
            board = Board(1, n, ("?",) * n, None)
            cnf = binomial.reduce(board)
            cnf.add_between(list(range(1, n + 1)), k, k, "counter", None)
            assert len(list(iter_layouts(cnf, pycosat))) == comb(n, k)


def test_overheads_on_the_worst_boards():
    """The declared bounds are reached by a clue with 8 neighbours and count 4 (binomial 112 clauses,
    sortnet 56 new variables and 170 clauses)."""
    board = parse_board("???\n?4?\n???\n")
    assert worst_clue("binomial") == (0, 112) and worst_clue("sortnet") == (56, 170)
    for reduction in REDUCTIONS.values():
        assert reduction.size(board) == reduction.overhead(board) == reduction.formula(board).size()


@pytest.mark.slow
def test_size_without_building_on_an_expert_board():
    """The page's reduction panel reads `size` for the formula with its total, the counter unbuilt."""
    board = midgame(16, 30, 99, seed=3)
    for reduction in REDUCTIONS.values():
        built = reduction.formula(board).size()
        assert reduction.size(board) == built
        assert all(built[name] <= bound for name, bound in reduction.overhead(board).items())


def test_counter_cells_measures_what_the_counter_refuses():
    board = Board(1, 5, ("?",) * 5, 2)
    assert counter_cells(board) == 5 * 3 and counter_cells(board.with_mines(None)) == 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(card, "MAX_COUNTER_CELLS", counter_cells(board) - 1)
        with pytest.raises(card.CounterTooLarge, match="leave the total out"):
            formula(board)
        patch.setattr(card, "MAX_COUNTER_CELLS", counter_cells(board))
        assert formula(board).num_clauses
