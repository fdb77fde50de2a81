"""Boards from a seed and no-guess boards: certified against an independent brute-force player,
and drawn uniformly over the no-guess boards (a chi-square test)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from statistics import NormalDist

import pytest

from minesat.play.game import Game
from minesat.play.generate import draws, generate, solvable_without_guessing

Cell = tuple[int, int]


def around(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


class BrutePlayer:
    """Every placement of the mines the first click allows, listed; a position's layouts as a bit
    set over that list.  Knows nothing of minesat's engine or games."""

    def __init__(self, rows: int, cols: int, mines: int, first: Cell, rule: str):
        self.rows, self.cols, self.first = rows, cols, first
        kept = {first} | (set(around(first, rows, cols)) if rule == "zero" else set())
        free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in kept]
        self.layouts = [frozenset(m) for m in combinations(free, mines)]
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        self.mine: dict[Cell, int] = dict.fromkeys(cells, 0)  # cell -> layouts where it is a mine
        self.shows: dict[tuple[Cell, int], int] = {}  # (cell, number) -> layouts where it is safe and shows it
        for i, layout in enumerate(self.layouts):
            for cell in cells:
                if cell in layout:
                    self.mine[cell] |= 1 << i
                else:
                    key = (cell, sum(n in layout for n in around(cell, rows, cols)))
                    self.shows[key] = self.shows.get(key, 0) | 1 << i

    def number(self, layout: frozenset[Cell], cell: Cell) -> int:
        return sum(n in layout for n in around(cell, self.rows, self.cols))

    def wins_without_guessing(self, layout: frozenset[Cell]) -> bool:
        """Open the first click, then every cell safe in all layouts still possible, until stuck or won."""
        possible, opened, to_open = (1 << len(self.layouts)) - 1, set[Cell](), [self.first]
        safe_cells = self.rows * self.cols - len(layout)
        while to_open:
            while to_open:  # open, zeros flood
                cell = to_open.pop()
                if cell in opened:
                    continue
                opened.add(cell)
                shown = self.number(layout, cell)
                possible &= self.shows.get((cell, shown), 0)
                if shown == 0:
                    to_open += around(cell, self.rows, self.cols)
            if len(opened) == safe_cells:
                return True
            to_open = [c for c in self.mine if c not in opened and not possible & self.mine[c]]
        return False


def chi_square_critical(df: int, alpha: float) -> float:
    """The 1 - alpha quantile of the chi-square distribution (Wilson-Hilferty; accurate for large df)."""
    z = NormalDist().inv_cdf(1 - alpha)
    h = 2 / (9 * df)
    return df * (1 - h + z * h ** 0.5) ** 3


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols, mines, first, rule", [
    (5, 5, 5, (2, 2), "zero"), (4, 5, 4, (0, 0), "classic"), (4, 4, 3, (1, 2), "classic")])
def test_the_certificate_agrees_with_a_brute_force_player_on_every_board(rows, cols, mines, first, rule):
    player = BrutePlayer(rows, cols, mines, first, rule)
    verdicts = [player.wins_without_guessing(layout) for layout in player.layouts]
    assert 0 < sum(verdicts) < len(verdicts)
    assert [solvable_without_guessing(rows, cols, layout, first) for layout in player.layouts] == verdicts


@pytest.mark.slow
def test_no_guess_boards_are_won_without_a_guess_by_the_brute_force_player():
    for rows, cols, mines, first, rule in [(4, 5, 5, (3, 4), "classic"), (5, 4, 4, (2, 1), "zero")]:
        player = BrutePlayer(rows, cols, mines, first, rule)
        for seed in range(60):
            made = generate(rows, cols, mines, first, rule, seed, no_guess=True)
            assert len(made.mines) == mines and player.wins_without_guessing(made.mines)


@pytest.mark.slow
def test_no_guess_boards_are_uniform_over_the_no_guess_layouts():
    rows, cols, mines, first, rule, seeds = 5, 5, 5, (2, 2), "zero", 20_000
    player = BrutePlayer(rows, cols, mines, first, rule)
    no_guess = [layout for layout in player.layouts if player.wins_without_guessing(layout)]
    drawn = Counter(generate(rows, cols, mines, first, rule, seed, no_guess=True).mines for seed in range(seeds))
    assert set(drawn) <= set(no_guess)
    expected = seeds / len(no_guess)
    assert expected >= 5  # the chi-square approximation holds
    statistic = sum((drawn[layout] - expected) ** 2 / expected for layout in no_guess)
    assert statistic < chi_square_critical(len(no_guess) - 1, 0.001)


def test_a_seed_draws_the_mines_of_that_seeds_game():
    for rule, first in (("classic", (0, 0)), ("zero", (4, 5))):
        for seed in range(5):
            game = Game.new("intermediate", seed, rule)
            game.open(first)
            made = generate(16, 16, 40, first, rule, seed)
            assert made.mines == game.mine_cells and made.tries == 1


@pytest.mark.slow
def test_draws_step_through_the_rejected_boards_to_the_one_generate_keeps():
    steps = list(draws(16, 30, 99, (3, 3), "zero", 11, no_guess=True))
    made = generate(16, 30, 99, (3, 3), "zero", 11, no_guess=True)
    assert steps[:-1] == [None] * (made.tries - 1) and steps[-1] == made
    with pytest.raises(ValueError):
        generate(16, 30, 99, (3, 3), "zero", 11, no_guess=True, max_tries=made.tries - 1)
