"""Double Golf (PySolFC game 777) and Double Putt (game 892): Golf with two decks, nine columns of seven."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

TO_F = ">foundation[0]"


@pytest.mark.parametrize("name", ["double_golf", "double_putt"])
def test_start_position(name):
    g = rulesdsl.load(name).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [7] * 9
    assert len(pile(g, "foundation[0]")) == 1 and len(pile(g, "stock[0]")) == 40
    assert g.state.card_count() == 104 and g.score == 0


def test_double_golf_a_king_takes_a_queen_but_no_corner():
    g = game("double_golf", "foundation[0]: KH; tableau[0]: QS; tableau[1]: AC; tableau[2]: QS.1; stock[0]: #5C")
    assert notations(g) == {"QS@tableau[0]" + TO_F, "QS@tableau[2]" + TO_F, "turn"}  # two queens of spades: two moves
    with pytest.raises(MoveError):
        g.play("AC@tableau[1]" + TO_F)
    g = game("double_golf", "foundation[0]: KH; tableau[0]: QS", kings="closed")
    assert notations(g) == set()


def test_double_putt_turns_the_corner():
    g = game("double_putt", "foundation[0]: KH; tableau[0]: QS; tableau[1]: AC; tableau[2]: 2D")
    assert notations(g) == {"QS@tableau[0]" + TO_F, "AC@tableau[1]" + TO_F}
    assert rulesdsl.load("double_putt").options == {}


@pytest.mark.parametrize("name", ["double_golf", "double_putt"])
def test_won_when_the_columns_are_empty(name):
    g = game(name, "foundation[0]: 4H; tableau[8]: 5C 3D; stock[0]: #9D")
    assert g.score == 61 and not g.won
    g.play("3D@tableau[8]" + TO_F)
    assert notations(g) == {"turn"}  # 5C is no neighbour of 3D
    g = game(name, "foundation[0]: 4H; tableau[8]: 5C; stock[0]: #9D")
    g.play("5C@tableau[8]" + TO_F)
    assert g.won and g.score == 63
