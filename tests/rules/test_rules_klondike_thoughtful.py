"""Klondike with thoughtful=yes: every card face up, the stock too, and a recycle that keeps the
stock face up. Everything else is Klondike (tests/rules/test_rules_klondike.py)."""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean_with_the_option():
    assert check_file("variants/klondike.yaml", play=1) == []


def test_every_card_is_dealt_face_up():
    plain = rulesdsl.load("klondike").new_game(7)
    g = rulesdsl.load("klondike", {"thoughtful": "yes"}).new_game(7)
    assert sum(g.state.down) == 0
    for i in range(7):  # the same cards as the plain deal, only face up
        assert pile(g, f"tableau[{i}]") == [c.lstrip("#") for c in pile(plain, f"tableau[{i}]")]
    assert pile(g, "stock[0]") == [c.lstrip("#") for c in pile(plain, "stock[0]")]
    assert len(pile(g, "stock[0]")) == 24
    assert notations(g) == notations(plain)  # the same moves: only what is seen differs


def test_the_stock_stays_face_up_through_draws_and_a_recycle():
    g = game("klondike", "stock[0]: 9S 4C 7H; tableau[0]: KD", thoughtful="yes")
    start = g.state.copy()
    for _ in range(3):
        g.play("draw")
    assert pile(g, "waste[0]") == ["7H", "4C", "9S"] and pile(g, "stock[0]") == []
    g.play("recycle")
    assert pile(g, "stock[0]") == ["9S", "4C", "7H"]  # turned back over, still face up
    g.play("draw")
    assert pile(g, "waste[0]") == ["7H"]
    for _ in range(5):
        g.undo()
    assert g.state == start


def test_the_plain_recycle_still_turns_the_stock_face_down():
    g = game("klondike", "waste[0]: 9S 4C; tableau[0]: KD")
    g.play("recycle")
    assert pile(g, "stock[0]") == ["#4C", "#9S"]


def test_numbered_deals_are_face_up_too():
    g = rulesdsl.load("klondike", {"thoughtful": "yes"}).numbered_game(5)
    plain = rulesdsl.load("klondike").numbered_game(5)
    assert sum(g.state.down) == 0 and sum(plain.state.down) > 0
    assert [sorted(p) for p in g.state.piles] == [sorted(p) for p in plain.state.piles]
