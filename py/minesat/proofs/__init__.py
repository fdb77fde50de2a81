"""Proofs: the fewest clues that force a cell, and the sentences that say so (`explain`)."""
