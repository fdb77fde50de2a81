"""Exact counting of layouts (`space.LayoutSpace`), the outcome tables built on it (`outcomes`) and
the totals a board allows (`totals`). Code outside this package uses the names below only."""

from minesat.counting.classes import Constraints, Contradiction, propagate
from minesat.counting.component import Component, TooTangled
from minesat.counting.space import CACHE_STATES, MAX_STATES, ClueSpace, LayoutSpace

__all__ = ["CACHE_STATES", "MAX_STATES", "ClueSpace", "Component", "Constraints", "Contradiction", "LayoutSpace",
           "TooTangled", "propagate"]
