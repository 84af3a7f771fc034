"""The win finder's board-wide score terms read from the variant's own declarations.

Where no pile is foundation-like (no foundation, no discard: Gaps and its Moon kin, Maze,
Accordion, Pile On), the finder's measure of progress, cards up, is always zero, and its
per-pile rating sees little: on Gaps every place holds one card and four are empty whatever
the order, so every position scored alike and the beam kept a random sample. The variant's
``score:`` is the author's own measure of progress there (Gaps: the cards in place), so the
finder reads it (``PointsTerm``). Only the finder's order depends on it: the finder says
only ``won``, with its line replayed move by move (beam.replay), so no verdict can change.
``find_win(..., points=False)``: not read.
"""

from __future__ import annotations

from ..core.kinds import PROGRESS_ROLES
from ..engine.codegen import position_rule
from ..lang.runtime import Env
from .rooted_runs import rooted_term

# Per point of the variant's score: as much as a card up (beam.R_FOUNDATION), the progress a
# point stands for where no card goes up. The weight only orders the beam; Gaps' seeds 1-5 at
# check's 2 CPU s a deal, docs/solver.md "Gaps: the variant's score in the finder".
W_POINTS = 20


class PointsTerm:
    """W_POINTS per point of the position's score (the points scored by moves, as
    ``Game.score`` counts them, and the ``score:`` rule on the board): the generated rule where
    the translator gives one, else the closure."""

    def __init__(self, variant):
        self.rule = position_rule(variant, ("score",), variant.score, "score")
        self.closure, self.env = variant.score, Env(None)

    def points(self, st) -> int:
        """The position's score, as the player sees it."""
        rule = self.rule
        if rule is not None:
            got = rule(st, self.env)
        else:
            self.env.st = st
            got = self.closure(self.env)
        return st.points + int(got or 0)

    def __call__(self, st) -> int:
        return W_POINTS * self.points(st)


def points_term(variant) -> PointsTerm | None:
    """The term where the variant declares a score and no pile is foundation-like, else None
    (where cards go up, the rating counts them: a score that counts them too would only weigh
    them twice)."""
    if variant.score is None or any(r.role in PROGRESS_ROLES for r in variant.rules):
        return None
    return PointsTerm(variant)


def summed(*terms):
    """The board-wide part of the score: the terms given (callables of a position, or None)
    added, or None where there is none (then a node's part is 0)."""
    kept = [t for t in terms if t is not None]
    if not kept:
        return None
    if len(kept) == 1:
        return kept[0]
    return lambda st: sum(t(st) for t in kept)


def board_term(variant, points=True, rooted=True):
    """The finder's board-wide term read from the rules: the variant's score where no pile is
    foundation-like (``points``), else the cards in their final place where whole runs are
    built in the columns (``rooted``, rooted_runs.py), else None."""
    term = points_term(variant) if points else None
    if term is None and rooted:
        term = rooted_term(variant)
    return term
