"""The win finder's portfolio: several settings of its score and children ("lanes"), each a
beam widening from run to run, sharing one time limit.

No one setting of the finder wins every game's deals: a heavier weight on blocked cards and
the safe moves' closure win La Belle Lucie, Trefoil and Numerica deals the plain finder does
not, and lose Streets and Alleys' and FreeCell MS 380's (docs/solver.md, "The win finder's
portfolio"). Giving each setting an equal share of the CPU time, level by level, loses no
deal a setting wins in its share, whatever the game. The lanes only ever return a line that
beam.py replays move by move: no proof is involved, so nothing here can make a verdict
unsound.
"""

from __future__ import annotations

from collections.abc import Iterator

# The settings tried side by side: (weight of a blocked card, the safe moves' closure). The
# weights 4 (beam.W_BLOCKED) and 8: docs/solver.md, "check --solve 5: the blocked weight and
# the safe moves in the finder"; the closure in both, since FreeCell MS 380's finder win
# (test_beam_stage.py) needs (4, closure) at half the budget, where (4, no closure) needs all
# of it: measured in "The win finder's portfolio".
LANES: tuple[tuple[int, bool], ...] = ((4, True), (8, True))


def chosen(lanes, safe: bool | None, blocked: int | None, default: int):
    """The lanes asked for: ``lanes`` when given, else the one lane ``safe`` or ``blocked``
    say when either is given (the finder before the portfolio), else LANES."""
    if lanes is not None:
        return lanes
    if safe is None and blocked is None:
        return LANES
    return ((default if blocked is None else blocked, bool(safe)),)


def widening(run, widths, clock, deadline: float):
    """One lane: ``run(width)`` (a beam run as a generator that yields after each level and
    returns (moves or None, whether a level was cut)) with the widths in turn, the last one
    again and again; returns the first win's moves, or None when a run cut nothing (a wider
    one would see no more: still no proof) or the time is up."""
    k = 0
    while clock() < deadline:
        moves, cut = yield from run(widths[min(k, len(widths) - 1)])
        if moves is not None or not cut:
            return moves
        k += 1
    return None


def distinct(lanes, blocks: bool, closes: bool, default: int) -> list[tuple[int, bool]]:
    """The lanes that differ on this game, in their order: where no card can be blocked
    (``blocks`` False: no chains) the weight changes nothing, and where no safe rule holds
    (``closes`` False) neither does the closure, so such lanes are the same search and one is
    kept. With a single lane left the finder is the one before the portfolio, draw for draw."""
    out: list[tuple[int, bool]] = []
    for blocked, safe in lanes:
        lane = (blocked if blocks else default, safe and closes)
        if lane not in out:
            out.append(lane)
    return out


def drain(levels: Iterator):
    """A lane run to its end alone: the value its generator returns."""
    while True:
        try:
            next(levels)
        except StopIteration as stop:
            return stop.value


def share(lanes: list[Iterator], clock, deadline: float):
    """Run the lanes (generators that yield after each level of their beam and return a line
    or None) side by side: the lane that has spent the least CPU time goes down its next
    level, so each gets an equal share of the time up to ``deadline``. The first line a lane
    returns, or None when every lane has ended or the time is up. One lane: run as it is."""
    if len(lanes) == 1:
        return drain(lanes[0])
    spent = [0.0] * len(lanes)
    live = list(range(len(lanes)))
    while live:
        now = clock()
        if now >= deadline:
            return None
        i = min(live, key=spent.__getitem__)
        try:
            next(lanes[i])
        except StopIteration as stop:
            if stop.value is not None:
                return stop.value
            live.remove(i)
        spent[i] += clock() - now
    return None
