"""Flags are the player's marks, not facts: which of them cannot be mines, and why.

A flag is wrong when it is safe in every layout of the board read from its numbers and its
total alone (every flag taken as a plain hidden cell).  Its proof is a minimal set of clues
(and the total, when needed) forcing it safe, found by `explain.py`'s prover on that board.
A board with a wrong flag has no layout with the flags as mines, so a board whose flags are
consistent has no wrong flag; the converse fails (two flags beside a 1, each possible alone).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from minesat.board import HIDDEN, Board, Cell, cell_name
from minesat.counting import LayoutSpace
from minesat.proofs.explain import Proof, proofs_of


@dataclass(frozen=True)
class WrongFlag:
    """A flag that cannot be a mine, and the proof (on the board with the flags unflagged)."""

    cell: Cell
    proof: Proof
    text: str  # in words: "r1c6 is flagged but cannot be a mine: the clue r2c2 (1) leaves ..."


def unflagged(board: Board, keep: frozenset[Cell] = frozenset()) -> Board:
    """The board with its flags taken as hidden cells, but those in `keep`."""
    return board.replace({cell: HIDDEN for cell in board.flags if cell not in keep})


def wrong_flags(board: Board, solver: ModuleType | None = None, space: LayoutSpace | None = None
                ) -> list[WrongFlag]:
    """Every flag that is safe in every layout of the numbers and the total, with its proof, row-major.
    `space`: the LayoutSpace of `unflagged(board)` if already counted.  Empty when the numbers
    themselves have no layout (no flag is to blame) or the board has no flag."""
    if not board.flags:
        return []
    plain = unflagged(board)
    space = space or LayoutSpace(plain)
    if not space.count:
        return []
    wrong = [f for f in board.flags if space.mine_counts[f] == 0]
    if not wrong:
        return []
    found = proofs_of(plain, wrong, solver, space)
    return [WrongFlag(p.cell, p, said_of_a_flag(p, plain)) for p in found]


def said_of_a_flag(proof: Proof, board: Board) -> str:
    """The proof in words, said of a flag: 'r1c6 is flagged but cannot be a mine: ...'."""
    words = proof.describe(board)
    prefix = f"{cell_name(proof.cell)} is safe"
    return f"{cell_name(proof.cell)} is flagged but cannot be a mine" + words.removeprefix(prefix)


def trusted_board(board: Board, space: LayoutSpace | None = None) -> tuple[Board, LayoutSpace, list[Cell]]:
    """(the board the advisor reasons on, its LayoutSpace, the flags left out of it).

    The board itself when its flags are consistent (it has a layout); else the board without its
    wrong flags when that one has a layout; else the board with only the flags that are mines in
    every layout of the numbers (they change no count); the board itself when even its numbers
    have no layout."""
    space = space or LayoutSpace(board)
    if space.count or not board.flags:
        return board, space, []
    plain = unflagged(board)
    plain_space = LayoutSpace(plain)
    if not plain_space.count:
        return board, space, []
    wrong = frozenset(f for f in board.flags if plain_space.mine_counts[f] == 0)
    kept = frozenset(board.flags) - wrong
    if wrong and kept:
        fewer = unflagged(board, kept)
        fewer_space = LayoutSpace(fewer)
        if fewer_space.count:
            return fewer, fewer_space, sorted(wrong)
    sure = frozenset(f for f in kept if plain_space.mine_counts[f] == plain_space.count)
    if sure:
        fewer = unflagged(board, sure)
        return fewer, LayoutSpace(fewer), sorted(frozenset(board.flags) - sure)
    return plain, plain_space, sorted(board.flags)
