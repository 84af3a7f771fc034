"""Bristol (variants/bristol.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: eight fans of three face up, kings swapped under; three reserves of one card, the stock
deals one card to each reserve; fans build down regardless of suit, top card only, never
refilled; foundations up regardless of suit from the ace."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/bristol.yaml", play=2) == []


@pytest.mark.parametrize("seed", range(1, 6))
def test_start_position(seed):
    g = rulesdsl.load("bristol").new_game(seed)
    for i in range(8):
        cards = pile(g, f"tableau[{i}]")
        kings = [x[0] == "K" for x in cards]
        assert len(cards) == 3 and kings == sorted(kings, reverse=True)
    assert [len(pile(g, f"reserve[{i}]")) for i in range(3)] == [1, 1, 1]
    assert len(pile(g, "stock[0]")) == 25


def test_moves_from_fans_and_reserves():
    g = game("bristol", "tableau[0]: 9H 7S; tableau[1]: 8D; reserve[0]: 7C; reserve[1]: AH; stock[0]: #2C #3C")
    assert notations(g) == {
        "7S@tableau[0]>tableau[1]",
        "7C@reserve[0]>tableau[1]",
        "AH@reserve[1]>foundation[0]",
        "AH@reserve[1]>foundation[1]",
        "AH@reserve[1]>foundation[2]",
        "AH@reserve[1]>foundation[3]",
        "deal",
    }


def test_foundations_regardless_of_suit_and_the_stock_deals_to_each_reserve():
    g = game("bristol", "foundation[0]: AH; tableau[0]: 2S; reserve[2]: 5D; stock[0]: #3C #4C")
    assert "2S@tableau[0]>foundation[0]" in notations(g)
    g.play("deal")
    assert pile(g, "reserve[0]") == ["4C"] and pile(g, "reserve[1]") == ["3C"]
    assert pile(g, "reserve[2]") == ["5D"] and "deal" not in notations(g)


def test_win_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    assert game("bristol", full).won and game("bristol", full).score == 52
