"""Unused returns from the foundations, derived from the rules: a card comes down from a
foundation only where something can use it at once (a card put onto it, the card under it
moving on, a card of the stock or under another foundation's top that it would take), since
elsewhere the same return can be played later, just before its use, in as few card moves.
"""

from __future__ import annotations

from ..engine.codegen import moves_from
from .partial_runs import derive_partial
from .safe_foundations import derive_foundation_safe
from .stock_macros import settled

# -- a return nothing uses at once ----------------------------------------------------------
#
# The class (derive_unused): partial_runs.py's class for a group G (its piles' accept is
# context-free, reads no other pile, equals the sequence rule, no max_run; follow-ups are
# unconditioned flips; no rule reads the history), and safe_foundations.py's for the win's
# piles F (lift top, single cards, context-free destination rules, no face-down card),
# with each pile of F taking on a card at most one card (takes_on; one deck, as Klondike's
# suits). takes[t]: the cards G's accept puts on t from any source.
#
# A *return* d at a settled position X takes the top c of a pile f of F, with a card c'
# under it, onto a pile Q of G. It is *unused*, and not searched, when
#   (U1) at X + d no card move puts a card onto c or lifts cards from Q but c alone;
#   (U2) at X + d no card move takes from f (c' moving on);
#   (U3) no pile g of F other than f has its second card (the one under its top) in
#        takes[c]; (U4) no card of the stock's piles (the piles the actions name) is in
#        takes[c].
# (A move onto f at X + d puts c back: f takes on c' only c.) With this rule on, a partial
# move (partial_runs.py) uncovering c_(i-1) is also kept when (P5) some pile of F has its
# second card in takes[c_(i-1)].
#
# Proof. Measure by c(X), the fewest card moves of a winning line (stock_macros.py; actions
# are free and commute with every move below, none of which takes from the stock's piles).
# Call a move a *use* of a return d when it touches Q or f, of a partial move M when it
# takes from or puts onto P (partial_runs.py). In a line with the fewest card moves the
# first use e of d exists (c must go up again, lifted from Q) and is not c alone: d then
# "c alone from Q onto O" is one move fewer as "c from f onto O" (legal there: f and Q
# untouched between, accept reads no source), c back onto f two fewer.
#  (i) Delay. If L = d m_1 .. m_k e .. wins from X, so does m_1 .. m_k d e ..: the m's touch
#      neither Q nor f, the rules read only a move's two piles and whether they are empty
#      (both hold cards before and after d, or only Q's emptiness changes, read only by a
#      move touching Q), d's follow-ups find nothing to flip (Q's top and F are face up),
#      and d finds f and Q as at X. The same card moves: still among the fewest.
#  (ii) Some line with the fewest card moves starts with a move that is neither dominated
#      (partial_runs.py) nor an unused return. Take any, and while its first move is one,
#      delay it (partial_runs.py's step, or (i)). Suppose this cycles; a move a delayed
#      stands just before its first use e (not legal after a alone: a is dominated or
#      unused), and comes to the front again with only delayed moves between it and e
#      (moves reach that gap only by a delay). Let b be the last of them changing e's other
#      pile O (e reads only its two piles and a's pile is untouched before e). b was
#      dominated or unused at X. The cases, by the kinds of a and b:
#      * both partial: partial_runs.py's proof.
#      * a partial (S_a from P_a), b a return of c_b from f_b onto Q_b: e from P_a onto c_b:
#        the run from e's bottom card up through S_a goes onto c_b at X + b (a run, accept
#        reads its bottom card), contradicting (U1) for b; e from Q_b onto c_(i-1): c_b
#        alone would make b e one move "c_b from f_b onto P_a", a card below c_b with it
#        is the same lift of the cards below c_b at X + a, a use of P_a; e from f_b: c'_b,
#        f_b's second card at X, in takes[c_(i-1)]: (P5); e onto f_b: f_b takes only c_b.
#      * a a return of c_a (f_a, Q_a), b partial (S_b from P_b onto Q_b): e from P_b onto
#        c_a: the run from e's bottom through S_b onto c_a at X + a, against (U1); e from Q_a
#        onto P_b or onto S_b's top: c_a alone is one move fewer (above), with cards below
#        it the same lift is legal at X + b onto c_(i-1) (a use of P_b) or at X + a onto
#        S_b's top on P_b (against (U1)); e from f_a (c'_a) onto c_(i-1): (P5); onto S_b's
#        top: legal at X + a, against (U2); e from Q_b (cards of S_b or below t_b) onto c_a:
#        the same lift from P_b or Q_b at X + a, against (U1); onto f_a: f_a takes only c_a.
#      * both returns: e between Q_a or f_a and Q_b or f_b: from Q_b onto c_a (c_b alone:
#        one move fewer; with cards below: the lift at X + a, against (U1)); from f_b onto
#        c_a: c'_b is f_b's second card in takes[c_a], against (U3); the same with a and b
#        exchanged; between f_a and f_b: a pile of F takes on its top only the card that lay
#        there; from Q_b onto f_a: c_b alone, one move fewer as "c_b from f_b onto f_a".
#      A card e brings from the stock's piles: (U4) or partial_runs.py's own clause. So no
#      cycle: a line with the fewest card moves starts with a move the search keeps (a
#      needless return, foundation_returns.py, starts none), and the search keeps a child
#      one card move nearer the win (stock_macros.py (c)), as the other rules need.
#
# What this leans on, and what would break it: a rule reading another pile (an accept that
# counts empty piles or free cells, a card's depth) breaks (i), as would a follow-up that is
# no flip (an automatic move onto the foundations could play a card onto f while c is down)
# or the search's safe moves read as rules (they are not: a pick is the node's only child,
# with its own proof of a drop); a foundation taking two cards on one (two decks) breaks the
# cases "onto f"; a max_run breaks the lifts "from e's bottom card". derive_partial and
# derive_foundation_safe check the rest; the units rule (suit_units.py), which delays splits
# by its own proof, is never on with this one (prunings.py).


class UnusedRule:
    """The test above, for one search (``start``)."""

    def __init__(self, sinks, group, takes, stock):
        self.sinks = frozenset(sinks)  # F
        self.group = frozenset(group)  # G
        self.takes = takes  # takes[t]: the cards G's accept puts on t
        self.stock = stock  # the piles the actions name

    def start(self, search):
        """unused(m) on the search's board, in a settled position."""
        st, ops, env, variant = search.st, search.ops, search.env, search.variant
        do, undo, generate = search.do, search.undo_ops, search.g.generate
        sinks, group, takes, stock = self.sinks, self.group, self.takes, self.stock
        piles, down = st.piles, st.down
        near: dict = {}  # (f, q) -> the moves from f or Q and onto Q, generated alone
        root_settled = search.root_settled or settled(variant, st)  # (as foundation_returns.py)

        def unused(m) -> bool:
            if m.kind != "move" or len(m.cards) != 1 or m.dest not in group:
                return False
            f, q, c = m.sources[0], m.dest, m.cards[0]
            if f not in sinks or (not search.path and not root_settled):
                return False  # (an unsettled start: kept)
            pile = piles[f]
            if len(pile) < 2 or pile[-1] != c or down[f]:
                return False
            want = takes[c]
            for g in sinks:  # (U3)
                if g != f and len(piles[g]) >= 2 and piles[g][-2] in want:
                    return False
            for p in stock:  # (U4)
                if not want.isdisjoint(piles[p]):
                    return False
            gen = near.get((f, q), False)
            if gen is False:
                gen = near[f, q] = moves_from(variant, frozenset((f, q)), q)
            mark = len(ops)
            do(st, m, env, ops)
            try:
                for x in generate() if gen is None else gen(st, env):
                    if x.kind != "move":
                        continue
                    s = x.sources[0]
                    if x.dest == q or s == f or (s == q and len(x.cards) > 1):
                        return False  # (U1), (U2): a use at once
                return True
            finally:
                undo(st, ops, mark)

        return unused


def derive_unused(variant):
    """An UnusedRule when the variant is in the class above, else None."""
    part = derive_partial(variant)
    found = derive_foundation_safe(variant)
    if part is None or found is None or found.sinks & part.piles:
        return None
    if not all(len(xs) <= 1 for g in found.sinks for xs in found.takes_on[g].values()):
        return None  # a foundation taking two cards on one
    return UnusedRule(found.sinks, part.piles, part.takes, part.stock)
