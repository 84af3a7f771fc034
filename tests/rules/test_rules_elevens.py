"""Elevens (PySolFC's elevens.html), each rule from a hand-made position.

Rules: nine cards face up in a 3x3 grid, the rest the stock; a pair of grid cards totalling
eleven (ace one) is removed; a picture card may go to one of three reserves, one card each, a
rank no other reserve holds; a jack, a queen and a king in the reserves go off by themselves
(an automatic removal); gaps in the grid fill at once from the stock, the first gap first;
won when all 52 cards are removed; score = cards removed.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/elevens.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("elevens").new_game(1)
    assert all(len(pile(g, f"tableau[{i}]")) == 1 for i in range(9))
    assert len(pile(g, "stock[0]")) == 43 and all(c.startswith("#") for c in pile(g, "stock[0]"))
    assert all(not pile(g, f"reserve[{i}]") for i in range(3)) and g.score == 0


def test_a_pair_totalling_eleven_is_removed_whatever_the_suits():
    g = game("elevens", "tableau[0]: AS; tableau[1]: TD; tableau[2]: 5C; tableau[3]: 7H; stock[0]: #2C")
    assert notations(g) == {"remove AS@tableau[0] TD@tableau[1]"}
    with pytest.raises(MoveError):
        g.play("remove 5C@tableau[2] 7H@tableau[3]")  # twelve


def test_picture_cards_pair_with_nothing_and_go_to_the_reserves_one_rank_each():
    g = game("elevens", "tableau[0]: JS; tableau[1]: KD; tableau[2]: 9C; reserve[0]: JH; stock[0]: #2C")
    assert notations(g) == {"KD@tableau[1]>reserve[1]", "KD@tableau[1]>reserve[2]"}
    with pytest.raises(MoveError):
        g.play("JS@tableau[0]>reserve[1]")  # a jack is there already
    with pytest.raises(MoveError):
        g.play("9C@tableau[2]>reserve[1]")  # not a picture card


def test_a_jack_a_queen_and_a_king_go_off_by_themselves_and_undo_as_one():
    g = game("elevens", "tableau[0]: KC; tableau[1]: 4D; reserve[0]: JH; reserve[1]: QS; discard[0]: 2C 9C")
    g.play("KC@tableau[0]>reserve[2]")
    assert [pile(g, f"reserve[{i}]") for i in range(3)] == [[], [], []]
    assert pile(g, "discard[0]") == ["2C", "9C", "JH", "QS", "KC"] and g.score == 5
    g.undo()
    assert pile(g, "reserve[0]") == ["JH"] and pile(g, "tableau[0]") == ["KC"] and g.score == 2


def test_gaps_fill_from_the_stock_the_first_gap_first():
    g = game("elevens", "tableau[0]: 3H; tableau[4]: 5S; tableau[2]: 8D; tableau[3]: 6C; stock[0]: #2C #7D #KH")
    g.play("remove 3H@tableau[0] 8D@tableau[2]")
    assert pile(g, "tableau[0]") == ["KH"] and pile(g, "tableau[1]") == ["7D"] and pile(g, "tableau[2]") == ["2C"]
    assert pile(g, "stock[0]") == [] and pile(g, "discard[0]") == ["3H", "8D"]


def test_the_win_and_the_score():
    rest = " ".join(f"{r}{s}" for s in "SHDC" for r in "23456789TJQK") + " AH AD AC"
    g = game("elevens", f"tableau[0]: AS; tableau[1]: TS; discard[0]: {rest}".replace(" TS ", " ", 1))
    assert not g.won and g.score == 50
    g.play("remove AS@tableau[0] TS@tableau[1]")
    assert g.won and g.score == 52
