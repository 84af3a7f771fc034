"""Diplomat (variants/diplomat.yaml), after PySolFC's game: Forty Thieves with eight columns built
down regardless of suit. Each rule from a hand-made position.

Rules: two decks; eight columns of four face up, one card to the waste, 71 in the stock; only top
cards move, one rank down whatever the suit; an empty column takes any card; eight foundations up
by suit, the top card may come back; draw one, no redeal; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "diplomat"
FILL = "KH KH.1 KD KD.1 KS KS.1 KC KC.1".split()  # kings: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/diplomat.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [4] * 8
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 71
    assert g.state.card_count() == 104


def test_columns_build_down_whatever_the_suit_one_card_at_a_time():
    g = game(V, pos("tableau[0]: 9S 8S 7D; tableau[1]: 8H; tableau[2]: 9C; tableau[3]: 6D"))
    assert notations(g) == {"7D@tableau[0]>tableau[1]", "8H@tableau[1]>tableau[2]", "6D@tableau[3]>tableau[0]"}
    for illegal in ("8S@tableau[0]>tableau[2]", "7D@tableau[0]>tableau[3]"):  # a run; upwards
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_card():
    g = game(V, pos("tableau[0]: 5S 4D; waste[0]: 2C", free=[7]))
    assert {"4D@tableau[0]>tableau[7]", "2C@waste[0]>tableau[7]", "KH@tableau[1]>tableau[7]"} <= notations(g)


def test_foundations_by_suit_only():
    g = game(V, pos("foundation[0]: AC 2C; tableau[0]: 3D; waste[0]: 3C"))
    assert notations(g) == {"3C@waste[0]>foundation[0]", "2C@foundation[0]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("3D@tableau[0]>foundation[0]")


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@waste[0]>foundation[7]")
    assert g.won and g.score == 104
