"""The win finder inside solve() (solver.py, ``beam``): after the search, with the rest of a
time limit; its wins replay, it never says unwinnable, and no deal's won or unwinnable
verdict changes against ``beam=False`` when the search is exhaustive."""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdsl.cli import main, solving
from rulesdsl.core.errors import ArgumentError
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

from ..helpers import text_loader
from .test_face_foundations import MINI_THIEVES, TIGHT_THIEVES
from .test_solver import replays_to_win


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "beam_stage")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(1, 10**6))
def test_the_stage_changes_no_decided_verdict(load, seed):
    v = load(TIGHT_THIEVES)
    state = v.new_game(seed).state
    plain = solve(v, state, beam=False)  # no limit: exhaustive
    staged = solve(v, state, time_limit=60.0, clock=time.process_time)
    assert plain.verdict != "unknown"
    assert staged.verdict == plain.verdict, seed
    if staged.verdict == "won":
        assert replays_to_win(v, state, staged.moves)


def test_the_finder_wins_what_the_search_left_undecided(load):
    # a search stopped after one position leaves every deal undecided: the win lines are
    # the finder's, and each replays; with the switch off, nothing is won
    v = load(MINI_THIEVES)
    won = 0
    for seed in range(1, 6):
        state = v.new_game(seed).state
        off = solve(v, state, max_states=1, time_limit=5.0, clock=time.process_time, beam=False)
        on = solve(v, state, time_limit=5.0, clock=time.process_time, beam=0.99999)  # search: 50 us
        assert off.verdict == "unknown"
        assert on.verdict in ("won", "unknown")
        if on.verdict == "won":
            assert replays_to_win(v, state, on.moves)
            won += 1
    assert won


@pytest.mark.slow
def test_the_finder_never_says_unwinnable(load):
    v = load(TIGHT_THIEVES)
    for seed in range(1, 30):
        r = solve(v, v.new_game(seed).state, time_limit=2.0, clock=time.process_time, beam=0.99999)
        if r.verdict == "unwinnable":  # only where the search itself proved it
            assert solve(v, v.new_game(seed).state, beam=False).verdict == "unwinnable", seed


def test_a_share_out_of_range_is_refused(load):
    v = load(MINI_THIEVES)
    with pytest.raises(ArgumentError):
        solve(v, v.new_game(1).state, time_limit=1.0, beam=1.5)


@pytest.mark.parametrize("flag, wanted", [((), True), (("--beam",), True), (("--no-beam",), False)])
def test_the_solve_command_passes_the_stage_on(monkeypatch, capsys, flag, wanted):
    # rulesdsl solve --no-beam: the search alone, with the whole --time-limit
    seen: list = []

    def fake(game, **kw):
        seen.append(kw["beam"])
        return solve(game.variant, game.state, max_states=1, beam=False)

    monkeypatch.setattr(solving, "solve_game", fake)
    main(["solve", "freecell", "--deal", "1", "--time-limit", "2", *flag])
    assert seen == [wanted]
    assert "unknown" in capsys.readouterr().out


@pytest.mark.slow
def test_the_finder_wins_a_deal_the_search_leaves_undecided_on_a_counting_clock():
    # a clock that counts its own readings makes the budgets exact on every machine: FreeCell
    # MS 296's search (the two orders in turns) stops undecided after a hundred readings, and the
    # finder (its two lanes, each half of the rest) wins it; without the stage the same search says
    # unknown
    v, an = compiled_variant("freecell", {})
    state = deal_state(v, 296)
    alone = solve(v, state, time_limit=100, analysis=an, clock=itertools.count().__next__, beam=False)
    staged = solve(v, state, time_limit=10000, analysis=an, clock=itertools.count().__next__, beam=0.99)
    assert alone.verdict == "unknown" and alone.states == staged.states
    assert staged.verdict == "won"
    assert replays_to_win(v, state, staged.moves)
