"""Trigon, as Solvitaire's "trigon" preset plays it (and PySolFC's with foundations=removable).

Rules: Klondike's deal; columns build down by suit, runs so built move whole, only a king fills
a space; foundations up by suit; draw one, unlimited redeals; won with 52 cards home; score =
cards on the foundations.
"""

from __future__ import annotations

import pytest

from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "trigon"
FULL = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_build_down_by_suit_runs_of_one_suit_move_kings_fill_spaces():
    g = game(V, "tableau[0]: #2D 9H 8H; tableau[1]: 9S; tableau[2]: TH; tableau[3]: QD KC")
    assert notations(g) == {
        "9H@tableau[0]>tableau[2]",
        "KC@tableau[3]>tableau[4]",
        "KC@tableau[3]>tableau[5]",
        "KC@tableau[3]>tableau[6]",
    }
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[1]")  # other suit
    g.play("9H@tableau[0]>tableau[2]")
    assert pile(g, "tableau[0]") == ["2D"] and pile(g, "tableau[2]") == ["TH", "9H", "8H"]


@pytest.mark.parametrize("foundations, back", [("fixed", False), ("removable", True)])
def test_the_foundations_option(foundations, back):
    g = game(V, "foundation[0]: AH 2H 3H; tableau[0]: 4H; tableau[1]: 4C", foundations=foundations)
    assert notations(g) == {"4H@tableau[0]>foundation[0]"} | ({"3H@foundation[0]>tableau[0]"} if back else set())


def test_unlimited_redeals_draw_one():
    g = game(V, "waste[0]: 5C 9D; used: recycle=300")
    assert notations(g) == {"recycle"}
    g.play("recycle")
    g.play("draw")
    assert pile(g, "waste[0]") == ["5C"] and pile(g, "stock[0]") == ["#9D"]


def test_won_and_score():
    g = game(V, FULL.replace(" QD KD", "") + "; tableau[0]: KD QD")
    assert g.score == 50 and not g.won
    g.play("QD@tableau[0]>foundation[2]")
    g.play("KD@tableau[0]>foundation[2]")
    assert g.won and g.score == 52
