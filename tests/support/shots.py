"""The screenshots of real clients in tests/images/ (tests/images/README.md) and their truth, for the tests
of the image reader and of the command line's read-image."""

from __future__ import annotations

import json
from pathlib import Path

IMAGES = Path(__file__).resolve().parents[1] / "images"


def truth(shot: Path) -> tuple[list[str], int]:
    """A screenshot's board rows and mine total, from the JSON beside it."""
    data = json.loads(shot.with_suffix(".json").read_text())
    return data["rows"], data["mines"]
