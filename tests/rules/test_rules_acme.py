"""Acme (PySolFC's game): each rule from a hand-made position.

Rules: aces dealt home; a reserve of 13 (top face up), four columns of one, one card to the
waste, 30 in the stock; foundations up by suit, nothing leaves; columns down by suit, one card at
a time; an empty column is filled from the reserve, then takes any card; draw one, one redeal.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "acme"
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [c.startswith("#") for c in pile(g, "reserve[0]")] == [True] * 12 + [False]
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 30 and g.score == 4
    # columns 2D 6D 3H 4S, waste 6H, reserve 8S: the 2D home (3H is not a spade)
    assert notations(g) == {"2D@tableau[0]>foundation[2]", "draw"}


def test_columns_build_down_by_suit_one_card_at_a_time():
    g = game(V, ACES + "; tableau[0]: 9H 8H; tableau[1]: 9C; tableau[2]: TH; tableau[3]: 7H; reserve[0]: #2D 8C")
    # the reserve's 8C on the 9C; 7H on 8H; not the 9C on the TH (other suit)
    assert notations(g) == {"8C@reserve[0]>tableau[1]", "7H@tableau[3]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[2]")  # no runs


def test_a_space_is_filled_from_the_reserve_then_takes_anything():
    g = game(V, ACES + "; tableau[0]: 2S; tableau[1]: 9C; tableau[2]: TH; tableau[3]: 7C; reserve[0]: #5D JH")
    g.play("2S@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["JH"] and pile(g, "reserve[0]") == ["5D"]
    g = game(V, ACES + "; tableau[1]: 9C; tableau[2]: TH; tableau[3]: 7C; waste[0]: 4D")
    assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {
        "4D@waste[0]>tableau[0]",
        "9C@tableau[1]>tableau[0]",
        "TH@tableau[2]>tableau[0]",
        "7C@tableau[3]>tableau[0]",
    }


def test_draw_one_and_one_redeal():
    g = game(V, ACES + "; stock[0]: #9D #KC")
    g.play("draw")
    assert pile(g, "waste[0]") == ["KC"]
    g.play("draw")
    g.play("recycle")
    g.play("draw")
    g.play("draw")
    assert "recycle" not in notations(g)


def test_won_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KD", "") + "; waste[0]: KD")
    assert g.score == 51
    g.play("KD@waste[0]>foundation[2]")
    assert g.won and g.score == 52
