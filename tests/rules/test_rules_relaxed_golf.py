"""Relaxed Golf (Putt Putt, PySolFC game 260): Golf whose ranks turn the corner and whose kings take cards."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "relaxed_golf"
TO_F = ">foundation[0]"


def test_start_position_is_golfs():
    g = rulesdsl.load(V).new_game(3)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == [5] * 7
    assert len(pile(g, "foundation[0]")) == 1 and len(pile(g, "stock[0]")) == 16
    assert g.state.card_count() == 52


def test_a_king_takes_a_queen_and_an_ace():
    g = game(V, "foundation[0]: KH; tableau[0]: QS; tableau[1]: AC; tableau[2]: 2D; tableau[3]: KS")
    assert notations(g) == {"QS@tableau[0]" + TO_F, "AC@tableau[1]" + TO_F}
    with pytest.raises(MoveError):
        g.play("2D@tableau[2]" + TO_F)


def test_an_ace_takes_a_king_and_a_two():
    g = game(V, "foundation[0]: AD; tableau[0]: KS; tableau[1]: 2C; tableau[2]: QH; stock[0]: #3S")
    assert notations(g) == {"KS@tableau[0]" + TO_F, "2C@tableau[1]" + TO_F, "turn"}
    g.play("KS@tableau[0]" + TO_F)
    assert notations(g) == {"QH@tableau[2]" + TO_F, "turn"}  # and round the corner the other way


def test_only_top_cards_play_and_the_stock_is_turned_once():
    g = game(V, "foundation[0]: 7H; tableau[0]: 8C 2D; stock[0]: #6S")
    assert notations(g) == {"turn"}
    g.play("turn")
    assert pile(g, "foundation[0]") == ["7H", "6S"] and pile(g, "stock[0]") == []
    assert notations(g) == set() and g.over and not g.won
    assert g.score == 33
