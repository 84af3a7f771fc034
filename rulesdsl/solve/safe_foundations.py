"""Safe moves to foundations that give cards back (lift top), derived from the rules: a card
goes up without branching where a proof says that a line building on it while it is down
can be mirrored with it up. Two proofs: the *chain* (same-suit building, as Fan's) and the
*closure* (any building, as Klondike's alternating colours, with a stock and flips).
"""

from __future__ import annotations

import re

from ..core.kinds import AutoKind
from ..core.state import State
from ..lang.runtime import Env
from .analysis import analyse
from .safe_moves import flat_win_group
from .sink_tables import sink_tables
from .stock_macros import derive_stock

# -- moves to foundations that can give cards back ----------------------------------------
#
# The class (derive_foundation_safe): as above (no actions, removals, automatic follow-ups
# or covering piles; context-free destination rules, monotone max_run; won exactly when
# every card lies on the piles F of the group the win names), except that F's piles give
# their top card back (lift top), and each takes single cards only (its destination rules
# begin ``run.size == 1 and``). Let want[t] be the cards a pile outside F would put onto t,
# parents[x] the tops it would put x on, and A the cards an empty pile of F takes.
#
# The test at a position P, for a legal move c -> f (c the top of a pile outside F; f not
# empty, its cards f_1 .. f_h bottom first). The *chain* of c is x_1 = f_h, x_2 = f_{h-1},
# ... for as long as the previous card wants anything: want[c] = {x_1}, want[x_1] = {x_2},
# ..., want[x_j] empty. The move is safe when
#   (a) each x_i's only base outside F is the card before it (parents[x_i] = {x_(i-1)},
#       x_0 = c) and no empty pile outside F takes x_i;
#   (b) f, on each of its cards the chain uncovers, takes only the card that lay above it
#       (on x_1 only c), and no other pile g of F takes c or a chain card x but on a card
#       lying below it on f, nor takes c when empty;
#   (c) an empty pile of F other than f takes a chain card only if it is f_1, the chain
#       reaches down to f_1, F is one interchangeable group (analysis.py), A has at most
#       as many cards as F has piles, and each nonempty pile of F has its bottom card in A;
#   (d) when the chain ends above f_1, the card below its end can never leave f: nothing
#       outside F takes it, and no other pile of F takes it but on a card below it (so no
#       card below it leaves f either).
# Proof. Let L win from P; P' = P + (c -> f). Keep the invariant: X' (reached by L' from P')
# is the position X (reached by L from P) with the block B removed from the pile it tops
# and laid onto f in order (so f holds f_X, then B from its top down to c), up to a
# permutation of F's piles; B is c and the chain cards lying on it, in chain order. At the
# start B = (c). By (a) a card is put onto B's top x only when it is the one x wants, the
# next chain card, which lies on f_X's top: B stays on top of its pile. Each move m of L:
#  * m moves B's top chain card (single: (a) says it has no other base outside F, and F
#    takes single cards) to f: B shrinks, X' stays; to another pile of F: by (b) only onto
#    a card below it on f, never a top there, or (c) onto an empty g when it is f_1, then f_X
#    is empty too and exchanging f and g keeps the invariant (F is interchangeable);
#  * m moves f_X's top onto B's top (the only place (a) and (b) leave it): B grows, X'
#    stays; or, when it is f_1, onto an empty g: as above;
#  * m puts a card onto f_X: by (b), B's top (above); m never takes f_X's top when that is
#    no chain card, by (d);
#  * m moves all of B (from c up, alone or on the cards below it): X' moves the cards below
#    B, if any (a shorter run: a prefix of a run is a run, and no max_run forbids it, since
#    X' has every empty pile X has); B now tops the destination. c to f (B = (c) by (b)):
#    X' = X;
#  * m puts a card onto an empty f_X (B holds all of f): the card is in A and, by (c), some
#    other pile g of F is empty (the bottoms of F's other nonempty piles are distinct cards
#    of A, none of them f_1, which is in B, nor m's card); X' plays it onto g, and f and g
#    are exchanged;
#  * any other m reads tops outside B and f only (the rules are context-free), and empty
#    piles, of which X' has all X has: X' plays m.
# When L wins, every card is on F, so B is empty and X' is won too.


class FoundationRule:
    """The tables that decide which moves to foundations that give cards back are safe."""

    def __init__(self, sinks, want, takes_on, takes_empty, empty_ok, symmetric):
        self.sinks = frozenset(sinks)
        self.want = want
        self.parents = [set() for _ in want]
        for t, xs in enumerate(want):
            for x in xs:
                self.parents[x].add(t)
        self.takes_on, self.takes_empty = takes_on, takes_empty
        self.empty_ok = empty_ok  # cards some empty pile outside F takes
        self.symmetric = symmetric  # (c)'s conditions on F hold
        self.bases = {g: {} for g in sinks}
        for g in sinks:
            for t, xs in takes_on[g].items():
                for x in xs:
                    self.bases[g].setdefault(x, set()).add(t)

    chain = True  # the chain's class holds (no actions, no follow-ups)
    closure = False  # the closure's class holds
    stock: frozenset = frozenset()  # the stock's piles (stock_macros.derive_stock)
    one_by_one = True  # every deal turns one card

    def pick(self, st, moves):
        """The first legal move that is safe here (see above), or None."""
        for m in moves:
            if m.kind == "move" and m.dest in self.sinks and len(m.cards) == 1 and m.sources[0] not in self.sinks:
                c, f, src = m.cards[0], m.dest, m.sources[0]
                if src in self.stock and not self.one_by_one:
                    continue
                if self.chain and self.safe(st, c, f):
                    return m
                if self.closure and self.closed(st, c, f):
                    return m
        return None

    def closed(self, st, c, f) -> bool:
        """The closure's test (see its proof below)."""
        piles = st.piles
        fp = piles[f]
        if not fp or not self._bottom_ok(st):
            return False
        for g in self.sinks:
            if g != f and (c in self.takes_empty[g] or not self.bases[g].get(c, set()) <= set(fp)):
                return False
        return lows_on_foundations(piles, self.sinks, list(self.want[c]) + list(fp), self.want)

    def safe(self, st, c, f) -> bool:
        piles, sinks = st.piles, self.sinks
        fp = piles[f]
        if not fp:
            return False
        below_all = set(fp)
        for g in sinks:
            if g != f and (c in self.takes_empty[g] or not self.bases[g].get(c, set()) <= below_all):
                return False
        if not self.takes_on[f].get(fp[-1], frozenset()) <= {c}:
            return False
        cur, i = c, len(fp) - 1
        while self.want[cur]:
            if i < 0:
                return False
            x = fp[i]
            if self.want[cur] != {x} or self.parents[x] != {cur} or x in self.empty_ok:
                return False
            under = set(fp[:i])
            for g in sinks:
                if g != f and not self.bases[g].get(x, set()) <= under:
                    return False
                if g != f and x in self.takes_empty[g] and i > 0:
                    return False
            if i > 0:
                if not self.takes_on[f].get(fp[i - 1], frozenset()) <= {x}:
                    return False
            elif not self._bottom_ok(st):
                return False
            cur, i = x, i - 1
        return i < 0 or self._stays(fp, i, f)

    def _stays(self, fp, i, f) -> bool:
        """(d): the card f_i below the chain's end can never leave f (nothing outside F takes
        it, no other pile of F takes it but on a card below it)."""
        y = fp[i]
        if self.parents[y] or y in self.empty_ok:
            return False
        under = set(fp[:i])
        return all(y not in self.takes_empty[g] and self.bases[g].get(y, set()) <= under for g in self.sinks if g != f)

    def _bottom_ok(self, st) -> bool:
        """(c): the chain reaches f's bottom card."""
        if not self.symmetric:
            return False
        piles = st.piles
        return all(not piles[g] or piles[g][0] in self.takes_empty[g] for g in self.sinks)


# -- the closure: any building, with flips and a stock ------------------------------------
#
# The class: no removals; every automatic follow-up is a flip; either no actions or the stock
# macro moves' class (stock_macros.py: actions touch only the stock's piles, which take no
# card by a move, and read nothing else); no covering piles; context-free destination rules
# and monotone max_run; F as above (the win's piles, lift top, single cards), each pile of F
# taking at most one card on any top (its cards follow one fixed sequence), F
# interchangeable with A (the cards an empty pile of F takes) no larger than F.
#
# The test, for a legal c -> f with f not empty (c from a pile outside F; from the stock's
# piles only when every deal turns one card): the *low* cards, the least set holding want[c]
# and f's cards, with want[x] for each x in it and the cards below x on its pile of F, all
# lie on F now; no other pile of F takes c but on a card of f, nor takes c when empty; and
# each nonempty pile of F has its bottom in A.
# Proof. Let L win from P; P' = P + (c -> f). Invariant: X' (reached from P') is X (reached
# by L) with every low card and c on F, each low card on its sequence's pile, up to a
# permutation of F's piles, and perhaps more cards face up. Since want is closed over the
# low cards, only low cards are ever put onto a low card, so outside F the low cards lie in
# runs at the tops of piles (a lifted run of X is some cards of X', then low ones); since the
# cards below a low card on F are low, each pile of F in X' is its sequence's low prefix (with
# c on f's) or X's pile when that is longer. Each move m of L:
#  * m moves only low cards (down from F, between piles, back up): X' stays;
#  * m moves c (alone, or on top of a run, or with low cards on it), or c to f: X' moves the
#    run's other cards (a prefix of a run is a run; X' has all of X's empty piles, so no
#    max_run forbids it), or nothing; c onto another pile of F is impossible (above);
#  * m moves other cards (perhaps with low ones on them): their destination's top is no low
#    card and no c, and X' has it too (want is closed; onto F, the pile's top in X is then
#    X''s), empty piles stay empty in X'; the cards left below face down in X may be up in
#    X', which allows no fewer moves; X' plays m (without the low cards). A card of A onto an
#    empty pile of F: when it is low, X' stays; else the nonempty piles of F in X' have
#    distinct bottoms in A other than it, fewer than |A| <= |F|, so one is empty: X' plays it
#    there (F is interchangeable);
#  * an action: the stock's piles hold no low card and no c unless c was dealt one at a
#    time from them, when X' skips the deal that turns c and keeps the rest in step (a
#    recycle X' cannot play because only c was left leaves X' with fewer passes used).
# When L wins every card is on F, so X' is won. (Same-suit building passes both tests.)


def lows_on_foundations(piles, sinks, todo, *tables) -> bool:
    """The closure's walk: every card reached from ``todo`` through each of ``tables`` (card
    -> cards) and the cards under each on its pile of F lies on F (the *low* cards)."""
    where = {}
    for g in sinks:
        for i, x in enumerate(piles[g]):
            where[x] = (g, i)
    low: set = set()
    while todo:
        x = todo.pop()
        if x in low:
            continue
        at = where.get(x)
        if at is None:
            return False  # a card of the closure lies off the foundations
        low.add(x)
        for table in tables:
            todo.extend(table[x])
        todo.extend(piles[at[0]][: at[1]])
    return True


def derive_foundation_safe(variant):
    """A FoundationRule when the variant is in the class of the chain or the closure (see
    above and below), else None."""
    text = variant.rules_text
    if text is None or variant.removals or any(a.kind != AutoKind.FLIP for a in variant.autos):
        return None
    stock = derive_stock(variant) if variant.actions else None
    if variant.actions and stock is None:
        return None
    chain = not variant.actions and not variant.autos
    group = flat_win_group(variant)
    if group is None:
        return None
    sinks = tuple(group.piles)
    rules = variant.rules
    if any(rules[p].lift != "top" for p in sinks):
        return None
    spec = dict(text.piles).get(group.name) or {}
    if any(k in spec and not _SINGLE.match(str(spec[k])) for k in ("accept", "accept_empty")):
        return None
    tables = sink_tables(variant, sinks, text.params)
    empty_ok = _empty_takes(variant, set(sinks))
    if tables is None or empty_ok is None:
        return None
    want, takes_on, takes_empty = tables
    if set(takes_on) != set(sinks):
        return None
    interchangeable = any(set(g) == set(sinks) for g in analyse(variant).interchangeable)
    size = len({x for g in sinks for x in takes_empty[g]})
    symmetric = interchangeable and size <= len(sinks)
    rule = FoundationRule(sinks, [frozenset(w) for w in want], takes_on, takes_empty, empty_ok, symmetric)
    rule.chain = chain
    rule.closure = symmetric and all(len(xs) <= 1 for g in sinks for xs in takes_on[g].values())
    rule.stock = frozenset(stock.piles) if stock is not None else frozenset()
    rule.one_by_one = all(a.count is None or _one(a, variant) for a in variant.actions)
    return rule if rule.chain or rule.closure else None


def _one(action, variant) -> bool:
    """A deal of one card at a time (its count is the constant 1). A count written as a
    number is no string of the rules text: it is read from the compiled action."""
    fields = {path[1:]: text for path, text in variant.rules_text.strings if path[:1] == ("actions",)}
    text = fields.get((action.name, "count"))
    if text is None or str(text).strip() in variant.rules_text.params:
        return action.count(Env(State.empty(variant))) == 1
    return str(text).strip() == "1"


_SINGLE = re.compile(r"^\s*run\s*\.\s*size\s*==\s*1\s+and\s")


def _empty_takes(variant, sinks) -> frozenset | None:
    """The cards some empty pile outside ``sinks`` takes (from any source); None when a rule
    cannot be judged out of play."""
    st = State.empty(variant)
    env = Env(st)
    rules = variant.rules
    givers: dict = {}
    for p, r in enumerate(rules):
        if r.lift != "none":
            givers.setdefault((r.group, r.role), p)
    out = set()
    try:
        for d, r in enumerate(rules):
            if d in sinks or r.accept_empty is None:
                continue
            for x in range(variant.deck.size):
                env.st, env.card, env.run, env.dest = st, x, (x,), d
                for s in givers.values():
                    if s != d:
                        env.source = s
                        if r.accept_empty(env):
                            out.add(x)
                            break
    except Exception:  # a rule that cannot be judged out of play: no proof
        return None
    return frozenset(out)
