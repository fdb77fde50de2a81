"""stub"""

from __future__ import annotations

from minesat.formats.replays.model import Replay, ReplayError


def looks_like(data: bytes) -> bool:
    return False


def read(data: bytes) -> Replay:
    raise ReplayError("rawvf: not yet")
