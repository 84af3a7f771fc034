"""Beehive (variants/beehive.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: a reserve of 13 (top face up), six columns of one, three cards to the waste, 30 in the
stock; columns build on equal ranks, any suit, groups of one rank moving whole or in part; an
empty column is filled from the reserve, or takes anything once the reserve is empty; four of a
kind on a column's top go to the one foundation together, nothing leaves it; draw three,
unlimited redeals; won with all 52 cards on the foundation; score = cards on it.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "beehive"


def test_variant_file_is_clean():
    assert check_file("variants/beehive.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    assert [c.startswith("#") for c in pile(g, "reserve[0]")] == [True] * 12 + [False]
    assert all(len(pile(g, f"tableau[{i}]")) == 1 for i in range(6))
    assert len(pile(g, "waste[0]")) == 3 and len(pile(g, "stock[0]")) == 30
    assert pile(g, "foundation[0]") == [] and g.score == 0 and not g.won


OTHERS = "tableau[3]: 2S; tableau[4]: 3S; tableau[5]: 4S"


def test_columns_build_on_equal_ranks_and_groups_move_whole_or_in_part():
    g = game(V, f"tableau[0]: 9S 7H 7D; tableau[1]: 7C; tableau[2]: 8C; {OTHERS}; reserve[0]: #5H 8D; waste[0]: 9D")
    assert notations(g) == {
        "7D@tableau[0]>tableau[1]",
        "7H@tableau[0]>tableau[1]",
        "7C@tableau[1]>tableau[0]",
        "8D@reserve[0]>tableau[2]",
        "recycle",
    }  # the stock is empty
    for illegal in ("9S@tableau[0]>tableau[1]", "9D@waste[0]>tableau[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("7H@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["7C", "7H", "7D"] and pile(g, "tableau[0]") == ["9S"]
    g.play("8D@reserve[0]>tableau[2]")
    assert pile(g, "reserve[0]") == ["5H"]  # the card under it turns up


def test_an_empty_column_is_filled_from_the_reserve_then_takes_anything():
    g = game(V, f"tableau[0]: 6C; tableau[1]: 6D; tableau[2]: JC; {OTHERS}; reserve[0]: #5H KD")
    g.play("6C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["KD"] and pile(g, "reserve[0]") == ["5H"]
    g = game(V, f"tableau[1]: 6D 6C; tableau[2]: JC; {OTHERS}; waste[0]: QH")
    into = {m for m in notations(g) if m.endswith(">tableau[0]")}
    assert into == {
        "6D@tableau[1]>tableau[0]",
        "6C@tableau[1]>tableau[0]",
        "JC@tableau[2]>tableau[0]",
        "2S@tableau[3]>tableau[0]",
        "3S@tableau[4]>tableau[0]",
        "4S@tableau[5]>tableau[0]",
        "QH@waste[0]>tableau[0]",
    }


def test_four_of_a_kind_go_to_the_foundation_together():
    g = game(V, f"tableau[0]: 2H 7C 7S 7H 7D; tableau[1]: 5C 5S 5H; tableau[2]: 5D; {OTHERS}")
    assert {m for m in notations(g) if ">foundation" in m} == {"7C@tableau[0]>foundation[0]"}
    for illegal in (
        "7S@tableau[0]>foundation[0]",
        "7D@tableau[0]>foundation[0]",
        "5C@tableau[1]>foundation[0]",
        "5D@tableau[2]>foundation[0]",
    ):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("7C@tableau[0]>foundation[0]")
    assert pile(g, "foundation[0]") == ["7C", "7S", "7H", "7D"] and g.score == 4
    g.play("5D@tableau[2]>tableau[1]")
    g.play("5C@tableau[1]>foundation[0]")
    assert g.score == 8
    assert not any(m.startswith(("5D@foundation", "7D@foundation")) for m in notations(g))


def test_draw_three_and_turn_the_waste_over_as_often_as_you_like():
    g = game(
        V,
        "tableau[0]: 9S; tableau[1]: 8C; tableau[2]: 3H; tableau[3]: 2S; tableau[4]: 4S; "
        "tableau[5]: 5S; stock[0]: #KD #QD #JD #TD",
    )
    assert notations(g) == {"draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["TD", "JD", "QD"] and pile(g, "stock[0]") == ["#KD"]
    g.play("draw")
    assert notations(g) == {"recycle"}
    for _ in range(3):
        g.play("recycle")
        assert pile(g, "stock[0]") == ["#KD", "#QD", "#JD", "#TD"]
        g.play("draw")
        g.play("draw")


def test_win_and_score():
    found = " ".join(r + s for r in "A23456789TJQ" for s in "SHDC")
    g = game(V, f"foundation[0]: {found}; tableau[0]: KS KH KD KC")
    assert not g.won and g.score == 48
    g.play("KS@tableau[0]>foundation[0]")
    assert g.won and g.score == 52
