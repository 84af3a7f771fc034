"""A compact search for games whose cards only ever go up onto one pile (Golf, Black Hole).

In such a game a position is nothing but how many cards each pile still holds and which
class of card lies on the sink (black-hole-solver's state: the columns' heights, the stock's
place and the foundation's card). The general search (search.py) plays every move through
the Game API, keys the position pile by pile and orders the children by the rules; here a
position is one integer, a move is a subtraction, and the children come from two tables.
The same positions are searched in the same order, several times faster.

The class, read from the compiled variant (``derive_sink_search``):

* the dead-end class of dead_ends.py (only sinks take cards, a sink's order never changes,
  the other piles give their top card only, actions only deal from a pile onto sinks), with
  no covering piles, no automatic moves and no removals;
* exactly one sink f, whose destination rules are tables of its top card (sink_tables.py)
  and never read ``source``;
* every action a deal of one card (no ``count``) onto f alone, from a pile other than f;
* every other pile lifts its top card (``lift: top``) or nothing.

Why it is sound. In that class a card moves once, from the top of the pile it was dealt to
onto f, either as a card move (legal only when f's table takes it on f's top: the engine's
accept rule reads nothing else) or as an action (the source's top card, onto f, whatever f's
top). So every pile but f holds, at any time, the bottom h cards of what it held at the
start: the heights h and f's top card give the whole position's future, and f's top matters
only by the cards f takes on it (its class, dead_ends.py's ``top_class``, when nothing else
reads f). The model's moves are therefore at least the engine's: a card move it lists may
still be refused by a limit, a condition or a face-down card (``lift`` of a face-down card),
an action by its limit or ``when``. Each can only add positions. Hence:

* a line the model finds to a position with every needed pile empty (dead_ends._win_needs:
  necessary for the win) is replayed move by move in the engine; it counts only when every
  move is legal there and the engine's win holds at its end;
* when such a replay fails, the model cannot be trusted (a position it reached by a move the
  engine refuses may be the one a legal line needs), and the search gives up: ``run()``
  returns None and the general search runs instead;
* ``unwinnable`` is said only when the model's whole space, a superset of the engine's, holds
  no position with every needed pile empty that is not a dead end (the dead-end test of
  dead_ends.py, whose proof covers the class: it reads the same heights and top).

Not used with a HintTable (hinting.py keeps what the general search proves) nor in the
streamliner; ``solve(..., sink_search=False)`` turns it off.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace

from ..core.kinds import ActionKind
from ..play.game import Game
from .dead_ends import DeadEnds, derive_dead
from .derivations import _per_variant
from .search import UNKNOWN, UNWINNABLE, WON, Result

_SOURCE = re.compile(r"\bsource\b")
_MEMO_CAP = 200_000  # answers of the dead-end test kept at once


@dataclass(frozen=True)
class SinkRule:
    """What the compact search needs of a variant in the class (module docstring)."""

    dead: DeadEnds  # the dead-end test (and its tables) of dead_ends.py
    sink: int  # the one pile cards go onto
    lifts: tuple  # piles whose top card a card move may take
    deals: tuple  # (action name, source pile) of each deal onto the sink
    need: frozenset  # piles the win needs empty


def derive_sink_search(variant) -> SinkRule | None:
    """A SinkRule when the variant is in the class of the module docstring, else None."""
    if variant.autos or variant.removals or variant.rules_text is None:
        return None
    dead = derive_dead(variant, covered=False)
    if dead is None or len(dead.sinks) != 1:
        return None
    f = dead.sinks[0]
    rules, layout = variant.rules, variant.layout
    group = layout.group_of[f]
    for name, spec in variant.rules_text.piles:
        if name == group and spec is not None:
            if any(_SOURCE.search(str(spec.get(k, ""))) for k in ("accept", "accept_empty")):
                return None
    deals = []
    for a in variant.actions:
        if a.kind != ActionKind.DEAL or a.targets != (f,) or a.count is not None or a.source == f:
            return None
        deals.append((a.name, a.source))
    lifts = []
    for p, r in enumerate(rules):
        if p == f:
            continue
        if r.lift == "top":
            lifts.append(p)
        elif r.lift != "none":
            return None
    return SinkRule(dead, f, tuple(lifts), tuple(deals), dead.need_piles)


sink_rule = _per_variant(derive_sink_search)  # the variant's SinkRule (or None), once per variant


class _Board:
    """The dead-end test's view of the sink, kept by the compact search (dead_ends reads
    only the sink's list)."""

    def __init__(self, n, sink, cards):
        self.piles: list = [[] for _ in range(n)]
        self.piles[sink] = list(cards)


class SinkSearch:
    """One search from ``state`` over the model; ``run()`` gives the Result, or None when the
    model cannot decide (see the module docstring) or the start is outside it."""

    def __init__(self, rule, variant, state, *, max_states, time_limit, started):
        self.rule, self.variant, self.state = rule, variant, state
        self.max_states, self.started = max_states, started
        self.deadline = None if time_limit is None else started + time_limit
        self.memo: dict = {}
        self.clock = time.monotonic  # what time_limit counts (solve()'s clock)

    def run(self) -> Result | None:
        got = self.setup()
        if got is not None:
            return got or None
        key = self._key(self.state)
        if not key & self.need_mask:
            return None  # every needed pile empty, yet not won: the win reads more
        if self.deadstate.any_dead():
            return self._done(UNWINNABLE, [], 1)
        return self._dfs(key)

    def setup(self):
        """The tables of one search; None when it can go on, else its Result (a win at the
        start) or False (the start is outside the model)."""
        rule, st = self.rule, self.state
        f = rule.sink
        if any(st.down[p] for p in rule.lifts):
            return False  # a face-down card would be lifted by the model alone
        if Game(self.variant, st.copy()).won:
            return self._done(WON, [], 1)
        sources = set(rule.lifts) | {s for _, s in rule.deals}
        self.cols = {p: tuple(st.piles[p]) for p in sources}
        dead = self.deadstate = rule.dead.start(st)
        self.board = _Board(len(st.piles), f, st.piles[f])
        dead.st = self.board
        self._tables()
        return None

    def _tables(self) -> None:
        """Bit offsets of each pile's height in the key, and the cards the sink takes on
        each code of its top (its class, or the card itself)."""
        rule = self.rule
        dead = rule.dead
        f = rule.sink
        self.off: dict = {}
        shift = 0
        for p in sorted(self.cols):
            self.off[p] = shift
            shift += max(1, len(self.cols[p]).bit_length())
        self.tshift = shift
        self.need_mask = 0
        for p in rule.need:
            if p in self.off:
                self.need_mask |= ((1 << max(1, len(self.cols[p]).bit_length())) - 1) << self.off[p]
        top_class = dead.top_class.get(f)
        n = dead.size
        self.code = list(top_class) if top_class is not None else list(range(n))
        table = dead.takes_on.get(f, {})
        takes: dict = {-1: dead.takes_empty.get(f, frozenset())}
        for t in range(n):
            takes.setdefault(self.code[t], table.get(t, frozenset()))
        self.takes = takes

    def _key(self, st) -> int:
        key = 0
        for p, sh in self.off.items():
            key |= len(st.piles[p]) << sh
        pf = st.piles[self.rule.sink]
        return key | (self.code[pf[-1]] + 1 if pf else 0) << self.tshift

    def _children(self, key, heights) -> list:
        """The model's moves from here, in the order of search.py's dead-end class: card
        moves first, a card of which many like it are still off the sink first, then from the
        taller pile; the deals after them. A move is a pile (a card move) or ~i (deal i)."""
        code = (key >> self.tshift) - 1
        acc = self.takes[code]
        cols, cls, count = self.cols, self.deadstate.cls, self.deadstate.count
        kids = []
        for p in self.rule.lifts:
            h = heights[p]
            if h:
                c = cols[p][h - 1]
                if c in acc:
                    kids.append((-(count[cls[c]] * 64 + h), p))
        kids.sort()
        out = [p for _, p in kids]
        for i, (_, s) in enumerate(self.rule.deals):
            if heights[s]:
                out.append(~i)
        out.reverse()  # popped from the end
        return out

    def _dfs(self, key) -> Result | None:
        """Depth-first over the model. A dead end is not entered, as in search.py; its key
        is kept aside so it is judged once."""
        rule, cols, off, code, tshift = self.rule, self.cols, self.off, self.code, self.tshift
        deals, need_mask, dead, sink = rule.deals, self.need_mask, self.deadstate, self.board.piles[rule.sink]
        low = (1 << tshift) - 1
        heights = {p: len(c) for p, c in cols.items()}
        seen = {key}
        lost: set = set()  # dead ends met (not positions of the table: at most max_states)
        path: list = []  # (move, pile, card) of each move played
        stack = [self._children(key, heights)]
        limit, deadline, timed = self.max_states, self.deadline, self.clock
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                if path:
                    _, p, c = path.pop()
                    heights[p] += 1
                    key += 1 << off[p]
                    sink.pop()
                    _back(dead, c)
                    key = key & low | (code[sink[-1]] + 1 if sink else 0) << tshift
                continue
            m = kids.pop()
            p = m if m >= 0 else deals[~m][1]
            h = heights[p]
            c = cols[p][h - 1]
            child = (key - (1 << off[p])) & low | (code[c] + 1) << tshift
            if child in seen or child in lost:
                continue
            heights[p] = h - 1
            sink.append(c)
            _up(dead, c)
            path.append((m, p, c))
            key = child
            if not key & need_mask:
                return self._replay(path, len(seen) + 1)
            if self._dead(dead, sink):
                stack.append([])  # a dead end, not entered: backed out at once
                lost.add(key)
                if len(lost) > limit:
                    lost.clear()
                continue
            seen.add(key)
            stack.append(self._children(key, heights))
            if len(seen) >= limit:
                return self._done(UNKNOWN, [], len(seen), "states")
            if deadline is not None and not len(seen) & 255 and timed() > deadline:
                return self._done(UNKNOWN, [], len(seen), "time")
        return self._done(UNWINNABLE, [], len(seen))

    def _dead(self, dead, sink) -> bool:
        """dead.any_dead(), remembered: it reads only which classes have cards off the sink
        (needed ones, dealt ones) and the class of the sink's top, with the walk test the
        number of cards of each class, with the terminal test two sums of them."""
        top = dead.cls[sink[-1]] if sink else -1
        if dead.walk is None:
            k: tuple = (dead.alive, dead.needed, dead.freed, top)
        else:
            k = (tuple(dead.count), dead.needed, dead.freed, top)
        if dead.terminal:  # ends_too_often() counts these
            k += (sum(dead.need[i] for i in dead.terminal), sum(dead.free))
        memo = self.memo
        got = memo.get(k)
        if got is None:
            got = memo[k] = dead.any_dead()
            if len(memo) > _MEMO_CAP:
                memo.clear()
        return got

    def _replay(self, path, states) -> Result | None:
        """The model's line in the engine: the Result of a win, or None when some move is
        not legal there or the win does not hold at its end (the model cannot decide)."""
        g = Game(self.variant, self.state.copy())
        f = self.rule.sink
        texts = []
        for step, p, c in path:
            name = None if step >= 0 else self.rule.deals[~step][0]
            want = None
            for m in g.legal_moves():
                if name is None and m.kind == "move" and m.sources == (p,) and m.dest == f and m.cards == (c,):
                    want = m
                elif name is not None and m.kind == "action" and m.name == name:
                    want = m
                if want is not None:
                    break
            if want is None:
                return None
            texts.append(g.move_text(want))
            g.apply_unchecked(want)
        if not g.won:
            return None
        return self._done(WON, texts, states)

    def _done(self, verdict, moves, states, limit=None) -> Result:
        difficulty = states if verdict == WON else None
        return Result(verdict, moves, states, self.clock() - self.started, limit, difficulty)


def _up(dead, c) -> None:
    """dead._count((c,), -1) for one card, its class's bits changed only when a count
    reaches 0."""
    i = dead.cls[c]
    count = dead.count
    count[i] -= 1
    if not count[i]:
        dead.alive &= ~(1 << i)
    k = dead.kind[c]
    if k == 1:
        dead.need[i] -= 1
        if not dead.need[i]:
            dead.needed &= ~(1 << i)
    elif k == 2:
        dead.free[i] -= 1
        if not dead.free[i]:
            dead.freed &= ~(1 << i)


def _back(dead, c) -> None:
    """dead._count((c,), 1) for one card."""
    i = dead.cls[c]
    dead.count[i] += 1
    dead.alive |= 1 << i
    k = dead.kind[c]
    if k == 1:
        dead.need[i] += 1
        dead.needed |= 1 << i
    elif k == 2:
        dead.free[i] += 1
        dead.freed |= 1 << i


def solve_sinks(variant, state, *, max_states, time_limit, started, terminal=True, clock=None) -> Result | None:
    """The compact search's Result, or None when the variant is outside its class or the
    model cannot decide this deal (then the general search runs). ``terminal``: False leaves
    out dead_ends' terminal test (derive_dead)."""
    rule = sink_rule(variant)
    if rule is None:
        return None
    if not terminal:
        rule = replace(rule, dead=derive_dead(variant, covered=False, terminal=False))
    search = SinkSearch(rule, variant, state, max_states=max_states, time_limit=time_limit, started=started)
    if clock is not None:
        search.clock = clock
    return search.run()
