"""Relaxed Pyramid (PySolFC game 193): Pyramid with an open stock card, two redeals, won once the pyramid is gone.

Places: pyramid[i], row r (from 1) column c (from 1) at i = r * (r - 1) / 2 + c - 1.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "relaxed_pyramid"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert all(len(pile(g, f"pyramid[{i}]")) == 1 for i in range(28))
    assert len(pile(g, "waste[0]")) == 1
    stock = pile(g, "stock[0]")
    assert len(stock) == 23 and not stock[-1].startswith("#") and all(c.startswith("#") for c in stock[:-1])
    assert g.state.card_count() == 52 and g.score == 0


def test_pairs_of_thirteen_and_kings_from_the_pyramid_the_stock_top_and_the_waste_top():
    g = game(V, "pyramid[0]: 9C; pyramid[1]: 5D; pyramid[2]: KS; stock[0]: #2H 8H; waste[0]: 4C QC")
    # pyramid[0] is covered by pyramid[1] and pyramid[2]; 2H is face down under 8H; 4C lies under QC
    assert notations(g) == {
        "remove KS@pyramid[2]",
        "remove 5D@pyramid[1] 8H@stock[0]",
        "draw",
    }
    for illegal in ("remove 9C@pyramid[0] 4C@waste[0]", "remove 5D@pyramid[1] 8H@stock[0] 4C@waste[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_the_stock_top_pairs_with_the_waste_top_and_the_next_stock_card_turns_up():
    g = game(V, "pyramid[21]: 2S; stock[0]: #9C 7H; waste[0]: 6D")
    assert notations(g) == {"remove 7H@stock[0] 6D@waste[0]", "draw"}
    g.play("remove 7H@stock[0] 6D@waste[0]")
    assert pile(g, "stock[0]") == ["9C"] and pile(g, "waste[0]") == [] and pile(g, "discard[0]") == ["7H", "6D"]
    g.undo()
    assert pile(g, "stock[0]") == ["#9C", "7H"] and pile(g, "waste[0]") == ["6D"]


def test_draw_and_two_redeals_then_no_more():
    g = game(V, "pyramid[21]: 2S; stock[0]: 5C; waste[0]: 3D")
    g.play("draw")
    assert pile(g, "waste[0]") == ["3D", "5C"] and notations(g) == {"redeal"}
    g.play("redeal")
    assert pile(g, "stock[0]") == ["#5C", "3D"]  # turned over, its top card up again
    g.play("draw")
    g.play("draw")
    g.play("redeal")
    g.play("draw")
    g.play("draw")
    assert notations(g) == set() and g.over and not g.won
    with pytest.raises(MoveError):
        g.play("redeal")


def test_won_when_the_pyramid_is_empty_with_cards_left_elsewhere():
    g = game(V, "pyramid[0]: KH; stock[0]: #4C 6S; waste[0]: 9D")
    assert not g.won and g.score == 0
    g.play("remove KH@pyramid[0]")
    assert g.won and g.score == 1
