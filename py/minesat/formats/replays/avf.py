"""Minesweeper Arbiter's replays (.avf), versions 0.35 to 0.52.3.

Layout (facts from thefinerminer's parser_avf.c, ms-toollib's and sweeping-view's readers, and the
files): byte 0 the version's middle number (52 for 0.52.3), 4 bytes, the level (3 beginner 8x8/10,
4 intermediate, 5 expert, 6 custom: then width-1, height-1, mines as 2 bytes big-endian), the
mines as (row+1, column+1) byte pairs; an obfuscated block; then the question-mark setting (17 on,
127 off), one byte, and the text header `[m|` (custom: `W8H11M7|`) start time `|` end time
`|B<3BV>T<time+1>]`; then mouse events of 8 bytes:

    kind, x high, seconds+1 low, x low, hundredths, y high, seconds+1 high, y low

(kind: 1 move, 3 left down, 5 left up, 9 right down, 17 right up, 33 middle down, 65 middle up;
145 and 193: right and middle up with the other button down; 21: left up), until an event whose
seconds are -1; then `cs=` and the footer lines: `RealTime: ...`, `Skin: ...`, the player's name
and `Minesweeper Arbiter 0.52.3. Copyright ...`.
"""

from __future__ import annotations

import re
import struct

from minesat.formats.replays.model import Bytes, Meta, MouseEvent, Replay, ReplayError, check_board, text

WHAT = "Arbiter replay (avf)"
KINDS = {1: "mv", 3: "lc", 5: "lr", 9: "rc", 17: "rr", 33: "mc", 65: "mr", 145: "rr", 193: "mr", 11: "lc", 21: "lr"}
LEVELS = {3: (8, 8, 10, "beginner"), 4: (16, 16, 40, "intermediate"), 5: (16, 30, 99, "expert")}
HEADER = re.compile(rb"([\x11\x7f]).\[([0-3])\|")
SCORE = re.compile(r"B(\d+)T(\d+)[.,](\d+)$")
DATE = re.compile(r"(\d+)\.(\d+)\.(\d+)\.(\d+):(\d+):(\d+)")


def looks_like(data: bytes) -> bool:
    return (len(data) > 8 and 30 <= data[0] <= 60 and data[5] in (3, 4, 5, 6)
            and HEADER.search(data, 0, 4096) is not None)


def read(data: bytes) -> Replay:
    b = Bytes(data, WHAT)
    version = b.u8()
    b.skip(4)
    level = b.u8()
    if level in LEVELS:
        rows, cols, count, level_name = LEVELS[level]
    elif level == 6:
        cols, rows = b.u8() + 1, b.u8() + 1
        count, level_name = b.u16(), "custom"
    else:
        raise b.fail(f"level byte {level} is none of Arbiter's (3 to 6)")
    if count > rows * cols:
        raise b.fail(f"{count} mines do not fit a {rows}x{cols} board")
    raw = b.take(2 * count)
    mines = check_board(rows, cols, [(raw[2 * i] - 1, raw[2 * i + 1] - 1) for i in range(count)], WHAT)
    found = HEADER.search(data, b.pos, b.pos + 65536)
    if not found:
        raise b.fail("no '[' header with the game's times")
    questionmarks = found.group(1) == b"\x11"
    b.pos = found.end()
    header = b.until(b"]", 1024).decode("latin-1")
    score = SCORE.search(header)
    if not score:
        raise b.fail(f"the header {header[:60]!r} has no B<3BV>T<time> at its end")
    fields = header[:score.start()].rstrip("|").split("|")  # (custom size), start, end, (HS)...
    bbbv, header_time = int(score.group(1)), float(f"{score.group(2)}.{score.group(3)}") - 1
    started = next((f for f in fields if DATE.match(f)), "")
    mouse = _events(b, data)
    meta_lines = _footer(data, b.pos)
    software = next((line for line in meta_lines if line.startswith("Minesweeper Arbiter")), "")
    software_version = software.split(" ")[2].rstrip(".") if software.count(" ") >= 2 else f"0.{version}"
    keys = dict(line.split(": ", 1) for line in meta_lines
                if ": " in line and line.split(":")[0] in ("RealTime", "Skin"))
    player = next((line for line in meta_lines if line.split(":")[0] not in ("RealTime", "Skin")
                   and not line.startswith("Minesweeper Arbiter")), "")
    meta = Meta(software=f"Arbiter {software_version}", player=player, date=_date(started), level=level_name,
                mode="classic", checksum=True, questionmarks=questionmarks,
                extra=tuple(sorted(keys.items())) + (("mode digit", found.group(2).decode()), ("header", header[:200])))
    recorded = {"time": round(header_time, 2), "3bv": bbbv}
    if "RealTime" in keys:
        try:
            recorded["realtime"] = float(keys["RealTime"].replace(",", "."))
        except ValueError:
            pass
    replay = Replay("avf", f"0.{version}", rows, cols, mines, mouse, 16, meta, recorded)
    replay.time = recorded["time"]
    if mouse and mouse[-1].time > header_time + 1e-6:  # a header that lies (seen): the events' own time
        first_release = next((e.time for e in mouse if e.kind == "lr"), 0.0)
        replay.time = round(mouse[-1].time - first_release, 2)
    return replay


def _events(b: Bytes, data: bytes) -> list[MouseEvent]:
    """The 8-byte events: the first one has seconds+1 == 1 (time 0) and an x below 512."""
    p = b.pos
    end = len(data) - 8
    while p <= end and not (data[p + 2] == 1 and data[p + 1] <= 1):
        p += 1
    if p > end:
        raise b.fail("no mouse events")
    out = []
    whole = (len(data) - p) // 8 * 8
    for kind, xh, s_lo, xl, hun, yh, s_hi, yl in struct.iter_unpack("8B", memoryview(data)[p:p + whole]):
        p += 8
        sec = (s_hi << 8 | s_lo) - 1
        if sec < 0:
            break
        name = KINDS.get(kind)
        if name is None:
            b.pos = p - 8
            raise b.fail(f"mouse event kind {kind} is none of Arbiter's")
        out.append(MouseEvent(sec + hun / 100, name, xh << 8 | xl, yh << 8 | yl))
    else:
        b.pos = p
        raise b.fail("the mouse events end without their end mark")
    b.pos = p
    return out


def _footer(data: bytes, pos: int) -> list[str]:
    """The footer's lines after `cs=` and its 17 bytes (16 of checksum and a CR)."""
    at = data.find(b"cs=", pos)
    if at < 0:
        raise ReplayError(f"{WHAT}: no footer ('cs=') after the mouse events")
    real = data.find(b"RealTime:", at)
    start = real if real >= 0 else at + 3 + 17
    return [text(line).strip() for line in data[start:].split(b"\r") if line.strip()]


def _date(stamp: str) -> str:
    """Arbiter's start time `day.month.year.hh:mm:ss:...` as ISO 8601 (as given when it is not one)."""
    m = DATE.match(stamp)
    if not m:
        return stamp
    day, month, year, hh, mm, ss = (int(g) for g in m.groups())
    return f"{year:04d}-{month:02d}-{day:02d}T{hh:02d}:{mm:02d}:{ss:02d}"
