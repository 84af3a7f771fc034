"""Aces Up (variants/aces_up.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: four columns of one card, 48 in the stock; a column's top card is discarded when another
column's top card is of its suit and higher (aces high), never an ace; a top card may move into an
empty column; deal puts one card on each column; won with 48 discards and one ace in each column;
score = cards discarded.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "aces_up"
D = ">foundation[0]"


def test_variant_file_is_clean():
    assert check_file("variants/aces_up.yaml", play=2) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [1, 1, 1, 1]
    assert len(pile(g, "stock[0]")) == 48 and all(c.startswith("#") for c in pile(g, "stock[0]"))
    assert g.score == 0 and not g.won


def test_discard_a_card_outranked_by_another_top_card_of_its_suit():
    g = game(V, "tableau[0]: 5H; tableau[1]: 9H; tableau[2]: KC; tableau[3]: 2C")
    assert notations(g) == {"5H@tableau[0]" + D, "2C@tableau[3]" + D}
    for bad in ("9H@tableau[1]" + D, "KC@tableau[2]" + D):
        with pytest.raises(MoveError):
            g.play(bad)
    g.play("5H@tableau[0]" + D)
    assert pile(g, "foundation[0]") == ["5H"] and g.score == 1


def test_aces_are_high_and_never_discarded():
    g = game(V, "tableau[0]: KS; tableau[1]: AS; tableau[2]: AD; tableau[3]: 7D")
    assert notations(g) == {"KS@tableau[0]" + D, "7D@tableau[3]" + D}
    with pytest.raises(MoveError):
        g.play("AD@tableau[2]" + D)


def test_only_another_column_counts_and_only_its_top_card():
    # the 9H under the 5H does not outrank it, nor does the 9C under the 2D outrank the 4C
    g = game(V, "tableau[0]: 9H 5H; tableau[1]: 9C 2D; tableau[2]: 4C; tableau[3]: 3S")
    assert notations(g) == set()


def test_a_top_card_may_fill_an_empty_column():
    g = game(V, "tableau[0]: 9H 5H; tableau[1]: 2D; stock[0]: #6C")
    assert {"5H@tableau[0]>tableau[2]", "5H@tableau[0]>tableau[3]", "2D@tableau[1]>tableau[2]"} <= notations(g)
    g = game(V, "tableau[0]: 9H 5H; tableau[1]: 2D; tableau[2]: 3C; tableau[3]: 4S")
    with pytest.raises(MoveError):
        g.play("5H@tableau[0]>tableau[1]")  # a non-empty column takes nothing


def test_deal_puts_one_card_on_each_column_while_the_stock_lasts():
    g = game(V, "tableau[0]: 5H; stock[0]: #2C #3D #4S #6C #7C")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]") for i in range(4)] == [["5H", "7C"], ["6C"], ["4S"], ["3D"]]
    g.play("deal")
    assert pile(g, "tableau[0]") == ["5H", "7C", "2C"] and pile(g, "stock[0]") == []
    assert "deal" not in notations(g)


def test_win_needs_one_ace_alone_in_each_column():
    rest = [f"{r}{s}" for s in "SHDC" for r in "23456789TJQK"]
    g = game(V, "foundation[0]: " + " ".join(rest) + "; tableau[0]: AS; tableau[1]: AH; tableau[2]: AD AC")
    assert not g.won and g.score == 48
    g.play("AC@tableau[2]>tableau[3]")
    assert g.won and g.score == 48
