"""Superior Canfield (PySolFC's game): Canfield with the reserve face up and no automatic fill.

Rules: Canfield's deal and building (base rank from the first card, columns down in alternating
colours turning the corner, top card or whole column), but the reserve lies face up and an empty
column is filled only by the player, with any card; draw three, unlimited redeals.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "superior_canfield"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert not any(c.startswith("#") for c in pile(g, "reserve[0]")) and len(pile(g, "reserve[0]")) == 13
    assert pile(g, "foundation[0]") == ["7H"] and len(pile(g, "waste[0]")) == 3
    assert notations(g) == {"6C@waste[0]>tableau[2]", "7D@tableau[2]>foundation[1]", "draw"}


def test_only_the_reserve_top_plays():
    g = game(V, "foundation[0]: 7H; reserve[0]: 9C 4S; tableau[0]: 5D; tableau[1]: TD; tableau[2]: QS; tableau[3]: 3H")
    assert notations(g) == {"4S@reserve[0]>tableau[0]"}


def test_spaces_are_filled_by_the_player_with_anything():
    g = game(
        V,
        "foundation[0]: 7H; reserve[0]: 9C 4S; tableau[0]: 5D; tableau[1]: TC 9H; tableau[2]: QS; "
        "tableau[3]: 6C; waste[0]: 2C",
    )
    g.play("5D@tableau[0]>tableau[3]")
    assert pile(g, "tableau[0]") == [] and pile(g, "reserve[0]") == ["9C", "4S"]
    assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {
        "4S@reserve[0]>tableau[0]",
        "2C@waste[0]>tableau[0]",
        "TC@tableau[1]>tableau[0]",
        "9H@tableau[1]>tableau[0]",
        "QS@tableau[2]>tableau[0]",
        "5D@tableau[3]>tableau[0]",
        "6C@tableau[3]>tableau[0]",
    }


def test_won_and_score():
    ranks = "789TJQKA23456"
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("HSDC"))
    g = game(V, full.replace(" 6C", "") + "; reserve[0]: 6C; base_rank: 7")
    assert g.score == 51
    g.play("6C@reserve[0]>foundation[3]")
    assert g.won and g.score == 52
