"""A solver for any declared variant: a search over the Game API, in turns of depth-first
and best-first search over one transposition table. This module holds the entry points
(``solve``, ``solve_game``, ``Result`` and the verdicts); the parts live beside it:
analysis.py (what may be merged), keys.py, table.py, search.py, guidance.py (move order and
scores), sink_tables.py, safe_moves.py, dead_ends.py, stock_macros.py and derivations.py
(the rules derived from the variant, once per variant).

It plays moves with ``Game.apply_unchecked`` and takes them back with ``Game.undo``; nothing
here knows a game by name. What makes it more than a blind search:

* **A transposition table on canonical keys.** A position's key is built from one byte
  string per pile, kept up to date incrementally: after a move (or its undo) only the piles
  its primitive operations touched are re-encoded (read from the game's packed op log).
  Piles of a group that is *interchangeable* are sorted before joining, so two positions
  that differ only by a permutation of such piles meet in the table. A group is
  interchangeable when the variant declares it (``variant.interchangeable``, once the
  language has the key) or when ``analysis.analyse`` proves that no rule can tell its piles apart.
* **Action counters by dominance.** A position seen with fewer uses of each limited action
  (passes through the stock) covers the same position with more uses, when no expression
  reads ``used()``; counters of unlimited actions are never part of the key. Points are
  never part of the key: no expression can read them.
* **Move ordering.** Foundation moves and removals first, then moves that turn a card or
  empty a pile, then building, then actions, then moves into empty piles and cells, and
  moves off a foundation last.
* **Forced moves** (a position with one legal move), **derived safe moves** (a proof from
  the rules, ``derive_safe``) and **declared safe moves** (the variant's ``solver.safe``
  conditions; the author vouches for them) are played without branching.
* **Dead ends** (``derive_dead``): where cards only ever go to sinks, a position in which
  some card the win needs can no longer reach a sink is not entered.
* **Guidance.** Positions are scored (``Scorer``, how deep the cards the foundations take
  next lie, ``NextCards``, and the run the free places allow, ``RunRoom``); the search takes
  waiting positions in turns, depth-first and best first (see ``solve``).
* **Stock macro moves** (``derive_stock``): where actions only shuffle a stock and its waste
  and nothing else reads them, the draws before a card move from those piles are one child,
  and moves elsewhere are searched only before drawing (they commute with the draws).
* **Stock symmetry** (``derive_cycle``): where the stock goes round without a limit that
  could bind, the stock and waste are keyed by the talon's order alone when actions can
  turn them back to where they are (stock_cycle.py has the proof).
* **A streamliner** first, where the macro moves apply: a share of the limits (STOCK_SHARE)
  on a search that plays a foundation move without trying the others and brings no card
  down from a foundation; only its wins count. Then a short full search with every draw a
  move of its own (DRAWS_SHARE), then the full search with the macros.

The search is exhaustive unless a limit stops it: ``unwinnable`` is said only when every
reachable position was explored (the key and the dominance rule only ever merge positions
that have the same future). The solver sees face-down cards: it solves the "thoughtful"
game.
"""

from __future__ import annotations

import functools
import gc
import time
from typing import Any, Callable, ParamSpec, TypeVar

from ..core.errors import ArgumentError
from ..core.limits import DEFAULT_MAX_STATES, MAX_STATES
from .analysis import Analysis
from .beam import find_win
from .dead_ends import DeadEnds, derive_dead
from .derivations import face_rule, foundation_rule, refill_rule, safe_rule, stock_rule, units_rule
from .guidance import W_BURIED, buried_weight
from .interleave import interleaved
from .optimize import OPTIMIZE_SECONDS, optimize_line
from .removal_ends import derive_removal_ends
from .rollouts import find_win_rollouts
from .safe_foundations import FoundationRule
from .safe_moves import SafeRule
from .search import UNKNOWN, UNWINNABLE, WON, Result, Search
from .sink_search import solve_sinks
from .stock_macros import StockRule

# The streamliner's share of the limits where the stock macros stage the search (measured on
# Klondike draw 3 and draw 1, docs/solver.md: its wins come early or not at all, and the full
# search wins deals the streamliner's forced foundation moves lose).
STOCK_SHARE = 0.2
# The draws stage's share, after it (a full search without the stock macros: on some deals
# their order misses a win the plain search finds in a few thousand positions).
DRAWS_SHARE = 0.1
# The win finder's share of a time limit (beam.py), after the search: see docs/solver.md,
# "The win finder inside the search".
BEAM_SHARE = 0.25
# The nested rollouts' part (rollouts.py) of the time the search leaves to the finders: they
# run first with this part of it, the win finder after them with what is left (docs/solver.md,
# "Nested rollouts").
ROLLOUT_PART = 0.6
# Where the buried cards weigh more (guidance.buried_weight: an open game), the positions the
# search in that order gets before the search starts again in the first order (W_BURIED): see
# docs/solver.md, "FreeCell's hard deals: the buried cards' weight, two orders".
FIRST_ORDER_STATES = 5_000

__all__ = ["solve", "solve_game", "Result", "WON", "UNWINNABLE", "UNKNOWN"]

# Python's cyclic garbage collector is paused while solve() runs (and started again after):
# see _collector_paused. False: left running, as before (bench_solver.py breakdown measures both).
PAUSE_COLLECTOR = True

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _collector_paused(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` run with the cyclic garbage collector off, when it was on (a nested call finds
    it off and leaves it so; it is started again however ``fn`` ends). Why: a search makes
    many containers that all stay alive (the waiting positions, the heap's entries), and
    each collection walks them to free nothing; measured on FreeCell deals (2,000 to 60,000
    positions) the collections during a search found no garbage at all, and on a median MS
    deal they were about a tenth of its CPU time. Memory is unchanged: reference counting
    frees what the search drops, and a finished search itself (Search.release breaks its one
    cycle); any cycle left is freed before solve() returns by one collection of the young
    objects (the collector having been off, those made since, few once the searches are
    freed), so every cost stays on this call's account. Only the time changes: the positions
    searched, the verdict and the line are the same."""

    @functools.wraps(fn)
    def run(*args: _P.args, **kw: _P.kwargs) -> _R:
        if not PAUSE_COLLECTOR or not gc.isenabled():
            return fn(*args, **kw)
        gc.disable()
        try:
            return fn(*args, **kw)
        finally:
            gc.enable()
            gc.collect(0)  # the cycles the searches left (the Search, its closures), freed on their account

    return run


# size: one keyword per derivation (each can be switched off), each documented; the body is short
@_collector_paused
def solve(
    variant,
    state,
    *,
    max_states: int | None = None,
    time_limit: float | None = None,
    analysis: Analysis | None = None,
    safe: SafeRule | FoundationRule | None | bool = True,
    dead: DeadEnds | None | bool = True,
    declared_safe: bool = True,
    stock: StockRule | None | bool = True,
    streamline: bool | str = True,
    reversible: bool = True,
    symmetry: bool = False,
    pairs: bool = True,
    covered: bool = True,
    lone: bool = True,
    optimize: bool = False,
    stock_symmetry: bool = True,
    safe_foundations: bool = True,
    partial: bool | str = True,
    stuck: bool = True,
    departures: bool = True,
    returns: bool = True,
    face_foundations: bool = True,
    refill_safe: bool = True,
    units: bool = True,
    keep_up: bool = True,
    share: float | None = None,
    draws_stage: bool = True,
    memory=None,
    sink_search: bool = True,
    terminal: bool = True,
    clock=None,
    flat: bool = True,
    beam: bool | float = True,
    orders: bool = True,
    talon_order: bool = True,
    talon_safe: bool = True,
    unused_returns: bool = False,
    interleave: bool = True,
    rollouts: bool = True,
    rollout_classes: bool = True,
    _greedy: bool = False,
) -> Result:
    """Search from ``state`` (not changed) for a win; see the module docstring.

    ``safe``: True derives the safe-move rule from the variant (derive_safe), False or None
    plays no derived safe move, a SafeRule uses that one. ``dead``: the same for the
    dead-end test (derive_dead). ``declared_safe``: False ignores the variant's
    ``solver.safe`` (the check compares verdicts both ways). ``stock``: the same for the
    stock macro moves (derive_stock): False searches every action as a move of its own.
    ``streamline``: where the stock macro moves apply, first spend STOCK_SHARE of the limits
    on a search that plays a legal move onto a foundation without trying the others (Solvitaire's
    streamliner): a win it finds is a real line; when it finds none, the full search runs
    with what is left (only the full search says ``unwinnable``); ``"always"``: the same in
    every variant, with half the limits (docs/solver.md measures where it helps). ``share``:
    the streamliner's part of the limits instead (between 0 and 1). ``keep_up``: False lets the
    streamliner bring cards down from the foundations too (it then plays most of them straight
    back up: its forced foundation move comes first). ``draws_stage``: where the stock macros
    stage the search, a full search with each draw a move of its own (``stock=False``) runs
    between the streamliner and the full search with DRAWS_SHARE of the limits (its order
    finds some wins the macros' order misses; its ``unwinnable`` is exhaustive); False: not. ``reversible``: False
    searches a card move that exactly undoes the previous one too (its position is the
    parent's, always in the table, so this only costs time). ``symmetry``: True keys a
    position by the least key over the renamings of the suits no rule tells apart
    (analysis.suit_symmetry; sound, and exhaustive searches agree with it off); off by
    default: on the bench's deals it merged almost nothing at up to 10 times the cost of a
    key (docs/solver.md). ``pairs``: in games of
    removals, the dead ends of removal_ends.py (a needed card with no partner left it could
    go with) and their keys (sinks nothing reads keyed by size); False: no dead-end test
    there. ``lone``: in those games, a removal whose cards no other move could ever take is
    played without branching (removal_ends.RemovalEnds.lone_removal). ``covered``: the
    dead-end test of dead_ends.py also where piles cover one another and flips are automatic
    (TriPeaks); False: not there. ``optimize``: shorten a winning line (optimize.py) before
    returning it. ``stock_symmetry``: where the stock macro moves apply and the stock goes round
    without a limit that could bind (derive_cycle, stock_cycle.py), positions that differ only
    by how far the stock has turned are one key, and the walk reaches every card the draws lay
    on the waste; False keys the stock and waste as they lie. ``safe_foundations``: with ``safe`` True and no
    derived safe rule for sinks, moves to foundations that give cards back are played without
    branching where derive_foundation_safe (safe_moves.py) proves them safe; False never.
    ``partial``, ``stuck``: False searches what partial_runs.py, stuck_cards.py prove needless;
    ``partial="runs"`` keeps partial_runs.py's rule only where lifted cards must be in sequence.
    ``departures``: False leaves out the orders of departure of departures.py (the stuck
    cards' test stays, where ``stuck``).
    ``returns``: False brings down from the foundations cards foundation_returns.py keeps up.
    ``unused_returns``: True brings no card down from a foundation where nothing can use it at
    once (unused_returns.py; off by default: measured even on Klondike, see docs/solver.md).
    ``face_foundations``: False leaves out face_foundations.py's safe moves (the closure by
    faces, in games of several decks).
    ``refill_safe``: False leaves out refill_foundations.py's safe moves to foundations nothing
    leaves where a reserve refills the columns (Canfield's family).
    ``units``: where one group lifts runs under a sequence rule (suit_units.py), the
    streamliner runs first and splits a run only to make a longer one, and the full search
    skips the splits onto a break the proof there covers; False: neither.
    ``memory``: a hinting.HintTable of the same game's searches, read and told what this
    one proves (positions proved lost are skipped, a kept winning line is joined). ``clock``:
    what ``time_limit`` counts, time.monotonic (wall, the default) or time.process_time (CPU
    seconds of the process: a loaded machine does not shorten the budget; ``check --solve``).
    ``sink_search``: where every card goes onto one pile (sink_search.py: Golf, Black Hole),
    the compact search over heights and the pile's top first (not with ``memory`` nor with
    ``streamline="always"``, which ask for the general search); False: the general search.
    ``terminal``: False leaves out the dead-end test's count of the cards the one sink takes
    nothing on (dead_ends._DeadState.ends_too_often). ``flat``: False jumps between waiting
    positions by undoing and replaying moves, never by snapshot (jumps.py; the same search).
    ``beam``: with a ``time_limit``, the search above gets 1 - BEAM_SHARE of it (a number
    between 0 and 1: that share instead), and a deal it leaves undecided gets the rest for the
    win finder (beam.py), whose wins are replayed lines and which never says unwinnable;
    False: the search alone, with the whole limit (so too with ``memory``: hinting.py stages
    its own searches). ``orders``: in an open game (guidance.buried_weight), a search in the
    open order with at most FIRST_ORDER_STATES positions, then, when that cap stopped it, the
    search in the first order with the rest; False: the open order alone. ``talon_order``:
    where the stock symmetry applies and the recycle turns the cards face down, the full
    search scores the stock's piles as at pointer 0 (guidance.Scorer.talon_at_start), so the
    children of far draws are not put first (docs/solver.md, "The stock macros' order");
    False: as the board lies, the old order. It only orders the search. ``talon_safe``: where
    the stock symmetry applies, a card the walk lays on the waste that the closure's test calls
    safe goes up as the position's only child (talon_safe.py; draw one card: any such card;
    more: the talon's last); False: not. ``interleave``: with
    ``orders``, the two orders' searches in turns, each going on where it stopped
    (interleave.py, SCHEDULE); False: the open order's search stopped at FIRST_ORDER_STATES
    and a fresh one in the first order. ``rollouts``: with the finder's stage (``beam``), the
    nested rollouts of rollouts.py first, with ROLLOUT_PART of its time (their wins replayed
    lines, never unwinnable; they give back the time they do not use); False: not.
    ``rollout_classes``: the rollouts' schedule keeps its entries that play by the move classes
    of rollout_policy.py; False: drops them (the schedule before those classes)."""
    clock = clock or time.monotonic
    started = clock()
    max_states = DEFAULT_MAX_STATES if max_states is None else max_states
    if not 1 <= max_states <= MAX_STATES:
        raise ArgumentError(f"max_states is from 1 to {MAX_STATES}, not {max_states}")
    if beam is not False and time_limit is not None and memory is None and not _greedy:
        rest = dict(locals())  # the other keywords, passed on as they came
        for name in ("beam", "started", "variant", "state", "time_limit", "clock", "rollouts", "rollout_classes"):
            del rest[name]
        part = BEAM_SHARE if beam is True else beam
        return _with_beam(variant, state, time_limit, clock, started, part, rest, rollouts, rollout_classes)
    if sink_search and dead is True and memory is None and not _greedy and streamline != "always":  # sink_search.py
        got = solve_sinks(
            variant,
            state,
            max_states=max_states,
            time_limit=time_limit,
            started=started,
            terminal=terminal,
            clock=clock,
        )
        if got is not None:
            if optimize and got.verdict == WON:
                got.moves = optimize_line(variant, state, got.moves, time_limit=OPTIMIZE_SECONDS)
            return got
    if dead is True and not terminal and not variant.removals:  # dead_ends.ends_too_often off
        dead = derive_dead(variant, covered=covered, terminal=False)
    if dead is True and not (pairs and covered and lone):
        if variant.removals:
            dead = derive_removal_ends(variant, lone=lone) if pairs else None
        else:
            dead = derive_dead(variant, covered=covered)
    if safe is True:
        safe = safe_rule(variant) or (foundation_rule(variant) if safe_foundations else None)
        if safe is None and safe_foundations and face_foundations:  # several decks (face_foundations.py)
            safe = face_rule(variant)
        if safe is None and safe_foundations and refill_safe:  # a refill from a reserve (refill_foundations.py)
            safe = refill_rule(variant)
    kw: dict[str, Any] = dict(
        analysis=analysis, safe=safe, dead=dead, declared_safe=declared_safe, stock=stock, stock_symmetry=stock_symmetry
    )
    kw.update(reversible=reversible, symmetry=symmetry, partial=partial, stuck=stuck, memory=memory, clock=clock)
    kw.update(units=units, departures=departures, returns=returns, keep_up=keep_up, flat=flat, talon_order=talon_order)
    kw.update(talon_safe=talon_safe, unused_returns=unused_returns)
    staged = _staged(variant, streamline, stock)
    if (staged or _units_staged(variant, streamline, units)) and not _greedy:
        by_stock = staged and streamline is True  # the measured split, where the stock macros stage it
        if share is None:
            share = STOCK_SHARE if by_stock else 0.5
        draws = DRAWS_SHARE if by_stock and draws_stage and stock is True else 0.0
        result = _streamlined(variant, state, started, max_states, time_limit, kw, share, draws)
    else:
        result = _two_orders(variant, state, started, max_states, time_limit, kw, _greedy, orders, interleave)
    if optimize and result.verdict == WON:
        result.moves = optimize_line(variant, state, result.moves, time_limit=OPTIMIZE_SECONDS)
        result.seconds = clock() - started
    return result


def _with_beam(variant, state, time_limit, clock, started, part, kw, rollouts=False, classes=True) -> Result:
    """The search with ``1 - part`` of ``time_limit``, then, when it decided nothing, the
    finders with what is left: with ``rollouts`` the nested rollouts (rollouts.py) with
    ROLLOUT_PART of it first, then the win finder (beam.py) with the rest. Soundness: the
    verdict ``unwinnable`` comes from the search alone, run as with ``beam=False`` (only its
    time is shorter); the finders add only wins, each a line replayed move by move from
    ``state`` in a fresh game (beam.replay), so no deal proved unwinnable can be said won, nor
    the reverse."""
    if not 0 < part < 1:
        raise ArgumentError(f"beam is True, False or a share between 0 and 1, not {part!r}")
    got = solve(variant, state, time_limit=time_limit * (1 - part), clock=clock, beam=False, **kw)
    rest = time_limit - (clock() - started)
    if got.verdict != UNKNOWN or got.limit != "time" or rest <= 0:  # a cap on positions is kept
        return got
    line = None
    if rollouts:
        line = find_win_rollouts(variant, state, time_limit=rest * ROLLOUT_PART, clock=clock, classes=classes)
        rest = time_limit - (clock() - started)
    if line is None and rest > 0:
        line = find_win(variant, state, time_limit=rest, clock=clock)
    spent = clock() - started
    if line is None:
        got.seconds = spent
        return got
    if kw["optimize"]:
        line = optimize_line(variant, state, line, time_limit=OPTIMIZE_SECONDS)
    return Result(WON, line, got.states, spent)


def _two_orders(variant, state, started, max_states, time_limit, kw, greedy, orders, interleave=False) -> Result:
    """The search in the open order (guidance.W_BURIED_OPEN) with at most FIRST_ORDER_STATES
    positions, then, when that cap stopped it, a fresh search in the first order (W_BURIED)
    with the rest of the limits; where the two orders are one (not an open game), with
    ``orders`` False, with a hint table or for the streamliner: the one search. Soundness:
    each is the whole search in another order, so an ``unwinnable`` from either is a proof
    (every reachable position was explored) and a win is a line played on the board. With
    ``interleave``: the two searches in turns, each resumed (interleave.py)."""
    first = FIRST_ORDER_STATES
    kw = dict(kw, greedy=greedy, time_limit=time_limit, started=started)
    if not orders or greedy or kw["memory"] is not None or max_states <= first:
        return _run(Search(variant, state, max_states=max_states, **kw))
    if buried_weight(variant, state) == W_BURIED:
        return _run(Search(variant, state, max_states=max_states, **kw))
    if interleave:
        return interleaved(variant, state, max_states, kw)
    got = _run(Search(variant, state, max_states=first, **kw))
    if got.verdict != UNKNOWN or got.limit != "states":
        return got
    rest = _run(Search(variant, state, max_states=max_states - got.states, w_buried=W_BURIED, **kw))
    return _counted(rest, got.states, kw["clock"]() - started)


def _run(search) -> Result:
    """The search's Result, the search released (Search.release: freed when dropped)."""
    got = search.run()
    search.release()
    return got


def _staged(variant, streamline, stock) -> bool:
    """Does the streamliner run first? (``streamline`` as solve() takes it.)"""
    if streamline not in (True, False, "always"):
        raise ArgumentError(f"streamline is True, False or 'always', not {streamline!r}")
    return streamline == "always" or bool(streamline and (stock_rule(variant) if stock is True else stock))


def _units_staged(variant, streamline, units) -> bool:
    """Does the units stage (suit_units.py: the streamliner's search splits no run but to make
    a longer one) run first?"""
    rule = units_rule(variant) if streamline is True and units else None
    return rule is not None and rule.staged


def _streamlined(variant, state, started, max_states, time_limit, kw, share, draws=0.0) -> Result:
    """The streamliner with ``share`` of the limits; without a win, the full search with each
    draw a move of its own (no stock macros) with ``draws`` of them, when not 0; then the full
    search with the rest. The draws stage's search is exhaustive like the last one: its
    ``unwinnable``, when it ends before its limits, is a proof (solve(..., stock=False))."""
    if not 0 < share < 1 - draws:  # (draws: DRAWS_SHARE or 0, never the user's)
        raise ArgumentError(f"share is between 0 and {1 - draws:g}, not {share!r}")
    stages = [(share, dict(kw, _greedy=True))]
    if draws:
        stages.append((draws, dict(kw, streamline=False, stock=False)))
    clock, states = kw["clock"], 0
    for part, stage_kw in stages:
        limit = None if time_limit is None else time_limit * part
        got = solve(variant, state, max_states=max(1, int(max_states * part)), time_limit=limit, beam=False, **stage_kw)
        if got.verdict == WON or (got.verdict == UNWINNABLE and not stage_kw.get("_greedy")):
            return _counted(got, states, clock() - started)
        states += got.states
        spent = clock() - started
        if states >= max_states:  # nothing left for the full search
            return Result(UNKNOWN, [], states, spent, "states")
        if time_limit is not None and spent >= time_limit:
            return Result(UNKNOWN, [], states, spent, "time")
    rest = None if time_limit is None else time_limit - spent
    full = solve(variant, state, max_states=max_states - states, time_limit=rest, streamline=False, beam=False, **kw)
    return _counted(full, states, spent + full.seconds)


def _counted(result, states, seconds) -> Result:
    """A stage's result with the positions of the stages before it counted."""
    result.states += states
    result.seconds = seconds
    if result.difficulty is not None:
        result.difficulty += states
    return result


def solve_game(game, **kw) -> Result:
    """Solve from a game's current position."""
    return solve(game.variant, game.state, **kw)
