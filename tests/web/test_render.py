"""The page's pure rendering (minesat_web/render.py): HTML strings from the engine's data, in CPython
(Play mode's: web/play/test_render.py)."""

from __future__ import annotations

import re
from fractions import Fraction

from boards import SEED_9X9, SEED_9X9_SAFE
from minesat.analysis.analyze import analyze
from minesat.board import parse_board
from minesat.messages.codec import request
from minesat.messages.protocol import Engine
from minesat_web import render


def attrs(cell_html: str) -> dict[str, str]:
    return dict(re.findall(r'([a-z-]+)="([^"]*)"', cell_html))


def test_grid_cells_carry_position_verdict_probability_and_a_name():
    board = parse_board(SEED_9X9, 10)
    a = analyze(board)
    cells = render.grid_cells(board, a)
    assert len(cells) == board.rows * board.cols
    safe = {(int(attrs(c)["data-row"]), int(attrs(c)["data-col"]))
            for c in cells if attrs(c).get("data-verdict") == "safe"}
    assert safe == set(SEED_9X9_SAFE)
    first_hidden = attrs(cells[2])  # r1c3 is hidden and surely safe
    assert first_hidden["class"].split() == ["cell", "hidden", "safe"]
    assert first_hidden["aria-label"] == "row 1 column 3: hidden, surely safe" and "data-pct" not in first_hidden
    assert cells[1].endswith(">1</div>") and attrs(cells[1])["aria-label"] == "row 1 column 2: revealed 1"
    unsure = [attrs(c) for c in cells if "data-pct" in attrs(c)]
    assert unsure and len(unsure) == sum(1 for c, p in a.probability.items() if 0 < p < 1)
    for cell in unsure:
        p = a.probability[int(cell["data-row"]), int(cell["data-col"])]
        assert f"pb{render.band(p)}" in cell["class"].split()
        assert cell["aria-label"].endswith(f"{render.short_percent(p)}% mine")


def test_bands_cover_every_probability_in_order():
    from fractions import Fraction
    ps = [Fraction(k, 200) for k in range(1, 200)]
    bands = [render.band(p) for p in ps]
    assert bands == sorted(bands) and set(bands) == set(range(len(render.BANDS)))
    assert render.short_percent(Fraction(1, 300)) == "<1" and render.short_percent(Fraction(299, 300)) == ">99"
    legend = render.legend_html()
    assert all(f"pb{i}" in legend for i in range(len(render.BANDS))) and "your flag" in legend


def test_a_users_flag_is_never_drawn_as_a_deduced_mine():
    board = parse_board("1F\n11")
    a = analyze(board)
    assert (0, 1) in a.mines
    flag = attrs(render.grid_cells(board, a)[1])
    assert flag["class"].split() == ["cell", "flag"] and flag["data-verdict"] == "mine"
    assert flag["aria-label"] == "row 1 column 2: flagged"
    assert render.forced_text(a) == "Surely safe: 0 cells. Surely mines: 0, besides your 1 flag."


def test_an_analysis_of_another_board_is_never_drawn():
    board = parse_board(SEED_9X9, 10)
    a = analyze(board)
    edited = board.with_mines(None)
    cells = render.grid_cells(edited, a)
    assert not any("data-verdict" in c or "--p:" in c for c in cells)
    assert render.grid_cells(edited, None) == cells


def test_a_layout_shown_on_the_grid_hides_the_verdict_colours_but_keeps_the_hooks():
    board = parse_board(SEED_9X9, 10)
    a = analyze(board)
    layout = a.space.layout(0)
    cells = render.grid_cells(board, a, layout)
    assert sum("lay-mine" in c for c in cells) == len(layout)
    assert not any(" safe" in attrs(c)["class"].split("hidden")[-1] for c in cells if "lay-" in c)
    assert sum('data-verdict="safe"' in c for c in cells) == 6


def test_conflict_messages_say_when_flags_and_the_total_take_part():
    alone = analyze(parse_board("3?\n??", None))  # 3 mines among 3 unknowns: fine; with a flag gone...
    assert alone.satisfiable
    clue_alone = analyze(parse_board("4?\n?F"))  # 4 mines among 3 unknown neighbours: the clue alone fails
    assert "flags" not in render.verdict_text(clue_alone) and "the clue r1c1 (4) cannot be met" in \
        render.verdict_text(clue_alone)
    with_flags = analyze(parse_board("1F\nF?"))  # two flags around a 1: the flags take part
    assert "the flags next to it" in render.verdict_text(with_flags)
    too_many = parse_board("FF?\n???", 1)
    a = analyze(too_many)
    assert not a.satisfiable and not a.conflict
    assert render.verdict_text(a).startswith("Contradiction: you flagged 2 cells but the total is 1 mine.")
    marked = [i for i, c in enumerate(render.grid_cells(too_many, a)) if "conflict" in c]
    assert marked == [0, 1]


def test_conflict_cells_and_message():
    board = parse_board("1?1\n?0?\n1?1")
    a = analyze(board)
    cells = render.grid_cells(board, a)
    marked = [i for i, c in enumerate(cells) if "conflict" in c]
    assert marked and all(divmod(i, 3) in a.conflict for i in marked)
    assert render.verdict_text(a).startswith("Contradiction: the clue")
    assert render.forced_text(a) == ""


def test_summary_texts():
    board = parse_board(SEED_9X9, 10)
    a = analyze(board)
    assert render.count_text(a) == "65"
    assert render.forced_text(a).startswith("Surely safe: 6 cells (r1c3, r6c2")
    assert render.forced_html(a).count("class=\"cellref\" data-cell=") == 6 + len(a.mines)
    assert render.grouped(12345678901234567890123456789012345678901) == \
        "12\u2009345\u2009678\u2009901\u2009234\u2009567\u2009890\u2009123\u2009456\u2009789\u2009012\u2009345\u2009678\u2009901"
    assert "mine probability 0.0% (surely safe)" in render.cell_text(board, a, (0, 2))
    assert "mine probability exactly 0." in render.cell_exact_text(board, a, (0, 2))  # not "0/1"
    assert render.cell_text(board, None, (0, 0)) == "r1c1: revealed 0"
    assert render.failure_message("memory", board).startswith("This board is too large")


def test_layout_thumbnails_one_per_layout_with_its_number():
    board = parse_board(SEED_9X9, 10)
    layouts = analyze(board).space.layouts(12, 12)
    page = render.layout_thumbnails(board, layouts, 12, layouts[3])
    assert page.count('class="layout') == 12
    assert re.findall(r'data-index="(\d+)"', page) == [str(i) for i in range(12, 24)]
    black = re.findall(r'<path class="m" d="([^"]*)"', page)
    red = re.findall(r'<path class="d" d="([^"]*)"', page)
    assert [d.count("M") + e.count("M") for d, e in zip(black, red)] == [len(x) for x in layouts]
    assert [e.count("M") for e in red] == [len(x - layouts[0]) for x in layouts]  # differences from the first
    assert red[0] == "" and any(red)
    grey = re.findall(r'<path class="h" d="([^"]*)"', page)
    assert all(d.count("M") + len(x) == len(board.hidden) for d, x in zip(grey, layouts))
    assert page.count("layout selected") == 1


def test_clauses_html_from_the_engine_answer():
    board = parse_board(SEED_9X9)
    data = Engine().op_reduction(request("reduction", board, limit=20))
    page = render.clauses_html(board, data)
    assert page.count("<span>") == 20
    assert 'data-clue="0,1"' in page and "more clauses" in page
    assert "(empty: false)" not in page
    total = parse_board("1?\n??", 3)
    notice = render.counter_notice(total, {"too_big": "ask", "hidden": 3, "gates": 12})
    assert "build-cnf" in notice and "36 clauses" in notice


def test_advice_in_words():
    assert render.advice_text({"none": "no layout"}) == "Best move: none (no layout)."
    safe = {"move": [0, 2], "safe": True, "p_mine": 0.0, "method": "safe", "safe_cells": [[0, 2]]}
    proof = {"text": "r1c3 is safe: the clue r1c2 (1) has its mine elsewhere", "grade_name": "one clue"}
    assert render.advice_text(safe, proof) == ("Best move: open r1c3, surely safe. Why: r1c3 is safe: "
                                               "the clue r1c2 (1) has its mine elsewhere (one clue).")
    guess = {"move": [4, 0], "safe": False, "p_mine": 0.1234, "method": "tree", "safe_cells": []}
    assert render.advice_text(guess).startswith("Best guess: open r5c1, 12.3% mine; an exact search")
    guess["candidates"] = [{"cell": [4, 0], "p_mine": 0.1234, "score": 0.6321}]
    assert render.advice_text(guess).endswith("(63.2% to win from here, with the best play).")
    guess["method"] = "look-ahead"  # a secondary safety is no chance to win: not shown
    assert "%" not in render.advice_text(guess).split("mine;")[1]


def test_outcome_in_words():
    text = render.outcome_text(parse_board("1?"), {"cell": [0, 1], "layouts": "4", "mine": "1",
                                                   "numbers": {"0": "3"}, "dead": True})
    assert text.startswith("If you open r1c2: a mine 25.0%; shows 0: 75.0% (3 layouts left).")
    assert "dead" in text


# -- issue 21: numbers for people, words from what is on the board ------------------------------
def test_counts_are_grouped_below_a_billion_and_in_powers_of_ten_above():
    assert render.human_count(999_999_999) == "999\u2009999\u2009999"
    assert render.human_count(10 ** 9) == "1.00 × 10⁹"
    assert render.human_count(98_649 * 10 ** 88) == "9.86 × 10⁹²"  # 9.8649: rounded to three digits
    assert render.human_count(99_951 * 10 ** 60) == "1.00 × 10⁶⁵"  # rounding carries into the exponent
    assert render.human_count(2 ** 10000).endswith(f"10{str(len(str(2 ** 10000)) - 1).translate(render._SUPERSCRIPT)}")


def test_every_digit_reads_back_to_the_same_count():
    for n in (0, 7, 10 ** 9, 2 ** 300 - 1, 3 ** 1000, int("9" * 4000)):
        text = render.exact_digits(n)
        assert render.digits_value(text) == n
        assert max(map(len, text.split("\u2009"))) <= 3
    assert render.digits_value("1,234 567") == 1234567


def test_percentages_are_never_0_or_100_unless_sure():
    from fractions import Fraction
    assert render.percent(Fraction(1, 10 ** 50)) == "<0.1%"
    assert render.percent(1 - Fraction(1, 10 ** 50)) == ">99.9%"
    assert render.percent(Fraction(0)) == "0.0%" and render.percent(Fraction(1)) == "100.0%"
    assert render.percent(Fraction(2 ** 400, 3 * 2 ** 400)) == "33.3%"  # huge parts, no overflow


def test_a_cell_line_has_no_wall_of_digits_and_the_exact_fraction_is_on_demand():
    from boards import midgame
    board = midgame(30, 30, 180, seed=3)
    a = analyze(board)
    cell = max(a.probability, key=lambda c: len(str(a.probability[c].denominator)))
    p = a.probability[cell]
    assert len(str(p.denominator)) > 40  # the wall of digits the line used to print
    line = render.cell_text(board, a, cell)
    assert not re.search(r"\d{5}", line) and line.endswith("%")
    exact = render.cell_exact_text(board, a, cell)
    numerator, denominator = exact.split("exactly ")[1].rstrip(".").split(" / ")
    assert (render.digits_value(numerator), render.digits_value(denominator)) == (p.numerator, p.denominator)
    assert render.count_text(a).count("×") == 1 and len(render.count_text(a)) < 16
    outcome = {"cell": list(cell), "layouts": str(a.count), "mine": str(a.count * p.numerator // p.denominator),
               "numbers": {"1": str(a.count // 3), "2": str(a.count - a.count // 3)}, "dead": False}
    assert not re.search(r"\d{10}", render.outcome_text(board, outcome))
    assert str(a.count // 3) in render.cell_exact_text(board, a, cell, outcome).replace("\u2009", "")


def test_a_contradiction_with_the_total_speaks_of_flags_only_when_there_are_flags():
    a = analyze(parse_board("\n".join(["?" * 8] * 3 + ["??3?????"] + ["?" * 8] * 4), 1))
    text = render.verdict_text(a)
    assert not a.satisfiable and "flag" not in text and "1 mine" in text and "1 mines" not in text
    flagged = analyze(parse_board("F?1\n???", 1))
    assert "flag" not in render.verdict_text(flagged) or flagged.satisfiable


def test_the_total_note_says_what_is_assumed_or_asks_for_it():
    from minesat_web.analyzer.editor import standard_level, with_standard_total
    expert = parse_board("\n".join(["?" * 30] * 16))
    board, assumed = with_standard_total(expert)
    assert assumed == 99 and board.mines == 99 and standard_level(board) == "expert"
    assert with_standard_total(parse_board("\n".join(["?" * 16] * 30)))[1] == 99  # either way round
    assert with_standard_total(expert.with_mines(80)) == (expert.with_mines(80), None)  # a total given stays
    assert with_standard_total(parse_board("\n".join(["?" * 10] * 10)))[1] is None  # no standard size
    nearly_done = parse_board("\n".join(["?" * 9] + ["0" * 9] * 8))  # 9 unknowns cannot hold 10 mines
    assert with_standard_total(nearly_done)[1] is None
    assert "Assumed 99 mines, the expert total" in render.total_note(board, True, "expert")
    asking = render.total_note(expert, False, "expert")
    assert "unknown" in asking and 'id="use-standard"' in asking
    assert "use-standard" not in render.total_note(parse_board("??"), False, None)
    assert render.total_note(board, False, "expert") == ""


def test_a_layout_of_a_late_page_is_named_in_human_form():
    number = 3 * 10 ** 143 + 123_456
    assert render.layout_number(number) == "…123\u2009456" and render.layout_number(12_345) == "12\u2009345"
    mines = [(r, c) for r in range(16) for c in range(30)][:99]
    text = render.layout_shown_text(number, mines)
    assert text.startswith("Layout 3.00 × 10¹⁴³ shown on the board") and "and 87 more" in text and len(text) < 400
    assert "(none)" in render.layout_shown_text(1, [])
    assert render.fraction_text(Fraction(0)) == "0" and render.fraction_text(Fraction(1)) == "1"


def test_a_file_size_is_written_as_a_person_reads_it():
    assert [render.file_size(n) for n in (1, 512, 3_400, 1_700_000)] == ["1 byte", "512 bytes", "3.4 kB", "1.7 MB"]


# -- the grid's parts, each on its own -----------------------------------------------------------
def test_cell_states_mark_dead_cells_and_the_layout_shown():
    board = parse_board("1?\n??")
    a = analyze(board)  # one mine among the three unknowns: each 1/3
    states = render.cell_states(board, a, dead=frozenset({(0, 1)}))
    assert states[0] == ("cell revealed n1", "row 1 column 1: revealed 1", "", "1", "")
    cls, label, verdict, text, pct = states[1]
    assert cls == "cell hidden pb3 dead" and pct == "33" and verdict == "" and text == ""
    assert label == "row 1 column 2: hidden, 33% mine, dead: opening it can show only one number"
    shown = render.cell_states(board, a, shown=frozenset({(1, 1)}))
    assert [s[0].split()[-1] for s in shown] == ["n1", "lay-safe", "lay-safe", "lay-mine"]
    assert shown[3][1].endswith(", a mine in the layout shown")


def test_too_many_flags_for_the_total_mark_the_flags_as_the_contradiction():
    board = parse_board("FF?\n???", 1)
    states = render.cell_states(board, analyze(board))
    assert [i for i, s in enumerate(states) if "conflict" in s[0]] == [0, 1]
    assert states[0][1] == "row 1 column 1: flagged, in the contradiction"


def test_rows_hold_cols_cells_each_and_the_grid_is_its_cells_in_rows():
    cells = [f"<i>{i}</i>" for i in range(6)]
    assert render.rows_html(3, cells) == ('<div role="row" class="row"><i>0</i><i>1</i><i>2</i></div>'
                                          '<div role="row" class="row"><i>3</i><i>4</i><i>5</i></div>')
    board = parse_board(SEED_9X9, 10)
    a = analyze(board)
    assert render.grid_html(board.cols, render.cell_states(board, a)) == \
        render.rows_html(board.cols, render.grid_cells(board, a))
    one = render.state_html(10, 9, ("cell hidden safe", "r2c2", "safe", "", ""))
    assert attrs(one) == {"class": "cell hidden safe", "role": "gridcell", "data-row": "1", "data-col": "1",
                          "id": "c1-1", "aria-label": "r2c2", "data-verdict": "safe"}


def test_labels_count_from_one():
    assert render.labels_html(3) == "<span>1</span><span>2</span><span>3</span>"
    assert render.labels_html(0) == ""


def test_a_proof_in_words_says_how_hard_it_is():
    assert render.proof_text({"text": "r1c2 is safe", "grade_name": "one clue"}) == "r1c2 is safe (one clue)."


def test_a_tangled_board_says_what_is_known_what_runs_and_what_stopped():
    data = {"tangled": "the board is too tangled to count exactly: 3 components of 200 cells", "pending": True,
            "step": "cell 40 of 300"}
    running = render.tangled_text(data)
    assert running.startswith("Too tangled to count the layouts exactly (3 components of 200 cells). ")
    assert "(cell 40 of 300)… Esc or Cancel stops it." in running
    assert "checking every other cell (starting)" in render.tangled_text(data | {"step": None})
    assert render.tangled_text(data, stopped=True).endswith("others may be forced too.")
    assert render.tangled_text(data | {"pending": False}).endswith("(the total is not used).")


def test_long_cell_lists_are_cut_short_after_twelve():
    cells = [(0, c) for c in range(15)]
    assert render.cut_short(cells[:2]) == "r1c1, r1c2"
    short = render.cut_short(cells)
    assert short.startswith("r1c1, ") and short.endswith("r1c12 and 3 more") and "r1c13" not in short
    links = render.cell_links(cells)
    assert links.count('<button type="button" class="cellref"') == 12 and links.endswith(" and 3 more")
    assert '<button type="button" class="cellref" data-cell="0,11">r1c12</button>' in links


def test_conflict_words_name_the_clues_flags_and_total():
    two = analyze(parse_board("1?1\n?0?\n1?1\n"))  # the clues around a 0 need mines it forbids
    assert not two.satisfiable and len(two.conflict) >= 2
    message = render.conflict_message(two)
    assert message.startswith("Contradiction: the clues ") and "cannot all hold at once" in message
    assert "The clues are striped" in message and not render.flags_take_part(two)
    lone = analyze(parse_board("4?\n?F"))  # 4 around 3 unknowns: the clue alone fails, the flag aside
    assert not render.flags_take_part(lone)
    flagged = analyze(parse_board("1F\nF?"))
    assert render.flags_take_part(flagged)
    assert render.mines_text(1) == "1 mine" and render.mines_text(1000) == "1,000 mines"


def test_a_total_the_clues_cannot_meet_is_said_as_such():
    a = analyze(parse_board("1?\n??", 3))  # a 1 next to all three unknowns: not 3 mines
    assert not a.satisfiable
    assert render.total_message(a) == ("Contradiction: the clues cannot be met with the total of 3 mines "
                                       "(they need more or fewer mines than that).")
    flags = analyze(parse_board("1F\n??", 3))
    assert "the clues and flags cannot be met" in render.total_message(flags)


def test_the_lp_text_says_how_many_lines_the_download_adds():
    assert render.lp_text({"lp": "Minimize\n obj: 0", "lp_more": 0}) == "Minimize\n obj: 0"
    assert render.lp_text({"lp": "x", "lp_more": 1234}) == "x\n… 1,234 more lines in the LP download."


def test_a_big_grid_comes_in_slices_of_whole_rows_that_make_the_whole_grid():
    """render.grid_slices: the grid's HTML cut between rows, about SLICE_CELLS cells a slice, which
    joined give grid_html's; a small board is one slice."""
    from minesat.board import Board
    from minesat_web.render import SLICE_CELLS, cell_states, grid_html, grid_slices
    for side in (3, 38, 100):
        board = Board(side, side, ("?",) * (side * side), None)
        states = cell_states(board, None)
        slices = grid_slices(side, states)
        assert "".join(slices) == grid_html(side, states)
        assert all(s.count('class="row"') * side <= max(SLICE_CELLS, side) for s in slices)
        assert len(slices) == (1 if side * side <= SLICE_CELLS else -(-side // (SLICE_CELLS // side)))
