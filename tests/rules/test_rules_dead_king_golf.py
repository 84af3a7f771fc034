"""Dead King Golf (PySolFC game 259): Golf where nothing is ever played onto a king."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "dead_king_golf"
TO_F = ">foundation[0]"


def test_start_position_is_golfs():
    g = rulesdsl.load(V).new_game(2)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == [5] * 7
    assert len(pile(g, "foundation[0]")) == 1 and len(pile(g, "stock[0]")) == 16
    assert g.state.card_count() == 52 and g.score == 0
    assert rulesdsl.load(V).options == {}


def test_one_rank_up_or_down_whatever_the_suit():
    g = game(V, "foundation[0]: 7H; tableau[0]: 8C; tableau[1]: 6D; tableau[2]: 9S; tableau[3]: 7S; stock[0]: #2C")
    assert notations(g) == {"8C@tableau[0]" + TO_F, "6D@tableau[1]" + TO_F, "turn"}
    for illegal in ("9S@tableau[2]" + TO_F, "7S@tableau[3]" + TO_F):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_a_king_is_dead_neither_a_queen_nor_an_ace_goes_onto_it():
    g = game(V, "foundation[0]: KH; tableau[0]: QS; tableau[1]: AC; tableau[2]: 2D; stock[0]: #5C")
    assert notations(g) == {"turn"}
    g.play("turn")  # only the stock covers a king
    assert pile(g, "foundation[0]") == ["KH", "5C"]


def test_a_king_goes_onto_a_queen_but_an_ace_never_onto_a_king_nor_a_king_onto_an_ace():
    g = game(V, "foundation[0]: QH; tableau[0]: KS; tableau[1]: JD")
    assert notations(g) == {"KS@tableau[0]" + TO_F, "JD@tableau[1]" + TO_F}
    g = game(V, "foundation[0]: AH; tableau[0]: KS; tableau[1]: 2D")
    assert notations(g) == {"2D@tableau[1]" + TO_F}


def test_won_when_the_columns_are_empty_and_the_score_counts_cleared_cards():
    g = game(V, "foundation[0]: 4H; tableau[0]: 5C; stock[0]: #9D #8D")
    assert not g.won and g.score == 34
    g.play("5C@tableau[0]" + TO_F)
    assert g.won and g.score == 35
    g.undo()
    assert pile(g, "tableau[0]") == ["5C"] and not g.won
