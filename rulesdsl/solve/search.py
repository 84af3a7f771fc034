"""The search itself: one run from one position over the Game API, in turns of depth-first
and best-first search over one transposition table (see the solver's docstring, solver.py,
for what makes it more than a blind search).

It plays moves with the game's own apply and takes them back with its undo, keeps the key
(keys.py) and the score (guidance.py) up to date per pile, and asks the table (table.py)
whether a position is new. The rules derived from the variant (derivations.py) decide which
moves are played without branching, which positions are dead ends, and which draws from the
stock are one child.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.errors import RulesdslError
from ..core.kinds import PROGRESS_ROLES, AutoKind
from ..core.limits import MAX_OPEN
from ..engine.codegen import position_rule
from ..lang.runtime import Env
from ..play.game import Game
from .analysis import analyse
from .dead_ends import DeadEnds
from .derivations import cycle_rule, dead_rule, next_rule, safe_rule, stock_rule
from .expand import fused_children, made_in_full, reversal_count
from .guidance import RUN_CAP, W_RUN, RunRoom, Scorer, buried_weight, card_move_order, declared_pick, orderer
from .jumps import flat_jump, replay_jump, snapshot, step_down
from .keys import Keyer, flip_piles, touched_piles
from .prunings import attach as attach_prunings
from .stock_cycle import walk as cycle_walk
from .stock_macros import settled
from .table import Table
from .waiting import Waiting

WON, UNWINNABLE, UNKNOWN = "won", "unwinnable", "unknown"

# Waiting positions taken in each turn of depth-first or best-first search (measured with
# the guidance's weights, guidance.py).
SLICE = 256


@dataclass
class Result:
    verdict: str  # "won", "unwinnable" or "unknown"
    moves: list = field(default_factory=list)  # the winning line, as move notation
    states: int = 0  # positions entered in the table
    seconds: float = 0.0
    limit: str | None = None  # "states" or "time" when the verdict is unknown
    difficulty: int | None = None  # states explored up to the first win

    def to_json(self) -> dict:
        out = {"verdict": self.verdict, "moves": self.moves, "states": self.states, "seconds": round(self.seconds, 4)}
        if self.limit:
            out["limit"] = self.limit
        return out


class Search:
    """One search from ``state`` (not changed): the board, the table, the derived rules and
    the line the board is on. ``run()`` gives the Result. The arguments are solve()'s
    (solver.py); ``greedy`` is the streamliner's: a move onto a foundation first (and, with
    ``keep_up``, no card brought down from one)."""

    # set by prunings.attach: moves children() skips, the lost-position tests, talon_safe.py
    dominated: Any
    talon_up: Any
    stuck: Any
    stuck_start: Any

    # size: one keyword per derivation (each can be switched off); the body only wires them
    def __init__(
        self,
        variant,
        state,
        *,
        max_states,
        started,
        time_limit,
        analysis,
        safe,
        dead,
        declared_safe,
        stock,
        greedy,
        reversible=True,
        symmetry=False,
        stock_symmetry=True,
        partial=True,
        stuck=True,
        memory=None,
        departures=True,
        returns=True,
        clock=None,
        units=True,
        flat=True,
        keep_up=True,
        w_buried=None,
        talon_order=True,
        talon_safe=True,
        unused_returns=False,
    ):
        self.variant, self.max_states, self.started, self.greedy = variant, max_states, started, greedy
        self.clock = clock or time.monotonic  # the deadline's: wall, or CPU (time.process_time)
        self.keyer: Keyer
        self.deadline = None if time_limit is None else started + time_limit
        g = self.g = Game(variant, state.copy())
        if analysis is None:
            analysis = analyse(variant)
        self.safe = safe_rule(variant) if safe is True else safe
        rule = dead_rule(variant) if dead is True else (dead or None)
        ends = self.ends = rule.start(g.state) if isinstance(rule, DeadEnds) else None
        top_class = rule.top_class if isinstance(rule, DeadEnds) else None
        macro = stock_rule(variant) if stock is True else (stock or None)
        if ends is not None:  # the dead-end test follows moves one at a time
            macro = None
        self.macro = macro
        # stock symmetry (stock_cycle.py): the stock keyed by its talon, counters left out
        self.cycle = cycle_rule(variant) if stock_symmetry and macro is not None and not analysis.faces else None
        if self.cycle is not None and not self.cycle.unlimited(g.state, max_states):
            self.cycle = None
        hook = self.cycle.key_piece() if self.cycle is not None else None
        self.keyer = Keyer(variant, g.state, analysis, top_class, symmetry=symmetry, pile_key=hook)
        self.root, self.key_args = state.copy(), (analysis, top_class, symmetry, hook)
        self.scorer = Scorer(variant, g.state)
        nexts = next_rule(variant) if ends is None else None
        self.buried = nexts.start(g.state) if nexts is not None else None
        # the buried next cards' weight (guidance.py; the solver's second order gives its own)
        self.w_buried = buried_weight(variant, g.state) if w_buried is None else w_buried
        self.room = RunRoom(variant, g.state) if ends is None else None
        # the stock's piles scored as at pointer 0 (guidance.Scorer.talon_at_start), where
        # the recycle turns the cards face down (the regular piles of stock_cycle.py)
        if talon_order and self.cycle is not None and not self.cycle.face_up and not greedy:
            self.scorer.talon_at_start(self.cycle.stock, self.cycle.waste)
        self.table = Table(replace(analysis, limited=()) if self.cycle else analysis, len(variant.actions))
        self.rank = orderer(variant).rank
        self.declared = variant.safe if declared_safe else ()
        self.safe_env = Env(g.state)
        st = self.st = g.state
        # The game's own apply and undo, without its history (the packed moves, redo): the
        # search keeps the line it is on in ``path``.
        self.do, self.undo_ops, self.ops, self.env, self.generate = g._do, g._undo, g._ops, g._env, g.generate
        fast = rule.generator(variant, Env(st), ends) if isinstance(rule, DeadEnds) else None
        if fast is not None:  # the removal games' moves, from tables (removal_ends.py)
            self.generate = lambda: fast(st)
        self.path: list = []
        self.marks: list = []  # where each move of path starts in the op log
        self.virtual = self._virtual(variant)
        # where the follow-ups are flips alone, or a pile_key keys the stock: the child's key
        # from keys.Keyer.moved_key, looked up before the move is played (see consider)
        peek = self.PEEK and not self.virtual and ends is None and settled(variant, st)
        self.flips = flip_piles(variant, self.keyer) if peek else None
        # such a child is also scored without the game's apply (see bare_consider): a card
        # move with no points, no history and no dead-end test is a transfer alone
        scoring = any(r.points is not None for r in variant.rules)
        self.bare = self.virtual and ends is None and not variant.records_history and not scoring
        self.reversible = reversible and _reversal_exact(variant, self.keyer)
        self.progress = {p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES}
        # the streamliner's search brings no card down from a foundation (solver.py, keep_up):
        # only its wins count, and a win is a certificate whatever moves it left out
        self.kept_up = self.progress if greedy and keep_up else None
        # the macro expansion needs a settled position: every one after a move is
        self.root_settled = (macro is not None or self.reversible) and settled(variant, st)
        self.order = self._order()
        # the same order of a card move as one call (the fused expansion's: expand.py)
        self.card_order = (
            card_move_order(variant, st, self.scorer, self.buried, self.w_buried, self.room) if ends is None else None
        )
        self.won = _win_test(variant, g)
        attach_prunings(
            self,
            variant,
            ends,
            memory,
            partial=partial,
            stuck=stuck,
            departures=departures,
            units=units,
            returns=returns,
            talon=talon_safe,
            unused=unused_returns,
        )
        self.trail: list = []  # the nodes from the start to the board's position
        self.depths: list = []  # the length of path before each (marks[depths[i]]: where it starts)
        # (*order, -tick, node): the best first, the newest among equals (see push)
        self.waiting = Waiting()  # the heap, its stale entries dropped in bulk (waiting.py)
        self.heap: list = self.waiting.heap
        self.lifo: list = []  # the same nodes, the depth-first order: the best child of the newest last
        self.tick = 0
        # a pause between two positions taken (interleave.py): at this table size in_turns
        # stops and keeps its place (turns), and resume() goes on as if it never stopped
        self.pause_at: int | None = None
        self.turns = 0
        self.depth_base: Any = None
        self.node_base: Any = None  # (the next node's prepare() answer where it has one: goto)
        self._recollect(memory)
        self.flat = self.snap = flat and self._flat(variant)
        # (flat: the board's snapshot, one (size, face-down count, cards) string per pile)
        self.board_raw = tuple(snapshot(st, p) for p in range(len(st.piles))) if self.flat else None
        if self.flat and self.FUSED:  # one expansion in one loop (expand.py): the same children
            self.children = fused_children(self)

    # False: children() as the calls per move and per new child, not expand.py's one loop
    # (tests/solve/test_fused_expand.py compares the two)
    FUSED = True

    def _flat(self, variant) -> bool:
        """Can the board jump to a waiting position by its snapshot (goto's flat jump)? Where
        every child is a bare card move (no action, removal, stock walk, counter in the key)
        and the piles, face-down counts and op log are the whole position the search reads
        (the bare path's conditions), with card ids and sizes that fit a byte."""
        return (
            self.bare
            and not variant.actions
            and not variant.removals
            and self.macro is None
            and self.table.contains() is not None
            and not self.keyer.wide
        )

    def _virtual(self, variant) -> bool:
        """A child a card move reaches is looked up without playing the move (keys.child_key)
        where a card move has no follow-up and the key reads no history; not where face-up
        cards lie under face-down ones (a move there may change State.shown)."""
        keyer = self.keyer
        return not variant.autos and not keyer.history and not keyer.hooked and not variant.mixed_facing

    PEEK = True  # False: no moved_key, the child played first (tests/solve/test_peek_keys.py)
    PIECES = True  # False: a new child's pieces encoded again by play(), not moved_key's

    def _recollect(self, memory) -> None:
        """What earlier searches of the same game proved (solve/hinting.py, HintTable): lost
        positions, and positions a winning line goes on from; read only under keys formed
        the same way (hinting.key_format)."""
        self.memory = memory
        self.lost: Any = None
        self.kept_won: Any = None  # positions a kept winning line goes on from
        if memory is not None:
            self.lost, self.kept_won = memory.known(self)
        self.tail: list = []  # the rest of a kept winning line, from the board's position
        self.refused: set = set()  # keys whose kept line did not replay here
        # positions proved lost while the search goes on (see dfs), where the memory keeps
        # them: in the dead-end classes, where no line comes back to a position it left; never
        # in the streamliner's search, which does not try every move
        self.proved: set | None = None
        self.skipped: list | None = None  # the children children() did not keep, as they were seen
        exact = self.table.exact or self.table.limited
        if memory is not None and self.ends is not None and not self.greedy and not exact:
            self.proved, self.skipped = set(), []

    def done(self, verdict, limit=None) -> Result:
        g, table = self.g, self.table
        line = [g.move_text(m) for m in self.path] + self.tail if verdict == WON else []
        return Result(
            verdict, line, table.size, self.clock() - self.started, limit, table.size if verdict == WON else None
        )

    def _order(self):
        """The key children are sorted by (the smallest first)."""
        st, rank, scorer, buried, room, ends = self.st, self.rank, self.scorer, self.buried, self.room, self.ends
        w_buried = self.w_buried
        piles = st.piles
        if ends is not None:
            count, cls = ends.count, ends.cls

            def order(m, depth=None):
                # Piles only shrink and every card goes to a sink: play first a card of which
                # many like it (the same class) are still off the sinks, so no class runs out
                # early and strands the others; then from the tallest pile. (Measured on Black
                # Hole deals 1-30: twice the wins within 10,000 positions of depth-first order.)
                if m.kind != "move":
                    return (rank(st, m), 0)
                return (rank(st, m), -(count[cls[m.cards[0]]] * 64 + len(piles[m.sources[0]])))
        elif buried is not None or (room is not None and room.fn is not None):

            def order(m, depth=None):
                # the Scorer's total, less the depth of the cards the foundations take next,
                # plus the run the free places allow (capped); ties: the static order, then the
                # Scorer's total (depth: buried.depth() when the caller has it)
                value = scorer.total
                if buried is not None:
                    value -= w_buried * (buried.depth() if depth is None else depth)
                if room.fn is not None:
                    value += W_RUN * min(room.value(), RUN_CAP)
                return (-value, rank(st, m), -scorer.total)
        else:

            def order(m, depth=None):
                return (-scorer.total, rank(st, m))

        return order

    # -- moving the board -------------------------------------------------------------

    def play(self, m, known=None):
        """Play m; return what back() needs, and whether the position is a dead end.
        ``known``: pieces of the child that moved_key gave (Keyer.update)."""
        ops, ends = self.ops, self.ends
        mark = len(ops)
        if ends is not None:
            before = ends.heights()
        self.do(self.st, m, self.env, ops)
        self.path.append(m)
        self.marks.append(mark)
        if len(ops) == mark + 1 and not ops[mark] & 3:  # one transfer: its two piles
            op = ops[mark]
            touched: Any = (op >> 2 & 1023, op >> 12 & 1023)
        else:
            touched = touched_piles(self.g, mark)
        pieces = self.keyer.update(touched, known)
        if ends is None:
            return (mark, touched, pieces, self.scorer.update_keyed(touched, self.keyer), None), False
        placed, is_dead = ends.moved(before)  # (the scorer is not read: see _order)
        return (mark, touched, pieces, None, placed), is_dead

    def back(self, undo):
        mark, touched, pieces, parts, placed = undo
        self.undo_ops(self.st, self.ops, mark)
        self.path.pop()
        self.marks.pop()
        if pieces is None:  # played by goto(), which keeps no pieces: encode again
            self.keyer.update(touched)
            self.scorer.update_keyed(touched, self.keyer)
            return
        self.keyer.restore(touched, pieces)
        if parts is not None:
            self.scorer.restore(touched, parts)
        elif placed:
            self.ends.unmoved(placed)

    def enter(self, item):
        """Play a child (a move, or a macro's moves); return what leave() needs."""
        if type(item) is tuple:
            return [self.play(m)[0] for m in item]
        return self.play(item)[0]

    def leave(self, undo):
        if type(undo) is list:
            for u in reversed(undo):
                self.back(u)
        else:
            self.back(undo)

    def limit_hit(self):
        """ "states" or "time" when a limit is reached, else None."""
        table = self.table
        if table.size >= self.max_states:
            return "states"
        if self.deadline is not None and not table.size & 255 and self.clock() > self.deadline:
            return "time"
        return None

    # -- the children of a position ---------------------------------------------------

    def consider(self, m, item, out, key=None):
        """Play m; keep ``item`` (m, or the macro ending with m) in out when the position is
        new. None: a win (on the board); a str: a limit was hit; else True. ``key``: the
        child's key, when the caller has it (keys.child_key)."""
        if key is None and m.kind == "move" and (self.virtual or self.flips is not None):
            s, d, n = m.sources[0], m.dest, len(m.cards)
            key = self.keyer.child_key(s, d, n) if self.virtual else self.keyer.moved_key(s, d, n, self.flips)
            if self.table.known(key, self.st.used):
                if self.skipped is not None:
                    self.skipped.append(key)
                return True  # seen: not played
        known = None
        if key is not None and self.flips is not None and self.PIECES:
            moved = self.keyer.moved  # this move's (children() or the lines above asked it)
            if moved[0] == m.sources[0] and moved[1] == m.dest and moved[2] == len(m.cards):
                known = dict(zip(moved[3], moved[4]))
        undo, is_dead = self.play(m, known)
        if not is_dead and self.stuck is not None:
            is_dead = self.stuck.lost(self.st)
        table = self.table
        if not is_dead:
            if key is None:
                key = self.keyer.key()
            if self.lost is not None and self.lost.known(key, self.st.used):
                pass  # proved lost by an earlier search of the game: not entered, as a dead end
            elif table.add(key, self.st.used):
                if self.won():
                    return None
                if self.kept_won is not None and self.recall(key):
                    return None  # a kept winning line goes on from here: the win
                out.append((self.order(m), len(out), item))
            elif self.skipped is not None:
                self.skipped.append(key)
        self.back(undo)
        if table.size >= self.max_states:
            return "states"
        if self.deadline is not None and not table.size & 255 and self.clock() > self.deadline:
            return "time"
        return True

    def bare_consider(self, m, key, ps, pd, out):
        """consider() for a new child of a bare card move (self.bare), its key and the two
        pieces known (keys.Keyer.child): the cards are moved on the lists themselves and the
        score taken from the memo by those pieces (Scorer.child_total), so that the win test
        and the order read the child's position as after the game's apply; then all is put
        back. No op log, no encoding again: the same answers."""
        st, keyer, scorer = self.st, self.keyer, self.scorer
        s, d, n = m.sources[0], m.dest, len(m.cards)
        depth, buried = None, self.buried
        if buried is not None and s not in buried.sink_set and d not in buried.sink_set:
            base = self.depth_base  # the board's, computed for its first such child
            if base is None:
                base = self.depth_base = buried.prepare({})
            depth = buried.child_depth(base, s, d, m.cards)
        src, dst, down = st.piles[s], st.piles[d], st.down
        was = down[s]
        dst.extend(src[-n:])
        del src[-n:]
        if was > len(src):
            down[s] = len(src)
        total = scorer.total
        scorer.total = scorer.child_total(s, d, ps, pd, keyer.sealed)  # (what order() reads)
        table = self.table
        # table.add(key, st.used) where the set alone decides: a bare child comes only where
        # table.contains() gave the set's own test (no action counters, table.seen a set), and
        # children() looked the key up in it just before, with nothing added since: it is new
        table.seen.add(key)
        table.size += 1
        won = self.won()
        if not won:  # with the two pieces, for goto() (which then needs not encode them)
            if self.snap:  # and the child's snapshot and op, for the flat jump (jumps.py)
                raw = list(self.board_raw)
                plain = keyer.plain
                raw[s] = ps if plain[s] else snapshot(st, s)
                raw[d] = pd if plain[d] else snapshot(st, d)
                # (a tuple of strings: the collector stops tracking it, where a list it walks
                # again; the op is jumps.transfer_op's, written out)
                op = s << 2 | d << 12 | n << 22 | was << 34 | down[d] << 45
                out.append((self.order(m, depth), len(out), m, (ps, pd), tuple(raw), op))
            else:
                out.append((self.order(m, depth), len(out), m, (ps, pd)))
        src.extend(dst[-n:])
        del dst[-n:]
        down[s] = was
        scorer.total = total
        if won:  # the line ends with m: played for real, on the path
            self.play(m)
            return None
        if table.size >= self.max_states:
            return "states"
        if self.deadline is not None and not table.size & 255 and self.clock() > self.deadline:
            return "time"
        return True

    def children(self, scored=False):
        """The unseen positions one move (or one macro, a tuple of moves) away, most
        promising first (with ``scored``, as (order, i, move) triples); None: a win was
        reached (and is on the board); a str: a limit was hit."""
        if self.skipped is not None:
            self.skipped = []
        self.depth_base = None  # (bare_consider's: the board's buried cards)
        self.snap = self.flat and scored  # the children become waiting nodes: snapshots
        moves = self.generate()
        pick = self.pick(moves) if len(moves) > 1 else None
        if pick is not None:
            moves = [pick]
        out: list = []
        walk = self.macro is not None and pick is None and (self.root_settled or len(self.path) > 0)
        got = self.talon_up(out) if walk and self.talon_up is not None else False
        if got is not False:  # a safe card of the talon up, the only child (talon_safe.py)
            if got is not True:
                return got
            moves, walk = [], False
        back = self.reversal() if self.reversible else None
        # a card move's child is looked up before it is played (see consider)
        seen = self.table.contains() if self.virtual else None
        dominated = self.dominated if pick is None else None
        child, bare, kept_up = self.keyer.child, self.bare, self.kept_up
        flips, moved, known, used = self.flips, self.keyer.moved_key, self.table.known, self.st.used
        for m in moves:
            if walk and m.kind == "action":
                continue  # in the macros below
            if back is not None and m.dest == back[1] and m.sources[0] == back[0] and m.cards == back[2]:
                if self.skipped is not None:
                    self.skipped.append(None)  # (the parent's position: never proved while searched)
                continue  # it undoes the last move: its position is the parent's, in the table
            if kept_up is not None and m.kind == "move" and m.sources[0] in kept_up:
                continue  # the streamliner keeps the foundations' cards up (keep_up)
            key = moved(m.sources[0], m.dest, len(m.cards), flips) if flips is not None and m.kind == "move" else None
            if key is not None and known(key, used):
                continue  # seen (asked before dominated(), which reads the board only)
            if dominated is not None and dominated(m):
                continue  # a partial run that uncovers nothing used now (partial_runs.py)
            if seen is not None and m.kind == "move":
                key, ps, pd = child(m.sources[0], m.dest, len(m.cards))
                if seen(key):
                    if self.skipped is not None:
                        self.skipped.append(key)
                    continue
                if bare:
                    got = self.bare_consider(m, key, ps, pd, out)
                    if got is not True:
                        return got
                    continue
            got = self.consider(m, m, out, key)
            if got is not True:
                return got
        if walk:
            actions = [m for m in moves if m.kind == "action"]
            got = cycle_walk(self, out, actions) if self.cycle else self.stock_walk(out, actions, [])
            if got is not True:
                return got
        out.sort()
        return out if scored else [x[2] for x in out]

    def pick(self, moves):
        """The one move played without branching among several (declared safe, derived safe,
        the streamliner's move onto a foundation), or None."""
        st = self.st
        pick = declared_pick(self.variant, st, moves, self.safe_env) if self.declared else None
        if pick is None and self.safe:
            pick = self.safe.pick(st, moves)
        if pick is None and self.greedy:  # the streamliner: a move onto a foundation first
            pick = next((m for m in moves if m.kind == "move" and m.dest in self.progress), None)
        return pick

    def reversal(self):
        """(source, dest, cards) of the card move that puts back exactly what the last move
        did, or None: the last move was one transfer (no follow-up, no card turned, no face-
        down count changed), so moving the same cards back gives the parent position again
        (no follow-up can act there: see _reversal_exact)."""
        back = reversal_count(self)
        if back is None:
            return None
        d, s, n = back
        return (d, s, tuple(self.st.piles[d][-n:]))

    def stock_walk(self, out, actions, walked):
        """The macro children (derive_stock's proof): every position reached by actions
        alone, each tested for a win, and there every move taking from a pile of S. The
        positions of the walk go in the table too: one met again (in this walk or from
        another position) had its walk, so the walk stops there (see derive_stock).
        ``walked``: the actions played since the node."""
        spiles = self.macro.piles
        for a in actions:
            undo, _ = self.play(a)
            walked.append(a)
            if self.won():
                return None
            if self.table.add(self.keyer.key(), self.st.used):
                here = self.generate()
                more = [m for m in here if m.kind == "action"]
                for m in [m for m in here if m.kind != "action" and m.sources[0] in spiles]:
                    got = self.consider(m, (*walked, m), out)
                    if got is not True:
                        return got
                got = self.stock_walk(out, more, walked)
                if got is not True:
                    return got
            walked.pop()
            self.back(undo)
            got = self.limit_hit()
            if got is not None:
                return got
        return True

    # -- what earlier searches of the game proved (solve/hinting.py) ---------------------

    def recall(self, key) -> bool:
        """Does a winning line an earlier search of the game found go on from the board's
        position (its key), and replay from here to a win? Then that rest is self.tail. The
        line is replayed before it is believed: a key merges positions its notation may tell
        apart. (Positions proved lost are self.lost: every position reachable from a lost one
        is lost, so the search does not enter them.)"""
        hit = self.kept_won.get(key)
        if hit is None or key in self.refused:
            return False
        line, i = hit
        g = Game(self.variant, self.st.copy())
        try:
            for text in line[i:]:
                g.play(text)
            replays = g.won
        except RulesdslError:
            replays = False
        if not replays:
            self.refused.add(key)
            return False
        self.tail = list(line[i:])
        return True

    # -- the search -------------------------------------------------------------------

    def run(self) -> Result:
        result = self._search()
        if self.memory is not None:  # only a full search proves a position lost
            self.memory.learn(self, result, proof=not self.greedy)
        return result

    def _search(self) -> Result:
        g, st, table, ends = self.g, self.st, self.table, self.ends
        if g.won:
            table.size = 1
            return self.done(WON)
        table.add(self.keyer.key(), st.used)
        if self.lost is not None and self.lost.known(self.keyer.key(), st.used):
            return self.done(UNWINNABLE)
        if self.kept_won is not None and self.recall(self.keyer.key()):
            return self.done(WON)
        if (ends is not None and ends.any_dead()) or (self.stuck_start is not None and self.stuck_start.lost(st)):
            return self.done(UNWINNABLE)
        first = self.children(scored=ends is None)
        if first is None:
            return self.done(WON)
        if isinstance(first, str):
            return self.done(UNKNOWN, first)
        if ends is not None:  # the class order above is for depth-first search
            return self.dfs(first) or self.done(UNWINNABLE)
        return self.in_turns(first) or self.bounded() or self.done(UNWINNABLE)

    def dfs(self, first):
        """Depth-first below the present position, whose unseen children are ``first``:
        None when every position below was explored (the board is back where it was),
        else the Result (a win, or a limit)."""
        proved = self.proved
        # a frame: [children, next, undo, key, the children skipped as seen, all proved lost]
        stack = [[first, 0, None, None, self.skipped, True]]
        while stack:
            frame = stack[-1]
            moves, i = frame[0], frame[1]
            if i >= len(moves):
                stack.pop()
                if proved is not None and stack:
                    if frame[5] and all(k in proved for k in frame[4]):
                        proved.add(frame[3])
                    else:
                        stack[-1][5] = False
                if stack:
                    self.leave(frame[2])
                continue
            frame[1] = i + 1
            undo = self.enter(moves[i])
            nxt = self.children()
            if nxt is None:
                return self.done(WON)
            if isinstance(nxt, str):
                return self.done(UNKNOWN, nxt)
            stack.append([nxt, 0, undo, self.keyer.key() if proved is not None else None, self.skipped, True])
        return None

    # Waiting positions, taken in turns: depth-first, then best first (see in_turns). A waiting
    # position is a node [parent, move, depth, searched, pieces] of the tree the search walks; the
    # board goes from one to the next by undoing to their common ancestor and playing down.
    # Every position in the table is either searched (its children are all in the table) or
    # waiting, so the search is exhaustive when no position waits. Past MAX_OPEN waiting
    # positions, each is searched depth-first in turn, best first: memory stays bounded and
    # nothing is skipped.

    def goto(self, node):
        """Bring the board to ``node`` (jumps.py): one card move down played, else by the node's
        snapshot where the search is flat, else undone to the common ancestor and played down."""
        if type(node[1]) is tuple and self.flat:  # (a fused child kept lazily: no macro is flat)
            made_in_full(self, node)
        item, trail = node[1], self.trail
        if len(node) > 7:  # its buried cards' figures (expand.py), for its own expansion
            self.node_base, node[7] = node[7], None
        if self.bare and type(item) is not tuple and item.kind == "move" and (trail[-1] if trail else None) is node[0]:
            step_down(self, node, item)
        elif not (self.flat and len(node) > 5 and node[5] is not None and flat_jump(self, node)):
            replay_jump(self, node)

    # The heap's entries are the order's fields, -tick and the node in one flat tuple, not
    # (order, -tick, node): the same pops, half the cost of comparing. Why the same: every
    # order in one search comes from the one closure _order() gave, whose tuples all have
    # the same length (each branch returns a fixed number of fields), and for tuples of one
    # length k, (a1..ak, t) < (b1..bk, u) exactly when ((a1..ak), t) < ((b1..bk), u), both
    # lexicographic; the ticks are unique, so no node is ever compared. FLAT_HEAP = False
    # keeps the nested entries (tests/solve/test_flat_heap.py compares the two).
    FLAT_HEAP = True

    def push(self, parent, scored):
        depth = parent[2] + 1 if parent is not None else 1
        fresh = []
        heap, flat, tick, heappush, append = self.heap, self.FLAT_HEAP, self.tick, heapq.heappush, fresh.append
        for x in scored:
            tick += 1
            # [3]: searched; [4]: the move's two pieces after it, while it waits; [5], [6]: the flat
            # jump's snapshot and op (jumps.py), where it applies (expand.LAZY_NODES: made in goto)
            node = [parent, x[2], depth, False, x[3] if len(x) > 3 else None, *x[4:]]
            if flat:
                heappush(heap, (*x[0], -tick, node))
            else:
                heappush(heap, (x[0], -tick, node))
            append(node)
        self.tick = tick
        fresh.reverse()
        self.lifo.extend(fresh)

    def in_turns(self, first):
        """Turns of SLICE searches each: depth-first, then best first, while at most MAX_OPEN
        positions wait. The depth-first turns commit to a line as plain depth-first search
        does; the best-first ones jump to the most promising position waiting anywhere. Deals
        on which one of them goes astray the other often wins quickly; both take from the same
        waiting positions. The Result of a win or a limit, else None."""
        lifo, table, pause, waiting = self.lifo, self.table, self.pause_at, self.waiting
        heap, pop, push, goto, children = waiting.heap, lifo.pop, self.push, self.goto, self.children
        if first is not None:  # (None: resumed, see resume)
            push(None, first)
        turns = self.turns
        # (the heap as it would be with its stale entries: waiting.py)
        while (heap or waiting.any()) and not waiting.over(MAX_OPEN):
            if pause is not None and table.size >= pause:
                self.turns = turns
                return self.done(UNKNOWN, "pause")
            turns += 1
            node = None
            if not turns // SLICE % 2:
                while lifo and node is None:
                    node = pop()
                    if node[3]:
                        node = None
                if node is None:
                    turns = SLICE  # nothing waits depth-first: go on best first
                    continue
                node[3] = True
                waiting.searched_elsewhere()  # (its heap entry: stale from now)
            else:
                node = waiting.pop()
                if node is None:
                    break
            node[3] = True
            goto(node)
            nxt = children(scored=True)
            if nxt is None:
                return self.done(WON)
            if isinstance(nxt, str):
                return self.done(UNKNOWN, nxt)
            push(node, nxt)
        return None

    def resume(self) -> Result:
        """The search paused by pause_at (in_turns, between two positions taken) goes on
        from where it stopped, its waiting positions and table as they were: the same
        search as one never paused."""
        return self.in_turns(None) or self.bounded() or self.done(UNWINNABLE)

    def bounded(self):
        """Past MAX_OPEN waiting positions: each searched depth-first in turn, best first.
        The Result of a win or a limit, else None (every position was explored)."""
        heap = self.heap
        while heap:
            node = heapq.heappop(heap)[-1]
            if node[3]:
                continue
            node[3] = True
            self.goto(node)
            nxt = self.children()
            if nxt is None:
                return self.done(WON)
            if isinstance(nxt, str):
                return self.done(UNKNOWN, nxt)
            got = self.dfs(nxt)
            if got is not None:
                return got
        return None

    def release(self) -> None:
        """The search is over (it is not resumed after this): its fused expansion's closure
        (expand.fused_children), the one reference back to the search from its own parts,
        is dropped, so reference counting frees the search, its table and its waiting
        positions as soon as the caller lets go, with no walk of the garbage collector
        (solver._collector_paused)."""
        self.__dict__.pop("children", None)


def _win_test(variant, g):
    """``g.won`` as a function: the win rule as generated code of the position where the
    translator gives one (codegen.position_rule, the same answers), else the game's own."""
    fn = position_rule(variant, ("win",), variant.win, "win")
    if fn is None:
        return lambda: g.won
    st, env = g.state, g._env

    def won() -> bool:
        try:
            return bool(fn(st, env))
        except Exception:  # never expected: the closure's own answer
            return g.won

    return won


def _reversal_exact(variant, keyer) -> bool:
    """Does moving the cards of a plain transfer back give the position before it, with
    nothing after? True when no follow-up but flips exists (a flip is a function of the
    position; one pass leaves none to do, so a position after a move has none, and the
    same holds at the root when it is settled, checked in reversal()), no flip has a
    condition, and neither the rules nor the key read the history (points, the last move)."""
    if keyer.history or variant.records_history:
        return False
    return all(a.kind == AutoKind.FLIP and a.when is None for a in variant.autos)
