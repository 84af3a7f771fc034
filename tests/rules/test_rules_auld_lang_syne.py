"""Auld Lang Syne (PySolFC game 95): Tam O'Shanter with the aces on the foundations from the start."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "auld_lang_syne"


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_aces_up(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [1] * 4
    assert len(pile(g, "stock[0]")) == 44 and g.score == 4


def test_tops_build_up_whatever_the_suit_and_an_empty_foundation_takes_nothing():
    g = game(
        V, "foundation[0]: AS; foundation[1]: AH 2D; tableau[0]: 2C; tableau[1]: 3H; tableau[2]: AC; stock[0]: #5D"
    )
    assert notations(g) == {"2C@tableau[0]>foundation[0]", "3H@tableau[1]>foundation[1]", "deal"}
    with pytest.raises(MoveError):
        g.play("AC@tableau[2]>foundation[2]")


def test_deal_and_win():
    ranks = "A23456789TJQK"
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; stock[0]: #KC")
    assert notations(g) == {"deal"}
    g.play("deal")
    assert pile(g, "tableau[0]") == ["KC"]
    g.play("KC@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
