"""The runtime evaluation context that every compiled rule reads.

A compiled expression (compiler.py) is a function of one argument, an ``Env``. Its slots
hold what the rule may see: the position, the moving run, its first card, the source and
destination piles, the two cards of a sequence test, the cards of a removal, and the values
of quantifier variables. The engine (deal.py, moves.py, game.py) fills the slots and reuses
one Env for every evaluation, so judging a move allocates nothing. This module imports
nothing from the project: the compiler and the engine both stand on it.
"""

from __future__ import annotations

from typing import Any


class Env:
    """The evaluation context: one object reused for every evaluation (no allocation)."""

    __slots__ = ("a", "b", "card", "cards", "dest", "pile", "piles", "run", "source", "st", "v")

    st: Any
    run: Any
    card: Any
    source: Any
    dest: Any
    a: Any
    b: Any
    cards: Any
    pile: Any
    piles: Any

    def __init__(self, st: object = None) -> None:
        self.st = st
        self.run = self.card = self.source = self.dest = None
        self.a = self.b = self.cards = None
        self.pile = self.piles = None  # a redeal's keep/skip pile; a removal's piles
        self.v: list = [None] * 16  # quantifier variables (the compiler gives at most 16 slots)
