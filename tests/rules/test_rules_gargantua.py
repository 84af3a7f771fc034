"""Gargantua (PySolFC's game): Double Klondike with one redeal.

Rules: those of Double Klondike (tests/rules/test_rules_double_klondike.py) but the waste may be
turned back over as the stock once only.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "gargantua"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_one_redeal_only():
    g = game(V, "stock[0]: #5H #9C")
    g.play("draw")
    g.play("draw")
    assert notations(g) == {"recycle"}
    g.play("recycle")
    assert pile(g, "stock[0]") == ["#5H", "#9C"]
    g.play("draw")
    g.play("draw")
    assert notations(g) == set() and g.over and not g.won
    with pytest.raises(MoveError):
        g.play("recycle")


def test_two_decks_nine_columns_kings_fill_spaces():
    g = rulesdsl.load(V).new_game(3)
    assert g.state.card_count() == 104 and len(pile(g, "stock[0]")) == 59
    g = game(V, "tableau[0]: QD; tableau[1]: KS; tableau[2]: JC; tableau[3]: QH.1")
    assert notations(g) == {
        "QD@tableau[0]>tableau[1]",
        "QH.1@tableau[3]>tableau[1]",
        "JC@tableau[2]>tableau[0]",
        "JC@tableau[2]>tableau[3]",
    } | {f"KS@tableau[1]>tableau[{i}]" for i in range(4, 9)}


def test_won_and_score():
    full = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("SHDCSHDC")
    )
    g = game(V, full)
    assert g.won and g.score == 104
