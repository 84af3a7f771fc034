"""Safe moves derived from the rules: a card moved onto a sink that cannot turn a won
position into a lost one, played without branching (docs/solver.md has the proof).
"""

from __future__ import annotations

import re

from ..core.kinds import AutoKind
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
#
# Flips. The class also admits follow-ups that are flips with no condition, of piles that
# are no sinks, in a variant where no face-down card lies over a face-up one (Yukon, whose
# foundations nothing leaves). By (a) nothing is ever put onto c in L, so c stays its pile's
# top until it moves, and a group L lifts with c in it is c alone (dropped from L') or holds
# the card u under c, which is then face up. So while c lies on u in L, no move of L reads or
# changes u's pile but c's own; L' turns u up at once (a flip is a function of the position),
# L when c leaves it, and from then on the positions of L and L' differ by c alone, as
# without flips. Before that, the only other difference is u face up in L' and face down in
# L, on a pile no move of L then touches: every move of L stays legal in L' (a context-free
# rule reads no face-down card, and a lift only needs its cards face up).

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
        """The first legal move that is safe here, or None. (The moves of one card onto a
        sink first: where there is none, as at most positions, the cards on the sinks are
        not gathered; the tests below skip every other move all the same.)"""
        takes_on = self.takes_on
        candidates = [
            (m.cards[0], m.dest, m) for m in moves if m.dest in takes_on and m.kind == "move" and len(m.cards) == 1
        ]
        return self._first_safe(st, candidates) if candidates else None

    def pick_lean(self, st, moves):
        """pick() of the card moves listed as (source, dest, count) (codegen.lean_generator):
        the same move, as its tuple."""
        takes_on, piles = self.takes_on, st.piles
        candidates = [(piles[t[0]][-1], t[1], t) for t in moves if t[2] == 1 and t[1] in takes_on]
        return self._first_safe(st, candidates) if candidates else None

    def _first_safe(self, st, candidates):
        """The item of the first (card, sink, item) whose move is safe, or None."""
        piles = st.piles
        on_sink = set()
        for g in self.sinks:
            on_sink.update(piles[g])
        for c, f, m in candidates:
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


def win_group(variant):
    """The pile group the win fills with every card of the deck (``all(f in G: f.size ==
    N)``, N times G's count the deck's size), or None: the F of every proof here."""
    text, layout = variant.rules_text, variant.layout
    win = text.win if text is not None else None
    m = _WIN_ALL.match(win) if isinstance(win, str) else None
    if m is None or m.group(2) not in layout.groups:
        return None
    group = layout.groups[m.group(2)]
    return group if int(m.group(3)) * group.count == variant.deck.size else None


def flat_win_group(variant):
    """win_group() where no pile lies over another (the proofs that read it read no
    covering), else None."""
    layout = variant.layout
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    return win_group(variant)


def _plain_flips(variant, sinks) -> bool:
    """Are the follow-ups, if any, flips with no condition of piles that are no sinks, with no
    face-down card over a face-up one (the flips of the proof above)?"""
    if not variant.autos:
        return True
    if getattr(variant, "mixed_facing", True):
        return False
    return all(a.kind == AutoKind.FLIP and a.when is None and not set(a.piles) & set(sinks) for a in variant.autos)


def derive_safe(variant):
    """A SafeRule when the variant is in the class the proof covers, else None."""
    text = variant.rules_text
    if text is None:
        return None
    if variant.actions or variant.removals:
        return None
    layout = variant.layout
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    rules = variant.rules
    sinks = tuple(p for p, r in enumerate(rules) if r.lift == "none")
    if not sinks or not _plain_flips(variant, sinks):
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
