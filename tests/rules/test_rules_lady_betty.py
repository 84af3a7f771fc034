"""Lady Betty (PySolFC game 171): Numerica with six piles and foundations built in suit."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "lady_betty"


def test_start_position_six_piles():
    g = rulesdsl.load(V).new_game(1)
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 51
    assert [n for n in g.variant.layout.pile_names if n.startswith("tableau")] == [f"tableau[{i}]" for i in range(6)]


def test_foundations_are_built_in_suit():
    g = game(V, "foundation[0]: AS 2S; foundation[1]: AH; waste[0]: 3S; tableau[0]: 2C; tableau[5]: 2H; stock[0]: #9C")
    assert {m for m in notations(g) if "foundation" in m} == {
        "3S@waste[0]>foundation[0]",
        "2H@tableau[5]>foundation[1]",
    }
    with pytest.raises(MoveError):
        g.play("2C@tableau[0]>foundation[1]")
    assert {m for m in notations(g) if "tableau" in m.split(">")[1]} == {f"3S@waste[0]>tableau[{i}]" for i in range(6)}


def test_an_ace_of_any_suit_starts_an_empty_foundation_once():
    g = game(V, "waste[0]: AD; tableau[0]: 5C; stock[0]: #9C")
    assert "AD@waste[0]>foundation[0]" in notations(g)
    g.play("AD@waste[0]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AD"]
    assert notations(g) == {"draw"}
