"""Easthaven (PySolFC's game): each rule from a hand-made position.

Rules: seven columns of three (two face down), 31 in the stock; columns down in alternating
colours, runs move whole, any card fills a space; 'deal' puts a card on each column, spaces or
not, no redeal; foundations up by suit, a top card may come back; score = cards home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "easthaven"
FULL = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    for i in range(7):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, True, False]
    assert len(pile(g, "stock[0]")) == 31
    # tops JD 5D 7D 4D 2S AH 6C: 5D on 6C, AH home or on 2S, 6C on 7D, and the deal
    assert notations(g) == {
        "5D@tableau[1]>tableau[6]",
        "AH@tableau[5]>foundation[0]",
        "AH@tableau[5]>tableau[4]",
        "6C@tableau[6]>tableau[2]",
        "deal",
    }


def test_the_deal_covers_every_column_even_a_space():
    g = game(V, "tableau[0]: 9S; tableau[2]: 4H; stock[0]: #KC #2D #3D #4D #5D #6D #7D #8D #9D")
    assert "deal" in notations(g)
    g.play("deal")
    assert [pile(g, f"tableau[{i}]") for i in range(7)] == [
        ["9S", "9D"],
        ["8D"],
        ["4H", "7D"],
        ["6D"],
        ["5D"],
        ["4D"],
        ["3D"],
    ]
    g.play("deal")  # the last two cards: the first two columns only
    assert pile(g, "tableau[0]")[-1] == "2D" and pile(g, "tableau[1]")[-1] == "KC"
    assert pile(g, "stock[0]") == [] and "deal" not in notations(g)


def test_alternating_colours_and_any_card_in_a_space():
    g = game(V, "tableau[0]: #2C 8H 7S; tableau[1]: 9C; tableau[2]: 9H; tableau[3]: 6D; tableau[4]: KS; tableau[5]: KH")
    # the run 8H 7S on the 9C, 6D on the 7S; each top, or the run, into the space
    assert notations(g) == {"8H@tableau[0]>tableau[1]", "6D@tableau[3]>tableau[0]"} | {
        f"{c}@tableau[{i}]>tableau[6]" for i, c in enumerate(["8H", "9C", "9H", "6D", "KS", "KH"])
    } | {"7S@tableau[0]>tableau[6]"}
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[2]")  # same colour
    g.play("8H@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["2C"]  # turned up


def test_foundation_top_comes_back_and_won():
    g = game(V, "foundation[0]: AS 2S; tableau[0]: 3H")
    assert "2S@foundation[0]>tableau[0]" in notations(g)
    g = game(V, FULL.replace(" KD", "") + "; tableau[0]: KD")
    assert g.score == 51 and not g.won
    g.play("KD@tableau[0]>foundation[2]")
    assert g.won and g.score == 52
