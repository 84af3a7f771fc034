"""Busy Aces (variants/busy_aces.yaml), after PySolFC's game: Forty Thieves with twelve columns of a
single card. Each rule from a hand-made position.

Rules: two decks; twelve columns of one face-up card, one card to the waste, 91 in the stock; only
top cards move, down by suit; an empty column takes any card; eight foundations up by suit, the
top card may come back; draw one, no redeal; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "busy_aces"
FILL = "KH KH.1 JH JH.1 5H 5H.1 5S 5S.1 3S 3S.1 KD KD.1".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/busy_aces.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(3)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [1] * 12
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 91
    assert g.state.card_count() == 104 and g.score == 0


def test_columns_build_down_by_suit_from_the_waste_too():
    g = game(V, pos("tableau[0]: 9C; tableau[1]: 8C; waste[0]: 7C; stock[0]: #7D"))
    assert notations(g) == {"8C@tableau[1]>tableau[0]", "7C@waste[0]>tableau[1]", "draw"}
    g.play("draw")
    assert notations(g) == {"8C@tableau[1]>tableau[0]"}  # 7D fits nowhere; the 7C is under it
    with pytest.raises(MoveError):
        g.play("7C@waste[0]>tableau[1]")


def test_an_emptied_column_takes_any_card():
    g = game(V, pos("tableau[0]: 9C; tableau[1]: 8C; waste[0]: 2S"))
    g.play("8C@tableau[1]>tableau[0]")
    assert {"2S@waste[0]>tableau[1]", "KH@tableau[2]>tableau[1]", "8C@tableau[0]>tableau[1]"} <= notations(g)


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@waste[0]>foundation[7]")
    assert g.won and g.score == 104
