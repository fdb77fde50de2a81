"""The page's HTML, as pure functions of the engine's data: no browser import, unit-tested in CPython.

Every function returns a string (or strings) that the page puts into the DOM in one step.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from minesat.analysis import Analysis
from minesat.board import FLAG, HIDDEN, NUMBERS, Board, Cell
from minesat.board import cell_name as name

CELL_HINT = "Hover or tap a cell for its mine probability."


def grouped(n: int) -> str:
    """A count of any size with its digits in groups of three, split by thin spaces."""
    return f"{n:,}".replace(",", "\u2009")


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


# -- the grid -----------------------------------------------------------------------------------
CellState = tuple[str, str, str, str, str]  # class, style, title, verdict, text


def cell_states(board: Board, a: Analysis | None, shown: frozenset[Cell] | None = None) -> list[CellState]:
    """What each cell shows, row by row: its classes, shading, tooltip, verdict hook and text.

    An analysis of another board is not drawn. The cursor is drawn apart, so moving it is cheap.
    """
    ok = a is not None and a.satisfiable and a.board == board
    forced = ({c: "safe" for c in a.safe} | {c: "mine" for c in a.mines}) if ok and a else {}
    conflict = set(a.conflict) if a is not None and not a.satisfiable and a.board == board else set()
    probability = a.probability if ok and a else {}
    out = []
    for r in range(board.rows):
        for c in range(board.cols):
            ch = board[r, c]
            cls = "cell " + ("flag" if ch == FLAG else "hidden" if ch == HIDDEN else f"revealed n{ch}")
            verdict = forced.get((r, c), "")
            if verdict and shown is None:
                cls += " " + verdict
            if (r, c) in conflict:
                cls += " conflict"
            if shown is not None and ch in (HIDDEN, FLAG):
                cls += " lay-mine" if (r, c) in shown else " lay-safe"
            p = probability.get((r, c))
            style, title = (f"--p:{float(p):.3f}", f"{name((r, c))}: mine {p} ≈ {percent(p)}") if p is not None \
                else ("", "")
            out.append((cls, style, title, verdict, ch if ch in NUMBERS else ""))
    return out


def cell_html(index: int, cols: int, state: CellState) -> str:
    cls, style, title, verdict, text = state
    r, c = divmod(index, cols)
    extra = (f' data-verdict="{verdict}"' if verdict else "") + (f' style="{style}" title="{title}"' if style else "")
    return f'<div class="{cls}" data-row="{r}" data-col="{c}"{extra}>{text}</div>'


def grid_html(cols: int, states: list[CellState]) -> str:
    """The whole grid in one string."""
    return "".join(cell_html(i, cols, s) for i, s in enumerate(states))


def grid_cells(board: Board, a: Analysis | None, shown: frozenset[Cell] | None = None) -> list[str]:
    """One HTML element per cell, row by row."""
    return [cell_html(i, board.cols, s) for i, s in enumerate(cell_states(board, a, shown))]


def cell_text(board: Board, a: Analysis | None, cell: Cell) -> str:
    """The hover/tap line: what the analysis knows about one cell."""
    ch = board[cell]
    text = f"{name(cell)}: " + ({HIDDEN: "hidden", FLAG: "flagged"}.get(ch) or f"revealed {ch}")
    if a is not None and a.satisfiable and a.board == board and cell in a.probability:
        p = a.probability[cell]
        text += f"; mine probability {p.numerator}/{p.denominator} ≈ {percent(p)}"
        if cell in a.safe:
            text += " (surely safe)"
        elif cell in a.mines:
            text += " (surely a mine)"
    return text


# -- the analysis summary -------------------------------------------------------------------------
def count_text(a: Analysis) -> str:
    return "not counted: too tangled" if a.count is None else grouped(a.count)


def verdict_text(a: Analysis) -> str:
    """The verdict line: consistent, or the contradiction in plain words."""
    if not a.satisfiable:
        if a.conflict:
            return conflict_message(a)
        return ("Contradiction: the flags and the total number of mines cannot both hold "
                "(too many flags, or too few hidden cells for the clues).")
    text = "Consistent: the clues can all hold."
    if a.count is None:
        text += (" The board is too tangled to count its layouts exactly; the surely safe cells and mines"
                 " below come from the SAT solver on the clues and flags alone"
                 + (f" (the total of {a.board.mines} mines is not used)." if a.board.mines is not None else "."))
    return text


def forced_text(a: Analysis) -> str:
    if not a.satisfiable:
        return ""
    safe = ", ".join(map(name, a.safe)) or "none"
    mines = ", ".join(map(name, a.mines)) or "none"
    return f"Surely safe ({len(a.safe)}): {safe}. Surely mines ({len(a.mines)}): {mines}."


def conflict_message(a: Analysis) -> str:
    """The contradiction in plain words: which clues, and whether flags and the total take part."""
    b, one = a.board, len(a.conflict) == 1
    parts = [("the clue " if one else "the clues ") + ", ".join(f"{name(c)} ({b[c]})" for c in a.conflict)]
    if any(b[n] == FLAG for c in a.conflict for n in b.neighbours(c)):
        parts.append("the flags next to " + ("it" if one else "them"))
    if a.conflict_total:
        parts.append(f"the total of {b.mines} mines")
    verb = "cannot be met" if len(parts) == 1 and one else "cannot all hold at once"
    return (f"Contradiction: {' and '.join(parts)} {verb}; no placement of mines satisfies "
            f"{'it' if one else 'them'}. The clue{'' if one else 's'} {'is' if one else 'are'} "
            "highlighted in orange.")


def failure_message(error: str, board: Board) -> str:
    """Why there is no analysis to show, in plain words (`error` is the engine's message)."""
    if error == "memory":
        return (f"This board is too large for the analysis in the browser's memory ({len(board.hidden):,} "
                "unknown cells); try a smaller board.")
    return f"The analysis failed: {error}"


# -- layouts ------------------------------------------------------------------------------------
def layout_thumbnails(board: Board, layouts: list[frozenset[Cell]], first: int,
                      shown: frozenset[Cell] | None) -> str:
    """A page of layouts as small boards (mines black, other hidden cells grey), in one string.

    Each board is one SVG of two paths (a few DOM nodes, however large the board).
    """
    px = max(2, min(6, 120 // board.cols))  # thumbnails at most about 120 px wide: several per row
    unknown = [divmod(k, board.cols) for k, ch in enumerate(board.cells) if ch in (HIDDEN, FLAG)]
    out = []
    for i, layout in enumerate(layouts, first):
        grey = "".join(f"M{c} {r}h1v1h-1z" for r, c in unknown if (r, c) not in layout)
        black = "".join(f"M{c} {r}h1v1h-1z" for r, c in sorted(layout))
        sel = " selected" if shown == layout else ""
        out.append(f'<div class="layout{sel}" data-index="{i}" title="show layout {i + 1} on the grid">'
                   f'<div class="num">#{i + 1:,}</div><svg class="mini" width="{board.cols * px}" '
                   f'height="{board.rows * px}" viewBox="0 0 {board.cols} {board.rows}" aria-hidden="true">'
                   f'<path class="h" d="{grey}"/><path class="m" d="{black}"/></svg></div>')
    return "".join(out)


# -- the reduction --------------------------------------------------------------------------------
def clauses_html(board: Board, data: dict[str, Any]) -> str:
    """The engine's first clauses, grouped by the clue that produced them, as DIMACS literals."""
    index = {tuple(cell): i for i, cell in enumerate(data["cells"])}
    out = []
    for origin, total, clauses in data["groups"]:
        if not clauses:
            break
        if origin is None:
            head, key = "flags and total number of mines", ""
        else:
            clue = (origin[0], origin[1])
            cells = [n for n in board.neighbours(clue) if n in index]
            names = ", ".join(f"{index[n] + 1}={name(n)}" for n in cells)
            head = f"clue {board[clue]} at {name(clue)}" + (f" (variables {names})" if names else "")
            key = f' data-clue="{clue[0]},{clue[1]}"'
        body = "".join(f"<span>{' '.join(map(str, c)) or '(empty: false)'} 0</span>" for c in clauses)
        size = f'{total:,} clause{"s" if total != 1 else ""}' + (
            f" (the first {len(clauses):,} shown)" if len(clauses) < total else "")
        out.append(f'<div class="clause-group"{key}><div class="head">{html.escape(head)}: {size}</div>{body}</div>')
    more = data["num_clauses"] - data["shown"]
    if more > 0:
        out.append(f'<p>… {more:,} more clauses. <button id="more-clauses">Show more</button> '
                   "or download the DIMACS file for all of them.</p>")
    if not data["num_clauses"]:
        out.append("<p>No clauses: nothing constrains the hidden cells.</p>")
    return "".join(out)


def counter_notice(board: Board, data: dict[str, Any]) -> str:
    """Why the CNF is not shown at once: the total-mines counter is large."""
    build = ("<button id='build-cnf'>Build it</button>" if data["too_big"] == "ask" else
             "That is too large to build here; clear the total to see the clues' CNF.")
    return (f"<p>With the total of {board.mines} mines over {data['hidden']:,} unknown cells, the CNF has a "
            f"counter of about {3 * data['gates']:,} clauses. {build}</p>")


def lp_text(data: dict[str, Any]) -> str:
    more = data["lp_more"]
    return data["lp"] + (f"\n… {more:,} more lines in the LP download." if more > 0 else "")
