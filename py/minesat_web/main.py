"""The page's Python entry point (index.html: `await start()`): the board from the link or local
storage, the engine's worker, one App (app.py) and its panels, each binding its own handlers:
the editor (editing.py), boards coming in (loading.py), the layouts, the reduction, the analysis
with why and what next (why.py) and Play mode (play.py); then the first analysis."""

from __future__ import annotations

from typing import Any

from minesat_web import persist, render
from minesat_web.app import App
from minesat_web.browser import document, js
from minesat_web.client import EngineClient
from minesat_web.dom import el, handle, show_message


async def start() -> App:
    """Build the page from the URL (or local storage), connect to the engine, then analyse."""
    import random
    js.performance.mark("minesat:python-start")
    random.seed()  # a restored snapshot would repeat the seed it was made with
    board, problem = persist.initial_board()
    app = App(board, EngineClient())
    from minesat_web.analyzer import (
        editing,  # after the mark: how long
        layouts,
        loading,
        reduction,
        why,
    )
    from minesat_web.play import controller as play
    from minesat_web.play import early
    from minesat_web.replay import controller as replay
    js.performance.mark("minesat:page-modules-imported")                   # the page's own modules take
    editing.bind(app)
    loading.bind(app)
    layouts.bind(app)  # before why: after an analysis, the panels on screen are drawn first,
    reduction.bind(app)  # then why and what next are asked for
    why.bind(app)
    game = play.bind(app)
    replay.bind(app)

    @handle("hashchange", js.window)
    def hashchange(evt: Any) -> None:
        """A link opened while the page is open: a game's, or a board's."""
        persist.adopt()
        fragment = persist.url_fragment()
        if fragment.startswith("play="):
            game.open_link(fragment)
        else:
            loading.open_link(app, fragment)

    link = persist.url_fragment()
    el("loading").hidden = True
    el("legend").innerHTML = render.legend_html()
    wide = js.matchMedia("(pointer: fine) and (min-width: 700px)").matches
    el("show-pct").checked = bool(wide)  # percentages on every cell by default on a desktop
    document.body.classList.toggle("show-pct", bool(wide))
    if not problem and not link.startswith("play="):  # a broken link stays in the address bar
        el("grid").dataset.board = persist.save(board)
        persist.flush()
    app.draw_grid()
    if problem:
        show_message(problem, bad=True)
    document.body.dataset.engine = "starting"
    document.body.setAttribute("data-ready", "")
    js.performance.mark("minesat:ready")
    if link.startswith("play="):  # a game needs no engine: at once (its hints wait for the engine)
        game.open_link(link)
    early.carry_out_early(game.act, game.state)  # what the player did before Python was up, done now, in order
    where = await app.client.connect()
    document.body.dataset.engine = where
    if where == "worker":
        document.body.dataset.worker = "ready"
    app.request_analysis()
    return app
