"""Osmosis (variants/osmosis.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: four reserves of four (three face down, one up), one card to the first foundation, three
to the waste, 32 in the stock; reserve and waste tops go to the foundations only; the first
foundation takes its bottom card's suit in any order; each other foundation starts with the rank
of the bottom card of the one above it, then takes its own suit, any order, only ranks already on
the foundation above; draw three, unlimited redeals; won with 52 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "osmosis"


def test_variant_file_is_clean():
    assert check_file("variants/osmosis.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    for i in range(4):
        assert [c.startswith("#") for c in pile(g, f"reserve[{i}]")] == [True, True, True, False]
    assert len(pile(g, "foundation[0]")) == 1 and not pile(g, "foundation[0]")[0].startswith("#")
    assert all(pile(g, f"foundation[{i}]") == [] for i in (1, 2, 3))
    waste = pile(g, "waste[0]")
    assert len(waste) == 3 and not any(c.startswith("#") for c in waste)
    stock = pile(g, "stock[0]")
    assert len(stock) == 32 and all(c.startswith("#") for c in stock)
    assert g.score == 1 and not g.won


def test_the_first_foundation_takes_its_suit_in_any_order():
    g = game(V, "foundation[0]: 7D; reserve[0]: #4H 2D; reserve[1]: KD; reserve[2]: 5S; waste[0]: 9H QD")
    assert notations(g) == {
        "2D@reserve[0]>foundation[0]",
        "KD@reserve[1]>foundation[0]",
        "QD@waste[0]>foundation[0]",
        "recycle",
    }  # the stock is empty
    for illegal in (
        "5S@reserve[2]>foundation[0]",
        "5S@reserve[2]>foundation[1]",
        "2D@reserve[0]>reserve[2]",
        "2D@reserve[0]>waste[0]",
    ):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("2D@reserve[0]>foundation[0]")
    assert pile(g, "reserve[0]") == ["4H"]  # the card under it turns up
    assert pile(g, "foundation[0]") == ["7D", "2D"]


def test_the_next_foundation_starts_with_the_rank_of_the_one_above_it():
    g = game(V, "foundation[0]: 7D 2D; reserve[0]: 7S; reserve[1]: 2S; reserve[2]: 7C; reserve[3]: 3S")
    # a 7 starts the second foundation; the third waits for the second to start
    assert notations(g) == {"7S@reserve[0]>foundation[1]", "7C@reserve[2]>foundation[1]"}
    with pytest.raises(MoveError):
        g.play("7C@reserve[2]>foundation[2]")
    g.play("7S@reserve[0]>foundation[1]")
    # now spades of ranks on the first foundation (7, 2) join the 7S; a 7 starts the third
    assert notations(g) == {"2S@reserve[1]>foundation[1]", "7C@reserve[2]>foundation[2]"}
    with pytest.raises(MoveError):
        g.play("3S@reserve[3]>foundation[1]")  # no 3 on the foundation above


def test_a_later_foundation_reads_only_the_one_above_it():
    g = game(
        V,
        "foundation[0]: 7D 2D 9D; foundation[1]: 7S; foundation[2]: 7C; reserve[0]: 9C; reserve[1]: 9S; reserve[2]: 7H",
    )
    # 9C: a 9 lies on the first foundation but not on the second, so the clubs wait
    assert notations(g) == {"9S@reserve[1]>foundation[1]", "7H@reserve[2]>foundation[3]"}
    g.play("9S@reserve[1]>foundation[1]")
    assert "9C@reserve[0]>foundation[2]" in notations(g)


def test_nothing_leaves_a_foundation():
    g = game(V, "foundation[0]: 7D 2D; foundation[1]: 7S")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("7S@foundation[1]>foundation[2]")


def test_draw_three_and_turn_the_waste_over_as_often_as_you_like():
    g = game(V, "foundation[0]: 7D; stock[0]: #2C #3C #4C #5C")
    assert notations(g) == {"draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["5C", "4C", "3C"] and pile(g, "stock[0]") == ["#2C"]
    g.play("draw")
    assert pile(g, "waste[0]") == ["5C", "4C", "3C", "2C"] and pile(g, "stock[0]") == []
    assert notations(g) == {"recycle"}
    for _ in range(5):
        g.play("recycle")
        assert pile(g, "stock[0]") == ["#2C", "#3C", "#4C", "#5C"] and pile(g, "waste[0]") == []
        g.play("draw")
        g.play("draw")


def test_win_and_score():
    ranks = "A23456789TJQK"
    parts = [f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD")]
    g = game(V, "; ".join(parts) + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; waste[0]: KC")
    assert not g.won and g.score == 51
    g.play("KC@waste[0]>foundation[3]")
    assert g.won and g.score == 52
