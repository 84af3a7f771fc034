"""Dead ends of removal games, derived from the rules: where cards leave the board only by
removals (alone, or two at a time) and the stock is dealt without a redeal, a position in
which some card the win needs has no partner left that it could ever be removed with is
not entered (Pyramid: a 6 whose four 7s are gone, or lie under it, or will be dealt onto it).

The class and its proof (``derive_removal_ends``): no destination rule takes a card (no
moves), automatic moves only flip, actions only deal from piles that are no removal's source
(the stock) onto removal sources (the wastes), and every other pile is a removal source or
a removal's destination (a sink: lift none, nothing takes from it). So a card stays where it
is until a removal takes it, except a stock card, which a deal puts on top of one of the
deal's targets. A removal's condition that reads only its cards (their rank, suit, colour,
the options) is a table, evaluated once per card and per pair of cards. Two cards still off
the sinks can never be removed together (they are *apart for good*) when one lies above the
other in one pile (only tops are exposed, and neither leaves but by a removal), when one's
place covers the other's through places holding cards (a covered place keeps its cards while
covered), or when both will be, or are, in the one pile the deals go to (a deal covers what is
there). Each of these lasts while both cards remain. A win removes every needed card; a card
no single removal takes goes with a partner, so the pairs played are a matching of the graph
of pairs that are not apart, covering every such needed card. When no such matching exists
the position cannot be won. With one pile that deals go to, a card there that no removal
takes alone and whose every partner is gone or dealt (so apart from it) never leaves, and
neither does anything under it: those cards are gone too, for the test. Sound; it proves
nothing with removals of three cards or more. Where every removal goes to one sink and the
deals have no condition, a *lone* removal (one whose cards no other move could ever take:
a king, or the last two cards of a pair of ranks) is played without branching
(RemovalEnds.lone_removal has the proof).
"""

from __future__ import annotations

from ..core.kinds import ActionKind, AutoKind
from ..core.state import State
from ..engine.moves import Move, action_allowed, exposed
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED, _shrinking
from .dead_ends import DeadEnds, _reads_only_size, _win_needs

# the names a removal's condition may read for it to be a table of its cards
_CARD_NAMES = {"cards", "rank", "suit", "color", "and", "or", "not", "in", "true", "false", "abs"}
_CARD_NAMES |= {"succ", "pred", "A", "J", "Q", "K", "T", "red", "black", "len"}
_EXACT_SEARCH = 14  # components of the pair graph up to this many cards get the exact matching test


def _table_condition(text, names) -> bool:
    if text is None:
        return True
    if not isinstance(text, str):
        return False
    body = _QUOTED.sub("''", text)
    return all(w in names for w in _IDENT.findall(body))


def derive_removal_ends(variant, *, lone=True):
    """A RemovalEnds when the variant is in the class of the module docstring, else None.
    The sinks that nothing reads but for their size are keyed by their size alone (one class
    for every top card: the keys' top_class). ``lone``: play a lone removal first
    (RemovalEnds.lone_removal), where no action has a condition or a limit."""
    text = variant.rules_text
    if text is None or not variant.removals:
        return None
    need_piles = _win_needs(text.win, variant, frozenset(r.dest for r in variant.removals))
    if not need_piles:
        return None
    rules, layout = variant.rules, variant.layout
    if any(r.takes for r in rules):
        return None
    if any(a.kind != AutoKind.FLIP for a in variant.autos):
        return None
    sources = {p for r in variant.removals for p in r.sources}
    sinks = {r.dest for r in variant.removals}
    stock = {a.source for a in variant.actions}
    targets = {t for a in variant.actions for t in a.targets}
    if any(a.kind != ActionKind.DEAL for a in variant.actions) or stock & sources or not targets <= sources:
        return None
    if sinks & (sources | stock) or any(rules[f].lift != "none" for f in sinks) or not need_piles <= sources:
        return None
    if any(p not in sources | sinks | stock for p in range(layout.size)):
        return None
    names = _CARD_NAMES | {s.name for s in variant.deck.suits} | set(variant.deck.colors) | set(text.params)
    whens = {path[1]: t for path, t in text.strings if path[:1] == ("removals",) and path[2:] == ("when",)}
    if not all(_table_condition(whens.get(r.name), names) for r in variant.removals):
        return None
    n = variant.deck.size
    single = 0
    pair = [0] * n  # any pair removal may take c and d, in one order or the other
    env = Env(State.empty(variant))
    try:
        for r in variant.removals:
            env.piles = tuple(r.sources[: r.cards])
            if r.cards == 1:
                for c in range(n):
                    env.cards = (c,)
                    if r.when is None or r.when(env):
                        single |= 1 << c
            elif r.cards == 2:
                for c in range(n):
                    for d in range(c + 1, n):
                        for env.cards in ((c, d), (d, c)):
                            if r.when is None or r.when(env):
                                pair[c] |= 1 << d
                                pair[d] |= 1 << c
                                break
            else:
                return None
    except Exception:  # a condition that cannot be judged out of play: no proof
        return None
    deal_to = next(iter(targets)) if len(targets) == 1 else None
    shrinking = _shrinking(variant)
    tables = (single, pair, frozenset(shrinking), layout.under)
    top_class = {f: [0] * n for f in sinks if _reads_only_size(text.strings, layout.group_of[f])}
    ends = RemovalEnds(frozenset(sinks), frozenset(need_piles), frozenset(stock), deal_to, tables, top_class)
    # (one sink: which removal takes a card never decides where it goes)
    ends.lone = lone and len(sinks) == 1 and all(a.when is None and a.limit is None for a in variant.actions)
    return ends


class RemovalEnds(DeadEnds):
    """The tables of the pair test for one variant; ``start`` gives one search's test, with
    the interface of DeadEnds's that the search uses."""

    def __init__(self, sinks, need_piles, stock, deal_to, tables, top_class):
        self.sinks = tuple(sorted(sinks))
        self.need_piles, self.stock, self.deal_to = need_piles, stock, deal_to
        # single: the cards a removal takes alone; pair[c]: the cards c may go with; the
        # piles that only shrink; layout.under (pile -> the piles it covers)
        self.single, self.pair, self.shrinking, self.under = tables
        self.components = _components(self.pair)
        self.lone = False  # play lone removals first (derive_removal_ends sets it)
        self.top_class = top_class

    def start(self, st):
        return _RemovalState(self, st)

    def generator(self, variant, env, ends=None):
        """The legal moves of a position, as the engine lists them (moves.generate: no card
        moves in this class, the removals, then the actions), with each removal's condition
        read from the tables instead of evaluated (a test compares the two). With ``ends``
        (the search's _RemovalState) and ``self.lone``, a *lone* removal is the only move
        (see lone_removal)."""
        removals, actions = variant.removals, tuple(enumerate(variant.actions))
        single, pair = self.single, self.pair
        lone = ends if self.lone else None

        def generate(st):
            out: list = []
            seen: set = set()
            for rule in removals:
                free = exposed(variant, st, rule.sources)
                if rule.cards == 1:
                    for p, c in free:
                        if single >> c & 1 and (p,) not in seen and _holds(rule, env, st, (c,), (p,)):
                            seen.add((p,))
                            out.append(Move("remove", (p,), rule.dest, (c,), rule.name))
                    continue
                for i, (p, c) in enumerate(free):
                    partners = pair[c]
                    for q, d in free[i + 1 :]:
                        if partners >> d & 1 and (p, q) not in seen and _holds(rule, env, st, (c, d), (p, q)):
                            seen.add((p, q))
                            out.append(Move("remove", (p, q), rule.dest, (c, d), rule.name))
            if lone is not None and out:
                m = self.lone_removal(out, lone.alive)
                if m is not None:
                    return [m]
            env.st = st
            for i, a in actions:
                if action_allowed(a, i, st, env):
                    out.append(Move("action", (a.source,), None, (), a.name))
            return out

        return generate

    def lone_removal(self, removals, alive):
        """A removal whose cards no other move could ever take (a card no pair removal takes
        with any card still off the sinks, removed alone; or two cards that only each other
        could go with), or None. Playing it first loses no win: in this class a move's
        legality depends only on its cards being exposed (the tables) and, for a deal, on the
        stock (no condition, no limit: ``lone`` is set only then, and only where every
        removal goes to the one sink); taking cards away only
        exposes more, and a deal covers the same cards or fewer. So a winning line from here,
        without that removal, still plays and wins after it."""
        single, pair = self.single, self.pair
        for m in removals:
            cards = m.cards
            if len(cards) == 1:
                if not pair[cards[0]] & alive:
                    return m
                continue
            both = 1 << cards[0] | 1 << cards[1]
            if not any(single >> x & 1 or pair[x] & alive & ~both for x in cards):
                return m
        return None


class _RemovalState:
    """The pair test on one board (see the module docstring).

    Cards in piles that only shrink stay where they are: the pairs of them that are apart
    for good are found once, at the start. Only the cards off the sinks change, so where
    every needed card lies in such piles the verdict is a function of that set alone, and is
    remembered per set (positions that differ by the stock alone share it)."""

    def __init__(self, rule: RemovalEnds, st):
        self.rule, self.st = rule, st
        self.sinks = rule.sinks
        piles = st.piles
        n = len(rule.pair)
        self.count, self.cls = [0], [0] * n  # the search's move order reads these for card moves
        shrinking = [p for p in range(len(piles)) if p in rule.shrinking and piles[p] and p not in rule.sinks]
        bits_of = {p: _mask(piles[p]) for p in range(len(piles)) if piles[p]}
        # apart[c] for c in a pile that only shrinks: the cards of its pile, and of the piles
        # it covers or is covered by through piles holding cards (they keep them meanwhile)
        below = {p: self._below(p, piles) for p in shrinking}
        apart = [0] * n
        for p in shrinking:
            for q in _each(below[p]):
                for c in piles[p]:
                    apart[c] |= bits_of[q]
                for c in piles[q]:
                    apart[c] |= bits_of[p]
            for c in piles[p]:
                apart[c] |= bits_of[p]
        self.apart = apart
        self.fixed = 0  # the cards in piles that only shrink
        for p in shrinking:
            self.fixed |= bits_of[p]
        self.needed = 0
        for p in rule.need_piles:
            self.needed |= bits_of.get(p, 0)
        self.alive = 0
        for p, bits in bits_of.items():
            if p not in rule.sinks:
                self.alive |= bits
        self.static = not self.needed & ~self.fixed  # every needed card in a pile that only shrinks
        self.memo: dict = {}

    def _below(self, p, piles) -> int:
        rule = self.rule
        seen, todo = 0, [p]
        while todo:
            for u in rule.under[todo.pop()]:
                if u in rule.shrinking and piles[u] and not seen >> u & 1:
                    seen |= 1 << u
                    todo.append(u)
        return seen

    def heights(self):
        piles = self.st.piles
        return [len(piles[f]) for f in self.sinks]

    def moved(self, before):
        """After a move: take the cards it put on the sinks off the living ones; return them
        and whether the position is a dead end."""
        piles = self.st.piles
        placed = 0
        for f, h in zip(self.sinks, before):
            for c in piles[f][h:]:
                placed |= 1 << c
        if not placed and self.static and self.rule.deal_to is None:
            return 0, False
        self.alive &= ~placed
        return placed, self.any_dead()

    def unmoved(self, placed) -> None:
        self.alive |= placed

    def buried(self, alive) -> int:
        """With one pile that deals go to (Pyramid's one waste): its topmost card that no
        removal can ever take, and every card under it (they never come out). Such a card
        is *stuck*: no removal takes it alone, and every partner it has is apart from it
        (every card of the stock and of that pile is) or gone."""
        rule = self.rule
        if rule.deal_to is None:
            return 0
        pile = self.st.piles[rule.deal_to]
        if not pile:
            return 0
        dealt = _mask(pile)
        for p in rule.stock:
            dealt |= _mask(self.st.piles[p])
        others = alive & ~dealt
        pair, single = rule.pair, rule.single
        for i in range(len(pile) - 1, -1, -1):
            w = pile[i]
            if not single >> w & 1 and not pair[w] & others:
                return _mask(pile[: i + 1])
        return 0

    def any_dead(self) -> bool:
        alive = self.alive & ~self.buried(self.alive)
        if self.static:
            hit = self.memo.get(alive)
            if hit is None:
                if len(self.memo) > 200_000:
                    self.memo.clear()
                hit = self.memo[alive] = self._dead(alive)
            return hit
        return self._dead(alive)

    def _dead(self, alive) -> bool:
        rule = self.rule
        must = self.needed & alive & ~rule.single
        if not must:
            return False
        pair = rule.pair
        moving = self._moving(must & ~self.fixed)
        edges = {}
        for c in _each(must):
            e = pair[c] & alive & ~(self.apart[c] | moving.get(c, 0))
            if not e:
                return True
            edges[c] = e
        return not _matchable(edges, must, self.rule.components)

    def _moving(self, cards) -> dict:
        """Per needed card in a pile that may grow (a deal's target): the cards it is apart
        from, read from the board (the cards of its pile; with one pile that deals go to,
        every card there or in the stock)."""
        if not cards:
            return {}
        rule, piles = self.rule, self.st.piles
        dealt = 0
        if rule.deal_to is not None:
            dealt = _mask(piles[rule.deal_to])
            for s in rule.stock:
                dealt |= _mask(piles[s])
        out = {}
        for p, pile in enumerate(piles):
            if p in rule.sinks or p in rule.shrinking or not pile:
                continue
            bits = _mask(pile)
            if bits & cards:
                same = dealt if (p == rule.deal_to or p in rule.stock) else bits
                for c in _each(bits & cards):
                    out[c] = same | self.apart[c]
        return out


def _holds(rule, env, st, cards, piles) -> bool:
    """The rule's condition on these cards in this order (the tables say only that some rule
    takes them in some order)."""
    env.st, env.cards, env.piles = st, cards, piles
    return rule.when is None or bool(rule.when(env))


def _mask(cards) -> int:
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


def _each(bits):
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _components(pair) -> list:
    """The bit sets of cards joined by the pair table (no removal takes two cards of two of
    them together): the matching splits along them."""
    left = 0
    for c, bits in enumerate(pair):
        if bits:
            left |= 1 << c
    out = []
    while left:
        comp = todo = left & -left
        while todo:
            c = (todo & -todo).bit_length() - 1
            todo &= todo - 1
            new = pair[c] & ~comp
            comp |= new
            todo |= new
        left &= ~comp
        out.append(comp)
    return out


def _matchable(edges, must, components) -> bool:
    """Is there a matching of the graph (needed card -> bit set of its partners) that covers
    every card of ``must``? Exact per component of the pair table up to _EXACT_SEARCH cards;
    a larger one passes (sound)."""
    for comp in components:
        group = must & comp
        if group and bin(comp).count("1") <= _EXACT_SEARCH and not _cover(edges, group, comp, {}):
            return False
    return True


def _cover(edges, must, free, memo) -> bool:
    """Can every card of ``must`` be matched to a neighbour among ``free`` (each once)?"""
    if not must:
        return True
    key = (must, free)
    hit = memo.get(key)
    if hit is not None:
        return hit
    c = (must & -must).bit_length() - 1
    rest_free = free & ~(1 << c)
    ok = False
    for d in _each(edges[c] & rest_free):
        if _cover(edges, must & ~(1 << c) & ~(1 << d), rest_free & ~(1 << d), memo):
            ok = True
            break
    memo[key] = ok
    return ok
