"""Safe moves to foundations that give cards back, in games of two decks or more: the closure
of safe_foundations.py lifted from cards to faces (rank and suit), so that the two copies of
a card that the foundations take on one top no longer stop the proof. Double Klondike,
Triple Klondike, Gargantua and the Forty Thieves family build their foundations up by suit
from any ace, each suit on two (or three) piles; a card goes up without branching when the
cards that could still want it, every copy of them, are up.
"""

from __future__ import annotations

from ..core.kinds import AutoKind
from .analysis import analyse
from .safe_foundations import _SINGLE, _empty_takes, _one, lows_on_foundations
from .safe_moves import flat_win_group
from .sink_tables import sink_tables
from .stock_macros import derive_stock

# -- the class (derive_face_safe) ----------------------------------------------------------
#
# The closure's class (safe_foundations.py: no removals, every automatic follow-up a flip,
# no actions or the stock macro moves' class, proved there with or without a recycle; no
# covering piles; context-free destination rules; won exactly when every card lies on the
# piles F the win names, each lifting its top and taking single cards), in a deck of
# several copies where no rule reads `.copy` (analysis.faces), and besides:
#   (F1) on any top, a pile of F takes the copies of at most one face, the same on each pile
#        of F and on each copy of the top: next(t) is that face;
#   (F2) F is interchangeable, and A (the cards an empty pile of F takes, every copy counted)
#        has no more cards than F has piles;
#   (F3) the chains b, next(b), next(next(b)), ... from the faces b of A repeat no face and
#        no two of them share a face: each face x lies on one chain S(x), at one height.
#
# The test, for a legal c -> f with f not empty (c from a pile outside F; from the stock's
# piles only when every deal turns one card), with C the face of c and T f's top face:
#   (T1) every nonempty pile of F holds a prefix of the chain of its bottom face, in A;
#   (T2) no other pile of F takes C when empty, nor on a top whose face is not T;
#   (T3) the *low* cards, the least set holding want[c] (the cards a pile outside F would
#        put on c) and f's cards, and with each card x every copy of x, want[x] and the cards
#        below x on its pile of F, all lie on F.
# Proof. No rule reads which copy a card is, so swapping two copies everywhere changes no
# legal move, no follow-up and the win: positions are compared up to such swaps and up to a
# permutation of F's piles (F is interchangeable). Every low face has all its copies on F,
# so by (F3) and (T1) the low faces of a chain S form its prefix s_1..s_j, held by as many
# piles of S as s_1 has copies (k), each of height j at least; f is one, of height j (its
# cards are low, and it takes C on its top: C = s_(j+1), T = s_j by (F3)); C is not low
# (c lies off F). want is closed over the low cards (each low card's want is low), so only
# low cards are ever put on a low card or on c outside F.
# Let L win from P, P' = P + (c -> f). Invariant, for X reached by L and X' by L' from P':
# X' is X with every low card on F, each pile g of F raised to max(its height in X, the
# low prefix of its chain) (a pile is a chain prefix: F takes by next() only, (T1)), c laid
# on a pile of S(C) whose raised height is j (one exists while c lies off F in X: at most
# k - 1 copies of C are then on F in X, so some pile of S(C) stops at j or below), and
# perhaps more cards face up. Off F the low cards of X lie in runs at pile tops (they were
# all on F in P, and only low cards go on low cards). Each move m of L:
#  * m moves only low cards (down from F, between piles, up): the raised heights do not
#    change (a low card lies only at or below the low prefix); X' stays;
#  * m moves c, alone or under low cards, or at the top of a run: X' moves the run's other
#    cards (a prefix of a run is a run; X' has every empty pile X has, so no max_run
#    forbids it), or nothing. Onto F, by (T2) c goes on a pile of S(C) of height j in X:
#    the raised heights then differ from X''s exactly by c's place;
#  * m moves another card y (with low cards on it perhaps): its destination's top t is no
#    low card outside F (want is closed) and not c; X' has t where X has it (a pile of F
#    above its low prefix is X's pile in X'), plays m without the low cards, and its empty
#    piles are X's; a card left face down in X may be up in X', which allows no fewer
#    moves. Onto a pile g of F at its low prefix (y a copy of C, g of height j in X): c and
#    y leave at most k - 2 copies of C on F in X, so X' has two piles of S(C) at height j
#    and plays y onto the one without c. A card of A onto an empty pile of F: when it is
#    low, X' stays; else X''s nonempty piles of F have distinct bottoms in A other than y,
#    fewer than |A| <= |F| (F2), so one is empty: X' plays it there;
#  * an action: the stock's piles hold no low card and no c unless c was dealt one at a
#    time from them, when X' skips the deal that turns c and keeps the rest in step (a
#    recycle X' cannot play because only c was left leaves X' with fewer passes used).
# When L wins every card is on F, so X' is won.


class FaceFoundationRule:
    """The tables of the test above, for one variant."""

    def __init__(self, sinks, want, takes_on, takes_empty, face, chain):
        self.sinks = tuple(sinks)
        self.want = want  # card -> the cards a pile outside F would put on it
        self.takes_empty = takes_empty  # pile of F -> the cards it takes when empty
        self.face = face  # card -> its face (the id of its first copy)
        self.chain = chain  # face -> (the chain's bottom face, the height on it, from 0)
        n = len(face)
        self.copies: list = [[] for _ in range(n)]
        for x in range(n):
            self.copies[face[x]].append(x)
        self.copies = [self.copies[face[x]] for x in range(n)]
        self.tops: dict = {}  # (pile of F, card) -> the faces of the tops it takes the card on
        for g in sinks:
            for t, xs in takes_on[g].items():
                for x in xs:
                    self.tops.setdefault((g, x), set()).add(face[t])
        self.bottoms = {face[x] for g in sinks for x in takes_empty[g]}

    stock: frozenset = frozenset()  # the stock's piles (stock_macros.derive_stock)
    one_by_one = True  # every deal turns one card

    def pick(self, st, moves):
        """The first legal move that is safe here (see above), or None."""
        sinks, stock = self.sinks, self.stock
        for m in moves:
            if m.kind != "move" or m.dest not in sinks or len(m.cards) != 1 or m.sources[0] in sinks:
                continue
            if m.sources[0] in stock and not self.one_by_one:
                continue
            if self.closed(st, m.cards[0], m.dest):
                return m
        return None

    def prefixes(self, st) -> bool:
        """(T1): every nonempty pile of F a prefix of its bottom's chain."""
        face, chain, bottoms = self.face, self.chain, self.bottoms
        for g in self.sinks:
            pile = st.piles[g]
            if not pile:
                continue
            b = face[pile[0]]
            if b not in bottoms:
                return False
            for i, x in enumerate(pile):
                if chain.get(face[x]) != (b, i):
                    return False
        return True

    def closed(self, st, c, f) -> bool:
        """(T1)-(T3) for c -> f."""
        piles, face = st.piles, self.face
        fp = piles[f]
        if not fp or not self.prefixes(st):
            return False
        top = face[fp[-1]]
        for g in self.sinks:
            if g != f and (c in self.takes_empty[g] or not self.tops.get((g, c), set()) <= {top}):
                return False
        return lows_on_foundations(piles, self.sinks, list(self.want[c]) + list(fp), self.want, self.copies)


def derive_face_safe(variant):
    """A FaceFoundationRule when the variant is in the class above, else None."""
    text, deck = variant.rules_text, variant.deck
    if text is None or deck.decks < 2 or variant.removals or not analyse(variant).faces:
        return None
    if any(a.kind != AutoKind.FLIP for a in variant.autos):
        return None
    stock = derive_stock(variant, recycling=False) if variant.actions else None
    if variant.actions and stock is None:
        return None
    group = flat_win_group(variant)
    if group is None:
        return None
    sinks = tuple(group.piles)
    if any(variant.rules[p].lift != "top" for p in sinks):
        return None
    spec = dict(text.piles).get(group.name) or {}
    if any(k in spec and not _SINGLE.match(str(spec[k])) for k in ("accept", "accept_empty")):
        return None
    tables = sink_tables(variant, sinks, text.params)
    if tables is None or _empty_takes(variant, set(sinks)) is None:
        return None
    want, takes_on, takes_empty = tables
    if set(takes_on) != set(sinks) or not any(set(g) == set(sinks) for g in analyse(variant).interchangeable):
        return None
    if len({x for g in sinks for x in takes_empty[g]}) > len(sinks):  # (F2)
        return None
    per_deck = len(deck.suits) * len(deck.ranks)
    face = [x % per_deck for x in range(deck.size)]
    chain = _chains(sinks, takes_on, takes_empty, face)
    if chain is None:
        return None
    rule = FaceFoundationRule(sinks, [frozenset(w) for w in want], takes_on, takes_empty, face, chain)
    rule.stock = frozenset(stock.piles) if stock is not None else frozenset()
    rule.one_by_one = all(a.count is None or _one(a, variant) for a in variant.actions)
    return rule


def _chains(sinks, takes_on, takes_empty, face) -> dict | None:
    """(F1), (F3): face -> (its chain's bottom face, its height), or None."""
    nxt: dict = {}
    for g in sinks:
        for t, xs in takes_on[g].items():
            faces = {face[x] for x in xs}
            if len(faces) > 1 or nxt.setdefault(face[t], faces) != faces:
                return None
    empty = [frozenset(face[x] for x in takes_empty[g]) for g in sinks]
    if any(e != empty[0] for e in empty):
        return None
    chain: dict = {}
    for b in sorted(empty[0]):
        x, i = b, 0
        while x is not None:
            if x in chain:
                return None  # a face met twice: on one chain or two
            chain[x] = (b, i)
            got = nxt.get(x) or ()
            x, i = next(iter(got), None), i + 1
    return chain
