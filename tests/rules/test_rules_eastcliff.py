"""Eastcliff (PySolFC's game): seven columns of three, a waste, one pass.

Rules: seven columns of three (two face down), one card to the waste, 30 in the stock; columns down
in alternating colours, runs move whole, any card fills a space; foundations up by suit, a top
card may come back; draw one, no redeal; score = cards on the foundations.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "eastcliff"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    for i in range(7):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, True, False]
    assert pile(g, "waste[0]") == ["KS"] and len(pile(g, "stock[0]")) == 30
    assert notations(g) == {
        "5D@tableau[1]>tableau[6]",
        "AH@tableau[5]>foundation[0]",
        "AH@tableau[5]>tableau[4]",
        "6C@tableau[6]>tableau[2]",
        "draw",
    }


def test_any_card_fills_a_space_and_a_foundation_top_comes_back():
    g = game(
        V,
        "foundation[0]: AS 2S; tableau[0]: 3H; tableau[1]: 9C; tableau[2]: 9D; tableau[3]: QC; "
        "tableau[4]: QD; tableau[5]: JS; waste[0]: 7H",
    )
    assert notations(g) == {
        "2S@foundation[0]>tableau[0]",
        "JS@tableau[5]>tableau[4]",
        "2S@foundation[0]>tableau[6]",
    } | {f"{c}@tableau[{i}]>tableau[6]" for i, c in enumerate(["3H", "9C", "9D", "QC", "QD", "JS"])} | {
        "7H@waste[0]>tableau[6]"
    }


def test_one_pass_and_the_win():
    g = game(
        V,
        "stock[0]: #5H; "
        + "; ".join(f"tableau[{i}]: K{s}" for i, s in enumerate("SHDC"))
        + "; tableau[4]: 2S; tableau[5]: 2H; tableau[6]: 2C",
    )
    g.play("draw")
    assert notations(g) == set()
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KC", "") + "; waste[0]: KC")
    g.play("KC@waste[0]>foundation[3]")
    assert g.won and g.score == 52


def test_a_face_down_card_turns_up():
    g = game(V, "tableau[0]: #3C #AD QH; tableau[1]: KS")
    g.play("QH@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#3C", "AD"]
