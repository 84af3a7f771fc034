"""The staged search in every variant (solve(..., streamline="always")): the streamliner's
short run first, then the full search; only the full search says unwinnable, so a verdict
never differs from the plain search's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.errors import ArgumentError
from rulesdsl.solve.solver import solve
from tests.solve.test_hint_table import _small_golf


def _replays_to_a_win(g, line) -> bool:
    c = g.clone()
    for text in line:
        c.play(text)
    return c.won


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_staged_and_plain_searches_agree_on_small_golf_deals(seed):
    g = _small_golf(seed, cols=4, depth=3, stock=6)
    plain = solve(g.variant, g.state, streamline=False)
    staged = solve(g.variant, g.state, streamline="always")
    assert plain.verdict != "unknown" and staged.verdict == plain.verdict
    if staged.verdict == "won":
        assert _replays_to_a_win(g, staged.moves)


def test_a_streamliner_that_fails_leaves_the_proof_to_the_full_search():
    """Golf: the streamliner plays a foundation move first, so its search is not exhaustive;
    a deal it does not win is proved unwinnable by the full search after it, which counts
    the streamliner's positions too."""
    for seed in range(40):
        g = _small_golf(seed, cols=5, depth=4, stock=8)
        greedy = solve(g.variant, g.state, _greedy=True)
        plain = solve(g.variant, g.state, streamline=False)
        if greedy.verdict == "unwinnable" and plain.verdict == "unwinnable" and greedy.states < plain.states:
            break
    else:
        raise AssertionError("no deal where the streamliner gives up before the full search")
    staged = solve(g.variant, g.state, streamline="always")
    assert staged.verdict == "unwinnable" and staged.states == greedy.states + plain.states


def test_the_staged_search_wins_freecell_1_with_a_line_that_replays():
    g = rulesdsl.load("freecell").numbered_game(1)
    r = solve(g.variant, g.state, streamline="always")
    assert r.verdict == "won" and _replays_to_a_win(g, r.moves)


def test_streamline_takes_three_values():
    g = rulesdsl.load("freecell").numbered_game(1)
    with pytest.raises(ArgumentError, match="streamline is True, False or 'always'"):
        solve(g.variant, g.state, streamline="sometimes")
