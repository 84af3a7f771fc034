"""Escalator (PySolFC game 281): Elevator with the whole pyramid face up."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "escalator"
TO_W = ">waste[0]"


def test_start_position_every_card_face_up():
    g = rulesdsl.load(V).new_game(1)
    cards = [pile(g, f"pyramid[{i}]") for i in range(28)]
    assert all(len(c) == 1 and not c[0].startswith("#") for c in cards)
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 23


def test_only_free_cards_play_a_rank_up_or_down_round_the_corner():
    g = game(V, "waste[0]: AH; pyramid[15]: 2S; pyramid[21]: KC; pyramid[22]: 3D; stock[0]: #9C")
    assert notations(g) == {"KC@pyramid[21]" + TO_W, "turn"}
    with pytest.raises(MoveError):
        g.play("2S@pyramid[15]" + TO_W)  # covered by pyramid[22]
    g.play("KC@pyramid[21]" + TO_W)
    assert notations(g) == {"turn"}  # 2S is still covered, 3D is no neighbour of a king


def test_won_when_the_pyramid_is_cleared():
    g = game(V, "waste[0]: QH; pyramid[0]: KD; stock[0]: #2S")
    assert not g.won and g.score == 27
    g.play("KD@pyramid[0]" + TO_W)
    assert g.won and g.score == 28
