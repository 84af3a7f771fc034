"""Safe moves to foundations nothing leaves, in games with a stock turned several cards at a
time and a reserve that refills empty columns (Canfield's family), derived from the rules.

derive_safe (safe_moves.py) leaves these games out: they have actions and a follow-up other
than a flip (the refill), their columns' rules read ``source.empty``, the foundations' rule for
an empty pile reads the other foundations, and the base rank is the dealt card's. The class
and the proof below take each of these into the tables, which are evaluated from the compiled
rules for the position's base rank, with every reading of ``source.empty``, of ``run.size ==
1`` and of the other foundations' emptiness (so each table over-approximates what a rule could
ever accept). Switch: ``solve(..., refill_safe=False)``.
"""

from __future__ import annotations

import itertools
import re

from ..core.kinds import ActionKind, AutoKind
from ..core.state import State
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED
from .safe_moves import flat_win_group

# -- the class and the proof ----------------------------------------------------------------
#
# The class, read from the compiled variant: F (the piles the win fills, win_group) give no
# card back (lift none); no removals, no covering piles, no history the rules read, a base rank
# fixed by the deal (not by play), no face-down card over a face-up one; the follow-ups are
# flips and refills with no condition, a refill's sources taking no card by a move; the actions
# are deals and recycles whose piles take no card by a move and are no refill's sources, and
# whose strings name no other pile group; no pile has max_run; every destination rule and
# lift_when reads of the move only card (rank, suit, color, suit_index), run.size compared
# with 1, dest (its top, index, group, role), source (group, role, empty), base_rank and the
# options, and F's own rules read F's other piles only through ``x in F: ... x.empty /
# x.index`` (no rule outside F names F); a pile's rule accepts a run of one card wherever it
# accepts one of two from a source as empty, and a column's lift_when lets one card leave
# wherever it lets two (checked on every top, card and source: *prefix*).
#
# The *columns* C: the piles outside F that lift a card or a run and are neither an action's
# pile nor a refill's source. For a pile t outside F, want(t) is what a pile outside F with
# top t could ever take (any source, either reading of source.empty and of run.size == 1).
#
# The test, for a legal move c -> f (c the top of a column A, lying there on a face-up card u,
# or alone there with every source of A's refills empty; f in F not empty): (a) every card of
# want(c) lies on F; (b) of the cards off F, f takes on its top c only (under every emptiness
# of F's other piles); (c) no other pile g of F can ever take c: c is not reached from g's top
# (g empty: from a card g takes when empty) through what g takes on each top, leaving out the
# cards on F (they never move).
#
# Proof. Let L win from P; L' is c -> f, then L without c's moves. Invariant: the position X'
# that L' reaches is the position X that L reaches with c taken off the top of its pile, until
# L plays c to f, and X after; up to a permutation of a group's interchangeable empty piles
# (the generator offers a move to the first of them only). By (a) nothing is put onto c in L,
# so c tops its pile until it moves, and a run L lifts with c in it has c on top: alone, L'
# drops the move; else L' lifts the run without c (a prefix of a run is one: the sequence rule
# is read pair by pair), which leaves the same cards behind, so source.empty reads the same,
# and *prefix* (for two cards) or the same reading of run.size == 1 (three or more) lets it
# leave (lift_when) and go where the run went. A pile is empty in X' and not in X only when it holds c alone in X: A
# when c is alone there now (with u under c, never: u leaves only under c), and then A's
# refills' sources are empty now; or a pile c got onto alone, empty then. If that pile is a
# refill's, no refill's source had a card then (the follow-ups refill every empty pile while a
# source has one). The sources stay empty (they take no card by a move, no action deals to
# them): every refill does the same in X and X'. No rule reads a pile's
# emptiness but a move's source and destination (the class), and the extra empty pile is only
# ever a destination in X' of moves X makes elsewhere up to the permutation above. Flips: u is
# face up, and every other pile is the same in X and X'. f is not empty, so F's piles are empty
# in X' exactly when in X; by (b) nothing goes onto f before c in L, so F's rules read the
# same tops; by (c) L never plays c to another pile of F. Actions read and change only their
# piles (the class), where c never is (they take no card by a move). So every move of L but
# c's is legal in L' and does the same; L ends with every card on F, c on f: X' = X is won.
#
# Where it does not hold (the class leaves these out): from the waste (later turns of several
# cards bring up other triples), from the reserve (the next refill would take another card),
# from a column of one card while the reserve has one (the refill brings in its top at once),
# onto an empty foundation (its emptiness decides which foundation takes the next base card).

_ATTRS = {
    "card": {"rank", "suit", "color", "suit_index"},
    "top": {"rank", "suit", "color"},
    "dest": {"top", "index", "group", "role"},
    "source": {"group", "role", "empty"},
}
_RUN_ONE = re.compile(r"\brun\s*\.\s*size\s*==\s*1\b")
_ATTR = re.compile(r"\b([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)")
_WORDS = {"and", "or", "not", "in", "true", "false", "abs", "succ", "pred", "A", "J", "Q", "K", "T"}
_WORDS |= {"red", "black", "base_rank", "rank", "suit", "color", "suit_index", "index", "group", "role", "empty", "top"}


def _reads_ok(text, names, sink_name, own) -> bool:
    """Does a destination rule's text read only what the class allows? ``own``: it is one of
    F's rules, which may read F's piles through a quantifier (their emptiness and index)."""
    if text is None or isinstance(text, bool):
        return True
    if not isinstance(text, str):
        return False
    body = _RUN_ONE.sub(" true ", _QUOTED.sub("''", text))
    bound = set()
    if own:
        for m in re.finditer(r"\b(all|any)\s*\(\s*([A-Za-z_]\w*)\s+in\s+(\w+)\s*:", body):
            if m.group(3) != sink_name:
                return False
            bound.add(m.group(2))
        body = re.sub(r"\b(all|any)\s*\(\s*[A-Za-z_]\w*\s+in\s+\w+\s*:", "(", body)
    for m in _ATTR.finditer(body):
        head, attr = m.group(1), m.group(2)
        if head in bound:
            if attr not in ("empty", "index"):
                return False
        elif head in _ATTRS:
            if attr not in _ATTRS[head]:
                return False
        elif head not in ("top",):  # dest.top.rank: 'top.rank' is checked above
            return False
    allowed = _WORDS | set(_ATTRS) | bound | names
    return all(w in allowed for w in _IDENT.findall(body))


_UNSET = object()


class RefillRule:
    """The tables that decide which moves to foundations nothing leaves are safe in the class
    above; evaluated lazily from the compiled rules, per base rank."""

    def __init__(self, variant, sinks, columns, givers):
        self.variant = variant
        self.sinks = tuple(sinks)
        self.sink_set = frozenset(sinks)
        self.columns = frozenset(columns)
        self.givers = tuple(givers)  # the giving piles of each (group, role), two at most
        self.takers = tuple(p for p, r in enumerate(variant.rules) if r.takes and p not in self.sink_set)
        self.index_read = True
        self.others_read: dict = {}  # F's rule (accept, accept_empty) -> does it read F's other piles?
        self.st = State.empty(variant)
        self.env = Env(self.st)
        self.base = _UNSET  # the base rank the tables below are for (None: the game has none)
        self.cache: dict = {}
        self.prefix_ok: dict = {}  # base rank -> *prefix* holds

    def _at(self, base):
        if base != self.base:
            self.base = base
            self.st.base_rank = base
            self.memo = self.cache.setdefault(base, ({}, {}, {}, {}))

    def _accepts(self, fn, d, top, x, size, others=None) -> bool:
        """Does fn accept x (as a run of ``size``) onto pile d with top ``top`` (None: empty),
        from some source, with either emptiness of it; ``others``: F's other piles' emptiness."""
        st, env = self.st, self.env
        piles = st.piles
        for p in range(len(piles)):
            piles[p] = []
        if others is not None:
            for g, full in others:
                piles[g] = [0] if full else []
        piles[d] = [] if top is None else [top]
        env.st, env.card, env.dest = st, x, d
        env.run = (x,) if size == 1 else (x, x)
        for s in self._sources(d):
            saved = piles[s]
            for full in (False, True):
                piles[s] = [x] if full else []
                env.source = s
                if fn(env):
                    piles[s] = saved
                    return True
            piles[s] = saved
        return False

    def _sources(self, d) -> list:
        """One source of each (group, role) other than d (the rules read no more of it)."""
        return [next(s for s in ps if s != d) for ps in self.givers if any(s != d for s in ps)]

    def _combos(self, g):
        others = [h for h in self.sinks if h != g]
        return [tuple(zip(others, bits)) for bits in itertools.product((False, True), repeat=len(others))]

    def want(self, c) -> frozenset:
        """What a pile outside F with top c could ever take."""
        memo = self.memo[0]
        got = memo.get(c)
        if got is None:
            rules = self.variant.rules
            got = frozenset(
                x
                for x in range(self.variant.deck.size)
                if x != c
                and any(
                    rules[d].accept is not None and self._accepts(rules[d].accept, d, c, x, size)
                    for d in self.kinds()
                    for size in (1, 2)
                )
            )
            memo[c] = got
        return got

    def takes_on(self, g, t) -> frozenset:
        """What pile g of F could take on its top t, under any emptiness of F's others."""
        memo = self.memo[1]
        got = memo.get((g, t))
        if got is None:
            fn = self.variant.rules[g].accept
            combos = self._combos(g) if self.others_read.get("accept", True) else [()]
            got = frozenset(
                x
                for x in range(self.variant.deck.size)
                if fn is not None and x != t and any(self._accepts(fn, g, t, x, 1, o) for o in combos)
            )
            memo[(g, t)] = got
        return got

    def takes_empty(self, g) -> frozenset:
        memo = self.memo[2]
        got = memo.get(g)
        if got is None:
            fn = self.variant.rules[g].accept_empty
            combos = self._combos(g) if self.others_read.get("accept_empty", True) else [()]
            got = frozenset(
                x
                for x in range(self.variant.deck.size)
                if fn is not None and any(self._accepts(fn, g, None, x, 1, o) for o in combos)
            )
            memo[g] = got
        return got

    def prefix(self) -> bool:
        """*prefix*: every pile outside F accepts one card wherever it accepts two from a
        source as empty (every top, card and source), and every column's lift_when lets one
        card leave wherever it lets two (a source as empty either way)."""
        got = self.prefix_ok.get(self.base)
        if got is None:
            try:
                got = self._prefix()
            except Exception:  # a rule that cannot be judged out of play: no proof
                got = False
            self.prefix_ok[self.base] = got
        return got

    def _prefix(self) -> bool:
        rules, cards = self.variant.rules, range(self.variant.deck.size)
        for d in self.kinds():
            r = rules[d]
            for fn, tops in ((r.accept, cards), (r.accept_empty, (None,))):
                if fn is not None and not all(self._prefix_at(fn, d, t, x) for t in tops for x in cards if x != t):
                    return False
        for p in self.columns:
            fn = rules[p].lift_when
            if fn is not None and not all(self._prefix_at(fn, None, None, x, (p,)) for x in cards):
                return False
        return True

    def kinds(self) -> tuple:
        """The piles outside F that take cards, one of each group's alike piles when no
        rule reads a pile's index (they give the same tables)."""
        if self.index_read:
            return self.takers
        seen, out = set(), []
        rules = self.variant.rules
        for d in self.takers:
            cls = (rules[d].group, id(rules[d].accept), id(rules[d].accept_empty))
            if cls not in seen:
                seen.add(cls)
                out.append(d)
        return tuple(out)

    def _prefix_at(self, fn, d, t, x, sources=None) -> bool:
        """Does fn take one card x wherever it takes two, onto pile d with top t (d None: a
        lift), from each source, as empty and not?"""
        st, env = self.st, self.env
        piles = st.piles
        for p in range(len(piles)):
            piles[p] = []
        if d is not None:
            piles[d] = [] if t is None else [t]
        env.st, env.card, env.dest = st, x, d
        for s in sources or self._sources(d):
            for full in (False, True):
                piles[s] = [x] if full else []
                env.source = s
                env.run = (x, x)
                two = fn(env)
                env.run = (x,)
                if two and not fn(env):
                    return False
            piles[s] = []
        return True

    def pick(self, st, moves):
        """The first legal move that is safe here (see the proof above), or None."""
        piles, down = st.piles, st.down
        cands = [
            m
            for m in moves
            if m.kind == "move"
            and m.dest in self.sink_set
            and len(m.cards) == 1
            and m.sources[0] in self.columns
            and piles[m.dest]
            and (
                len(piles[m.sources[0]]) >= 2
                and down[m.sources[0]] <= len(piles[m.sources[0]]) - 2
                or not any(piles[s] for s in self.feeds[m.sources[0]])  # alone, nothing to refill it
            )
        ]
        if not cands:
            return None
        self._at(st.base_rank)
        if not self.prefix():
            return None
        on_f = set()
        for g in self.sinks:
            on_f.update(piles[g])
        for m in cands:
            c, f = m.cards[0], m.dest
            if not self.want(c) <= on_f:  # (a)
                continue
            if not self.takes_on(f, piles[f][-1]) - on_f <= {c}:  # (b)
                continue
            if all(g == f or not self._reaches(g, piles[g], c, on_f) for g in self.sinks):  # (c)
                return m
        return None

    def _reaches(self, g, pile, c, on_f) -> bool:
        """Could pile g of F ever take c (from its top, or, empty, from a card it takes then),
        through cards not on F now?"""
        todo = [pile[-1]] if pile else [x for x in self.takes_empty(g) if x not in on_f]
        if c in todo:
            return True
        seen = set(todo)
        while todo:
            t = todo.pop()
            for x in self.takes_on(g, t):
                if x == c:
                    return True
                if x not in seen and x not in on_f:
                    seen.add(x)
                    todo.append(x)
        return False


def derive_refill_safe(variant):
    """A RefillRule when the variant is in the class above, else None."""
    text = variant.rules_text
    if text is None or variant.removals or variant.base_live or variant.history_in_play or variant.mixed_facing:
        return None
    layout = variant.layout
    group = flat_win_group(variant)
    if group is None:
        return None
    sinks = tuple(group.piles)
    rules = variant.rules
    if any(rules[p].lift != "none" for p in sinks):
        return None
    if any(r.max_run is not None for r in rules):
        return None
    lifts = {path[1]: t for path, t in text.strings if len(path) == 3 and path[0] == "piles" and path[2] == "lift_when"}
    refill_sources: set = set()
    for a in variant.autos:
        if a.when is not None or a.kind not in (AutoKind.FLIP, AutoKind.REFILL):
            return None
        if a.kind == AutoKind.REFILL:
            refill_sources.update(a.sources)
    if any(rules[s].takes for s in refill_sources):
        return None
    action_piles: set = set()
    for a in variant.actions:
        if a.kind not in (ActionKind.DEAL, ActionKind.RECYCLE):
            return None
        action_piles.update((a.source, *a.targets))
    if any(rules[p].takes for p in action_piles) or action_piles & refill_sources:
        return None
    own_groups = {rules[p].group for p in action_piles}
    groups = set(layout.groups)
    for path, s in text.strings:
        if path[:1] == ("actions",) and set(_IDENT.findall(_QUOTED.sub("''", str(s)))) & (groups - own_groups):
            return None
    names = {s.name for s in variant.deck.suits} | set(variant.deck.colors) | set(text.params)
    if text.defines:
        return None  # a define's text would need reading too: left out (none in the family)
    for name, spec in text.piles:
        if spec is None or name not in layout.groups:
            return None
        if "max_run" in spec:
            return None
        for key in ("accept", "accept_empty"):
            if key in spec and not _reads_ok(spec[key], names, group.name, name == group.name):
                return None
    for r in rules:  # a lift_when reads what a destination rule may (*prefix* checks it on the columns)
        if r.lift_when is not None and (r.group not in lifts or not _reads_ok(lifts[r.group], names, "", False)):
            return None
    givers: dict = {}
    for p, r in enumerate(rules):
        if r.lift != "none":
            got = givers.setdefault((r.group, r.role), [])
            if len(got) < 2:
                got.append(p)
    columns = [
        p
        for p, r in enumerate(rules)
        if p not in sinks and r.lift in ("top", "run") and p not in action_piles and p not in refill_sources
    ]
    if not columns:
        return None
    rule = RefillRule(variant, sinks, columns, givers.values())
    spec = dict(text.piles).get(group.name) or {}
    quantifier = re.compile(r"\b(all|any)\s*\(\s*\w+\s+in\s+" + re.escape(group.name) + r"\s*:")
    rule.others_read = {k: bool(quantifier.search(str(spec.get(k, "")))) for k in ("accept", "accept_empty")}
    refills = [a for a in variant.autos if a.kind == AutoKind.REFILL]
    rule.feeds = {p: tuple(s for a in refills if p in a.piles for s in a.sources) for p in columns}
    rule.index_read = any(  # the columns' rules read the pile's index: *prefix* pile by pile
        "index" in _IDENT.findall(str(spec.get(k, "")))
        for name, spec in text.piles
        if name != group.name
        for k in ("accept", "accept_empty")
    )
    return rule
