"""A live game with a 1,000-move history stays under 64 KB (issue 13).

The size is Game.footprint(): a deterministic deep size of everything the game holds but
its variant (the position, the starting position, the packed history, the legal-move
cache). Random play grows the history to 1,000 moves, backing up a few moves at a dead end;
the games chosen cover the kinds of record: card moves, flips, several-card deals and
recycles, redeals, automatic moves, many piles. bench/bench_engine.py reports every variant.
"""

from __future__ import annotations

import random
import sys

import pytest

import rulesdsl
from rulesdsl.play.game import deep_size

LIMIT = 64 * 1024
PLIES = 1000


def grow(v, plies=PLIES, seed=1, budget=20_000):
    """A game of v with a history of `plies` moves (fewer if the game never gets that deep
    within `budget` steps), by random moves; at a dead end a few moves are taken back."""
    rng = random.Random(seed)
    g = v.new_game(seed)
    for _ in range(budget):
        if g.ply >= plies:
            break
        moves = g.legal_moves()
        if moves:
            g.apply_unchecked(rng.choice(moves))
        else:
            for _ in range(rng.randint(1, min(g.ply, 8))):
                g.undo()
    return g


@pytest.mark.parametrize(
    "name, options",
    [
        ("klondike", {"draw": 3}),
        ("cruel", {}),  # a redeal as often as the player likes
        ("canfield", {}),  # three-card deals and recycles
        ("spider", {"suits": 1}),
        ("forty_thieves", {}),
        ("maze", {}),  # 54 piles
    ],
)
def test_a_game_with_a_1000_move_history_is_under_64_kb(name, options):
    v = rulesdsl.load(name, options)
    g = grow(v)
    assert g.ply == PLIES
    size = g.footprint()
    assert size < LIMIT, f"{name}: {size} bytes"
    # the history still undoes to the deal and saves and reloads identically
    again = rulesdsl.Game.load_save(v, g.save())
    assert again.state.key() == g.state.key() and again.ply == g.ply
    while g.undo() is not None:
        pass
    assert g.state.key() == v.new_game(1).state.key()


def test_the_size_is_deterministic_and_counts_the_history():
    v = rulesdsl.load("klondike")
    small, big = grow(v, 10), grow(v, 400)
    assert grow(v, 400).footprint() == big.footprint()
    assert big.footprint() > small.footprint() + 400 * 8  # a move costs at least its code


def test_deep_size_counts_shared_objects_once_and_skips():
    shared = list(range(100))
    assert deep_size([shared, shared]) == deep_size([shared]) + 8
    assert deep_size([shared], skip=(shared,)) == sys.getsizeof([shared])
