"""RawVF (.rawvf), the community's text replay (thefinerminer/minesweeper-rawvf, the spec in
Strange-Dust/minesweeper-replay-generator; what FreeSweeper and the converters write).

`Name: value` lines (Width, Height, Mines, Program, Version, Player, Timestamp, Level, Mode, Marks,
SquareSize, Time, ...), a `Board:` line and the rows (`*` mine, `0` safe), then (after an optional
`Events:` line) one event a line:

    <time> <lc|lr|rc|rr|mc|mr|mv|sc|mt> [column row] (<x> <y>) [(lrm)]     a mouse event, pixels
    <time> <start|boom|won|nonstandard>                                    a game event
    <number0-8|closed|flag|pressed|questionmark|pressedqm|blast> <col> <row>  a board event
    <time> <sx|sy> ...                                                     scrolling

Times are seconds (two or three decimals; negative before the game's start).
"""

from __future__ import annotations

import re

from minesat.formats.replays.model import (
    MAX_EVENTS,
    OUTSIDE,
    Meta,
    MouseEvent,
    Replay,
    ReplayError,
    check_board,
    level_name,
)

WHAT = "RawVF replay"
MOUSE = {"lc": "lc", "lr": "lr", "rc": "rc", "rr": "rr", "mc": "mc", "mr": "mr", "mv": "mv", "sc": "cc"}
GAME = ("start", "boom", "won", "nonstandard")
POSITION = re.compile(r"\((-?\d+) (-?\d+)\)")
TIME = re.compile(r"-?\d+(?:\.\d+)?$")
KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_ ]*):\s?(.*)$")


def looks_like(data: bytes) -> bool:
    head = data[:4096]
    return b"Board:" in head and (head.startswith((b"RawVF_Version", b"Width:")) or b"\nWidth:" in head)


def read(data: bytes) -> Replay:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", "replace")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i].strip() != "Board:":
        m = KEY.match(lines[i].strip())
        if m:
            header[m.group(1).strip()] = m.group(2).strip()
        elif lines[i].strip():
            raise ReplayError(f"{WHAT}: line {i + 1} is neither 'Name: value' nor 'Board:'")
        i += 1
    if i == len(lines):
        raise ReplayError(f"{WHAT}: no 'Board:' line")
    i += 1
    rows_text = []
    while i < len(lines) and lines[i].strip() and set(lines[i].strip()) <= {"*", "0"}:
        rows_text.append(lines[i].strip())
        i += 1
    if not rows_text or len({len(r) for r in rows_text}) != 1:
        raise ReplayError(f"{WHAT}: the board's rows are missing or of different lengths")
    rows, cols = len(rows_text), len(rows_text[0])
    for name, value in (("Width", cols), ("Height", rows)):
        if name in header and header[name] != str(value):
            raise ReplayError(f"{WHAT}: {name}: {header[name][:20]} but the board has {value}")
    mines = check_board(rows, cols, [(r, c) for r in range(rows) for c in range(cols) if rows_text[r][c] == "*"], WHAT)
    if "Mines" in header and header["Mines"] != str(len(mines)):
        raise ReplayError(f"{WHAT}: Mines: {header['Mines'][:20]} but the board has {len(mines)}")
    size = _number(header.get("SquareSize", "16"), "SquareSize")
    if not 1 <= size <= 255:
        raise ReplayError(f"{WHAT}: SquareSize {size} is not 1 to 255")
    level = header.get("Level", "").lower()
    if level == "marathon":
        raise ReplayError(f"{WHAT}: a marathon (several games in one file) is not read")
    mouse, games, board_events = _events(lines, i, rows * size, cols * size)
    if not mouse:
        raise ReplayError(f"{WHAT}: no mouse events")
    program = " ".join(v for v in (header.get("Program", ""), header.get("Version", "")) if v)
    meta = Meta(software=program, player=header.get("Player", ""), date=header.get("Timestamp", ""),
                level=level or level_name(rows, cols, len(mines)), mode=header.get("Mode", "classic").lower(),
                checksum=bool(header.get("Checksum")), questionmarks=header.get("Marks", "").lower() == "on" or None,
                extra=tuple((k, v) for k, v in header.items() if k not in
                            ("Program", "Version", "Player", "Timestamp", "Level", "Mode", "Checksum", "Marks")))
    replay = Replay("rawvf", header.get("RawVF_Version", "unversioned"), rows, cols, mines, mouse, size, meta)
    replay.file_events = board_events
    if "Time" in header:
        replay.recorded["time"] = float(_decimal(header["Time"]))
    if "BBBV" in header:
        replay.recorded["3bv"] = _number(header["BBBV"], "BBBV")
    ends = [t for t, g in games if g in ("won", "boom")]
    starts = [t for t, g in games if g == "start"]
    if "time" in replay.recorded:
        replay.time = replay.recorded["time"]
    elif ends:
        replay.time = round(ends[0] - (starts[0] if starts else 0.0), 3)
    return replay


def _number(text: str, name: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise ReplayError(f"{WHAT}: {name}: {text[:20]!r} is not a whole number")
    return int(text)


def _decimal(text: str) -> str:
    if not TIME.match(text.strip()):
        raise ReplayError(f"{WHAT}: {text[:20]!r} is not a time")
    return text.strip()


def _events(lines: list[str], i: int, height: int, width: int
            ) -> tuple[list[MouseEvent], list[tuple[float, str]], list[tuple[float, str, int, int]]]:
    mouse: list[MouseEvent] = []
    games: list[tuple[float, str]] = []
    board: list[tuple[float, str, int, int]] = []
    t = 0.0
    for number in range(i, len(lines)):
        line = lines[number].strip()
        if not line or line == "Events:":
            continue
        parts = line.split()
        if TIME.match(parts[0]):
            t = float(parts[0])
            if len(parts) < 2:
                raise ReplayError(f"{WHAT}: line {number + 1}: a time and no event")
            what = parts[1]
            if what in MOUSE:
                m = POSITION.search(line)
                if not m:
                    raise ReplayError(f"{WHAT}: line {number + 1}: a mouse event without its '(x y)' position")
                x, y = int(m.group(1)), int(m.group(2))
                inside = 0 <= x < width and 0 <= y < height
                mouse.append(MouseEvent(t, MOUSE[what], x if inside else OUTSIDE, y if inside else OUTSIDE))
            elif what in GAME:
                games.append((t, what))
            elif what in ("sx", "sy", "mt"):
                continue
            else:
                raise ReplayError(f"{WHAT}: line {number + 1}: {what[:20]!r} is no event")
        elif len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            board.append((t, parts[0], int(parts[2]) - 1, int(parts[1]) - 1))
        else:
            raise ReplayError(f"{WHAT}: line {number + 1} is no event: {line[:40]!r}")
        if len(mouse) > MAX_EVENTS:
            raise ReplayError(f"{WHAT}: too many events")
    return mouse, games, board
