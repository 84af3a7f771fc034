"""Shamrocks (variants/shamrocks.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: eighteen fans face up (seventeen of three, one of one); only top cards move, one rank up or
down whatever the suit; a fan holds at most three cards; an empty fan is never filled; foundations
up by suit from the ace, the top card may come back; won with 52 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "shamrocks"
FILL = "KS KH KD KC JS JH JD JC 9S 9H 9D 9C 7S 7H 7D 7C 5S".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 18, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/shamrocks.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(18)] == [3] * 17 + [1]


def test_up_or_down_whatever_the_suit_at_most_three_to_a_fan():
    g = game(V, pos("tableau[0]: 4D; tableau[1]: 3S; tableau[2]: 2C 8H 5C; tableau[3]: QH 3H"))
    assert notations(g) == {
        "3S@tableau[1]>tableau[0]",
        "4D@tableau[0]>tableau[1]",
        "5C@tableau[2]>tableau[0]",
        "3H@tableau[3]>tableau[0]",
        "4D@tableau[0]>tableau[3]",
    }
    with pytest.raises(MoveError):
        g.play("4D@tableau[0]>tableau[2]")  # onto the 5C: that fan holds three cards


def test_an_empty_fan_is_never_filled():
    g = game(V, pos("tableau[0]: 4D", free=[17]))
    assert not any(m.endswith(">tableau[17]") for m in notations(g))


def test_foundations_by_suit_any_ace_and_back():
    g = game(V, pos("foundation[0]: AH 2H; tableau[0]: 3H; tableau[1]: AS; tableau[2]: QC 3D"))
    assert notations(g) == {
        "3H@tableau[0]>foundation[0]",
        "AS@tableau[1]>foundation[1]",  # the empty foundations are alike: one move
        "2H@foundation[0]>tableau[0]",
        "2H@foundation[0]>tableau[1]",  # up onto the AS
        "2H@foundation[0]>tableau[2]",
    }


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
