"""The nested rollouts (rollouts.py) and their stage in solve() (``rollouts``): a level wins
where the level below it does not, the lines replay, the stage never says unwinnable nor
wins a deal the exhaustive search proves lost, and the switch turns it off."""

from __future__ import annotations

import functools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdsl.solve import rollouts as rollouts_module
from rulesdsl.solve import solver
from rulesdsl.solve.rollout_policy import fill_cards
from rulesdsl.solve.rollouts import Rollouts, find_win_rollouts
from rulesdsl.solve.solver import UNKNOWN, Result, solve

from ..helpers import text_loader
from .test_safe_foundations import mini_klondike
from .test_solver import replays_to_win


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "rollouts")


def rollout_wins(v, state, level: int) -> bool:
    r = Rollouts(v, state)
    r.rollout(level, r.root(), top=True)
    return r.won()


# Mini Klondike deals (tests/solve/test_safe_foundations.py), each won by the exhaustive
# search: draw 3 seed 3 is lost by the greedy rollout and won at level 1; draw 1 seed 19 is
# lost at levels 0 and 1 and won at level 2 (found by trying seeds 1-200).
@pytest.mark.parametrize("draw, seed, level", [(3, 3, 1), (1, 19, 2)])
def test_a_level_wins_where_the_levels_below_it_do_not(load, draw, seed, level):
    v = load(mini_klondike(draw))
    state = v.new_game(seed).state
    assert solve(v, state, beam=False).verdict == "won"
    assert not any(rollout_wins(v, state, k) for k in range(level))
    assert rollout_wins(v, state, level)
    line = find_win_rollouts(v, state, time_limit=60.0, schedule=((4, level),))
    assert line is not None and replays_to_win(v, state, line)
    assert state == v.new_game(seed).state  # the deal is not changed


def test_the_rollouts_are_deterministic_and_remembered(load):
    v = load(mini_klondike(1))
    state = v.new_game(19).state
    a = find_win_rollouts(v, state, time_limit=60.0)
    b = find_win_rollouts(v, state, time_limit=60.0)
    assert a == b and a is not None
    r = Rollouts(v, state)
    first = r.rollout(1, r.root(), top=True)
    steps = r.steps
    r2 = Rollouts(v, state)
    assert r2.rollout(1, r2.root(), top=True) == first
    assert r.memo[0] and r.memo[1]  # every position of the paths remembered
    here = r.root()
    assert r.value(1, here) == r.memo[1][here] and r.steps == steps  # read back, not played again


def cut_search(v, state, monkeypatch, **kw):
    """solve() with its search undecided by time and the win finder (beam.py) finding nothing:
    a win can come from the rollouts alone."""
    monkeypatch.setattr(solver, "solve", lambda *a, **k: Result(UNKNOWN, [], 1, 0.0, "time"))
    monkeypatch.setattr(solver, "find_win", lambda *a, **k: None)
    return solve(v, state, time_limit=60.0, clock=time.process_time, **kw)  # (solve: the real one)


@pytest.mark.parametrize("draw, seed", [(3, 3), (1, 19)])
def test_the_stage_wins_what_the_search_left_and_the_switch_turns_it_off(load, monkeypatch, draw, seed):
    v = load(mini_klondike(draw))
    state = v.new_game(seed).state
    monkeypatch.setattr(solver, "ROLLOUT_PART", 1.0)
    on = cut_search(v, state, monkeypatch)
    assert on.verdict == "won" and replays_to_win(v, state, on.moves)
    off = cut_search(v, state, monkeypatch, rollouts=False)
    assert off.verdict == "unknown"

    def never(*a, **k):
        raise AssertionError("the rollouts ran with rollouts=False")

    monkeypatch.setattr(solver, "find_win_rollouts", never)
    assert cut_search(v, state, monkeypatch, rollouts=False).verdict == "unknown"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_the_stage_never_says_unwinnable_nor_wins_a_lost_deal(load, seed, draw):
    v = load(mini_klondike(draw))
    state = v.new_game(seed).state
    exhaustive = solve(v, state, beam=False).verdict
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solver, "ROLLOUT_PART", 1.0)
        got = cut_search(v, state, mp)
    assert got.verdict in ("won", "unknown")
    if got.verdict == "won":
        assert exhaustive == "won" and replays_to_win(v, state, got.moves)
    line = find_win_rollouts(v, state, time_limit=60.0)
    if line is not None:
        assert exhaustive == "won" and replays_to_win(v, state, line)


def test_a_line_that_does_not_replay_is_not_believed(load, monkeypatch):
    # the stage returns only what beam.replay accepts: a replay that refuses gives None
    v = load(mini_klondike(3))
    state = v.new_game(3).state
    monkeypatch.setattr(rollouts_module, "replay", lambda *a: None)
    assert find_win_rollouts(v, state, time_limit=60.0) is None


@pytest.mark.parametrize("draw, seed", [(3, 7), (1, 15)])
def test_on_a_lost_deal_the_stage_says_unknown(load, monkeypatch, draw, seed):
    # deals the exhaustive search proves lost: the rollouts find nothing and say nothing
    v = load(mini_klondike(draw))
    state = v.new_game(seed).state
    assert solve(v, state, beam=False).verdict == "unwinnable"
    assert find_win_rollouts(v, state, time_limit=60.0) is None
    monkeypatch.setattr(solver, "ROLLOUT_PART", 1.0)
    assert cut_search(v, state, monkeypatch).verdict == "unknown"


# Mini Klondike seed 11 (draw 3 and draw 1; won by the exhaustive search): the greedy rollout
# by the move classes (rollout_policy.py) wins it, the greedy rollout by the score alone does
# not, with either blocked weight (found by trying seeds 1-120).
@pytest.mark.parametrize("draw, seed", [(3, 11), (1, 11)])
def test_the_move_classes_win_where_the_score_alone_does_not(load, draw, seed):
    v = load(mini_klondike(draw))
    state = v.new_game(seed).state
    assert solve(v, state, beam=False).verdict == "won"
    for blocked in (4, 0):
        r = Rollouts(v, state, blocked=blocked)
        r.rollout(0, r.root(), top=True)
        assert not r.won()
    r = Rollouts(v, state, classes=True)
    r.rollout(0, r.root(), top=True)
    assert r.won()
    line = find_win_rollouts(v, state, time_limit=60.0, schedule=((4, 0, True),))
    assert line is not None and replays_to_win(v, state, line)
    # the switch drops the schedule's entries by the classes
    assert find_win_rollouts(v, state, time_limit=60.0, schedule=((4, 0, True),), classes=False) is None


def test_solve_passes_the_classes_switch_to_the_stage(load, monkeypatch):
    v = load(mini_klondike(3))
    state = v.new_game(11).state
    greedy = ((4, 0, True), (4, 0), (0, 0))  # the classes' greedy rollout wins, the others do not
    monkeypatch.setattr(solver, "find_win_rollouts", functools.partial(find_win_rollouts, schedule=greedy))
    monkeypatch.setattr(solver, "ROLLOUT_PART", 1.0)
    on = cut_search(v, state, monkeypatch)
    assert on.verdict == "won" and replays_to_win(v, state, on.moves)
    assert cut_search(v, state, monkeypatch, rollout_classes=False).verdict == "unknown"


def test_the_cards_that_fill_an_empty_pile_are_read_from_the_rules(load):
    v = load(mini_klondike(1))
    fills = fill_cards(v)
    top = max(v.deck.rank_of)
    assert fills and {v.deck.rank_of[c] for c in fills} == {top}
    assert len(fills) == len({v.deck.suit_of[c] for c in range(v.deck.size)})
