"""The win finder's portfolio: several settings of its score and children ("lanes"), each a
beam widening from run to run, sharing one time limit; paused when it runs out, and taken up
again where they stopped (``Portfolio.more``).

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


class Deadline:
    """The lanes' deadline, one object they all read, so that a paused portfolio is given more
    time by moving it (``Portfolio.more``)."""

    __slots__ = ("at",)

    def __init__(self, at: float):
        self.at = at


def due(deadline) -> Deadline:
    """``deadline`` as a Deadline (a number: a fixed one)."""
    return deadline if isinstance(deadline, Deadline) else Deadline(deadline)


# What a lane yields where its time is up: it waits there, in the middle of a level or between
# two runs, until the deadline moves; nothing of its search is lost.
PAUSED = "paused"


def widening(run, widths, clock, deadline):
    """One lane: ``run(width)`` (a beam run as a generator that yields after each level and
    returns (moves or None, whether a level was cut)) with the widths in turn, the last one
    again and again; returns the first win's moves, or None when a run cut nothing (a wider
    one would see no more: still no proof). Where the time is up it yields PAUSED until the
    deadline (a Deadline or a number) moves."""
    deadline = due(deadline)
    k = 0
    while True:
        while clock() >= deadline.at:
            yield PAUSED
        moves, cut = yield from run(widths[min(k, len(widths) - 1)])
        if moves is not None or not cut:
            return moves
        k += 1


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


def drain(levels: Iterator, paused=None):
    """A lane run to its end alone: the value its generator returns, or ``paused`` where it
    pauses (its time is up)."""
    while True:
        try:
            if next(levels) is PAUSED:
                return paused
        except StopIteration as stop:
            return stop.value


def share(lanes: list[Iterator], clock, deadline):
    """``Portfolio(lanes, ...).go()``: the lanes side by side up to ``deadline``."""
    return Portfolio(lanes, clock, due(deadline)).go()


class Portfolio:
    """The lanes (generators that yield after each level of their beam, PAUSED where their time
    is up, and return a line or None) side by side: the lane that has spent the least CPU time
    goes down its next level, so each gets an equal share of the time up to the deadline.
    Held when the time is up (``find_win(..., held=[])``), it goes on where it stopped with
    ``more(seconds)``: the lane paused in the middle of a level first, as it would have gone
    on, so a run paused and taken up again is the run of the whole time (tests/solve/
    test_lanes.py). Why: the check's second try gives one deal's finder more time, and
    starting it again from its root would spend the first pass's seconds a second time."""

    def __init__(self, lanes: list[Iterator], clock, deadline: Deadline, finish=None, stats=None):
        self.lanes, self.clock, self.deadline = lanes, clock, deadline
        self.spent = [0.0] * len(lanes)
        self.live = list(range(len(lanes)))
        self.midway: int | None = None  # the lane paused in the middle of a level
        self.finish = finish  # the line of moves -> what ``more`` returns (beam.replay)
        self.stats = {} if stats is None else stats  # the finder's figures ("up", "levels")

    @property
    def up(self) -> int:
        """The most cards up so far (the finder's stats)."""
        return self.stats.get("up", 0)

    @property
    def ended(self) -> bool:
        """Whether every lane ended (or one won): more time changes nothing."""
        return not self.live

    def more(self, seconds: float):
        """``seconds`` more of the clock from now: the finished line (``finish``), or None."""
        self.deadline.at = self.clock() + seconds
        moves = self.go()
        if moves is None or self.finish is None:
            return moves
        return self.finish(moves)

    def go(self):
        """The lanes until the deadline: the first line a lane returns, or None when every
        lane has ended or the time is up (then paused). One lane: run as it is."""
        if len(self.lanes) == 1:
            if not self.live:
                return None
            got = drain(self.lanes[0], paused=PAUSED)
            if got is PAUSED:
                return None
            self.live = []
            return got
        spent, clock = self.spent, self.clock
        while self.live:
            now = clock()
            i = self.midway
            if i is None:
                if now >= self.deadline.at:
                    return None
                i = min(self.live, key=spent.__getitem__)
            self.midway = None
            try:
                if next(self.lanes[i]) is PAUSED:  # its time is up: it goes on first next time
                    self.midway = i
                    spent[i] += clock() - now
                    return None
            except StopIteration as stop:
                if stop.value is not None:
                    self.live = []
                    return stop.value
                self.live.remove(i)
            spent[i] += clock() - now
        return None
