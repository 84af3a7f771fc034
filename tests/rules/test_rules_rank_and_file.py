"""Rank and File (variants/rank_and_file.yaml), after PySolFC's game and Solvitaire's preset: Number
Ten with three cards of each column face down. Each rule from a hand-made position.

Rules: two decks; ten columns of four, the bottom three face down, one card to the waste, 63 in
the stock; a top card or a run down in alternating colours moves onto the next rank up of the
other colour; an empty column takes any card or run; a face-down top card turns up by itself;
eight foundations up by suit, the top card may come back; draw one, no redeal; won with 104 cards
on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "rank_and_file"
FILL = "KH KH.1 KD KD.1 5H 5H.1 5D 5D.1 3H 3H.1".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/rank_and_file.yaml", play=1) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_only_the_top_card_face_up(seed):
    g = rulesdsl.load(V).new_game(seed)
    for i in range(10):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 4 and [c.startswith("#") for c in col] == [True, True, True, False]
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 63


def test_a_face_down_card_is_never_moved_and_turns_up_when_uncovered():
    g = game(V, pos("tableau[0]: #4D #8S 9D; tableau[1]: TC; waste[0]: 7D; stock[0]: #2C"))
    assert notations(g) == {"9D@tableau[0]>tableau[1]", "draw"}
    with pytest.raises(MoveError):
        g.play("8S@tableau[0]>tableau[1]")
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#4D", "8S"]
    assert notations(g) == {"7D@waste[0]>tableau[0]", "8S@tableau[0]>tableau[1]", "draw"}


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@tableau[0]>foundation[7]")
    assert g.won and g.score == 104
