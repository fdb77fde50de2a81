"""MBF, the Minesweeper Board Format that Arbiter and JSMinesweeper write: a game's mines, binary."""

from __future__ import annotations

from minesat.board import FLAG, MAX_SIDE, Board, BoardError

NAME = "MBF"


def read_mbf(data: bytes) -> Board:
    """The board of an MBF file (Minesweeper Board Format, as Arbiter and JSMinesweeper write it):
    width and height in a byte each, the number of mines in two (high byte first), then each mine's
    column and row in a byte each.  It holds a game's mines, not a position: the board read has
    the mines flagged and every other cell revealed with its number, the total given; hide cells
    to make a position."""
    if len(data) < 4:
        raise BoardError(f"the file is not an MBF board: {len(data)} bytes, fewer than its 4-byte header")
    width, height, mines = data[0], data[1], data[2] * 256 + data[3]
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise BoardError(f"the MBF file says {width}x{height} (width x height); boards are 1 to {MAX_SIDE} a side")
    if len(data) != 4 + 2 * mines:
        raise BoardError(f"the MBF file says {mines:,} mines, which take {4 + 2 * mines:,} bytes, "
                         f"but it has {len(data):,}: it is cut short or not an MBF file")
    cells = [[False] * width for _ in range(height)]
    for k in range(mines):
        x, y = data[4 + 2 * k], data[5 + 2 * k]
        if x >= width or y >= height:
            raise BoardError(f"the MBF file's mine {k + 1} is at column {x + 1}, row {y + 1}, off its "
                             f"{width}x{height} board")
        if cells[y][x]:
            raise BoardError(f"the MBF file places two mines at column {x + 1}, row {y + 1}")
        cells[y][x] = True
    rows = ["".join(FLAG if cells[r][c] else str(sum(
        cells[i][j] for i in range(max(0, r - 1), min(height, r + 2)) for j in range(max(0, c - 1), min(width, c + 2))))
        for c in range(width)) for r in range(height)]
    return Board.from_rows(rows, mines)
