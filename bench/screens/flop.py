"""Screenshots of Flop Player (`hgraceb/flop-player`), the web player of competitive Minesweeper replays, paused at
moments of real players' real games.

Usage: .venv/bin/python bench/screens/flop.py CLIENTS_DIR OUT_DIR [COUNT]

CLIENTS_DIR holds `flop-player/`, its checkout at the commit of docs/screenshots.md (`git archive`, its two
5-megabyte error-test replays left out: they are not in the stored snapshot) built by its own tools into
`flop-player/dist/` (`npm ci` from its own package-lock.json, whose `resolved` addresses, of two Chinese mirrors
that are gone, are rewritten to the public registry's; `NODE_OPTIONS=--openssl-legacy-provider npm run build`:
its webpack 4 on Node 20), and `flop-replays/`: real replays of real games, copied from its own `public/videos/`
(Minesweeper Arbiter's AVF, Minesweeper X's MVF of four versions, Viennasweeper's RMV) and from
`ralokt/sweeping-view`'s test replays (an AVF and an RMV); never made up.  Its constructed test replays
(`custom.rawvf`, `nested-opening.rawvf`, `Cus_1x1_0mines.rawvf`) are not used.  CLIENTS_DIR is served from
127.0.0.1; every other request is refused (Chromium's host rules, and a route that aborts it).

Each replay is loaded the way its share links load one: `index.html?share=` with its options (`{"uri": ...}`,
base64 of JSON) in the address; the player fetches, parses and starts playing it.  It is paused and sought as its
own control bar does (its store's `setVideoPaused`, then `setGameElapsedTime`, which plays its game events up to
that time or back); its square size (its "Square size" menu, 16 to 32 pixels: `setSquareSize`) and its language
(`setLocale`) are its own settings.  Moments: early (10-25 % of the game's time), middle (40-65 %), or the end (the
last event: a won game, its mines all flagged by the player, or the one lost game, `wasted_clicks_test.avf`, every
mine shown); a moment during a press (a pressed cell drawn sunken) is moved on to the next event until none is.

Truth from the player's own state, never from minesat's reader: its Vuex store (the app's `$store`, reached
through the `__vue_app__` Vue 3 sets on its `#app` element; nothing is added to its page), `gameImgBoard` (the
picture each cell is drawn with: `cell-normal` '?', `cell-flag` 'F', `cell-number-N` N, at a loss `cell-mine`,
`cell-mine-bomb` and `cell-flag-wrong` '?'; a flag is 'F' wherever the player put it: the lost game has flags on
safe cells before its end) and `gameCellBoard` (the layout: `number` -1 a mine, else its count).
Checked: every opened number equals the mines of the layout around it (our own neighbourhood) and the player's own
count, the layout holds the game's mines, no pressed cell or question mark, shown mines only at the lost end (and
then every mine not flagged shown, one of them the blast), at a won end every mine flagged and every other cell
opened, and the drawing itself (the `<use>` of each cell in its SVG) shows the pictures of the state.  The
replay's mouse cursor, which the player draws over the board, is left where the replay has it: its place (in the
board's 16-pixel units) is in the truth file.

Variants (`corpus.plan`): device scales 1, 1.25, 1.5, 2, 3; one in three as JPEG at quality 60-90; the board's
SVG alone (its counters, face and player name included), or the page around it (its menu bar, its statistics
panel, its control bar) with a margin of 6, 30 or 120 pixels; square sizes 16, 20, 24, 32; its four languages;
boards of 8x8, 16x16, 30x16, 20x20, 30x8 and 8x30.
"""

from __future__ import annotations

import base64
import json
import random
import sys
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import around, base, check_counts, plan, save  # serving, shots, truth files, neighbours

CLIENT = "hgraceb/flop-player"
STORE = "document.querySelector('#app').__vue_app__.config.globalProperties.$store"
# (replay under CLIENTS_DIR/flop-replays, moment): 17 real games, 27 moments
GAMES = [("avf/arbiter_beg.avf", "early"), ("avf/arbiter_int.avf", "middle"), ("avf/arbiter_exp.avf", "early"),
         ("avf/wasted_clicks_test.avf", "end"), ("avf/Cus_20x20_20mines.avf", "middle"),
         ("avf/Cus_30x8_30mines.avf", "end"), ("mvf/0.97_beta.mvf", "early"), ("rmv/int.rmv", "middle"),
         ("rmv/beg.rmv", "end"), ("avf/Cus_8x30_30mines.avf", "middle"), ("mvf/2006_release_1.mvf", "middle"),
         ("rmv/exp.rmv", "end"), ("sweeping-view/test_subject.rmv", "early"),
         ("avf/wasted_clicks_test.avf", "middle"), ("avf/arbiter_int.avf", "end"),
         ("sweeping-view/test_subject.avf", "middle"), ("mvf/2007_release_2.mvf", "end"), ("rmv/int.rmv", "early"),
         ("avf/arbiter_beg.avf", "end"), ("avf/Cus_30x8_30mines.avf", "early"),
         ("mvf/0.96_beta_or_earlier.mvf", "middle"), ("avf/wasted_clicks_test.avf", "early"),
         ("rmv/exp.rmv", "middle"), ("avf/Cus_20x20_20mines.avf", "end"), ("sweeping-view/test_subject.rmv", "end"),
         ("avf/arbiter_exp.avf", "middle"), ("mvf/2006_release_2.mvf", "end")]
SQUARES = (16, 16, 20, 24, 32)
LOCALES = ("en", "en", "zh-Hans", "zh-Hant", "de")
MOMENTS = {"early": (0.10, 0.25), "middle": (0.40, 0.65)}
STATE = f"""(() => {{ const s = {STORE}.state;
    const drawn = [...document.querySelectorAll('svg.svg-game use')].map(u => u.getAttribute('xlink:href') ||
        u.getAttribute('href')).filter(h => h && h.startsWith('#cell-')).map(h => h.slice(1));
    const cursor = s.gameMousePoints[s.gameMousePoints.length - 1] || {{x: 0, y: 0}};
    return {{width: s.width, height: s.height, mines: s.mines, imgs: [...s.gameImgBoard], drawn,
             layout: s.gameCellBoard.map(c => c.number), index: s.gameEventIndex, elapsed: s.gameElapsedTime,
             face: s.faceStatus, cursor: [cursor.x / 16, cursor.y / 16], square: s.squareSize, locale: s.locale}};
}})()"""


def share_url(url: str, replay: str) -> str:
    """The player's own share link for a replay (its ShareAdapter: base64 of the JSON options, URI-encoded)."""
    options = base64.b64encode(json.dumps({"uri": f"/flop-replays/{replay}"}).encode()).decode()
    return f"{url}flop-player/dist/index.html?share={urllib.parse.quote(options, safe='')}"


def truth_rows(state: dict, end: str | None) -> list[str]:
    """minesat's rows from the player's state, every check of the module's docstring made on the way; `end` is
    the game's last event's name ('Win', 'Lose') when the moment is the end, else None."""
    rows, cols = state["height"], state["width"]
    imgs, layout = state["imgs"], state["layout"]
    assert len(imgs) == len(layout) == rows * cols
    assert state["drawn"] == imgs, "its drawing is not its state"
    mine_at = [n == -1 for n in layout]
    assert sum(mine_at) == state["mines"], "its layout's mines"
    flat = []
    for i, (img, mine) in enumerate(zip(imgs, mine_at)):
        r, c = divmod(i, cols)
        if img.startswith("cell-number-"):
            n = int(img[len("cell-number-"):])
            assert not mine and n == layout[i] == around(mine_at, rows, cols, r, c), (r, c, img)
            flat.append(str(n))
        elif img == "cell-flag":
            flat.append("F")
        elif img == "cell-normal":
            assert end != "Win" or not mine, "a won end leaves no mine unflagged"
            assert end != "Lose" or not mine, "a lost end shows every mine not flagged"
            flat.append("?")
        elif img in ("cell-mine", "cell-mine-bomb", "cell-flag-wrong"):
            assert end == "Lose", f"{img} before a lost end"
            assert mine == (img != "cell-flag-wrong")
            flat.append("?")
        else:
            raise AssertionError(f"a cell drawn {img}")  # pressed or question-marked: not kept
    if end == "Win":
        assert all(v == "F" if m else v.isdigit() for v, m in zip(flat, mine_at)), "a won end"
    if end == "Lose":
        assert imgs.count("cell-mine-bomb") == 1, "the blast"
    truth = ["".join(flat[r * cols:(r + 1) * cols]) for r in range(rows)]
    check_counts(truth, mine_at, rows, cols)
    return truth


def capture(browser, url: str, rng: random.Random, out: Path, count: int) -> None:
    for i, shot in enumerate(plan(rng, [(0, 0, 0)], count)):
        replay, moment = GAMES[i % len(GAMES)]
        square = rng.choice(SQUARES)
        locale = rng.choice(LOCALES)
        ctx = base.context(browser, shot["scale"], 1700, 1000)
        page = ctx.new_page()
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1:")
                   else route.abort())
        page.goto(share_url(url, replay))
        page.wait_for_function(f"{STORE}.state.gameEvents.length > 0 && !{STORE}.state.loading")
        page.evaluate(f"{STORE}.commit('setVideoPaused')")
        page.evaluate(f"{STORE}.commit('setSquareSize', {square}); {STORE}.commit('setLocale', '{locale}')")
        rows, cols = page.evaluate(f"[{STORE}.state.height, {STORE}.state.width]")
        page.set_viewport_size({"width": max(1700, cols * square + 900), "height": max(1000, rows * square + 450)})
        events = page.evaluate(f"{STORE}.state.gameEvents.map(e => [e.name, e.time])")
        start = next(t for name, t in events if name == "Start")
        last_name, last = events[-1]
        if moment == "end":
            times, end = [last], last_name
        else:
            low, high = MOMENTS[moment]
            first = start + rng.uniform(low, high) * (last - start)
            times, end = sorted({t for _, t in events if first <= t < last}), None
        for t in times:  # on to the first event time where no cell is pressed
            page.evaluate(f"{STORE}.commit('setGameElapsedTime', {t})")
            page.wait_for_timeout(50)
            state = page.evaluate(STATE)
            if not any(img in ("cell-press", "cell-question-press") for img in state["imgs"]) and \
                    any(img.startswith("cell-number-") for img in state["imgs"]):
                break
        else:
            raise AssertionError(f"{replay}: no moment without a pressed cell")
        page.mouse.move(0, 0)
        page.wait_for_function(f"""(() => {{ const s = {STORE}.state; const drawn = [...document.querySelectorAll(
            'svg.svg-game use')].map(u => u.getAttribute('xlink:href') || u.getAttribute('href'))
            .filter(h => h && h.startsWith('#cell-')).map(h => h.slice(1));
            return drawn.length === s.gameImgBoard.length && drawn.every((d, k) => d === s.gameImgBoard[k]); }})()""")
        page.wait_for_timeout(300)
        state = page.evaluate(STATE)
        assert state["square"] == square and state["locale"] == locale and state["elapsed"] == t
        truth = truth_rows(state, end)
        lost = end == "Lose"
        board = shot["margin"] == 20  # the board's SVG alone, else the page around it
        selector = "svg.svg-game" if board else "#app > div[style*='fit-content']"
        name = f"flop-{i}{'-lost' if lost else ''}"
        save(out, base.shoot(page, selector, shot["margin"]), name,
             {"client": CLIENT, "scale": shot["scale"], "rows": truth, "mines": state["mines"], "lost": lost,
              "replay": replay, "moment": moment, "time_ms": t, "square": square, "locale": locale,
              "view": "board" if board else "page", "cursor": state["cursor"]}, shot["quality"])
        ctx.close()


def main() -> None:
    clients, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    count = int(sys.argv[3]) if len(sys.argv) > 3 else len(GAMES)
    server, url = base.serve(clients)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=base.CHROMIUM_ARGS, headless=True)
        capture(browser, url, random.Random(34), out, count)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
