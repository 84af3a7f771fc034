"""The win finder: a beam search for a winning line, for deals the exhaustive search does not
win in its time (``check --solve``, ``solve``, ``stats``).

Each level keeps the ``width`` best positions by a score read from the rules (``Rating``) and
expands them all; the widths grow from run to run (iterative widening) and each run orders
ties by its own random draw (diversified restarts). Positions already kept are remembered by
their key's hash alone, so a collision may drop a branch: that is why this stage only ever
says ``won`` (with a line replayed move by move in a fresh game, the certificate) or nothing.
It never says ``unwinnable``: it prunes without proof, and finding nothing proves nothing.
"""

from __future__ import annotations

import heapq
import random
import re
import time

from ..core.kinds import PROGRESS_ROLES
from ..engine.codegen import position_rule
from ..engine.moves import action_allowed
from ..lang.runtime import Env
from ..play.game import Game
from .analysis import analyse
from .board_terms import board_term, summed
from .derivations import (
    cycle_rule,
    face_rule,
    foundation_rule,
    next_rule,
    refill_rule,
    safe_rule,
    steps_rule,
    stock_rule,
)
from .keys import BeamKeys as _Keys
from .keys import touched_piles
from .lanes import PAUSED, Portfolio, chosen, distinct, drain, due, widening
from .natural_runs import natural_tables
from .rooted_runs import run_pairs
from .sideways import children_rule
from .stock_cycle import landing_cards

# The widths of the successive runs (measured on Forty Thieves, Gypsy and their kin, seeds
# 1-5: the narrow runs win the easy deals in a fraction of a second, the wide ones the rest).
WIDTHS = (32, 128, 512, 2048, 8192)
# A card lying above a card its foundation needs before it (a "blocked" card): at least a move
# to free the one below. Seeds 1-5 of Forty Thieves, Gypsy, Duchess, Maria, Miss Milligan, La
# Belle Lucie at 2 CPU s each: 1 won with 2, 2 with 4, 0 without the term. The first lane's
# weight; the second lane's (8) and why both: lanes.py.
W_BLOCKED = 4
# Levels per run at most: a line longer than this is not followed (cards * this factor).
LEVELS_PER_CARD = 6


def chains(variant) -> list[int] | None:
    """Per card, a bit mask of the cards some foundation must take before it (the cards below
    it on the chains of the foundations' tables, whichever copy), or None where the progress
    piles' rules cannot be read as tables (next_rule). A card on a cycle of the tables (a
    foundation that turns the corner) gets no mask: nothing is needed before it."""
    rule = next_rule(variant)
    if rule is None:
        return None
    size = variant.deck.size
    onto: list[set] = [set() for _ in range(size)]  # card -> the tops it goes on
    for f in rule.sinks:
        for top, cards in rule.takes_on[f].items():
            for c in cards:
                if c != top:
                    onto[c].add(top)
    below = [0] * size
    for _ in range(size):  # to the fixpoint (a chain of n cards needs n rounds)
        changed = False
        for c in range(size):
            mask = below[c]
            for t in onto[c]:
                mask |= below[t] | 1 << t
            if mask != below[c]:
                below[c], changed = mask, True
        if not changed:
            break
    return [0 if m >> c & 1 else m for c, m in enumerate(below)]


# Weights of the rating (tried on the six games above, seeds 1-5; they only order
# the win finder): a card on a foundation, a card in a cell, an empty pile that takes cards,
# a face-down card of a pile that builds, a card above a break (or under the top of a pile
# that does not build), a blocked card.
R_FOUNDATION, R_CELL, R_EMPTY, R_DOWN, R_BREAK = 20, 4, 15, 2, 1
# Where no foundation takes single cards (a finished run leaves whole, or the win reads the
# columns): a face-up pair in the order a finished run needs (``run_pairs``), for.
R_RUN = 40


# Per rank of the gap between a card and the card it buries that its foundation needs first,
# in a game where no pile builds (``buried_gaps``). Numerica and its kin, seeds 1-5 at 5 CPU s:
# see docs/solver.md, "check --solve 5, the reserve games".
W_GAP = 3


def buried_gaps(variant, below):
    """Per card, what a card-player counts when a card must lie on a waste pile: how many ranks
    separate it from the worst card it buries, for the games where no pile builds (every pile
    that takes cards other than a foundation or a cell takes them only from piles that take
    none, ``_fed_only_by_givers``), None elsewhere. A card
    lying on a card its foundation needs first must wait for that card's successors: a 4 on a 3
    costs one card, a 9 on a 3 six. The depth of a card is how many cards its chain holds below
    it (``chains``); one rank is the smallest step of depth (four with the suits alike, one with
    them apart). Returns (depth per card, rank unit)."""
    if below is None or not _fed_only_by_givers(variant):
        return None
    depth = [bin(m).count("1") for m in below]
    steps = [d for d in depth if d]
    if not steps:
        return None
    return depth, min(steps)


# Per card a card must wait for beyond the least wait of the cards it buries, where no pile
# builds and the foundations' orders do not merge into chains (``Rating.wait``: Calculation,
# Strategy, Puss in the Corner). The weight: docs/solver.md, "Calculation and the Numerica
# three" (issue 22).
W_WAIT = 8


_FROM = re.compile(r"^(.* and )?source\.group == '([A-Za-z_][A-Za-z0-9_]*)'( and .*)?$")


def _fed_only_by_givers(variant) -> bool:
    """Whether every group that takes cards, other than foundations and cells, takes them only
    from a group that takes none (a stock, a waste, a talon): each of its accept rules is a
    conjunction one of whose terms is ``source.group == 'G'`` with such a G. Read from the
    rules' text; what it cannot read counts against (the term is then left out)."""
    text = variant.rules_text
    if text is None:
        return False
    said = dict(text.strings)
    takes = {r.group for r in variant.rules if r.takes}
    seen = False
    for r in variant.rules:
        if r.role in PROGRESS_ROLES or r.role == "cell" or not r.takes:
            continue
        for field in ("accept", "accept_empty"):
            m = _FROM.match(said.get(("piles", r.group, field), ""))
            if m is None or " or " in m.group(0) or m.group(2) in takes:
                return False
        seen = True
    return seen


class Rating:
    """The score of a position, per pile: cards on foundations for, cards in cells against,
    empty piles that take cards for, face-down cards of the piles that build against (a
    stock's are not: they come in their time), cards above a break of their pile's sequence
    (or under the top card of a pile that does not build: a waste, a reserve) against, and
    cards lying above a card their foundation needs first (``chains``) against. Where whole
    runs leave (``run_pairs``) or the win reads the columns, each face-up pair of neighbours in
    a finished run's order for (``runs=False``: not), and a pile that lifts runs under no
    sequence rule is read in its accept rule's order (natural_runs). Only the order of the win
    finder depends on it."""

    def __init__(self, variant, st, runs=True, gaps=True, dealt=True, steps=True, blocked: int | None = None):
        self.env = Env(st)
        self.blocked = W_BLOCKED if blocked is None else blocked  # the lane's weight (lanes.py)
        self.kind = []
        for r in variant.rules:
            self.kind.append(0 if r.role in PROGRESS_ROLES else 1 if r.role == "cell" else 2)
        self.seq = [r.sequence for r in variant.rules]
        self.takes = [bool(r.takes) for r in variant.rules]
        self.below = chains(variant)
        self.gaps = buried_gaps(variant, self.below) if gaps else None
        # A pile no move takes cards to and none lifts from (a stock): its cards leave only by
        # the actions, in its order, in every line alike; no card of it waits on a move to
        # free the card under it, so its order costs nothing (``dealt=False``: it costs as a
        # column's, as before issue 22, which paid each deal for emptying the stock).
        # Only where some pile builds (no buried-gap term): where none does (Numerica), the
        # stock's order in the score is what won seeds 1 and 3 at 2 CPU s, and none without it
        # (bench_finder_term.py dealt); Irmgard's seed won needs it left out.
        leave = dealt and self.gaps is None
        self.fixed = [leave and not r.takes and r.lift == "none" for r in variant.rules]
        self.sinks = [p for p, k in enumerate(self.kind) if k == 0]
        # each foundation's own steps, where the chains give no gaps and no pile builds
        # (``wait``); steps=False: not read
        self.steps = None
        if steps and self.gaps is None and _fed_only_by_givers(variant):
            self.steps = steps_rule(variant)
        self.waiting = [p for p, k in enumerate(self.kind) if k == 2 and self.takes[p]]
        self.memo: list[dict] = [{} for _ in variant.rules]  # per pile: (cards, face-down) -> part
        # runs=False: the score as before issue 22 (no natural order, no run pairs)
        self.natural = natural_tables(variant) if runs else [None] * len(variant.rules)
        self.pairs = run_pairs(variant) if runs else None
        if runs and self.pairs is None and not self.sinks:  # the win reads the columns
            self.pairs = self._own_order(variant)
        deck = variant.deck
        self.face = [(deck.rank_of[c], deck.suit_of[c]) for c in range(deck.size)]
        # a card up counts its pair too: a finished run leaving must not lower the score
        self.up = R_FOUNDATION + (R_RUN if self.pairs is not None else 0)

    def _own_order(self, variant) -> frozenset | None:
        """Where no sink exists (the win reads the columns): the face pairs of the natural
        tables (natural_runs), the order the columns build in."""
        deck = variant.deck
        out = set()
        for table in self.natural:
            if table is not None:
                for a, row in enumerate(table):
                    for b in row:
                        out.add(((deck.rank_of[a], deck.suit_of[a]), (deck.rank_of[b], deck.suit_of[b])))
        return frozenset(out) or None

    def part(self, st, p) -> int:
        pile = st.piles[p]
        kind = self.kind[p]
        if kind == 0:
            return self.up * len(pile)
        if kind == 1:
            return -R_CELL * len(pile)
        k = (tuple(pile), st.down[p])
        memo = self.memo[p]
        got = memo.get(k)
        if got is None:
            if len(memo) > 50_000:  # bounded: forget and start again
                memo.clear()
            got = memo[k] = self._part(st, p)
        return got

    def _part(self, st, p) -> int:
        pile = st.piles[p]
        n = len(pile)
        if not n:
            return R_EMPTY if self.takes[p] else 0
        down = st.down[p]
        seq = self.seq[p]
        natural = self.natural[p]
        pairs = self.pairs
        if pairs is not None and (natural is not None or seq is not None):
            # a pair out of a finished run's order is the break (Black Widow's columns build
            # in any suit, but only a one-suit run leaves)
            out = -R_DOWN * down
            face = self.face
            for i in range(max(down, 1), n):
                if (face[pile[i - 1]], face[pile[i]]) in pairs:
                    out += R_RUN
                else:
                    out -= R_BREAK * (n - i)
        elif natural is not None:
            out = -R_DOWN * down
            for i in range(max(down, 1), n):
                if pile[i] not in natural[pile[i - 1]]:
                    out -= R_BREAK * (n - i)
        elif seq is None:
            out = -R_BREAK * max(0, n - down - 1)
        else:
            out = -R_DOWN * down
            env = self.env
            env.st = st
            for i in range(max(down, 1), n):
                env.a, env.b = pile[i - 1], pile[i]
                if not seq(env):
                    out -= R_BREAK * (n - i)
        below = self.below
        if self.fixed[p]:
            below = None
        if below is not None:
            under = 0
            for c in pile:
                if below[c] & under:
                    out -= self.blocked
                under |= 1 << c
        if self.gaps is not None:
            out -= self._gap(pile)
        return out

    def _gap(self, pile) -> int:
        """The ranks the pile's cards bury (``buried_gaps``), weighted by W_GAP."""
        below, gaps = self.below, self.gaps
        assert below is not None and gaps is not None  # buried_gaps is None without chains
        depth, unit = gaps
        out = 0
        for i in range(1, len(pile)):
            c = pile[i]
            worst = 0
            for u in pile[:i]:
                if below[c] >> u & 1:
                    worst = max(worst, depth[c] - depth[u])
            out += worst
        return W_GAP * out // unit

    def parts(self, st) -> list[int]:
        return [self.part(st, p) for p in range(len(st.piles))]

    def wait(self, st) -> int:
        """Against, per card of a pile that takes cards (no foundation, no cell): how many more
        cards the foundations must take before it than before the card it buries that they can
        take soonest (``step_tables``: each foundation's own order, from its present top).
        0 without step tables. It reads the foundations' tops, so it is not part of the
        per-pile parts (they are remembered by a pile's own cards)."""
        steps = self.steps
        if steps is None:
            return 0
        waits = steps.waits(st)
        cap = len(waits)
        out = 0
        for p in self.waiting:
            low = None
            for c in st.piles[p]:
                w = min(waits[c], cap)
                if low is not None and w > low:
                    out += w - low
                if low is None or w < low:
                    low = w
        return -W_WAIT * out


class _Stock:
    """The finder's stock macro moves, as the search's (stock_macros.py, stock_cycle.py, whose
    classes and proofs these are): where derive_stock holds, a position's children are its
    moves that are no action, and for every configuration of the stock's piles the actions
    reach (each once per position), the moves there that take from a pile of the stock, each
    played as the actions and then that move (one child, one level). Actions and moves off the
    stock commute there, so every line of the game is a line of these children with the same
    card moves. Where the stock symmetry holds too (derive_cycle) and no line of a run can
    reach the recycle's limit (each child plays at most one recycle, and a run has at most
    LEVELS_PER_CARD * cards levels: StockCycle.unlimited with that bound), positions that
    differ only by how far the stock has turned share a key (StockKey) and the walk asks for
    the moves only where the waste's top would land somewhere (stock_cycle.landing_cards). The
    finder's lines are replayed move by move all the same (replay)."""

    def __init__(self, variant, st):
        rule = stock_rule(variant)
        assert rule is not None
        self.piles = frozenset(rule.piles)
        cycle = cycle_rule(variant) if not analyse(variant).faces else None
        if cycle is not None and not cycle.unlimited(st, LEVELS_PER_CARD * variant.deck.size):
            cycle = None
        self.cycle = cycle
        self.hook = cycle.key_piece() if cycle is not None else None

    @staticmethod
    def of(variant, st):
        """A _Stock where the variant is in the stock macros' class, else None."""
        return _Stock(variant, st) if variant.actions and stock_rule(variant) is not None else None

    def walk(self, variant, st, env, game, actions, visit):
        """Every configuration the ``actions`` (legal here) reach from ``st``, depth first,
        each once; at each, ``visit(prefix, taking)`` with the actions played and the moves
        taking from the stock (st is on that configuration while visit runs). A visit that
        returns a non-None value stops the walk with it (st put back). Returns that or None."""
        piles, cycle = self.piles, self.cycle
        do, undo, ops, gen = game._do, game._undo, game._ops, game._generate
        spiles = tuple(sorted(piles))
        start = len(ops)

        # the configurations met, each with the counters it was met with: one met again with
        # no fewer uses of every action is not walked again (it reaches nothing the first did
        # not, stock_macros' (a)); with the symmetry, the counters do not bind (see above)
        seen: dict = {}

        def known() -> bool:
            c = tuple((tuple(st.piles[p]), st.down[p]) for p in spiles)
            used = st.used
            got = seen.setdefault(c, [])
            if cycle is not None:
                if got:
                    return True
            elif any(all(a <= b for a, b in zip(u, used)) for u in got):
                return True
            got.append(tuple(used))
            return False

        known()
        landing = landing_cards(cycle, st, (cycle.stock, cycle.waste)) if cycle is not None else None
        prefix: list = []
        marks: list = []  # where each action of prefix starts in the op log
        stack = [iter(actions)]  # the actions still to try after each prefix
        got = None
        while stack and got is None:
            a = next(stack[-1], None)
            if a is None:
                stack.pop()
                if prefix:
                    prefix.pop()
                    undo(st, ops, marks.pop())
                continue
            mark = len(ops)
            env.st = st
            do(st, a, env, ops)
            if known():
                undo(st, ops, mark)
                continue
            prefix.append(a)
            marks.append(mark)
            if landing is not None:
                waste = st.piles[cycle.waste]
                if not waste or waste[-1] not in landing:  # nothing would take the waste's top
                    got = visit(tuple(prefix), ())
                    stack.append(iter([x for x in cycle.moves if _allowed(variant, x, st, env)]))
                    continue
            env.st = st
            moves = list(gen(st, env))
            got = visit(tuple(prefix), [m for m in moves if m.kind != "action" and m.sources[0] in piles])
            stack.append(iter([m for m in moves if m.kind == "action"]))
        undo(st, ops, start)
        env.st = st
        return got


def _allowed(variant, move, st, env) -> bool:
    i = variant.action_index[move.name]
    env.st = st
    return action_allowed(variant.actions[i], i, st, env)


class _Level:
    """One node's expansion in _run: the node, its board, where its op log starts, the pool."""

    __slots__ = ("node", "st", "base", "pool", "visit")

    def __init__(self, node, st, base, pool, visitor):
        self.node, self.st, self.base, self.pool = node, st, base, pool
        self.visit = lambda prefix, taking: visitor(self, prefix, taking)


class _Node:
    __slots__ = ("st", "parts", "total", "move", "up", "pieces", "extra")

    def __init__(self, st, parts, move, up, pieces, extra=0):
        self.st, self.parts, self.total, self.move, self.up = st, parts, sum(parts) + extra, move, up
        self.pieces = pieces  # the key's pieces per pile (_Keys.pieces)
        self.extra = extra  # the board-wide part of the score (TalonScore), 0 without it

    def line(self) -> list:
        """The moves from the root, a macro child's (a tuple: draws, then its move) spelled out."""
        out, node = [], self
        while node is not None and node.move is not None:
            out.append(node.move)
            node = node.up
        return [m for item in reversed(out) for m in (item if type(item) is tuple else (item,))]


# The stock's term of the score (TalonScore), where the stock symmetry holds: per card still
# in the stock or the waste, against; per card of theirs that draws can turn to the waste's
# top and that some pile would take now, for. Off by default (find_win's stock_score): on
# Klondike, the finder alone at 2.5 CPU s on the deals the search leaves unknown, W_REACH 4
# won draw 1's deal 14 (with W_TALON 0, 2 or 4; not with W_REACH 0) and lost draw 3's deal 59
# (every weight tried): no net gain. See docs/solver.md, "The win finder and the stock".
W_TALON, W_REACH = 2, 4


class TalonScore:
    """The board-wide part of the score where the stock goes round (stock_cycle.derive_cycle):
    the talon (waste bottom first, then the stock top first) has n cards and the pointer p =
    |waste|; the draws alone turn to the waste's top the talon's card q - 1 for q in p, p + k,
    ..., up to n, then (a recycle) k, 2k, ..., and n (stock_cycle.py). A card counts as
    playable when it is such a card and some pile outside the stock's would take it now (the
    cycle's tables, ``lands``: the same test the walk makes). W_TALON per talon card against,
    W_REACH per playable one for. Only the finder's order depends on it."""

    def __init__(self, cycle):
        self.rule = cycle
        self.spiles = (cycle.stock, cycle.waste)

    @staticmethod
    def of(macro):
        cycle = macro.cycle if macro is not None else None
        return TalonScore(cycle) if cycle is not None and cycle.lands is not None else None

    def __call__(self, st) -> int:
        rule = self.rule
        x, y = st.piles[rule.stock], st.piles[rule.waste]
        n = len(x) + len(y)
        if not n:
            return 0
        landing = landing_cards(rule, st, self.spiles)
        k, p = rule.draw, len(y)
        reach = 0
        if landing:
            tops = set(range(p, n + 1, k)) | set(range(k, n + 1, k)) | {n}
            tops.discard(0)
            for q in tops:
                c = y[q - 1] if q <= p else x[len(x) - (q - p)]
                if c in landing:
                    reach += 1
        return W_REACH * reach - W_TALON * n


def find_win(
    variant,
    state,
    *,
    time_limit: float,
    clock=None,
    widths=WIDTHS,
    seed: int = 0,
    stats=None,
    runs: bool = True,
    gaps: bool = True,
    dealt: bool = True,
    steps: bool = True,
    stock: bool = False,
    stock_score: bool = False,
    safe: bool | None = None,
    blocked: int | None = None,
    lanes=None,
    sideways: bool = True,
    late: bool = True,
    points: bool = True,
    rooted: bool = True,
    held: list | None = None,
):
    """A winning line from ``state`` (unchanged) in move notation, replayed in a fresh game, or None
    (which says nothing) when none is found in ``time_limit`` s of ``clock`` (CPU s by default).
    Off: ``runs`` the natural order and run pairs (Rating), ``gaps`` the buried gaps, ``dealt``
    the stock left out of the blocked term, ``steps`` the wait term, ``sideways`` leaving out
    the sideways moves, ``late`` offering a shuffling redeal only where nothing else moves
    (sideways.py), ``points`` the variant's score where no pile is foundation-like
    (board_terms.py), ``rooted`` the cards in their final place (rooted_runs.py); on: ``stock``
    the stock macros, ``stock_score`` the talon term (TalonScore). The lanes side by side
    (lanes.py; None: LANES), each a blocked weight and whether a position plays its safe moves
    first (``settled``); ``safe`` or ``blocked`` given: that one lane (no closure unless said).
    ``held`` a list: where the time runs out, the paused finder (a lanes.Portfolio: ``more(s)``
    goes on where it stopped, its ``up`` the most cards up) is appended to it."""
    clock = clock or time.process_time
    deadline = due(clock() + time_limit)
    stats = {} if stats is None and held is not None else stats  # a held finder's cards up
    pick, term = safe_pick(variant), board_term(variant, points, rooted)

    def lane(i, weight, closes):  # Rating's switches, the lane's weight, its closure
        rng, terms = random.Random(seed + i), dict(runs=runs, gaps=gaps, dealt=dealt, steps=steps, blocked=weight)
        do, args = pick if closes else None, (stats, terms, stock, stock_score)
        side = children_rule(variant, sideways, late)

        def run(w):  # a run the late rule ended early is not the end (sideways.LateShuffles.exhausted)
            moves, cut = yield from _levels(variant, state, w, rng, clock, deadline, *args, do, side, term)
            return moves, cut or (moves is None and side is not None and side.exhausted())

        return widening(run, widths, clock, deadline)

    kept = distinct(chosen(lanes, safe, blocked, W_BLOCKED), chains(variant) is not None, pick is not None, W_BLOCKED)
    finish = lambda moves: replay(variant, state, moves)  # noqa: E731
    both = Portfolio([lane(i, *x) for i, x in enumerate(kept)], clock, deadline, finish, stats)
    moves = both.go()
    if moves is None and held is not None and not both.ended:
        held.append(both)
    return finish(moves) if moves is not None else None


def _run(variant, state, width, rng, clock, deadline, *args, **kw):
    """One beam run to its end, alone (``_levels``; ``deadline`` a number), or (None, True) on time."""
    return drain(_levels(variant, state, width, rng, clock, due(deadline), *args, **kw), paused=(None, True))


# size: one parameter a line (the run's rules and switches, 13); the body is the loop and its two closures
def _levels(
    variant,
    state,
    width,
    rng,
    clock,
    deadline,
    stats=None,
    terms=None,
    stock=False,
    scored=False,
    safe=None,
    side=None,
    points=None,
):
    """One beam run of ``width``, yielding after each level, PAUSED while the time is up (lanes.py):
    returns (a win's moves or None, whether a level was cut). ``deadline``: a lanes.Deadline;
    ``safe``, ``side``, ``points`` (the board term, PointsTerm): the rules or None."""
    g = Game(variant, state.copy())
    g.legal_moves()  # builds the generator
    do, undo, ops, env, win = g._do, g._undo, g._ops, g._env, _win_test(variant)
    macro = _Stock.of(variant, g.state) if stock else None
    key = _Keys(variant, macro)
    rate = Rating(variant, g.state, **(terms or {}))
    waits, talon = rate.steps is not None, summed(TalonScore.of(macro) if scored else None, points)
    root = _Node(state.copy(), rate.parts(state), None, None, key.pieces(state), talon(state) if talon else 0)
    env.st = root.st
    if win(root.st, env):
        return [], False
    seen = {key(root.st)}

    def child(lv, m, item):
        """Play m (after item's draws, already on the board), keep the child in the level's
        pool when new; the line when it wins, else None (the board put back to before m)."""
        st, node, pool = lv.st, lv.node, lv.pool
        mark = len(ops)
        env.st = st
        do(st, m, env, ops)
        touched = touched_piles(g, lv.base)
        h = _child_key(key, st, node, touched)
        if h in seen or h in pool:
            undo(st, ops, mark)
            return None
        if win(st, env):
            undo(st, ops, mark)
            return node.line() + (list(item) if type(item) is tuple else [m])
        score = _child_score(rate, st, node, touched, talon, waits)
        undo(st, ops, mark)
        pool[h] = (score, rng.random(), node, item)
        return None

    def visit(lv, prefix, taking):
        """A configuration of the stock's walk (_Stock.walk): a win by the draws alone, or
        each move taking from the stock there, a child."""
        env.st = lv.st
        if win(lv.st, env):
            return lv.node.line() + list(prefix)
        for m in taking:
            got = child(lv, m, (*prefix, m))
            if got is not None:
                return got
        return None

    beam, cut = [root], False
    for _ in range(LEVELS_PER_CARD * variant.deck.size):
        pool: dict = {}  # key hash -> (score, draw, node, move or macro)
        for node in beam:
            while clock() >= deadline.at:
                yield PAUSED
            node, moves = settled(node, safe, g, rate, key, talon, win)
            if moves is None:
                return node.line(), False
            moves = moves if side is None else side.keep(node.st, moves)
            lv = _Level(node, node.st, len(ops), pool, visit)
            for m in moves:
                if macro is not None and m.kind == "action":
                    continue  # in the walk below
                got = child(lv, m, m)
                if got is not None:
                    return got, False
            if macro is not None:
                got = macro.walk(variant, lv.st, env, g, [m for m in moves if m.kind == "action"], lv.visit)
                if got is not None:
                    return got, False
        if not pool:
            return None, cut
        cut, beam = cut or len(pool) > width, []
        for h, (_, _, node, item) in heapq.nlargest(width, pool.items(), key=lambda kv: kv[1][:2]):
            seen.add(h)
            beam.append(_kept(node, item, g, rate, key, talon))
        _record(stats, beam[0].st, rate.sinks, points)
        yield
    return None, True


def _record(stats, st, sinks, points=None) -> None:
    """A level's figures, where ``stats`` is a dict: the most cards up (its best position's; with
    the points term, where nothing goes up, its score: the check's second try reads it), the
    levels gone down."""
    if stats is not None:
        up = points.points(st) if points is not None else sum(len(st.piles[p]) for p in sinks)
        stats["up"] = max(stats.get("up", 0), up)
        stats["levels"] = stats.get("levels", 0) + 1


def safe_pick(variant):
    """The safe-move rule the solver derives by default (solver.solve's ``safe=True``: the
    first of safe_moves, safe_foundations, face_foundations, refill_foundations that holds),
    or None. Where it picks a move, that move is the position's only child in the beam: by its
    proof the move cannot turn a won position into a lost one, so a win reachable from the
    position stays reachable from the child. The beam keeps what the other children would
    have taken for other positions' children."""
    return safe_rule(variant) or foundation_rule(variant) or face_rule(variant) or refill_rule(variant)


def settled(node, pick, g, rate, key, talon, win):
    """The node with its safe moves played (by ``pick``, ``safe_pick``'s rule, or None: none),
    a node per move, each in the line; and the legal moves where it stops, or None when a safe
    move won. Why: by the rule's proof a safe move keeps a won position won, so the closure
    loses no win, and the beam spends on it neither a level nor a place."""
    ops, env, gen, st = g._ops, g._env, g._generate, node.st
    env.st = st
    moves = list(gen(st, env))
    for _ in range(g.variant.deck.size):  # each safe move puts a card up: a bound, not a limit
        m = pick.pick(st, moves) if pick is not None and len(moves) > 1 else None
        if m is None:
            break
        mark = len(ops)
        g._do(st, m, env, ops)  # on the node's own board (kept nodes are copies, _kept)
        del ops[mark:]
        node = _Node(st, rate.parts(st), m, node, key.pieces(st), talon(st) if talon else 0)
        if win(st, env):
            return node, None
        env.st = st
        moves = list(gen(st, env))
    return node, moves


def _child_key(key, st, node, touched) -> int:
    """The child's key hash: only the pieces of the piles its move touched rebuilt."""
    if touched is None:
        return key(st)
    pieces = list(node.pieces)
    for p in touched:
        pieces[p] = key.piece(st, p)
    return key.hashed(pieces, st)


def _child_score(rate, st, node, touched, talon, waits) -> int:
    """The child's score from its parent's: the touched piles' parts again, and the
    board-wide terms (the talon's, kept in the node; the wait, each child's own)."""
    if touched is None:
        score = sum(rate.parts(st)) + node.extra
    else:
        parts, score = node.parts, node.total
        for p in touched:
            score += rate.part(st, p) - parts[p]
    if talon is not None:
        score += talon(st) - node.extra
    if waits:
        score += rate.wait(st)
    return score


def _kept(node, item, g, rate, key, talon) -> "_Node":
    """A child kept for the next level, its board built from its parent's (a macro item:
    its draws, then its move)."""
    ops, env = g._ops, g._env
    st = node.st.copy()
    env.st = st
    mark = len(ops)
    for m in item if type(item) is tuple else (item,):
        g._do(st, m, env, ops)
    del ops[mark:]
    return _Node(st, rate.parts(st), item, node, key.pieces(st), talon(st) if talon else 0)


def replay(variant, state, moves) -> list[str] | None:
    """The line in move notation, each move looked up among the legal moves of a fresh game
    from ``state``; None unless every move is legal and the win holds at the end (never
    expected: then the finder's line is not trusted)."""
    g = Game(variant, state.copy())
    out = []
    for m in moves:
        legal = g.legal_moves()
        if m not in legal:
            return None
        out.append(g.move_text(m))
        g.apply_unchecked(m)
    return out if g.won else None


def _win_test(variant):
    """The win rule as a function of (position, env): generated code where the translator
    gives one (codegen.position_rule, the same answers), else the rule itself."""
    fn = position_rule(variant, ("win",), variant.win, "win") if variant.win is not None else None
    if fn is not None:
        return fn
    rule = variant.win

    def won(st, env) -> bool:
        env.st = st
        return bool(rule(env)) if rule is not None else False

    return won
