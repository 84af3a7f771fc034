"""Thirteens (PySolFC game 593): ten open cards; pairs totalling 13 and lone kings go; gaps refill from the stock."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "thirteens"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [1] * 10
    assert len(pile(g, "stock[0]")) == 42 and all(c.startswith("#") for c in pile(g, "stock[0]"))
    assert g.state.card_count() == 52 and g.score == 0


def test_any_two_places_totalling_thirteen_and_kings_alone():
    g = game(V, "tableau[0]: 6H; tableau[4]: 7S; tableau[5]: KC; tableau[9]: 8D; stock[0]: #2S")
    assert notations(g) == {"remove 6H@tableau[0] 7S@tableau[4]", "remove KC@tableau[5]"}
    for illegal in ("remove 6H@tableau[0] 8D@tableau[9]", "remove 8D@tableau[9]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_each_emptied_place_refills_from_the_stock_at_once():
    places = "6H 2H 2D 2C 7S 3H 3D 4C 3C 5C".split()
    g = game(V, "; ".join(f"tableau[{i}]: {c}" for i, c in enumerate(places)) + "; stock[0]: #2S #9D #QC")
    g.play("remove 6H@tableau[0] 7S@tableau[4]")
    assert pile(g, "tableau[0]") == ["QC"] and pile(g, "tableau[4]") == ["9D"]
    assert pile(g, "stock[0]") == ["#2S"]
    assert notations(g) == {"remove 9D@tableau[4] 4C@tableau[7]"}
    g.undo()
    assert pile(g, "tableau[0]") == ["6H"] and pile(g, "stock[0]") == ["#2S", "#9D", "#QC"]


def test_with_the_stock_empty_places_stay_empty_and_nothing_moves_into_them():
    g = game(V, "tableau[0]: KD; tableau[1]: 5S")
    g.play("remove KD@tableau[0]")
    assert pile(g, "tableau[0]") == [] and notations(g) == set()
    with pytest.raises(MoveError):
        g.play("5S@tableau[1]>tableau[0]")


def test_won_when_all_cards_are_removed():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("AH", "QS")]
    g = game(V, f"discard[0]: {' '.join(rest)}; tableau[2]: AH; tableau[3]: QS")
    assert not g.won and g.score == 50
    g.play("remove AH@tableau[2] QS@tableau[3]")
    assert g.won and g.score == 52
