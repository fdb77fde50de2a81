"""Why: proofs of forced cells and outcome tables, against brute force on random small boards."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from itertools import combinations

import pycosat
import pytest

import picosat_wasm
from boards import INSTANCE_2, SEED_9X9, SEED_9X9_SAFE, lattice, random_board
from brute import brute_layouts, outcomes_by_brute
from minesat.board import Board, parse_board
from minesat.cli import commands as cli
from minesat.cli.commands import main
from minesat.counting import LayoutSpace, outcomes
from minesat.messages.codec import dumps, encode_outcome, encode_proof, request
from minesat.messages.protocol import Engine
from minesat.proofs import explain as ex
from minesat.reductions.solve import UnitSolver, incremental


# -- brute force over bit masks ---------------------------------------------------------------
class Brute:
    """Every subset of a small board's hidden cells, as bit masks, checked against any part of
    its constraints: some clues, the flags or not, the total or not."""

    def __init__(self, board: Board):
        self.board = board
        self.bit = {cell: 1 << i for i, cell in enumerate(board.hidden)}
        self.masks = range(1 << len(board.hidden))
        self.clue = {clue.cell: (sum(self.bit[n] for n in clue.neighbours), clue.count) for clue in board.clues}
        self.flags = sum(self.bit[f] for f in board.flags)

    def layouts(self, clues, flags: bool, total: bool) -> list[int]:
        checks = [self.clue[c] for c in clues]
        return [m for m in self.masks
                if (not flags or m & self.flags == self.flags)
                and (not total or self.board.mines is None or m.bit_count() == self.board.mines)
                and all((m & near).bit_count() == count for near, count in checks)]

    def verdict(self, cell, clues, flags: bool, total: bool) -> str | None:
        values = {bool(m & self.bit[cell]) for m in self.layouts(clues, flags, total)}
        return {frozenset([True]): ex.MINE, frozenset([False]): ex.SAFE}.get(frozenset(values))


def forced_by_brute(board: Board) -> dict:
    """Forced cells of the whole board, flags left out: cell -> verdict ({} when contradictory)."""
    layouts = brute_layouts(board)
    if not layouts:
        return {}
    out = {}
    for cell in board.hidden:
        values = {cell in layout for layout in layouts}
        if len(values) == 1 and board[cell] != "F":
            out[cell] = ex.MINE if values == {True} else ex.SAFE
    return out


def check_proofs(board: Board, proofs: list[ex.Proof], brute: Brute) -> None:
    """Each proof forces its cell with only its clues (and flags and total where marked), and
    dropping any one clue, or the flags or the total where marked, leaves the cell unforced;
    every forced cell has a proof and no other cell does; easiest first."""
    assert {p.cell: p.verdict for p in proofs} == forced_by_brute(board)
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


# -- the native incremental session --------------------------------------------------------
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


def test_proofs_and_outcomes_travel_as_plain_json_data():
    board = parse_board(SEED_9X9, mines=10)
    proofs = ex.proofs(board)
    data = [encode_proof(p, board) for p in proofs]
    assert json.loads(json.dumps(data)) == data
    assert len(data) == 13
    first = data[0]
    assert set(first) == {"cell", "verdict", "clues", "flags", "total", "grade", "grade_name", "text"}
    assert first["grade_name"] == "one clue" and len(first["clues"]) == 1
    assert [ex.Proof((r, c), p["verdict"], tuple(tuple(x) for x in p["clues"]), p["flags"], p["total"])
            for p in data for r, c in [p["cell"]]] == proofs
    outcome = encode_outcome((5, 1), outcomes.OutcomeTables(board, LayoutSpace(board)).of((5, 1)))
    assert (outcome["layouts"], outcome["mine"], outcome["numbers"]) == ("65", "0", {"1": "35", "2": "27", "3": "3"})
    assert Engine().answer(dumps(request("explain", parse_board(INSTANCE_2)) | {"id": 1})) == \
        dumps({"id": 1, "ok": {"proofs": []}})


# -- the command line --------------------------------------------------------------------------
def test_cli_explain(capsys, tmp_path):
    rng = random.Random(116)
    for i in range(40):
        board = random_board(rng, max_hidden=10)
        path = tmp_path / f"b{i}.txt"
        path.write_text(str(board))
        assert main(["analyze", str(path)]) == 0
        plain = json.loads(capsys.readouterr().out)
        assert main(["analyze", str(path), "--explain"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert {k: out[k] for k in plain} == plain  # every existing key kept
        assert set(out) == set(plain) | {"proofs", "outcomes", "dead"}
        forced = forced_by_brute(board)
        assert {tuple(map(int, k.split(","))): p["verdict"] for k, p in out["proofs"].items()} == forced
        brute = Brute(board)
        for key, p in out["proofs"].items():
            cell = tuple(map(int, key.split(",")))
            assert set(p) == {"verdict", "clues", "flags", "total"}
            assert brute.verdict(cell, {tuple(c) for c in p["clues"]}, p["flags"], p["total"]) == p["verdict"]
        expected = outcomes_by_brute(board)
        assert set(out["outcomes"]) == {f"{r},{c}" for r, c in expected}
        for (r, c), outcome in expected.items():
            got = out["outcomes"][f"{r},{c}"]
            assert got["mine"] == pytest.approx(float(Fraction(outcome.mine, outcome.layouts)))
            assert {k: v for k, v in got.items() if k != "mine"} == pytest.approx(
                {str(n): float(Fraction(w, outcome.layouts)) for n, w in outcome.numbers.items()})
        assert out["dead"] == [list(c) for c, o in sorted(expected.items()) if o.dead]


def test_cli_explain_past_the_work_bound_omits_outcomes_and_keeps_dead_cells_exact(capsys, tmp_path, monkeypatch):
    board = lattice(8, 9, seed=0)  # dead cells among cells that are not forced
    path = tmp_path / "lattice.txt"
    path.write_text(str(board))
    assert main(["analyze", str(path), "--explain"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert len(full["outcomes"]) == len(board.hidden) and "outcomes_omitted" not in full
    monkeypatch.setattr(outcomes, "LISTED", 0)
    monkeypatch.setattr(cli, "OUTCOME_WORK", 0)
    assert main(["analyze", str(path), "--explain"]) == 0
    bounded = json.loads(capsys.readouterr().out)
    assert bounded["outcomes"] == {} and "too tangled" in bounded["outcomes_omitted"]
    assert bounded["dead"] == full["dead"] and full["dead"]
    assert {k: v for k, v in bounded.items() if k not in ("outcomes", "outcomes_omitted")} == \
        {k: v for k, v in full.items() if k != "outcomes"}
    flag = re.search(r"--outcome-work \d+", bounded["outcomes_omitted"]).group().split()  # the bound that gives them
    for extra, given in ((["--outcome-work", str(int(flag[1]) - 1)], False), (flag, True)):
        assert main(["analyze", str(path), "--explain", *extra]) == 0
        again = json.loads(capsys.readouterr().out)
        assert (again["outcomes"] == full["outcomes"]) == given and ("outcomes_omitted" in again) != given


def test_levels_fall_back_on_sat_when_a_relaxed_board_is_too_tangled(monkeypatch):
    import minesat.counting.space
    board = parse_board("mines=2\n1F?1\n???F\n")
    expected = ex.forced_levels(board, LayoutSpace(board))
    space = LayoutSpace(board)
    monkeypatch.setattr(minesat.counting.space, "MAX_STATES", 0)  # every new count is too tangled
    assert ex.forced_levels(board, space) == expected and expected


def test_cli_explain_with_the_wasm_solver(capsys, tmp_path):
    path = tmp_path / "seed.txt"
    path.write_text("mines=10\n" + SEED_9X9)
    outputs = []
    for solver in ("native", "wasm"):
        assert main(["analyze", str(path), "--explain", "--solver", solver]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    native, wasm = outputs
    assert {k: v for k, v in wasm.items() if k != "proofs"} == {k: v for k, v in native.items() if k != "proofs"}
    assert set(wasm["proofs"]) == set(native["proofs"]) == {f"{r},{c}" for r, c in SEED_9X9_SAFE} | {
        f"{r},{c}" for r, c in map(tuple, native["mines"])}
    board = parse_board("mines=10\n" + SEED_9X9)
    for key, p in wasm["proofs"].items():  # each refutes the opposite, and needs each of its clues
        proof = ex.Proof(tuple(map(int, key.split(","))), p["verdict"], tuple(map(tuple, p["clues"])),
                         p["flags"], p["total"])
        cnf, query = ex.proof_formula(board, proof)
        assert pycosat.solve(cnf.clauses + [[query]], vars=cnf.num_vars) == "UNSAT"
        for clue in proof.clues:
            rest = [c for c, o in zip(cnf.clauses, cnf.origin) if o != clue]
            assert pycosat.solve(rest + [[query]], vars=cnf.num_vars) != "UNSAT"
