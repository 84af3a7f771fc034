"""Fortune's Favor (variants/fortunes_favor.yaml), after Solvitaire's preset (Blake and Gent's tables):
each rule from a hand-made position.

Rules: one deck; the aces start the foundations; twelve columns of one face-up card; 36 cards in
the stock, an empty waste; only top cards move, down by suit; an empty column fills at once from
the waste, else from the stock; draw one, no redeal; foundations up by suit, nothing leaves them;
won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "fortunes_favor"
FILL = "KH KD KS 5H 5D 5S 3H 3D 3S JH JD".split()  # none builds on another
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/fortunes_favor.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [1] * 12
    assert pile(g, "waste[0]") == [] and len(pile(g, "stock[0]")) == 36
    assert g.score == 4 and not g.won


def test_columns_build_down_by_suit_one_card_at_a_time():
    g = game(V, pos(ACES + "; tableau[0]: 9C 7C; tableau[1]: 8C; waste[0]: 6C; stock[0]: #4D"))
    assert notations(g) == {"7C@tableau[0]>tableau[1]", "6C@waste[0]>tableau[0]", "draw"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")


def test_an_emptied_column_fills_from_the_waste_first():
    g = game(V, pos(ACES + "; tableau[0]: 2C; waste[0]: 4D 6H; stock[0]: #QS"))
    g.play("2C@tableau[0]>foundation[3]")
    assert pile(g, "tableau[0]") == ["6H"] and pile(g, "waste[0]") == ["4D"]
    g.undo()
    assert pile(g, "tableau[0]") == ["2C"] and pile(g, "waste[0]") == ["4D", "6H"]


def test_then_from_the_stock_face_up_and_never_left_empty():
    g = game(V, pos(ACES + "; tableau[0]: 2C; stock[0]: #QS #9H"))
    g.play("2C@tableau[0]>foundation[3]")
    assert pile(g, "tableau[0]") == ["9H"] and pile(g, "stock[0]") == ["#QS"]
    g = game(V, pos(ACES + "; tableau[0]: 2C"))
    g.play("2C@tableau[0]>foundation[3]")
    assert pile(g, "tableau[0]") == []  # nothing left to fill it with
    assert not any(m.endswith(">tableau[0]") for m in notations(g))  # and it takes nothing


def test_nothing_leaves_a_foundation_and_no_redeal():
    text = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC 2C"
    g = game(V, pos(text + "; tableau[0]: 7H; waste[0]: 9S"))
    assert notations(g) == set()  # 2C stays; the stock is empty and is never turned again
    with pytest.raises(MoveError):
        g.play("2C@foundation[3]>tableau[0]")


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
