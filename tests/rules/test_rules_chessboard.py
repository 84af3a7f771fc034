"""Chessboard: the first card played to a foundation fixes the base rank (base_rank played:
true), each foundation bound to its suit (card.suit_index); each rule from a hand-made position.

Rules: ten fans (6, 6, then eight of 5), all face up; any card starts its suit's foundation
and fixes the base rank; foundations up by suit from it, turning the corner; a fan's top
card goes onto the same suit one rank up or down, turning the corner; an empty fan takes
any card.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/chessboard.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("chessboard").new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [6, 6] + [5] * 8


def test_any_card_starts_its_own_suits_foundation():
    g = game("chessboard", "tableau[0]: 9C; tableau[1]: 4H")
    moves = notations(g)
    assert "9C@tableau[0]>foundation[3]" in moves and "4H@tableau[1]>foundation[1]" in moves
    assert "9C@tableau[0]>foundation[0]" not in moves  # clubs is the fourth suit
    g.play("4H@tableau[1]>foundation[1]")
    assert "9C@tableau[0]>foundation[3]" not in notations(g)  # the base rank is four now
    g2 = game("chessboard", "foundation[1]: 4H; tableau[0]: 4C; tableau[1]: 5H")
    assert {"4C@tableau[0]>foundation[3]", "5H@tableau[1]>foundation[1]"} <= notations(g2)


def test_fans_build_up_or_down_in_suit_turning_the_corner():
    g = game("chessboard", "foundation[1]: 4H; tableau[0]: KS; tableau[1]: AS; tableau[2]: QS; tableau[3]: QH")
    moves = notations(g)
    assert {"KS@tableau[0]>tableau[1]", "AS@tableau[1]>tableau[0]", "QS@tableau[2]>tableau[0]"} <= moves
    with pytest.raises(MoveError):
        g.play("QH@tableau[3]>tableau[0]")


def test_nothing_leaves_a_foundation_and_the_win():
    g = game("chessboard", "foundation[1]: 4H 5H; tableau[0]: 9C")
    with pytest.raises(MoveError):
        g.play("5H@foundation[1]>tableau[1]")
    full = [
        f"foundation[{i}]: " + " ".join(r + s for r in "4 5 6 7 8 9 T J Q K A 2 3".split())
        for i, s in enumerate("SHDC")
    ]
    g2 = game("chessboard", "; ".join(full[:3] + [full[3].rsplit(" ", 1)[0], "tableau[0]: 3C"]))
    assert g2.score == 51 and not g2.won
    g2.play("3C@tableau[0]>foundation[3]")
    assert g2.won and g2.score == 52
