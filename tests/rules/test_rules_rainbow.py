"""Rainbow (PySolFC's game): Canfield whose columns build down whatever the suits; draw one, one pass.

Rules: Canfield's deal with one card to the waste; foundations up by suit from the base rank,
turning the corner; columns down by rank alone (K on A), top card or whole column; an empty
column is filled from the reserve, then takes anything; draw one, no redeal.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "rainbow"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert pile(g, "foundation[0]") == ["7H"] and len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 33
    # columns JD 5D 7D 4D, waste 2S: the 7D starts a foundation, 4D goes on 5D (any suit)
    assert notations(g) == {"7D@tableau[2]>foundation[1]", "4D@tableau[3]>tableau[1]", "draw"}


def test_columns_build_down_whatever_the_suit_king_on_ace():
    g = game(
        V, "foundation[0]: 7H; tableau[0]: TC 9C; tableau[1]: JC; tableau[2]: AS; tableau[3]: 3D; reserve[0]: #2D KD"
    )
    assert notations(g) == {"TC@tableau[0]>tableau[1]", "KD@reserve[0]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[2]")


def test_no_redeal():
    g = game(V, "foundation[0]: 7H; stock[0]: #9D; " + "; ".join(f"tableau[{i}]: K{s}" for i, s in enumerate("SHDC")))
    g.play("draw")
    assert notations(g) == set()


def test_won_and_score():
    ranks = "789TJQKA23456"
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("HSDC"))
    g = game(V, full.replace(" 6C", "") + "; waste[0]: 6C; base_rank: 7")
    assert g.score == 51
    g.play("6C@waste[0]>foundation[3]")
    assert g.won and g.score == 52


def test_an_empty_column_is_filled_from_the_reserve_at_once():
    g = game(
        V, "foundation[0]: 7H 8H; tableau[0]: 9H; tableau[1]: 5C; tableau[2]: JS; tableau[3]: 2D; reserve[0]: #4S QC"
    )
    g.play("9H@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["QC"] and pile(g, "reserve[0]") == ["4S"]
