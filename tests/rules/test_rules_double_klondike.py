"""Double Klondike (PySolFC's game): each rule from a hand-made position.

Rules: two decks; nine columns of 1 to 9 cards, top face up, 59 in the stock; columns down in
alternating colours, runs move whole, kings fill spaces; eight foundations up by suit, any ace
to an empty one, a top card may come back; draw one, unlimited redeals; won with 104 cards home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "double_klondike"
SUIT = "A23456789TJQK"
FULL = "; ".join(
    f"foundation[{i}]: " + " ".join(f"{r}{s}{'.1' if i >= 4 else ''}" for r in SUIT) for i, s in enumerate("SHDCSHDC")
)


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal():
    g = rulesdsl.load(V).new_game(1)
    assert g.state.card_count() == 104
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == list(range(1, 10))
    assert [g.state.down[g.variant.pile_index(f"tableau[{i}]")] for i in range(9)] == list(range(9))
    assert len(pile(g, "stock[0]")) == 59 and pile(g, "waste[0]") == []


def test_seed_1_by_hand():
    # tops 6D 9S 4H 5C 8H 7H 6H 3D JC (two decks: the second 4H and 5C)
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(9)] == "6D 9S 4H 5C 8H 7H 6H 3D JC".split()
    assert notations(g) == {
        "4H.1@tableau[2]>tableau[3]",
        "5C.1@tableau[3]>tableau[0]",
        "5C.1@tableau[3]>tableau[6]",
        "8H@tableau[4]>tableau[1]",
        "draw",
    }


def test_both_copies_of_an_ace_start_foundations_and_kings_fill_spaces():
    g = game(V, "foundation[0]: AS; tableau[0]: AS.1; tableau[1]: 2S; tableau[2]: QH KC; tableau[3]: 9D")
    assert notations(g) == {
        "AS.1@tableau[0]>foundation[1]",
        "2S@tableau[1]>foundation[0]",
        "KC@tableau[2]>tableau[4]",
        "KC@tableau[2]>tableau[5]",
        "KC@tableau[2]>tableau[6]",
        "KC@tableau[2]>tableau[7]",
        "KC@tableau[2]>tableau[8]",
    }
    with pytest.raises(MoveError):
        g.play("9D@tableau[3]>tableau[4]")  # only a king into a space


def test_redeals_are_unlimited():
    g = game(V, "waste[0]: 9C 5H; used: recycle=100")
    assert notations(g) == {"recycle"}


def test_won_with_all_104_cards_home():
    g = game(V, FULL.replace(" KC.1", "") + "; waste[0]: KC.1")
    assert not g.won and g.score == 103
    g.play("KC.1@waste[0]>foundation[7]")
    assert g.won and g.score == 104


def test_a_face_down_card_turns_up():
    g = game(V, "tableau[0]: #3C #AD QH; tableau[1]: KS")
    g.play("QH@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#3C", "AD"]
    assert "AD@tableau[0]>foundation[0]" in notations(g)
