"""Worm Hole (Solvitaire's preset, Blake & Gent's tables): Black Hole with one free cell."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "worm_hole"
TO_H = ">foundation[0]"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert pile(g, "foundation[0]") == ["AS"] and pile(g, "cell[0]") == []
    assert [len(pile(g, f"tableau[{i}]")) for i in range(17)] == [3] * 17
    assert g.state.card_count() == 52 and g.score == 0


def test_a_fan_top_goes_to_the_hole_round_the_corner_or_to_the_empty_cell():
    g = game(V, "foundation[0]: AS; tableau[0]: 5C KD; tableau[1]: 2H; tableau[2]: 9S")
    assert notations(g) == {
        "KD@tableau[0]" + TO_H,
        "2H@tableau[1]" + TO_H,
        "KD@tableau[0]>cell[0]",
        "2H@tableau[1]>cell[0]",
        "9S@tableau[2]>cell[0]",
    }
    with pytest.raises(MoveError):
        g.play("9S@tableau[2]" + TO_H)


def test_the_cell_holds_one_card_which_goes_only_to_the_hole():
    g = game(V, "foundation[0]: 8D; cell[0]: 7C; tableau[0]: 4S; tableau[1]: 9H")
    assert notations(g) == {"7C@cell[0]" + TO_H, "9H@tableau[1]" + TO_H}
    for illegal in ("4S@tableau[0]>cell[0]", "7C@cell[0]>tableau[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("7C@cell[0]" + TO_H)
    assert notations(g) == {"4S@tableau[0]>cell[0]", "9H@tableau[1]>cell[0]"}  # 8D is covered now


def test_won_when_every_card_is_in_the_hole_and_the_score_counts_them():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("4D", "5S", "3H", "AS")]
    g = game(V, f"foundation[0]: AS {' '.join(rest)} 3H; cell[0]: 4D; tableau[0]: 5S")
    assert g.state.card_count() == 52
    assert g.score == 49 and not g.won
    g.play("4D@cell[0]" + TO_H)
    assert g.score == 50 and not g.won
    g.play("5S@tableau[0]" + TO_H)
    assert g.won and g.score == 51
