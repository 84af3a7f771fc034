"""Betsy Ross: the deal picks its guides and bases by rank (take steps with into and per_pile);
each rule from a hand-made position.

Rules: guides A 2 3 4 (never move, take nothing); foundations from 2, 4, 6, 8 count up by
1, 2, 3, 4 whatever the suits, turning the corner, twelve cards each; draw one onto the
waste, two redeals; won when the foundations hold 48 cards; score: cards past the bases.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/betsy_ross.yaml", play=3) == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_deal_picks_one_card_of_each_rank_for_each_pile(seed):
    g = rulesdsl.load("betsy_ross").new_game(seed)
    guides = [pile(g, f"guide[{i}]") for i in range(4)]
    bases = [pile(g, f"foundation[{i}]") for i in range(4)]
    assert [len(x) for x in guides + bases] == [1] * 8
    assert [x[0][0] for x in guides] == ["A", "2", "3", "4"]
    assert [x[0][0] for x in bases] == ["2", "4", "6", "8"]
    assert len(pile(g, "stock[0]")) == 44 and g.score == 0


def test_each_foundation_counts_by_its_own_step():
    g = game(
        "betsy_ross",
        "guide[0]: AS; guide[1]: 2S; guide[2]: 3S; guide[3]: 4S; foundation[0]: 2C; foundation[1]: 4C; "
        "foundation[2]: 6C; foundation[3]: 8C; waste[0]: 3D; stock[0]: #KH",
    )
    assert notations(g) == {"3D@waste[0]>foundation[0]", "draw"}
    g2 = game("betsy_ross", "foundation[1]: 4C; foundation[3]: QC; waste[0]: 6D; stock[0]: #3H")
    assert notations(g2) == {"6D@waste[0]>foundation[1]", "draw"}
    g3 = game("betsy_ross", "foundation[3]: QC; waste[0]: 3D; stock[0]: #KH")  # Q + 4 turns the corner: 3
    assert notations(g3) == {"3D@waste[0]>foundation[3]", "draw"}


def test_guides_take_nothing_and_nothing_leaves_a_foundation():
    g = game("betsy_ross", "guide[0]: AS; foundation[0]: 2C 3C; waste[0]: 2D; stock[0]: #5H")
    assert notations(g) == {"draw"}
    with pytest.raises(MoveError):
        g.play("2D@waste[0]>guide[0]")
    with pytest.raises(MoveError):
        g.play("3C@foundation[0]>waste[0]")


def test_two_redeals_then_none():
    g = game("betsy_ross", "foundation[0]: 2C; waste[0]: 9D 8D")
    assert notations(g) == {"recycle"}
    g.play("recycle")
    assert pile(g, "stock[0]") == ["#8D", "#9D"]
    g.play("draw")
    g.play("draw")
    g.play("recycle")
    g.play("draw")
    g.play("draw")
    assert notations(g) == set() and g.over and not g.won


def test_won_and_the_score():
    steps = {0: "2 3 4 5 6 7 8 9 T J Q K", 1: "4 6 8 T Q A 3 5 7 9 J K", 2: "6 9 Q 2 5 8 J A 4 7 T K"}
    parts = [f"foundation[{i}]: " + " ".join(r + "SHC"[i] for r in seq.split()) for i, seq in steps.items()]
    parts.append("foundation[3]: " + " ".join(r + "D" for r in "8 Q 3 7 J 2 6 T A 5 9".split()))
    g = game("betsy_ross", "; ".join(parts + ["waste[0]: KD"]))
    assert g.score == 3 * 11 + 10 and not g.won
    g.play("KD@waste[0]>foundation[3]")
    assert g.won and g.score == 44
