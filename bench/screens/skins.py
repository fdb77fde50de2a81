"""Minesweeper looks drawn in HTML and CSS from a position, for the image reader's development set.

Each skin is a look players meet (the classic Windows tiles with an LED counter, a minesweeper.online-
like classic skin, a Google-like checkerboard, a dark theme, rounded tiles with gaps, a phone-app-like
look); `page(skin, rows, left)` is a whole page showing the position `rows` (minesat's cell
characters: ? hidden, F flag, 0-8 opened), optionally with other UI around the board.  The position
is the truth: nothing here reads an image.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

CLASSIC = {1: "#0000ff", 2: "#008000", 3: "#ff0000", 4: "#000080", 5: "#800000", 6: "#008080", 7: "#000000",
           8: "#808080"}
GOOGLE = {1: "#1976d2", 2: "#388e3c", 3: "#d32f2f", 4: "#7b1fa2", 5: "#ff8f00", 6: "#0097a7", 7: "#424242",
          8: "#9e9e9e"}
DARK = {1: "#61afef", 2: "#98c379", 3: "#e06c75", 4: "#c678dd", 5: "#d19a66", 6: "#56b6c2", 7: "#dcdfe4",
        8: "#7f848e"}
ONLINE = {1: "#0000f7", 2: "#007b00", 3: "#ec0000", 4: "#00007b", 5: "#7b0000", 6: "#007b7b", 7: "#000000",
          8: "#7b7b7b"}


@dataclass(frozen=True)
class Skin:
    tile: int  # CSS pixels
    page: str  # the page's background
    hidden: str  # CSS for a hidden cell (and a flag's)
    opened: str  # CSS for an opened cell
    digits: dict[int, str]
    font: str
    sizes: list[tuple[int, int, int]]
    gap: int = 0
    board: str = ""  # CSS for the board's frame
    hidden_alt: str = ""  # a checkerboard's other hidden and opened cells
    opened_alt: str = ""
    led: bool = False
    flag: str = "svg"  # "svg" or "emoji"
    extra: dict[str, str] = field(default_factory=dict)


_BEVEL = ("background:#c0c0c0;box-sizing:border-box;border:{w}px solid;"
          "border-color:#fff #7b7b7b #7b7b7b #fff;")

SKINS: dict[str, Skin] = {
    "classic": Skin(16, "#008080", _BEVEL.format(w=2),
                    "background:#c0c0c0;box-sizing:border-box;"
                    "border-left:1px solid #7b7b7b;border-top:1px solid #7b7b7b;",
                    CLASSIC, "bold {s}px 'DejaVu Sans Mono', monospace",
                    [(9, 9, 10), (16, 16, 40), (16, 30, 99), (24, 30, 180), (8, 8, 10)],
                    board="border:3px solid;border-color:#7b7b7b #fff #fff #7b7b7b;background:#c0c0c0;", led=True),
    "online": Skin(24, "#e8e8e8", _BEVEL.format(w=3),
                   "background:#bdbdbd;box-sizing:border-box;"
                   "border-left:1px solid #7b7b7b;border-top:1px solid #7b7b7b;",
                   ONLINE, "bold {s}px 'Liberation Sans', Arial, sans-serif",
                   [(16, 30, 99), (9, 9, 10), (16, 16, 40), (20, 20, 60)],
                   board="border:4px solid;border-color:#7b7b7b #fff #fff #7b7b7b;background:#bdbdbd;", led=True),
    "checker": Skin(30, "#4a752c", "background:#aad751;", "background:#e5c29f;", GOOGLE,
                    "bold {s}px 'Liberation Sans', Arial, sans-serif", [(8, 10, 10), (14, 18, 40), (20, 24, 99)],
                    hidden_alt="background:#a2d149;", opened_alt="background:#d7b899;", flag="emoji"),
    "dark": Skin(26, "#121418", "background:#3a3f4b;box-sizing:border-box;border:1px solid #15171c;",
                 "background:#262a33;box-sizing:border-box;border:1px solid #15171c;", DARK,
                 "600 {s}px 'DejaVu Sans', sans-serif", [(16, 30, 99), (9, 9, 10), (16, 16, 40), (12, 20, 40)],
                 board="background:#15171c;padding:2px;"),
    "rounded": Skin(28, "#f4f6fb", "background:linear-gradient(#8fb7f0,#6a98e0);border-radius:7px;",
                    "background:#e8edf5;border-radius:7px;", GOOGLE, "bold {s}px 'DejaVu Sans', sans-serif",
                    [(9, 9, 10), (16, 16, 40), (16, 30, 99), (10, 12, 20)], gap=3,
                    board="background:#f4f6fb;padding:6px;"),
    "phone": Skin(36, "#1f2a44", "background:#4a6ee0;border-radius:4px;box-shadow:inset 0 -3px 0 #3552b8;",
                  "background:#f2f4f8;border-radius:4px;", CLASSIC, "800 {s}px 'Liberation Sans', sans-serif",
                  [(9, 9, 10), (12, 8, 15), (16, 10, 30), (10, 10, 15)], gap=2, flag="emoji",
                  board="background:#1f2a44;padding:8px;"),
}

_FLAG_SVG = ('<svg viewBox="0 0 16 16" width="{s}" height="{s}"><path d="M8 2 L8 11" stroke="#000" stroke-width="1.6"/>'
             '<path d="M8.5 2 L3 4.5 L8.5 7 Z" fill="#f00"/><rect x="4" y="11" width="8" height="1.6" fill="#000"/>'
             '<rect x="3" y="12.5" width="10" height="1.8" fill="#000"/></svg>')
_SEGMENTS = {"a": (2, 1, 9, 2), "b": (10, 2, 2, 8), "c": (10, 11, 2, 8), "d": (2, 19, 9, 2), "e": (1, 11, 2, 8),
             "f": (1, 2, 2, 8), "g": (2, 10, 9, 2)}
_LIT = {0: "abcdef", 1: "bc", 2: "abdeg", 3: "abcdg", 4: "bcfg", 5: "acdfg", 6: "acdefg", 7: "abc", 8: "abcdefg",
        9: "abcdfg"}


def _led(value: int, height: int) -> str:
    """Three seven-segment digits, lit red on black (off segments dim), as the classic counter draws them."""
    digits = f"{max(0, value):03d}"[-3:]
    parts = []
    for k, ch in enumerate(digits):
        for name, (x, y, w, h) in _SEGMENTS.items():
            fill = "#ff0000" if name in _LIT[int(ch)] else "#400000"
            parts.append(f'<rect x="{x + 13 * k}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>')
    width = round(height * 39 / 22)
    return (f'<svg viewBox="0 0 39 22" width="{width}" height="{height}" style="background:#000">'
            + "".join(parts) + "</svg>")


def page(skin: Skin, rows: list[str], left: int, around: bool = False, rng: random.Random | None = None) -> str:
    """The HTML of a page showing the position, `left` mines not flagged (on an LED counter where the skin
    has one); with `around`, a title, a menu, buttons and text around the board."""
    rng = rng or random.Random(0)
    t = skin.tile
    cells = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            odd = (r + c) % 2 == 1
            if ch in "?F":
                style = skin.hidden_alt if odd and skin.hidden_alt else skin.hidden
                inner = ""
                if ch == "F":
                    inner = (_FLAG_SVG.format(s=int(t * 0.7)) if skin.flag == "svg"
                             else f'<span style="font-size:{int(t * 0.6)}px">🚩</span>')
            else:
                style = skin.opened_alt if odd and skin.opened_alt else skin.opened
                n = int(ch)
                inner = (f'<span style="color:{skin.digits[n]};font:{skin.font.format(s=int(t * 0.7))}">{n}</span>'
                         if n else "")
            cells.append(f'<div class="c" style="{style}">{inner}</div>')
    cols = len(rows[0])
    board = (f'<div id="board" style="display:grid;grid-template-columns:repeat({cols},{t}px);'
             f'grid-auto-rows:{t}px;gap:{skin.gap}px;{skin.board}width:max-content">' + "".join(cells) + "</div>")
    header = ""
    if skin.led:
        face = ('<div style="width:26px;height:26px;box-sizing:border-box;border:2px solid;'
                'border-color:#fff #7b7b7b #7b7b7b #fff;background:#c0c0c0;text-align:center">:)</div>')
        header = (f'<div style="display:flex;justify-content:space-between;align-items:center;padding:4px;'
                  f'margin-bottom:6px;border:2px solid;border-color:#7b7b7b #fff #fff #7b7b7b">'
                  f'{_led(left, 24)}{face}{_led(rng.randrange(999), 24)}</div>')
    elif around:
        header = (f'<div style="font:16px sans-serif;color:#888;padding:6px">Mines: {left} &nbsp; Time: '
                  f'{rng.randrange(999)}</div>')
    body = f'<div id="window" style="display:inline-block;padding:8px;background:{skin.page}">{header}{board}</div>'
    if around:
        side = "".join(f'<p style="margin:4px">{w}</p>' for w in ("New game", "Beginner", "Intermediate", "Expert",
                                                                 "Custom", "Statistics", "Settings"))
        body = (f'<h2 style="font:bold 22px sans-serif;margin:8px">Minesweeper</h2>'
                f'<div style="display:flex;gap:{rng.randrange(10, 60)}px;margin-left:{rng.randrange(0, 200)}px">'
                f'<nav style="font:14px sans-serif;background:#ddd;padding:8px">{side}</nav>{body}'
                f'<aside style="font:13px serif;width:180px">Open cells with a left click, flag with a right click. '
                f'The numbers say how many mines touch a cell.</aside></div>')
    return (f'<!doctype html><html><head><meta charset="utf-8"><style>.c{{display:flex;align-items:center;'
            f'justify-content:center;overflow:hidden}}</style></head><body style="margin:0;padding:20px;'
            f'background:{skin.page if not around else "#fafafa"}">{body}</body></html>')
