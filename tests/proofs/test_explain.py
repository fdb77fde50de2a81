"""Why: proofs of forced cells and outcome tables, against brute force on random small boards."""

from __future__ import annotations

import random
from itertools import combinations

import pycosat
import pytest

import picosat_wasm
from boards import SEED_9X9, SEED_9X9_SAFE, random_board
from brute import Brute, verdicts_by_brute
from minesat.board import Board, parse_board
from minesat.counting import LayoutSpace
from minesat.play.flags import unflagged
from minesat.play.game import Game
from minesat.proofs import explain as ex
from minesat.proofs.explain import SAFE, Proof, counted_proof, distance, forced_levels, relaxed, with_clues


def check_proofs(board: Board, proofs: list[ex.Proof], brute: Brute) -> None:
    """Each proof forces its cell with only its clues (and flags and total where marked), and
    dropping any one clue, or the flags or the total where marked, leaves the cell unforced;
    every forced cell has a proof and no other cell does; easiest first."""
    assert {p.cell: p.verdict for p in proofs} == verdicts_by_brute(board)
    assert proofs == sorted(proofs, key=ex.Proof.sort_key)
    for p in proofs:
        clues = set(p.clues)
        assert brute.verdict(p.cell, clues, p.flags, p.total) == p.verdict, (str(board), p)
        for clue in clues:
            assert brute.verdict(p.cell, clues - {clue}, p.flags, p.total) is None, (str(board), p, clue)
        if p.flags:
            assert board.flags and brute.verdict(p.cell, clues, False, p.total) is None, (str(board), p)
        if p.total:
            assert brute.verdict(p.cell, clues, p.flags, False) is None, (str(board), p)


def smallest_proof(board: Board, brute: Brute, cell, verdict, most: int = 2) -> int | None:
    """The size of the smallest set of at most `most` clues forcing `cell` alone (no flags, no total)."""
    clues = [c.cell for c in board.clues]
    for size in range(1, most + 1):
        if any(brute.verdict(cell, set(part), False, False) == verdict for part in combinations(clues, size)):
            return size
    return None


# -- proofs --------------------------------------------------------------------------------
@pytest.mark.slow
def test_proofs_against_brute_force():
    rng = random.Random(110)
    seen = {"flags": 0, "total": 0, "grades": set(), "sat": 0}
    for _ in range(300):
        board = random_board(rng, max_hidden=10)
        brute = Brute(board)
        proofs = ex.proofs(board, pycosat)
        check_proofs(board, proofs, brute)
        for p in proofs:
            seen["flags"] += p.flags
            seen["total"] += p.total
            seen["grades"].add(p.grade)
            if not p.flags and not p.total:  # one clue or a pair, when there is one, is what we get
                smallest = smallest_proof(board, brute, p.cell, p.verdict)
                assert smallest is None and len(p.clues) >= 3 or len(p.clues) == smallest, (str(board), p)
    assert seen["flags"] > 10 and seen["total"] > 10 and seen["grades"] == {0, 1, 2, 3, 4}


def test_proofs_with_the_total_on_every_board():
    rng = random.Random(111)
    for _ in range(150):
        board = random_board(rng, max_hidden=10, total=True)
        check_proofs(board, ex.proofs(board), Brute(board))


def test_proofs_when_the_total_alone_forces_the_cells():
    """No mine left for the unflagged cells, or every cell a mine: proofs with no clue, checked by brute force."""
    rng = random.Random(113)
    checked = 0
    for _ in range(120):
        board = random_board(rng, max_hidden=10, total=False)
        for total in {0, len(board.flags), len(board.hidden)}:
            candidate = board.with_mines(total)
            if LayoutSpace(candidate).count:
                proofs = ex.proofs(candidate, pycosat)
                check_proofs(candidate, proofs, Brute(candidate))
                checked += sum(not p.clues for p in proofs)
    assert checked > 50


def test_wasm_solver_gives_valid_proofs_too():
    rng = random.Random(112)
    for _ in range(80):
        board = random_board(rng, max_hidden=10)
        native, wasm = ex.proofs(board, pycosat), ex.proofs(board, picosat_wasm)
        check_proofs(board, wasm, Brute(board))
        # same cells, verdicts and marks (from the counts); the clue sets may differ
        assert [(p.cell, p.verdict, p.flags, p.total) for p in sorted(wasm, key=lambda p: p.cell)] == \
            [(p.cell, p.verdict, p.flags, p.total) for p in sorted(native, key=lambda p: p.cell)]


def test_proof_formula_is_unsat_and_each_clue_is_needed():
    rng = random.Random(113)
    checked = 0
    for _ in range(100):
        board = random_board(rng, max_hidden=10)
        for proof in ex.proofs(board):
            cnf, query = ex.proof_formula(board, proof)
            assert pycosat.solve(cnf.clauses + [[query]], vars=cnf.num_vars) == "UNSAT"
            assert pycosat.solve(cnf.clauses, vars=cnf.num_vars) != "UNSAT"
            for clue in proof.clues:
                rest = [c for c, o in zip(cnf.clauses, cnf.origin) if o != clue]
                assert pycosat.solve(rest + [[query]], vars=cnf.num_vars) != "UNSAT"
            checked += 1
    assert checked > 100


def test_seed_9x9_proofs_and_words():
    board = parse_board(SEED_9X9, mines=10)
    proofs = ex.proofs(board)
    assert sorted(p.cell for p in proofs if p.verdict == ex.SAFE) == SEED_9X9_SAFE
    by_cell = {p.cell: p for p in proofs}
    assert by_cell[0, 8].clues == ((0, 7),) and by_cell[0, 8].grade == 0  # r1c8's 1 has one hidden neighbour
    assert by_cell[5, 1].clues == ((4, 2), (4, 3)) and by_cell[5, 1].grade == 1
    assert by_cell[5, 1].describe(board) == \
        "r6c2 is safe: the clues r5c3 (1) and r5c4 (1) leave no room for a mine there"
    assert by_cell[0, 8].describe(board) == "r1c9 is a mine: the clue r1c8 (1) cannot be met without a mine there"
    assert [p.grade for p in proofs] == sorted(p.grade for p in proofs)


def test_flags_and_total_marked_and_described():
    board = parse_board("mines=1\n1F?\n???\n")  # the flag is the one mine: everything else is safe
    by_cell = {p.cell: p for p in ex.proofs(board)}
    assert set(by_cell) == {(0, 2), (1, 0), (1, 1), (1, 2)}
    assert by_cell[1, 0] == ex.Proof((1, 0), ex.SAFE, ((0, 0),), flags=True)
    assert by_cell[0, 2].total and by_cell[0, 2].grade == 4
    assert "the total number of mines" in by_cell[0, 2].describe(board)
    assert ex.proofs(parse_board("mines=0\n1??\n")) == []  # contradictory: no proofs
    assert ex.proofs(parse_board("mines=0\n0??\n")) == [
        ex.Proof((0, 1), ex.SAFE, ((0, 0),)), ex.Proof((0, 2), ex.SAFE, (), total=True)]


def test_expert_board_every_forced_cell_proved():
    from boards import midgame
    board = midgame(16, 30, 99, seed=2000)
    space = LayoutSpace(board)
    proofs = ex.proofs(board, pycosat, space)
    assert sorted(p.cell for p in proofs) == sorted(space.safe + space.mines)
    assert any(p.grade == 2 for p in proofs)
    for proof in proofs:
        cnf, query = ex.proof_formula(board, proof)
        assert pycosat.solve(cnf.clauses + [[query]], vars=cnf.num_vars) == "UNSAT"


def test_levels_fall_back_on_sat_when_a_relaxed_board_is_too_tangled(monkeypatch):
    import minesat.counting.space
    board = parse_board("mines=2\n1F?1\n???F\n")
    expected = ex.forced_levels(board, LayoutSpace(board))
    space = LayoutSpace(board)
    monkeypatch.setattr(minesat.counting.space, "MAX_STATES", 0)  # every new count is too tangled
    assert ex.forced_levels(board, space) == expected and expected


def plain_counted_proof(board: Board, cell, verdict: str, flags: bool, total: bool) -> Proof:
    """counted_proof as first written: one count per clue, farthest first."""
    level = relaxed(board, flags, total)
    kept = sorted((c for c in level.clues if c.neighbours), key=lambda c: (distance(c.cell, cell), c.cell))

    def forces(clues) -> bool:
        space = LayoutSpace(with_clues(level, clues))
        return space.mine_counts[cell] == (0 if verdict == SAFE else space.count)

    for clue in kept[::-1]:
        fewer = [c for c in kept if c != clue]
        if forces(fewer):
            kept = fewer
    return Proof(cell, verdict, tuple(sorted(c.cell for c in kept)), flags, total)


@pytest.mark.slow
def test_counted_proofs_drop_the_clues_plain_deletion_drops():
    rng = random.Random(12)
    boards = [random_board(rng, max_side=7, max_hidden=16, flags=True, total=True, wrong=0.0) for _ in range(150)]
    game = Game.new("intermediate", 5)
    game.open((8, 8))
    while game.state == "playing" and len(game.opened) < 150:  # a late position: most clues idle
        space = LayoutSpace(game.board())
        game.open(next(c for c in space.board.hidden if space.mine_counts[c] == 0) if space.safe else
                  min(space.board.hidden, key=lambda c: space.mine_counts[c]))
    boards.append(unflagged(game.board()))
    checked = 0
    for board in boards:
        space = LayoutSpace(board)
        if not space.count or board.mines is None:
            continue
        for cell, (verdict, flags, _) in sorted(forced_levels(board, space).items())[:6]:
            for level in sorted({(flags, True), (True, True)}):
                assert counted_proof(board, cell, verdict, *level) == plain_counted_proof(board, cell, verdict, *level)
                checked += 1
    assert checked > 200
