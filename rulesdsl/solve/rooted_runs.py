"""The order a finished run needs (``run_pairs``, which beam.Rating scores), and the win finder's
count of the cards already in their final place where whole runs are built in columns that lift
any face-up card with what lies on it (Scorpion, Scorpion II, Wasp).

Where the foundations take only a finished run, or no foundation exists and the win reads the
columns, "cards up" stays 0 until a whole suit is done, and the per-pile rating's run pairs
(``run_pairs``) count a pair in order wherever it lies: a 9-8 of spades buried under other
cards scores as much as one on a king at the foot of a column. A player counts the cards that
will never move again: a column with no face-down card whose bottom card heads a finished run
(a card no run pair puts on another: the king), and the cards over it while each lies on the
one below in the run's order. Those are what ``RootedTerm`` counts, with the cards up (a run
leaving for a foundation keeps its count). Only the finder's order and its "cards up" (what the
check's second try reads to pick a deal) depend on it: the finder says only ``won``, with its
line replayed move by move (beam.replay), so no verdict can change.
``find_win(..., rooted=False)``: not read.
"""

from __future__ import annotations

from ..core.kinds import PROGRESS_ROLES
from ..core.state import State
from ..lang.runtime import Env
from .derivations import next_rule
from .natural_runs import natural_tables

# Per card in its final place: a card up's weight (beam.R_FOUNDATION), the progress it stands
# for. The figures: docs/solver.md, "check --solve 5: Scorpion's cards in place" (issue 22).
W_ROOTED = 20


def finished_pairs(variant) -> frozenset | None:
    """The (rank, suit) pairs of a finished run's order: the run pairs where whole runs leave
    (``run_pairs``), else, where no pile is foundation-like, the columns' own accept order
    (natural_runs); None elsewhere (cards go up one at a time: the rating counts them)."""
    pairs = run_pairs(variant)
    if pairs is not None or any(r.role in PROGRESS_ROLES for r in variant.rules):
        return pairs
    deck = variant.deck
    face = [(deck.rank_of[c], deck.suit_of[c]) for c in range(deck.size)]
    out = {(face[a], face[b]) for t in natural_tables(variant) if t is not None for a, row in enumerate(t) for b in row}
    return frozenset(out) or None


def run_pairs(variant) -> frozenset | None:
    """The (rank, suit) pairs (a, b) such that b lies on a in a run the progress piles take
    whole, where no progress pile is read to take single cards (next_rule is None): each
    suit's run from its top rank down, as a one-suit deck lays it, tried on each sink's
    accept_empty (an empty sink, the run moving from the first pile that lifts runs). None
    where single cards go up, or no such run is taken (then the piles' own order serves)."""
    if next_rule(variant) is not None:
        return None
    deck = variant.deck
    lifts = [p for p, r in enumerate(variant.rules) if r.lift == "run"]
    sinks = [p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES and r.accept_empty is not None]
    if not lifts or not sinks:
        return None
    st = State.empty(variant)
    env = Env(st)
    pairs: set = set()
    for suit in sorted(set(deck.suit_of)):
        run = []  # one copy of each rank of the suit, from the highest down
        for rank in sorted({deck.rank_of[c] for c in range(deck.size) if deck.suit_of[c] == suit}, reverse=True):
            run.append(next(c for c in range(deck.size) if deck.suit_of[c] == suit and deck.rank_of[c] == rank))
        st.piles[lifts[0]][:] = run
        env.source, env.card, env.run = lifts[0], run[0], tuple(run)
        try:
            taken = False
            for f in sinks:
                env.dest = f
                taken = taken or bool(variant.rules[f].accept_empty(env))
        except Exception:  # a rule that reads more than the run: no pairs (they only order)
            return None
        finally:
            st.piles[lifts[0]][:] = []
        if taken:
            face = [(deck.rank_of[c], suit) for c in run]
            pairs.update(zip(face, face[1:]))
    return frozenset(pairs) or None


class RootedTerm:
    """W_ROOTED per card on a progress pile or lying in its final place in a column."""

    def __init__(self, variant, pairs):
        deck = variant.deck
        self.pairs = pairs
        self.face = [(deck.rank_of[c], deck.suit_of[c]) for c in range(deck.size)]
        firsts, seconds = {a for a, _ in pairs}, {b for _, b in pairs}
        self.heads = frozenset(firsts - seconds)
        self.sinks = [p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES]
        # the columns that lift any face-up card with what lies on it (no sequence rule: their
        # order read from the accept rule, natural_runs), where a card in place may carry other
        # cards away; where runs move only in sequence (Spider) a king at a column's foot is
        # no progress (the column is no longer free to empty), so none is counted there
        tables = natural_tables(variant)
        self.columns = [
            p for p, r in enumerate(variant.rules) if tables[p] is not None and r.role not in PROGRESS_ROLES
        ]

    def rooted(self, st, p) -> int:
        """How many cards of pile p lie in their final place (0 under a face-down card)."""
        pile = st.piles[p]
        if not pile or st.down[p] or self.face[pile[0]] not in self.heads:
            return 0
        face, pairs = self.face, self.pairs
        n = 1
        while n < len(pile) and (face[pile[n - 1]], face[pile[n]]) in pairs:
            n += 1
        return n

    def points(self, st) -> int:
        """The cards done: up, or in their final place."""
        return sum(len(st.piles[p]) for p in self.sinks) + sum(self.rooted(st, p) for p in self.columns)

    def __call__(self, st) -> int:
        return W_ROOTED * self.points(st)


def rooted_term(variant) -> RootedTerm | None:
    """The term where a finished run's order is read (``finished_pairs``) and heads a run, else None."""
    pairs = finished_pairs(variant)
    if pairs is None:
        return None
    term = RootedTerm(variant, pairs)
    return term if term.heads and term.columns else None
