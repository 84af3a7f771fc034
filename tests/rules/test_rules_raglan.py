"""Raglan (PySolFC's game, Solvitaire's preset): King Albert with the aces dealt home.

Rules: the four aces on the foundations; nine face-up columns of 1..7, 7, 7 cards and six one-card
reserves; one card at a time, down in alternating colours, any card into a space; foundations up
by suit, a top card may come back; score = cards on the foundations.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "raglan"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_puts_the_aces_home():
    g = rulesdsl.load(V).new_game(2)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [1, 2, 3, 4, 5, 6, 7, 7, 7]
    assert [len(pile(g, f"reserve[{i}]")) for i in range(6)] == [1] * 6
    assert "reserve[6]" not in g.variant.layout.pile_names
    assert g.score == 4


def test_seed_1_by_hand():
    # tops JS 8D 6H 3D 8H TC 2S KS JH; reserve 4C 7D TH QH 2C 7H. The red aces may come back
    # down onto the 2S (a foundation's top card may leave it, as in PySolFC)
    g = rulesdsl.load(V).new_game(1)
    assert notations(g) == {
        "AH@foundation[1]>tableau[6]",
        "AD@foundation[2]>tableau[6]",
        "TC@tableau[5]>tableau[8]",
        "2S@tableau[6]>foundation[0]",
        "2S@tableau[6]>tableau[3]",
        "TH@reserve[2]>tableau[0]",
        "QH@reserve[3]>tableau[7]",
        "2C@reserve[4]>foundation[3]",
        "2C@reserve[4]>tableau[3]",
    }


def test_one_card_at_a_time_and_the_win():
    g = game(V, "foundation[0]: AS; tableau[0]: 5C 4D; tableau[1]: 6H; tableau[2]: 5S")
    assert "5C@tableau[0]>tableau[1]" not in notations(g)  # no runs
    assert "4D@tableau[0]>tableau[2]" in notations(g)
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KC", "") + "; reserve[5]: KC")
    g.play("KC@reserve[5]>foundation[3]")
    assert g.won and g.score == 52
