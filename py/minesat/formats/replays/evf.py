"""Metasweeper's replays (.evf), versions 0 to 4 (ms-toollib's `evf标准.md`; facts also from its
reader).  Big-endian.

v0, v1: version, a summary byte (completed, official, fair, no-flag: bits 7 to 4), rows, columns
(1 each), mines (2), square size (1), mode (2), 3BV (2), real time (3, ms), then C strings:
software, player, race, unique identifier, start and end time, country; v2 adds a device UUID
(C string); v3 adds a settings byte after the summary (question marks, cursor limit, auto-restart);
then the mines as rows x columns bits, row by row, high bit first; then mouse events
`kind (1), time (3, ms), x, y (2 each)` until a 0 (a 32-byte checksum follows) or 255 (none).
v4: version, summary (+ transcoded: bit 3), settings, rows, columns, mines, square size, mode,
3BV, real time (4, ms), country (2 chars), start and end (8 each, µs), software, (transcoded:
transcoder, original encoding), player, race, unique identifier (C strings), UUID (2-byte length),
the mine bits, custom metric names (2-byte count of C strings), then events: the first mouse event
`kind, time (1, ms), x, y (2)`, then `kind (1)` and by kind: 1-80 mouse `time delta (1), dx, dy
(signed 2)`, 81-99 game state `time delta (1)`, 100-199 board `time delta (1), dx, dy (signed 1)`,
200-254 metric `time delta (1), index (2), value (8-byte float, or a C string for 201)`, 255 pause
`milliseconds (2)` added to the next delta; 0 ends; then the checksum (2-byte length).
Mouse kinds: 1 move, 2/3 left down/up, 4/5 right down/up, 6/7 middle down/up, 8 pre-flag,
9 both down (chord press), 10/11/12 left/right/middle toggled.  A pointer off the board is at
columns x size, rows x size.
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
)

WHAT = "Metasweeper replay (evf)"
KINDS = {1: "mv", 2: "lc", 3: "lr", 4: "rc", 5: "rr", 6: "mc", 7: "mr", 8: "pf", 9: "cc", 10: "l", 11: "r", 12: "m"}
STATES = {81: "replay", 82: "won", 83: "lost", 99: "error"}
MODES = {0: "classic", 1: "upk", 2: "cheat", 3: "density", 4: "win7", 5: "competitive solvable",
         6: "strong solvable", 7: "weak solvable", 8: "to be solvable", 9: "strong guessable",
         10: "weak guessable", 11: "chording recursive", 12: "flag recursive", 13: "chording flag recursive"}


def looks_like(data: bytes) -> bool:
    """EVF has no magic: a version 0-4 and a plausible header (sizes, square size, a software name)."""
    if len(data) < 40 or data[0] > 4:
        return False
    at = 3 if data[0] >= 3 else 2
    rows, cols, size = data[at], data[at + 1], data[at + 4]
    if not (rows and cols and 5 <= size <= 255):
        return False
    if data[0] == 4:
        return data[at + 13:at + 15].isalpha() or data[at + 13:at + 15] == b"\0\0"
    soft = data[at + 12:at + 40].split(b"\0", 1)[0]
    return bool(soft) and all(c >= 32 for c in soft[:4])


def read(data: bytes) -> Replay:
    b = Bytes(data, WHAT)
    version = b.u8()
    if version > 4:
        raise b.fail(f"version {version}: versions 0 to 4 are read")
    summary = b.u8()
    settings = b.u8() if version >= 3 else 0
    rows, cols, count = b.u8(), b.u8(), b.u16()
    size, mode, bbbv = b.u8(), b.u16(), b.u16()
    if not 1 <= size:
        raise b.fail("a square of 0 pixels")
    rtime = (b.u32() if version == 4 else b.u24()) / 1000
    extra: list[tuple[str, str]] = []
    if version == 4:
        country = b.take(2).decode("latin-1")
        started, _ended = b.u64(), b.u64()
        software = b.cstring()
        if summary & 0x08:
            extra += [("transcoder", b.cstring()), ("original encoding", b.cstring())]
        player, race, unique = b.cstring(), b.cstring(), b.cstring()
        b.skip(b.u16())  # device UUID
        date = iso_date(started / 1e6)
    else:
        software = b.cstring()
        player, race, unique = b.cstring(), b.cstring(), b.cstring()
        date, ended_text = b.cstring(), b.cstring()
        if date.isdigit() and len(date) >= 13:  # Metasweeper's: microseconds since 1970
            date = iso_date(int(date) / 1e6)
        country = b.cstring()
        if version >= 2:
            b.until(b"\0", 4096)  # device UUID
        extra.append(("end time", ended_text))
    if count > rows * cols:
        raise b.fail(f"{count} mines do not fit a {rows}x{cols} board")
    bits = b.take((rows * cols + 7) // 8)
    mines = [divmod(i, cols) for i in range(rows * cols) if bits[i >> 3] >> (7 - (i & 7)) & 1]
    if len(mines) != count:
        raise b.fail(f"the header says {count} mines, the board has {len(mines)}")
    cells = check_board(rows, cols, mines, WHAT)
    width, height = cols * size, rows * size
    if version == 4:
        for _ in range(b.u16()):
            b.cstring()
        mouse, checksum, states = _events_v4(b, width, height)
    else:
        mouse, checksum = _events_v3(b, width, height)
        states = []
    if software.startswith("元"):
        extra.append(("software as written", software))
        software = "Metasweeper " + software[1:].strip()
    meta = Meta(software=software, player=player, date=date, level=level_name(rows, cols, count),
                mode=MODES.get(mode, str(mode)), flagging=not summary & 0x10 if version else None, checksum=checksum,
                questionmarks=not settings & 0x80 if version >= 3 else None, country=country,
                extra=tuple(extra + [("race", race), ("unique", unique), ("completed", str(bool(summary & 0x80))),
                                     ("game states", ",".join(states))]))
    replay = Replay("evf", f"v{version}", rows, cols, cells, mouse, size, meta, {"time": rtime, "3bv": bbbv})
    replay.time = rtime
    return replay


def _at(x: int, y: int, width: int, height: int) -> tuple[int, int]:
    return (x, y) if 0 <= x < width and 0 <= y < height else (OUTSIDE, OUTSIDE)


def _events_v3(b: Bytes, width: int, height: int) -> tuple[list[MouseEvent], bool]:
    mouse: list[MouseEvent] = []
    data = b.data
    while True:
        code = b.u8()
        if code in (0, 255):
            if code == 0:
                b.take(32)
            return mouse, code == 0
        kind = KINDS.get(code)
        if kind is None:
            raise b.fail(f"mouse event kind {code} is none of the format's")
        if b.pos + 7 > len(data):
            raise b.fail("the file ends inside a mouse event")
        p = b.pos
        t = data[p] << 16 | data[p + 1] << 8 | data[p + 2]
        x, y = data[p + 3] << 8 | data[p + 4], data[p + 5] << 8 | data[p + 6]
        b.pos = p + 7
        mouse.append(MouseEvent(t / 1000, kind, *_at(x, y, width, height)))


def _events_v4(b: Bytes, width: int, height: int) -> tuple[list[MouseEvent], bool, list[str]]:
    code = b.u8()
    kind = KINDS.get(code)
    if kind not in ("mv", "lc", "rc", "pf"):
        raise b.fail(f"the first event's kind {code} is not a move, a press or a pre-flag")
    t = b.u8()
    x, y = b.u16(), b.u16()
    assert kind is not None
    mouse = [MouseEvent(t / 1000, kind, *_at(x, y, width, height))]
    states: list[str] = []
    pause = 0
    while True:
        code = b.u8()
        if code == 0:
            break
        if code == 255:
            pause += b.u16()
            continue
        if code <= 80:
            kind = KINDS.get(code)
            if kind is None:
                raise b.fail(f"mouse event kind {code} is none of the format's")
            t += b.u8() + pause
            x += b.i16()
            y += b.i16()
            mouse.append(MouseEvent(t / 1000, kind, *_at(x, y, width, height)))
        elif code <= 99:
            t += b.u8() + pause
            states.append(STATES.get(code, str(code)))
        elif code <= 199:
            t += b.u8() + pause
            b.skip(2)
        elif code <= 254:
            t += b.u8() + pause
            b.skip(2)
            if code == 201:
                b.cstring()
            else:
                b.skip(8)
        pause = 0
        if len(mouse) > MAX_EVENTS:
            raise b.fail("too many events")
    checksum = b.take(b.u16())
    return mouse, bool(checksum), states
