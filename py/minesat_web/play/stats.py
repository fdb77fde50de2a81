"""Play mode's statistics, per level and rule, kept in local storage: games won and lost, the
streak, the best streak, the best time."""

from __future__ import annotations

import json
from typing import Any

from minesat_web.browser import js
from minesat_web.dom import el, handle
from minesat_web.play import render as playrender

STATS_KEY = "minesat.stats"
FIELDS = ("won", "lost", "streak", "best_streak", "best_ms")


def stats() -> dict[str, dict[str, int]]:
    """{"level/rule": {"won", "lost", "streak", "best_streak", "best_ms"}}; the earlier form
    ({level: [won, lost]}) is read as classic games."""
    try:
        data = json.loads(str(js.localStorage.getItem(STATS_KEY) or "{}"))
        out: dict[str, dict[str, int]] = {}
        for key, value in data.items():
            if isinstance(value, list):  # the earlier form
                out[f"{key}/classic"] = {"won": int(value[0]), "lost": int(value[1]), "streak": 0,
                                         "best_streak": 0, "best_ms": 0}
            else:
                out[str(key)] = {k: int(value.get(k, 0)) for k in FIELDS}
        return out
    except Exception:  # noqa: BLE001 - missing or corrupted storage: no stats yet
        return {}


def show() -> None:
    el("play-stats").innerHTML = playrender.play_stats_html(stats())
    el("play-stats-reset").hidden = not stats()


def record(level: str, rule: str, won: bool, took_ms: int) -> None:
    """A game ended: counted, its streak and time kept."""
    kept = stats()
    key = f"{level}/{rule}"
    s = kept.get(key, dict.fromkeys(FIELDS, 0))
    s["won" if won else "lost"] += 1
    s["streak"] = s["streak"] + 1 if won else 0
    s["best_streak"] = max(s["best_streak"], s["streak"])
    if won and (not s["best_ms"] or took_ms < s["best_ms"]):
        s["best_ms"] = took_ms
    kept[key] = s
    save(kept)


def save(kept: dict[str, dict[str, int]]) -> None:
    try:
        js.localStorage.setItem(STATS_KEY, json.dumps(kept))
    except Exception:  # noqa: BLE001 - storage disabled: the game still counts on screen
        pass
    show()


def bind() -> None:
    @handle("click", "#play-stats-reset")
    def reset_stats(evt: Any) -> None:
        if js.confirm("Forget the statistics of every level?"):
            save({})
