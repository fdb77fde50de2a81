"""The lattice of a board's cells in an image (`Grid`): what `minesat.image.grid` finds, `minesat.image.fitting`
moves onto the tiles, and the readers of cells and counters read by."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    """Where the cells are: the top-left corner of cell (0, 0), the cell size, the board's size."""

    left: float
    top: float
    pitch_x: float
    pitch_y: float
    rows: int
    cols: int
