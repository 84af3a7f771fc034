"""The position: what lies where. Plain lists of card ids, cheap to copy and compare.

A pile is a list of card ids, bottom first. ``down[p]`` counts the face-down cards at
the bottom of pile p (every game here keeps face-down cards under face-up ones).
``used[i]`` counts uses of action i (draws, redeals), ``points`` the points scored by
events so far. ``base_rank`` is the rank a deal step fixed for the whole game (a
``base_rank`` step: the rank of a dealt card), or None when the deal fixes none.
"""

from __future__ import annotations


class State:
    __slots__ = ("piles", "down", "used", "points", "removed", "seed", "base_rank")

    def __init__(self, piles, down, used, points=0, removed=False, seed=0, base_rank=None):
        self.piles = piles
        self.down = down
        self.used = used
        self.points = points
        self.removed = removed  # cards were taken out of the game by the deal
        self.seed = seed  # the game's seed: shuffling redeals draw from it
        self.base_rank = base_rank  # the rank the deal fixed (a base_rank step), or None

    @classmethod
    def empty(cls, variant) -> "State":
        n = variant.layout.size
        return cls([[] for _ in range(n)], [0] * n, [0] * len(variant.actions))

    def copy(self) -> "State":
        return State(
            [list(p) for p in self.piles],
            list(self.down),
            list(self.used),
            self.points,
            self.removed,
            self.seed,
            self.base_rank,
        )

    def key(self) -> tuple:
        """Everything that makes two positions the same, as one hashable value."""
        return (tuple(map(tuple, self.piles)), tuple(self.down), tuple(self.used), self.points, self.base_rank)

    def __eq__(self, other):
        return isinstance(other, State) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def card_count(self) -> int:
        return sum(len(p) for p in self.piles)
