"""Numerica (PySolFC game 257): one waste card at a time to a foundation (any suit) or onto four piles."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "numerica"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 51
    assert all(pile(g, f"tableau[{i}]") == [] for i in range(4))
    assert g.score == 0


def test_the_waste_card_goes_onto_any_pile_or_a_foundation_of_any_suit():
    g = game(V, "foundation[0]: AS 2H; waste[0]: 3C; tableau[0]: KD; tableau[1]: 5S; tableau[2]: 4H AD; stock[0]: #9C")
    assert notations(g) == {
        "3C@waste[0]>foundation[0]",
        "3C@waste[0]>tableau[0]",
        "3C@waste[0]>tableau[1]",
        "3C@waste[0]>tableau[2]",
        "3C@waste[0]>tableau[3]",
        "AD@tableau[2]>foundation[1]",  # the empty foundations are alike
    }


def test_pile_tops_go_only_to_the_foundations_and_nothing_leaves_a_foundation():
    g = game(V, "foundation[0]: AS 2H; tableau[0]: 4D 3S; tableau[1]: 9C; waste[0]: 5H; stock[0]: #9D")
    assert "3S@tableau[0]>foundation[0]" in notations(g)
    for illegal in (
        "3S@tableau[0]>tableau[1]",
        "9C@tableau[1]>tableau[3]",
        "2H@foundation[0]>tableau[3]",
        "4D@tableau[0]>foundation[0]",
    ):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_the_next_card_is_turned_only_onto_an_empty_waste_and_there_is_no_redeal():
    g = game(V, "tableau[0]: 9C; waste[0]: 5H; stock[0]: #KD #8S")
    assert "draw" not in notations(g)
    g.play("5H@waste[0]>tableau[1]")
    assert notations(g) == {"draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["8S"] and pile(g, "stock[0]") == ["#KD"]
    g.play("8S@waste[0]>tableau[0]")
    g.play("draw")
    g.play("KD@waste[0]>tableau[0]")
    assert notations(g) == set() and g.over and not g.won


def test_won_when_every_card_is_on_the_foundations():
    ranks = "A23456789TJQK"
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; waste[0]: KC")
    assert not g.won and g.score == 51
    g.play("KC@waste[0]>foundation[3]")
    assert g.won and g.score == 52
