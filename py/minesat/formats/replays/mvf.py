"""Minesweeper Clone's replays (.mvf): 0.75 beta and earlier to 0.96 beta, 0.97 beta (and its two
hacks), and the 2006 and 2007 releases.  Facts from thefinerminer's parser_mvf.c (Maksim Bashov,
Damien Moore; "Clone (MVF) RAW version 6") and ms-toollib's reader; the code is ours.

0.97 and later start `11 4D`; the byte at offset 27 is the last digit of the release's year: '5'
0.97 beta (data at 74; '8': the "funny mode" hack, also 0.97), '6' or '7' the 2006/2007 releases
(a length-prefixed version name at 53, data at 71).  A file starting `00 00` is 0.97 again (a hack;
data at 7).  The data: month, day, year (2), hour, minute, second, level, mode; 0.97: the time
(seconds (2), hundredths), 3BV, 3BV solved, left, double and right clicks (2 each); 2006/2007: the
time in ms (3); then question marks, the board (width, height, mines (2), mines as 1-based (column,
row)), the player (length-prefixed), a 2-byte key, the number of events (3) and the events,
each 5 bytes (0.97) or 6 (2006/2007) whose bits are permuted by a table that the key gives (cosines
and sines of square roots of it, their digits sorted): right, middle, left buttons, then y, x
(9 or 11 bits), then hundredths (7 bits) and seconds (10), or milliseconds (22 bits); 2006/2007
positions are 32 pixels off.
Before 0.97 there is no header: width, height, mines (2), the mines as 0-based (column, row), question
marks, a byte, then 8-byte events (seconds, hundredths, buttons (1 left, 2 middle, 4 right), x (2),
y (2), a byte) up to the time (seconds (2), hundredths) 125 bytes before the end (0.8 to 0.96,
which end with a 100-byte name and a 20-byte checksum between zeros), 113 (0.76: a name and a
10-digit checksum) or 13 (0.75 and before: the checksum only).
Events hold the buttons' state: a press or release is a change from the event before.
"""

from __future__ import annotations

import math

from minesat.formats.replays.model import (
    MAX_EVENTS,
    OUTSIDE,
    Bytes,
    Meta,
    MouseEvent,
    Replay,
    ReplayError,
    check_board,
    text,
)

WHAT = "Minesweeper Clone replay (mvf)"
LEVELS = {1: "beginner", 2: "intermediate", 3: "expert", 4: "custom"}
MODES = {1: "classic", 2: "density", 3: "upk", 4: "cheat"}
OLD_SIZES = {(8, 8), (16, 16), (30, 16)}


def looks_like(data: bytes) -> bool:
    if data[:2] == b"\x11\x4d" and len(data) > 80:
        return data[27:28] in (b"5", b"6", b"7", b"8")
    return False


def read(data: bytes) -> Replay:
    b = Bytes(data, WHAT)
    if data[:2] == b"\x11\x4d" and len(data) > 74:
        year = data[27:28]
        if year in (b"5", b"8"):
            b.pos = 74
            return _read_097(b, "0.97 beta" + (" funny mode" if year == b"8" else ""))
        if year in (b"6", b"7"):
            b.pos = 53
            name = b.take(b.u8()).decode("latin-1").strip()
            b.pos = 71
            return _read_2007(b, name or ("2006" if year == b"6" else "2007"))
        raise b.fail(f"an unknown release (year digit {year!r})")
    if data[:2] == b"\0\0":
        b.pos = 7
        return _read_097(b, "0.97 beta (hack)")
    return _read_old(b)


def _date(b: Bytes) -> str:
    month, day, year, hour, minute, second = b.u8(), b.u8(), b.u16(), b.u8(), b.u8(), b.u8()
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"


def _board(b: Bytes, base: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    cols, rows, count = b.u8(), b.u8(), b.u16()
    if count > rows * cols:
        raise b.fail(f"{count} mines do not fit a {rows}x{cols} board")
    raw = b.take(2 * count)
    return rows, cols, check_board(rows, cols, [(raw[2 * i + 1] - base, raw[2 * i] - base) for i in range(count)], WHAT)


def _permutation(key: int, fields: int) -> list[tuple[int, int]]:
    """(byte, bit) of each of the event's 40 or 48 bits in order, as the file's key permutes them."""
    n1 = math.sqrt(key)
    n2 = math.sqrt(key + 1000.0)
    n3 = math.sqrt(n1 + 1000.0)
    n4 = math.sqrt(n2 + 1000.0)
    values = [math.cos(n3 + 1000.0), math.sin(math.sqrt(n2)), math.cos(n3), math.sin(math.sqrt(n1) + 1000.0)]
    values += [math.cos(n4), math.sin(n4)] if fields == 6 else [math.cos(math.sqrt(n2 + 1000.0))]
    digits = "".join(f"{round(abs(v * 100000000)):08d}"[:8] for v in values)
    return [(j // 8, 1 << (j % 8)) for d in "0123456789" for j, ch in enumerate(digits) if ch == d]


def _coded_events(b: Bytes, size: int, width: int, height: int) -> list[tuple[float, int, int, int, int, int]]:
    """Decoded events: (time, left, right, middle, x, y)."""
    key = b.u16()
    count = b.u24()
    if count > MAX_EVENTS or count * size > b.left():
        raise b.fail(f"{count:,} events of {size} bytes do not fit in the {b.left():,} bytes left")
    tables = _tables(_permutation(key, size), size)
    raw = b.take(count * size)
    out = []
    for k in range(0, len(raw), size):
        left = right = middle = x = y = t = 0
        for table, byte in zip(tables, raw[k:k + size]):
            bl, br, bm, bx, by, bt = table[byte]
            left |= bl
            right |= br
            middle |= bm
            x |= bx
            y |= by
            t |= bt
        if size == 6:
            out.append((t / 1000, left, right, middle, x - 32, y - 32))
        else:  # 7 bits of hundredths, then 10 of seconds
            out.append(((t >> 7) + (t & 127) / 100, left, right, middle, x, y))
    return out


def _tables(perm: list[tuple[int, int]], size: int) -> list[list[tuple[int, int, int, int, int, int]]]:
    """For each of the event's bytes and each of its values, what its bits add to the decoded fields:
    (left, right, middle, x, y, time bits): an event is then the OR of its bytes' entries."""
    xbits = 11 if size == 6 else 9
    owner: list[tuple[int, int]] = [(1, 0), (2, 0), (0, 0)]  # (field, shift): bit 0 right, 1 middle, 2 left
    owner += [(4, j) for j in range(xbits)]  # y
    owner += [(3, j) for j in range(xbits)]  # x
    owner += [(5, j) for j in range(22 if size == 6 else 17)]  # time: ms, or hundredths (7 bits) and seconds (10)
    tables = []
    for byte in range(size):
        table = []
        for value in range(256):
            entry = [0] * 6
            for (k, bit), (field, shift) in zip(perm, owner):
                if k == byte and value & bit:
                    entry[field] |= 1 << shift
            table.append((entry[0], entry[1], entry[2], entry[3], entry[4], entry[5]))
        tables.append(table)
    return tables


def _mouse(states: list[tuple[float, int, int, int, int, int]], width: int, height: int) -> list[MouseEvent]:
    """Button states to events: the first state's pressed button (the press before the timer), then
    each change: a move, presses, releases."""
    out: list[MouseEvent] = []
    prev = None
    for t, left, right, middle, x, y in states:
        px, py = (x, y) if 0 <= x < width and 0 <= y < height else (OUTSIDE, OUTSIDE)
        if prev is None:
            kind = "mc" if middle else "rc" if right else "lc" if left else "mv"
            out.append(MouseEvent(t, kind, px, py))
        else:
            _, pl, pr, pm, ox, oy = prev
            if (x, y) != (ox, oy):
                out.append(MouseEvent(t, "mv", px, py))
            buttons = ((left, pl, "lc", "lr"), (right, pr, "rc", "rr"), (middle, pm, "mc", "mr"))
            out.extend(MouseEvent(t, press, px, py) for now, was, press, _ in buttons if now and not was)
            out.extend(MouseEvent(t, release, px, py) for now, was, _, release in buttons if was and not now)
        prev = (t, left, right, middle, x, y)
    return out


def _game_time(mouse: list[MouseEvent]) -> float:
    """The real time: from the first left release (the timer's start) to the last event."""
    start = next((e.time for e in mouse if e.kind == "lr"), 0.0)
    return round(mouse[-1].time - start, 3) if mouse else 0.0


def _read_097(b: Bytes, version: str) -> Replay:
    date = _date(b)
    level, mode = b.u8(), b.u8()
    seconds, hundredths = b.u16(), b.u8()
    bbbv, solved, left, double, right = (b.u16() for _ in range(5))
    questionmarks = b.u8() != 0
    rows, cols, mines = _board(b, 1)
    player = text(b.take(b.u8()))
    mouse = _mouse(_coded_events(b, 5, cols * 16, rows * 16), cols * 16, rows * 16)
    meta = Meta(software=f"Minesweeper Clone {version}", player=player, date=date, level=LEVELS.get(level, "custom"),
                mode=MODES.get(mode, "cheat"), checksum=True, questionmarks=questionmarks)
    recorded = {"time": seconds + hundredths / 100, "3bv": bbbv, "3bv_solved": solved, "left": left,
                "double": double, "right": right}
    replay = Replay("mvf", version.split(" (")[0], rows, cols, mines, mouse, 16, meta, recorded)
    replay.time = _game_time(mouse)
    return replay


def _read_2007(b: Bytes, version: str) -> Replay:
    date = _date(b)
    level, mode = b.u8(), b.u8()
    ms = b.u24()
    questionmarks = b.u8() != 0
    rows, cols, mines = _board(b, 1)
    player = text(b.take(b.u8()))
    mouse = _mouse(_coded_events(b, 6, cols * 16, rows * 16), cols * 16, rows * 16)
    meta = Meta(software=f"Minesweeper Clone {version}", player=player, date=date, level=LEVELS.get(level, "custom"),
                mode=MODES.get(mode, "cheat"), checksum=True, questionmarks=questionmarks)
    replay = Replay("mvf", version, rows, cols, mines, mouse, 16, meta, {"time": ms / 1000})
    replay.time = _game_time(mouse)
    return replay


def _read_old(b: Bytes) -> Replay:
    data = b.data
    rows, cols, mines = _board(b, 0)
    if (cols, rows) not in OLD_SIZES:
        raise ReplayError(f"{WHAT}: no 0.97-or-later header, and a {rows}x{cols} board is none of the old "
                          "versions' levels")
    questionmarks = b.u8() != 0
    b.skip(1)
    n = len(data)
    if n < b.pos + 13:
        raise b.fail("the file ends before its events")
    if not chr(data[n - 1]).isdigit() and not chr(data[n - 22]).isdigit():
        version, after, name = "0.96 beta", n - 125, data[n - 122:n - 22]
    elif data[n - 13:n - 10] == b"   ":
        version, after, name = "0.76 beta", n - 113, data[n - 110:n - 10]
    else:
        version, after, name = "0.75 beta", n - 13, b""
    if after < b.pos:
        raise b.fail("the file is too short for its version's footer")
    score = data[after] << 8 | data[after + 1], data[after + 2]
    limit = score[0] + score[1] / 100
    states = []
    p = b.pos
    last = -1.0
    while p <= after and p + 8 <= n:
        sec, hun, buttons, xh, xl, yh, yl, _ = data[p:p + 8]
        t = sec + hun / 100
        if t < last or t > limit + 1e-9:
            break
        states.append((t, buttons & 1, buttons & 4 and 1, buttons & 2 and 1, xh << 8 | xl, yh << 8 | yl))
        last = t
        p += 8
    if not states:
        raise b.fail("no mouse events")
    t, _, _, _, x, y = states[-1]
    states.append((t, 0, 0, 0, x, y))  # the clients stop recording at the end: all buttons up
    mouse = _mouse(states, cols * 16, rows * 16)
    level = {(8, 8): "beginner", (16, 16): "intermediate", (30, 16): "expert"}[(cols, rows)]
    meta = Meta(software=f"Minesweeper Clone {version}", player=text(name).strip(" \0"),
                level=level, mode="classic", checksum=version != "0.75 beta", questionmarks=questionmarks)
    replay = Replay("mvf", version, rows, cols, mines, mouse, 16, meta, {"time": limit})
    replay.time = _game_time(mouse)
    return replay
