"""Castles in Spain (variants/castles_in_spain.yaml), after PySolFC's game: each rule from a hand-made
position.

Rules: thirteen columns of four, the bottom three face down; only top cards move, one card at a
time, onto the next rank up of the other colour; an empty column takes any card; a face-down top
card turns up by itself; foundations by suit (S H D C), nothing leaves them; won with 52 cards on
them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "castles_in_spain"
FILL = "KH KD QH QD JH JD 5H 5D 4H 4D 2H 2D".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 13, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/castles_in_spain.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    for i in range(13):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, True, True, False]


def test_alternating_colours_one_card_at_a_time_and_the_card_under_turns_up():
    g = game(V, pos("tableau[0]: #3S 9C 8D; tableau[1]: 9S; tableau[2]: 7S"))
    assert notations(g) == {"8D@tableau[0]>tableau[1]", "7S@tableau[2]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")  # a covered card never moves (no runs)
    g.play("8D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#3S", "9C"] and pile(g, "tableau[1]") == ["9S", "8D"]
    assert notations(g) == {"7S@tableau[2]>tableau[1]", "8D@tableau[1]>tableau[0]"}  # the 8D may go back


def test_the_face_down_card_turns_up_when_its_column_is_cleared():
    g = game(V, pos("tableau[0]: #3S 9C; tableau[1]: TD"))
    g.play("9C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["3S"]
    g.undo()
    assert pile(g, "tableau[0]") == ["#3S", "9C"]


def test_an_empty_column_takes_any_card():
    g = game(V, pos("tableau[0]: 9C 8D", free=[12]))
    into = moves_to(notations(g), "tableau[12]")
    assert "8D@tableau[0]>tableau[12]" in into and "9C@tableau[0]>tableau[12]" not in into and len(into) == 12


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
