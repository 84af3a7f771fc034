"""Orders of departure (departures.derive_departures): a position whose cards outside the
foundations admit no order of first departures is lost. Proved only where the rules allow
it, checked on hand-made positions against exhaustive searches, and searches agree with it
on and off."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.departures import derive_departures
from rulesdsl.solve.solver import solve_game
from rulesdsl.solve.stuck_cards import derive_stuck
from tests.helpers import game

from .test_prunings import small_deal

# spades and hearts up to the nine, the other two suits up
UP = "foundation[0]: AS 2S 3S 4S 5S 6S 7S 8S 9S; foundation[1]: AH 2H 3H 4H 5H 6H 7H 8H 9H"
UP += "; foundation[2]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
UP += "; foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


@pytest.mark.parametrize(
    "name, holds",
    [
        ("fan", True),
        ("bakers_dozen", True),
        ("beleaguered_castle", False),  # an empty column takes any card: no knot worth the cost
        ("klondike", False),  # runs move, a stock
        ("freecell", False),  # runs move
        ("yukon", False),  # any face-up card lifts, flips follow
    ],
)
def test_the_rule_is_derived_only_where_the_proof_holds(name, holds):
    assert (derive_departures(rulesdsl.load(name)) is not None) == holds


@pytest.mark.parametrize(
    "piles, lost",
    [
        # JS waits for QS or TS, both under JH; JH for QH or TH, both under JS: no order
        ("tableau[0]: QH TH JS; tableau[1]: QS TS JH", True),
        ("tableau[0]: QH TH JS; tableau[1]: QS JH TS", False),  # TS up, then JS, TH, JH...
        ("tableau[0]: QH JS TH; tableau[1]: QS TS JH", False),  # TH up, then JH, TS, JS...
        ("tableau[0]: TH QH JS; tableau[1]: QS TS JH", True),  # JH's base and need both under JS
    ],
)
def test_cards_that_wait_for_each_other_lose_the_game(piles, lost):
    g = game("fan", f"{UP}; {piles}; tableau[2]: KS; tableau[3]: KH")
    rule = derive_departures(g.variant)
    assert rule.lost(g.state) == lost
    plain = solve_game(g, max_states=200_000, stuck=False, departures=False, safe=False)  # every move
    assert plain.verdict == ("unwinnable" if lost else "won")


def test_it_sees_what_the_stuck_cards_test_sees_and_more():
    knot = game("fan", f"{UP}; tableau[0]: QH TH JS; tableau[1]: QS TS JH; tableau[2]: KS; tableau[3]: KH")
    assert not derive_stuck(knot.variant).lost(knot.state)  # one pile at a time: nothing stuck
    assert derive_departures(knot.variant).lost(knot.state)
    on = solve_game(knot, max_states=200_000, returns=False)  # (returns: its own pruning)
    off = solve_game(knot, max_states=200_000, departures=False, returns=False)
    assert on.verdict == off.verdict == "unwinnable" and on.states < off.states


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False), st.sampled_from(["fan", "bakers_dozen"]), st.integers(8, 12))
def test_a_position_called_lost_is_lost(rnd: random.Random, name, loose):
    g = game(name, small_deal(rnd, "SHDC", loose, 3))
    v = g.variant
    if derive_stuck(v).lost(g.state):
        assert derive_departures(v).lost(g.state)  # every stuck card is seen
    if derive_departures(v).lost(g.state):
        plain = solve_game(g, max_states=30_000, stuck=False, departures=False, safe=False)
        assert plain.verdict == "unwinnable"


@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False), st.sampled_from(["fan", "bakers_dozen"]), st.integers(8, 14))
def test_the_rule_keeps_every_verdict(rnd: random.Random, name, loose):
    g = game(name, small_deal(rnd, "SHDC", loose, 3))
    on = solve_game(g, max_states=200_000)
    off = solve_game(g, max_states=200_000, departures=False, stuck=False)
    assert on.verdict in ("won", "unwinnable") and on.verdict == off.verdict
