"""The check's second try (solvable.climb): where no deal was won, each deal's win finder,
paused where its time ran out, taken up again where it stopped, the furthest first, in slices;
past the pooled time only while a deal's cards up rise, and a deal that stops rising hands the
time to the next."""

from __future__ import annotations

import itertools

import pytest

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.rollouts import find_win_rollouts
from rulesdsl.solve.search import UNKNOWN, Result
from rulesdsl.validation import solvable

from ..helpers import Readings, text_loader
from .test_face_foundations import MINI_THIEVES, TIGHT_THIEVES
from .test_safe_foundations import mini_klondike
from .test_solver import replays_to_win


class _Doc:
    def diag(self, code, message, path, hint=None):
        return code


class Paused:
    """A paused finder: each ``more`` moves the check's clock by its seconds and sets the cards
    up to the next of ``ups``; it wins on its ``wins``-th slice (None: never)."""

    def __init__(self, deal, now, ups, wins=None, log=None):
        self.deal, self.now, self.ups, self.wins, self.log = deal, now, iter(ups), wins, log
        self.up, self.ended, self.slices = 0, False, 0

    def more(self, seconds):
        self.log.append((self.deal, seconds))
        self.now[0] += seconds
        self.slices += 1
        self.up = next(self.ups, self.up)
        if self.slices == self.wins:
            self.ended = True
            return ["a won line"]
        return None


def _check(v, monkeypatch, first_ups, later, wins=None, deals=3, seconds=2.0, roll=None, first=False):
    """The check on ``deals`` deals, every search undecided, the finder's first pass giving
    ``first_ups`` cards up and a Paused finder per deal (its cards up slice by slice: ``later``,
    its win: ``wins``), on a clock only the finders move; the rollouts' try off, or ``roll`` in
    place of the rollouts (called with the clock's list); ``first``: the climb's first deal
    capped (solvable.CLIMB_FIRST; off by default here, the climb as these tests were written).
    Returns (diagnostics, the slices asked (deal, seconds), the finders made, the note)."""
    now = [0.0]
    log: list = []
    made: list = []
    monkeypatch.setattr(solvable, "run_solver", lambda variant, state, **kw: Result(UNKNOWN, [], 1, 0.0, "time"))
    monkeypatch.setitem(solvable.CHECK_SOLVE, "clock", lambda: now[0])

    def finder(variant, state, *, time_limit, clock, stats=None, held=None):
        deal = len(made) + 1
        now[0] += time_limit
        stats["up"] = first_ups[deal - 1]
        p = Paused(deal, now, later.get(deal, ()), (wins or {}).get(deal), log)
        p.up = stats["up"]
        made.append(p)
        held.append(p)
        return None

    monkeypatch.setattr(solvable, "find_win", finder)
    if roll is not None:
        monkeypatch.setattr(solvable, "find_win_rollouts", lambda variant, state, **kw: roll(now, **kw))
    notes: list = []
    got = solvable.solver_check(
        _Doc(), "x.yaml", v, deals, seconds, notes, again=False, rollouts=roll is not None, first=first
    )
    return got, log, made, notes[0]


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "second", MINI_THIEVES)


def test_the_second_try_takes_up_the_paused_finder_of_the_furthest_deal(load, monkeypatch):
    # cards up 3, 7, 7 after the first pass: deal 2 (the lower of the two at 7) is taken up
    # where it stopped (no new finder: three made, one per deal) with the pool, its win counts
    got, log, made, note = _check(load(), monkeypatch, [3, 7, 7], {2: [8]}, wins={2: 1}, seconds=1.5)
    assert got == [] and len(made) == 3
    assert log == [(2, 4.5)]
    assert "the solver won 1 of 3" in note and "on seeds 2 (4.5 s): won seed 2" in note


def test_the_furthest_goes_on_in_slices_while_it_rises_up_to_twice_the_pool(load, monkeypatch):
    # pool 6 s, slices of 1.5: deal 2 (5 up) has the pool, then rises slice after slice up to 12
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: list(range(6, 20))})
    assert got == ["V902"]
    assert log == [(2, 6.0)] + [(2, 1.5)] * 4
    assert "on seeds 2 (12.0 s): no win" in note


def test_a_deal_that_stops_rising_hands_the_time_to_the_next(load, monkeypatch):
    # deal 2 stands still in its pool: deal 3 (3 up) is taken up in slices, rising up to 12 s;
    # deal 1 is never reached
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: [5, 9], 3: list(range(4, 20))})
    assert log == [(2, 6.0)] + [(3, 1.5)] * 4
    assert "on seeds 2, 3 (12.0 s): no win" in note
    # deal 3 rises twice then stalls: deal 1 next, which stalls at once (the time left unspent)
    got, log, _, _ = _check(load(), monkeypatch, [1, 5, 3], {2: [5], 3: [4, 5, 5, 9], 1: [1, 1]})
    assert log == [(2, 6.0), (3, 1.5), (3, 1.5), (3, 1.5), (1, 1.5)]
    # deal 1 wins in its second slice: counted
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: [5], 3: [3], 1: [2, 3]}, wins={1: 2})
    assert got == [] and log == [(2, 6.0), (3, 1.5), (1, 1.5), (1, 1.5)] and "won seed 1" in note


def test_the_first_deal_has_the_pool_and_no_more_and_the_next_the_pool(load, monkeypatch):
    # pool 6 s: deal 2 (furthest) rises on every slice and never wins; deal 3 wins after a pool
    # and a slice. With ``first``, deal 2 stops after its pool and deal 3 has the pool at once,
    # then a slice: won. Without, deal 2 takes the whole climb (twice the pool): V902.
    rising, wins = {2: list(range(6, 40)), 3: [4, 5]}, {3: 2}
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], rising, wins=wins, first=True)
    assert got == [] and _r(log) == [(2, 6.0), (3, 6.0), (3, 1.5)]
    assert "6 CPU s (15 while climbing) on seeds 2, 3 (13.5 s): won seed 3" in note
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], rising, wins=wins, first=False)
    assert got == ["V902"] and _r(log) == [(2, 6.0)] + [(2, 1.5)] * 4
    assert "(12 while climbing)" in note
    # deal 3 rising without a win: the climb ends at 2.5 times the pool (15 s)
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: [6], 3: list(range(4, 40))}, first=True)
    assert got == ["V902"] and _r(log) == [(2, 6.0), (3, 6.0), (3, 1.5), (3, 1.5)]
    assert "on seeds 2, 3 (15.0 s): no win" in note
    # a first deal that wins within its pool: counted, nothing else taken up
    got, log, _, _ = _check(load(), monkeypatch, [1, 5, 3], rising, wins={2: 1}, first=True)
    assert got == [] and _r(log) == [(2, 6.0)]


def _r(log):
    return [(deal, round(seconds, 6)) for deal, seconds in log]


def test_on_a_small_game_the_second_try_wins_by_taking_the_finders_up(tmp_path_factory, monkeypatch):
    # Tight Thieves deals 1-4, the search undecided, the real finder on a clock of readings: 150
    # a deal wins none (a win needs about 800 in one run); the second try takes the paused
    # finders up (no finder made again) and wins one; a finder started again with the pool
    # (600, what the second try had before it took them up) does not win that deal
    v = text_loader(tmp_path_factory, "tight", TIGHT_THIEVES)()
    monkeypatch.setattr(solvable, "run_solver", lambda variant, state, **kw: Result(UNKNOWN, [], 1, 0.0, "time"))
    monkeypatch.setitem(solvable.CHECK_SOLVE, "clock", Readings())
    calls: list = []
    real = solvable.find_win

    def counted(*a, **kw):
        calls.append(kw["time_limit"])
        return real(*a, **kw)

    monkeypatch.setattr(solvable, "find_win", counted)
    notes: list = []
    assert solvable.solver_check(_Doc(), "x.yaml", v, 4, 150, notes, again=False) == []
    assert calls == [150] * 4  # the first pass only
    assert "the solver won 1 of 4" in notes[0] and ": won seed" in notes[0]
    state = deal_state(v, int(notes[0].rsplit("won seed ", 1)[1].split(")")[0]))
    assert beam.find_win(v, state, time_limit=600, clock=itertools.count().__next__) is None
    line = beam.find_win(v, state, time_limit=10**6, clock=itertools.count().__next__)
    assert line is not None and replays_to_win(v, state, line)


class Rolls:
    """Fake rollouts, called on the deals in turn: deal k spends ``costs[k]`` seconds of the
    clock (at most its limit) and wins when that is within its limit and k is in ``wins``."""

    def __init__(self, costs, wins=()):
        self.costs, self.wins, self.limits = costs, wins, []

    def __call__(self, now, *, time_limit, clock):
        deal = len(self.limits) + 1
        self.limits.append(time_limit)
        cost = self.costs[deal - 1]
        now[0] += min(cost, time_limit)
        return ["a won line"] if deal in self.wins and cost <= time_limit else None


def test_where_the_finders_win_nothing_the_rollouts_try_the_deals_in_turn(load, monkeypatch):
    # pool 6 s, climbing 12 s without a win; then the rollouts with half the pool (3 s): deal 1
    # ends in 1 s, deal 2 has the 2 s left and needs 5, deal 3 is never reached
    rolls = Rolls([1.0, 5.0, 0.5], wins={2, 3})
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: list(range(6, 20))}, roll=rolls)
    assert got == ["V902"] and rolls.limits == [3.0, 2.0]
    assert "the rollouts, 3 CPU s at most on seeds 1, 2 (3.0 s): no win" in note
    # deal 2 needs 1.5 s: won, counted
    rolls = Rolls([1.0, 1.5, 0.5], wins={2, 3})
    got, log, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: list(range(6, 20))}, roll=rolls)
    assert got == [] and rolls.limits == [3.0, 2.0]
    assert "the solver won 1 of 3" in note and "on seeds 1, 2 (2.5 s): won seed 2" in note
    # a finder's win in the climb: no rollouts
    rolls = Rolls([1.0, 1.5, 0.5], wins={1, 2, 3})
    got, _, _, note = _check(load(), monkeypatch, [1, 5, 3], {2: [6]}, wins={2: 1}, roll=rolls)
    assert got == [] and rolls.limits == [] and "rollouts" not in note


def test_on_mini_klondike_the_rollouts_win_what_the_finders_did_not_and_the_switch(tmp_path_factory, monkeypatch):
    # the search undecided, the win finder finding nothing (no finder paused): the real rollouts
    # win a deal, with CPU seconds; rollouts=False: V902, the rollouts never called
    v = text_loader(tmp_path_factory, "klondike", mini_klondike(1))()
    monkeypatch.setattr(solvable, "run_solver", lambda variant, state, **kw: Result(UNKNOWN, [], 1, 0.0, "time"))

    def nothing(variant, state, *, time_limit, clock, stats=None, held=None):
        stats["up"] = 0
        return None

    monkeypatch.setattr(solvable, "find_win", nothing)
    notes: list = []
    assert solvable.solver_check(_Doc(), "x.yaml", v, 3, 5.0, notes, again=False) == []
    assert "the solver won 1 of 3" in notes[0] and "no win; the rollouts" in notes[0]
    seed = int(notes[0].rsplit("won seed ", 1)[1].split(")")[0])
    line = find_win_rollouts(v, deal_state(v, seed), time_limit=60.0)
    assert line is not None and replays_to_win(v, deal_state(v, seed), line)

    def never(*a, **k):
        raise AssertionError("the rollouts ran with rollouts=False")

    monkeypatch.setattr(solvable, "find_win_rollouts", never)
    notes = []
    got = solvable.solver_check(_Doc(), "x.yaml", v, 3, 5.0, notes, again=False, rollouts=False)
    assert got == ["V902"] and "rollouts" not in notes[0]
