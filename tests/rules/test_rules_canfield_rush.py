"""Canfield Rush (PySolFC's game): Canfield with three passes, drawing three, then two, then one.

Rules: Canfield's deal and building; the first pass turns three cards per draw, the second two,
the third one; two recycles; score = cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "canfield_rush"
KINGS = "; ".join(f"tableau[{i}]: K{s}" for i, s in enumerate("SHDC"))  # nothing moves to or from them


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert pile(g, "foundation[0]") == ["7H"] and len(pile(g, "waste[0]")) == 3 and len(pile(g, "stock[0]")) == 31
    assert notations(g) == {"6C@waste[0]>tableau[2]", "7D@tableau[2]>foundation[1]", "draw"}


def test_three_then_two_then_one_card_per_draw_and_no_fourth_pass():
    g = game(V, "foundation[0]: 7H; stock[0]: #6C #5C #4C #3C #2C #AC; " + KINGS)
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC", "2C", "3C"]
    g.play("draw")
    g.play("recycle")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC", "2C"]
    for _ in range(2):
        g.play("draw")
    g.play("recycle")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC"]
    for _ in range(5):
        g.play("draw")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("recycle")


def test_columns_are_canfields():
    g = game(
        V, "foundation[0]: 2C; tableau[0]: TC 9H 8S; tableau[1]: TS; tableau[2]: JD; tableau[3]: AH; reserve[0]: #3D KS"
    )
    assert notations(g) == {"TC@tableau[0]>tableau[2]", "TS@tableau[1]>tableau[2]", "KS@reserve[0]>tableau[3]"}


def test_won_and_score():
    ranks = "789TJQKA23456"
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("HSDC"))
    g = game(V, full.replace(" 6C", "") + "; waste[0]: 6C; base_rank: 7")
    assert g.score == 51
    g.play("6C@waste[0]>foundation[3]")
    assert g.won and g.score == 52
