"""What the player did before the game could take it, kept and done later in order, never lost:

- before Python was up: index.html keeps each click in `minesatEarly` (a button or a choice with
  Play's settings as they were then, a cell opened or flagged) and marks it `.queued`;
  `carry_out_early` does them once Python starts, and from then on the page's own handlers answer;
- while a no-guess board is being drawn: the clicks on the grid are `Held`, their cells marked
  `.queued`, and played on the board once it is there (or dropped with the drawing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from minesat.board import Cell
from minesat_web.browser import js
from minesat_web.dom import el
from minesat_web.play.state import PlayState


class Control(NamedTuple):
    """A button clicked or a choice changed, with Play's settings then ({field id: value})."""
    event: str  # "click" or "change"
    id: str
    settings: dict[str, str]


class Tap(NamedTuple):
    """A cell clicked ("open": as a tap is now, a flag when taps flag) or flagged."""
    cell: Cell
    flag: bool


def early_actions(items: Iterable[Any]) -> list[Control | Tap]:
    """index.html's `minesatEarly` entries, `["click"|"change", id, settings]` or
    `["open"|"flag", row, col]`, as actions in their order; any other kind is skipped."""
    actions: list[Control | Tap] = []
    for item in items:
        kind = str(item[0])
        if kind in ("click", "change"):
            actions.append(Control(kind, str(item[1]), {str(k): str(v) for k, v in dict(item[2]).items()}))
        elif kind in ("open", "flag"):
            actions.append(Tap((int(item[1]), int(item[2])), kind == "flag"))
    return actions


def carry_out_early(act: Callable[[Cell, bool], None], state: PlayState) -> None:
    """What the player did before Python was up, done now in order: buttons clicked, choices
    changed (each with Play's settings as they were then), cells clicked or flagged (`act(cell,
    flag)`: a click flags when taps flag, as the state is by then)."""
    early = js.window.minesatEarly
    js.window.minesatEarly = None  # from now on the page's own handlers answer
    for action in early_actions(early.to_py() if early else []):
        if isinstance(action, Tap):
            act(action.cell, action.flag or state.flag_taps)
            continue
        node = el(action.id)
        if node is None:
            continue
        for id_, value in action.settings.items():
            if (field := el(id_)) is not None:
                field.value = value
        node.removeAttribute("aria-busy")
        node.classList.remove("queued")
        if action.event == "click":
            node.click()
        else:
            node.dispatchEvent(js.Event.new("change"))


class Held:
    """The clicks on the grid made while a no-guess board is drawn: (cell, flag, kind) in order."""

    def __init__(self) -> None:
        self.moves: list[tuple[Cell, bool, str | None]] = []

    def keep(self, cell: Cell, flag: bool, kind: str | None) -> None:
        """One more click, its cell marked `.queued` until the board is there."""
        self.moves.append((cell, flag, kind))
        node = el(f"p{cell[0]}-{cell[1]}")
        if node:
            node.classList.add("queued")

    def take(self) -> list[tuple[Cell, bool, str | None]]:
        """The clicks kept, to be played (the board drawn anew loses their marks)."""
        held, self.moves = self.moves, []
        return held

    def drop(self) -> None:
        """The drawing cancelled: the clicks forgotten, their marks taken off."""
        self.moves = []
        for node in list(js.document.querySelectorAll("#play-grid .queued")):
            node.classList.remove("queued")
