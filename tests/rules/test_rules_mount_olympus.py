"""Mount Olympus (PySolFC's game): each rule from a hand-made position.

Rules: two decks; the aces and twos on sixteen foundations, each building up by suit in twos;
nine columns of one, 79 in the stock; columns down by suit in twos, such runs move whole; an
empty column is filled from the stock, then takes anything; 'deal' puts a card on each column.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "mount_olympus"
BASES = "; ".join(
    f"foundation[{i}]: {r}{s}{'.1' if i % 2 else ''}"
    for i, (r, s) in enumerate((r, s) for r in "A2" for s in "SSHHDDCC")
)


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]")[0][0] for i in range(16)] == ["A"] * 8 + ["2"] * 8
    assert all(len(pile(g, f"tableau[{i}]")) == 1 for i in range(9)) and len(pile(g, "stock[0]")) == 79
    # columns 5S 7H 8D 8C JD TD 5S QH JS: only the 8D on the TD
    assert notations(g) == {"8D.1@tableau[2]>tableau[5]", "deal"}


def test_foundations_and_columns_go_in_twos_by_suit():
    g = game(
        V,
        BASES + "; tableau[0]: 3S; tableau[1]: 4S; tableau[2]: 9H 7H; tableau[3]: JH; tableau[4]: KS; "
        "tableau[5]: 6C; tableau[6]: 8D; tableau[7]: 8C; tableau[8]: KH",
    )
    assert notations(g) == {
        "3S@tableau[0]>foundation[0]",
        "3S@tableau[0]>foundation[1]",
        "4S@tableau[1]>foundation[8]",
        "4S@tableau[1]>foundation[9]",
        "9H@tableau[2]>tableau[3]",
        "JH@tableau[3]>tableau[8]",
        "6C@tableau[5]>tableau[7]",
    }
    with pytest.raises(MoveError):
        g.play("7H@tableau[2]>tableau[6]")


def test_a_space_is_filled_from_the_stock_then_takes_anything():
    g = game(V, BASES + "; tableau[0]: 3S; tableau[1]: 4S; stock[0]: #9C #KD")
    g.play("3S@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["KD"]
    g = game(V, BASES + "; tableau[0]: 3S; tableau[1]: 9C")
    assert "9C@tableau[1]>tableau[2]" in notations(g)


def test_the_deal_and_the_win():
    g = game(V, BASES + "; " + "; ".join(f"tableau[{i}]: 3H" for i in range(2)) + "; stock[0]: #9C #KD")
    g.play("deal")
    assert pile(g, "tableau[0]") == ["3H", "KD"] and pile(g, "tableau[1]") == ["3H", "9C"]
    odd, even = "A3579JK", "2468TQ"
    full = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}{'.1' if i % 2 else ''}" for r in (odd if i < 8 else even))
        for i, s in enumerate("SSHHDDCC" * 2)
    )
    g = game(V, full.replace(" QC.1", "") + "; tableau[0]: QC.1")
    assert g.score == 103 and not g.won
    g.play("QC.1@tableau[0]>foundation[15]")
    assert g.won and g.score == 104
