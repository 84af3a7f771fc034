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
from .test_safe_foundations import mini_klondike

REST = "foundation[1]: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH; foundation[2]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
REST += "; foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


@pytest.mark.parametrize(
    "name, holds",
    [
        ("fan", True),
        ("bakers_dozen", True),
        ("beleaguered_castle", False),  # an empty column takes any card: none is ever stuck
        ("klondike", True),  # runs move, and a stock turns: blocks of runs, at the start only
        ("yukon", True),  # any face-up card lifts: a block reaches the lowest face-up card
        ("freecell", False),  # a cell takes any card: none is ever stuck
        ("spider", False),  # removals
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


# -- runs and a stock (Klondike's class): blocks of runs --------------------------------------

MINI_UP = (
    "foundation[0]: AH 2H 3H; foundation[1]: AD 2D 3D; foundation[2]: AC 2C 3C 4C; foundation[3]: AS; tableau[2]: 4S"
)


@pytest.fixture(scope="module")
def minis(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mini")
    out = {}
    for draw in (1, 3):
        p = folder / f"mini_klondike_{draw}.yaml"
        p.write_text(mini_klondike(draw))
        out[draw] = rulesdsl.load(str(p))
    return out


@pytest.mark.parametrize(
    "rest, lost",
    [
        # 3S: both red fours (its bases) and the 2S it needs up first lie under it
        ("tableau[0]: #4H #4D #2S 3S", True),
        ("tableau[0]: #2S #4D #4H 3S", True),
        # face down too: 3S can only ever leave as the first card of what moves
        ("tableau[0]: #4H #4D #2S #3S", True),
        # a red four elsewhere takes it
        ("tableau[0]: #4H #2S 3S; tableau[1]: 4D", False),
        # the other red four is in the stock: it comes to the waste, then to an empty column
        ("tableau[0]: #4H #2S 3S; stock[0]: #4D", False),
        # 3S lies on 4D in a run: the block 4D 3S moves to the empty column (a four fills it)
        ("tableau[0]: #4H #2S 4D 3S", False),
        # the 2S it needs is face up on top: it goes up first
        ("tableau[0]: #4H #4D 3S 2S", False),
    ],
)
def test_a_stuck_card_with_runs_and_a_stock(minis, rest, lost):
    mini = minis[1]
    g = rulesdsl.Game.from_position(mini, f"{MINI_UP}; {rest}")
    rule = derive_stuck(mini)
    assert rule is not None and not rule.every_position  # (runs and a stock: the start only)
    assert rule.lost(g.state) == lost
    plain = solve_game(g, max_states=200_000, stuck=False, safe=False, declared_safe=False, stock=False)
    assert plain.verdict == ("unwinnable" if lost else "won")
    assert solve_game(g, max_states=200_000).verdict == plain.verdict


def test_the_rule_of_single_cards_is_unchanged():
    fan = derive_stuck(rulesdsl.load("fan"))
    assert fan.every_position and fan.lifts == {}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_small_klondikes_agree_with_it_and_without(minis, seed, draw):
    g = minis[draw].new_game(seed)
    on = solve_game(g, max_states=200_000)
    off = solve_game(g, max_states=200_000, stuck=False, safe=False, declared_safe=False, stock=False)
    assert on.verdict == off.verdict != "unknown"
