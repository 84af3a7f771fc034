"""Moosehide (PySolFC's game): Yukon building down in any suit but the card's own.

Rules: Yukon's deal; any face-up card moves with the cards on it onto a card one rank higher of
another suit; only a king fills a space; foundations up by suit, nothing leaves them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "moosehide"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_seed_1_by_hand():
    # tops 7H 7S QC 3C 8S 2C 7C, with the face-up cards under them
    g = rulesdsl.load(V).new_game(1)
    assert notations(g) == {
        "7H@tableau[0]>tableau[4]",
        "AH@tableau[1]>tableau[5]",
        "2H@tableau[1]>tableau[3]",
        "6H@tableau[1]>tableau[6]",
        "6C@tableau[2]>tableau[0]",
        "6C@tableau[2]>tableau[1]",
        "AS@tableau[4]>tableau[5]",
        "AD@tableau[4]>tableau[5]",
        "7C@tableau[6]>tableau[4]",
        "2D@tableau[6]>tableau[3]",
    }


def test_any_other_suit_and_kings_in_spaces():
    g = game(
        V,
        "tableau[0]: #4C 8D 2S KH; tableau[1]: 9D; tableau[2]: 9C; tableau[3]: QS; tableau[4]: 5S; "
        "tableau[5]: 4H; tableau[6]: 3D",
    )
    # 8D (with 2S KH) on the 9C, not the 9D; 2S (with KH) on 3D; QS on KH; 4H on 5S; 3D on 4H
    assert notations(g) == {
        "8D@tableau[0]>tableau[2]",
        "2S@tableau[0]>tableau[6]",
        "QS@tableau[3]>tableau[0]",
        "4H@tableau[5]>tableau[4]",
        "3D@tableau[6]>tableau[5]",
    }
    with pytest.raises(MoveError):
        g.play("8D@tableau[0]>tableau[1]")  # same suit
    g.play("8D@tableau[0]>tableau[2]")
    assert pile(g, "tableau[0]") == ["4C"] and pile(g, "tableau[2]") == ["9C", "8D", "2S", "KH"]


def test_foundations_and_the_win():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KC", "") + "; tableau[2]: KC")
    assert g.score == 51
    g.play("KC@tableau[2]>foundation[3]")
    assert g.won and g.score == 52
    g = game(V, "foundation[0]: AS 2S; tableau[0]: 3H")
    assert notations(g) == set()  # nothing leaves a foundation
