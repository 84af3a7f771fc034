"""Northwest Territory, as Solvitaire's "northwest-territory" preset (and PySolFC) plays it.

Rules: eight columns of 1 to 8 cards, top face up; sixteen face-up one-card reserves; columns
down in alternating colours, runs move whole, only a king fills a space; reserve cards play out
and take nothing; foundations up by suit, top may come back; score = cards home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "northwest_territory"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == list(range(1, 9))
    assert [g.state.down[g.variant.pile_index(f"tableau[{i}]")] for i in range(8)] == list(range(8))
    assert [len(pile(g, f"reserve[{i}]")) for i in range(16)] == [1] * 16
    # tops 7H 9C 5D KS TH 6S 5S KC; reserve 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C
    assert notations(g) == {
        "9C@tableau[1]>tableau[4]",
        "5D@tableau[2]>tableau[5]",
        "6S@tableau[5]>tableau[0]",
        "QD@reserve[2]>tableau[3]",
        "QD@reserve[2]>tableau[7]",
        "QH@reserve[3]>tableau[3]",
        "QH@reserve[3]>tableau[7]",
        "AS@reserve[7]>foundation[0]",
        "4S@reserve[8]>tableau[2]",
    }


def test_runs_move_whole_kings_fill_spaces_and_cards_turn_up():
    g = game(
        V,
        "tableau[0]: #4C TD 9S 8H; tableau[1]: JC; tableau[2]: QS; tableau[3]: KH; tableau[4]: 9D; "
        "tableau[5]: 2C; tableau[6]: 2D; reserve[0]: KS",
    )
    assert notations(g) == {
        "TD@tableau[0]>tableau[1]",
        "KS@reserve[0]>tableau[7]",
        "KH@tableau[3]>tableau[7]",
        "QS@tableau[2]>tableau[3]",
    }
    with pytest.raises(MoveError):
        g.play("9D@tableau[4]>tableau[7]")  # only a king into a space
    g.play("TD@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["4C"] and pile(g, "tableau[1]") == ["JC", "TD", "9S", "8H"]


def test_reserves_take_nothing_and_the_win():
    g = game(
        V,
        "reserve[0]: 5H; tableau[0]: 6C; tableau[1]: 4S; tableau[2]: KD; tableau[3]: KC; tableau[4]: KH; "
        "tableau[5]: KS; tableau[6]: 2D; tableau[7]: 2H",
    )
    assert notations(g) == {"5H@reserve[0]>tableau[0]"}
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KC", "") + "; reserve[15]: KC")
    assert g.score == 51
    g.play("KC@reserve[15]>foundation[3]")
    assert g.won and g.score == 52
