"""Dead ends derived from the rules: in a variant where cards only ever go up onto sinks,
a position in which some card the win needs can no longer reach a sink is not entered.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.kinds import ActionKind, AutoKind
from ..lang import ast as A
from ..lang.parser import parse
from .analysis import _QUOTED
from .sink_tables import sink_takes

# -- dead ends: a card that can never reach a sink --------------------------------------
#
# In a variant where only sinks take cards (every pile that takes a card is a sink, lift
# none and nothing takes from it; no removals or automatic moves; actions only deal from a
# pile onto sinks) cards only ever move once, from the pile they were dealt to onto a sink,
# and every non-sink pile gives one card at a time (lift top), so the order of the cards in
# it never changes. When the win needs every card of some piles on the sinks (read from the
# win's text: ``all(x in G: x.empty)`` for a group G, or the sinks holding every card), such
# a card x can only go up on a sink f whose top is then some card t that f's rule accepts x
# on (the rules are context-free, as for safe moves, so this is a table), or onto an empty
# sink that takes x. A base t is gone for good when it lies on a sink under another card (a
# sink's order never changes), or on a sink other than f, or below x in x's own pile (it
# leaves after x). A position where some needed card has no base left, and no empty sink
# would take it, cannot be won: the search does not enter it. Cards an action deals are
# never judged (the action can put them anywhere on its targets).


def _win_needs(win, variant, sinks):
    """The pile indices whose cards a win needs on the sinks, or None when the win's text
    is not one this understands (then nothing is pruned)."""
    try:
        node = parse(win)
    except Exception:
        return None

    layout = variant.layout
    groups = layout.groups
    non_sinks = frozenset(p for p in range(layout.size) if p not in sinks)
    size = variant.deck.size

    def pile_ref(n):  # a pile named by the node: G (a group of one) or G[i]
        if isinstance(n, A.Name) and n.id in groups and groups[n.id].count == 1:
            return groups[n.id].start
        if isinstance(n, A.Index) and isinstance(n.obj, A.Name) and n.obj.id in groups:
            g = groups[n.obj.id]
            if isinstance(n.index, A.Number) and 0 <= n.index.value < g.count:
                return g.start + n.index.value
        return None

    def size_is(n, var):  # n is 'var.size == N' (either side): N, else None
        if isinstance(n, A.Binary) and n.op == "==":
            for a, b in ((n.left, n.right), (n.right, n.left)):
                if isinstance(a, A.Attr) and a.name == "size" and isinstance(b, A.Number) and var(a.obj):
                    return b.value
        return None

    def needs(n):
        if isinstance(n, A.BoolOp) and n.op == "and":
            out = set()
            for item in n.items:
                got = needs(item)
                if got is None:
                    continue
                out |= got
            return out or None
        if isinstance(n, A.Quant) and n.kind == "all" and len(n.names) == 1 and isinstance(n.coll, A.Name):
            g = groups.get(n.coll.id)
            if g is None:
                return None
            v = n.names[0]
            body = n.body

            def is_v(o):
                return isinstance(o, A.Name) and o.id == v

            if (isinstance(body, A.Attr) and body.name == "empty" and is_v(body.obj)) or size_is(body, is_v) == 0:
                return set(g.piles)
            want = size_is(body, is_v)
            if want is not None and want * g.count == size and set(g.piles) <= sinks:
                return set(non_sinks)
            return None
        want = size_is(n, lambda o: pile_ref(o) is not None)
        if want == size:
            side = n.left if isinstance(n.left, A.Attr) else n.right
            p = pile_ref(side.obj)
            if p in sinks:
                return set(non_sinks)
        return None

    got = needs(node)
    return None if got is None else frozenset(got)


class DeadEnds:
    """Per position: does some card the win needs have no way left onto a sink?"""

    def __init__(self, sinks, need_piles, free_piles, takes_on, takes_empty, size, top_class=None, terminal=True):
        self.sinks = sinks
        self.terminal = terminal  # the test of _DeadState.ends_too_often, where it applies
        self.top_class = top_class or {}  # sink -> card -> the class its top is keyed by
        self.need_piles = need_piles
        self.free_piles = free_piles
        self.takes_on = takes_on  # sink -> top -> cards it takes on that top
        self.takes_empty = takes_empty  # sink -> cards it takes when empty
        self.size = size

    def generator(self, variant, env, ends=None):
        """A faster way to list the legal moves in this class, or None (the engine's)."""
        return None

    def start(self, st):
        """Tables for one search from ``st``: a _DeadState.

        Cards are grouped into classes that the sinks' rules cannot tell apart (the same
        cards go onto each, and each goes onto the same cards: the ranks, for rules that
        read only ranks), and the test runs on classes: a class is reached when a card of
        it is a sink's top, or could be dealt by an action, or follows a reached class and
        still has a card off the sinks. Coarser than cards, so it proves less, but sound."""
        n = self.size
        succ = [0] * n
        pred = [0] * n
        for table in self.takes_on.values():
            for t, xs in table.items():
                for x in xs:
                    succ[t] |= 1 << x
                    pred[x] |= 1 << t
        empty_taken = 0
        for xs in self.takes_empty.values():
            for x in xs:
                empty_taken |= 1 << x
        ids: dict = {}
        cls = [ids.setdefault((succ[c], pred[c], empty_taken >> c & 1), len(ids)) for c in range(n)]
        k = len(ids)
        csucc = [0] * k
        for t in range(n):
            for x in range(n):
                if succ[t] >> x & 1:
                    csucc[cls[t]] |= 1 << cls[x]
        cempty = {f: 0 for f in self.takes_empty}
        for f, xs in self.takes_empty.items():
            for x in xs:
                cempty[f] |= 1 << cls[x]
        kind = bytearray(n)  # 1: needed, 2: free (an action deals it), 0: neither
        count = [0] * k  # per class: cards off the sinks, needed ones, free ones
        need = [0] * k
        free = [0] * k
        for p, pile in enumerate(st.piles):
            if p in self.sinks:
                continue
            for c in pile:
                count[cls[c]] += 1
                if p in self.free_piles:
                    kind[c] = 2
                    free[cls[c]] += 1
                elif p in self.need_piles:
                    kind[c] = 1
                    need[cls[c]] += 1
        dead = _DeadState(st, tuple(self.sinks), cls, kind, csucc, cempty, [count, need, free])
        taking = [f for f in self.sinks if self.takes_on.get(f)]
        off = [c for p, pile in enumerate(st.piles) if p not in self.sinks for c in pile]
        if len(taking) == 1 and all(kind[c] for c in off):  # every card off it must go up, or is dealt
            dead.walk = _class_line(csucc)
            dead.sink = taking[0]
        if self.terminal and len([f for f in self.sinks if self.takes_on.get(f) or self.takes_empty.get(f)]) == 1:
            dead.terminal = tuple(i for i in range(k) if not csucc[i])
        return dead


def _class_line(csucc):
    """The classes in order along the line or ring they form, and whether it is a ring;
    None unless "x may go onto y" is symmetric, never holds within a class, and every
    class has at most two neighbours, all in one line or one ring (ranks next to each
    other, as in Black Hole)."""
    k = len(csucc)
    if k < 3:
        return None
    for i, bits in enumerate(csucc):
        if bits >> i & 1 or bin(bits).count("1") > 2:
            return None
        if any(bits >> j & 1 and not csucc[j] >> i & 1 for j in range(k)):
            return None
    ends = [i for i in range(k) if bin(csucc[i]).count("1") == 1]
    if ends and len(ends) != 2:
        return None
    here = ends[0] if ends else 0
    order, prev = [here], -1
    while len(order) < k:
        step = [j for j in range(k) if csucc[here] >> j & 1 and j != prev]
        if not step or step[0] == order[0]:
            break
        prev, here = here, step[0]
        order.append(here)
    if len(order) != k:
        return None
    return order, not ends


class _DeadState:
    """The reachability test on classes of cards (see DeadEnds.start); a class with a
    needed card off the sinks that is not reached can never go up."""

    def __init__(self, st, sinks, cls, kind, csucc, cempty, counts):
        self.st, self.sinks, self.cls, self.kind = st, sinks, cls, kind
        self.csucc, self.cempty = csucc, cempty
        self.count, self.need, self.free = counts
        # per class, one bit each: some card off the sinks, a needed one, a free one
        self.alive = self.needed = self.freed = 0
        for i in range(len(self.count)):
            self._bits(i)

    def _bits(self, i) -> None:
        bit = 1 << i
        self.alive = self.alive | bit if self.count[i] else self.alive & ~bit
        self.needed = self.needed | bit if self.need[i] else self.needed & ~bit
        self.freed = self.freed | bit if self.free[i] else self.freed & ~bit

    def any_dead(self) -> bool:
        piles, csucc, cls, alive = self.st.piles, self.csucc, self.cls, self.alive
        roots = self.freed
        for f in self.sinks:
            pf = piles[f]
            if pf:
                roots |= 1 << cls[pf[-1]]
            elif f in self.cempty:
                roots |= self.cempty[f] & alive
        reach = todo = roots
        while todo:
            low = todo & -todo
            todo ^= low
            new = csucc[low.bit_length() - 1] & alive & ~reach
            if new:
                reach |= new
                todo |= new
        if self.needed & ~reach:
            return True
        if self.terminal and self.ends_too_often():
            return True
        return self.walk is not None and self.no_walk()

    terminal: tuple = ()  # classes the one taking sink takes nothing on, for ends_too_often()

    def ends_too_often(self) -> bool:
        """More needed cards of terminal classes than dealt cards left, plus one.

        Where one sink f takes cards (nothing else takes any), a needed card t of a class f
        takes nothing on leaves f's top such that no card move can follow: f's top changes
        next only by a dealt card (an action's deal puts cards on f whatever its top). So
        between two needed terminal cards going up some dealt card goes up, a different one
        each time, and every win has at most (dealt cards left) + 1 needed terminal cards
        still to go (Golf: a king, on which nothing goes, must be followed by a turn of the
        stock, unless it is the last card)."""
        need = self.need
        return sum(need[i] for i in self.terminal) > sum(self.free) + 1

    walk: Any = None  # (classes in order along a line or ring, is it a ring), for no_walk()
    sink = -1  # the one sink that takes cards, when walk is set

    def no_walk(self) -> bool:
        """True when the cards off the sink cannot all go up one after another.

        Where one sink takes every card, and a card goes onto a top of a class next to its
        own along a line or a ring of classes (Black Hole's ranks), the cards still to go up
        are a walk from the sink's top class that enters each class k exactly c_k times
        (c_k: its cards off the sink). Count t_j, the steps along edge j: at each class
        the steps in and out add to 2 c_k, plus one where the walk starts, minus one where it
        ends. Along the stretch of classes with cards left around the top's class (every
        other class is empty; a class with cards beyond it fails the reachability test
        first) those sums fix every t_j from one end, for a given end class; no end class
        giving each t_j >= 1 inside the stretch and 0 past its last class means no such walk,
        so no win. Not tried while dealt (free) cards remain, or when every class of a ring
        still has cards."""
        if self.freed:
            return False
        pf = self.st.piles[self.sink]
        if not pf:
            return False
        order, ring = self.walk
        cls, alive, count = self.cls, self.alive, self.count
        k = len(order)
        start = cls[pf[-1]]
        i0 = order.index(start)
        lo = hi = i0  # the stretch: the top's class and the classes with cards around it
        while hi - lo + 1 < k and (ring or lo > 0) and alive >> order[(lo - 1) % k] & 1:
            lo -= 1
        while hi - lo + 1 < k and (ring or hi < k - 1) and alive >> order[(hi + 1) % k] & 1:
            hi += 1
        if ring and hi - lo + 1 >= k:
            return self._no_ring_walk(order, i0)
        n = hi - lo + 1
        if n == 1:  # no class next to the top's has cards: none of its own can go up
            return count[start] > 0
        c = [count[order[(lo + j) % k]] for j in range(n)]
        j0 = i0 - lo
        b = []  # b_j: t_j with no end counted (t before the first class is 0)
        prev = 0
        for j in range(n):
            prev = 2 * c[j] + (j == j0) - prev
            b.append(prev)
        last = b[-1]  # with the end e it is last - (-1)^(n-1-e), which must be 0
        if last not in (1, -1):
            return True
        parity = (n - 1) % 2 if last == 1 else n % 2
        # ok[p][j]: t_i >= 1 for j <= i < n - 1, where i - e is even (p=0: b_i - 1 >= 1)
        # or odd (p=1: b_i + 1 >= 1), alternating from j
        ok0, ok1 = [True] * (n + 1), [True] * (n + 1)
        for j in range(n - 2, -1, -1):
            ok0[j] = b[j] >= 2 and ok1[j + 1]
            ok1[j] = b[j] >= 0 and ok0[j + 1]
        prefix = True  # t_i = b_i >= 1 for every i before e
        for e in range(n):
            if e % 2 == parity and (c[e] or e == j0) and prefix and ok0[e]:
                return False
            prefix = prefix and (e > n - 2 or b[e] >= 1)
            if not prefix:
                break
        return True

    def _no_ring_walk(self, order, s) -> bool:
        """no_walk() where every class of the ring (of odd length) has cards, the top's
        perhaps aside. The sums fix the steps along every edge j of the ring for a given
        end e: with a_j the running alternating sums of 2 c_j (+1 at the start) and A the
        last, the step count past the last class is X = (A - (-1)^e) / 2, and
        t_j = a_j + (-1)^(j+1) X - [j >= e] (-1)^(j-e). A walk needs every t_j >= 0 and at
        most one t_j == 0 (two would cut off classes that still have cards)."""
        k = len(order)
        if k % 2 == 0:
            return False
        count = self.count
        c = [count[x] for x in order]
        a = []
        prev = 0
        for j in range(k):
            prev = 2 * c[j] + (j == s) - prev
            a.append(prev)
        big = a[-1]
        if big % 2 == 0:  # X = (A -+ 1) / 2 is never whole
            return True
        for p in (0, 1):
            x = (big - (1 if p == 0 else -1)) // 2
            base = [a[j] + (x if j % 2 else -x) for j in range(k)]
            # suffix (j >= e, e of parity p): base_j - (-1)^(j+p); its minimum and zeros
            suf_min, suf_zero = [0] * (k + 1), [0] * (k + 1)
            suf_min[k] = 1 << 30
            for j in range(k - 1, -1, -1):
                v = base[j] - (1 if (j + p) % 2 == 0 else -1)
                suf_min[j] = min(v, suf_min[j + 1])
                suf_zero[j] = suf_zero[j + 1] + (v == 0)
            pre_min, pre_zero = 1 << 30, 0
            for e in range(k):
                if e % 2 == p and (c[e] or e == s) and min(pre_min, suf_min[e]) >= 0 and pre_zero + suf_zero[e] <= 1:
                    return False
                pre_min = min(pre_min, base[e])
                pre_zero += base[e] == 0
                if pre_min < 0:
                    break
        return True

    def heights(self):
        piles = self.st.piles
        return [len(piles[f]) for f in self.sinks]

    def _count(self, cards, step) -> None:
        cls, kind, count, need, free = self.cls, self.kind, self.count, self.need, self.free
        for c in cards:
            i = cls[c]
            count[i] += step
            if kind[c] == 1:
                need[i] += step
            elif kind[c] == 2:
                free[i] += step
            self._bits(i)

    def moved(self, before):
        """After a move: count the cards it put on sinks off; return them and whether the
        new position is a dead end."""
        piles = self.st.piles
        placed: list = []
        for f, h in zip(self.sinks, before):
            if len(piles[f]) > h:
                placed.extend(piles[f][h:])
        if not placed:
            return placed, False
        self._count(placed, -1)
        return placed, self.any_dead()

    def unmoved(self, placed) -> None:
        self._count(placed, 1)


def derive_dead(variant, *, covered=True, terminal=True):
    """A DeadEnds when the variant is in the class described above, else None (games of
    removals: removal_ends.py). ``covered``: also where piles cover one another and automatic
    moves flip cards (TriPeaks): the test reads only which class each card is in and where
    the sinks' tops are, never which pile a card lies in, and a flip moves no card, so its
    proof holds as it is. ``terminal``: also count the cards the sink takes nothing on
    (_DeadState.ends_too_often)."""
    text = variant.rules_text
    if text is None:
        return None
    layout = variant.layout
    if variant.removals:
        return None
    if variant.autos and not (covered and all(a.kind == AutoKind.FLIP for a in variant.autos)):
        return None
    if not covered and any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    rules = variant.rules
    given = {a.source for a in variant.actions}
    sinks = frozenset(p for p, r in enumerate(rules) if r.lift == "none" and p not in given)
    if not sinks:
        return None
    for p, r in enumerate(rules):
        if p not in sinks and (r.takes or r.lift not in ("top", "none")):
            return None
    for a in variant.actions:
        if a.kind != ActionKind.DEAL or not set(a.targets) <= sinks:
            return None
    need = _win_needs(text.win, variant, sinks)
    if not need:
        return None
    tables = sink_takes(variant, sinks)
    if tables is None:
        return None
    takes_on, takes_empty = tables
    # A sink whose group no expression reads but through its own destination rules (which
    # are tables here) and its size: its top matters only by what the sink takes on it.
    top_class = {}
    n = variant.deck.size
    for f in sinks:
        group = layout.group_of[f]
        if f in takes_on and _reads_only_size(text.strings, group):
            ids: dict = {}
            top_class[f] = [ids.setdefault(takes_on[f].get(t, frozenset()), len(ids)) for t in range(n)]
    return DeadEnds(tuple(sorted(sinks)), need, frozenset(given), takes_on, takes_empty, n, top_class, terminal)


def _reads_only_size(strings, group) -> bool:
    """No expression outside the group's own accept and accept_empty names the group but
    as a pile reference (``G``, ``G[i]``) or for its ``.size`` or ``.empty``."""
    ref = re.compile(r"^\s*" + re.escape(group) + r"\s*(\[\s*\d+\s*\])?\s*$")
    use = re.compile(r"\b" + re.escape(group) + r"\b(\s*\[\s*\d+\s*\])?(\s*\.\s*(\w+))?")
    for path, text in strings:
        if path[:1] == ("piles",) and len(path) >= 3 and path[1] == group and path[2] in ("accept", "accept_empty"):
            continue
        if ref.match(text):
            continue
        body = _QUOTED.sub("''", text)
        for m in use.finditer(body):
            if m.group(3) not in ("size", "empty"):
                return False
    return True
