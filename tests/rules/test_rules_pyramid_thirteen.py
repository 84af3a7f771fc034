"""Pyramid Thirteen (PySolFC game 44): a face-down pyramid that turns up as it is uncovered, one pass."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "pyramid_thirteen"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert all(pile(g, f"pyramid[{i}]")[0].startswith("#") for i in range(21))
    assert not any(pile(g, f"pyramid[{i}]")[0].startswith("#") for i in range(21, 28))
    stock = pile(g, "stock[0]")
    assert len(stock) == 23 and not stock[-1].startswith("#") and len(pile(g, "waste[0]")) == 1


def test_a_face_down_card_turns_up_when_both_cards_below_are_gone():
    g = game(V, "pyramid[15]: #5S; pyramid[21]: KC; pyramid[22]: 6D; stock[0]: #2C 7H")
    assert notations(g) == {"remove KC@pyramid[21]", "remove 6D@pyramid[22] 7H@stock[0]", "draw"}
    with pytest.raises(MoveError):
        g.play("remove 5S@pyramid[15]")
    g.play("remove KC@pyramid[21]")
    assert pile(g, "pyramid[15]") == ["#5S"]
    g.play("remove 6D@pyramid[22] 7H@stock[0]")
    assert pile(g, "pyramid[15]") == ["5S"] and pile(g, "stock[0]") == ["2C"]


def test_one_pass_only():
    g = game(V, "pyramid[21]: 5S; stock[0]: 9C; waste[0]: 3D")
    g.play("draw")
    assert notations(g) == set() and g.over and not g.won


def test_won_when_all_52_cards_are_removed_not_just_the_pyramid():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("KH", "6C", "7C")]
    g = game(V, f"discard[0]: {' '.join(rest)}; pyramid[0]: KH; stock[0]: 6C; waste[0]: 7C")
    g.play("remove KH@pyramid[0]")
    assert not g.won and g.score == 50
    g.play("remove 6C@stock[0] 7C@waste[0]")
    assert g.won and g.score == 52
