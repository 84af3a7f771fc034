"""Terrace (PySolFC's terrace.html and its game), each rule from a hand-made position.

Rules: two decks; a reserve of eleven, four cards on the first four of nine tableau piles; the
first move sends one of those four to a foundation of its suit and fixes every foundation's
base rank (restated in the rules: the rank of a foundation's bottom card); then the empty
piles fill from the stock and the waste gets a card; foundations build up in alternating
colours round the corner, thirteen each; the tableau builds down in alternating colours, one
card at a time, a king on an ace, never from the reserve; the reserve's top goes only to a
foundation; gaps fill from the waste, then any card; won with all 104 cards up.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

START = "reserve[0]: 5S 9D; tableau[0]: 7H; tableau[1]: QC; stock[0]: #2C #3C #4C #5C #6C #7C #8C #9C #TC #JC"


def test_variant_file_is_clean():
    assert check_file("variants/terrace.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("terrace").new_game(1)
    assert len(pile(g, "reserve[0]")) == 11 and [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [1] * 4 + [0] * 5
    assert len(pile(g, "stock[0]")) == 89 and not pile(g, "waste[0]")


def test_the_first_move_is_a_tableau_card_to_a_foundation_of_its_suit():
    g = game("terrace", START)
    assert notations(g) == {
        "7H@tableau[0]>foundation[2]",
        "7H@tableau[0]>foundation[3]",
        "QC@tableau[1]>foundation[6]",
        "QC@tableau[1]>foundation[7]",
    }
    with pytest.raises(MoveError):
        g.play("9D@reserve[0]>foundation[4]")  # not from the reserve first
    with pytest.raises(MoveError):
        g.play("draw")  # nor a draw


def test_the_first_card_fixes_the_base_rank_and_the_deal_goes_on():
    g = game("terrace", START)
    g.play("7H@tableau[0]>foundation[2]")
    # the eight empty piles took the stock's top cards in order, then the waste one
    assert [pile(g, f"tableau[{i}]") for i in range(9)][:3] == [["JC"], ["QC"], ["TC"]]
    assert pile(g, "waste[0]") == ["3C"] and pile(g, "stock[0]") == ["#2C"] and "draw" in notations(g)
    assert not any(m.endswith(">foundation[0]") for m in notations(g))  # no seven of spades out


def test_foundations_build_up_in_alternating_colours_round_the_corner():
    g = game("terrace", "foundation[2]: QH; foundation[4]: QD KS; tableau[0]: KC; tableau[1]: AH; stock[0]: #2S")
    assert {"KC@tableau[0]>foundation[2]", "AH@tableau[1]>foundation[4]"} <= notations(g)
    with pytest.raises(MoveError):
        g.play("AH@tableau[1]>foundation[2]")


def test_the_tableau_builds_down_in_alternating_colours_a_king_on_an_ace_never_from_the_reserve():
    g = game(
        "terrace",
        "foundation[0]: 5S; reserve[0]: 6D; tableau[0]: AH; tableau[1]: KS; tableau[2]: 7C; waste[0]: 6H; stock[0]: #2S",
    )
    assert {"KS@tableau[1]>tableau[0]", "6H@waste[0]>tableau[2]"} <= notations(g)
    with pytest.raises(MoveError):
        g.play("6D@reserve[0]>tableau[2]")


def test_a_gap_fills_from_the_waste_and_the_waste_from_the_stock():
    g = game(
        "terrace",
        "foundation[0]: 5S; foundation[2]: 5H; tableau[0]: 6D; tableau[1]: 9C; tableau[2]: 9C; tableau[3]: 9D; "
        "tableau[4]: 9D; tableau[5]: 9H; tableau[6]: 9H; tableau[7]: 9S; tableau[8]: 9S; waste[0]: 4C; stock[0]: #3D #8S",
    )
    g.play("6D@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["4C"] and pile(g, "waste[0]") == ["8S"] and pile(g, "stock[0]") == ["#3D"]


def test_the_win():
    cards = []
    for i, suit in enumerate("SSHHDDCC"):
        other = {"S": "H", "H": "S", "D": "C", "C": "D"}[suit]
        run = "A23456789TJQK"
        cards.append(" ".join(f"{r}{suit if k % 2 == 0 else other}" for k, r in enumerate(run)))
    text = "; ".join(f"foundation[{i}]: {c}" for i, c in enumerate(cards))
    g = game("terrace", text)
    assert g.won and g.score == 104
