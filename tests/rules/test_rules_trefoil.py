"""Trefoil (variants/trefoil.yaml), after PySolFC's game: La Belle Lucie with the aces on the
foundations and sixteen fans of three. Each rule from a hand-made position.

Rules: the aces start the foundations (S H D C); sixteen fans of three face up; only top cards
move, down by suit; an empty fan is never filled; a foundation's top card may come back to a fan,
but not its ace; two redeals gather, shuffle and deal the fans again in threes; won with 52 cards
on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "trefoil"
FILL = "KS KH KD KC JS JH JD JC 9S 9H 9D 9C 7S 7H 7D".split()  # none builds on another
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 16, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/trefoil.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(16)] == [3] * 16 and g.score == 4


def test_fans_build_down_by_suit_and_an_empty_fan_stays_empty():
    g = game(V, pos(ACES + "; tableau[0]: 8C 5D; tableau[1]: 6D; tableau[2]: 4D", free=[15]))
    assert notations(g) == {"5D@tableau[0]>tableau[1]", "4D@tableau[2]>tableau[0]", "redeal"}
    with pytest.raises(MoveError):
        g.play("5D@tableau[0]>tableau[15]")


def test_a_foundation_gives_back_its_top_card_but_never_its_ace():
    g = game(V, pos("foundation[0]: AS 2S; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC; tableau[0]: 3S"))
    assert "2S@foundation[0]>tableau[0]" in notations(g)
    g = game(V, pos(ACES + "; tableau[0]: 2H"))
    assert "AH@foundation[1]>tableau[0]" not in notations(g)
    with pytest.raises(MoveError):
        g.play("AH@foundation[1]>tableau[0]")


def test_two_redeals_in_threes():
    g = game(V, pos(ACES + "; tableau[0]: 8C 5D; tableau[1]: 6D; tableau[2]: 4D", free=range(3, 16)))
    g.play("redeal")
    assert [len(pile(g, f"tableau[{i}]")) for i in range(3)] == [3, 1, 0]
    assert sorted(pile(g, "tableau[0]") + pile(g, "tableau[1]")) == sorted(["8C", "5D", "6D", "4D"])
    g.play("redeal")
    assert "redeal" not in notations(g)


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
