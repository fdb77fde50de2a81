"""Cells grouped into looks (minesat.image.looks): a look of raised tiles and flat cells split in two."""

from __future__ import annotations

from types import SimpleNamespace

from minesat.image.looks import FLAT, RAISED, parted


def test_a_look_of_tiles_and_flat_cells_with_none_between_is_split():
    """A tile's thin bevels on a big cell raise it less than the colours' distance allows within a look, so tiles
    and opened cells of one grey fell into one look; with none of them between flat and raised, they are two."""
    raised = [RAISED + 6, 0.0, RAISED + 8, -FLAT, RAISED + 6, 2.0]
    cells = [SimpleNamespace(raised=r) for r in raised]
    label = [0] * len(cells)
    centres = [list(cells)]
    parted(cells, label, centres, 3)  # two rows of three: tiles at (0, 0), (0, 2), (1, 1)
    assert label == [0, 1, 0, 1, 0, 1]
    assert [c.raised for c in centres[0]] == raised[0::2] and [c.raised for c in centres[1]] == raised[1::2]


def test_tiles_all_in_one_column_are_not_a_look_of_their_own():
    """Squares with rounded sides, the lattice's place putting one column's samples on their sides: raised, but
    by where they were sampled, so one look still."""
    cells = [SimpleNamespace(raised=RAISED + 4 if i % 4 == 1 else 0.0) for i in range(12)]
    label = [0] * len(cells)
    centres = [list(cells)]
    parted(cells, label, centres, 4)
    assert label == [0] * len(cells) and len(centres) == 1


def test_a_look_raised_by_every_amount_stays_one():
    """A flat look whose cells are raised by anything from 0 to 45 (a monochrome look's gradient): one look."""
    cells = [SimpleNamespace(raised=float(r)) for r in range(0, 46, 3)]
    label = [0] * len(cells)
    centres = [list(cells)]
    parted(cells, label, centres, 4)
    assert label == [0] * len(cells) and len(centres) == 1


def test_cells_of_one_look_with_bevels_at_their_edge_are_split_off(monkeypatch):
    """Where every plain cell is of one look, those whose very edge shows a bevel are tiles, a look of their own."""
    from minesat.image import looks
    edges = [40.0, 0.0, 40.0, 0.0, 40.0, 0.0]  # two rows of three: tiles at (0, 0), (0, 2), (1, 1)
    cells = [SimpleNamespace(raised=0.0, raised_grey=0.0, background=(198, 255, 198), edge=e) for e in edges]
    monkeypatch.setattr(looks, "edge_raised", lambda cell: cell.edge)
    label = [0] * len(cells)
    centres = [list(cells)]
    looks.edged(cells, label, centres, 3)
    assert label == [1, 0, 1, 0, 1, 0] and [c.raised for c in centres[1]] == [40.0] * 3


def test_cells_raised_by_their_strips_alone_stay_beside_a_raised_look(monkeypatch):
    """Beside a raised look of their colour, a flat look's cells are taken for tiles only where some show a bevel at
    their very edge: opened cells that the strips find a little raised (xdemineur's at 125%, between thick
    bevels) stay opened."""
    from minesat.image import looks
    grey = (192, 192, 192)
    flat = [SimpleNamespace(raised=r, raised_grey=r, background=grey) for r in (0.0, 26.0, 0.0, 26.0, 0.0, 26.0)]
    tiles = [SimpleNamespace(raised=90.0, raised_grey=90.0, background=grey) for _ in range(3)]
    monkeypatch.setattr(looks, "edge_raised", lambda cell: 0.0)
    cells = flat + tiles
    label = [0] * 6 + [1] * 3
    centres = [list(flat), list(tiles)]
    looks.edged(cells, label, centres, 3)
    assert label == [0] * 6 + [1] * 3 and len(centres[0]) == 6
