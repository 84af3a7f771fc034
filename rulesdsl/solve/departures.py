"""Orders of departure, derived from the rules: every card off the foundations must leave
its pile, and each way out asks for other cards to have left first. A position whose cards
admit no order of first departures is lost. This sees knots across piles (two cards, each
burying what the other needs) that the stuck-card test, one pile at a time, does not.

Enabled when (read from the compiled variant): no actions, removals or automatic moves; no
covering piles; the win is ``all(f in G: f.size == N)`` with N times G's count the deck; every
pile outside G lifts its top card only, G's piles lift their top or nothing; every destination
rule is context-free (sink_tables.py); each card goes onto G on one top card at most; and some
card with a card to wait for on G has no empty pile outside G to go to (Fan, Baker's Dozen,
Good Measure, Shamrocks, British Canister: where stuck_cards.py applies).
"""

from __future__ import annotations

from .safe_moves import flat_win_group
from .sink_tables import sink_tables
from .stuck_cards import chain_needs

# -- the proof --------------------------------------------------------------------------------
#
# The class is stuck_cards.py's (derive_stuck): no actions, removals or automatic moves, no
# covering piles, context-free destination rules, the win every card on the piles F the win
# names, piles outside F lifting their top card only, and each card x going onto F on one top
# card at most, pred(x) (or onto an empty pile of F: x is then *first*). needs(x) is the chain
# pred(x), pred(pred(x)), ... and bases(x) the cards a pile outside F would take x on.
#
# Take a position P and a winning line from it. Every card y lying outside F in P must reach
# F, so it leaves its pile at some first time t(y). Then, for cards y, z outside F in P:
# (1) z under y in one pile: t(y) < t(z) (only a top is lifted, and nothing under y moves
#     while y lies on it).
# (2) y's move at t(y) goes to one of:
#     (a) a base b of y: b is a top then, so every card lying above b in P left b's pile
#         before (b itself moves only as a top, so after them too); where b lies on F in P,
#         or is a top in P, this asks nothing;
#     (b) F: pred(y) lies on F then. Where pred(y) lies outside F in P, it went up before,
#         so it left its pile before: t(pred(y)) < t(y), and by (1) every card above it left
#         before it; it went up onto pred(pred(y)), so the same holds of that card where it
#         lies outside F in P, and so on down the chain to its first card lying on F in P
#         (or a first card): those ask nothing. Where pred(y) lies on F, this asks nothing;
#     (c) an empty pile p outside F whose empty rule takes y: every card of p in P left
#         before; an empty p asks nothing.
#     Cards coming down from F add no way out: they only lie on tops, and these demands
#     name cards of P alone.
# So a winning line gives an order of the cards outside F (by t) that respects (1) and, for
# each card y, all the demands of one of its ways out. The test builds the order's demands
# as a relation B (u B v: u leaves before v) closed under transitivity, starting from (1).
# A way out of y whose demanded set S holds y, or a card that B already puts after y, would
# close a cycle: no order respects it, it is dropped. Every order that respects B and one
# of y's remaining ways out respects what they all demand: that is added to B. A card with
# no way left, or a cycle in B, leaves no order: P is lost. Each step only adds what every
# admissible order respects, so a position called lost has no winning line.
# With a card that has a way out asking nothing, that card adds nothing (it is *free*).


class DepartureRule:
    """The tables of the test above."""

    every_position = True  # tested on every new child (the search takes it as its stuck test)

    def __init__(self, outside, bases, needs, empties):
        self.outside = outside  # the piles outside F
        self.bases = bases  # card -> its bases (tuple)
        self.needs = needs  # card -> needs(x) (tuple); () when an empty pile of F takes it
        self.empties = empties  # card -> the piles outside F whose empty rule takes it
        self.size = len(bases)

    def lost(self, st) -> bool:
        """Do the cards outside F of ``st`` admit no order of first departures?"""
        before, after, ways = self._start(st)
        for _ in range(len(ways) + 1):  # a pass that adds nothing ends it
            grew = False
            for y, opts in list(ways.items()):
                late = after[y] | (1 << y)
                alive = [s for s in opts if not s & late]
                if not alive:
                    return True
                common = alive[0]
                for s in alive[1:]:
                    common &= s
                if len(alive) < len(opts):
                    ways[y] = alive
                add = common & ~before[y]
                if not add:
                    continue
                new = add
                m = add
                while m:
                    low = m & -m
                    new |= before[low.bit_length() - 1]
                    m ^= low
                if new & late:
                    return True  # a cycle
                m = late
                while m:
                    low = m & -m
                    before[low.bit_length() - 1] |= new
                    m ^= low
                m = new
                while m:
                    low = m & -m
                    after[low.bit_length() - 1] |= late
                    m ^= low
                grew = True
            if not grew:
                break
        return False

    def _start(self, st):
        """(before, after, ways): B from (1) as bit sets per card (before: the cards above,
        after: those under), and each card's ways out that ask something."""
        piles = st.piles
        before = [0] * self.size
        after = [0] * self.size
        own = [-1] * self.size  # the pile of each card outside F
        content: dict = {}
        for p in self.outside:
            over = 0
            for c in piles[p]:
                over |= 1 << c
            content[p] = over
            under = 0
            for c in piles[p]:
                own[c] = p
                over ^= 1 << c
                before[c] = over
                after[c] = under
                under |= 1 << c
        ways: dict = {}
        bases, needs, empties = self.bases, self.needs, self.empties
        for p in self.outside:
            for y in piles[p]:
                opts = _ways(y, bases[y], needs[y], empties[y], own, before, content)
                if opts:
                    ways[y] = opts
        return before, after, ways


def _ways(y, bases, needs, empties, own, above, content):
    """y's ways out as the sets of cards each demands; [] when one demands nothing."""
    opts = []
    for b in bases:
        if own[b] < 0 or not above[b]:
            return []  # a base on F (it could come down) or a top
        opts.append(above[b])
    if not needs:
        return []  # an empty pile of F takes it
    s = 0
    for n in needs:  # down the chain to the first card on F: it and those below ask nothing
        if own[n] < 0:
            break
        s |= (1 << n) | above[n]
    if not s:
        return []
    opts.append(s)
    for p in empties:
        if p != own[y]:
            if not content[p]:
                return []
            opts.append(content[p])
    return opts


def derive_departures(variant):
    """A DepartureRule when the variant is in the class the proof covers, else None. The
    class is checked here (not taken from derive_stuck, whose class may grow)."""
    text = variant.rules_text
    if text is None or variant.actions or variant.removals or variant.autos:
        return None
    layout, rules, deck = variant.layout, variant.rules, variant.deck
    group = flat_win_group(variant)
    if group is None:
        return None
    sinks = tuple(group.piles)
    outside = tuple(p for p in range(layout.size) if p not in sinks)
    if any(rules[p].lift != "top" for p in outside) or any(rules[p].lift not in ("top", "none") for p in sinks):
        return None
    tables = sink_tables(variant, sinks, text.params)
    every = sink_tables(variant, tuple(range(layout.size)), text.params)  # the empty piles' tables
    if tables is None or every is None:
        return None
    needs = chain_needs(deck.size, sinks, tables)  # as stuck_cards.py's
    if needs is None:
        return None
    bases: list = [[] for _ in range(deck.size)]
    for t, xs in enumerate(tables[0]):
        for x in xs:
            bases[x].append(t)
    empty = every[2]
    empties = [tuple(p for p in outside if x in empty.get(p, ())) for x in range(deck.size)]
    if all(empties[x] or not needs[x] for x in range(deck.size)):
        # Every card has an empty pile to go to (Beleaguered Castle, FreeCell-like cells): a
        # knot then needs every other pile to wait for it, which is rare, and the test would
        # cost every position (and the search's bare path) for almost nothing.
        return None
    return DepartureRule(outside, [tuple(b) for b in bases], needs, empties)
