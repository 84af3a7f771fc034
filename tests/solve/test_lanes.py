"""The win finder's portfolio (lanes.py): its settings side by side, each with an equal share
of the time; where they are one search on a game, the finder before the portfolio."""

from __future__ import annotations

import itertools

import pytest

import rulesdsl
from rulesdsl.solve import beam, lanes
from rulesdsl.solve.deals import compiled_variant, deal_state

from ..helpers import Readings
from .test_face_foundations import TIGHT_THIEVES
from .test_solver import replays_to_win


class Clock:
    """A clock only the fake lanes move: reading it costs nothing."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def fake_lane(clock, cost, levels, line, trace, name):
    """A lane whose every level takes ``cost`` of ``clock``; it wins with ``line`` after
    ``levels`` levels (None: never)."""
    for _ in itertools.count() if levels is None else range(levels):
        clock.now += cost
        trace.append(name)
        yield
    return line


def test_each_lane_gets_an_equal_share_of_the_time():
    clock = Clock()
    trace: list = []
    cheap = fake_lane(clock, 1, None, None, trace, "cheap")  # never wins
    dear = fake_lane(clock, 3, 10, ["won"], trace, "dear")  # wins after 10 levels of 3
    assert lanes.share([cheap, dear], clock, deadline=10**6) == ["won"]
    # equal time: the cheap lane went down about three levels for each of the dear one's
    assert trace.count("dear") == 10
    assert 29 <= trace.count("cheap") <= 31


def test_a_lane_that_ends_leaves_the_time_to_the_others():
    clock = Clock()
    trace: list = []
    ended = fake_lane(clock, 1, 2, None, trace, "ended")  # a run that cut nothing: None
    later = fake_lane(clock, 1, 50, ["won"], trace, "later")
    assert lanes.share([ended, later], clock, deadline=200) == ["won"]
    assert trace[:2] == ["ended", "later"] and trace.count("ended") == 2
    forever = fake_lane(clock, 1, None, None, [], "forever")
    assert lanes.share([forever, fake_lane(clock, 1, None, None, [], "too")], clock, deadline=clock() + 20) is None


@pytest.mark.parametrize(
    ("blocks", "closes", "kept"),
    [
        (True, True, [(4, True), (8, True)]),
        (True, False, [(4, False), (8, False)]),
        (False, True, [(4, True)]),
        (False, False, [(4, False)]),
    ],
)
def test_lanes_that_are_one_search_on_a_game_are_run_once(blocks, closes, kept):
    assert lanes.distinct(((4, True), (8, True)), blocks, closes, 4) == kept


def test_the_lanes_asked_for():
    assert lanes.chosen(None, None, None, 4) == lanes.LANES
    assert lanes.chosen(None, False, None, 4) == ((4, False),)
    assert lanes.chosen(None, None, 8, 4) == ((8, False),)
    assert lanes.chosen([(2, True)], True, 8, 4) == [(2, True)]


def test_one_lane_left_is_the_finder_before_the_portfolio():
    # Scorpion: no chains (no foundation takes single cards) and no safe rule, so both lanes
    # are the plain finder: the portfolio runs it once, reading the clock as it did
    v, _ = compiled_variant("scorpion", {})
    assert beam.chains(v) is None and beam.safe_pick(v) is None
    state = deal_state(v, 1)
    got = []
    for kw in ({}, {"safe": False}):
        stats: dict = {}
        line = beam.find_win(v, state, time_limit=3000, clock=itertools.count().__next__, stats=stats, **kw)
        got.append((line, stats))
    assert got[0] == got[1]
    assert got[0][1]["levels"] > 10


@pytest.fixture(scope="module")
def tight(tmp_path_factory):
    p = tmp_path_factory.mktemp("lanes") / "tight.yaml"
    p.write_text(TIGHT_THIEVES)
    return rulesdsl.load(str(p))


def test_the_portfolio_wins_what_a_lane_wins_in_its_share(tight):
    # on a counting clock a lane's search does not depend on the other lanes (it reads the
    # clock only against the deadline), so what lane i wins alone with R readings the
    # portfolio wins with about twice R (its seed: the portfolio's plus i)
    v = tight
    won = 0
    for deal in range(1, 13):
        state = v.new_game(deal).state
        for i, lane in enumerate(lanes.LANES):
            alone = beam.find_win(v, state, time_limit=400, clock=itertools.count().__next__, lanes=[lane], seed=i)
            if alone is not None:
                both = beam.find_win(v, state, time_limit=900, clock=itertools.count().__next__)
                assert both is not None and replays_to_win(v, state, both), (deal, lane)
                won += 1
    assert won


@pytest.mark.parametrize("pause", [150, 500])
@pytest.mark.parametrize("kept", [None, [(4, True)]])
def test_a_finder_paused_and_taken_up_again_is_the_run_of_the_whole_time(tight, pause, kept):
    # Tight Thieves deal 2: the uninterrupted finder's line and figures; the same finder paused
    # after ``pause`` readings and given 37 readings at a time wins with the same line, the same
    # levels and cards up (a finder started again would count its levels twice), and a new
    # finder with the readings the resumed one had left does not win
    v = tight
    state = v.new_game(2).state
    clock, whole = Readings(), {}
    line = beam.find_win(v, state, time_limit=10**6, clock=clock, stats=whole, lanes=kept)
    assert line is not None and whole["levels"] > 10
    total = clock.n
    if pause >= total:
        pytest.skip("won before the pause")
    stats: dict = {}
    held: list = []
    assert beam.find_win(v, state, time_limit=pause, clock=Readings(), stats=stats, held=held, lanes=kept) is None
    assert len(held) == 1 and not held[0].ended and held[0].up == stats["up"]
    got, slices = None, 0
    while got is None and slices < 100:
        got, slices = held[0].more(37), slices + 1
    assert got == line and stats == whole and held[0].ended
    assert beam.find_win(v, state, time_limit=total - pause + 40, clock=Readings(), lanes=kept) is None


def test_a_lane_paused_in_the_middle_of_a_level_goes_on_first():
    # the lanes are told apart by what they yield; the first lane pauses in its third level
    clock = Clock()
    trace: list = []

    def lane(name, cost, deadline):
        for _ in range(6):
            for _ in range(2):  # a level in two halves, the deadline read between them
                clock.now += cost
                while clock.now >= deadline.at:
                    yield lanes.PAUSED
            trace.append(name)
            yield
        return None

    deadline = lanes.Deadline(10)
    both = lanes.Portfolio([lane("a", 1, deadline), lane("b", 1, deadline)], clock, deadline)
    assert both.go() is None and both.midway is not None and not both.ended
    paused, before = both.midway, len(trace)
    # the paused lane has spent more than the other (half a level more), yet it goes on first,
    # as it would have without the pause
    assert both.spent[paused] > both.spent[1 - paused]
    assert both.more(100) is None and both.ended and trace.count("a") == trace.count("b") == 6
    assert trace[before] == "ab"[paused]
