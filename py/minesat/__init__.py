"""minesat: Minesweeper positions reduced to SAT (binomial and sorting-network CNF) and ILP,
solved with pycosat, counted exactly.

Modules: board (the data), binomial / sortnet / ilp (one reduction each), cnf (the SAT target),
solve (pycosat: layouts, forced cells, conflicts), counting (exact counts, probabilities,
random-access layouts), analysis (all of it in one call), share (URLs), brute (reference), cli.
"""
