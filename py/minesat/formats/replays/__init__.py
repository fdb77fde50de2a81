"""Replays of played games: Arbiter (.avf), Viennasweeper (.rmv), Metasweeper (.evf), Minesweeper
Clone (.mvf) and RawVF (.rawvf) files read into one `Replay` (model.py): the board, the mouse and
board events, the outcome, what the file says of itself.  `read_replay(data, filename)` detects the
format by content, then by extension; any malformed file raises `ReplayError` (one line)."""

from minesat.formats.replays.model import Replay, ReplayError
from minesat.formats.replays.read import looks_like_replay, read_replay

__all__ = ["Replay", "ReplayError", "looks_like_replay", "read_replay"]
