"""Irmgard (PySolFC game 3): Gypsy on nine columns dealt as a harp; kings fill gaps; the last deal goes to seven."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "irmgard"


def test_start_position_a_harp_of_face_down_cards():
    g = rulesdsl.load(V).new_game(1)
    downs = [sum(c.startswith("#") for c in pile(g, f"tableau[{i}]")) for i in range(9)]
    assert downs == [0, 1, 2, 3, 4, 3, 2, 1, 0]
    assert all(not pile(g, f"tableau[{i}]")[-1].startswith("#") for i in range(9))
    assert len(pile(g, "stock[0]")) == 79


def test_an_empty_column_takes_only_a_king_or_a_run_from_a_king():
    g = game(V, "tableau[0]: 5C KH QS; tableau[1]: QD; tableau[2]: 9H 8S")
    moves = notations(g)
    assert {"KH@tableau[0]>tableau[3]"} <= moves
    for illegal in ("QS@tableau[0]>tableau[3]", "8S@tableau[2]>tableau[3]", "QD@tableau[1]>tableau[3]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_deals_of_nine_then_the_last_seven_go_to_the_middle_columns():
    cols = "; ".join(f"tableau[{i}]: {c}" for i, c in enumerate("AS 2S 3S 4S 5S 6S 7S 8S 9S".split()))
    stock = " ".join(f"#{r}H" for r in "A23456789TJQK") + " " + " ".join(f"#{r}D" for r in "A2")
    g = game(V, f"{cols}; stock[0]: {stock}")
    assert len(pile(g, "stock[0]")) == 15 and "deal" in notations(g) and "deal_last" not in notations(g)
    g.play("deal")
    assert len(pile(g, "stock[0]")) == 6
    assert "deal" not in notations(g) and "deal_last" in notations(g)  # 6 left, as PySolFC: to the middle
    g.play("deal_last")
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [2, 3, 3, 3, 3, 3, 3, 2, 2]
    g = game(V, f"{cols}; stock[0]: " + " ".join(f"#{r}H" for r in "A234567"))
    assert "deal_last" in notations(g) and "deal" not in notations(g)
    g.play("deal_last")
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [1, 2, 2, 2, 2, 2, 2, 2, 1]
    assert pile(g, "stock[0]") == []
