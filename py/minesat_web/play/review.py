"""Play mode's review of a finished game: every move graded by the engine (with proofs), stepped
through on the game's board; and the game as a record that `minesat review` reads."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from minesat.messages.codec import request
from minesat.messages.ops import Lane, Op
from minesat.play.game import Game
from minesat.play.links import Move
from minesat_web.browser import js, js_object, to_js
from minesat_web.client import Dropped, EngineClient, EngineFailed
from minesat_web.dom import el, handle, save_file, select_row
from minesat_web.play import render as playrender


def record_json(game: Game, moves: list[Move]) -> dict[str, Any]:
    """The game as a record (`minesat review` reads it)."""
    assert game.mine_cells is not None
    return {"rows": game.rows, "cols": game.cols, "mines": [list(c) for c in sorted(game.mine_cells)],
            "total": game.mines, "moves": [list(m) for m in moves]}


def download_record(game: Game, moves: list[Move], level: str) -> None:
    blob = js.Blob.new(to_js([json.dumps(record_json(game, moves))]), js_object({"type": "application/json"}))
    save_file(blob, f"minesat-{level}-{game.seed}.json")


class Review:
    """The engine's review of a game, and the step shown; `closed` draws the game again."""

    def __init__(self, client: EngineClient, closed: Callable[[], None]) -> None:
        self.client = client
        self.closed = closed
        self.game: Game | None = None
        self.moves: list[Move] = []
        self.data: dict[str, Any] | None = None  # while shown, the game takes no move
        self.step = 0
        self.marks: dict[tuple[int, int], str] = {}  # needless guesses and the losing one, marked

    def forget(self) -> None:
        """A new game: no review, and nothing of the last one's left to show (issue 35)."""
        self.game, self.data = None, None
        el("play-review-box").hidden = True
        clear()

    async def load(self, game: Game, moves: list[Move]) -> None:
        """Grade the game's moves and show them; a lost game's at its losing move, with what the
        player should have done instead."""
        if game.mine_cells is None or not moves:
            return
        self.game, self.moves, self.data = game, list(moves), None
        clear()  # never the previous game's list under "Grading every move…"
        el("play-review-box").hidden = False
        el("play-review-summary").textContent = "Grading every move…"
        try:
            data = await self.client.call(request(Op.REVIEW, None, game=record_json(game, moves)),
                                          lane=Lane.PLAY_REVIEW)
        except (Dropped, EngineFailed) as e:
            el("play-review-summary").textContent = f"The review could not be made: {e}"
            return
        if self.game is not game:
            return
        lost = game.state == "lost"
        self.data, self.step = data, len(data["moves"]) - 1 if lost else 0
        self.marks = playrender.review_marks(data, lost)
        el("play-review-summary").textContent = f"{len(data['moves'])} moves: {data['summary']}."
        advice = el("play-review-advice")
        advice.textContent = playrender.review_advice(data) if lost else ""
        advice.hidden = not lost
        el("play-review-list").innerHTML = playrender.review_html(data, self.step)
        el("play-review-list").focus(js_object({"preventScroll": True}))
        if lost:  # the advice in view, then the board's proof of it (show_step)
            advice.scrollIntoView(js_object({"block": "nearest"}))
        self.show_step(self.step)

    def show_step(self, step: int) -> None:
        """The position before move `step`, the move marked (★ where the advisor would have played)."""
        game, review = self.game, self.data
        if game is None or review is None or game.mine_cells is None:
            return
        self.step = min(max(step, 0), len(review["moves"]) - 1)
        replay = Game.with_mines(game.rows, game.cols, set(game.mine_cells))
        for r, c, kind in self.moves[:self.step]:
            replay.act((r, c), kind)
        move = review["moves"][self.step]
        best = move.get("best")
        clues = {(r, c): "proof" for r, c in (move["proof"][0]["clues"] if move.get("proof") else [])}
        el("play-grid").innerHTML = playrender.play_cells(
            replay, (best["move"][0], best["move"][1]) if best else None, (move["move"][0], move["move"][1]),
            marks=clues | self.marks)
        node = select_row(el("play-review-list"), f"rv{self.step}")
        if node:
            node.scrollIntoView(js_object({"block": "nearest"}))
        shown = js.document.querySelector("#play-grid .cell.proof") or js.document.querySelector("#play-grid .cursor")
        if shown and not in_view(shown):  # then the proof's clue in view, centred with what it proves (on a
            shown.scrollIntoView(js_object({"block": "center", "inline": "center"}))  # phone the board pans)

    def close(self) -> None:
        self.data = None
        el("play-review-box").hidden = True
        self.closed()


def in_view(node: Any) -> bool:
    """Whether an element is wholly on screen (and inside the board's frame, which may pan)."""
    box, frame = node.getBoundingClientRect(), el("play-wrap").getBoundingClientRect()
    return bool(box.top >= 0 and box.left >= max(0, frame.left) and box.bottom <= js.innerHeight
                and box.right <= min(js.innerWidth, frame.right))


def clear() -> None:
    """The review's box emptied: no list, no summary, no advice."""
    el("play-review-list").innerHTML = ""
    el("play-review-summary").textContent = ""
    el("play-review-advice").textContent = ""
    el("play-review-advice").hidden = True


def bind(review: Review) -> None:
    """The review's handlers, bound where they are defined."""

    @handle("change", "#play-review-auto")
    def review_auto(evt: Any) -> None:
        """Whether a lost game is reviewed at once, kept for the next visit (index.html reads it)."""
        try:
            js.localStorage.setItem("minesat.play-review-auto", "1" if el("play-review-auto").checked else "0")
        except Exception:  # noqa: BLE001 - storage disabled: the choice holds for this visit
            pass

    @handle("click", "#play-review-close")
    def review_close(evt: Any) -> None:
        review.close()

    @handle("click", "#play-review-list", within="[data-step]")
    def review_pick(evt: Any, node: Any) -> None:
        """A move picked by click or tap: its position, and its cell brought into view (on a phone
        the board is above the list, off screen)."""
        review.show_step(int(node.dataset.step))
        cell = js.document.querySelector("#play-grid .cursor")
        if cell:
            cell.scrollIntoView(js_object({"block": "nearest", "inline": "nearest"}))

    @handle("keydown", "#play-review-list")
    def review_keys(evt: Any) -> None:
        """Step through the moves: arrows (up/left back, down/right on), Home, End; Esc leaves."""
        key = str(evt.key)
        steps = {"ArrowDown": 1, "ArrowRight": 1, "ArrowUp": -1, "ArrowLeft": -1}
        if key in steps:
            review.show_step(review.step + steps[key])
        elif key == "Home":
            review.show_step(0)
        elif key == "End" and review.data:
            review.show_step(len(review.data["moves"]) - 1)
        elif key == "Escape":
            review.close()
        else:
            return
        evt.preventDefault()
