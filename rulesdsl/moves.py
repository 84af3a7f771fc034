"""Moves: the generic generator, and applying and undoing moves with their follow-ups.

Three kinds of move, all generated from the compiled rules and nothing else:

* ``move``: a run lifted from a source pile onto a destination pile. The run is
  lifted from the source *before* the destination is judged, so a card never serves
  as its own anchor and a pile freed by the lift may take it.
* ``remove``: a set of free face-up top cards whose values satisfy a removal rule.
* ``action``: a declared action (deal from the stock, recycle the waste).

Legal moves come in a fixed order: card moves by source pile (pile order), run length
(shortest first) and destination pile; then removals by rule and by pile order; then
actions in declaration order.

Applying a move records primitive operations (transfers, flips, counters, points);
undo plays them backwards, so a move and its automatic follow-ups undo as one.
"""
from __future__ import annotations

from itertools import combinations

from .compiler import Env


class Move:
    """One legal move. Compare and hash by what it does; print with notation.py."""
    __slots__ = ("kind", "sources", "dest", "cards", "name", "_hash")

    def __init__(self, kind, sources, dest, cards, name=None):
        self.kind = kind          # "move", "remove" or "action"
        self.sources = sources    # tuple of pile indices (one per card for removals)
        self.dest = dest          # pile index, or None for an action
        self.cards = cards        # tuple of card ids, bottom of the run first
        self.name = name          # the action's or removal rule's name
        self._hash = None

    def _key(self):
        return (self.kind, self.sources, self.dest, self.cards, self.name)

    def __eq__(self, other):
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self):
        return f"Move{self._key()!r}"


# -- generation -------------------------------------------------------------------

def generate(v, st, env: Env) -> list:
    """Every legal move in the position, in the documented order."""
    out = []
    piles, down = st.piles, st.down
    covers = v.layout.covers
    rules = v.rules
    dests = v.dests
    env.st = st
    for s in v.sources:
        pile = piles[s]
        if not pile:
            continue
        if covers[s] and not _free(piles, covers[s]):
            continue
        r = rules[s]
        up = len(pile) - down[s]
        if up <= 0:
            continue
        if r.lift == "top":
            longest = 1
        else:
            longest = up
            seq = r.sequence
            if seq is not None:
                longest = 1
                while longest < up:
                    env.a = pile[-longest - 1]
                    env.b = pile[-longest]
                    if not seq(env):
                        break
                    longest += 1
        env.source = s
        max_run = r.max_run
        for n in range(1, longest + 1):
            run = pile[-n:]
            del pile[-n:]                 # lift the run: destinations are judged without it
            env.run = run
            env.card = run[0]
            for d in dests:
                if d == s:
                    continue
                dc = covers[d]
                if dc and not _free(piles, dc):
                    continue
                target = piles[d]
                dr = rules[d]
                if dr.capacity is not None and len(target) + n > dr.capacity:
                    continue
                env.dest = d
                test = dr.accept if target else dr.accept_empty
                if test is None or not test(env):
                    continue
                if n > 1 and max_run is not None:
                    limit = max_run(env)
                    if limit is None or n > limit:
                        continue
                out.append(Move("move", (s,), d, tuple(run)))
            pile.extend(run)
    if v.removals:
        _removals(v, st, env, out)
    for i, a in enumerate(v.actions):
        if action_allowed(a, i, st, env):
            out.append(Move("action", (a.source,), None, (), a.name))
    return out


def _free(piles, covering) -> bool:
    for q in covering:
        if piles[q]:
            return False
    return True


def exposed(v, st, sources) -> list:
    """(pile, card) for each free, face-up top card among the given piles."""
    piles, down, covers = st.piles, st.down, v.layout.covers
    out = []
    for p in sources:
        pile = piles[p]
        if pile and down[p] < len(pile) and (not covers[p] or _free(piles, covers[p])):
            out.append((p, pile[-1]))
    return out


def _removals(v, st, env, out):
    seen = set()
    for rule in v.removals:
        free = exposed(v, st, rule.sources)
        for combo in combinations(free, rule.cards):
            key = tuple(p for p, _ in combo)
            if key in seen:
                continue
            env.cards = tuple(c for _, c in combo)
            if rule.when(env):
                seen.add(key)
                out.append(Move("remove", key, rule.dest, env.cards, rule.name))


def action_allowed(a, i, st, env) -> bool:
    piles = st.piles
    if not piles[a.source]:
        return False
    if a.kind == "recycle" and piles[a.targets[0]]:
        return False
    env.st = st
    if a.limit is not None:
        limit = a.limit(env)
        if limit is not None and st.used[i] >= limit:
            return False
    if a.when is not None and not a.when(env):
        return False
    return True


# -- applying and undoing ------------------------------------------------------------

def transfer(st, src, dst, n, reverse, face_down, log):
    """Move the top n cards of src onto dst (reversed: one at a time), recording it."""
    s, d = st.piles[src], st.piles[dst]
    log.append(("t", src, dst, n, reverse, st.down[src], st.down[dst]))
    cards = s[-n:]
    del s[-n:]
    if reverse:
        cards.reverse()
    d.extend(cards)
    if st.down[src] > len(s):
        st.down[src] = len(s)
    if face_down:
        st.down[dst] = len(d)


def apply(v, st, move, env: Env) -> tuple:
    """Play a move known to be legal; return the record that undoes it."""
    log = []
    env.st = st
    if move.kind == "move":
        src, dst = move.sources[0], move.dest
        n = len(move.cards)
        points = v.rules[dst].points
        if points is not None:
            pile = st.piles[src]
            run = pile[-n:]
            del pile[-n:]
            env.run, env.card, env.source, env.dest = run, run[0], src, dst
            gained = points(env) or 0
            pile.extend(run)
            if gained:
                log.append(("p", gained))
                st.points += gained
        transfer(st, src, dst, n, False, False, log)
    elif move.kind == "remove":
        rule = next(r for r in v.removals if r.name == move.name)
        if rule.points is not None:
            env.cards = move.cards
            gained = rule.points(env) or 0
            if gained:
                log.append(("p", gained))
                st.points += gained
        for p in move.sources:
            transfer(st, p, move.dest, 1, False, False, log)
    else:
        i = v.action_index[move.name]
        a = v.actions[i]
        if a.kind == "recycle":
            transfer(st, a.source, a.targets[0], len(st.piles[a.source]), True, True, log)
        else:
            count = a.count(env) if a.count is not None else 1
            done = False
            for _ in range(count or 0):
                for t in a.targets:
                    if not st.piles[a.source]:
                        done = True
                        break
                    transfer(st, a.source, t, 1, False, False, log)
                if done:
                    break
        st.used[i] += 1
        log.append(("u", i))
        if a.points is not None:
            gained = a.points(env) or 0
            if gained:
                log.append(("p", gained))
                st.points += gained
    follow_ups(v, st, log)
    return tuple(log)


def follow_ups(v, st, log):
    """Automatic actions, repeated until nothing changes (each pass can only shrink work)."""
    piles, down = st.piles, st.down
    for _ in range(len(piles) + 1):
        changed = False
        for auto in v.autos:
            if auto.kind == "flip":
                for p in auto.piles:
                    pile = piles[p]
                    if pile and down[p] >= len(pile):
                        down[p] = len(pile) - 1
                        log.append(("f", p))
                        changed = True
            else:
                for p in auto.piles:
                    if piles[p]:
                        continue
                    for s in auto.sources:
                        if piles[s]:
                            transfer(st, s, p, 1, False, False, log)
                            changed = True
                            break
        if not changed:
            return


def undo(st, log) -> None:
    for op in reversed(log):
        kind = op[0]
        if kind == "t":
            _, src, dst, n, reverse, ds, dd = op
            d = st.piles[dst]
            cards = d[-n:]
            del d[-n:]
            if reverse:
                cards.reverse()
            st.piles[src].extend(cards)
            st.down[src], st.down[dst] = ds, dd
        elif kind == "f":
            st.down[op[1]] += 1
        elif kind == "u":
            st.used[op[1]] -= 1
        elif kind == "p":
            st.points -= op[1]
