"""The page's Python entry point (index.html: `await start()`): the board from the link or local
storage, the engine's worker, the handlers (events.py), Play mode (play.py) and the why and what
next (why.py) bound to one App (app.py), then the first analysis."""

from __future__ import annotations

import js
from pyscript import document

from minesat_web import persist, render
from minesat_web.app import App, el, show_message
from minesat_web.client import EngineClient


async def start() -> App:
    """Build the page from the URL (or local storage), connect to the engine, then analyse."""
    import random
    js.performance.mark("minesat:python-start")
    random.seed()  # a restored snapshot would repeat the seed it was made with
    board, problem = persist.initial_board()
    app = App(board, EngineClient())
    from minesat_web import events, play, why  # after the mark: how long the page's own modules take
    js.performance.mark("minesat:page-modules-imported")
    app.why = why.Why(app)
    events.bind(app)
    app.play = play.bind(app)
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
    where = await app.client.connect()
    document.body.dataset.engine = where
    if where == "worker":
        document.body.dataset.worker = "ready"
    app.schedule_analysis()
    if link.startswith("play="):
        app.play.open_link(link)
    return app
