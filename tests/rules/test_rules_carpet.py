"""Carpet (PySolFC game 97): aces up; twenty single-card places and the waste feed the foundations."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "carpet"
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"carpet[{i}]")) for i in range(20)] == [1] * 20
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 27
    assert g.score == 4


def test_carpet_cards_and_the_waste_top_go_up_in_suit():
    full = "; ".join(
        f"carpet[{i}]: {c}" for i, c in enumerate("2H 3S 9D 9C TS TH TD TC JS JH JD JC QS QH QD QC KS KH KD KC".split())
    )
    g = game(V, f"{ACES}; {full}; waste[0]: 3H 2S; stock[0]: #5C")
    assert notations(g) == {"2H@carpet[0]>foundation[1]", "2S@waste[0]>foundation[0]", "draw"}
    with pytest.raises(MoveError):
        g.play("3S@carpet[1]>foundation[0]")
    g.play("2S@waste[0]>foundation[0]")
    assert "3S@carpet[1]>foundation[0]" in notations(g)


def test_an_empty_place_takes_any_one_card_and_is_not_refilled_by_itself():
    g = game(V, f"{ACES}; carpet[0]: 2D; waste[0]: 8S; stock[0]: #7C")
    g.play("2D@carpet[0]>foundation[2]")
    assert pile(g, "carpet[0]") == [] and pile(g, "waste[0]") == ["8S"]
    assert "8S@waste[0]>carpet[0]" in notations(g)
    g.play("8S@waste[0]>carpet[0]")
    with pytest.raises(MoveError):
        g.play("7C@stock[0]>carpet[0]")
    with pytest.raises(MoveError):
        g.play("8S@carpet[0]>foundation[0]")


def test_one_pass_through_the_stock_and_nothing_leaves_a_foundation():
    g = game(V, "foundation[0]: AS 2S; carpet[3]: 9C; stock[0]: #4H")
    g.play("draw")
    assert pile(g, "waste[0]") == ["4H"] and "draw" not in notations(g)
    with pytest.raises(MoveError):
        g.play("2S@foundation[0]>carpet[0]")


def test_won_when_all_cards_are_on_the_foundations():
    ranks = "A23456789TJQK"
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; carpet[19]: KC")
    assert not g.won and g.score == 51
    g.play("KC@carpet[19]>foundation[3]")
    assert g.won and g.score == 52
