"""Strategy (PySolFC game 173): sort the stock onto eight piles; only then build up in suit."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "strategy"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    stock = pile(g, "stock[0]")
    assert len(stock) == 48 and not stock[-1].startswith("#") and all(c.startswith("#") for c in stock[:-1])
    assert g.score == 4


def test_the_stock_card_goes_onto_any_pile_but_not_up_while_the_stock_lasts():
    g = game(V, "foundation[0]: AS; stock[0]: #9D 2S; tableau[0]: 7C; tableau[3]: 2H")
    assert notations(g) == {f"2S@stock[0]>tableau[{i}]" for i in range(8)}
    for illegal in ("2S@stock[0]>foundation[0]", "7C@tableau[0]>tableau[1]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("2S@stock[0]>tableau[3]")
    assert pile(g, "stock[0]") == ["9D"]  # the next card turned up
    g.undo()
    assert pile(g, "stock[0]") == ["#9D", "2S"]


def test_once_the_stock_is_empty_tops_go_up_in_suit_and_piles_take_nothing():
    g = game(V, "foundation[0]: AS; foundation[1]: AH; tableau[0]: 3S 2S; tableau[1]: 2D; tableau[2]: 2H")
    assert notations(g) == {"2S@tableau[0]>foundation[0]", "2H@tableau[2]>foundation[1]"}
    with pytest.raises(MoveError):
        g.play("2D@tableau[1]>tableau[3]")
    g.play("2S@tableau[0]>foundation[0]")
    assert notations(g) == {"3S@tableau[0]>foundation[0]", "2H@tableau[2]>foundation[1]"}


def test_won_when_every_card_is_on_the_foundations():
    ranks = "A23456789TJQK"
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; tableau[5]: KC")
    assert not g.won and g.score == 51
    g.play("KC@tableau[5]>foundation[3]")
    assert g.won and g.score == 52
