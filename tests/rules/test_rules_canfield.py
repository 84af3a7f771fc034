"""Canfield (variants/canfield.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: one card to the first foundation sets the base rank; a reserve of 13 (top face up), four
columns of one, three cards to the waste, 31 in the stock; foundations up by suit from the base
rank, turning the corner, a base-rank card to the first empty foundation, nothing leaves them;
columns down in alternating colours (K on A), one card or a whole column moving between columns;
an empty column is filled from the reserve, or takes anything once the reserve is empty; draw
three, unlimited redeals; won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "canfield"


def test_variant_file_is_clean():
    assert check_file("variants/canfield.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    base = pile(g, "foundation[0]")
    assert len(base) == 1 and not base[0].startswith("#")
    assert all(pile(g, f"foundation[{i}]") == [] for i in (1, 2, 3))
    assert [c.startswith("#") for c in pile(g, "reserve[0]")] == [True] * 12 + [False]
    assert all(len(pile(g, f"tableau[{i}]")) == 1 for i in range(4))
    assert len(pile(g, "waste[0]")) == 3 and len(pile(g, "stock[0]")) == 31
    assert g.score == 1 and not g.won


def test_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert pile(g, "foundation[0]") == ["7H"] and pile(g, "waste[0]")[-1] == "6C"
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(4)] == ["JD", "5D", "7D", "4D"]
    # 6C on the red 7; the 7D is of the base rank: it starts the next foundation
    assert notations(g) == {"6C@waste[0]>tableau[2]", "7D@tableau[2]>foundation[1]", "draw"}


def test_foundations_start_at_the_base_rank_and_build_up_by_suit_turning_the_corner():
    g = game(
        V, "foundation[0]: 7H 8H; reserve[0]: #2C 7S; tableau[0]: 9H; tableau[1]: 7C; tableau[2]: 8S; tableau[3]: 3D"
    )
    assert {m for m in notations(g) if ">foundation" in m} == {
        "7S@reserve[0]>foundation[1]",
        "7C@tableau[1]>foundation[1]",
        "9H@tableau[0]>foundation[0]",
    }
    for illegal in (
        "7S@reserve[0]>foundation[2]",  # the first empty foundation only
        "8S@tableau[2]>foundation[1]",  # an 8 does not start a foundation
        "3D@tableau[3]>foundation[0]",
    ):
        with pytest.raises(MoveError):
            g.play(illegal)
    g = game(
        V,
        "foundation[0]: 7H; foundation[1]: 7S 8S 9S TS JS QS KS; tableau[0]: AS; "
        "tableau[1]: 2S; tableau[2]: 5C; tableau[3]: 5D",
    )
    assert {m for m in notations(g) if ">foundation" in m} == {"AS@tableau[0]>foundation[1]"}
    g.play("AS@tableau[0]>foundation[1]")
    assert "2S@tableau[1]>foundation[1]" in notations(g)


def test_nothing_leaves_a_foundation():
    g = game(
        V, "foundation[0]: 7H 8H; foundation[1]: 7S; tableau[0]: 9S; tableau[1]: 9C; tableau[2]: 3C; tableau[3]: 3S"
    )
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("8H@foundation[0]>tableau[0]")


def test_columns_build_down_in_alternating_colours_one_card_or_a_whole_column():
    g = game(
        V, "foundation[0]: 2C; tableau[0]: TC 9H 8S; tableau[1]: TS; tableau[2]: JD; tableau[3]: AH; reserve[0]: #3D KS"
    )
    assert notations(g) == {
        "TC@tableau[0]>tableau[2]",  # the whole column
        "TS@tableau[1]>tableau[2]",  # a one-card column
        "KS@reserve[0]>tableau[3]",
    }  # a king on an ace
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[1]")  # part of a column
    g.play("TC@tableau[0]>tableau[2]")
    # the emptied column is filled at once from the reserve, whose next card turns up
    assert pile(g, "tableau[0]") == ["KS"] and pile(g, "reserve[0]") == ["3D"]
    assert pile(g, "tableau[2]") == ["JD", "TC", "9H", "8S"]
    g.undo()
    assert pile(g, "tableau[0]") == ["TC", "9H", "8S"] and pile(g, "reserve[0]") == ["#3D", "KS"]


def test_an_empty_column_takes_anything_once_the_reserve_is_empty():
    g = game(V, "foundation[0]: 2C; tableau[1]: TC 9H 8S; tableau[2]: 5D; tableau[3]: QH; waste[0]: 4C")
    assert notations(g) == {
        "TC@tableau[1]>tableau[0]",
        "8S@tableau[1]>tableau[0]",
        "5D@tableau[2]>tableau[0]",
        "QH@tableau[3]>tableau[0]",
        "4C@waste[0]>tableau[0]",
        "4C@waste[0]>tableau[2]",
        "recycle",
    }
    with pytest.raises(MoveError):
        g.play("9H@tableau[1]>tableau[0]")


def test_two_empty_columns_are_one_move_to_the_first():
    # the columns are interchangeable: with the reserve empty, a card that could go to either
    # empty column is one move, listed to the first; typed to the other, it goes there
    g = game(V, "foundation[0]: 2C; tableau[1]: 5D; tableau[3]: QH; waste[0]: 4C")
    assert {m for m in notations(g) if m.startswith("4C")} == {"4C@waste[0]>tableau[0]", "4C@waste[0]>tableau[1]"}
    assert "5D@tableau[1]>tableau[2]" not in notations(g)
    g.play("4C@waste[0]>tableau[2]")
    assert pile(g, "tableau[2]") == ["4C"] and pile(g, "tableau[0]") == []


def test_draw_three_and_turn_the_waste_over_as_often_as_you_like():
    g = game(
        V,
        "foundation[0]: 2C; tableau[0]: 9S; tableau[1]: 9C; tableau[2]: 3H; tableau[3]: 3S; stock[0]: #KD #QD #JD #TD",
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
    order = "789TJQKA23456"
    parts = [f"foundation[{i}]: " + " ".join(r + s for r in order) for i, s in enumerate("SHD")]
    g = game(V, "; ".join(parts) + "; foundation[3]: " + " ".join(r + "C" for r in order[:-1]) + "; tableau[0]: 6C")
    assert not g.won and g.score == 51
    g.play("6C@tableau[0]>foundation[3]")
    assert g.won and g.score == 52


# -- tableau_moves=whole: Blake & Gent's and Solvitaire's Canfield ------------------------


def test_whole_option_moves_only_whole_columns_between_columns():
    pos = "foundation[0]: 5S; tableau[0]: 9C 8H; tableau[1]: 9S; tableau[2]: 7S; tableau[3]: 6D; base_rank: 5"
    g = game(V, pos, tableau_moves="whole")
    moves = notations(g)
    assert "8H@tableau[0]>tableau[1]" not in moves  # the top card alone does not move between columns
    assert "7S@tableau[2]>tableau[0]" in moves  # a whole column of one card does
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[1]")
    default = game(V, pos)
    assert "8H@tableau[0]>tableau[1]" in notations(default)  # the default: top card or whole column


def test_whole_option_still_plays_a_top_card_to_a_foundation_and_waste_cards_to_columns():
    pos = "foundation[0]: 5S; tableau[0]: 9C 6S; tableau[1]: 9D; tableau[2]: 7S; tableau[3]: 6D; waste[0]: 8S"
    g = game(V, pos + "; base_rank: 5", tableau_moves="whole")
    moves = notations(g)
    assert "6S@tableau[0]>foundation[0]" in moves
    assert "8S@waste[0]>tableau[1]" in moves
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load(V, {"tableau_moves": "some"})


# -- corner=base: Solvitaire's Canfield columns ----------------------------------------------


def test_corner_base_puts_nothing_on_a_base_rank_card_in_the_columns():
    # base 5: a red 4 goes on a black 5 with the default (the corner turns everywhere), not
    # with corner=base; a king on an ace still does, and so does a run built across it
    pos = "foundation[0]: 5S; tableau[0]: 5C; tableau[1]: AC; tableau[2]: 4H; tableau[3]: KD; base_rank: 5"
    turn = notations(game(V, pos))
    base = notations(game(V, pos, corner="base"))
    assert "4H@tableau[2]>tableau[0]" in turn and "4H@tableau[2]>tableau[0]" not in base
    assert "KD@tableau[3]>tableau[1]" in turn and "KD@tableau[3]>tableau[1]" in base
    g = game(V, pos + "; waste[0]: 4D", corner="base", tableau_moves="whole")
    assert "4D@waste[0]>tableau[0]" not in notations(g)
