"""The shortcuts a review takes give what the long way gives: the position and the cells the numbers
forced, carried from move to move; proofs of those cells without counting again; counted proofs
that drop idle clues without a count; boards that share their unknowns and clues."""

from __future__ import annotations

import random

import pytest

from boards import random_board
from minesat.board import FLAG, HIDDEN, Board, BoardError
from minesat.counting import LayoutSpace
from minesat.counting import space as counting
from minesat.play.flags import unflagged
from minesat.play.game import Game, neighbours
from minesat.play.review import GameRecord, grade, local_proof, review
from minesat.proofs.explain import SAFE, Proof, counted_proof, distance, forced_levels, proofs_of, relaxed, with_clues


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


def test_boards_sharing_unknowns_and_clues_equal_boards_built_afresh():
    rng = random.Random(4)
    for _ in range(300):
        board = random_board(rng, max_side=6, max_hidden=14)
        _ = board.clues, board.flags
        for mines in (None, 0, len(board.hidden), len(board.flags)):
            fresh = Board(board.rows, board.cols, board.cells, mines)
            shared = board.with_mines(mines)
            assert shared == fresh and (shared.hidden, shared.flags, shared.clues) == (fresh.hidden, fresh.flags,
                                                                                      fresh.clues)
        for bad in (len(board.hidden) + 1, -1):
            with pytest.raises(BoardError):
                board.with_mines(bad)
        hidden = [c for c in board.hidden if board[c] == HIDDEN]
        flagged = board.replace(dict.fromkeys(rng.sample(hidden, min(2, len(hidden))), FLAG))
        fresh = Board(flagged.rows, flagged.cols, flagged.cells, flagged.mines)
        assert (flagged.hidden, flagged.flags, flagged.clues) == (fresh.hidden, fresh.flags, fresh.clues)


def same_space(a: LayoutSpace, b: LayoutSpace) -> bool:
    return (a.count, a.mine_counts, a.fixed_mines, a.outside, [c.poly for c in a.components]) == \
        (b.count, b.mine_counts, b.fixed_mines, b.outside, [c.poly for c in b.components])


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
