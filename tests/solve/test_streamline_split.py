"""The staged search where the stock macros apply (solver.py): the streamliner keeps the
foundations' cards up (``keep_up``) and takes ``share`` of the limits (STOCK_SHARE by
default); a full search with every draw a move of its own follows (``draws_stage``,
DRAWS_SHARE). Only full searches say unwinnable, so none may change a verdict: checked on
a hand-made position whose only wins bring a card down, against a plain search, and on
random small Klondikes with both on and off."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.errors import ArgumentError
from rulesdsl.solve import solver
from rulesdsl.solve.solver import DRAWS_SHARE, STOCK_SHARE, solve

from .test_safe_foundations import mini_klondike
from .test_solver import replays_to_win

# The two of diamonds covers the ace; the black threes it could go onto are both up, and an
# empty column takes only a four: every win brings a black three down onto a red four.
NEEDS_A_RETURN = (
    "foundation[0]: AS 2S 3S; foundation[1]: AH 2H 3H; foundation[2]: AC 2C 3C; "
    "tableau[0]: 4H; tableau[1]: AD 2D; tableau[2]: 4C 3D; stock[0]: 4S 4D"
)


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mini_klondike")

    def load(draw=1):
        p = folder / f"mini_klondike_{draw}.yaml"
        p.write_text(mini_klondike(draw))
        return rulesdsl.load(str(p))

    return load


def test_a_win_that_needs_a_return_is_left_to_the_full_search(mini):
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_A_RETURN)
    plain = dict(streamline=False, safe=False, declared_safe=False, stock=False, returns=False, partial=False)
    assert solve(v, g.state, **plain).verdict == "won"  # (naive() recurses too deep through the stock)
    kept = solve(v, g.state, _greedy=True)  # the streamliner alone: it never brings a card down
    returned = solve(v, g.state, _greedy=True, keep_up=False)
    assert kept.verdict == returned.verdict == "unwinnable"  # (its own space only: never reported)
    assert kept.states < returned.states  # the returns it no longer tries
    draws = solve(v, g.state, streamline=False, stock=False)  # the draws stage's search
    staged = solve(v, g.state)
    assert staged.verdict == draws.verdict == "won" and staged.states == kept.states + draws.states
    later = solve(v, g.state, draws_stage=False)  # the streamliner, then the full search
    assert later.verdict == "won" and later.states == kept.states + solve(v, g.state, streamline=False).states
    assert replays_to_win(v, g.state, staged.moves)
    assert any("@foundation" in m for m in staged.moves)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_small_klondikes_agree_with_the_split_and_keep_up_on_and_off(mini, seed, draw):
    v = mini(draw)
    g = v.new_game(seed)
    on = solve(v, g.state)
    old = solve(v, g.state, keep_up=False, share=0.5, draws_stage=False)
    no_draws = solve(v, g.state, draws_stage=False)
    plain = solve(v, g.state, streamline=False)
    assert on.verdict == old.verdict == no_draws.verdict == plain.verdict != "unknown"
    for r in (on, old, no_draws):
        if r.verdict == "won":
            assert replays_to_win(v, g.state, r.moves)


def test_the_streamliner_takes_its_share_of_the_limits(monkeypatch, mini):
    seen = []
    real = solver.solve

    def spy(variant, state, **kw):
        seen.append(kw)
        return real(variant, state, **kw)

    monkeypatch.setattr(solver, "solve", spy)
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_A_RETURN)
    for share, expect in ((None, STOCK_SHARE), (0.25, 0.25)):
        seen.clear()
        real(v, g.state, max_states=1000, time_limit=100.0, share=share, beam=False)  # the split alone
        first, draws = seen[0], seen[1]
        assert first["_greedy"] and first["max_states"] == int(1000 * expect)
        assert first["time_limit"] == pytest.approx(100.0 * expect)
        assert draws["stock"] is False and draws["streamline"] is False and "_greedy" not in draws
        assert draws["max_states"] == int(1000 * DRAWS_SHARE)
        assert draws["time_limit"] == pytest.approx(100.0 * DRAWS_SHARE)
        assert len(seen) == 2  # the draws stage won: no third stage
    seen.clear()
    real(v, g.state, max_states=1000, share=0.5, draws_stage=False)
    assert len(seen) == 2 and seen[1]["stock"] is not False  # the full search with the macros


@pytest.mark.parametrize("share", [0, 1 - DRAWS_SHARE, 1.5])
def test_a_share_leaves_room_for_the_other_stages(mini, share):
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_A_RETURN)
    with pytest.raises(ArgumentError, match="share is between 0 and"):
        solve(v, g.state, share=share)
