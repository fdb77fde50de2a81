"""Viennasweeper's replays (.rmv), format versions 1 and 2 (ralokt/rmv_spec; facts also from
ms-toollib's reader).

Big-endian.  `*rmv`, the format version (2 bytes); v2: clone id, clone major version; file size
(4); v1: result string size (2); the sizes of the version info, player info, board, pre-flags and
properties (2 each); v2: extension properties size (2); events size (4), checksum size (2); v1: the
result string; the version info; player fields (count, then length-prefixed: name, nickname,
country, token); board generation timestamp (4), columns, rows (1 each), mines (2), the mines as
(column, row); pre-flags (count, (column, row) pairs) when their size is not 0; the properties
(question marks, no-flag, mode, level, v2: 3BV (little-endian 2), square size; v1: a UTF-8 flag);
v2: extension properties (name, value); then the events until a termination event:

    1-7   mouse: move, left down, left up, right down, right up, middle down, middle up:
          game time (3, ms), button flags (1), x, y (2 each; v1 offset by 12 and 56, v2 signed)
    28    (v2) short move: time change (1), x and y changes (signed 4 bits each)
    0     (v1) timestamp change (4)
    9-14, 18-27  board events: column, row (the board's reaction: pressed, closed, question
          mark, flag, opened 0-8, blast)
    15-17 termination: blast, win, other; game time (3, ms)

then the checksum.  Flags placed before the game are pre-flags (event `pf` at time 0).
"""

from __future__ import annotations

from minesat.formats.replays.model import (
    MAX_EVENTS,
    OUTSIDE,
    Bytes,
    Meta,
    MouseEvent,
    Replay,
    check_board,
    iso_date,
    level_name,
    text,
)

WHAT = "Viennasweeper replay (rmv)"
MOUSE = {1: "mv", 2: "lc", 3: "lr", 4: "rc", 5: "rr", 6: "mc", 7: "mr"}
BOARD = {9: "pressed", 10: "pressed questionmark", 11: "closed", 12: "questionmark", 13: "flag", 14: "open",
         **{18 + k: f"open {k}" for k in range(9)}, 27: "blast"}
ENDS = {15: "lost", 16: "won", 17: "unfinished"}
MODES = {0: "classic", 1: "upk", 2: "cheat", 3: "density"}
LEVELS = {0: "beginner", 1: "intermediate", 2: "expert", 3: "custom"}


def looks_like(data: bytes) -> bool:
    return data[:4] == b"*rmv"


def read(data: bytes) -> Replay:
    b = Bytes(data, WHAT)
    if b.take(4) != b"*rmv":
        raise b.fail("no '*rmv' signature")
    version = b.u16()
    if version not in (1, 2):
        raise b.fail(f"format version {version} is not 1 or 2")
    clone_id = b.u8() if version == 2 else 1
    b.u8() if version == 2 else None
    b.skip(4)  # file size
    result_size = b.u16() if version == 1 else 0
    version_size, _player_size, _board_size, preflags_size, properties_size = (b.u16() for _ in range(5))
    b.u16() if version == 2 else None
    b.skip(4 + 2)  # events size, checksum size
    result = b.take(result_size)
    version_info = _text(b.take(version_size))
    fields = [b.take(b.u8()) for _ in range(min(b.u16(), 16))]
    timestamp = b.u32()
    cols, rows, count = b.u8(), b.u8(), b.u16()
    if count > rows * cols:
        raise b.fail(f"{count} mines do not fit a {rows}x{cols} board")
    raw = b.take(2 * count)
    mines = check_board(rows, cols, [(raw[2 * i + 1], raw[2 * i]) for i in range(count)], WHAT)
    preflags = []
    if preflags_size:
        raw = b.take(2 * b.u16())
        preflags = [(raw[2 * i + 1], raw[2 * i]) for i in range(len(raw) // 2)]
    props = b.take(properties_size)
    if len(props) < 4:
        raise b.fail(f"{len(props)} property bytes; at least 4 expected")
    size, utf8 = 16, True
    bbbv = None
    if version == 2:
        if len(props) >= 7:
            bbbv, size = props[4] | props[5] << 8, props[6]
        extensions = {}
        for _ in range(b.u16()):
            key = _text(b.take(b.u8()))
            extensions[key] = _text(b.take(b.u8()))
    else:
        utf8 = len(props) > 4 and props[4] == 1
        extensions = {}
    if not 1 <= size <= 255:
        raise b.fail(f"a square of {size} pixels")
    names = [_text(f, utf8) for f in fields]
    mouse, board_events, end, end_time = _events(b, version, rows, cols, size, preflags)
    software = version_info.strip().rstrip("\0") or "Viennasweeper"
    if version == 2 and clone_id == 0:
        software = extensions.get("clone_name", software)
    extra = [("board events", str(len(board_events))), ("ending", end or "none")]
    if any("\ufffd" in n for n in names):
        extra.append(("names", "invalid UTF-8 replaced"))
    meta = Meta(software=software, player=names[0] if names else "", date=iso_date(timestamp),
                level=LEVELS.get(props[3], level_name(rows, cols, len(mines))), mode=MODES.get(props[2], str(props[2])),
                flagging=None if props[1] not in (0, 1) else props[1] == 0, checksum=True,
                questionmarks=bool(props[0]), country=names[2] if len(names) > 2 else "",
                extra=tuple(extra) + (("result", _text(result)),) if result else tuple(extra))
    replay = Replay("rmv", f"v{version}", rows, cols, mines, mouse, size, meta)
    if end_time is not None:
        replay.recorded["time"] = end_time
    if bbbv is not None:
        replay.recorded["3bv"] = bbbv
    replay.time = end_time if end_time is not None else (mouse[-1].time if mouse else 0.0)
    replay.file_events = board_events
    return replay


def _text(raw: bytes, utf8: bool = True) -> str:
    """The format's text: UTF-8 (invalid bytes replaced), or in v1 without its UTF-8 flag, a code page."""
    return raw.decode("utf-8", "replace") if utf8 else text(raw, utf8=False)


def _events(b: Bytes, version: int, rows: int, cols: int, size: int, preflags: list[tuple[int, int]]
            ) -> tuple[list[MouseEvent], list[tuple[float, str, int, int]], str | None, float | None]:
    """The mouse events (pre-flags first, and the left press the client leaves out before its first
    event), the board events the file records, how it ended and the end's game time."""
    mouse = [MouseEvent(0.0, "pf", c * size, r * size) for r, c in preflags if r < rows and c < cols]
    board: list[tuple[float, str, int, int]] = []
    width, height = cols * size, rows * size
    dx, dy = (12, 56) if version == 1 else (0, 0)
    t = x = y = 0
    first = True
    data = b.data
    while True:
        code = b.u8()
        if 1 <= code <= 7 or (code == 28 and version == 2 and not first):
            if code == 28:
                t += b.u8()
                move = b.u8()
                x += (move >> 4) - 16 if move >> 4 >= 8 else move >> 4
                y += (move & 15) - 16 if move & 15 >= 8 else move & 15
            else:
                raw = b.take(8)
                t = raw[0] << 16 | raw[1] << 8 | raw[2]
                x = int.from_bytes(raw[4:6], "big", signed=version == 2) - dx
                y = int.from_bytes(raw[6:8], "big", signed=version == 2) - dy
            inside = 0 <= x < width and 0 <= y < height
            px, py = (x, y) if inside else (OUTSIDE, OUTSIDE)
            if first:
                first = False
                mouse.append(MouseEvent(t / 1000, "lc", px, py))
            mouse.append(MouseEvent(t / 1000, MOUSE.get(code, "mv"), px, py))
        elif code == 0 and version == 1:
            b.skip(4)
        elif 9 <= code <= 14 or 18 <= code <= 27:
            c, r = b.u8(), b.u8()
            board.append((t / 1000, BOARD[code], r, c))
        elif 15 <= code <= 17:
            end_ms = b.u24() if b.left() >= 3 else None
            return mouse, board, ENDS[code], end_ms / 1000 if end_ms is not None else None
        else:
            raise b.fail(f"event code {code} is none of the format's" + (" (a short move first)" if code == 28 else ""))
        if len(mouse) > MAX_EVENTS or b.pos > len(data):
            raise b.fail("too many events")
