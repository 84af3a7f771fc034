"""Gold Rush (PySolFC's game): Klondike with three passes, drawing three, then two, then one.

Rules: Klondike's deal and building; the first pass turns three cards per draw, the second two,
the third one; two recycles; score = cards on the foundations.
"""

from __future__ import annotations

import pytest

from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "gold_rush"
STOCK = "stock[0]: #6C #5C #4C #3C #2C #AC"  # AC on top


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_three_then_two_then_one_card_per_draw():
    g = game(V, STOCK)
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC", "2C", "3C"]
    assert notations(g) == {"draw"}
    g.play("draw")
    g.play("recycle")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC", "2C"]
    assert notations(g) == {"draw"}  # the 2C has no foundation yet
    g.play("draw")
    g.play("draw")
    g.play("recycle")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC"] and pile(g, "stock[0]")[-1] == "#2C"
    g.play("AC@waste[0]>foundation[0]")
    for _ in range(5):
        g.play("draw")
    assert pile(g, "waste[0]")[-1] == "6C" and notations(g) == set()
    with pytest.raises(MoveError):
        g.play("recycle")  # three passes only


def test_klondike_columns():
    g = game(V, "tableau[0]: #2C 9D 8S; tableau[1]: TC; tableau[2]: KH")
    assert notations(g) == {"9D@tableau[0]>tableau[1]"} | {f"KH@tableau[2]>tableau[{i}]" for i in range(3, 7)}
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["2C"]


def test_won_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KS", "") + "; waste[0]: KS")
    assert g.score == 51
    g.play("KS@waste[0]>foundation[0]")
    assert g.won and g.score == 52
