"""The engine in a web worker: the page sends a board (its share fragment), gets the analysis as JSON.

Started by the page after it is interactive, so a long analysis never blocks the tab.
"""

import json

from minesat.analysis import analyze
from minesat.share import board_from_fragment


def analyse(fragment: str) -> str:
    """Analysis of the board in `fragment`, as JSON with exact numbers kept as strings."""
    try:
        a = analyze(board_from_fragment(fragment), uncountable="sat")
    except MemoryError:
        return json.dumps({"error": "memory"})
    except Exception as e:  # noqa: BLE001 - reported in the page
        return json.dumps({"error": f"{type(e).__name__}: {e}"})
    return json.dumps({
        "satisfiable": a.satisfiable, "count": None if a.count is None else str(a.count),
        "safe": a.safe, "mines": a.mines, "conflict": a.conflict, "conflict_total": a.conflict_total,
        "probability": [[r, c, str(p.numerator), str(p.denominator)] for (r, c), p in a.probability.items()],
    })


__export__ = ["analyse"]
