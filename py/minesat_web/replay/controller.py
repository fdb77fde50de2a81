"""The replay player bound to the page: a replay file picked or dropped is read by the engine's
worker (`Op.REPLAY`: the game and its statistics at once), then graded (`Op.REPLAY_REVIEW`); the
board is played back on a timeline (play, pause, speed, ← and → by board event), each hidden
cell's mine probability and the proofs of the forced cells asked for the moment shown (the
engine's analyze and explain ops), and the position opens in the analyzer by its link.

Test hooks: #replay has data-state ("reading", "read", "graded", "failed"), data-read-ms and
data-graded-ms (from the file given to its statistics, to its grades); data-step (the board events
played); #replay-grid has data-odds="ready" once the position's probabilities are drawn."""

from __future__ import annotations

import asyncio
from fractions import Fraction
from typing import Any

from minesat.board import named
from minesat.messages.codec import request
from minesat.messages.ops import Lane, Op
from minesat_web.analyzer import loading
from minesat_web.app import App
from minesat_web.browser import document, js, js_object
from minesat_web.client import Dropped, EngineFailed
from minesat_web.dom import el, handle, in_play_mode, select_row
from minesat_web.replay import render
from minesat_web.replay.state import MAX_BYTES, SPEEDS, ReplayView, is_replay_name

FRAME = 0.04  # seconds between two frames while playing
RETRIES = 5   # a request dropped by a newer one of the analyzer's board is sent again


class Player:
    """The replay on screen: its data, its grades, the moment shown, and what the engine said of it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.view: ReplayView | None = None
        self.name = ""
        self.bytes: bytes = b""
        self.moves: list[dict[str, Any]] | None = None
        self.t = 0.0
        self.step = 0
        self.playing: asyncio.Task[Any] | None = None
        self.odds: dict[tuple[int, int], Fraction] = {}
        self.proofs: dict[tuple[int, int], str] = {}
        self.odds_step = -1  # the step whose odds are drawn
        self.asking: asyncio.Task[Any] | None = None
        self.asking_step = -1
        self.generation = 0  # a newer file makes older answers moot

    # -- a file in ---------------------------------------------------------------------------------
    async def open_file(self, file: Any) -> None:
        """Read the file's bytes here, then let the worker read the replay and grade it."""
        self.stop()
        self.generation += 1
        generation = self.generation
        name = str(file.name)
        section = el("replay")
        section.hidden = False
        section.dataset.state = "reading"
        self.say(f"Reading {named(name)}…")
        el("replay-body").hidden = True
        started = js.performance.now()
        if int(file.size) > MAX_BYTES:
            self.fail(f"Could not read {named(name)}: it is {int(file.size) / 1e6:.1f} MB, more than a replay can be.")
            return
        data = bytes((await file.arrayBuffer()).to_py())
        try:
            answer = await self.ask(request(Op.REPLAY, None, name=name), Lane.REPLAY, data)
        except EngineFailed as e:
            if generation == self.generation:
                self.fail(f"Could not read {named(name)}: {e}")
            return
        if generation != self.generation:
            return
        self.view, self.name, self.bytes, self.moves = ReplayView(answer), name, data, None
        section.dataset.readMs = f"{js.performance.now() - started:.0f}"
        section.dataset.state = "read"
        self.say("")
        el("replay-about").textContent = render.about_text(answer, named(name))
        el("replay-stats").innerHTML = render.stats_html(answer["stats"])
        el("replay-summary").textContent = "Grading every board event…"
        el("replay-body").hidden = False
        slider = el("replay-time")
        slider.min, slider.max = f"{self.view.start:.3f}", f"{self.view.end:.3f}"
        self.show_step(0)
        el("replay-grid").focus(js_object({"preventScroll": True}))
        section.scrollIntoView(js_object({"block": "start"}))
        await self.grade(generation, started)

    async def grade(self, generation: int, started: float) -> None:
        """The second step: every board event graded, with proofs, in slices (the engine grades for
        a fraction of a second each time): the grades shown as they come, the position's odds asked
        for between two slices."""
        moves: list[dict[str, Any]] = []
        start: int | None = 0
        answer: dict[str, Any] = {}
        while start is not None:
            try:
                answer = await self.ask(request(Op.REPLAY_REVIEW, None, name=self.name, start=start),
                                        Lane.REPLAY_REVIEW, self.bytes)
            except EngineFailed as e:
                if generation == self.generation:
                    el("replay-summary").textContent = f"The review could not be made: {e}"
                    el("replay").dataset.state = "graded"
                return
            if generation != self.generation or self.view is None:
                return
            moves += answer["moves"]
            start = answer["next"]
            self.moves = moves
            if start is not None:
                el("replay-summary").textContent = f"Grading the board events: {len(moves)} of {answer['total']}…"
            self.draw_events()
            self.draw_proof()
            self.draw_board()
        if self.view is None:
            return
        el("replay").dataset.gradedMs = f"{js.performance.now() - started:.0f}"
        el("replay-summary").textContent = f"{len(moves)} board events: {answer['summary']}."
        el("replay-stats").innerHTML = render.stats_html(self.view.data["stats"], answer["pluck"])
        el("replay").dataset.state = "graded"

    async def ask(self, req: dict[str, Any], lane: Lane, data: bytes | None = None) -> Any:
        """One request, sent again if a newer request of the analyzer's board dropped it."""
        for _ in range(RETRIES):
            try:
                return await self.app.client.call(req, lane=lane, data=js_bytes(data) if data is not None else None)
            except Dropped:
                continue
        raise EngineFailed("the engine was too busy; open the file again")

    def say(self, text: str, bad: bool = False) -> None:
        m = el("replay-message")
        m.textContent = text
        m.className = "bad" if bad else ""

    def fail(self, text: str) -> None:
        self.say(text, bad=True)
        el("replay").dataset.state = "failed"
        el("replay-body").hidden = True

    # -- the moment shown --------------------------------------------------------------------------
    def show_time(self, t: float, analyse: bool = True) -> None:
        """The board at moment `t` (the events played by then)."""
        view = self.view
        if view is None:
            return
        self.t = min(max(t, view.start), view.end)
        step = view.step_at(self.t)
        if step != self.step or not analyse:
            self.step = step
            self.draw_board()
            self.draw_events_selection()
        self.draw_clock()
        if analyse:
            self.ask_odds()

    def show_step(self, step: int) -> None:
        """The board after `step` board events, at the moment of the last of them."""
        view = self.view
        if view is None:
            return
        self.step = min(max(step, 0), view.steps())
        self.t = view.time_of(self.step)
        self.draw_board()
        self.draw_clock()
        self.draw_events_selection()
        self.draw_proof()
        self.ask_odds()

    def draw_clock(self) -> None:
        view = self.view
        if view is None:
            return
        el("replay-time").value = f"{self.t:.3f}"
        el("replay-clock").textContent = (f"{render.clock(self.t)} / {render.clock(view.end)} · "
                                          f"{self.step} of {view.steps()} board events played")
        el("replay").dataset.step = str(self.step)
        el("replay-path-layer").innerHTML = render.path_svg(view, self.t, bool(el("replay-path").checked))

    def current(self) -> dict[str, Any] | None:
        """The graded event about to be played at this step (graded on this position)."""
        return self.moves[self.step] if self.moves and self.step < len(self.moves) else None

    def draw_board(self) -> None:
        view = self.view
        if view is None:
            return
        pos = view.position(self.step)
        odds = self.odds if self.odds_step == self.step and el("replay-odds").checked else None
        graded = self.current()
        event = view.events[self.step] if self.step < view.steps() else None
        proof = frozenset((r, c) for p in (graded or {}).get("proof", [])[:1] for r, c in p["clues"])
        best = None
        if graded and graded["grade"] == "needless" and graded["proof"]:
            best = (graded["proof"][0]["cell"][0], graded["proof"][0]["cell"][1])
        grid = el("replay-grid")
        grid.style.setProperty("--cols", str(view.cols))
        grid.style.setProperty("--rows", str(view.rows))
        grid.innerHTML = render.board_html(view, pos, odds, (event[2], event[3]) if event else None, proof, best)
        grid.dataset.odds = "ready" if odds is not None else ""
        el("replay-analyze").href = "#" + view.fragment(self.step)

    def draw_events(self) -> None:
        view = self.view
        if view is None:
            return
        el("replay-events").innerHTML = render.events_html(view.events, self.moves, self.step,
                                                           bool(el("replay-guesses").checked))
        self.draw_events_selection()

    def draw_events_selection(self) -> None:
        listing = el("replay-events")
        node = select_row(listing, f"re{self.step}")
        if node and self.playing is None:
            listing.scrollTop = max(0, int(node.offsetTop) - int(listing.offsetTop) - 40)

    def draw_proof(self) -> None:
        el("replay-proof").textContent = render.proof_text(self.current())

    # -- the engine on the moment shown ------------------------------------------------------------
    def ask_odds(self) -> None:
        if self.view is None or self.playing is not None or not el("replay-odds").checked:
            return
        if self.odds_step == self.step:
            self.draw_board()
            return
        if self.asking and not self.asking.done() and self.asking_step == self.step:
            return  # asked already
        if self.asking and not self.asking.done():
            self.asking.cancel()
        self.asking, self.asking_step = asyncio.ensure_future(self.position_odds(self.step)), self.step

    async def position_odds(self, step: int) -> None:
        """Each hidden cell's mine probability at this step (from the numbers and the total: the
        flags are the player's marks), then the proofs of the forced cells."""
        view = self.view
        if view is None:
            return
        board = view.board(step)
        try:
            answer = await self.app.client.call(request(Op.ANALYZE, board), lane=Lane.REPLAY_POSITION)
        except (Dropped, EngineFailed) as e:
            el("replay-cell-info").textContent = f"No probabilities here: {e}" if str(e) else ""
            return
        if view is not self.view or step != self.step:
            return
        self.odds = {(r, c): Fraction(n, d) for r, c, n, d in answer["probability"]}
        for r, c in answer["safe"]:
            self.odds[(r, c)] = Fraction(0)
        for r, c in answer["mines"]:
            self.odds[(r, c)] = Fraction(1)
        self.odds_step, self.proofs = step, {}
        self.draw_board()
        if answer["safe"] or answer["mines"]:
            try:
                explained = await self.app.client.call(request(Op.EXPLAIN, board), lane=Lane.REPLAY_POSITION)
            except (Dropped, EngineFailed):
                return
            if view is self.view and step == self.step:
                self.proofs = {(p["cell"][0], p["cell"][1]): p["text"] for p in explained["proofs"]}

    def cell_info(self, cell: tuple[int, int]) -> str:
        """A cell at this moment: its mine probability, and the proof when it is forced."""
        view = self.view
        if view is None:
            return ""
        pos = view.position(self.step)
        where = f"r{cell[0] + 1}c{cell[1] + 1}"
        if cell in pos.opened:
            return f"{where}: open"
        if cell in self.proofs:
            return self.proofs[cell] + "."
        p = self.odds.get(cell) if self.odds_step == self.step else None
        flagged = " (flagged)" if cell in pos.flags else ""
        if p is None:
            return f"{where}{flagged}: hidden"
        return f"{where}{flagged}: {float(p) * 100:.1f}% mine"

    # -- playing ---------------------------------------------------------------------------------
    def play(self) -> None:
        view = self.view
        if view is None or self.playing is not None:
            return
        if self.t >= view.end:
            self.t = view.start
        self.playing = asyncio.ensure_future(self.run())
        el("replay-play").textContent = "⏸ Pause"
        el("replay-play").setAttribute("aria-pressed", "true")

    def stop(self) -> None:
        task, self.playing = self.playing, None
        if task is not None:
            task.cancel()
        el("replay-play").textContent = "▶ Play"
        el("replay-play").setAttribute("aria-pressed", "false")

    async def run(self) -> None:
        """The game played back at the speed chosen, a frame every FRAME seconds."""
        last = float(js.performance.now())
        try:
            while self.view is not None:
                await asyncio.sleep(FRAME)
                now = float(js.performance.now())
                speed = float(el("replay-speed").value or 1)
                t = self.t + (now - last) / 1000 * speed
                last = now
                if t >= self.view.end:
                    self.t = self.view.end
                    break
                self.show_time(t, analyse=False)
        finally:
            if self.playing is asyncio.current_task():
                self.playing = None
                self.stop()
                self.show_time(self.t)
                self.draw_proof()

    def close(self) -> None:
        self.stop()
        self.generation += 1
        self.view, self.moves, self.bytes = None, None, b""
        el("replay").hidden = True


def js_bytes(data: bytes) -> Any:
    """A fresh Uint8Array with a copy of `data` (the client moves its buffer to the worker)."""
    array = js.Uint8Array.new(len(data))
    array.assign(data)
    return array


def open_in_analyzer(player: Player, app: App) -> None:
    """The position shown, opened in the analyzer (as its link would), then brought into view."""
    view = player.view
    if view is None:
        return
    if in_play_mode():
        el("mode-analyze").click()
    loading.open_link(app, view.fragment(player.step))
    el("grid").scrollIntoView(js_object({"block": "start"}))


def bind(app: App) -> Player:
    """The player's handlers, bound where they are defined."""
    player = Player(app)
    el("replay-speed").innerHTML = "".join(
        f'<option value="{s:g}"{" selected" if s == 1 else ""}>{s:g}×</option>' for s in SPEEDS)

    def replay_file(file: Any) -> None:  # a replay opened or dropped on the analyzer's side (loading.py)
        asyncio.ensure_future(player.open_file(file))
    app.on("replay-file", replay_file)

    @handle("click", "#replay-open")
    def pick(evt: Any) -> None:
        el("replay-input").click()

    @handle("change", "#replay-input")
    def picked(evt: Any) -> None:
        files = el("replay-input").files
        if files.length:
            asyncio.ensure_future(player.open_file(files.item(0)))
        el("replay-input").value = ""

    @handle("click", "#replay-play")
    def play_pause(evt: Any) -> None:
        if player.playing is None:
            player.play()
        else:
            player.stop()

    @handle("click", "#replay-prev")
    def previous(evt: Any) -> None:
        player.stop()
        player.show_step(player.step - 1)

    @handle("click", "#replay-next")
    def following(evt: Any) -> None:
        player.stop()
        player.show_step(player.step + 1)

    @handle("click", "#replay-next-needless")
    def next_needless(evt: Any) -> None:
        found = render.next_of(player.moves or [], player.step, "needless")
        if found is None:
            found = render.next_of(player.moves or [], -1, "needless")
        if found is None:
            player.say("No needless guess in this game." if player.moves else "The grades are not in yet.")
            return
        player.stop()
        player.show_step(found)

    @handle("input", "#replay-time")
    def scrub(evt: Any) -> None:
        player.stop()
        player.show_time(float(el("replay-time").value))
        player.draw_proof()

    @handle("change", "#replay-path")
    def path_toggled(evt: Any) -> None:
        player.draw_clock()

    @handle("change", "#replay-odds")
    def odds_toggled(evt: Any) -> None:
        player.draw_board()
        player.ask_odds()

    @handle("change", "#replay-guesses")
    def guesses_toggled(evt: Any) -> None:
        player.draw_events()

    @handle("click", "#replay-events", within="[data-step]")
    def event_picked(evt: Any, node: Any) -> None:
        player.stop()
        player.show_step(int(node.dataset.step))
        el("replay-grid").scrollIntoView(js_object({"block": "nearest"}))

    @handle("click", "#replay-grid", within=".cell[data-row]")
    def cell_picked(evt: Any, node: Any) -> None:
        el("replay-cell-info").textContent = player.cell_info((int(node.dataset.row), int(node.dataset.col)))

    @handle("click", "#replay-analyze")
    def analyze(evt: Any) -> None:
        evt.preventDefault()
        open_in_analyzer(player, app)

    @handle("click", "#replay-close")
    def close(evt: Any) -> None:
        player.close()

    @handle("keydown", document)
    def keys(evt: Any) -> None:
        """← and → step by board event, Home and End, Space plays or pauses: inside the player."""
        target = evt.target
        if player.view is None or el("replay").hidden or not (target and hasattr(target, "closest")
                                                               and target.closest("#replay")):
            return
        tag = str(target.tagName).lower() if target.tagName else ""
        if tag in ("input", "select", "textarea") or evt.altKey or evt.metaKey or evt.ctrlKey:
            return
        key = str(evt.key)
        if key in ("ArrowLeft", "ArrowRight"):
            player.stop()
            player.show_step(player.step + (1 if key == "ArrowRight" else -1))
        elif key == "Home":
            player.stop()
            player.show_step(0)
        elif key == "End" and player.view:
            player.stop()
            player.show_step(player.view.steps())
        elif key == " " and tag not in ("button", "a", "summary"):
            play_pause(evt)
        else:
            return
        evt.preventDefault()

    return player


def is_replay_file(file: Any) -> bool:
    """A file given to the page that the player reads (by its name: browsers give these no type)."""
    return is_replay_name(str(file.name))


__all__ = ["Player", "bind", "is_replay_file"]
