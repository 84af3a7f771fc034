"""Storehouse (PySolFC's game): each rule from a hand-made position.

Rules: the twos dealt home; a reserve of 13 (top face up), four columns of one, one card to the
waste, 30 in the stock; foundations up by suit from the two, turning the corner to the ace;
columns down by suit (K on A), the top card or the whole column moving; an empty column is
filled from the reserve, then takes anything; draw one, two redeals; score = cards home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "storehouse"
TWOS = "foundation[0]: 2S; foundation[1]: 2H; foundation[2]: 2D; foundation[3]: 2C"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["2S"], ["2H"], ["2D"], ["2C"]]
    assert len(pile(g, "reserve[0]")) == 13 and len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 30
    # columns AD 6D 3H 4S, waste 6H, reserve top 8S: the 3H home
    assert notations(g) == {"3H@tableau[2]>foundation[1]", "draw"}


def test_foundations_turn_the_corner_to_the_ace():
    g = game(
        V,
        "foundation[0]: 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS; foundation[1]: 2H; foundation[2]: 2D; "
        "foundation[3]: 2C; tableau[0]: AS; tableau[1]: 9H; tableau[2]: 9D; tableau[3]: 9C",
    )
    assert notations(g) == {"AS@tableau[0]>foundation[0]"}


def test_columns_by_suit_top_card_or_whole_column_king_on_ace():
    g = game(V, TWOS + "; tableau[0]: TC 9C 8C; tableau[1]: JC; tableau[2]: 9S; tableau[3]: AH; reserve[0]: #3D KH")
    assert notations(g) == {"TC@tableau[0]>tableau[1]", "KH@reserve[0]>tableau[3]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")  # part of a column
    g.play("TC@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["KH"] and pile(g, "reserve[0]") == ["3D"]  # filled from the reserve


def test_an_empty_column_takes_anything_once_the_reserve_is_empty():
    g = game(V, TWOS + "; tableau[1]: TC 9C; tableau[2]: 5D; tableau[3]: QH; waste[0]: 4C")
    assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {
        "TC@tableau[1]>tableau[0]",
        "9C@tableau[1]>tableau[0]",
        "5D@tableau[2]>tableau[0]",
        "QH@tableau[3]>tableau[0]",
        "4C@waste[0]>tableau[0]",
    }


def test_draw_one_and_two_redeals():
    g = game(V, TWOS + "; stock[0]: #9D; " + "; ".join(f"tableau[{i}]: K{s}" for i, s in enumerate("SHDC")))
    for _ in range(2):
        g.play("draw")
        g.play("recycle")
    g.play("draw")
    assert notations(g) == set()


def test_won_and_score():
    ranks = "23456789TJQKA"
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" AH", "") + "; waste[0]: AH")
    assert g.score == 51
    g.play("AH@waste[0]>foundation[1]")
    assert g.won and g.score == 52
