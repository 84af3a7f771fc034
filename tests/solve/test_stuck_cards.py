"""Stuck cards (stuck_cards.derive_stuck): a card whose bases all lie under it and that needs
a card under it on the foundations first never moves. Proved only where the rules allow it,
checked on hand-made positions, and exhaustive searches agree with it on and off."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.solver import solve_game
from rulesdsl.solve.stuck_cards import derive_stuck
from tests.helpers import game

from .test_prunings import small_deal

REST = "foundation[1]: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH; foundation[2]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
REST += "; foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


@pytest.mark.parametrize(
    "name, holds",
    [
        ("fan", True),
        ("bakers_dozen", True),
        ("beleaguered_castle", False),  # an empty column takes any card: none is ever stuck
        ("klondike", False),  # runs move, and a stock
        ("freecell", False),  # runs move
    ],
)
def test_the_rule_is_derived_only_where_the_proof_holds(name, holds):
    assert (derive_stuck(rulesdsl.load(name)) is not None) == holds


@pytest.mark.parametrize(
    "column, lost",
    [
        ("6S 3S 5S", True),  # 5S: its base 6S and the 3S it needs up first both lie under it
        ("3S 6S 5S", True),
        ("6S 5S 3S", False),  # 3S goes up, then 4S, 5S, 6S...
        ("5S 6S 3S", False),  # 6S is not stuck: its base 7S lies elsewhere
    ],
)
def test_a_card_that_can_never_move_loses_the_game(column, lost):
    g = game("fan", f"foundation[0]: AS 2S; tableau[0]: {column}; tableau[1]: KS QS JS TS 9S 8S 7S 4S; {REST}")
    rule = derive_stuck(g.variant)
    assert rule.lost(g.state) == lost
    plain = solve_game(g, max_states=200_000, stuck=False, safe=False)  # every move searched
    assert plain.verdict == ("unwinnable" if lost else "won")


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["fan", "bakers_dozen"]), st.integers(8, 14))
def test_the_rule_keeps_every_verdict(rnd: random.Random, name, loose):
    g = game(name, small_deal(rnd, "SHDC", loose, 3))
    on = solve_game(g, max_states=200_000, stuck=True, departures=False)
    off = solve_game(g, max_states=200_000, stuck=False, departures=False)
    assert on.verdict in ("won", "unwinnable") and on.verdict == off.verdict
    if on.verdict == "unwinnable":
        assert on.states <= off.states
