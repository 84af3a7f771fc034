"""Baroness (PySolFC game 657): five piles dealt a row at a time; pairs of tops totalling 13 and kings go."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "baroness"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(5)] == [1] * 5
    assert pile(g, "reserve[0]") == [] and pile(g, "reserve[1]") == []
    assert len(pile(g, "stock[0]")) == 47


def test_top_cards_pair_to_thirteen_kings_go_alone_covered_cards_wait():
    g = game(
        V,
        "tableau[0]: 6H 4C; tableau[1]: 9D; tableau[2]: KS; tableau[3]: 7C; tableau[4]: 2C; reserve[1]: 6D; stock[0]: #2S #3S",
    )
    assert notations(g) == {
        "remove 4C@tableau[0] 9D@tableau[1]",
        "remove KS@tableau[2]",
        "remove 7C@tableau[3] 6D@reserve[1]",
        "deal",
    }
    with pytest.raises(MoveError):
        g.play("remove 6H@tableau[0] 7C@tableau[3]")  # 6H is covered by 4C


def test_a_top_card_may_move_into_an_empty_pile_and_only_there():
    g = game(V, "tableau[0]: 6H 4C; tableau[1]: 9S; tableau[2]: 8H; reserve[0]: 2D")
    assert notations(g) == {
        "remove 4C@tableau[0] 9S@tableau[1]",
        "4C@tableau[0]>tableau[3]",  # the empty piles are alike: one move, to the first
        "9S@tableau[1]>tableau[3]",
        "8H@tableau[2]>tableau[3]",
        "2D@reserve[0]>tableau[3]",
    }
    with pytest.raises(MoveError):
        g.play("2D@reserve[0]>tableau[2]")
    g.play("2D@reserve[0]>tableau[4]")  # typed to another empty pile: it goes there
    assert pile(g, "tableau[4]") == ["2D"] and pile(g, "reserve[0]") == []
    with pytest.raises(MoveError):
        g.play("8H@tableau[2]>reserve[0]")  # reserves are filled by the last deal only


def test_deal_puts_a_card_on_every_pile_and_the_last_seven_go_to_the_reserves_too():
    stock = " ".join(f"#{c}" for c in "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS".split())
    g = game(V, f"tableau[0]: AH; tableau[1]: AS; tableau[2]: AD; tableau[3]: AC; tableau[4]: 2H; stock[0]: {stock}")
    assert notations(g) == {"deal"}
    g.play("deal")  # the stock's top card goes to the first pile
    assert [pile(g, f"tableau[{i}]") for i in range(5)] == [
        ["AH", "KS"],
        ["AS", "QS"],
        ["AD", "JS"],
        ["AC", "TS"],
        ["2H", "9S"],
    ]
    assert len(pile(g, "stock[0]")) == 7
    assert "deal" not in notations(g) and "deal_last" in notations(g)
    with pytest.raises(MoveError):
        g.play("deal")
    g.play("deal_last")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(5)] == ["8S", "7S", "6S", "5S", "4S"]
    assert pile(g, "reserve[0]") == ["3S"] and pile(g, "reserve[1]") == ["2S"]
    assert pile(g, "stock[0]") == []
    assert "deal" not in notations(g) and "deal_last" not in notations(g)


def test_won_when_all_cards_are_removed():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("AH", "QS", "KD")]
    g = game(V, f"discard[0]: {' '.join(rest)}; tableau[0]: AH; tableau[1]: KD; reserve[0]: QS")
    assert not g.won and g.score == 49
    g.play("remove KD@tableau[1]")
    g.play("remove AH@tableau[0] QS@reserve[0]")
    assert g.won and g.score == 52
