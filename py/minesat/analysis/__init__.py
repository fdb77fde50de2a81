"""A board analysed in one call: `analyze.analyze` gives an `result.Analysis` (layouts, forced cells,
probabilities, a conflict when there is none)."""
