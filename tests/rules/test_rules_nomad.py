"""Nomad (PySolFC game 200): Gypsy with four open rows and one free cell."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "nomad"
KINGS = "; ".join(f"tableau[{i + 3}]: {k}" for i, k in enumerate(["KS", "KH", "KD", "KC", "KS.1"]))


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [4] * 8
    assert not any(c.startswith("#") for i in range(8) for c in pile(g, f"tableau[{i}]"))
    assert pile(g, "cell[0]") == [] and len(pile(g, "stock[0]")) == 72


def test_the_cell_takes_one_column_top_and_gives_it_to_a_column_or_a_foundation():
    g = game(V, f"tableau[0]: 9C 8H; tableau[1]: 9S; tableau[2]: AD; {KINGS}")
    assert notations(g) == {
        "8H@tableau[0]>tableau[1]",
        "AD@tableau[2]>foundation[0]",
        "8H@tableau[0]>cell[0]",
        "9S@tableau[1]>cell[0]",
        "AD@tableau[2]>cell[0]",
        "KS@tableau[3]>cell[0]",
        "KH@tableau[4]>cell[0]",
        "KD@tableau[5]>cell[0]",
        "KC@tableau[6]>cell[0]",
        "KS.1@tableau[7]>cell[0]",
    }
    g.play("8H@tableau[0]>cell[0]")
    assert {"8H@cell[0]>tableau[1]"} <= notations(g)
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>cell[0]")  # the cell is full
    with pytest.raises(MoveError):
        g.play("9S@tableau[1]>tableau[0]")


def test_a_foundation_card_never_goes_to_the_cell():
    g = game(V, f"foundation[0]: AH 2H; tableau[0]: 3S; tableau[1]: 4D; tableau[2]: 5C; {KINGS}")
    assert "2H@foundation[0]>tableau[0]" in notations(g)
    with pytest.raises(MoveError):
        g.play("2H@foundation[0]>cell[0]")
