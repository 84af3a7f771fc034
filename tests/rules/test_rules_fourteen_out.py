"""Fourteen Out (PySolFC's Fourteen, game 96): twelve open fans; two tops totalling 14 go."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "fourteen_out"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [5, 5, 5, 5] + [4] * 8
    assert all(d == 0 for d in g.state.down)
    assert g.state.card_count() == 52 and g.score == 0


def test_two_top_cards_totalling_fourteen():
    g = game(V, "tableau[0]: 6C AH; tableau[1]: KS; tableau[2]: 7D; tableau[3]: 7C; tableau[4]: 8S; tableau[5]: QH")
    assert notations(g) == {"remove AH@tableau[0] KS@tableau[1]", "remove 7D@tableau[2] 7C@tableau[3]"}
    for illegal in ("remove 6C@tableau[0] 8S@tableau[4]", "remove QH@tableau[5] KS@tableau[1]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("remove AH@tableau[0] KS@tableau[1]")
    assert notations(g) == {"remove 6C@tableau[0] 8S@tableau[4]", "remove 7D@tableau[2] 7C@tableau[3]"}
    assert pile(g, "discard[0]") == ["AH", "KS"] and pile(g, "tableau[1]") == []


def test_nothing_moves_into_an_empty_fan():
    g = game(V, "tableau[0]: 5D; tableau[1]: 3C")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("5D@tableau[0]>tableau[2]")


def test_won_when_all_cards_are_removed():
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in ("2H", "QC")]
    g = game(V, f"discard[0]: {' '.join(rest)}; tableau[7]: 2H; tableau[11]: QC")
    assert not g.won and g.score == 50
    g.play("remove 2H@tableau[7] QC@tableau[11]")
    assert g.won and g.score == 52
