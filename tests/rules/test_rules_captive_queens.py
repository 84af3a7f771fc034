"""Captive Queens (Quadrille, PySolFC game 410): fives down to kings, sixes up to jacks, queens apart."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "captive_queens"


def test_start_position_everything_in_the_stock():
    g = rulesdsl.load(V).new_game(1)
    assert len(pile(g, "stock[0]")) == 52 and pile(g, "waste[0]") == []
    assert notations(g) == {"draw"} and g.score == 0


def test_each_suit_has_a_five_a_six_and_a_queen_place():
    for card, dest in (("5H", "fives[1]"), ("6C", "sixes[3]"), ("QD", "queens[2]")):
        g = game(V, f"waste[0]: {card}; stock[0]: #2S")
        assert notations(g) == {f"{card}@waste[0]>{dest}", "draw"}
    g = game(V, "waste[0]: 7H; stock[0]: #2S")
    assert notations(g) == {"draw"}
    with pytest.raises(MoveError):
        g.play("7H@waste[0]>sixes[1]")


def test_fives_build_down_to_the_king_and_sixes_up_to_the_jack():
    g = game(V, "fives[0]: 5S 4S 3S 2S AS; sixes[0]: 6S 7S 8S 9S TS; waste[0]: JS KS; stock[0]: #2D")
    assert notations(g) == {"KS@waste[0]>fives[0]", "draw"}
    g.play("KS@waste[0]>fives[0]")
    assert notations(g) == {"JS@waste[0]>sixes[0]", "draw"}
    g.play("JS@waste[0]>sixes[0]")
    assert len(pile(g, "fives[0]")) == 6 and len(pile(g, "sixes[0]")) == 6


def test_full_foundations_take_no_more_and_nothing_leaves_one():
    # a queen would follow the king going down and the jack going up: only its own place takes it
    g = game(V, "fives[0]: 5S 4S 3S 2S AS KS; sixes[0]: 6S 7S 8S 9S TS JS; waste[0]: QS")
    assert notations(g) == {"QS@waste[0]>queens[0]", "redeal"}
    with pytest.raises(MoveError):
        g.play("KS@fives[0]>waste[0]")


def test_the_waste_turns_over_twice():
    g = game(V, "waste[0]: 9D 8D")
    assert notations(g) == {"redeal"}
    g.play("redeal")
    assert pile(g, "stock[0]") == ["#8D", "#9D"]
    g.play("draw")
    g.play("draw")
    g.play("redeal")
    g.play("draw")
    g.play("draw")
    assert notations(g) == set() and g.over and not g.won


def test_won_when_the_stock_and_the_waste_are_empty():
    g = game(V, "fives[3]: 5C 4C 3C 2C AC; waste[0]: KC")
    assert not g.won and g.score == 51
    g.play("KC@waste[0]>fives[3]")
    assert g.won and g.score == 52
