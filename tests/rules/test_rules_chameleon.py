"""Chameleon: Canfield's family with a reserve of twelve, three columns built down whatever the
suits, a dealt base card on its own suit's foundation and lift_when for "the top card or the
whole column"; each rule from a hand-made position.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/chameleon.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("chameleon").new_game(3)
    assert [c.startswith("#") for c in pile(g, "reserve[0]")] == [True] * 11 + [False]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(3)] == [1, 1, 1]
    assert sum(len(pile(g, f"foundation[{i}]")) for i in range(4)) == 1
    assert len(pile(g, "stock[0]")) == 36 and g.score == 1


def test_top_card_or_whole_column_between_columns():
    pos = "foundation[0]: 5S; reserve[0]: #2C 9H; tableau[0]: TC 9D 8H; tableau[1]: 9S; tableau[2]: JD; base_rank: 5"
    g = game("chameleon", pos)
    moves = notations(g)
    assert "8H@tableau[0]>tableau[1]" in moves  # the top card, onto any suit one rank higher
    assert "TC@tableau[0]>tableau[2]" in moves  # the whole column
    assert "9D@tableau[0]>tableau[2]" not in moves  # part of a column does not move
    with pytest.raises(MoveError, match="may not leave"):
        g.play("9D@tableau[0]>tableau[2]")


def test_an_empty_column_is_filled_from_the_reserve_at_once():
    pos = "foundation[0]: 5S; reserve[0]: #2C 9H; tableau[0]: 6S; tableau[1]: 9S; tableau[2]: JD; base_rank: 5"
    g = game("chameleon", pos)
    g.play("6S@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["9H"] and pile(g, "reserve[0]") == ["2C"]


def test_base_card_of_another_suit_goes_to_its_own_foundation_and_the_win():
    pos = "foundation[0]: 5S; waste[0]: 5D; tableau[0]: 6S; tableau[1]: 9S; tableau[2]: JD; base_rank: 5"
    g = game("chameleon", pos)
    assert "5D@waste[0]>foundation[2]" in notations(g)
    assert "5D@waste[0]>foundation[1]" not in notations(g)
    full = [
        f"foundation[{i}]: " + " ".join(r + s for r in "5 6 7 8 9 T J Q K A 2 3 4".split())
        for i, s in enumerate("SHDC")
    ]
    g2 = game("chameleon", "; ".join(full[:3] + [full[3].rsplit(" ", 1)[0], "waste[0]: 4C"]))
    g2.play("4C@waste[0]>foundation[3]")
    assert g2.won and g2.score == 52
