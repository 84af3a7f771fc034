"""King Albert (PySolFC's game, Solvitaire's preset): each rule from a hand-made position.

Rules: nine face-up columns of 1 to 9 cards and seven one-card reserves; only a column's top card
moves, onto a card one rank higher of the other colour, any card into a space; reserve cards play
out but take nothing; foundations up by suit, a top card may come back; score = cards home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "king_albert"
FULL = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
FILL = "; ".join(f"tableau[{i}]: K{s}" for i, s in zip(range(5, 9), "SHDC"))  # columns 5-8: nothing fits


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == list(range(1, 10))
    assert [len(pile(g, f"reserve[{i}]")) for i in range(7)] == [1] * 7
    assert not any("#" in c for p in g.state.piles for c in map(str, p))
    # tops 7H JS 4D TC 6S KC QH 3C 4S, reserve 2D 8S TS 3D 2C 9D 7C
    assert notations(g) == {
        "JS@tableau[1]>tableau[6]",
        "6S@tableau[4]>tableau[0]",
        "QH@tableau[6]>tableau[5]",
        "3C@tableau[7]>tableau[2]",
        "2D@reserve[0]>tableau[7]",
        "3D@reserve[3]>tableau[8]",
        "9D@reserve[5]>tableau[3]",
    }


def test_one_card_at_a_time_and_any_card_in_a_space():
    g = game(V, "tableau[0]: TC 9H 8S; tableau[1]: JD; tableau[2]: 9D; tableau[3]: 5C; " + FILL)
    assert notations(g) == {"8S@tableau[0]>tableau[2]"} | {
        f"{c}@tableau[{i}]>tableau[4]" for i, c in enumerate(["8S", "JD", "9D", "5C", "", "KS", "KH", "KD", "KC"]) if c
    }
    with pytest.raises(MoveError):
        g.play("TC@tableau[0]>tableau[1]")  # a run never moves as a whole


def test_reserve_cards_play_out_and_take_nothing():
    g = game(
        V,
        "reserve[0]: 6H; reserve[1]: AD; tableau[0]: 7C; tableau[1]: 5S; tableau[2]: 2C; tableau[3]: 3C; "
        "tableau[4]: 4C; " + FILL,
    )
    assert notations(g) == {"6H@reserve[0]>tableau[0]", "AD@reserve[1]>foundation[0]", "AD@reserve[1]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("5S@tableau[1]>reserve[0]")


def test_foundation_top_comes_back_won_and_score():
    g = game(
        V,
        "foundation[0]: AS 2S; tableau[0]: 3H; tableau[1]: 3S; tableau[2]: 9C; tableau[3]: 9D; tableau[4]: 7D; " + FILL,
    )
    assert notations(g) == {"2S@foundation[0]>tableau[0]", "3S@tableau[1]>foundation[0]"}
    g = game(V, FULL.replace(" KD", "") + "; reserve[3]: KD")
    assert g.score == 51 and not g.won
    g.play("KD@reserve[3]>foundation[2]")
    assert g.won and g.score == 52
