"""House in the Wood (variants/house_in_the_wood.yaml), after PySolFC's game: a two-deck Fan built up
or down in suit. Each rule from a hand-made position.

Rules: two decks; 35 fans face up (34 of three, one of two); only top cards move, one rank up or
down in the same suit; an empty fan is never filled; eight foundations up by suit from any ace,
the top card may come back; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import foundations_but_one

V = "house_in_the_wood"


def test_variant_file_is_clean():
    assert check_file("variants/house_in_the_wood.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(35)] == [3] * 34 + [2]
    assert g.state.card_count() == 104


def test_up_or_down_in_suit_one_card_at_a_time_no_filling():
    # the fans not named are empty, and stay so
    g = game(V, "tableau[0]: 9D 7C; tableau[1]: 6C; tableau[2]: 8C; tableau[3]: 8D; tableau[34]: 6C.1 5C")
    assert notations(g) == {
        "7C@tableau[0]>tableau[2]",
        "8C@tableau[2]>tableau[0]",
        "6C@tableau[1]>tableau[0]",
        "7C@tableau[0]>tableau[1]",
        "5C@tableau[34]>tableau[1]",
        "6C@tableau[1]>tableau[34]",  # up onto the 5C
    }
    with pytest.raises(MoveError):
        g.play("7C@tableau[0]>tableau[3]")


def test_eight_foundations_any_ace_and_back():
    g = game(V, "foundation[0]: AS 2S; tableau[0]: AS.1; tableau[1]: 3S")
    assert notations(g) == {
        "AS@tableau[0]>foundation[1]",
        "3S@tableau[1]>foundation[0]",
        "2S@foundation[0]>tableau[1]",
        "2S@foundation[0]>tableau[0]",  # up onto the other AS
    }


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; tableau[5]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@tableau[5]>foundation[7]")
    assert g.won and g.score == 104
