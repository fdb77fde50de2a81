"""Play mode's pure rendering (minesat_web/play/render.py): HTML and words from the game and the engine's answers, in
CPython."""

from __future__ import annotations

import re

from minesat.messages.codec import encode_graded
from minesat.play.game import Game
from minesat_web.play import render as playrender


def test_the_end_of_a_game_and_the_statistics_in_words():
    text = playrender.game_end_text(14, 19, 1.94, won=True)
    assert "3BV 14" in text and "clicks: 19" in text and "efficiency 74%" in text and "1.9 s" in text
    assert "efficiency" not in playrender.game_end_text(14, 3, 1.0, won=False)
    stats = {"beginner/zero": {"won": 2, "lost": 1, "streak": 2, "best_streak": 2, "best_ms": 12345},
             "beginner/classic": {"won": 0, "lost": 3, "streak": 0, "best_streak": 0, "best_ms": 0}}
    html = playrender.play_stats_html(stats)
    assert "beginner: 2 won, 4 lost" in html and "12.3 s" in html and "beginner, classic" in html
    assert playrender.play_stats_html({}) == ""


def test_a_reviewed_move_in_words():
    from minesat.play.review import GameRecord, review
    game = Game.new("beginner", 11, "classic")
    game.open((0, 0))
    record = GameRecord.from_json({"rows": 9, "cols": 9, "mines": [list(c) for c in game.mine_cells],
                                   "moves": [[0, 0, "open"], [8, 8, "open"]]})
    first, second = (encode_graded(g) for g in review(record))
    assert playrender.review_line(first) == "open r1c1: the best guess."
    line = playrender.review_line(second)
    assert line.startswith("open r9c9: ")
    if second["grade"] == "forced":
        assert "forced: surely safe (why r9c9 is safe: the clue" in line
    else:
        assert f"{second['p_mine'] * 100:.1f}% mine" in line
    assert 'aria-selected="true"' in playrender.review_html({"moves": [first, second]}, 1).split("</li>")[1]


def test_a_needless_guess_names_the_safe_cell_its_proof_is_about():
    proof = {"cell": [13, 8], "verdict": "safe", "clues": [[12, 8]], "total": False}
    move = {"move": [15, 2, "open"], "grade": "needless", "p_mine": 0.2, "best": None,
            "safe_cells": [[0, 7], [13, 8]], "proof": [proof]}
    line = playrender.review_line(move)
    assert "r14c9 was surely safe (why r14c9 is safe: the clue r13c9)" in line and "r1c8" not in line


def test_texts_are_joined_as_sentences():
    assert playrender.sentences(["r1c4 is flagged but cannot be a mine", " r7c7 too. ", "", "Why?"]) == \
        "r1c4 is flagged but cannot be a mine. r7c7 too. Why?"


def test_a_game_opened_from_its_link_ends_without_a_time_it_never_had():
    assert playrender.game_end_text(14, 3, None, won=False).startswith("Lost. 3BV 14")


def test_play_cells_show_what_the_player_sees_and_everything_once_lost():
    game = Game.new("beginner", 3)
    game.open((0, 0))
    page = playrender.play_cells(game, best=(8, 8))
    cells = re.findall(r'<div class="([^"]*)" role="gridcell" data-row="(\d+)" data-col="(\d+)"', page)
    assert len(cells) == 81 and page.count("data-best") == 1
    opened = {(int(r), int(c)) for cls, r, c in cells if "revealed" in cls}
    assert opened == game.opened
    assert not any("mine" in cls for cls, _, _ in cells)  # mines stay hidden while playing
    mine = next(iter(game.mine_cells))
    game.open(mine)
    lost = playrender.play_cells(game)
    assert lost.count("exploded") == 1 and lost.count("mine shown") == len(game.mine_cells) - 1


def test_odds_while_playing_in_words():
    text = playrender.odds_text((2, 4), {"p_mine": 0.125, "safety": 0.5, "progress": 0.0625})
    assert text == ("r3c5: 12.5% mine. Safe, and the next click too (its secondary safety): 50.0%. "
                    "Chance it makes another cell surely safe: 6.2%.")


def test_a_best_time_in_seconds_or_a_dash_when_there_is_none():
    assert playrender.best_time(12_345) == "12.3 s" and playrender.best_time(0) == "–"


def lost_review(seed: int) -> tuple[Game, list[dict]]:
    """A beginner game lost on its second click, on a mine, graded by the engine's review."""
    from minesat.play.review import GameRecord, review
    game = Game.new("beginner", seed, "classic")
    game.open((4, 4))
    mine = min(game.mine_cells or ())
    record = GameRecord.from_json({"rows": 9, "cols": 9, "mines": [list(c) for c in game.mine_cells or ()],
                                   "moves": [[4, 4, "open"], [mine[0], mine[1], "open"]]})
    return game, [encode_graded(g) for g in review(record)]


def test_the_losing_moves_advice_names_the_safe_cell_with_its_proof():
    from minesat.analysis.analyze import analyze
    for seed in range(1, 40):
        game, moves = lost_review(seed)
        if moves[-1]["grade"] == "needless":
            break
    else:
        raise AssertionError("no game lost by a needless guess in 40 seeds")
    advice = playrender.review_advice({"moves": moves})
    said = re.match(r"You should have opened r(\d+)c(\d+): it was surely safe \(the clues? ", advice)
    assert said, advice
    cell = (int(said[1]) - 1, int(said[2]) - 1)
    assert cell in analyze(game.board()).safe  # surely safe on the position of the losing click
    assert re.search(r"r\d+c\d+ was (a needless guess|surely a mine)", advice)
    assert len(re.findall(r"\.(\s|$)", advice)) == 1 and "\n" not in advice  # one line, one sentence
    marks = playrender.review_marks({"moves": moves}, lost=True)
    losing = tuple(moves[-1]["move"][:2])
    assert marks == {losing: "losing"}
    html = playrender.play_cells(game, marks=marks)
    assert re.search(rf'class="cell hidden losing"[^>]*id="p{losing[0]}-{losing[1]}"[^>]*the losing guess', html)


def test_a_losing_guess_with_no_safe_cell_is_said_so():
    risky = {"move": [2, 2, "open"], "grade": "risky", "p_mine": 0.5, "safe_cells": [], "proof": [],
             "best": {"move": [0, 8], "p_mine": 0.125, "method": "guess"}}
    assert playrender.review_advice({"moves": [risky]}) == (
        "You should have opened r1c9, 12.5% mine, rather than r3c3, 50.0%: no cell was surely safe.")
    good = {**risky, "grade": "good", "p_mine": 0.13}
    assert playrender.review_advice({"moves": [good]}).startswith("Nothing to do better") and "r1c9 (12.5%)" in \
        playrender.review_advice({"moves": [good]})
    best = {**risky, "grade": "best", "p_mine": 0.2}
    assert playrender.review_advice({"moves": [best]}).startswith("Nothing to do better: no cell was surely safe")
    fifty = {**risky, "grade": "fifty-fifty"}
    assert "unavoidable 50/50" in playrender.review_advice({"moves": [fifty]})
    sure = {**risky, "p_mine": 1.0, "proof": [{"cell": [2, 2], "verdict": "mine", "clues": [[1, 1]], "total": False}]}
    assert playrender.review_advice({"moves": [sure]}) == \
        "r3c3 was surely a mine (the clue r2c2 shows it): flag it, never open it."
    needless = {"move": [1, 1, "open"], "grade": "needless", "p_mine": 0.3, "safe_cells": [[5, 5]], "proof": [],
                "best": None}
    assert playrender.review_marks({"moves": [needless, risky]}, lost=True) == {(1, 1): "needless", (2, 2): "losing"}
    assert playrender.review_marks({"moves": [needless]}, lost=False) == {(1, 1): "needless"}
