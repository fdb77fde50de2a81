"""Reductions of a board to other problems: cardinality encodings (`card`), CNF for SAT (`cnf`),
0/1 ILP (`ilp`), and the SAT solver that answers them (`solve`). Each reduction is an object with
its size, its extraction of layouts and a closed-loop test (tests/reductions/)."""
