"""Thirty (Solvitaire's preset, Blake & Gent's tables): 32 cards, five open columns building down any suit."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "thirty"


def test_start_position_thirty_two_cards_ace_to_eight():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(5)] == [6] * 5
    assert [len(pile(g, f"reserve[{i}]")) for i in range(2)] == [1, 1]
    faces = {g.variant.deck.text(c) for p in g.state.piles for c in p}
    assert faces == {r + s for r in "A2345678" for s in "SHDC"}
    assert all(d == 0 for d in g.state.down) and g.score == 0


def test_build_down_whatever_the_suit_runs_move_whole_and_reserve_cards_play_out():
    g = game(
        V,
        "tableau[0]: 5C 4H 3S; tableau[1]: 6D; tableau[2]: 4C; tableau[3]: 8S; tableau[4]: 7H; reserve[0]: 2D; reserve[1]: 5S",
    )
    assert notations(g) == {
        "5C@tableau[0]>tableau[1]",  # the run 5C 4H 3S, going down whatever the suits
        "3S@tableau[0]>tableau[2]",
        "7H@tableau[4]>tableau[3]",
        "6D@tableau[1]>tableau[4]",
        "2D@reserve[0]>tableau[0]",
        "5S@reserve[1]>tableau[1]",
    }
    for illegal in ("4H@tableau[0]>tableau[1]", "8S@tableau[3]>reserve[0]", "2D@reserve[0]>tableau[2]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("5C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["6D", "5C", "4H", "3S"] and pile(g, "tableau[0]") == []


def test_an_empty_column_takes_any_card_or_run():
    g = game(V, "tableau[0]: 8C 7D; tableau[1]: 5H; tableau[2]: 3S; tableau[3]: 4D; reserve[0]: 6H")
    moves = notations(g)
    assert {"8C@tableau[0]>tableau[4]", "7D@tableau[0]>tableau[4]", "6H@reserve[0]>tableau[4]"} <= moves


def test_foundations_in_suit_from_the_aces_to_the_eights_and_nothing_leaves_them():
    g = game(V, "foundation[0]: AS 2S 3S 4S 5S 6S 7S; tableau[0]: 8S; tableau[1]: AH; tableau[2]: 2H")
    assert {"8S@tableau[0]>foundation[0]", "AH@tableau[1]>foundation[1]"} <= notations(g)
    with pytest.raises(MoveError):
        g.play("2H@tableau[2]>foundation[1]")
    g.play("8S@tableau[0]>foundation[0]")
    with pytest.raises(MoveError):
        g.play("8S@foundation[0]>tableau[0]")


def test_won_when_all_32_cards_are_up():
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A2345678") for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in "A234567") + "; reserve[1]: 8C")
    assert not g.won and g.score == 31
    g.play("8C@reserve[1]>foundation[3]")
    assert g.won and g.score == 32
