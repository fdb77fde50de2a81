"""Boards read from screenshots: the grid (`grid`), each cell's look (`cells`), the mine counter
(`counter`), and the reading as a whole (`reader.read_image`). Pure Python over RGBA bytes."""
