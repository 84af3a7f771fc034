"""Josephine (variants/josephine.yaml), after PySolFC's game: Forty Thieves whose runs built down
in suit move together. Each rule from a hand-made position.

Rules: two decks; ten columns of four face up, one card to the waste, 63 in the stock; a top card
or a run down in one suit moves onto the next rank up of its suit; an empty column takes any card
or run; eight foundations up by suit, the top card may come back; draw one, no redeal; won with
104 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "josephine"
FILL = "KS KH KD KC KS.1 KH.1 KD.1 KC.1 2C 2D".split()


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/josephine.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [4] * 10
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 63
    assert g.state.card_count() == 104 and g.score == 0 and not g.won


def test_a_run_in_suit_moves_as_a_unit():
    g = game(V, pos("tableau[0]: 3D 9H 8H 7H; tableau[1]: 5S 9H.1; tableau[2]: 4C TH"))
    assert notations(g) == {
        "9H@tableau[0]>tableau[2]",  # the run 9H 8H 7H onto TH
        "8H@tableau[0]>tableau[1]",  # the run 8H 7H onto the other 9H
        "9H.1@tableau[1]>tableau[2]",
    }
    g.play("9H@tableau[0]>tableau[2]")
    assert pile(g, "tableau[2]") == ["4C", "TH", "9H", "8H", "7H"] and pile(g, "tableau[0]") == ["3D"]


def test_a_run_of_mixed_suits_or_onto_another_suit_does_not_move():
    g = game(V, pos("tableau[0]: 9H 8S 7S; tableau[1]: 9C; tableau[2]: 9S"))
    assert notations(g) == {"8S@tableau[0]>tableau[2]"}
    for illegal in ("9H@tableau[0]>tableau[1]", "8S@tableau[0]>tableau[1]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_card_or_run():
    g = game(V, pos("tableau[0]: 4C 6D 5D; tableau[1]: QH", free=[2]))
    into = moves_to(notations(g), "tableau[2]")
    assert {"6D@tableau[0]>tableau[2]", "5D@tableau[0]>tableau[2]", "QH@tableau[1]>tableau[2]"} <= into
    assert len(into) == 10  # the two of the run, and each other column's top card


def test_waste_draw_one_no_redeal():
    g = game(V, pos("waste[0]: 7H; tableau[0]: 8H; stock[0]: #2C"))
    assert notations(g) == {"7H@waste[0]>tableau[0]", "draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["7H", "2C"] and notations(g) == set()


def test_foundations_one_card_at_a_time_and_the_top_card_comes_back():
    g = game(V, pos("foundation[0]: AS 2S; tableau[0]: 4S 3S; tableau[1]: AS.1; tableau[2]: 5D 4D 3D"))
    # the foundations not yet started are alike: one move to "a foundation"
    assert notations(g) == {
        "3S@tableau[0]>foundation[0]",
        "AS.1@tableau[1]>foundation[1]",
        "2S@foundation[0]>tableau[0]",
    }
    with pytest.raises(MoveError):
        g.play("4S@tableau[0]>foundation[0]")  # a run never goes to a foundation


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@waste[0]>foundation[7]")
    assert g.won and g.score == 104
