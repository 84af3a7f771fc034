"""Elevator (PySolFC game 40): a pyramid cleared Golf-fashion, round the corner; cards turn up when uncovered.

Places: pyramid[i], row r (from 1) column c (from 1) at i = r * (r - 1) / 2 + c - 1; the
bottom row is pyramid[21..27], covering the row above two by two.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "elevator"
TO_W = ">waste[0]"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    for i in range(21):
        assert [c[0] for c in pile(g, f"pyramid[{i}]")] == ["#"]
    assert all(not pile(g, f"pyramid[{i}]")[0].startswith("#") for i in range(21, 28))
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 23
    assert g.state.card_count() == 52 and g.score == 0


def test_a_free_card_goes_up_or_down_round_the_corner():
    g = game(V, "waste[0]: KH; pyramid[21]: AS; pyramid[22]: QD; pyramid[23]: 2C; pyramid[24]: KC; stock[0]: #5D")
    assert notations(g) == {"AS@pyramid[21]" + TO_W, "QD@pyramid[22]" + TO_W, "turn"}
    for illegal in ("2C@pyramid[23]" + TO_W, "KC@pyramid[24]" + TO_W):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_a_covered_card_is_not_free_and_turns_up_once_both_cards_below_are_gone():
    g = game(V, "waste[0]: 5H; pyramid[15]: #6S; pyramid[21]: 4C; pyramid[22]: 3D")
    assert notations(g) == {"4C@pyramid[21]" + TO_W}
    with pytest.raises(MoveError):
        g.play("6S@pyramid[15]" + TO_W)
    g.play("4C@pyramid[21]" + TO_W)
    assert pile(g, "pyramid[15]") == ["#6S"]  # still covered by pyramid[22]
    assert notations(g) == {"3D@pyramid[22]" + TO_W}
    g.play("3D@pyramid[22]" + TO_W)
    assert pile(g, "pyramid[15]") == ["6S"]  # free now, and turned up with the move
    assert notations(g) == set()
    g.undo()
    assert pile(g, "pyramid[15]") == ["#6S"] and pile(g, "pyramid[22]") == ["3D"]


def test_nothing_leaves_the_waste_and_the_stock_turns_once():
    g = game(V, "waste[0]: 5H 6C; pyramid[21]: 9D; stock[0]: #8S")
    assert notations(g) == {"turn"}
    g.play("turn")
    assert notations(g) == {"9D@pyramid[21]" + TO_W}
    g.undo()
    assert pile(g, "stock[0]") == ["#8S"] and pile(g, "waste[0]") == ["5H", "6C"]


def test_won_when_the_pyramid_is_cleared_and_the_score_counts_it():
    g = game(V, "waste[0]: 8H; pyramid[21]: 9D; stock[0]: #4S")
    assert g.score == 27 and not g.won
    g.play("9D@pyramid[21]" + TO_W)
    assert g.won and g.score == 28
