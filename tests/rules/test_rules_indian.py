"""Indian (variants/indian.yaml), after PySolFC's game: Forty Thieves with columns of three, the bottom
card face down, built down in any suit but their own. Each rule from a hand-made position.

Rules: two decks; ten columns of three, one face down, one card to the waste, 73 in the stock;
only top cards move, one rank down in another suit; an empty column takes any card; a face-down
top card turns up by itself; eight foundations up by suit, the top card may come back; draw one,
no redeal; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "indian"
FILL = "KH KH.1 KD KD.1 KS KS.1 KC KC.1 2H 2D".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/indian.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    for i in range(10):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 3 and col[0].startswith("#") and not col[1].startswith("#")
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 73


def test_columns_build_down_in_any_suit_but_their_own():
    g = game(V, pos("tableau[0]: 7S; tableau[1]: 8S; tableau[2]: 8C; tableau[3]: 8H"))
    assert notations(g) == {"7S@tableau[0]>tableau[2]", "7S@tableau[0]>tableau[3]"}
    with pytest.raises(MoveError):
        g.play("7S@tableau[0]>tableau[1]")


def test_one_card_at_a_time_and_the_card_under_turns_up():
    g = game(V, pos("tableau[0]: #4D 9S 8H; tableau[1]: TC; tableau[2]: 9D"))
    # the 9S has the 8H on it and stays; the 8H goes onto the 9D, the 9D onto the TC
    assert notations(g) == {"8H@tableau[0]>tableau[2]", "9D@tableau[2]>tableau[1]"}
    with pytest.raises(MoveError):
        g.play("9S@tableau[0]>tableau[1]")
    g.play("8H@tableau[0]>tableau[2]")
    g.play("9S@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["4D"]  # turned up by itself
    g.undo()
    assert pile(g, "tableau[0]") == ["#4D", "9S"]


def test_an_empty_column_takes_any_card():
    g = game(V, pos("tableau[0]: 5S 4D; waste[0]: 2C", free=[9]))
    assert {"4D@tableau[0]>tableau[9]", "2C@waste[0]>tableau[9]", "KH@tableau[1]>tableau[9]"} <= notations(g)


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@waste[0]>foundation[7]")
    assert g.won and g.score == 104
