"""Review of a game: every grade on hand-made games, grades and proofs checked by brute force on
random games, and the command line."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from boards import random_board
from brute import brute_layouts
from minesat.board import Board
from minesat.cli.commands import main
from minesat.counting import LayoutSpace
from minesat.play.advice import advise
from minesat.play.flags import unflagged
from minesat.play.game import Game, neighbours
from minesat.play.review import GOOD_WITHIN, GameRecord, grade, local_proof, review, summary
from minesat.proofs.explain import MINE, SAFE, Proof, counted_proof, proofs_of

# (record, index of a move, its grade): games made by hand, one per kind of move and grade
GAMES = [
    ({"rows": 4, "cols": 4, "mines": [[3, 0]], "moves": [[2, 3, "open"]]}, 0, "best"),
    ({"rows": 3, "cols": 5, "mines": [[2, 3]], "moves": [[0, 2, "open"], [2, 4, "open"]]}, 1, "forced"),
    ({"rows": 3, "cols": 5, "mines": [[1, 2]], "moves": [[0, 0, "open"], [1, 2, "open"]]}, 1, "needless"),
    ({"rows": 3, "cols": 3, "mines": [[0, 2]], "moves": [[1, 1, "open"], [1, 0, "open"]]}, 1, "good"),
    ({"rows": 3, "cols": 3, "mines": [[0, 2]], "moves": [[1, 1, "open"], [0, 0, "open"]]}, 1, "best"),
    ({"rows": 4, "cols": 3, "mines": [[0, 2], [2, 0]], "moves": [[3, 0, "open"], [2, 0, "open"]]}, 1, "risky"),
    ({"rows": 2, "cols": 4, "mines": [[0, 3]], "moves": [[0, 0, "open"], [0, 3, "open"]]}, 1, "fifty-fifty"),
    ({"rows": 4, "cols": 3, "mines": [[1, 2]], "moves": [[3, 1, "open"], [1, 2, "flag"], [0, 2, "open"]]}, 1, "forced"),
    ({"rows": 3, "cols": 3, "mines": [[1, 2]], "moves": [[0, 1, "open"], [0, 0, "flag"], [1, 2, "open"]]}, 1, "risky"),
    ({"rows": 3, "cols": 4, "mines": [[0, 0], [2, 3]],
      "moves": [[1, 1, "open"], [0, 1, "open"], [2, 0, "open"], [0, 0, "flag"], [1, 1, "chord"]]}, 4, "forced"),
    ({"rows": 2, "cols": 3, "mines": [[1, 0]], "moves": [[0, 1, "open"], [1, 0, "flag"], [0, 1, "chord"]]}, 2, "risky"),
    ({"rows": 2, "cols": 5, "mines": [[1, 2]], "moves": [[0, 1, "open"], [0, 2, "flag"], [0, 1, "chord"]]}, 2,
     "needless"),
]


def position_before(record: dict, index: int) -> tuple[Game, Board]:
    """The game before move `index`, and its position read from the numbers and the total only."""
    game = Game.with_mines(record["rows"], record["cols"], {tuple(m) for m in record["mines"]})
    for r, c, kind in record["moves"][:index]:
        {"open": game.open, "flag": game.flag, "chord": game.chord}[kind]((r, c))
    return game, unflagged(game.board())


def forces(board: Board, proof: Proof) -> bool:
    """Whether the proof's clues alone (and the total when marked) force its cell, by brute force
    over the board's unknowns (its other numbers are safe cells, unused)."""
    plain = unflagged(board)
    kept = [clue for clue in plain.clues if clue.cell in proof.clues]
    for k in range(len(plain.hidden) + 1):
        for mines in combinations(plain.hidden, k):
            if proof.total and k != plain.mines:
                continue
            if (proof.cell in mines) == (proof.verdict == SAFE) and \
                    all(sum(n in mines for n in clue.neighbours) == clue.count for clue in kept):
                return False
    return True


def minimal(board: Board, proof: Proof) -> bool:
    return forces(board, proof) and not any(
        forces(board, Proof(proof.cell, proof.verdict, tuple(c for c in proof.clues if c != dropped), False,
                            proof.total)) for dropped in proof.clues)


@pytest.mark.parametrize("record, index, expected", GAMES)
def test_hand_made_games_get_every_grade(record, index, expected):
    graded = review(GameRecord.from_json(record))
    assert len(graded) == len(record["moves"])
    move = graded[index]
    assert move.grade == expected
    _, board = position_before(record, index)
    if expected in ("forced", "needless") and index:
        assert move.proof and all(minimal(board, proof) for proof in move.proof)
    else:
        assert not move.proof
    if expected == "needless":
        layouts = brute_layouts(board)
        assert list(move.safe_cells) == [c for c in board.hidden if all(c not in m for m in layouts)]
        assert move.best is not None and move.best.cell in move.safe_cells
    if expected == "best" and index:
        assert move.best is not None and move.best.cell == advise(board).move == tuple(record["moves"][index][:2])
    if expected in ("good", "risky", "fifty-fifty") and record["moves"][index][2] != "flag":
        assert move.best is not None and move.best.cell == advise(board).move
        assert (move.p_mine <= move.best.p_mine + GOOD_WITHIN) == (expected != "risky")


@pytest.mark.slow
def test_grades_agree_with_brute_force_on_random_games():
    rng = random.Random(3)
    seen = set()
    for _ in range(150):
        rows, cols = rng.randint(2, 4), rng.randint(3, 4)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        mines = rng.sample(cells, rng.randint(1, 3))
        moves = [[*rng.choice([c for c in cells if c not in mines]), "open"]]
        game = Game.with_mines(rows, cols, set(mines))
        game.open(tuple(moves[0][:2]))
        while game.state == "playing" and len(moves) < 7:
            kind = rng.choice(["open", "open", "flag", "chord"])
            cell = rng.choice(sorted(game.opened) if kind == "chord" else [x for x in cells if x not in game.opened])
            moves.append([*cell, kind])
            {"open": game.open, "flag": game.flag, "chord": game.chord}[kind](cell)
        record = {"rows": rows, "cols": cols, "mines": [list(m) for m in mines], "moves": moves}
        for index, move in enumerate(review(GameRecord.from_json(record))):
            game, board = position_before(record, index)
            r, c, kind = moves[index]
            layouts = brute_layouts(board)
            safe = [x for x in board.hidden if all(x not in m for m in layouts)]
            if kind == "flag":
                if (r, c) in game.opened:
                    continue
                p = sum((r, c) in m for m in layouts) / len(layouts)
                assert move.p_mine == pytest.approx(p)
                assert (move.grade == "forced") == (p == (1 if (r, c) not in game.flags else 0))
                seen.add((kind, move.grade))
                continue
            opens = [(r, c)] * ((r, c) not in game.flags) if kind == "open" else [
                x for x in board.neighbours((r, c)) if x not in game.opened and x not in game.flags]
            if not game.opened or not opens or (kind == "chord" and (
                    (r, c) not in game.opened
                    or sum(x in game.flags for x in board.neighbours((r, c))) != game.number((r, c)))):
                continue  # the first click, and moves that change nothing
            p = sum(any(x in m for x in opens) for m in layouts) / len(layouts)
            assert move.p_mine == pytest.approx(p)
            assert (move.grade == "forced") == (p == 0)
            assert (move.grade == "needless") == (p > 0 and bool(safe))
            if move.grade == "needless":
                assert list(move.safe_cells) == safe
            for proof in move.proof:
                assert minimal(board, proof)
            if p > 0 and not safe:
                advice = advise(board)
                assert move.best is not None and move.best.cell == advice.move
                if move.grade == "fifty-fifty":
                    assert p == 0.5 and kind == "open"
                elif move.grade == "best":
                    assert kind == "open" and advice.move == (r, c)
                else:
                    assert (move.grade == "good") == (p <= advice.p_mine + GOOD_WITHIN)
            seen.add((kind, move.grade))
    assert {("open", g) for g in ("forced", "needless", "best", "good", "risky")} <= seen
    assert {("flag", "forced"), ("flag", "risky"), ("chord", "forced"), ("chord", "needless")} <= seen


def test_counted_proofs_are_minimal_and_force_their_cell():
    rng = random.Random(9)
    checked = 0
    while checked < 40:
        board = random_board(rng, max_hidden=9, flags=False, total=True, wrong=0.0)
        space = LayoutSpace(board)
        if not space.count or board.mines is None:
            continue
        for cell in space.safe + space.mines:
            proof = counted_proof(board, cell, SAFE if cell in space.safe else MINE, False, True)
            assert proof.total and minimal(board, proof)
            checked += 1


def test_summary_in_words():
    graded = review(GameRecord.from_json(GAMES[6][0])) + review(GameRecord.from_json(GAMES[2][0])) * 2
    assert summary(graded) == "2 needless guesses, 1 unavoidable 50/50"
    assert summary(review(GameRecord.from_json(GAMES[1][0]))) == "no needless or risky move"


@pytest.mark.parametrize("data, words", [
    ({"rows": 3, "cols": 3, "mines": [[0, 1]], "moves": [[0, 1, "open"], [2, 2, "open"]]},
     "first click, r1c2, is on a mine"),
    ({"rows": 3, "cols": 3, "mines": [[0, 1]], "total": True, "moves": []}, "or null, not true"),
    ({"rows": 3, "cols": 3, "mines": [[0, 1]], "total": "1", "moves": []}, 'or null, not "1"'),
    ({"rows": 3, "cols": 3, "mines": [[0, 1]], "total": 10 ** 3999, "moves": []}, "(4,000 digits)"),
])
def test_a_record_no_game_could_write_is_refused_in_a_short_line(data, words):
    with pytest.raises(ValueError) as caught:
        review(GameRecord.from_json(data))
    assert words in str(caught.value) and len(str(caught.value)) < 200


# The shortcuts a review takes give what the long way gives: the position and the cells the numbers forced,
# carried from move to move, and proofs of those cells without counting again.
def played(rows: int, cols: int, mines: int, seed: int) -> dict:
    """A game record of a careless player: safe cells, flags (some wrong, some taken off), chords,
    and guesses, many of them needless, until the game ends."""
    rng = random.Random(seed)
    game = Game(rows, cols, mines, seed)
    first = (rng.randrange(rows), rng.randrange(cols))
    moves = [[*first, "open"]]
    game.open(first)
    while game.state == "playing" and len(moves) < 400:
        board = unflagged(game.board())
        space = LayoutSpace(board)
        safe = [c for c in board.hidden if space.mine_counts[c] == 0]
        sure = [c for c in board.hidden if space.mine_counts[c] == space.count and c not in game.flags]
        chords = [o for o in sorted(game.opened) if game.number(o) and any(n in safe for n in neighbours(o, rows, cols))
                  and sum(n in game.flags for n in neighbours(o, rows, cols)) == game.number(o)]
        x = rng.random()
        if x < 0.05:
            cell, kind = rng.choice(board.hidden), "flag"
        elif x < 0.08 or not safe:  # the safest guesses, needless when a safe cell is left
            guesses = sorted((c for c in board.hidden if c not in game.flags and c not in safe),
                             key=lambda c: (space.mine_counts[c], c))
            cell, kind = rng.choice(guesses[:3]), "open"
        elif sure and x < 0.4:
            cell, kind = rng.choice(sure), "flag"
        elif chords and x < 0.7:
            cell, kind = rng.choice(chords), "chord"
        else:
            cell, kind = rng.choice(safe), "open"
        moves.append([*cell, kind])
        game.act(cell, kind)
    assert game.mine_cells is not None
    return {"rows": rows, "cols": cols, "mines": [list(m) for m in sorted(game.mine_cells)], "moves": moves}


@pytest.mark.slow
def test_a_review_grades_each_move_as_on_its_own_position():
    forced_far, grades = 0, set()
    for seed in range(5):
        parsed = GameRecord.from_json(played(16, 16, 40, seed))
        graded = review(parsed)
        game = Game.with_mines(parsed.rows, parsed.cols, set(parsed.mines))
        for move, got in zip(parsed.moves, graded):
            assert got == grade(game, move, parsed.total)  # nothing carried over from earlier positions
            grades.add((move[2], got.grade))
            if got.grade == "forced" and got.proof and not all(local_proof(game, p.cell, p.verdict)
                                                               for p in got.proof):
                board = unflagged(game.board())
                assert got.proof == tuple(proofs_of(board, [p.cell for p in got.proof]))  # the long way
                forced_far += 1
            game.act(move[:2], move[2])
    assert forced_far >= 5
    assert {("open", "forced"), ("open", "needless"), ("flag", "forced"), ("chord", "forced")} <= grades


def test_cli_review(tmp_path, capsys):
    record, index, expected = GAMES[2]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(record["moves"]) and lines[index]["grade"] == expected
    assert set(lines[index]) == {"move", "grade", "p_mine", "best", "safe_cells", "proof"}
    assert lines[index]["move"] == record["moves"][index] and lines[index]["proof"][0]["verdict"] == "safe"
    bad = [{"rows": 2}, {"rows": 2, "cols": 2, "mines": [[5, 5]], "moves": []},
           {"rows": 2, "cols": 2, "mines": [[0, 0]], "moves": [[0, 1, "dig"]]},
           {"rows": 2, "cols": 2, "mines": [[0, 0]], "moves": [[0, 0, "open"], [1, 1, "open"]]}, [1, 2]]
    for data in bad:
        path.write_text(json.dumps(data))
        assert main(["review", str(path)]) == 2
        assert capsys.readouterr().err.count("\n") == 1
    path.write_text("{")
    assert main(["review", str(path), "--solver", "native"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
