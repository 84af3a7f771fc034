"""Simple Pairs (PySolFC game 91): nine places; any two of a rank go; gaps refill from the stock."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "simple_pairs"
FILL = "2H 3D 4C 5S 6H 7D 8C 9S TH".split()


def places(cards) -> str:
    return "; ".join(f"tableau[{i}]: {c}" for i, c in enumerate(cards))


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [1] * 9
    assert len(pile(g, "stock[0]")) == 43
    assert g.state.card_count() == 52 and g.score == 0


def test_any_two_of_the_same_rank_wherever_they_lie():
    cards = ["7S"] + FILL[1:8] + ["7H"]  # 7S and 7H in opposite corners, 7D in the middle
    g = game(V, places(cards))
    assert notations(g) == {
        "remove 7S@tableau[0] 7D@tableau[5]",
        "remove 7S@tableau[0] 7H@tableau[8]",
        "remove 7D@tableau[5] 7H@tableau[8]",
    }
    for illegal in ("remove 7S@tableau[0] 8C@tableau[6]", "remove 7S@tableau[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_each_emptied_place_refills_from_the_stock_and_undo_takes_it_back():
    g = game(V, places(["7S"] + FILL[1:8] + ["7H"]) + "; stock[0]: #KD #KC #QS")
    g.play("remove 7S@tableau[0] 7H@tableau[8]")
    assert pile(g, "tableau[0]") == ["QS"] and pile(g, "tableau[8]") == ["KC"] and pile(g, "stock[0]") == ["#KD"]
    assert notations(g) == set()  # QS and KC are not a pair; 7D has no partner left
    g.undo()
    assert pile(g, "tableau[0]") == ["7S"] and pile(g, "stock[0]") == ["#KD", "#KC", "#QS"]


def test_won_when_all_cards_are_removed():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("9H", "9C")]
    g = game(V, f"discard[0]: {' '.join(rest)}; tableau[3]: 9H; tableau[4]: 9C")
    assert not g.won and g.score == 50
    g.play("remove 9H@tableau[3] 9C@tableau[4]")
    assert g.won and g.score == 52
