"""Golf (the tutorial's variant, docs/authoring.md): each rule from a hand-made position.

Rules: seven columns of five face-up cards; one foundation; a column's top card goes onto
the foundation when one rank above or below its top, suits ignored, but nothing onto a king
(option kings=open allows it); no card ever goes onto a column; 'turn' puts the stock's top
card onto the foundation, no redeal; option corner=turn makes K and A neighbours; won when every column is empty; score = cards cleared.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

TO_F = ">foundation[0]"


def test_variant_file_is_clean():
    assert check_file("variants/golf.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("golf").new_game(1)
    for i in range(7):
        assert len(pile(g, f"tableau[{i}]")) == 5
        assert not any(c.startswith("#") for c in pile(g, f"tableau[{i}]"))
    assert len(pile(g, "foundation[0]")) == 1 and not pile(g, "foundation[0]")[0].startswith("#")
    stock = pile(g, "stock[0]")
    assert len(stock) == 16 and all(c.startswith("#") for c in stock)
    assert g.state.card_count() == 52 and g.score == 0


def test_one_rank_up_or_down_whatever_the_suit():
    g = game(
        "golf",
        "foundation[0]: 7H; tableau[0]: 8C; tableau[1]: 6D; tableau[2]: 9S; "
        "tableau[3]: 7S; tableau[4]: KH; tableau[5]: 6H; tableau[6]: 8H; stock[0]: #2C",
    )
    assert notations(g) == {
        "8C@tableau[0]" + TO_F,
        "6D@tableau[1]" + TO_F,
        "6H@tableau[5]" + TO_F,
        "8H@tableau[6]" + TO_F,
        "turn",
    }


def test_only_the_top_card_of_a_column_plays():
    g = game("golf", "foundation[0]: 7H; tableau[0]: 8C 2D; stock[0]: #2C")
    assert notations(g) == {"turn"}
    with pytest.raises(MoveError):
        g.play("8C@tableau[0]>foundation[0]")


def test_columns_take_no_cards():
    g = game("golf", "foundation[0]: 2S; tableau[0]: 5C; tableau[1]: 4D; tableau[2]: 6H")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("4D@tableau[1]>tableau[0]")


def test_a_card_never_leaves_the_foundation():
    g = game("golf", "foundation[0]: 9C 8D; tableau[0]: 2S")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("8D@foundation[0]>tableau[0]")


@pytest.mark.parametrize(
    "corner, kings, expected",
    [
        ("stop", "closed", set()),
        ("turn", "closed", set()),
        ("stop", "open", {"QD@tableau[0]" + TO_F}),
        ("turn", "open", {"QD@tableau[0]" + TO_F, "AS@tableau[1]" + TO_F}),
    ],
)
def test_nothing_goes_onto_a_king_unless_kings_are_open(corner, kings, expected):
    # kings=closed (the default, PySolFC's and black-hole-solver's rule): a king takes nothing,
    # neither a queen nor, turning the corner, an ace; kings=open is the looser rule
    g = game("golf", "foundation[0]: KH; tableau[0]: QD; tableau[1]: AS; tableau[2]: KC", corner=corner, kings=kings)
    assert notations(g) == expected
    if not expected:
        with pytest.raises(MoveError):
            g.play("QD@tableau[0]" + TO_F)


def test_a_king_still_goes_onto_a_queen_and_the_stock_onto_a_king():
    g = game("golf", "foundation[0]: QH; tableau[0]: KD; tableau[1]: 2C; stock[0]: #5S #9C")
    assert notations(g) == {"KD@tableau[0]" + TO_F, "turn"}
    g.play("KD@tableau[0]" + TO_F)
    assert notations(g) == {"turn"}
    g.play("turn")
    assert pile(g, "foundation[0]") == ["QH", "KD", "9C"]


@pytest.mark.parametrize(
    "corner, expected",
    [
        ("stop", {"2C@tableau[1]" + TO_F}),
        ("turn", {"2C@tableau[1]" + TO_F, "KD@tableau[0]" + TO_F}),
    ],
)
def test_ace_takes_a_king_only_with_the_option(corner, expected):
    g = game("golf", "foundation[0]: AH; tableau[0]: KD; tableau[1]: 2C; tableau[2]: QS", corner=corner)
    assert notations(g) == expected


def test_a_play_moves_the_card_and_undo_restores():
    g = game("golf", "foundation[0]: 7H; tableau[0]: 4S 8C; stock[0]: #2C #3D")
    before = g.position()
    g.play("8C@tableau[0]>foundation[0]")
    assert pile(g, "foundation[0]") == ["7H", "8C"]
    assert pile(g, "tableau[0]") == ["4S"]
    assert notations(g) == {"turn"}  # 4S is not next to 8C
    g.undo()
    assert g.position() == before


def test_turn_puts_the_stock_top_face_up_on_the_foundation():
    g = game("golf", "foundation[0]: 7H; tableau[0]: 4S; stock[0]: #2C #3D")
    g.play("turn")
    assert pile(g, "foundation[0]") == ["7H", "3D"]
    assert pile(g, "stock[0]") == ["#2C"]
    assert notations(g) == {"4S@tableau[0]" + TO_F, "turn"}
    g.undo()
    assert pile(g, "stock[0]") == ["#2C", "#3D"] and pile(g, "foundation[0]") == ["7H"]


def test_no_turn_and_no_redeal_with_an_empty_stock():
    g = game("golf", "foundation[0]: 7H; tableau[0]: 4S")
    assert notations(g) == set()
    assert g.over and not g.won
    with pytest.raises(MoveError):
        g.play("turn")


def test_won_when_every_column_is_empty_even_with_stock_left():
    g = game("golf", "foundation[0]: 7H; tableau[3]: 8C; stock[0]: #2C #3D")
    assert not g.won
    g.play("8C@tableau[3]>foundation[0]")
    assert g.won and g.over


def test_score_counts_cleared_cards():
    g = game("golf", "foundation[0]: 7H; tableau[0]: 4S 8C; tableau[1]: 9D; stock[0]: #2C")
    assert g.score == 32
    g.play("8C@tableau[0]>foundation[0]")
    assert g.score == 33
    g.play("9D@tableau[1]>foundation[0]")
    assert g.score == 34


def test_option_values_are_checked():
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load("golf", {"corner": "wrap"})
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load("golf", {"kings": "queen"})
