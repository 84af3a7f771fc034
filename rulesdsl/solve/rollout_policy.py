"""Move classes for the rollouts' level-0 policy (rollouts.py): a lexicographic order of a
position's children read from the compiled rules, as the literature's hand-written move
priorities for thoughtful Klondike, but derived (nothing here names a game).

beam.Rating alone weighs every term in one sum, so a move that turns a face-down card up
(R_DOWN) can lose to a shuffle that tidies a break, a king filling an empty pile scores below
leaving it empty, and shuffles between the building piles tie with the talon's cards (their
order then a hash). The classes below, best first, put the kinds of progress before the score:

* ``FLIP``: a face-down card of a pile that is not dealt in order (not a stock) turns up;
  among these, the pile with more face-down cards first;
* ``SINK``: a card goes to a progress pile (no card turned up);
* ``TALON``: a card leaves a pile that does not take cards (a waste, a reserve) for a pile
  that does;
* ``EMPTY``: a building pile is emptied while some card an empty pile accepts still lies
  where moving it helps (over another card, or in a pile that takes none);
* ``OTHER``: the rest (shuffles between building piles, an empty pile filled to no use);
* ``BACK``: a card leaves a progress pile.

Then the Rating's score and the seeded tie (rollouts._tie). Only the order in which a
rollout plays the children changes; nothing here is a proof (the rollouts' lines are
replayed before they are believed).
"""

from __future__ import annotations

from ..core.kinds import PROGRESS_ROLES
from ..core.state import State
from ..lang.runtime import Env

BACK, OTHER, EMPTY, TALON, SINK, FLIP = range(6)


def fill_cards(variant) -> frozenset | None:
    """The cards an empty building pile accepts, alone, read on each such pile's accept_empty
    (the card moving from a pile that lifts runs); None where that cannot be read (then every
    emptied pile counts as useful)."""
    rules = variant.rules
    builds = [p for p, r in enumerate(rules) if r.role not in PROGRESS_ROLES and r.takes and r.accept_empty is not None]
    lifts = [p for p, r in enumerate(rules) if r.lift != "none" and p not in builds]
    if not builds:
        return frozenset()
    if not lifts:
        return None
    st = State.empty(variant)
    env = Env(st)
    out = set()
    src = lifts[0]
    try:
        for c in range(variant.deck.size):
            st.piles[src][:] = [c]
            env.source, env.card, env.run = src, c, (c,)
            for p in builds:
                env.dest = p
                if rules[p].accept_empty(env):
                    out.add(c)
                    break
    except Exception:  # a rule that reads more than the card: every emptied pile counts
        return None
    finally:
        st.piles[src][:] = []
    return frozenset(out)


class Priorities:
    """The classes above for one variant: ``before(st)`` reads the parent once, ``rank``
    each child (applied on ``st``) from it."""

    def __init__(self, variant):
        rules = variant.rules
        self.sinks = frozenset(p for p, r in enumerate(rules) if r.role in PROGRESS_ROLES)
        self.builds = [p for p, r in enumerate(rules) if r.role not in PROGRESS_ROLES and r.takes]
        # a pile nothing moves to or lifts from (a stock): its cards turn up in its order
        self.dealt = frozenset(p for p, r in enumerate(rules) if not r.takes and r.lift == "none")
        self.givers = frozenset(
            p for p, r in enumerate(rules) if r.role not in PROGRESS_ROLES and not r.takes and r.lift != "none"
        )
        self.fills = fill_cards(variant)
        self.n = len(rules)

    def before(self, st) -> tuple:
        """The parent's face-down counts, cards on the progress piles and empty building piles."""
        down = list(st.down)
        up = sum(len(st.piles[p]) for p in self.sinks)
        empty = sum(1 for p in self.builds if not st.piles[p])
        return down, up, empty, self._fill_waits(st)

    def _fill_waits(self, st) -> bool:
        """Does a card an empty building pile accepts lie where moving it helps?"""
        fills = self.fills
        if fills is None:
            return True
        if not fills:
            return False
        for p in range(self.n):
            if p in self.sinks:
                continue
            pile = st.piles[p]
            start = 0 if p in self.givers or p in self.dealt else 1
            for c in pile[start:]:
                if c in fills:
                    return True
        return False

    def rank(self, st, parent, item, touched) -> tuple:
        """The child's (class, within the class) on the board ``st`` it leads to."""
        down, up, empty, waits = parent
        piles = range(self.n) if touched is None else touched
        flips = 0
        most = 0
        for p in piles:
            if p in self.dealt:
                continue
            d = down[p] - st.down[p]
            if d > 0:
                flips += d
                most = max(most, down[p])
        if flips:
            return FLIP, most
        now = sum(len(st.piles[p]) for p in self.sinks)
        if now > up:
            return SINK, 0
        if now < up:
            return BACK, 0
        m = item[-1]
        if m.kind == "move" and m.sources and m.sources[0] in self.givers:
            return TALON, 0
        if waits and sum(1 for p in self.builds if not st.piles[p]) > empty:
            return EMPTY, 0
        return OTHER, 0
