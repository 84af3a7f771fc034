"""The validator's solver check (``rulesdsl check --solve N``): the solver on the first deals,
for a game no deal of which can be won (V901, V902) and a ``solver.safe`` rule that loses
games the solver could win without it (V903).
"""

from __future__ import annotations

import time
from typing import Any

from ..core.errors import Diagnostic, short
from ..solve.beam import find_win
from ..solve.deals import deal_state
from ..solve.rollouts import find_win_rollouts
from ..solve.solver import UNKNOWN, UNWINNABLE, WON, Result
from ..solve.solver import solve as run_solver

# How check --solve searches: CPU seconds of the process (a loaded machine does not shorten
# the budget, so a file's verdict does not depend on what else runs), and the staged search
# (a streamlined search first, its wins real lines; only the full search says unwinnable).
CHECK_SOLVE: dict[str, Any] = dict(clock=time.process_time, streamline="always")
# The search's second try (``search_again``): each deal at most AGAIN_TIMES the check's seconds,
# AGAIN_SHARE of them for the streamliner. Kingsley seed 2: the streamliner wins it after 1.6-2.0
# CPU s, where the check's staged search gives it half of 2 (docs/solver.md).
AGAIN_TIMES, AGAIN_SHARE = 2, 0.9
# The win finder's second try (``climb``): the paused finders taken up again, the furthest with
# the pooled time, then in slices of CLIMB_SLICE of it while a deal's cards up rise, up to
# CLIMB_TIMES of it in all (docs/solver.md, "check --solve 5: the finder taken up again").
CLIMB_SLICE, CLIMB_TIMES = 0.25, 2
# With ``first`` (the default), the first deal taken up has the pool and no more, the next the
# pool at once, and the climb CLIMB_CAPPED times the pool in all: the deal furthest after the first
# pass is not always one that wins, and one that keeps rising took the whole climb (Triple
# Klondike: seed 1 at 142 of 156 after 30 CPU s, seeds 2-4 won in 13-16; docs/solver.md, "the
# climb's first deal").
CLIMB_CAPPED = 2.5
# The rollouts' try (``roll``), after the finders' where they won nothing: ROLL_SHARE of the
# pooled time, the deals in turn (docs/solver.md, "check --solve 5: the nested rollouts").
ROLL_SHARE = 0.5


def solver_check(
    doc, path, v, deals: int, seconds: float, notes=None, beam=True, again=True, rollouts=True, first=True
) -> list[Diagnostic]:
    """V901, V902, V903: the solver on deals 1..N (the variant's deal numbers when it declares a
    numbering, seeds otherwise), ``seconds`` CPU seconds each (CHECK_SOLVE); a deal it leaves
    undecided gets as much again for the win finder (beam.py, which only ever says won;
    ``beam=False``: not). Where no deal is won, the paused finders are taken up again (``climb``;
    ``first=False``: its first deal not capped, as before CLIMB_CAPPED), then the nested rollouts
    (``roll``; ``rollouts=False``: not). "The solver won k of N deals" goes to ``notes``. An
    error only when no deal is winnable and every search was exhaustive."""
    won = proven = 0
    unsound: list = []
    tried: list = []  # (the most cards up the finder had, deal, its paused finder or None)
    for deal in range(1, deals + 1):
        try:
            r, up, held = _one_deal(v, deal, seconds, beam)
        except Exception as exc:  # the playouts report failing rules; say it once here
            return [_failed(doc, deal, exc)]
        if r.verdict == UNWINNABLE and v.safe:
            bare = run_solver(
                v, deal_state(v, deal), time_limit=seconds, declared_safe=False, beam=False, **CHECK_SOLVE
            )
            if bare.verdict == WON:
                unsound.append(deal)
                r = bare
        won += r.verdict == WON
        proven += r.verdict == UNWINNABLE
        if up is not None:
            tried.append((up, deal, held))
    tail = ""
    if not won and tried:
        try:
            hit, tail = _second_tries(v, tried, seconds, again, rollouts, first)
        except _Failed as failed:
            return [_failed(doc, failed.deal, failed.exc)]
        won += hit
    what = _what(v)
    lost = []
    if unsound:
        lost.append(
            doc.diag(
                "V903",
                f"solver.safe is unsound: with its moves played without branching the solver "
                f"proved {what[:-1]} {unsound[0]} unwinnable, and without them it won it",
                ("solver", "safe"),
                hint="a safe move must never turn a winnable position into a lost one: narrow the "
                "condition (or remove it); the solver trusts it without proof",
            )
        )
    if notes is not None:
        notes.append(
            f"{path}: the solver won {won} of {deals} deal(s) ({what} 1-{deals}, "
            f"{seconds:g} CPU s each; {proven} proved unwinnable, {deals - won - proven} undecided{tail})"
        )
    if won:
        return lost
    if proven == deals:
        return lost + [
            doc.diag(
                "V901",
                f"no deal is winnable: the solver explored every reachable position "
                f"of {what} 1-{deals} and none is won",
                ("win",),
                hint="check the win condition and that the accept rules let every card reach the piles the win counts",
            )
        ]
    return lost + [
        doc.diag(
            "V902",
            f"the solver won none of {what} 1-{deals} ({proven} proved unwinnable, "
            f"{deals - proven} undecided within {seconds:g} CPU s each)",
            ("win",),
            hint="give the solver more time (--solve-seconds) or more deals (--solve), or check "
            "that the game can be won",
        )
    ]


def _one_deal(v, deal: int, seconds: float, beam: bool):
    """The search with ``seconds``, then, where it stopped undecided on time, the win finder with
    as much again (what solve(..., beam=0.5) runs; called apart here to read how far the finder
    got). Returns the result and the finder's most cards up (None where it did not run or won)."""
    state = deal_state(v, deal)
    r = run_solver(v, state, time_limit=seconds, beam=False, **CHECK_SOLVE)
    if not beam or r.verdict != UNKNOWN or r.limit != "time":
        return r, None, None
    stats: dict = {}
    held: list = []
    line = find_win(v, state, time_limit=seconds, clock=CHECK_SOLVE["clock"], stats=stats, held=held)
    if line is None:
        return r, stats.get("up", 0), held[0] if held else None
    return Result(WON, line, r.states, r.seconds + seconds), None, None


class _Failed(Exception):
    def __init__(self, deal: int, exc: Exception):
        super().__init__(deal)
        self.deal, self.exc = deal, exc


def _second_tries(
    v, tried: list, seconds: float, again: bool, rollouts: bool = True, first: bool = True
) -> tuple[bool, str]:
    """No deal won: the paused win finders taken up again (``climb``) with the pooled time, then,
    with ``rollouts``, the nested rollouts (``roll``), then, with ``again``, the search
    (``search_again``). Whether one won, and the note's tail."""
    pool, what = seconds * len(tried), _what(v)
    deals = sorted(d for _, d, _ in tried)
    clock = CHECK_SOLVE["clock"]
    start = clock()
    hit, went = climb(tried, pool, clock, first)
    tried.clear()  # the paused finders' memory, before the search's second try
    got = f"won {what[:-1]} {hit}" if hit is not None else "no win"
    on = (
        f"on {what} " + ", ".join(str(d) for d in went) + f" ({clock() - start:.1f} s)"
        if went
        else "(no finder paused)"
    )
    times = CLIMB_CAPPED if first else CLIMB_TIMES
    tail = f"; the win finder's second try, {pool:g} CPU s ({times * pool:g} while climbing) {on}: {got}"
    if hit is None and rollouts:
        share, start = ROLL_SHARE * pool, clock()
        hit, went = roll(v, deals, share, clock)
        got = f"won {what[:-1]} {hit}" if hit is not None else "no win"
        on = ", ".join(str(d) for d in went)
        tail += f"; the rollouts, {share:g} CPU s at most on {what} {on} ({clock() - start:.1f} s): {got}"
    if hit is not None or not again:
        return hit is not None, tail
    try:
        found = search_again(v, deals, seconds, pool)
    except Exception as exc:
        raise _Failed(deals[0], exc) from exc
    got = f"won {what[:-1]} {found}" if found is not None else "no win"
    return found is not None, tail + f"; the search's second try, {pool:g} CPU s at most: {got}"


def climb(tried: list, pool: float, clock, first: bool = True) -> tuple[int | None, list]:
    """Where the check won no deal: the deals' paused win finders (``tried``: (cards up, deal,
    lanes.Portfolio or None)) taken up again where they stopped, the most cards up first (the
    lowest deal on a tie). The first gets ``pool`` CPU s at once (what the second try gave it
    before, from scratch), then slices of CLIMB_SLICE ``pool`` while its cards up rise; a slice
    (or the pool) that raises nothing hands the time to the next deal, in slices while it
    rises, and so on, up to CLIMB_TIMES ``pool`` in all. With ``first``, the first deal stops
    after its pool, the next starts with the pool at once, and the climb has CLIMB_CAPPED
    ``pool`` in all. The deal won (its line replayed by the finder) or None, and the deals taken
    up. Why: the finder's wins on the games of two or three decks and one pass come after 4 to
    20 CPU s, not the 2 a deal has, and the deal furthest after 2 s is not always one that wins
    (House in the Wood: seed 4 furthest, seed 1 won in 6.6-9.9 s); a deal whose finder stands
    still is not worth the time."""
    step, cap = CLIMB_SLICE * pool, (CLIMB_CAPPED if first else CLIMB_TIMES) * pool
    start, went = clock(), list[int]()
    for _, deal, finder in sorted(tried, key=lambda t: (-t[0], t[1])):
        if finder is None or finder.ended:
            continue
        capped = first and not went
        slice_ = pool if not went or (first and len(went) == 1) else step
        while not finder.ended:
            spent = clock() - start
            if spent >= cap:
                return None, went
            if deal not in went:
                went.append(deal)
            before = finder.up
            try:
                line = finder.more(min(slice_, cap - spent))
            except Exception as exc:
                raise _Failed(deal, exc) from exc
            if line is not None:
                return deal, went
            if capped or finder.up <= before:  # its pool had (``first``), or standing still: the next
                break
            slice_ = step
    return None, went


def roll(v, deals: list, pool: float, clock) -> tuple[int | None, list]:
    """Where the finders taken up again won nothing: the nested rollouts (rollouts.py) on
    ``deals`` in turn, each with what is left of ``pool`` CPU s (a schedule that ends early
    leaves the rest to the next deal). The deal won (its line replayed) or None, and the deals
    tried. Why: on Rainbow and Four Seasons (one pass, few moves a position) the rollouts win
    seeds in 0.4-3.7 CPU s that the finder does not win in twice the pool."""
    stop, went = clock() + pool, list[int]()
    for deal in deals:
        left = stop - clock()
        if left <= 0:
            break
        went.append(deal)
        try:
            line = find_win_rollouts(v, deal_state(v, deal), time_limit=left, clock=clock)
        except Exception as exc:
            raise _Failed(deal, exc) from exc
        if line is not None:
            return deal, went
    return None, went


def search_again(v, deals: list, seconds: float, pool: float) -> int | None:
    """Where neither pass won a deal: the staged search once more on ``deals`` in order, each
    with at most AGAIN_TIMES ``seconds`` (AGAIN_SHARE of them for the streamliner), all of them
    with ``pool`` CPU s at most; the first deal won, or None. Why: in one-pass games with a
    stock (Kingsley) the streamliner's greedy line wins where the beam does not (9-15 cards up
    in 6 s), but after more than the half of 2 s the check's staged search gives it. Only a win
    counts (the search's line, played on the board); a greedy search that ends proves nothing,
    and its full search's ``unwinnable`` is not read here."""
    clock = CHECK_SOLVE["clock"]
    stop = clock() + pool
    for deal in deals:
        left = stop - clock()
        if left <= 0:
            break
        limit = min(AGAIN_TIMES * seconds, left)
        r = run_solver(v, deal_state(v, deal), time_limit=limit, beam=False, share=AGAIN_SHARE, **CHECK_SOLVE)
        if r.verdict == WON:
            return deal
    return None


def _what(v) -> str:
    return "deal numbers" if v.numbering is not None else "seeds"


def _failed(doc, deal: int, exc: Exception) -> Diagnostic:
    return doc.diag(
        "V809",
        f"rulesdsl itself failed while solving deal {deal}: {type(exc).__name__}: {short(str(exc))}",
        ("win",),
    )
