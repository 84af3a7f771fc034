"""Guidance: the order in which the search tries moves and takes waiting positions.

A static order of moves (foundation moves first, moves off a foundation last), the variant's
declared safe moves (``solver.safe``), and a score per position kept up to date per pile
(``Scorer``), less how deep the cards the foundations take next lie (``NextCards``), plus the
run the free places allow (``RunRoom``). Only the order of the search depends on any of it,
never a verdict.
"""

from __future__ import annotations

from functools import partial

from ..core.kinds import PROGRESS_ROLES, Role
from ..engine.codegen import position_rule
from ..lang.runtime import Env
from .natural_runs import natural_tables
from .sink_tables import sink_takes

# -- move ordering ---------------------------------------------------------------------


def orderer(variant):
    card_rank = card_ranker(variant)

    def rank(st, m) -> int:
        if m.kind == "remove":
            return 0
        if m.kind == "action":
            return 4
        return card_rank(st.piles, st.down, m.sources[0], m.dest, len(m.cards))

    def ordered(game):
        moves = game.legal_moves()
        if len(moves) < 2:
            return list(moves)
        m = declared_pick(variant, game.state, moves)
        if m is not None:
            return [m]
        st = game.state
        return sorted(moves, key=lambda m: rank(st, m))

    ordered.rank = rank
    return ordered


def card_ranker(variant):
    """orderer's rank of a card move as ``f(piles, down, source, dest, count)``."""
    cells = {p for p, r in enumerate(variant.rules) if r.role == Role.CELL}
    sink = {p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES}

    def card_rank(piles, down, s, d, n) -> int:
        if s in sink:
            return 7
        if d in sink:
            return 0
        left = len(piles[s]) - n
        if left > 0 and down[s] >= left:
            return 1  # turns a card
        if not piles[d]:
            return 5 if left else 6  # into an empty pile; a whole pile moved: last
        if d in cells:
            return 5
        if left == 0:
            return 2  # empties a pile
        return 3

    return card_rank


def card_move_order(variant, st, scorer, buried, w_buried, room):
    """Search's order of a card move as one call ``f(s, d, n, depth)``, for the fused
    expansion (expand.py), which asks it once per new child: the same tuple as
    Search._order's closure gives for the move (source s, dest d, n cards) on the same
    board, with the rank, the run room's generated rule and the buried cards' depth read
    in its body rather than through three or four calls. Only where that closure is one
    of its two card-move branches (no dead-end classes: room is not None)."""
    piles, down, rank = st.piles, st.down, card_ranker(variant)
    fast, env = (room.fast, room.env) if room.fn is not None else (None, None)
    run_room = room.value if room.fn is not None else None
    if buried is None and run_room is None:

        def plain(s, d, n, depth=None):
            return (-scorer.total, rank(piles, down, s, d, n))

        return plain

    def order(s, d, n, depth=None):
        total = value = scorer.total
        if buried is not None:
            value -= w_buried * (buried.depth() if depth is None else depth)
        if fast is not None:  # _run_value, in line
            try:
                got = fast(st, env)
            except Exception:  # as RunRoom.value
                got = 0
            value += W_RUN * min(got if isinstance(got, int) and not isinstance(got, bool) else 0, RUN_CAP)
        elif run_room is not None:
            value += W_RUN * min(run_room(), RUN_CAP)
        return (-value, rank(piles, down, s, d, n), -total)

    return order


def declared_pick(variant, st, moves, env=None):
    """The first legal card move a condition of the variant's ``solver.safe`` holds for
    (judged in the position before it, like a destination rule), or None."""
    conds = variant.safe
    if not conds:
        return None
    if env is None:
        env = Env(st)
    env.st = st
    for m in moves:
        if m.kind != "move":
            continue
        env.run, env.card, env.source, env.dest = m.cards, m.cards[0], m.sources[0], m.dest
        for fn in conds:
            if fn(env):
                return m
    return None


# -- the score of a position ------------------------------------------------------------

# Weights: foundation card, card in a cell, empty pile that takes cards, card above a break
# (tuned on Microsoft FreeCell deals 1-40; they only order the search).
W = (6, 6, 9, 1)
# A card of the talon, scored as at pointer 0 (Scorer.talon_at_start), read at the call (a bench
# may set another). 0, the talon not counted: measured against 2 and 4 on Klondike deals 1-60
# (docs/solver.md, "The staging and the talon's weight, measured again"). With a weight, a card
# move out of the waste touches the waste alone, so the stock's part kept the parent's talon.
W_TALON = 0


class Scorer:
    """How promising a position looks, kept up to date per pile like the key.

    Cards on foundations and discards count for, cards lying above a break of their pile's
    sequence rule (out of order; where runs lift under no sequence rule, of its accept rule:
    natural_runs.py), cards in cells and face-down cards against, and empty piles
    that take cards for. Only the order of the search depends on it, never a verdict."""

    def __init__(self, variant, state):
        self.st = state
        self.env = Env(state)
        self.kind = []
        for r in variant.rules:
            if r.role in ("foundation", "discard"):
                self.kind.append(0)
            elif r.role == "cell":
                self.kind.append(1)
            else:
                self.kind.append(2)
        self.seq = [r.sequence for r in variant.rules]
        self.natural = natural_tables(variant)  # where no sequence rule: the accept rule's order
        self.takes = [r.takes for r in variant.rules]
        self.talon: tuple | None = None  # (stock, waste): scored as at pointer 0 (talon_at_start)
        self.part = [self._part(p) for p in range(len(state.piles))]
        self.total = sum(self.part)
        self.memo: list = [{} for _ in state.piles]  # per pile: key piece -> part
        self.size = 0

    def talon_at_start(self, stock, waste) -> None:
        """Score the stock's two piles as the talon lies at pointer 0 (stock_cycle.py: all of
        it in the stock, face down), whatever the pointer. In the cycle class the key merges
        the pointers, and the board's count of face-down cards (2 a card drawn) put the
        children of far draws, and every position the walk left deep in the stock, ahead of
        the rest: see docs/solver.md, "The stock macros' order"."""
        self.talon = (stock, waste)
        self.touch((stock, waste))

    def _part(self, p) -> int:
        pile = self.st.piles[p]
        kind = self.kind[p]
        talon = self.talon
        if talon is not None and p in talon:
            st = self.st
            x, y = st.piles[talon[0]], st.piles[talon[1]]
            if st.down[talon[1]] == 0 and st.down[talon[0]] == len(x):  # regular piles
                if p == talon[0]:
                    return -W_TALON * (len(x) + len(y))
                return W[2] if self.takes[p] else 0  # the waste as at pointer 0: empty
        if kind == 0:
            return W[0] * len(pile)
        if kind == 1:
            return -W[1] * len(pile)
        if not pile:
            return W[2] if self.takes[p] else 0
        down = self.st.down[p]
        out = -2 * down
        seq = self.seq[p]
        natural = self.natural[p]
        if natural is not None:
            n = len(pile)
            for i in range(max(down, 1), n):
                if pile[i] not in natural[pile[i - 1]]:
                    out -= W[3] * (n - i)
        elif seq is not None:
            env = self.env
            env.st = self.st
            n = len(pile)
            for i in range(max(down, 1), n):
                env.a, env.b = pile[i - 1], pile[i]
                if not seq(env):
                    out -= W[3] * (n - i)
        return out

    def touch(self, piles) -> None:
        if piles is None:
            piles = range(len(self.part))
        for p in piles:
            new = self._part(p)
            self.total += new - self.part[p]
            self.part[p] = new

    def touch_keyed(self, piles, keyer) -> None:
        """touch() for piles whose key pieces are up to date: a pile's part depends only on
        its cards' ranks and suits and its face-down count, all in its piece unless the pile
        is sealed, so parts are remembered by piece (the search meets the same piles often)."""
        if piles is None:
            return self.touch(None)
        memo, piece, sealed = self.memo, keyer.piece, keyer.sealed
        for p in piles:
            if p in sealed:
                new = self._part(p)
            else:
                k = piece[p]
                got = memo[p].get(k)
                if got is None:
                    got = memo[p][k] = self._part(p)
                    self.size += 1
                new = got
            self.total += new - self.part[p]
            self.part[p] = new
        if self.size > 200_000:  # bounded: forget and start again
            self.memo = [{} for _ in self.memo]
            self.size = 0

    def update_keyed(self, piles, keyer):
        """touch_keyed(), returning what restore() needs to put the score back."""
        if piles is None:
            saved = (self.total, self.part[:])
            self.touch(None)
            return saved
        part = self.part
        saved = (self.total, [part[p] for p in piles])
        memo, piece, sealed = self.memo, keyer.piece, keyer.sealed
        total = self.total
        for p in piles:
            if p in sealed:
                new = self._part(p)
            else:
                k = piece[p]
                new = memo[p].get(k)
                if new is None:
                    new = memo[p][k] = self._part(p)
                    self.size += 1
            total += new - part[p]
            part[p] = new
        self.total = total
        if self.size > 200_000:  # bounded: forget and start again
            self.memo = [{} for _ in self.memo]
            self.size = 0
        return saved

    def child_total(self, s, d, ps, pd, sealed) -> int:
        """The total with the board on a position that differs from the one the parts are of
        in piles s and d alone, whose pieces there are ps and pd (sealed: the keyer's sealed
        piles, scored from the board); the parts are left as they are."""
        memo, part = self.memo, self.part
        if s in sealed:
            new_s = self._part(s)
        else:
            new_s = memo[s].get(ps)
            if new_s is None:
                new_s = memo[s][ps] = self._part(s)
                self.size += 1
        if d in sealed:
            new_d = self._part(d)
        else:
            new_d = memo[d].get(pd)
            if new_d is None:
                new_d = memo[d][pd] = self._part(d)
                self.size += 1
        if self.size > 200_000:  # bounded: forget and start again
            self.memo = [{} for _ in self.memo]
            self.size = 0
        return self.total + new_s - part[s] + new_d - part[d]

    def restore(self, piles, saved) -> None:
        """Put back the score update_keyed() changed (the position is back where it was)."""
        self.total, old = saved
        if piles is None:
            self.part[:] = old
            return
        part = self.part
        for p, o in zip(piles, old):
            part[p] = o


# Weights of the guidance (measured on Microsoft FreeCell deals 1-300 and the 28 that plain
# depth-first search did not win within 5 s; they only order the search): one card lying
# above a card some foundation takes next; one card of the run the free places allow, up to
# RUN_CAP.
W_BURIED = 3
W_RUN = 1
RUN_CAP = 16
# The buried next cards' weight in an open game, where no card lies face down and no pile is a
# stock at the search's start (``buried_weight``): there they are the whole of what keeps the
# foundations waiting. Measured by positions (docs/solver.md, "FreeCell's hard deals: the buried
# cards' weight, two orders"): MS 1-150 median 1,324 -> 1,030 and the 13 deals of 1-1000 not won
# at 2 CPU s all won within 21,000; with a stock and face-down cards (Klondike draw 3) it was
# worse, so there W_BURIED stays. It has unlucky deals of its own: the solver searches in both
# orders (solver.FIRST_ORDER_STATES).
W_BURIED_OPEN = 8


def buried_weight(variant, st) -> int:
    """W_BURIED_OPEN where nothing in ``st`` lies face down and no pile is a stock, else
    W_BURIED. It only orders the search (read at the call: a bench may set either)."""
    if any(st.down) or any(r.role == Role.STOCK for r in variant.rules):
        return W_BURIED
    return W_BURIED_OPEN


class NextCards:
    """How deep the cards the foundations take next lie: per position, the number of cards
    above each card that some progress pile (foundation or discard) would take on its
    present top, summed. Read from the variant's tables (``derive_next``). A card buried under
    many others costs many moves to reach."""

    def __init__(self, sinks, takes_on, takes_empty, size):
        self.sinks = sinks  # progress piles with a table
        self.takes_on = takes_on  # sink -> top card -> cards it takes on that top
        self.takes_empty = takes_empty  # sink -> cards it takes when empty
        self.size = size

    def start(self, st) -> "_Buried":
        return _Buried(self, st)


class _Buried:
    """NextCards for one search. Where a card lies is remembered and looked up again only
    when it has moved (cards the foundations wait for seldom move)."""

    def __init__(self, rule: NextCards, st):
        self.st = st
        self.sinks = rule.sinks
        self.on = [rule.takes_on[f] for f in rule.sinks]
        self.empty = [rule.takes_empty[f] for f in rule.sinks]
        self.sink_set = frozenset(rule.sinks)
        self.others = [p for p in range(len(st.piles)) if p not in self.sink_set]
        self.pile = [self.others[0] if self.others else 0] * rule.size  # card -> a pile it was seen in

    def depth(self) -> int:
        """Cards lying above the cards the sinks take next."""
        return self.prepare(None)[0]

    def prepare(self, count) -> tuple:
        """(depth(), count, the cards the sinks take next), where count (a dict, or None)
        gets how many of those cards lie in each pile: what child_depth() needs."""
        piles, where = self.st.piles, self.pile
        out = 0
        seen: set = set()
        for k, f in enumerate(self.sinks):
            top = piles[f]
            for c in self.on[k].get(top[-1], ()) if top else self.empty[k]:
                if c in seen:
                    continue
                seen.add(c)
                pile = piles[where[c]]
                if c not in pile:
                    for p in self.others:
                        if c in piles[p]:
                            where[c] = p
                            pile = piles[p]
                            break
                    else:
                        continue  # on a sink (another copy is wanted) or out of play
                out += len(pile) - 1 - pile.index(c)
                if count is not None:
                    count[where[c]] = count.get(where[c], 0) + 1
        return out, count, seen

    def child_depth(self, base, s, d, cards) -> int:
        """depth() after the run ``cards`` moves from the top of pile s onto pile d, neither
        of them a sink (so the cards wanted stay the same), from prepare()'s answer on the
        position before: a wanted card left under the run has len(cards) fewer cards above
        it, one on d that many more, and one in the run keeps the cards above it."""
        out, count, wanted = base
        below = count.get(s, 0)
        for c in cards:
            if c in wanted:
                below -= 1
        return out + len(cards) * (count.get(d, 0) - below)

    def child_base(self, base, s, d, cards) -> tuple:
        """prepare({})'s answer on the position after that move (the conditions of
        child_depth): its depth is child_depth()'s; the same cards are wanted, and those of
        the run lie on d now (a pile's count 0 and no entry read alike, count.get). So the
        child's expansion needs no prepare of its own (expand.py keeps it on the node)."""
        out, count, wanted = base
        moved = 0
        for c in cards:
            if c in wanted:
                moved += 1
        at_s, at_d = count.get(s, 0), count.get(d, 0)
        child = dict(count)
        child[s], child[d] = at_s - moved, at_d + moved
        return out + len(cards) * (at_d - at_s + moved), child, wanted


class RunRoom:
    """The longest run the free places allow now: the variant's ``max_run`` for a move
    between two piles outside its group (so no empty pile of the group is left out)."""

    def __init__(self, variant, st):
        self.fn = None
        self.fast = None  # the generated rule behind value(), where there is one
        self.env = Env(st)
        rules = variant.rules
        for r in rules:
            if r.max_run is None:
                continue
            others = [q for q in range(len(rules)) if rules[q].group != r.group]
            if not others:
                return
            self.env.source = self.env.dest = others[0]
            self.env.run = ()
            try:
                ok = isinstance(r.max_run(self.env), int)
            except Exception:  # a max_run that reads the moving cards: no term
                ok = False
            if ok:
                self.fn = r.max_run
                # the same rule as generated code of the position (codegen.position_rule)
                fast = position_rule(variant, ("piles", r.group, "max_run"), r.max_run, "move", others[0], others[0])
                if fast is not None:
                    self.fast = fast
                    self.value = partial(_run_value, fast, st, self.env)
            return

    def value(self) -> int:
        try:
            got = self.fn(self.env)
        except Exception:  # a rule that cannot be judged here: no bonus (it only orders)
            return 0
        return got if isinstance(got, int) and not isinstance(got, bool) else 0


def _run_value(fn, st, env) -> int:
    """RunRoom.value() through the generated rule (the same answers)."""
    try:
        got = fn(st, env)
    except Exception:  # as value()
        return 0
    return got if isinstance(got, int) and not isinstance(got, bool) else 0


def derive_next(variant):
    """A NextCards when the progress piles' destination rules can be read as tables (as
    for derived safe moves: see sink_tables.py), else None."""
    if variant.rules_text is None:
        return None
    sinks = tuple(p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES and r.takes)
    if not sinks:
        return None
    tables = sink_takes(variant, sinks)
    if tables is None:
        return None
    takes_on, takes_empty = tables
    sinks = tuple(f for f in sinks if f in takes_on and (takes_on[f] or takes_empty[f]))
    if not sinks:
        return None
    return NextCards(sinks, takes_on, takes_empty, variant.deck.size)
