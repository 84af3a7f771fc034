"""Tens (PySolFC's tens.html), each rule from a hand-made position.

Rules: thirteen cards face up, the rest the stock; a pair totalling ten is removed; tens and
picture cards go to the four reserves while every reserve card is of their rank, and four of a
kind there go off by themselves; gaps fill from the stock only while the reserves are empty;
won when all 52 cards are removed; score = cards removed.
"""

from __future__ import annotations

import pytest

from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/tens.yaml", play=3) == []


def test_pairs_total_ten_and_five_pairs_with_five():
    g = game("tens", "tableau[0]: 5S; tableau[1]: 5D; tableau[2]: 6C; stock[0]: #2C")
    assert notations(g) == {"remove 5S@tableau[0] 5D@tableau[1]"}
    with pytest.raises(MoveError):
        g.play("remove 5S@tableau[0] 6C@tableau[2]")


def test_the_reserves_take_tens_and_pictures_of_one_rank():
    g = game("tens", "tableau[0]: QS; tableau[1]: JD; tableau[2]: 9C; reserve[0]: QH; stock[0]: #2C")
    assert notations(g) == {f"QS@tableau[0]>reserve[{i}]" for i in (1, 2, 3)}
    with pytest.raises(MoveError):
        g.play("JD@tableau[1]>reserve[1]")  # the reserves hold queens
    with pytest.raises(MoveError):
        g.play("9C@tableau[2]>reserve[1]")


def test_no_refill_while_the_reserves_hold_cards_then_four_of_a_kind_go_and_the_gaps_fill():
    g = game(
        "tens",
        "tableau[0]: TS; tableau[1]: 4D; tableau[2]: 6D; reserve[0]: TH; reserve[1]: TD; stock[0]: #8C #AH #3S",
    )
    g.play("remove 4D@tableau[1] 6D@tableau[2]")
    assert pile(g, "tableau[1]") == [] and len(pile(g, "stock[0]")) == 3  # the reserves are not empty
    g.play("TS@tableau[0]>reserve[2]")
    assert pile(g, "tableau[0]") == [] and pile(g, "discard[0]") == ["4D", "6D"]  # three tens only
    g.undo()
    g = game(
        "tens",
        "tableau[0]: TS; tableau[1]: TC; reserve[0]: TH; reserve[1]: TD; stock[0]: #8C #AH #3S",
    )
    g.play("TS@tableau[0]>reserve[2]")
    g.play("TC@tableau[1]>reserve[3]")
    assert pile(g, "discard[0]") == ["TH", "TD", "TS", "TC"]
    assert [pile(g, f"tableau[{i}]") for i in range(4)] == [["3S"], ["AH"], ["8C"], []]


def test_the_win_and_the_score():
    cards = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]
    rest = " ".join(c for c in cards if c not in ("3S", "7H"))
    g = game("tens", f"tableau[0]: 3S; tableau[1]: 7H; discard[0]: {rest}")
    assert not g.won and g.score == 50
    g.play("remove 3S@tableau[0] 7H@tableau[1]")
    assert g.won and g.score == 52
