"""Number Ten (variants/number_ten.yaml), after PySolFC's game: Forty Thieves built down in alternating
colours, two cards of each column face down, runs moving together. Each rule from a hand-made
position.

Rules: two decks; ten columns of four, the bottom two face down, one card to the waste, 63 in the
stock; a top card or a run down in alternating colours moves onto the next rank up of the other
colour; an empty column takes any card or run; a face-down top card turns up by itself; eight
foundations up by suit, the top card may come back; draw one, no redeal; won with 104 cards on the
foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "number_ten"
FILL = "KH KH.1 KD KD.1 5H 5H.1 5D 5D.1 3H 3H.1".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/number_ten.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    for i in range(10):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 4 and [c.startswith("#") for c in col] == [True, True, False, False]
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 63


def test_runs_in_alternating_colours_move_and_the_card_under_turns_up():
    g = game(V, pos("tableau[0]: #4D #6S 9C 8D 7S; tableau[1]: TH; tableau[2]: 9H 8C"))
    assert notations(g) == {"9C@tableau[0]>tableau[1]"}  # 7S on the 8C: both black
    with pytest.raises(MoveError):
        g.play("8D@tableau[0]>tableau[1]")  # 8D onto TH: not one rank down
    g.play("9C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TH", "9C", "8D", "7S"] and pile(g, "tableau[0]") == ["#4D", "6S"]
    g.undo()
    assert pile(g, "tableau[0]") == ["#4D", "#6S", "9C", "8D", "7S"]


def test_a_run_of_one_colour_does_not_move():
    g = game(V, pos("tableau[0]: 9C 8S; tableau[1]: TH; tableau[2]: 9D"))
    assert notations(g) == {"8S@tableau[0]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")


def test_an_empty_column_takes_any_card_or_run():
    g = game(V, pos("tableau[0]: 9C 8D", free=[9]))
    into = moves_to(notations(g), "tableau[9]")
    assert {"9C@tableau[0]>tableau[9]", "8D@tableau[0]>tableau[9]", "KH@tableau[1]>tableau[9]"} <= into
    assert len(into) == 10


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@waste[0]>foundation[7]")
    assert g.won and g.score == 104
