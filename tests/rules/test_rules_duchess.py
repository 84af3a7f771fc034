"""Duchess: the player's first foundation card fixes the base rank (base_rank played: true);
each rule from a hand-made position.

Rules: four fans of three, four columns of one; the first foundation card comes from a fan,
any rank, and fixes the base rank; foundations up by suit from it, turning the corner;
columns down in alternating colours, runs move; an empty column takes a fan card, or
anything once the fans are empty; draw one, one redeal.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

TOPS = "tableau[0]: KC; tableau[1]: KS; tableau[2]: KH; tableau[3]: KD"


def test_variant_file_is_clean():
    assert check_file("variants/duchess.yaml", play=3) == []


def test_start_position_has_no_base_rank_yet():
    g = rulesdsl.load("duchess").new_game(1)
    assert [len(pile(g, f"reserve[{i}]")) for i in range(4)] == [3] * 4
    assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [1] * 4
    assert len(pile(g, "stock[0]")) == 36 and g.state.base_rank is None


def test_the_first_foundation_card_comes_from_a_fan_and_fixes_the_base():
    g = game("duchess", f"reserve[0]: 9C; reserve[1]: 4H; waste[0]: 7S; {TOPS}; stock[0]: #2C")
    moves = notations(g)
    assert {"9C@reserve[0]>foundation[0]", "4H@reserve[1]>foundation[0]"} <= moves
    assert "7S@waste[0]>foundation[0]" not in moves  # not from the waste
    g.play("4H@reserve[1]>foundation[0]")
    g.play("draw")
    # now only a four starts a foundation, from anywhere
    g2 = game("duchess", f"foundation[0]: 4H; reserve[0]: 9C; waste[0]: 4S; {TOPS}; stock[0]: #2C")
    assert "4S@waste[0]>foundation[1]" in notations(g2)
    assert "9C@reserve[0]>foundation[1]" not in notations(g2)
    g.undo()
    g.undo()
    assert "9C@reserve[0]>foundation[0]" in notations(g)  # undone: no base rank again


def test_foundations_turn_the_corner_and_columns_build_down_alternating():
    g = game("duchess", "foundation[0]: QH KH; reserve[0]: AH; tableau[0]: 5C; tableau[1]: 4D 3S; stock[0]: #2C")
    moves = notations(g)
    assert "AH@reserve[0]>foundation[0]" in moves
    assert "4D@tableau[1]>tableau[0]" in moves  # a run of two moves together
    with pytest.raises(MoveError):
        g.play("3S@tableau[1]>tableau[0]")


def test_an_empty_column_takes_a_fan_card_then_anything():
    g = game("duchess", "foundation[0]: 4H; reserve[0]: 9C; waste[0]: 8D; tableau[0]: 5C; stock[0]: #2C")
    moves = notations(g)
    assert "9C@reserve[0]>tableau[1]" in moves and "8D@waste[0]>tableau[1]" not in moves
    g.play("9C@reserve[0]>tableau[1]")
    assert "8D@waste[0]>tableau[2]" in notations(g)


def test_one_redeal_and_the_score_and_the_win():
    g = game("duchess", f"foundation[0]: 4H; waste[0]: 7S; {TOPS}")
    g.play("recycle")
    g.play("draw")
    assert "recycle" not in notations(g)
    full = "; ".join(
        f"foundation[{i}]: " + " ".join(r + s for r in "4 5 6 7 8 9 T J Q K A 2 3".split())
        for i, s in enumerate("HSDC")
    )
    won = game("duchess", full)
    assert won.won and won.score == 52


def test_the_runner_shows_the_base_rank_once_it_is_played():
    from rulesdsl.runners.render import render

    g = game("duchess", f"reserve[0]: 9C; {TOPS}; stock[0]: #2C")
    assert g.base_rank is None and "base rank" not in render(g, color=False)
    g.play("9C@reserve[0]>foundation[0]")
    assert g.base_rank == 9 and "base rank 9" in render(g, color=False)
