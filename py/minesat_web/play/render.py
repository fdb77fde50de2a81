"""Play mode's HTML and words, as pure functions: the game's cells, its end in numbers, a cell's
odds, the statistics, and the review's graded moves (no browser import, unit-tested in CPython).
The analyzer's panels are `render`'s; the cells' looks are shared with it."""

from __future__ import annotations

import html
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from minesat.board import Cell
from minesat.board import cell_name as name
from minesat_web.render import band, cell_html, rows_html, short_percent

MARK_WORDS = {"needless": "a needless guess", "losing": "the losing guess", "proof": "a clue of the proof"}


def play_cells(game: Any, best: Cell | None = None, cursor: Cell | None = None,
               odds: dict[Cell, Fraction] | None = None, wrong: frozenset[Cell] = frozenset(),
               marks: dict[Cell, str] | None = None) -> str:
    """A game as the player sees it (mines shown once it is over), one string, ARIA rows of cells;
    the keyboard's cursor, with `odds` each hidden cell's mine probability (its band and
    percentage), the flags the advisor found wrong, and the review's `marks` (a cell's class:
    "needless", "losing", said in its name too)."""
    marks = marks or {}
    over = game.state != "playing"
    odds = odds or {}
    cells = []
    for r in range(game.rows):
        for c in range(game.cols):
            cell = (r, c)
            where = f"row {r + 1} column {c + 1}: "
            text = ""
            if cell in game.opened:
                n = game.number(cell)
                cls, label, text = f"cell revealed n{n}", f"{where}{n}", str(n) if n else ""
            elif over and game.mine_cells and cell in game.mine_cells:
                boom = cell == game.exploded
                flagged = cell in game.flags or game.state == "won"  # a won game: every mine flagged
                cls = "cell mine exploded" if boom else ("cell flag" if flagged else "cell mine shown")
                label = where + ("the mine you opened" if boom else "flagged mine" if flagged else "mine")
            elif cell in game.flags:
                cls, label = ("cell flag wrong", f"{where}flag, no mine") if over else ("cell flag", f"{where}flagged")
                if cell in wrong:
                    cls += " wrong-flag"
                    label += ", cannot be a mine"
            else:
                cls, label = "cell hidden", f"{where}hidden"
            data = ""
            p = odds.get(cell) if cls == "cell hidden" else None
            if p is not None:
                if p == 0 or p == 1:
                    cls += " safe" if p == 0 else " mine"
                    label += ", surely safe" if p == 0 else ", surely a mine"
                else:
                    cls += f" pb{band(p)}"
                    data += f' data-pct="{short_percent(p)}"'
                    label += f", {short_percent(p)}% mine"
            if cell in marks:
                cls += f" {marks[cell]}"
                label += f", {MARK_WORDS.get(marks[cell], marks[cell])}"
            if cell == cursor:
                cls += " cursor"
            if cell == best:
                cls += " best"
                data = " data-best"
                label += ", the best move"
            cells.append(cell_html(cls, label, text, cell, "p", data))
    return rows_html(game.cols, cells)


def game_end_text(three_bv: int, clicks: int, seconds: float | None, won: bool) -> str:
    """The game's end in numbers: its 3BV, the clicks made, the efficiency (3BV per click, of the
    whole board when won) and the time (None: not timed here, a game opened from its link)."""
    efficiency = f"; efficiency {three_bv / clicks:.0%}" if won and clicks else ""
    took = f" in {seconds:.1f} s" if seconds is not None else ""
    return (f"{'Won' if won else 'Lost'}{took}. 3BV {three_bv} (the fewest clicks that clear this "
            f"board); your clicks: {clicks}{efficiency}.")


def odds_text(cell: Cell, data: dict[str, Any]) -> str:
    """A hidden cell's odds while playing (the engine's "odds")."""
    return (f"{name(cell)}: {data['p_mine'] * 100:.1f}% mine. Safe, and the next click too (its secondary "
            f"safety): {data['safety'] * 100:.1f}%. Chance it makes another cell surely safe: "
            f"{data['progress'] * 100:.1f}%.")


def best_time(ms: int) -> str:
    return f"{ms / 1000:.1f} s" if ms else "–"


def play_stats_html(stats: dict[str, dict[str, int]]) -> str:
    """Your games: per level the wins and losses, then per level and rule the streaks and best time."""
    if not stats:
        return ""
    levels: dict[str, list[int]] = {}
    for key, s in stats.items():
        level = key.split("/")[0]
        levels.setdefault(level, [0, 0])
        levels[level][0] += s["won"]
        levels[level][1] += s["lost"]
    summary = "; ".join(f"{html.escape(level)}: {won} won, {lost} lost" for level, (won, lost) in levels.items())
    rows = "".join(
        f"<tr><th scope='row'>{html.escape(key.replace('/', ', '))}</th><td>{s['won'] + s['lost']}</td>"
        f"<td>{s['won']}</td><td>{s['streak']}</td><td>{s['best_streak']}</td><td>{best_time(s['best_ms'])}</td></tr>"
        for key, s in sorted(stats.items()))
    return (f"<p>Your games: {summary}.</p><table class='play-stats'><tr><th scope='col'>level, rule</th>"
            "<th scope='col'>games</th><th scope='col'>won</th><th scope='col'>streak</th>"
            f"<th scope='col'>best streak</th><th scope='col'>best time</th></tr>{rows}</table>")


GRADE_WORDS = {
    "forced": "forced",
    "best": "the best guess",
    "good": "a good guess (within a point of the best)",
    "risky": "riskier than needed",
    "needless": "a needless guess: a surely safe cell was there",
    "fifty-fifty": "an unavoidable 50/50",
}


def sentences(texts: Iterable[str]) -> str:
    """Texts as sentences, one after another: each ends with a full stop."""
    return " ".join(t if t.endswith((".", "!", "?")) else t + "." for t in (t.strip() for t in texts) if t)


def review_line(m: dict[str, Any]) -> str:
    """One graded move in words: what was played, its grade, and what was better or why it was sure."""
    r, c, kind = m["move"]
    grade = GRADE_WORDS.get(m["grade"], m["grade"])
    if m["grade"] == "forced":
        grade += ": surely a mine" if kind == "flag" else ": surely safe"
    text = f"{kind} {name((r, c))}: {grade}"
    if m["grade"] not in ("forced",) and (m["p_mine"] or m["grade"] != "best"):
        text += f", {m['p_mine'] * 100:.1f}% mine"
    best = m.get("best")
    if best and m["grade"] in ("risky", "good"):
        text += f"; the advisor's {name((best['move'][0], best['move'][1]))} was {best['p_mine'] * 100:.1f}%"
    if m["grade"] == "needless" and m["safe_cells"]:  # the safe cell the proof below is about
        sure_cell = m["proof"][0]["cell"] if m["proof"] else m["safe_cells"][0]
        text += f"; {name((sure_cell[0], sure_cell[1]))} was surely safe"
    if m["proof"]:
        proof = m["proof"][0]
        clues = ", ".join(name((r, c)) for r, c in proof["clues"])
        sure = name((proof["cell"][0], proof["cell"][1]))
        text += (f" (why {sure} is {'safe' if proof['verdict'] == 'safe' else 'a mine'}: "
                 f"{'the clue' if len(proof['clues']) == 1 else 'the clues'} {clues}"
                 f"{' and the total' if proof['total'] else ''})")
    return text + "."


def review_html(data: dict[str, Any], step: int) -> str:
    """The review's moves as options of a list box, the one on the board selected."""
    return "".join(
        f'<li role="option" id="rv{i}" data-step="{i}" data-grade="{html.escape(m["grade"])}" '
        f'aria-selected="{"true" if i == step else "false"}" class="grade-{html.escape(m["grade"])}">'
        f"{html.escape(review_line(m))}</li>" for i, m in enumerate(data["moves"]))


def review_marks(data: dict[str, Any], lost: bool) -> dict[Cell, str]:
    """The cells the review marks on the board: every needless guess's, and the losing guess's
    (the last move of a lost game)."""
    moves = data.get("moves") or []
    marks = {(m["move"][0], m["move"][1]): "needless" for m in moves if m["grade"] == "needless"}
    if lost and moves:
        marks[(moves[-1]["move"][0], moves[-1]["move"][1])] = "losing"
    return marks


def proof_words(m: dict[str, Any]) -> str:
    """A graded move's first proof, in a few words: " (the clues r1c2, r2c2 and the total)"."""
    if not m.get("proof"):
        return ""
    proof = m["proof"][0]
    clues = ", ".join(name((r, c)) for r, c in proof["clues"])
    one = len(proof["clues"]) == 1 and not proof["total"]
    return (f" ({'the clue' if len(proof['clues']) == 1 else 'the clues'} {clues}"
            f"{' and the total' if proof['total'] else ''} {'shows' if one else 'show'} it)")


def review_advice(data: dict[str, Any]) -> str:
    """What the player should have done instead of the losing move (the last one), in one line
    with its proof."""
    moves = data.get("moves") or []
    if not moves:
        return ""
    m = moves[-1]
    here, grade, risk = name((m["move"][0], m["move"][1])), m["grade"], m["p_mine"] * 100
    best = m.get("best")
    if grade == "needless" and (m.get("proof") or m.get("safe_cells")):
        sure = m["proof"][0]["cell"] if m.get("proof") else m["safe_cells"][0]
        was = "surely a mine" if risk >= 100 else f"a needless guess, {risk:.1f}% mine"
        sure_name = name((sure[0], sure[1]))
        return f"You should have opened {sure_name}: it was surely safe{proof_words(m)}; {here} was {was}."
    if risk >= 100:
        return f"{here} was surely a mine{proof_words(m)}: flag it, never open it."
    if grade == "risky" and best:
        return (f"You should have opened {name((best['move'][0], best['move'][1]))}, "
                f"{best['p_mine'] * 100:.1f}% mine, rather than {here}, {risk:.1f}%: no cell was surely safe.")
    if grade == "good" and best:
        return (f"Nothing to do better: no cell was surely safe, and {here} ({risk:.1f}% mine) was within a point "
                f"of the best guess, {name((best['move'][0], best['move'][1]))} ({best['p_mine'] * 100:.1f}%).")
    if grade == "fifty-fifty":
        return f"Nothing to do better: {here} was an unavoidable 50/50 (no cell was surely safe)."
    return f"Nothing to do better: no cell was surely safe, and {here} ({risk:.1f}% mine) was the best guess."
