"""Giza (PySolFC game 592): an open Pyramid with eight reserves of three and no stock."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "giza"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert all(len(pile(g, f"pyramid[{i}]")) == 1 for i in range(28))
    assert [len(pile(g, f"reserve[{i}]")) for i in range(8)] == [3] * 8
    assert all(d == 0 for d in g.state.down)  # every card face up
    assert g.state.card_count() == 52 and g.score == 0


def test_exposed_cards_of_the_pyramid_and_reserve_tops_pair_to_thirteen():
    g = game(V, "pyramid[0]: 8C; pyramid[1]: 5D; pyramid[2]: 3S; reserve[0]: QH 10S; reserve[1]: KD 6C")
    assert notations(g) == {"remove 3S@pyramid[2] TS@reserve[0]"}
    for illegal in ("remove 8C@pyramid[0] 5D@pyramid[1]", "remove KD@reserve[1]", "remove 5D@pyramid[1] 8C@pyramid[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("remove 3S@pyramid[2] TS@reserve[0]")
    assert notations(g) == set()  # pyramid[0] still covered by 5D; QH needs an ace
    assert pile(g, "reserve[0]") == ["QH"] and pile(g, "discard[0]") == ["3S", "TS"]


def test_a_king_goes_alone_and_uncovers_what_lies_under_it():
    g = game(V, "pyramid[0]: 8C; pyramid[1]: 5D; pyramid[2]: KS; reserve[3]: 6H")
    assert notations(g) == {"remove KS@pyramid[2]"}
    g.play("remove KS@pyramid[2]")
    assert notations(g) == set()
    g = game(V, "pyramid[0]: 8C; pyramid[2]: KS; reserve[3]: 5H")
    g.play("remove KS@pyramid[2]")
    assert notations(g) == {"remove 8C@pyramid[0] 5H@reserve[3]"}


def test_won_when_all_52_cards_are_removed():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("4D", "9S")]
    g = game(V, f"discard[0]: {' '.join(rest)}; pyramid[5]: 4D; reserve[7]: 9S")
    assert not g.won and g.score == 50
    g.play("remove 4D@pyramid[5] 9S@reserve[7]")
    assert g.won and g.score == 52
