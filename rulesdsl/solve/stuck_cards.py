"""Cards that can never leave their pile, derived from the rules: where the foundations are
built in one chain per card, a card whose every base lies under it (or under another such
card) and which needs a card lying there on the foundations first never moves, and the game
is lost. Single cards or runs may move, and a stock may turn beside it (Klondike).
"""

from __future__ import annotations

from ..core.kinds import AutoKind
from ..core.state import State
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED
from .safe_moves import flat_win_group
from .sink_tables import sink_tables
from .stock_macros import derive_stock

# -- stuck cards ------------------------------------------------------------------------------
#
# The class (derive_stuck): no removals, no covering piles, no face-up card dealt under a
# face-down one; every automatic move is a flip; either no actions, or the stock macro moves'
# class (stock_macros.py: the actions deal and recycle among the piles S they name, which take
# no card by a move, and nothing outside S reads them). The win is every card on the piles F
# of the group it names (``all(f in G: f.size == N)``, N times G's count the deck's size); F's
# piles lift their top or nothing; every pile outside F and S lifts its top card or a run;
# every destination rule is context-free (sink_tables.py); and each card x goes onto F on at
# most one top card, pred(x), over every pile of F (with one deck and building by suit up,
# its suit's card one rank lower), or onto an empty pile of F. F's piles may give their top
# back. Let bases(x) be the cards a pile outside F would take x on (as the first card of
# what it moves), needs(x) the chain pred(x), pred(pred(x)), ...
#
# The *block* of a card y at place i of a pile P (outside F and S): the cards of P from b to
# i, where b is the lowest place such that the cards b..i all lie face up and each lies on
# the one below it as the pile's sequence rule allows (b = i for a face-down y, or a pile
# lifting its top only; b = the lowest face-up place when the sequence rule reads more than
# the two cards, or when any face-up card lifts). A move takes cards from a pile as one
# segment from some card up to the top, all face up and (lift run) in sequence, so a
# segment holding a card at or below i holds all of b'..i for some b' >= b: its first card
# lies in the block.
#
# The test at a position: the *stuck* cards are the least set with: a card y lying outside
# F and S is stuck when every card w of its block has: no empty pile outside F takes w,
# every base of w lies outside F and S and is *covered*, and some card of needs(w) is *held*.
# A card u is covered when it lies in P at or below i, or strictly below a stuck card of its
# own pile; held when it lies at or below a stuck card of its pile (or in P at or below i).
# The cards at or below a stuck card are *fixed*. A position with a stuck card is lost.
#
# Proof: no fixed card ever moves in any continuation. Suppose one does, and let m be the
# first move that moves a fixed card. Until m, every fixed card lies where it lies now, so a
# card strictly below a fixed card is no pile's top, and (no action or follow-up but a flip
# touches P, and a flip turns only a top) the face-down cards at or below a fixed card are
# still face down. m lifts a segment from some pile P holding a fixed card, so (above) the
# segment's first card z lies in the block of a stuck card y of P, at or below it, and m
# puts the segment (a) onto a base of z, a top just before m: but each base of z is covered,
# lying in P at or below y (then in the segment, or no top), or strictly below a fixed card
# (no top); (b) onto an empty pile outside F, which takes no z; (c) onto F, only onto
# pred(z) on top of a pile of F (z is not taken by an empty pile of F: its needs are not
# empty), so only after every card of needs(z) has been on F, each going up only onto its
# own pred; but one of them is held, fixed, outside F, and has not moved before m. So m is
# impossible. The win needs the stuck card on F: the position is lost.
#
# Where piles lift their top only and there is no stock (Fan, Baker's Dozen) every block is
# one card, and the test is the one of single cards.

# names a sequence rule may read to be a table of its two cards (besides suits, colours
# and the variant's params)
_SEQ_NAMES = {"a", "b", "rank", "suit", "color", "and", "or", "not", "in", "true", "false"}
_SEQ_NAMES |= {"abs", "succ", "pred", "A", "J", "Q", "K", "T", "red", "black"}


class StuckRule:
    """The tables of the test above."""

    def __init__(self, outside, bases, needs, to_empty, lifts=None, every_position=True):
        self.outside = outside  # the piles outside F (and the stock's)
        self.bases = bases  # card -> its bases (tuple)
        self.needs = needs  # card -> needs(x) (tuple), () when an empty pile of F takes it
        self.to_empty = to_empty  # cards some empty pile outside F would take
        # pile -> how its blocks reach down: None (its top only), True (every face-up card),
        # or the sequence as a table (card -> the cards that may lie on it in a run)
        self.lifts = lifts or {}
        # judged at every position the search enters, or only at its start: where runs move
        # or a stock turns, a card gets stuck almost only as the deal lies (Klondike draw 3,
        # deals 8 and 11: no stuck card in 71,000 children, each test costing more than the
        # position), so the search asks at its start alone
        self.every_position = every_position

    def lost(self, st) -> bool:
        """Has the position a stuck card?"""
        piles = st.piles
        where: dict = {}
        for p in self.outside:
            for i, c in enumerate(piles[p]):
                where[c] = (p, i)
        bases, needs, to_empty = self.bases, self.needs, self.to_empty
        ok = {y for y in where if y not in to_empty and needs[y] and all(b in where for b in bases[y])}
        cands = [y for y in ok if self._block(st, where[y], ok) is not None]
        high: dict = {}  # pile -> the highest place of a stuck card in it
        stuck: set = set()
        for _ in range(len(cands)):  # each pass but the last adds a card
            grew = False
            for y in cands:
                if y not in stuck and self._stuck(st, y, where, high):
                    p, i = where[y]
                    stuck.add(y)
                    high[p] = max(high.get(p, -1), i)
                    grew = True
            if not grew:
                break
        return bool(stuck)

    def _block(self, st, at, ok):
        """The lowest place of the block of the card at ``at`` (see above), or None when some
        card of the block fails the tests that read no other stuck card."""
        p, i = at
        pile, down, lift = st.piles[p], st.down[p], self.lifts.get(p)
        b = i
        if lift is not None and i >= down:
            if lift is True:
                b = down
            else:
                while b > down and pile[b] in lift[pile[b - 1]]:
                    b -= 1
        return b if all(pile[j] in ok for j in range(b, i + 1)) else None

    def _stuck(self, st, y, where, high) -> bool:
        """Is y stuck, given the stuck cards so far (see above)?"""
        p, i = where[y]
        pile = st.piles[p]

        def covered(u) -> bool:
            q, j = where[u]
            return (q == p and j <= i) or j < high.get(q, -1)

        def held(u) -> bool:
            if u not in where:
                return False
            q, j = where[u]
            return (q == p and j <= i) or j <= high.get(q, -1)

        for j in range(self._block(st, (p, i), where), i + 1):
            w = pile[j]
            if not all(covered(b) for b in self.bases[w]) or not any(held(u) for u in self.needs[w]):
                return False
        return True


def derive_stuck(variant):
    """A StuckRule when the variant is in the class the proof covers, else None."""
    text = variant.rules_text
    if text is None or variant.removals or variant.mixed_facing:
        return None
    if any(a.kind != AutoKind.FLIP for a in variant.autos):
        return None
    stock: tuple = ()
    if variant.actions:
        macro = derive_stock(variant)
        if macro is None:
            return None
        stock = macro.piles
    layout, rules, deck = variant.layout, variant.rules, variant.deck
    group = flat_win_group(variant)
    if group is None:
        return None
    sinks = tuple(group.piles)
    outside = tuple(p for p in range(layout.size) if p not in sinks and p not in stock)
    if any(rules[p].lift not in ("top", "run") for p in outside) or any(
        rules[p].lift not in ("top", "none") for p in sinks
    ):
        return None
    tables = sink_tables(variant, sinks, text.params)
    every = sink_tables(variant, tuple(range(layout.size)), text.params)  # the empty piles' tables
    if tables is None or every is None:
        return None
    needs = chain_needs(deck.size, sinks, tables)
    if needs is None:
        return None
    want = tables[0]
    bases: list = [[] for _ in range(deck.size)]
    for t, xs in enumerate(want):
        for x in xs:
            bases[x].append(t)
    to_empty = frozenset().union(*(every[2].get(p, frozenset()) for p in outside))
    if all(x in to_empty or not needs[x] for x in range(deck.size)):
        return None  # no card could ever be stuck (Beleaguered Castle: an empty column takes any)
    lifts = _lifts(variant, outside)
    cheap = not stock and all(rules[p].lift == "top" for p in outside)
    return StuckRule(outside, [tuple(b) for b in bases], needs, to_empty, lifts, cheap)


def chain_needs(n, sinks, tables):
    """needs(x) per card (see above), or None when some card goes onto F on two tops."""
    _, takes_on, takes_empty = tables
    pred: list = [None] * n
    first: set = set()
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
    return needs


def _lifts(variant, outside) -> dict:
    """Per pile lifting runs: True (a block reaches every face-up card) or its sequence rule
    as a table of cards, where the rule reads its two cards only (see the class above)."""
    rules, text = variant.rules, variant.rules_text
    names = _SEQ_NAMES | {s.name for s in variant.deck.suits} | set(variant.deck.colors) | set(text.params)
    seqs = {path[1]: t for path, t in text.strings if len(path) == 3 and path[0] == "piles" and path[2] == "sequence"}
    out: dict = {}
    tables: dict = {}
    for p in outside:
        r = rules[p]
        if r.lift != "run":
            continue
        seq = seqs.get(r.group)
        if r.sequence is None or not isinstance(seq, str):
            out[p] = True
            continue
        if not set(_IDENT.findall(_QUOTED.sub("''", seq))) <= names:
            out[p] = True
            continue
        if r.group not in tables:
            tables[r.group] = _seq_table(variant, r.sequence)
        out[p] = tables[r.group] or True
    return out


def _seq_table(variant, fn):
    """fn (a sequence rule) as a table: card a -> the cards b it allows on a; None when it
    cannot be judged out of play."""
    env = Env(State.empty(variant))
    cards = range(variant.deck.size)
    try:
        rows = []
        for a in cards:
            env.a = a
            row = []
            for b in cards:
                env.b = b
                if b != a and fn(env):
                    row.append(b)
            rows.append(frozenset(row))
    except Exception:  # a rule that cannot be judged out of play: every face-up card counts
        return None
    return rows
