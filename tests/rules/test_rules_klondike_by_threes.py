"""Klondike by Threes (PySolFC's "Klondike (Draw 3)"): Klondike whose draws turn three cards.

Rules: Klondike's columns, foundations and kings-only spaces; each draw turns three stock cards
onto the waste (fewer when fewer remain), only the top one playable; unlimited recycles.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "klondike_by_threes"
FULL = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=2) == []


def test_draws_three_by_default():
    v = rulesdsl.load(V)
    assert v.options == {"draw": 3}
    g = game(V, "stock[0]: #9C #5H #4H #3H; tableau[0]: 6S")
    g.play("draw")
    assert pile(g, "waste[0]") == ["3H", "4H", "5H"] and pile(g, "stock[0]") == ["#9C"]
    # only the last card turned plays: 5H on 6S; the 4H under it does not
    assert notations(g) == {"5H@waste[0]>tableau[0]", "draw"}
    with pytest.raises(MoveError):
        g.play("4H@waste[0]>tableau[0]")


def test_the_waste_goes_back_as_often_as_you_like():
    g = game(V, "waste[0]: 9C 5H 4D; used: recycle=400")
    assert notations(g) == {"recycle"}
    g.play("recycle")
    assert pile(g, "stock[0]") == ["#4D", "#5H", "#9C"]
    g.play("draw")
    assert pile(g, "waste[0]") == ["9C", "5H", "4D"]


def test_columns_and_spaces_are_klondikes():
    g = game(V, "tableau[0]: #3C 9D 8S; tableau[1]: TC; tableau[2]: QH; tableau[3]: KC; tableau[4]: 2D")
    # a run on a card a rank higher of the other colour; a king (only) into each space
    assert notations(g) == {
        "9D@tableau[0]>tableau[1]",
        "QH@tableau[2]>tableau[3]",
        "KC@tableau[3]>tableau[5]",
        "KC@tableau[3]>tableau[6]",
    }
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["3C"]  # turned up


def test_won_with_every_card_home_and_the_score():
    g = game(V, FULL.replace(" KC", "") + "; waste[0]: KC")
    assert not g.won and g.score == 0
    g.play("KC@waste[0]>foundation[3]")
    assert g.won and g.score == 0  # no score is kept
