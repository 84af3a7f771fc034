"""Nested rollouts: a stage of the staged solver that looks for a win by nested Monte Carlo
search (levels 1-2), for deals the exhaustive search leaves undecided in its time.

A level-0 rollout plays, from a position, the child the win finder's score rates highest
(beam.Rating, read from the rules; or first by the move classes of rollout_policy.py, then the
score; ties broken by a seeded hash of the child's moves) until it wins, has no child off
the line being played (no position is entered twice) or reaches LEVELS_PER_CARD moves per
card. A level-k rollout plays, at each step, the child whose
level-(k-1) rollout reached the most cards up (then the score there, then the child's own
order breaking ties). No policy draws at random, and but for the positions of the line it
leaves out each reads the position alone, so a rollout's result from a position is
remembered per level and reused by every later rollout through it (an estimate where the
line differs): that is what makes level 2 affordable in Python.

Children are as in the win finder (beam.py): the safe moves' closure played at once
(beam.safe_pick), and where the stock macros apply (stock_macros.py) a draw sequence and
the move it allows are one child. Nothing here is a proof: keys are hashes and the policies
prune at will, so the stage only ever says ``won``, with its line replayed move by move in a
fresh game (beam.replay) before it is believed; finding nothing says nothing.
"""

from __future__ import annotations

import time

from ..play.game import Game
from .beam import (
    LEVELS_PER_CARD,
    Rating,
    _child_key,
    _child_score,
    _Node,
    _Stock,
    _win_test,
    replay,
    safe_pick,
)
from .board_terms import board_term
from .keys import BeamKeys, touched_piles
from .rollout_policy import Priorities

# The rollouts tried, in turn: (the policy's blocked weight, beam.Rating's term; the level;
# True: the children ordered by rollout_policy.py's move classes before the score). Level 1
# costs under a CPU second on most Klondike deals, level 2 five to twelve: level 1 by the
# classes first (it won draw 3 deal 48, draw 1 deals 16, 21 and 58, none of which the score
# alone wins), then the two weights at level 1 (each wins Klondike deals the other does not),
# then level 2. solve(..., rollout_classes=False) drops the classes' entries.
SCHEDULE: tuple[tuple, ...] = ((4, 1, True), (4, 1), (0, 1), (4, 2, True), (4, 2), (0, 2))
# A won position's value: above any count of cards up.
_WIN = 1 << 40
_MASK = (1 << 61) - 1


def _tie(item, salt: int) -> int:
    """A child's place among children of the same score: a hash of its moves' piles and cards
    (tuples of ints, so the same in every process, unlike the keys' hashes of bytes; an
    action's missing destination as -1, since before Python 3.12 ``hash(None)`` is an address)
    and the seed's salt."""
    m = item[-1]
    dest = -1 if m.dest is None else m.dest
    return (hash((len(item), m.sources, dest, m.cards)) * 0x2545F4914F6CDD1D ^ salt) & _MASK


class _OutOfTime(Exception):
    """The clock passed the deadline inside a rollout."""


class Rollouts:
    """The board, the rules read once, and per level the values remembered (key hash -> the
    most cards up the rollout from there reached, _WIN when it won). ``steps`` counts the
    positions expanded (their children listed and scored)."""

    def __init__(
        self,
        variant,
        state,
        *,
        seed=0,
        clock=None,
        deadline=None,
        stock=True,
        safe=True,
        blocked=None,
        classes=False,
        rooted=True,
    ):
        g = Game(variant, state.copy())
        g.legal_moves()  # builds the generator
        self.variant, self.g, self.st = variant, g, g.state
        self.do, self.undo, self.ops, self.env, self.gen = g._do, g._undo, g._ops, g._env, g._generate
        self.win = _win_test(variant)
        self.macro = _Stock.of(variant, g.state) if stock and variant.actions else None
        self.key = BeamKeys(variant, self.macro)
        self.rate = Rating(variant, g.state, blocked=blocked)
        self.waits = self.rate.steps is not None
        # the cards in their final place (rooted_runs.py; rooted=False: not read), in the score
        # and in what a rollout reaches, where whole runs are built in the columns
        self.term = board_term(variant, False, rooted)
        self.pick = safe_pick(variant) if safe else None
        self.classes = Priorities(variant) if classes else None  # rollout_policy.py's order
        self.salt = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
        self.clock = clock or time.process_time
        self.deadline = float("inf") if deadline is None else deadline
        self.cap = LEVELS_PER_CARD * variant.deck.size
        self.memo: dict[int, dict] = {}
        self.on: set = set()  # the positions of the line being played (rollout)
        self.steps = 0

    # -- one position ------------------------------------------------------------------

    def up(self) -> int:
        """What a rollout reaching the board is worth: the cards up, then the score (so a tie
        of cards up goes to the rollout that got further otherwise, face-down cards turned)."""
        st, term = self.st, self.term
        up = sum(len(st.piles[p]) for p in self.rate.sinks) if term is None else term.points(st)
        return (up << 12) + max(0, min(4095, self.score() + 2048))

    def score(self) -> int:
        """The board's score as the children's are read (beam.Rating, the wait term)."""
        st, term = self.st, self.term
        return sum(self.rate.parts(st)) + (self.rate.wait(st) if self.waits else 0) + (term(st) if term else 0)

    def won(self) -> bool:
        self.env.st = self.st
        return bool(self.win(self.st, self.env))

    def settle(self) -> list:
        """The safe moves' closure played on the board (beam.settled's rule): the moves."""
        pick, st, env = self.pick, self.st, self.env
        out: list = []
        if pick is None:
            return out
        for _ in range(self.variant.deck.size):
            env.st = st
            moves = list(self.gen(st, env))
            m = pick.pick(st, moves) if len(moves) > 1 else None
            if m is None:
                break
            self.do(st, m, env, self.ops)
            out.append(m)
        return out

    def kids(self, here: int) -> list:
        """The position's children, each (score, tie, key hash, moves, won), best first;
        ``here`` is the position's own hash (a child with it changes nothing and is left out)."""
        st, env, ops, do, undo = self.st, self.env, self.ops, self.do, self.undo
        self.steps += 1
        if self.clock() >= self.deadline:
            raise _OutOfTime
        env.st = st
        moves = list(self.gen(st, env))
        base = len(ops)
        key, rate = self.key, self.rate
        node = _Node(st, rate.parts(st), None, None, key.pieces(st))
        win, salt, waits = self.win, self.salt, self.waits
        classes = self.classes
        parent = classes.before(st) if classes is not None else None
        out: list = []
        met: set = {here}

        def one(m, item):
            mark = len(ops)
            env.st = st
            do(st, m, env, ops)
            touched = touched_piles(self.g, base)
            h = _child_key(key, st, node, touched)
            if h not in met:
                met.add(h)
                won = bool(win(st, env))
                score = _child_score(rate, st, node, touched, self.term, waits)
                if classes is not None:
                    score = (*classes.rank(st, parent, item, touched), score)
                out.append((score, _tie(item, salt), h, item, won))
            undo(st, ops, mark)

        macro = self.macro
        for m in moves:
            if macro is not None and m.kind == "action":
                continue
            one(m, (m,))
        if macro is not None:

            def visit(prefix, taking):
                for m in taking:
                    one(m, (*prefix, m))

            macro.walk(self.variant, st, env, self.g, [m for m in moves if m.kind == "action"], visit)
        env.st = st
        out.sort(key=lambda k: k[:2], reverse=True)
        return out

    def play(self, moves) -> None:
        env, st = self.env, self.st
        for m in moves:
            env.st = st
            self.do(st, m, env, self.ops)

    # -- the rollouts ------------------------------------------------------------------

    def value(self, level: int, here: int) -> int:
        """The level-``level`` rollout's value from the board (whose key hash is ``here``),
        remembered; the board is put back."""
        got = self.memo.setdefault(level, {}).get(here)
        if got is not None:
            return got
        mark = len(self.ops)
        got, _ = self.rollout(level, here, top=False)
        self.undo(self.st, self.ops, mark)
        return got

    def rollout(self, level: int, here: int, top: bool) -> tuple[int, list]:
        """The level-``level`` rollout from the board: (its value, its moves), the board left
        at its end. Each position of its path is remembered with the most cards up from there
        on (``top``: none is looked up, so the line goes to the path's real end). No position
        of the line being played (``line``: this path and the paths it is nested in) is
        entered again, so a rollout never turns in a loop."""
        memo = self.memo.setdefault(level, {})
        hashes: list = []
        ups: list = []
        line: list = []
        on = self.on
        end = -1
        try:
            for _ in range(self.cap):
                if not top and here in memo:
                    end = memo[here]
                    break
                line.extend(self.settle())
                won = self.won()
                hashes.append(here)
                on.add(here)
                ups.append(_WIN if won else self.up())
                if won:
                    break
                kids = [k for k in self.kids(here) if k[2] not in on]
                if not kids:
                    break
                best = kids[0] if level == 0 else self.choose(level - 1, kids)
                self.play(best[3])
                line.extend(best[3])
                here = best[2]
        finally:
            on.difference_update(hashes)
        value = end
        for i in range(len(hashes) - 1, -1, -1):
            value = max(value, ups[i])
            memo[hashes[i]] = value
        return value, line

    def choose(self, level: int, kids: list):
        """The child whose level-``level`` rollout reaches the most cards up (a win at once);
        ties go to the better score, then the hash (the children's order)."""
        best, top = None, -2
        ops = self.ops
        for k in kids:
            if k[4]:
                return k
            mark = len(ops)
            self.play(k[3])
            v = self.value(level, k[2])
            self.undo(self.st, ops, mark)
            if v > top:
                best, top = k, v
                if v >= _WIN:
                    break
        return best

    def root(self) -> int:
        """The key hash of the board as it stands."""
        return self.key.hashed(self.key.pieces(self.st), self.st)


def find_win_rollouts(
    variant,
    state,
    *,
    time_limit: float,
    clock=None,
    schedule=SCHEDULE,
    seed: int = 0,
    stats=None,
    classes: bool = True,
    rooted: bool = True,
):
    """A winning line from ``state`` (unchanged) in move notation, replayed in a fresh game, or
    None when the rollouts of ``schedule`` (in turn: a blocked weight, a level and optionally
    True for the move classes' order; one memory per weight and order, so a level 2 reuses
    that policy's level 1) find none within ``time_limit`` seconds of ``clock`` (CPU seconds
    by default). ``classes=False``: the entries by the classes are skipped; ``rooted=False``:
    the cards in their final place not read. None says nothing: the stage never says
    unwinnable."""
    clock = clock or time.process_time
    deadline = clock() + time_limit
    boards: dict = {}
    steps = 0
    try:
        for entry in schedule:
            blocked, level = entry[:2]
            ordered = len(entry) > 2 and bool(entry[2])
            if ordered and not classes:
                continue
            r = boards.get((blocked, ordered))
            if r is None:
                r = Rollouts(
                    variant,
                    state,
                    seed=seed,
                    clock=clock,
                    deadline=deadline,
                    blocked=blocked,
                    classes=ordered,
                    rooted=rooted,
                )
                boards[blocked, ordered] = r
            mark, before = len(r.ops), r.steps
            try:
                value, line = r.rollout(level, r.root(), top=True)
            finally:
                steps += r.steps - before
            if stats is not None:
                stats.setdefault("up", []).append(value >> 12 if value < _WIN else "won")
            if value >= _WIN and r.won():
                return replay(variant, state, line)
            r.undo(r.st, r.ops, mark)
    except _OutOfTime:
        pass
    finally:
        if stats is not None:
            stats["steps"] = steps
    return None
