"""Good Measure (variants/good_measure.yaml), after PySolFC's game: Baker's Dozen with ten columns of
five and two aces on the foundations. Each rule from a hand-made position.

Rules: two aces (the first in the shuffled deck) start their foundations; ten columns of five face
up, kings moved under; only top cards move, one rank down whatever the suit; an empty column is
never filled; foundations by suit (S H D C), nothing leaves them; won with 52 cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "good_measure"
FILL = "KS KH KD KC JS JH JD JC 9S".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/good_measure.yaml", play=1) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position_two_aces_out_and_kings_under(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [5] * 10
    founded = [pile(g, f"foundation[{i}]") for i in range(4)]
    assert sum(len(f) for f in founded) == 2 and all(f in ([], [f"A{'SHDC'[i]}"]) for i, f in enumerate(founded))
    for i in range(10):
        col = pile(g, f"tableau[{i}]")
        kings = [c[0] == "K" for c in col]
        assert kings == sorted(kings, reverse=True)  # no king above a card that is not one
    assert g.score == 2


def test_columns_build_down_whatever_the_suit_never_refilled():
    g = game(V, pos("tableau[0]: 9S 8H; tableau[1]: 9D; tableau[2]: 7C", free=[9]))
    assert notations(g) == {"8H@tableau[0]>tableau[1]", "7C@tableau[2]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("7C@tableau[2]>tableau[9]")


def test_foundations_by_suit_and_nothing_leaves_them():
    g = game(V, pos("foundation[1]: AH 2H; tableau[0]: 3H; tableau[1]: AD"))
    assert notations(g) == {"3H@tableau[0]>foundation[1]", "AD@tableau[1]>foundation[2]"}


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
