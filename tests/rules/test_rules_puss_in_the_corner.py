"""Puss in the Corner (PySolFC's pussinthecorner.html), each rule from a hand-made position.

Rules: the aces start on the foundations, which build up by colour; the talon's top card goes
to a foundation or to any of four corner piles; a corner pile's top card goes only to a
foundation; once the talon is empty the corners are gathered, first to last, each top card
first, into a new talon face down (its top card turns up), once; won when all 52 cards are
on the foundations; score = cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.formats import position
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def test_variant_file_is_clean():
    assert check_file("variants/puss_in_the_corner.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("puss_in_the_corner").new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    talon = pile(g, "talon[0]")
    assert len(talon) == 48 and all(c.startswith("#") for c in talon[:-1]) and not talon[-1].startswith("#")
    assert g.score == 4


def test_foundations_build_up_by_colour_and_corners_take_only_from_the_talon():
    g = game("puss_in_the_corner", f"{ACES}; tableau[0]: 2C; talon[0]: #5D 2H")
    assert notations(g) == {
        "2C@tableau[0]>foundation[0]",
        "2C@tableau[0]>foundation[3]",
        "2H@talon[0]>foundation[1]",
        "2H@talon[0]>foundation[2]",
        "2H@talon[0]>tableau[0]",
        "2H@talon[0]>tableau[1]",
        "2H@talon[0]>tableau[2]",
        "2H@talon[0]>tableau[3]",
    }
    with pytest.raises(MoveError):
        g.play("2C@tableau[0]>tableau[1]")
    with pytest.raises(MoveError):
        g.play("2C@tableau[0]>foundation[1]")  # a black two on a red ace


def test_the_talon_turns_up_its_next_card():
    g = game("puss_in_the_corner", f"{ACES}; talon[0]: #5D 2H")
    g.play("2H@talon[0]>foundation[1]")
    assert pile(g, "talon[0]") == ["5D"]


def test_the_redeal_gathers_the_corners_top_card_first_face_down_once():
    g = game("puss_in_the_corner", f"{ACES}; tableau[0]: 9C 4H; tableau[2]: KS; tableau[3]: 7D 8D 3C")
    assert notations(g) == {"redeal"}
    g.play("redeal")
    # corner 0 picked up 4H then 9C, corner 2 KS, corner 3 3C 8D 7D: the first gathered at the bottom
    assert pile(g, "talon[0]") == ["#4H", "#9C", "#KS", "#3C", "#8D", "7D"]
    assert all(not pile(g, f"tableau[{i}]") for i in range(4))
    saved = position.to_text(g.variant, g.state)
    again = rulesdsl.Game.from_position(g.variant, saved)
    assert pile(again, "talon[0]") == pile(g, "talon[0]")  # the facing survives a save
    g.play("7D@talon[0]>tableau[0]")
    g.play("8D@talon[0]>tableau[1]")
    g.play("3C@talon[0]>tableau[2]")
    g.play("KS@talon[0]>tableau[3]")
    g.play("9C@talon[0]>tableau[0]")
    g.play("4H@talon[0]>tableau[1]")
    assert "redeal" not in notations(g)  # once only
    for _ in range(7):
        g.undo()
    assert pile(g, "tableau[3]") == ["7D", "8D", "3C"] and pile(g, "talon[0]") == []


def test_the_win_and_the_score():
    black = " ".join(f"{r}S" for r in "A23456789TJQK")
    g = game(
        "puss_in_the_corner",
        f"foundation[0]: {black}; foundation[1]: "
        + " ".join(f"{r}H" for r in "A23456789TJQK")
        + "; foundation[2]: "
        + " ".join(f"{r}D" for r in "A23456789TJQ")
        + "; foundation[3]: "
        + " ".join(f"{r}C" for r in "A23456789TJQK")
        + "; talon[0]: KD",
    )
    assert not g.won and g.score == 51
    g.play("KD@talon[0]>foundation[2]")
    assert g.won and g.score == 52
