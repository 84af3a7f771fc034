"""How many cards each foundation must take before a card, read from the foundation's own
rule, for the win finder's score (beam.Rating) in games where no pile builds.

``chains`` (beam.py) merges the foundations' tables into one order of cards, which is empty
where the foundations step differently (Calculation: one foundation counts by ones, another
by twos, so a 5 follows a 4 on one and a 3 on another: every card lies on a cycle of the
merged tables), or missing where a rule reads more than the sink-table proof allows
(Strategy's ``stock[0].empty``, Puss in the Corner's ``source == none``). Here each
foundation is read alone, in a bare position (no stock, no waste: the rule as it stands once
everything is dealt): from each top card, which cards it takes, and so, by steps, how many
cards it must take before it can take a card (``dist``). A card's *wait* in a position is
the least of these over the foundations from their present tops, within their capacity.

This is no proof of anything and needs none: the tables only order the win finder, which
says won only with a line replayed move by move, so a rule misread here (it reads the bare
position, not the real one) costs speed, never a verdict.
"""

from __future__ import annotations

from ..core.kinds import PROGRESS_ROLES
from ..core.state import State
from ..lang.runtime import Env

# Waits longer than any foundation can count (a card no foundation can reach from here).
FAR = 10_000


class Steps:
    """Per sink: its capacity (or None) and, per top card (None: the empty pile), the cards
    it takes by how many cards it must take first (card -> steps: 0 is taken now)."""

    def __init__(self, sinks, capacity, dist):
        self.sinks = sinks
        self.capacity = capacity
        self.dist = dist

    def waits(self, st) -> list[int]:
        """Per card, the least number of cards some foundation must take before it, in
        position ``st`` (FAR where none can take it)."""
        size = len(self.dist[0][None]) if self.dist else 0
        out = [FAR] * size
        for f, cap, table in zip(self.sinks, self.capacity, self.dist):
            pile = st.piles[f]
            room = FAR if cap is None else cap - len(pile)
            if room <= 0:
                continue
            row = table.get(pile[-1] if pile else None)
            if row is None:
                continue
            for c, d in enumerate(row):
                if d < room and d < out[c]:
                    out[c] = d
        return out


def derive_steps(variant) -> Steps | None:
    """The foundations' step tables (Steps), or None where no foundation's rule can be judged
    in a bare position (it reads what is not there) or none takes a card."""
    rules = variant.rules
    sinks = [p for p, r in enumerate(rules) if r.role in PROGRESS_ROLES and r.takes]
    one: dict = {}  # one giving pile per (group, role): all a rule can read of its source here
    for p, r in enumerate(rules):
        if r.role not in PROGRESS_ROLES and r.lift != "none":
            one.setdefault((r.group, r.role), p)
    givers = list(one.values())
    if not sinks or not givers:
        return None
    size = variant.deck.size
    st = State.empty(variant)
    env = Env(st)
    out_sinks, caps, dists = [], [], []
    for f in sinks:
        r = rules[f]
        try:
            on = {t: _taken(env, st, r.accept, f, t, givers, size) for t in range(size)} if r.accept else {}
            empty = _taken(env, st, r.accept_empty, f, None, givers, size) if r.accept_empty else []
        except Exception:  # a rule that cannot be judged out of play: this sink gives no wait
            continue
        finally:
            st.piles[f][:] = []
        if not empty and not any(on.values()):
            continue
        table: dict = {None: _distances(empty, on, size)}
        for t in range(size):
            table[t] = _distances(on.get(t, ()), on, size)
        out_sinks.append(f)
        caps.append(r.capacity)
        dists.append(table)
    return Steps(out_sinks, caps, dists) if out_sinks else None


def _taken(env, st, fn, f, top, givers, size) -> list[int]:
    """The cards rule ``fn`` of sink f takes on ``top`` (None: empty) from some giving pile."""
    st.piles[f][:] = [] if top is None else [top]
    env.st, env.dest = st, f
    got = []
    for x in range(size):
        if x == top:
            continue
        env.card, env.run = x, (x,)
        for s in givers:
            env.source = s
            if fn(env):
                got.append(x)
                break
    return got


def _distances(first, on, size) -> list[int]:
    """Per card, how many cards come before it on the way from ``first`` (the cards taken
    next, 0) along the tables ``on`` (breadth first: the shortest way), FAR where none."""
    dist = [FAR] * size
    level = [c for c in first]
    for c in level:
        dist[c] = 0
    d = 0
    while level:
        d += 1
        nxt = []
        for t in level:
            for c in on.get(t, ()):
                if dist[c] == FAR:
                    dist[c] = d
                    nxt.append(c)
        level = nxt
    return dist
