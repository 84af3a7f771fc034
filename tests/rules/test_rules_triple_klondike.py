"""Triple Klondike (PySolFC's game): Klondike with three decks, 13 columns, 12 foundations.

Rules: thirteen columns of 1 to 13 cards, top face up, 65 in the stock; columns down in
alternating colours, runs move whole, kings fill spaces; twelve foundations up by suit; draw
one, unlimited redeals; won with 156 cards home; score = cards on the foundations.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "triple_klondike"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert g.state.card_count() == 156 and len(pile(g, "stock[0]")) == 65
    assert [len(pile(g, f"tableau[{i}]")) for i in range(13)] == list(range(1, 14))
    tops = "4S KH TS 2H 2H 8S AS JC 5D KD JC 3H QC".split()
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(13)] == tops
    # 4S on 5D, AS home or on either 2H, 3H on 4S, QC on KH or KD; and the draw
    assert notations(g) == {
        "4S.2@tableau[0]>tableau[8]",
        "AS.2@tableau[6]>foundation[0]",
        "AS.2@tableau[6]>tableau[3]",
        "AS.2@tableau[6]>tableau[4]",
        "3H@tableau[11]>tableau[0]",
        "QC.2@tableau[12]>tableau[1]",
        "QC.2@tableau[12]>tableau[9]",
        "draw",
    }


def test_three_copies_of_a_card_build_on_one_foundation_each():
    g = game(V, "foundation[0]: AH; foundation[1]: AH.1; foundation[2]: AH.2; tableau[0]: 2H; tableau[1]: 2H.1")
    moves = notations(g)
    assert {m for m in moves if "foundation" in m} == {
        f"2H{c}@tableau[{t}]>foundation[{f}]" for t, c in ((0, ""), (1, ".1")) for f in range(3)
    }


def test_won_and_score():
    full = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}.{i // 4}" for r in "A23456789TJQK") for i, s in enumerate("SHDC" * 3)
    )
    g = game(V, full.replace(" KC.2", "") + "; waste[0]: KC.2")
    assert not g.won and g.score == 155
    g.play("KC.2@waste[0]>foundation[11]")
    assert g.won and g.score == 156
