"""Why (issue 11) on the page: each forced cell's proof on the grid, the easiest first, as SAT too;
what opening a hidden cell can give; dead cells marked."""

from __future__ import annotations

import pycosat

from boards import SEED_9X9, SEED_9X9_SAFE
from minesat.board import parse_board
from minesat.counting import outcomes
from minesat.proofs import explain

ROWS = SEED_9X9.split()


def proof_cells(page) -> set[tuple[int, int]]:
    return {tuple(x) for x in page.eval_on_selector_all(
        "#grid [data-proof]", "els => els.map(e => [+e.dataset.row, +e.dataset.col])")}


def test_each_safe_cell_of_the_seed_board_shows_a_proof_of_its_clues(app_page):
    page = app_page.page
    app_page.load_board(ROWS, 10)
    page.wait_for_function("() => !document.getElementById('next-deduction').disabled")
    page.click("#palette [data-brush='select']")
    board = parse_board(SEED_9X9, 10)
    expected = {p.cell: p for p in explain.proofs(board)}
    for cell in SEED_9X9_SAFE:
        app_page.cell(*cell).hover()
        page.wait_for_function("() => document.querySelector('#grid [data-proof]')")
        clues = proof_cells(page)
        assert clues, cell
        assert all(board[c] in "012345678" for c in clues)
        proof = explain.Proof(cell, explain.SAFE, tuple(sorted(clues)), expected[cell].flags, expected[cell].total)
        cnf, query = explain.proof_formula(board, proof)  # the clues on the page force the cell: UNSAT
        assert pycosat.solve(cnf.clauses + [[query]], vars=cnf.num_vars) == "UNSAT"
        assert len(clues) == len(expected[cell].clues)  # minimal, as the engine's own proof
        assert "is safe" in page.inner_text("#cell-info")
    app_page.cell(0, 8).hover()  # r1c9: a mine forced by one clue, r1c8
    page.wait_for_function("() => document.querySelectorAll('#grid [data-proof]').length === 1")
    assert proof_cells(page) == {(0, 7)} and "one clue" in page.inner_text("#cell-info")
    app_page.shot("40-proof")


def test_next_deduction_walks_from_the_easiest_and_shows_the_proof_as_sat(app_page):
    page = app_page.page
    app_page.load_board(ROWS, 10)
    page.wait_for_function("() => !document.getElementById('next-deduction').disabled")
    assert "the easiest" in page.inner_text("#deductions")
    page.click("#next-deduction")
    first = page.inner_text("#cell-info")
    assert first.startswith("Deduction 1 of 13") and "one clue" in first
    assert len(proof_cells(page)) == 1
    page.click("#proof-sat")
    page.wait_for_selector("#proof-box[open]")
    text = page.inner_text("#proof-cnf")
    assert "picosat answers UNSAT" in text and "p cnf" in text
    app_page.shot("41-proof-as-sat")


def test_hovering_an_unsure_cell_shows_what_opening_it_can_give(app_page):
    page = app_page.page
    app_page.load_board(ROWS, 10)
    page.wait_for_function("() => !document.getElementById('next-deduction').disabled")
    page.click("#palette [data-brush='select']")
    app_page.cell(8, 8).hover()
    page.wait_for_function("() => document.getElementById('cell-info').textContent.includes('If you open r9c9')")
    board = parse_board(SEED_9X9, 10)
    outcome = outcomes.outcome_tables(board)[(8, 8)]
    text = page.inner_text("#cell-info")
    for n, ways in outcome.numbers.items():
        assert f"shows {n}: {ways / outcome.layouts * 100:.1f}% ({ways} layouts left)" in text


def test_dead_cells_are_marked(app_page):
    page = app_page.page
    app_page.load_board(ROWS, 10)
    page.wait_for_function("() => !document.getElementById('next-deduction').disabled")
    board = parse_board(SEED_9X9, 10)
    tables = outcomes.outcome_tables(board)
    dead = {c for c in outcomes.dead_cells(tables) if 0 < tables[c].mine < tables[c].layouts}  # unsure cells
    assert dead
    page.wait_for_function("n => document.querySelectorAll('#grid .cell.dead').length === n", arg=len(dead))
    marked = {tuple(x) for x in page.eval_on_selector_all(
        "#grid .cell.dead", "els => els.map(e => [+e.dataset.row, +e.dataset.col])")}
    assert marked == dead
    assert "dead" in app_page.cell(*sorted(dead)[0]).get_attribute("aria-label")
