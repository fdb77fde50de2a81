"""The replay player's HTML and words, as pure functions (no browser import, unit-tested in
CPython): the board at a moment with each hidden cell's mine probability, the pointer's path, the
statistics table, the graded board events, a proof in words, the timeline's texts.  The cells
look as the analyzer's and the game's do (`render.cell_html`)."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from minesat.board import Cell
from minesat.board import cell_name as name
from minesat_web.play.render import GRADE_WORDS
from minesat_web.render import band, cell_html, rows_html, short_percent
from minesat_web.replay.state import Position, ReplayView

GRADE_MARKS = {"forced": "✓", "best": "★", "good": "≈", "risky": "!", "needless": "✗", "fifty-fifty": "½"}


def board_html(view: ReplayView, pos: Position, odds: dict[Cell, Fraction] | None = None,
               marked: Cell | None = None, proof: frozenset[Cell] = frozenset(), best: Cell | None = None) -> str:
    """The board after `pos.step` events: open cells with their numbers, flags, the mines once the
    game is over; `odds` each hidden cell's mine probability (band and percentage, sure cells marked);
    `marked` the cell of the event just played, `proof` the clues of the proof shown, `best` a safer cell."""
    over = view.over(pos.step)
    odds = odds or {}
    cells = []
    for r in range(view.rows):
        for c in range(view.cols):
            cell = (r, c)
            where = f"row {r + 1} column {c + 1}: "
            text, data = "", ""
            if cell in pos.opened and cell not in view.mines:
                n = view.numbers[cell]
                cls, label, text = f"cell revealed n{n}", f"{where}{n}", str(n) if n else ""
            elif cell == pos.exploded:
                cls, label = "cell mine exploded", where + "the mine opened"
            elif over and cell in view.mines:
                cls, label = ("cell flag", where + "flagged mine") if cell in pos.flags else (
                    "cell mine shown", where + "mine")
            elif cell in pos.flags:
                cls, label = "cell flag", where + "flagged"
            else:
                cls, label = "cell hidden", where + "hidden"
                p = odds.get(cell)
                if p is not None:
                    if p in (0, 1):
                        cls += " safe" if p == 0 else " mine"
                        label += ", surely safe" if p == 0 else ", surely a mine"
                        data += f' data-verdict="{"safe" if p == 0 else "mine"}"'
                    else:
                        cls += f" pb{band(p)}"
                        data += f' data-pct="{short_percent(p)}"'
                        label += f", {short_percent(p)}% mine"
            if cell in proof:
                cls += " proof"
                data += " data-proof"
            if cell == best:
                cls += " best"
                data += " data-best"
                label += ", surely safe: the move to make"
            if cell == marked:
                cls += " cursor"
                label += ", the event's cell"
            cells.append(cell_html(cls, label, text, cell, "rp", data))
    return rows_html(view.cols, cells)


def path_svg(view: ReplayView, t: float, whole: bool) -> str:
    """The pointer over the board at moment `t` (a dot), and with `whole` its path so far (a line);
    in the board's own units (one a cell), drawn over the grid."""
    here = view.cursor(t)
    points = view.path(t) if whole else []
    line = (f'<polyline points="{" ".join(f"{x:.2f},{y:.2f}" for x, y in points)}" class="replay-path"/>'
            if len(points) > 1 else "")
    dot = f'<circle cx="{here[0]:.2f}" cy="{here[1]:.2f}" r="0.22" class="replay-pointer"/>' if here else ""
    return (f'<svg viewBox="0 0 {view.cols} {view.rows}" preserveAspectRatio="none" aria-hidden="true" '
            f'focusable="false">{line}{dot}</svg>')


def clock(seconds: float) -> str:
    """A moment of the game: '12.34 s'."""
    return f"{seconds:.2f} s"


def about_text(data: dict[str, Any], filename: str) -> str:
    """What the file is: software, player, date, level and board, the outcome."""
    meta = data["meta"]
    parts = [meta.get("software") or f"{data['format']} {data['version']}"]
    if meta.get("player"):
        parts.append(meta["player"])
    if meta.get("date"):
        parts.append(meta["date"])
    level = meta.get("level") or "custom"
    parts.append(f"{level} {data['cols']}x{data['rows']}, {len(data['mines'])} mines")
    outcome = {"won": "won", "lost": "lost", "unfinished": "unfinished"}.get(data["outcome"], data["outcome"])
    parts.append(f"{outcome} in {data['time']:.2f} s")
    return f"{filename}: " + " · ".join(parts)


STAT_ROWS = (  # (key, label, how it is shown)
    ("time", "Time", "s"), ("3bv", "3BV", "int"), ("3bv_solved", "3BV solved", "int"), ("3bv/s", "3BV/s", "3"),
    ("openings", "Openings", "int"), ("islands", "Islands", "int"), ("left", "Left clicks", "int"),
    ("right", "Right clicks", "int"), ("double", "Double clicks (chords)", "int"), ("cl", "Clicks", "int"),
    ("lce", "Effective left", "int"), ("rce", "Effective right", "int"), ("dce", "Effective double", "int"),
    ("ce", "Effective clicks", "int"), ("ioe", "IOE (3BV solved per click)", "3"),
    ("throughput", "Throughput (3BV solved per effective click)", "3"), ("correctness", "Correctness", "3"),
    ("rqp", "RQP", "3"), ("stnb", "STNB", "1"), ("path", "Path (cells)", "1"),
)


def stat_value(value: Any, how: str) -> str:
    if value is None:
        return "–"
    if how == "int":
        return str(value)
    if how == "s":
        return f"{float(value):.3f} s"
    return f"{float(value):.{int(how)}f}"


def stats_html(stats: dict[str, Any], luck: float | None = None) -> str:
    """The statistics as a table of two columns (pLuck once the grades are in); the count of each number."""
    rows = [(label, stat_value(stats.get(key), how)) for key, label, how in STAT_ROWS]
    rows.append(("pLuck", "…" if luck is None else f"{luck:.3f}"))
    cells = stats.get("cells") or []
    if cells:
        rows.append(("Numbers 0-8", " ".join(str(n) for n in cells)))
    body = "".join(f'<tr><th scope="row">{html.escape(label)}</th><td data-stat="{html.escape(label)}">'
                   f"{html.escape(value)}</td></tr>" for label, value in rows)
    return f'<table class="replay-stats">{body}</table>'


def event_line(event: list[Any], graded: dict[str, Any] | None) -> str:
    """One board event in words: its moment, what it did and where, its grade when known."""
    t, kind, r, c, opened = event
    what = f"{clock(float(t))} {kind} {name((r, c))}"
    if kind in ("open", "chord") and len(opened) > 1:
        what += f" ({len(opened)} cells)"
    if graded is None:
        return what
    grade = GRADE_WORDS.get(graded["grade"], graded["grade"])
    if graded["grade"] not in ("forced",) and kind in ("open", "chord") and graded["p_mine"]:
        grade += f", {graded['p_mine'] * 100:.1f}% mine"
    return f"{what}: {grade}"


def events_html(events: list[list[Any]], moves: list[dict[str, Any]] | None, step: int,
                only_guesses: bool = False) -> str:
    """The board events as options of a list box, each with its grade when the grades are in; event
    i is step i (the position before it, on which it is graded), selected when it is the next event
    at `step`; `only_guesses` lists only the events that were not forced."""
    items = []
    for i, event in enumerate(events):
        graded = moves[i] if moves and i < len(moves) else None
        grade = graded["grade"] if graded else ""
        if only_guesses and (not graded or grade == "forced"):
            continue
        mark = GRADE_MARKS.get(grade, "")
        items.append(f'<li role="option" id="re{i}" data-step="{i}" data-grade="{html.escape(grade)}" '
                     f'aria-selected="{"true" if i == step else "false"}" class="grade-{html.escape(grade or "none")}">'
                     f'<span class="grade-mark" aria-hidden="true">{mark}</span> '
                     f"{html.escape(event_line(event, graded))}</li>")
    return "".join(items)


def proof_text(graded: dict[str, Any] | None) -> str:
    """Why the event is graded so: its proof in words (forced, needless), or the safer cell."""
    if not graded:
        return ""
    r, c, kind = graded["move"]
    said = f"{kind} {name((r, c))}: {GRADE_WORDS.get(graded['grade'], graded['grade'])}"
    texts = graded.get("proof_text") or []
    if graded["grade"] == "needless" and texts:
        return f"{said}, {graded['p_mine'] * 100:.1f}% mine. {texts[0]}."
    if graded["grade"] == "forced" and texts:
        return f"{said}. " + " ".join(t + "." for t in texts[:3]) + (" …" if len(texts) > 3 else "")
    best = graded.get("best")
    if best and graded["grade"] in ("risky", "good", "fifty-fifty", "best"):
        said += (f", {graded['p_mine'] * 100:.1f}% mine; the advisor's choice: "
                 f"{name((best['move'][0], best['move'][1]))}, {best['p_mine'] * 100:.1f}%")
    return said + "."


def next_of(moves: list[dict[str, Any]], step: int, grade: str) -> int | None:
    """The first event after the one at `step` with this grade (its index: the step before it), or None."""
    return next((i for i, m in enumerate(moves) if i > step and m["grade"] == grade), None)
