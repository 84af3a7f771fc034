"""Tam O'Shanter (PySolFC game 172): four piles dealt a row at a time; only their tops go up, any suit."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "tam_oshanter"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [1] * 4
    assert len(pile(g, "stock[0]")) == 48 and g.score == 0


def test_tops_go_up_from_the_ace_whatever_the_suit():
    g = game(V, "foundation[0]: AH; tableau[0]: 5C 2S; tableau[1]: AD; tableau[2]: 3C; tableau[3]: 9H; stock[0]: #KS")
    assert notations(g) == {"2S@tableau[0]>foundation[0]", "AD@tableau[1]>foundation[1]", "deal"}
    for illegal in ("3C@tableau[2]>foundation[0]", "2S@tableau[0]>tableau[2]", "5C@tableau[0]>foundation[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("2S@tableau[0]>foundation[0]")
    assert "3C@tableau[2]>foundation[0]" in notations(g)


def test_deal_puts_one_card_on_each_pile_and_there_is_no_redeal():
    g = game(V, "tableau[0]: 9C; tableau[1]: 8C; tableau[2]: 7C; tableau[3]: 6C; stock[0]: #KS #QS #JS #TS")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]") for i in range(4)] == [["9C", "TS"], ["8C", "JS"], ["7C", "QS"], ["6C", "KS"]]
    assert notations(g) == set() and g.over and not g.won
    g.undo()
    assert pile(g, "stock[0]") == ["#KS", "#QS", "#JS", "#TS"]


def test_won_when_every_card_is_on_the_foundations():
    ranks = "A23456789TJQK"
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; tableau[2]: KC")
    assert not g.won and g.score == 51
    g.play("KC@tableau[2]>foundation[3]")
    assert g.won and g.score == 52
