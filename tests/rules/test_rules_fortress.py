"""Fortress (variants/fortress.yaml), after PySolFC's game: ten open columns built up or down in
suit, one card at a time. Each rule from a hand-made position.

Rules: all 52 cards face up in ten columns (6, 6, then eight of 5); only top cards move, onto the
next rank up or down of the same suit; an empty column takes any card; foundations by suit from
the ace (S H D C), the top card may come back; won with 52 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "fortress"
FILL = "KS KH KD KC 9S 9H 9D 9C 5S 5H".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/fortress.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [6, 6] + [5] * 8
    assert g.state.card_count() == 52 and g.score == 0


def test_columns_build_up_or_down_in_suit_one_card_at_a_time():
    g = game(V, pos("tableau[0]: 3H 7C; tableau[1]: 6C; tableau[2]: 8C; tableau[3]: 8D; tableau[4]: 2D 7D"))
    assert notations(g) == {
        "7C@tableau[0]>tableau[1]",
        "7C@tableau[0]>tableau[2]",
        "6C@tableau[1]>tableau[0]",
        "8C@tableau[2]>tableau[0]",
        "8D@tableau[3]>tableau[4]",
        "7D@tableau[4]>tableau[3]",
    }
    with pytest.raises(MoveError):
        g.play("3H@tableau[0]>tableau[1]")  # a covered card never moves


def test_an_empty_column_takes_any_card():
    g = game(V, pos("tableau[0]: 4C 2H", free=[9]))
    into = moves_to(notations(g), "tableau[9]")
    assert "2H@tableau[0]>tableau[9]" in into and len(into) == 9


def test_foundations_by_suit_and_the_top_card_comes_back():
    g = game(V, pos("foundation[1]: AH 2H; tableau[0]: 3H; tableau[1]: AS; tableau[2]: AD"))
    assert notations(g) == {
        "3H@tableau[0]>foundation[1]",
        "2H@foundation[1]>tableau[0]",
        "AS@tableau[1]>foundation[0]",
        "AD@tableau[2]>foundation[2]",
    }
    with pytest.raises(MoveError):
        g.play("AS@tableau[1]>foundation[3]")  # each foundation takes its own suit


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
