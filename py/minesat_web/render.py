"""The page's HTML, as pure functions of the engine's data: no browser import, unit-tested in CPython.

Every function returns a string (or strings) that the page puts into the DOM in one step.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from minesat.analysis.result import Analysis
from minesat.board import FLAG, HIDDEN, NUMBERS, Board, Cell
from minesat.board import cell_name as name

CELL_HINT = "Hover or tap a cell (in Inspect mode) for what is known of it."


def grouped(n: int) -> str:
    """A count of any size with its digits in groups of three, split by thin spaces."""
    return f"{n:,}".replace(",", "\u2009")


SCIENTIFIC_FROM = 10 ** 9  # counts from here on are written as 9.86 × 10⁹² (the digits on demand)
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def human_count(n: int) -> str:
    """A count a person can read: digits in groups below a billion, else three significant digits
    and a power of ten ("9.86 × 10⁹²"), rounded in integers (no float overflows)."""
    if n < SCIENTIFIC_FROM:
        return grouped(n)
    digits = str(n)
    exponent = len(digits) - 1
    mantissa = (int(digits[:4]) + 5) // 10  # three significant digits, rounded half up
    if mantissa == 1000:
        mantissa, exponent = 100, exponent + 1
    return f"{mantissa // 100}.{mantissa % 100:02d} × 10{str(exponent).translate(_SUPERSCRIPT)}"


def exact_digits(n: int) -> str:
    """Every digit of a count, grouped; `digits_value` reads it back."""
    return grouped(n)


def digits_value(text: str) -> int:
    """The count written by `exact_digits` (or with commas or spaces between the groups)."""
    return int(re.sub(r"[\s,\u2009]", "", text))


def file_size(size: int) -> str:
    """Bytes as a person reads them: '512 bytes', '3.4 kB', '1.7 MB'."""
    if size < 1000:
        return f"{size} byte{'' if size == 1 else 's'}"
    return f"{size / 1000:.1f} kB" if size < 10 ** 6 else f"{size / 10 ** 6:,.1f} MB"


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal; never 0% or 100% unless it is exactly so."""
    if 0 < p < Fraction(1, 1000):
        return "<0.1%"
    if Fraction(999, 1000) < p < 1:
        return ">99.9%"
    return f"{float(p) * 100:.1f}%"


def fraction_text(p: Fraction) -> str:
    """A probability's exact fraction, its parts in human form when they are long (0 and 1 as such)."""
    if p.denominator == 1:
        return str(p.numerator)
    if p.denominator < SCIENTIFIC_FROM:
        return f"{p.numerator}/{p.denominator}"
    return f"{exact_digits(p.numerator)} / {exact_digits(p.denominator)}"


# -- the grid -----------------------------------------------------------------------------------
CellState = tuple[str, str, str, str, str]  # class, accessible name, verdict hook, text, percent

# The probability scale: (upper bound, label) per band; a band is the class "pb<i>" of a cell.
BANDS = ((Fraction(5, 100), "under 5%"), (Fraction(15, 100), "5-15%"), (Fraction(30, 100), "15-30%"),
         (Fraction(50, 100), "30-50%"), (Fraction(75, 100), "50-75%"), (Fraction(1), "75-100%"))


def band(p: Fraction) -> int:
    """The colour band of a mine probability strictly between 0 and 1 (exact, in integers)."""
    n, d = p.numerator, p.denominator
    return next(i for i, (upper, _) in enumerate(BANDS)
                if n * upper.denominator < upper.numerator * d or upper == 1)


def short_percent(p: Fraction) -> str:
    """A probability in at most 2 characters for a cell: "<1", "17", "99" (never 0 or 100 unless sure)."""
    x = float(p) * 100
    return "<1" if x < 1 else ">99" if x > 99 else f"{x:.0f}"


def cell_states(board: Board, a: Analysis | None, shown: frozenset[Cell] | None = None,
                dead: frozenset[Cell] = frozenset()) -> list[CellState]:
    """What each cell shows, row by row: classes, accessible name, verdict hook, text, percentage.

    A user's flag keeps its own look (it is not drawn as a deduced mine). An analysis of another
    board is not drawn. The cursor is drawn apart, so moving it is cheap.
    """
    ok = a is not None and a.satisfiable and a.board == board
    forced = ({c: "safe" for c in a.safe} | {c: "mine" for c in a.mines}) if ok and a else {}
    conflict = set(a.conflict) if a is not None and not a.satisfiable and a.board == board else set()
    if a is not None and not a.satisfiable and not a.conflict and board.mines is not None \
            and len(board.flags) > board.mines:
        conflict = set(board.flags)  # too many flags for the total: the flags are the contradiction
    probability = a.probability if ok and a else {}
    out = []
    for r in range(board.rows):
        for c in range(board.cols):
            ch = board[r, c]
            where = f"row {r + 1} column {c + 1}: "
            verdict = forced.get((r, c), "")
            pct = ""
            if ch in NUMBERS:
                cls, label = f"cell revealed n{ch}", f"{where}revealed {ch}"
            elif ch == FLAG:
                cls, label = "cell flag", f"{where}flagged"
            else:
                cls, label = "cell hidden", f"{where}hidden"
                p = probability.get((r, c))
                if verdict:
                    label += ", surely safe" if verdict == "safe" else ", surely a mine"
                elif p is not None:
                    cls += f" pb{band(p)}"
                    pct = short_percent(p)
                    label += f", {pct}% mine"
                    if (r, c) in dead:
                        cls += " dead"
                        label += ", dead: opening it can show only one number"
            if verdict and shown is None and ch != FLAG:
                cls += " " + verdict
            if (r, c) in conflict:
                cls += " conflict"
                label += ", in the contradiction"
            if shown is not None and ch in (HIDDEN, FLAG):
                cls += " lay-mine" if (r, c) in shown else " lay-safe"
                label += ", a mine in the layout shown" if (r, c) in shown else ", safe in the layout shown"
            out.append((cls, label, verdict, ch if ch in NUMBERS else "", pct))
    return out


def cell_html(cls: str, label: str, text: str = "", at: Cell | None = None, grid: str = "c",
              data: str = "") -> str:
    """One cell, as every grid of the page draws it (the analyzer's, the game's, a screenshot's):
    its classes, its accessible name, its text; `at` its place (data-row, data-col and the id
    `grid`r-c, e.g. "c2-5"), `data` more attributes. index.html's `minesatCell` sets the same on
    a cell in place."""
    where = f' data-row="{at[0]}" data-col="{at[1]}" id="{grid}{at[0]}-{at[1]}"' if at is not None else ""
    return f'<div class="{cls}" role="gridcell"{where} aria-label="{label}"{data}>{text}</div>'


def rows_html(cols: int, cells: list[str]) -> str:
    """Cells, row by row, in ARIA rows (display: contents)."""
    return "".join('<div role="row" class="row">' + "".join(cells[i:i + cols]) + "</div>"
                   for i in range(0, len(cells), cols))


def state_html(index: int, cols: int, state: CellState) -> str:
    """An analyzer's cell from its state (`cell_states`)."""
    cls, label, verdict, text, pct = state
    data = (f' data-verdict="{verdict}"' if verdict else "") + (f' data-pct="{pct}"' if pct else "")
    return cell_html(cls, label, text, divmod(index, cols), "c", data)


def grid_html(cols: int, states: list[CellState]) -> str:
    """The whole grid in one string."""
    return rows_html(cols, [state_html(i, cols, s) for i, s in enumerate(states)])


SLICE_CELLS = 1500  # cells the page draws in one frame (index.html's PATCH_SLICE): a big board in slices


def grid_slices(cols: int, states: list[CellState]) -> list[str]:
    """The whole grid as the HTML of whole rows, about SLICE_CELLS cells a slice (one slice for a
    board of that many cells or fewer): the page draws one a frame, never freezing on a big board."""
    step = max(1, SLICE_CELLS // max(cols, 1)) * cols
    cells = [state_html(i, cols, s) for i, s in enumerate(states)]
    return [rows_html(cols, cells[start:start + step]) for start in range(0, len(cells), step)] or [""]


def grid_cells(board: Board, a: Analysis | None, shown: frozenset[Cell] | None = None) -> list[str]:
    """One HTML element per cell, row by row."""
    return [state_html(i, board.cols, s) for i, s in enumerate(cell_states(board, a, shown))]


def labels_html(count: int) -> str:
    """Row or column numbers, counting from 1 as the cell names do (r3c4)."""
    return "".join(f"<span>{i}</span>" for i in range(1, count + 1))


def legend_html() -> str:
    """The probability bands, the verdicts and the user's flags, as the grid draws them."""
    bands = "".join(f'<span class="key"><span class="swatch cell hidden pb{i}"></span>{label}</span>'
                    for i, (_, label) in enumerate(BANDS))
    return (f'<span class="key"><span class="swatch cell hidden safe"></span>surely safe</span>'
            f'<span class="key"><span class="swatch cell hidden mine"></span>surely a mine</span>'
            f'<span class="key"><span class="swatch cell flag"></span>your flag</span>'
            f'<span class="key"><span class="swatch cell revealed conflict"></span>in a contradiction</span>'
            f'<span class="key"><span class="swatch cell hidden"></span>hidden</span>{bands}')


def proof_text(proof: dict[str, Any]) -> str:
    """A deduction in words, with how hard it is."""
    return f"{proof['text']} ({proof['grade_name']})."


def outcome_text(board: Board, data: dict[str, Any]) -> str:
    """What opening a hidden cell can give: each number's chance and the layouts left after it."""
    total = int(data["layouts"])
    cell = (data["cell"][0], data["cell"][1])
    parts = [f"shows {n}: {percent(Fraction(int(w), total))} ({human_count(int(w))} layout"
             f"{'' if int(w) == 1 else 's'} left)" for n, w in data["numbers"].items()]
    text = f"If you open {name(cell)}: a mine {percent(Fraction(int(data['mine']), total))}; " + "; ".join(parts) + "."
    if data["dead"]:
        text += " It is dead: when safe it can show only one number, so opening it teaches nothing."
    return text


def cell_text(board: Board, a: Analysis | None, cell: Cell) -> str:
    """The hover/tap line: what the analysis knows about one cell."""
    ch = board[cell]
    text = f"{name(cell)}: " + ({HIDDEN: "hidden", FLAG: "flagged"}.get(ch) or f"revealed {ch}")
    if a is not None and a.satisfiable and a.board == board and cell in a.probability:
        p = a.probability[cell]
        text += f"; mine probability {percent(p)}"
        if p.denominator <= 1000 and 0 < p < 1:
            text += f" ({p.numerator}/{p.denominator})"
        if cell in a.safe:
            text += " (surely safe)"
        elif cell in a.mines:
            text += " (surely a mine)"
    return text


# -- the analysis summary -------------------------------------------------------------------------
def cell_exact_text(board: Board, a: Analysis | None, cell: Cell, outcome: dict[str, Any] | None = None) -> str:
    """The exact numbers behind the cell line, for who asks: the mine probability as a fraction and,
    with an outcome, the layouts left after each number, in every digit."""
    if a is None or not a.satisfiable or a.board != board or cell not in a.probability:
        return ""
    text = f"{name(cell)}: mine probability exactly {fraction_text(a.probability[cell])}."
    if outcome is not None:
        text += " Layouts left if it shows " + "; ".join(
            f"{n}: {exact_digits(int(w))}" for n, w in outcome["numbers"].items()) + "."
    return text


def total_note(board: Board, assumed: bool, level: str | None) -> str:
    """The line by the grid about the total number of mines: assumed for a standard size (and how to
    change it), or unknown (and what the percentages then assume)."""
    if board.mines is not None:
        return (f"Assumed {mines_text(board.mines)}, the {level} total: change it in <b>Total mines</b> "
                "if your game had another." if assumed and level else "")
    unknown = ("Total mines unknown: the percentages count every number of mines the clues allow. "
               "Enter the total in <b>Total mines</b> if you know it.")
    if level is not None:
        unknown += f' <button type="button" id="use-standard">Use the {level} total</button>'
    return unknown


def count_text(a: Analysis) -> str:
    return "not counted: too tangled" if a.count is None else human_count(a.count)


def verdict_text(a: Analysis) -> str:
    """The verdict line: consistent, or the contradiction in plain words."""
    if not a.satisfiable:
        return conflict_message(a) if a.conflict else total_message(a)
    text = "Consistent: the clues can all hold."
    if a.count is None:
        text += (" The board is too tangled to count its layouts exactly; the surely safe cells and mines"
                 " below come from the SAT solver on the clues and flags alone"
                 + (f" (the total of {a.board.mines} mines is not used)." if a.board.mines is not None else "."))
    return text


def tangled_text(data: dict[str, Any], stopped: bool = False) -> str:
    """How the analysis of a board too tangled to count stands: what is known, what is going on."""
    text = ("Too tangled to count the layouts exactly (" + str(data.get("tangled", "")).removeprefix(
        "the board is too tangled to count exactly: ") + "). ")
    if stopped:
        return text + ("Stopped: the cells marked are surely safe or mines (from single clues and pairs, "
                       "and the SAT solver as far as it got); others may be forced too.")
    if data.get("pending"):
        step = str(data.get("step") or "starting")
        return text + (f"Marked so far: what single clues and pairs of clues force. The SAT solver is "
                       f"checking every other cell ({step})… Esc or Cancel stops it.")
    return text + ("The surely safe cells and mines come from the SAT solver on the clues and flags alone"
                   " (the total is not used).")


MAX_LISTED = 12  # cells named in a summary line; the rest are counted


def cut_short(cells: list[Cell], show: Callable[[Cell], str] = name) -> str:
    """Cells in a summary line: the first MAX_LISTED shown, and how many more (only those shown are written)."""
    shown = ", ".join(show(cell) for cell in cells[:MAX_LISTED])
    return shown + (f" and {len(cells) - MAX_LISTED:,} more" if len(cells) > MAX_LISTED else "")


def cell_links(cells: list[Cell]) -> str:
    """Cell names that move the cursor to their cell when clicked; a long list is cut short."""
    return cut_short(cells, lambda cell: f'<button type="button" class="cellref" '
                                         f'data-cell="{cell[0]},{cell[1]}">{name((cell[0], cell[1]))}</button>')


def forced_html(a: Analysis) -> str:
    """The surely safe cells and the deduced mines (the user's flags apart), as links to the cells."""
    if not a.satisfiable:
        return ""
    flags = set(a.board.flags)
    mines = [c for c in a.mines if c not in flags]
    safe = f"<b>Surely safe</b>: {len(a.safe):,} cell{'s' if len(a.safe) != 1 else ''}" + (
        f" ({cell_links(a.safe)})" if a.safe else "")
    deduced = f"<b>Surely mines</b>: {len(mines):,}" + (f" ({cell_links(mines)})" if mines else "")
    yours = f", besides your {len(flags)} flag{'s' if len(flags) != 1 else ''}" if flags else ""
    return f"{safe}. {deduced}{yours}."


def forced_text(a: Analysis) -> str:
    """`forced_html` as plain text."""
    return re.sub(r"<[^>]+>", "", forced_html(a))


def conflict_message(a: Analysis) -> str:
    """The contradiction in plain words: which clues, and whether flags and the total take part."""
    b, one = a.board, len(a.conflict) == 1
    parts = [("the clue " if one else "the clues ") + ", ".join(f"{name(c)} ({b[c]})" for c in a.conflict)]
    if flags_take_part(a):
        parts.append("the flags next to " + ("it" if one else "them"))
    if a.conflict_total:
        parts.append(f"the total of {mines_text(b.mines or 0)}")
    verb = "cannot be met" if len(parts) == 1 and one else "cannot all hold at once"
    return (f"Contradiction: {' and '.join(parts)} {verb}; no placement of mines satisfies "
            f"{'it' if len(parts) == 1 and one else 'them'}. The clue{'' if one else 's'} "
            f"{'is' if one else 'are'} striped and framed in magenta on the board.")


def mines_text(n: int) -> str:
    """'1 mine', '99 mines'."""
    return f"{n:,} mine{'' if n == 1 else 's'}"


def flags_take_part(a: Analysis) -> bool:
    """Whether the flags are needed for the conflict: for one clue, exactly; for more, whether any touch it."""
    b = a.board
    if not any(b[n] == FLAG for c in a.conflict for n in b.neighbours(c)):
        return False  # no flag touches the clues
    if len(a.conflict) == 1:
        clue = a.conflict[0]
        return int(b[clue]) <= len(b.unknown_neighbours(clue))  # with the flags as unknowns the clue alone could hold
    return True


def total_message(a: Analysis) -> str:
    """A contradiction of the flags (or the clues) with the total number of mines alone."""
    b = a.board
    flags = len(b.flags)
    if b.mines is not None and flags > b.mines:
        return (f"Contradiction: you flagged {flags} cell{'' if flags == 1 else 's'} but the total is "
                f"{mines_text(b.mines)}. The flags are striped and framed in magenta on the board.")
    return (f"Contradiction: the clues{' and flags' if flags else ''} cannot be met with the total of "
            f"{mines_text(b.mines or 0)} (they need more or fewer mines than that).")


def failure_message(error: str, board: Board) -> str:
    """Why there is no analysis to show, in plain words (`error` is the engine's message)."""
    if error == "memory":
        return (f"This board is too large for the analysis in the browser's memory ({len(board.hidden):,} "
                "unknown cells); try a smaller board.")
    return f"The analysis failed: {error}"


# -- layouts ------------------------------------------------------------------------------------
def layout_number(n: int) -> str:
    """A layout's number on its card: whole below a billion, else its last six digits (the cards of
    a page differ there; the page says where it starts)."""
    if n < SCIENTIFIC_FROM:
        return grouped(n)
    last = f"{n % 10 ** 6:06d}"
    return f"…{last[:3]}\u2009{last[3:]}"


def layout_shown_text(number: int, mines: list[Cell]) -> str:
    """The cell line while a layout is drawn on the board: its number in human form, its mines
    named (a long list cut short)."""
    named = cut_short(mines) or "none"
    return (f"Layout {human_count(number)} shown on the board: yellow cells with a dot are its mines ({named}), "
            "pale green cells are safe in it. Click it again to go back.")


def layout_thumbnails(board: Board, layouts: list[frozenset[Cell]], first: int,
                      shown: frozenset[Cell] | None) -> str:
    """A page of layouts as small boards, in one string: hidden cells grey, mines black, and in red
    the mines where a layout differs from the page's first one (so that look-alikes tell apart).

    Each board is one SVG of three paths (a few DOM nodes, however large the board).
    """
    px = max(2, min(6, 120 // board.cols))  # thumbnails at most about 120 px wide: several per row
    unknown = board.hidden
    base = layouts[0] if layouts else frozenset()
    out = []

    def path(cells: Iterable[Cell]) -> str:
        return "".join(f"M{c} {r}h1v1h-1z" for r, c in cells)
    for i, layout in enumerate(layouts, first):
        grey = path(cell for cell in unknown if cell not in layout)
        black, red = path(sorted(layout & base)), path(sorted(layout - base))
        sel = " selected" if shown == layout else ""
        pressed = "true" if sel else "false"
        out.append(f'<button type="button" class="layout{sel}" data-index="{i}" aria-pressed="{pressed}" '
                   f'aria-label="layout {human_count(i + 1)}: show it on the board">'
                   f'<span class="num">#{layout_number(i + 1)}</span>'
                   f'<svg class="mini" width="{board.cols * px}" height="{board.rows * px}" '
                   f'viewBox="0 0 {board.cols} {board.rows}" aria-hidden="true">'
                   f'<path class="h" d="{grey}"/><path class="m" d="{black}"/><path class="d" d="{red}"/></svg>'
                   f'</button>')
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
        body = "\n".join(f"<span>{' '.join(map(str, c)) or '(empty: false)'} 0</span>" for c in clauses)
        size = f'{total:,} clause{"s" if total != 1 else ""}' + (
            f" (the first {len(clauses):,} shown)" if len(clauses) < total else "")
        head_html = f'<div class="head">{html.escape(head)}: {size}</div>'
        out.append(f'<div class="clause-group"{key}>{head_html}\n{body}\n</div>')  # copied, the clauses stay apart
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


# -- what next ------------------------------------------------------------------------------------
METHODS = {
    "safe": "it is surely safe",
    "tree": "an exact search of every way the game can go from here gives it the best chance to win",
    "region": ("it is the best first click in a closed-off region that only clicks inside can clear, "
               "found by an exact search of every way the region can go"),
    "fifty-fifty": ("no click elsewhere can make it safer (where it is a mine, a 50/50 would be left), "
                    "so it is best taken now"),
    "look-ahead": "it is among the safest guesses and what it may show leaves the safest next moves",
    "dead": "every cell left is a dead guess",
}


CHANCES = {"tree": "to win from here, with the best play", "region": "to clear the region, with the best play"}


def advice_text(data: dict[str, Any], proof: dict[str, Any] | None = None) -> str:
    """The best move in words: where, how safe, and why."""
    if "none" in data:
        return f"Best move: none ({data['none']})."
    cell = name((data["move"][0], data["move"][1]))
    if data["safe"]:
        return f"Best move: open {cell}, surely safe." + (f" Why: {proof_text(proof)}" if proof else "")
    reason = METHODS.get(data["method"], data["method"])
    chance = ""
    if data["method"] in CHANCES and data.get("candidates"):
        chance = f" ({data['candidates'][0]['score'] * 100:.1f}% {CHANCES[data['method']]})"
    return f"Best guess: open {cell}, {data['p_mine'] * 100:.1f}% mine; {reason}{chance}."
