"""Needless returns from the foundations, derived from the rules: a foundation's top card does
not come back down where it would at once go up again safely (safe_foundations.py), since a
line that brings it down is then never one of the shortest, so no win is lost.
"""

from __future__ import annotations

from .safe_foundations import derive_foundation_safe
from .stock_macros import settled

# -- a safe card stays up ----------------------------------------------------------------
#
# The class: the variant has a FoundationRule (safe_foundations.derive_foundation_safe: the
# chain's or the closure's class; F the win's piles, which give their top card back and take
# single cards). The move at a settled position Y: d takes c, the top of a pile f of F with a
# card under it and none face down, onto a pile Q outside F. It is *needless*, and not
# searched, when at Y + d the move c -> f (c from Q back onto f) is legal and safe by the
# chain's or the closure's test (FoundationRule.safe / closed, judged with c off f: their
# tests read F's piles and c alone).
#
# Proof. Measure a position by the fewest card moves of a winning line (stock_macros.py's
# c(X): actions are free), as every other rule of the search does. Let Z = Y + d and Z' = Z +
# (c -> f). Z' is Y itself: c lies on f again and Q is as at Y; no follow-up acts after d or
# after the move back (none but flips exist in the class, f holds no face-down card, and Q's
# top after the move back is the one it had at Y, which is settled). Both proofs in safe_foundations.py turn a
# winning line L from Z into one from Z' that plays at most one card move for each of L's,
# and none for the move that takes c up onto F (L has one: the win needs c on F; c goes up
# alone, F taking single cards): so c(Y) = c(Z') <= c(Z) - 1. If d were the first move of a
# line with the fewest card moves from Y, c(Z) = c(Y) - 1, so c(Y) <= c(Y) - 2: impossible.
# So no line with the fewest card moves starts with d, and whatever another rule needs of
# such lines (partial_runs.py: some one starts with a move it keeps; stock_macros.py (c): a
# child one card move nearer the win) holds with d left out. (The test is the same as the
# safe move's, on Z; it is judged on Y with c lifted off f, and then d is played to check
# that the move back is legal from Q: destination rules may read the source's group.)


class ReturnRule:
    """The test above, for one search (``start``)."""

    def __init__(self, safe):
        self.safe = safe  # the variant's FoundationRule
        self.sinks = safe.sinks

    def start(self, search):
        """needless(m) on the search's board, in a settled position."""
        st, safe, sinks = search.st, self.safe, self.sinks
        want = safe.want
        piles, ops, env = st.piles, search.ops, search.env
        do, undo, generate = search.do, search.undo_ops, search.g.generate
        # the start's own test (the search computes root_settled only for its reversal and
        # macro rules: judged here, the rule does not depend on which of those are on)
        root_settled = search.root_settled or settled(search.variant, st)

        def needless(m) -> bool:
            if not search.path and not root_settled:
                return False  # (an unsettled start: the move back may not give Y again)
            if m.kind != "move" or m.sources[0] not in sinks or m.dest in sinks or len(m.cards) != 1:
                return False
            f, q, c = m.sources[0], m.dest, m.cards[0]
            pile = piles[f]
            if len(pile) < 2 or pile[-1] != c or st.down[f]:
                return False  # (no face-down card on f: no follow-up acts there)
            for x in want[c]:  # (a quick no: the closure needs what could go onto c up)
                if not any(x in piles[g] for g in sinks):
                    return False
            pile.pop()
            try:
                up = (safe.chain and safe.safe(st, c, f)) or (safe.closure and safe.closed(st, c, f))
            finally:
                pile.append(c)
            if not up:
                return False
            mark = len(ops)
            do(st, m, env, ops)
            try:
                return any(
                    x.kind == "move" and x.dest == f and x.sources[0] == q and x.cards == (c,) for x in generate()
                )
            finally:
                undo(st, ops, mark)

        return needless


def derive_returns(variant):
    """A ReturnRule where the variant has a FoundationRule, else None."""
    rule = derive_foundation_safe(variant)
    return None if rule is None else ReturnRule(rule)
