"""Safe moves derived from the rules: a card moved onto a sink that cannot turn a won
position into a lost one, played without branching (docs/solver.md has the proof).
"""

from __future__ import annotations

import re

from ..core.state import State
from ..lang.runtime import Env
from .analysis import analyse
from .sink_tables import sink_tables

# -- moves that cannot hurt, derived from the rules ------------------------------------
#
# A card c moved onto a *sink* f (a pile nothing leaves) is played without branching when a
# proof says it cannot turn a won position into a lost one. The proof (docs/solver.md):
# given a winning line L from the position P, the line L' that starts with c -> f and then
# plays L without c's moves wins from P'. It holds for a class of variants recognised from
# the rules' text and evaluated, never guessed: no actions, removals, automatic follow-ups
# or covering piles; every rule that judges a destination reads only the moving card, the
# destination's top card and index, the source's group or role, and at most
# ``run.size == 1`` as a leading conjunct (so it is *context-free*, and evaluated once per
# pair of cards at analysis time); every ``max_run`` only adds, multiplies and raises counts
# of empty piles (more empty piles never forbid a move); and the game is won exactly when
# every card lies on the sinks. Then, at a position, c -> f is safe when
#   (a) every card some non-sink pile could accept onto c already lies on a sink (so c is
#       never a base for anything again: nothing in L is ever put onto c);
#   (b) f waits for c: of the cards not on sinks, f's rule accepts c and only c now;
#   (c) no other sink could ever take c: each card another sink would take c on already lies
#       on a sink and is not that sink's top, and an empty sink would not take c.

_WIN_ALL = re.compile(r"^\s*all\(\s*(\w+)\s+in\s+(\w+)\s*:\s*\1\s*\.\s*size\s*==\s*(\d+)\s*\)\s*$")


class SafeRule:
    """The tables that decide, per position, which sink moves are safe (see above)."""

    def __init__(self, variant, sinks, want, takes_on, takes_empty):
        self.sinks = sinks  # pile indices
        self.want = want  # card -> cards non-sink piles would put onto it
        self.takes_on = takes_on  # sink -> top card -> cards it would take
        self.takes_empty = takes_empty  # sink -> cards it would take when empty
        self.bases = {g: {} for g in sinks}  # sink -> card -> tops it would take it on
        for g in sinks:
            for t, xs in takes_on[g].items():
                for x in xs:
                    self.bases[g].setdefault(x, []).append(t)

    def pick(self, st, moves):
        """The first legal move that is safe here, or None."""
        piles = st.piles
        on_sink = set()
        for g in self.sinks:
            on_sink.update(piles[g])
        for m in moves:
            if m.kind != "move" or m.dest not in self.takes_on or len(m.cards) != 1:
                continue
            c, f = m.cards[0], m.dest
            if not self.want[c] <= on_sink:
                continue
            top = piles[f][-1] if piles[f] else None
            waits = self.takes_empty[f] if top is None else self.takes_on[f].get(top, frozenset())
            if waits - on_sink != {c}:
                continue
            ok = True
            for g in self.sinks:
                if g == f:
                    continue
                if not piles[g] and c in self.takes_empty[g]:
                    ok = False
                    break
                gtop = piles[g][-1] if piles[g] else None
                for t in self.bases[g].get(c, ()):
                    if t not in on_sink or t == gtop:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                return m
        return None


def derive_safe(variant):
    """A SafeRule when the variant is in the class the proof covers, else None."""
    text = variant.rules_text
    if text is None:
        return None
    if variant.actions or variant.removals or variant.autos:
        return None
    layout = variant.layout
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    rules = variant.rules
    sinks = tuple(p for p, r in enumerate(rules) if r.lift == "none")
    if not sinks:
        return None
    deck = variant.deck
    win = text.win
    m = _WIN_ALL.match(win) if isinstance(win, str) else None
    if m is None or m.group(2) not in layout.groups:
        return None
    g = layout.groups[m.group(2)]
    if not set(g.piles) <= set(sinks) or int(m.group(3)) * g.count != deck.size:
        return None
    tables = sink_tables(variant, sinks, text.params)
    if tables is None:
        return None
    want, takes_on, takes_empty = tables
    return SafeRule(variant, sinks, [frozenset(w) for w in want], takes_on, takes_empty)


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

    def pick(self, st, moves):
        """The first legal move that is safe here (see above), or None."""
        for m in moves:
            if m.kind == "move" and m.dest in self.sinks and len(m.cards) == 1 and m.sources[0] not in self.sinks:
                if self.safe(st, m.cards[0], m.dest):
                    return m
        return None

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


def derive_foundation_safe(variant):
    """A FoundationRule when the variant is in the class above, else None."""
    text = variant.rules_text
    if text is None or variant.actions or variant.removals or variant.autos:
        return None
    layout = variant.layout
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    win = text.win
    m = _WIN_ALL.match(win) if isinstance(win, str) else None
    if m is None or m.group(2) not in layout.groups:
        return None
    group = layout.groups[m.group(2)]
    sinks = tuple(group.piles)
    if int(m.group(3)) * group.count != variant.deck.size:
        return None
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
    return FoundationRule(sinks, [frozenset(w) for w in want], takes_on, takes_empty, empty_ok, symmetric)


_SINGLE = re.compile(r"^\s*run\s*\.\s*size\s*==\s*1\s+and\s")


def _empty_takes(variant, sinks) -> frozenset | None:
    """The cards some empty pile outside ``sinks`` takes (from any source); None when a rule
    cannot be judged out of play."""
    st = State.empty(variant)
    env = Env(st)
    rules = variant.rules
    givers = {}
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
