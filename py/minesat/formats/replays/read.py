"""One door to the replay readers: the format by content (magic), else by the file's extension."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from minesat.board import FLAG, MAX_SIDE, Board
from minesat.formats.replays import avf, evf, mvf, rawvf, rmv
from minesat.formats.replays.events import derive
from minesat.formats.replays.model import MAX_BYTES, MAX_EVENTS, Replay, ReplayError

READERS: dict[str, ModuleType] = {"rmv": rmv, "evf": evf, "avf": avf, "mvf": mvf, "rawvf": rawvf}
ORDER = ("rmv", "rawvf", "avf", "evf", "mvf")  # the surest magic first


def detect(data: bytes, filename: str = "") -> str | None:
    """The replay format of these bytes: by content, else by the name's extension, else None."""
    for name in ORDER:
        if READERS[name].looks_like(data):
            return name
    ext = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    return ext if ext in READERS else None


def looks_like_replay(data: bytes, filename: str = "") -> bool:
    """Whether these bytes (or, failing their content, the file's name) are a replay's."""
    return detect(data, filename) is not None


def read_replay(data: bytes, filename: str = "", derive_events: bool = True) -> Replay:
    """The replay in these bytes, its board events derived; ReplayError (one line) when malformed."""
    if len(data) > MAX_BYTES:
        raise ReplayError(f"the file is {len(data) / 1e6:.1f} MB; a replay is at most {MAX_BYTES // 1_000_000} MB")
    if not data:
        raise ReplayError("the file is empty")
    name = detect(data, filename)
    if name is None:
        raise ReplayError("not a replay minesat reads (Arbiter .avf, Viennasweeper .rmv, Metasweeper .evf, "
                          "Minesweeper Clone .mvf, RawVF .rawvf)")
    read: Callable[[bytes], Replay] = READERS[name].read
    try:
        replay = read(data)
    except ReplayError:
        raise
    except (IndexError, ValueError, KeyError, OverflowError, UnicodeError, ZeroDivisionError) as e:
        # a reader's guard missed a malformed field: still one line, never a traceback
        raise ReplayError(f"{name} replay: malformed ({type(e).__name__}: {str(e)[:80]})") from e
    if len(replay.mouse) > MAX_EVENTS:
        raise ReplayError(f"{name} replay: {len(replay.mouse):,} mouse events is more than a game records")
    if derive_events:
        derive(replay)
        if not replay.time and replay.start is not None and replay.end is not None:
            replay.time = round(replay.end - replay.start, 3)  # no time in the file: the events' own
    return replay


NAME = "replay"
EXTENSIONS = (".avf", ".rmv", ".evf", ".mvf", ".rawvf")
NOTE = ("a replay's board: its mines are flagged and every other cell shows its number (hide cells with ? to make a "
        "position); `minesat replay` gives the game's statistics and its review")


def looks_like(data: bytes) -> bool:
    """A replay by its content alone (the format registry's test; Clone's files before 0.97 have no magic)."""
    return detect(data) is not None


def replay_board(data: bytes) -> Board:
    """The board of the game a replay file holds, as the format registry reads boards (like MBF's):
    the mines flagged, every other cell showing its number, the total given."""
    if detect(data) is None:  # no magic: a Clone file before 0.97, or not a replay
        try:
            replay = read_replay(data, "game.mvf", derive_events=False)
        except ReplayError:
            raise ReplayError("not a replay minesat reads (Arbiter .avf, Viennasweeper .rmv, Metasweeper .evf, "
                              "Minesweeper Clone .mvf, RawVF .rawvf)") from None
    else:
        replay = read_replay(data, "", derive_events=False)
    if replay.rows > MAX_SIDE or replay.cols > MAX_SIDE:
        raise ReplayError(f"the replay's board is {replay.rows}x{replay.cols}; boards are at most {MAX_SIDE} a side")
    mines = replay.mine_set
    rows = ["".join(FLAG if (r, c) in mines else str(sum((rr, cc) in mines for rr in range(r - 1, r + 2)
                                                         for cc in range(c - 1, c + 2)))
                    for c in range(replay.cols)) for r in range(replay.rows)]
    return Board.from_rows(rows, len(mines))
