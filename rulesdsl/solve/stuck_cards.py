"""Cards that can never leave their pile, derived from the rules: where single cards move and
the foundations are built in one chain per card, a card whose every base lies under it and
which needs a card under it on the foundations first never moves, and the game is lost.
"""

from __future__ import annotations

from .safe_moves import _WIN_ALL
from .sink_tables import sink_tables

# -- stuck cards ------------------------------------------------------------------------------
#
# The class (derive_stuck): no actions, removals or automatic moves, no covering piles; the
# win is every card on the piles F of the group it names (``all(f in G: f.size == N)``, N
# times G's count the deck's size); every other pile gives its top card only (lift top);
# every destination rule is context-free (sink_tables.py); and each card x goes onto F on at
# most one top card, pred(x), over every pile of F (with one deck and building by suit up,
# its suit's card one rank lower), or onto an empty pile of F. F's piles may give their top
# back. Let bases(x) be the cards a pile outside F would take x on, needs(x) the chain
# pred(x), pred(pred(x)), ... .
#
# The test at a position: the *stuck* cards are the least set with: a card y lying outside F
# is stuck when no empty pile outside F would take it, every base of y lies outside F and is
# *covered*, and some card of needs(y) is *held*; where a card is covered when it lies under
# y in y's pile or under a stuck card in its own, and held when it is covered or stuck. A
# position with a stuck card is lost.
# Proof, by induction on the order in which cards join the set: a stuck card never leaves its
# pile in any continuation. A card leaves its pile only as its top (lift top), and cards
# under it stay where they are until it leaves; so a covered card is never a top (never a
# base, never moved) while the card over it stays, and a held card never reaches F. y could
# leave (a) onto a base, which would have to be a top: every base is covered or lies on F,
# and none lies on F; (b) onto an empty pile outside F, which takes no y; (c) onto F, only
# onto pred(y) there, so only after every card of needs(y) has been on F (each goes up only
# onto its own pred), but one of them is held. The win needs y on F: the position is lost.


class StuckRule:
    """The tables of the test above."""

    def __init__(self, outside, bases, needs, to_empty):
        self.outside = outside  # the piles outside F
        self.bases = bases  # card -> its bases (tuple), None where one lies on F (read per position)
        self.needs = needs  # card -> needs(x) (tuple), () when an empty pile of F takes it
        self.to_empty = to_empty  # cards some empty pile outside F would take

    def lost(self, st) -> bool:
        """Has the position a stuck card?"""
        piles = st.piles
        where: dict = {}
        for p in self.outside:
            for i, c in enumerate(piles[p]):
                where[c] = (p, i)
        bases, needs, to_empty = self.bases, self.needs, self.to_empty
        cands = [
            y for y in where if y not in to_empty and needs[y] and all(b in where for b in bases[y])
        ]  # (a base on F could come down)
        stuck: set = set()
        high: dict = {}  # pile -> the highest place of a stuck card in it
        for _ in range(len(cands)):  # each pass but the last adds a card
            grew = False
            for y in cands:
                if y not in stuck and _stuck(y, where, bases[y], needs[y], stuck, high):
                    p, i = where[y]
                    stuck.add(y)
                    high[p] = max(high.get(p, -1), i)
                    grew = True
            if not grew:
                break
        return bool(stuck)


def _stuck(y, where, bases, needs, stuck, high) -> bool:
    """Is y stuck, given the stuck cards so far (see above)?"""
    p, i = where[y]

    def covered(u) -> bool:
        q, j = where[u]
        return (q == p and j < i) or j < high.get(q, -1)

    if not all(covered(b) for b in bases):
        return False
    return any(u in where and (u in stuck or covered(u)) for u in needs)


def derive_stuck(variant):
    """A StuckRule when the variant is in the class the proof covers, else None."""
    text = variant.rules_text
    if text is None or variant.actions or variant.removals or variant.autos:
        return None
    layout, rules, deck = variant.layout, variant.rules, variant.deck
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    m = _WIN_ALL.match(text.win) if isinstance(text.win, str) else None
    if m is None or m.group(2) not in layout.groups:
        return None
    group = layout.groups[m.group(2)]
    if int(m.group(3)) * group.count != deck.size:
        return None
    sinks = tuple(group.piles)
    outside = tuple(p for p in range(layout.size) if p not in sinks)
    if any(rules[p].lift != "top" for p in outside) or any(rules[p].lift not in ("top", "none") for p in sinks):
        return None
    tables = sink_tables(variant, sinks, text.params)
    every = sink_tables(variant, tuple(range(layout.size)), text.params)  # the empty piles' tables
    if tables is None or every is None:
        return None
    want, takes_on, takes_empty = tables
    n = deck.size
    pred: list = [None] * n
    first = set()
    for f in sinks:
        first |= takes_empty.get(f, frozenset())
        for t, xs in takes_on.get(f, {}).items():
            for x in xs:
                if pred[x] is not None and pred[x] != t:
                    return None  # two tops could take x: no single chain
                pred[x] = t
    needs = []
    for x in range(n):
        chain: list = []
        y = x
        while pred[y] is not None and y not in first and len(chain) < n:
            y = pred[y]
            chain.append(y)
        needs.append(() if x in first else tuple(chain))
    bases: list = [[] for _ in range(n)]
    for t, xs in enumerate(want):
        for x in xs:
            bases[x].append(t)
    to_empty = frozenset().union(*(every[2].get(p, frozenset()) for p in outside))
    if all(x in to_empty or not needs[x] for x in range(n)):
        return None  # no card could ever be stuck (Beleaguered Castle: an empty column takes any)
    return StuckRule(outside, [tuple(b) for b in bases], needs, to_empty)
