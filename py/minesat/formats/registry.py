"""The formats minesat reads and writes, in one registry: the one door of the page and the command line.

A board comes in as bytes (a file opened or dropped: `read_bytes`) or as text (pasted, or a link:
`read_text`); the answer is a `Reading`, the board with the name of the format understood.  A board
goes out as text in one of `WRITERS` (`write_text`).

Adding a format is one module (its reader, and its writer if any), one `Format(...)` entry in
`FILES` or `WRITERS` below, its tests and its line in docs/formats.md: the page and the command
line both read through here, so both read it from then on.

- Text (`text.read_any`): minesat's own, minesweepr's ASCII, JSMinesweeper's `.mine`, and links
  (minesat's, JSMinesweeper's, minesweepr's); `text.read_any` tells them apart (a board with a
  link in a comment is read as the board).
- Files (`FILES`): replays of played games (`replays`: Arbiter, Viennasweeper, Metasweeper,
  Minesweeper Clone, RawVF; their board, mines flagged), MBF (`mbf`), then text in any of the forms
  above (UTF-8, a byte-order mark ignored).  An image is refused with a pointer to the screenshot
  reader (`minesat.image`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from minesat.board import MAX_TEXT, Board, BoardError, parse_board
from minesat.formats import mbf, text
from minesat.formats.replays import read as replays

MAX_FILE = MAX_TEXT  # bytes: a board file is at most as long as a board's text
IMAGES = {b"\x89PNG": "PNG", b"\xff\xd8\xff": "JPEG", b"GIF8": "GIF", b"BM": "BMP", b"RIFF": "WebP"}  # first bytes


@dataclass(frozen=True)
class Format:
    """A file format: its name, the file names it goes by, a test of its content (None: by name
    only), its reader, and what the page says after a board is read from it."""
    name: str
    extensions: tuple[str, ...]
    looks_like: Callable[[bytes], bool] | None
    read: Callable[[bytes], Board]
    note: str = ""


@dataclass(frozen=True)
class Writer:
    """A text format boards are written in (`text.export_text`), and its label in the page's menu."""
    name: str
    label: str


@dataclass(frozen=True)
class Reading:
    board: Board
    format: str  # the format understood: a `Format`'s name, or one of text.read_any's
    note: str = ""


def _binary(data: bytes) -> bool:
    """Not text: not UTF-8, or control characters where a board's text has none."""
    try:
        decoded = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return True
    return "\x00" in decoded or any(ord(ch) < 9 for ch in decoded[:4])


FILES = (
    Format(replays.NAME, replays.EXTENSIONS, replays.looks_like, replays.replay_board, note=replays.NOTE),
    Format(mbf.NAME, (".mbf",), _binary, mbf.read_mbf,
           note="the game's mines are flagged and every other cell shows its number; hide cells with ? "
                "to make a position"),
)

WRITERS = (
    Writer("minesat", "minesat"),
    Writer("minesweepr", "minesweepr (x . *)"),
    Writer("JSMinesweeper", "JSMinesweeper (WxHxM)"),
    Writer("JSMinesweeper link", "JSMinesweeper link"),
    Writer("minesweepr link", "minesweepr link"),
)
assert tuple(w.name for w in WRITERS) == text.EXPORT_FORMATS


def image_kind(data: bytes) -> str | None:
    """The kind of image a file holds, by its first bytes, or None.  WebP: RIFF, then WEBP at 8;
    BMP: BM, then four zero bytes at 6 (an MBF file of a 66x77 board starts with BM too)."""
    kind = next((name for magic, name in IMAGES.items() if data.startswith(magic)), None)
    if (kind == "WebP" and data[8:12] != b"WEBP") or (kind == "BMP" and data[6:10] != bytes(4)):
        return None
    return kind


UTF16_TEXT = "the file is UTF-16 text: save it as UTF-8 (or plain text) and open it again"


def looks_utf16(data: bytes) -> bool:
    """Whether bytes begin as UTF-16 text: its byte-order mark, or ASCII text with a zero byte
    beside each character (an MBF file starts with two sides from 1 to MAX_SIDE: never so)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = data[:64 - len(data[:64]) % 2]  # whole characters
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return (not any(odd) and all(32 <= b < 127 or b in b"\t\r\n" for b in even)) or \
        (not any(even) and all(32 <= b < 127 or b in b"\t\r\n" for b in odd))


def read_bytes(data: bytes, filename: str = "") -> Reading:
    """The board in a file: a format of `FILES` named by its extension, an image refused, a format
    of `FILES` recognised by its content, else text (`read_text`)."""
    name = filename.lower()
    for fmt in FILES:
        if name.endswith(fmt.extensions):
            return Reading(fmt.read(data), fmt.name, fmt.note)
    if kind := image_kind(data):
        raise BoardError(f"the file is a {kind} image, not a board: a screenshot is read by \"Read a board "
                         "from a screenshot\" (in the command line: minesat read-image)")
    if looks_utf16(data):
        raise BoardError(UTF16_TEXT)
    if len(data) > MAX_FILE:
        raise BoardError(f"the file is too large for a board ({len(data):,} bytes; a board file is at most "
                         f"{MAX_FILE:,})")
    for fmt in FILES:
        if fmt.looks_like is not None and fmt.looks_like(data):
            return Reading(fmt.read(data), fmt.name, fmt.note)
    return read_text(data.decode("utf-8-sig"))


def read_text(board_text: str) -> Reading:
    """The board in a text, in any form `text.read_any` tells apart (minesat's, other tools' text,
    links).  A board of minesat's with a link in a comment is the board, not the link.  When no
    reader takes the text, the error of the form it looks most like."""
    try:
        board, understood = text.read_any(board_text)
    except BoardError as other:
        try:
            return Reading(parse_board(board_text), text.MINESAT)
        except BoardError as own:
            raise (own if text.looks_like_minesat(board_text) else other) from None
    if understood in text.LINKS and len(board_text.strip().splitlines()) > 1:
        try:
            return Reading(parse_board(board_text), text.MINESAT)
        except BoardError:
            pass
    return Reading(board, understood)


def write_text(board: Board, fmt: str = "minesat") -> str:
    """The board as text in `fmt` (a `Writer`'s name, any case): `read_text` reads it back."""
    return text.export_text(board, fmt)
