"""Relaxed Spider (PySolFC's game): Spider whose stock may be dealt while a column is empty."""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "relaxed_spider"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_with_empty_columns():
    g = game(V, "tableau[0]: 5H 4H; stock[0]: " + " ".join(f"#{r}D" for r in "A23456789T"))
    assert "deal" in notations(g)
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(10)] == "TD 9D 8D 7D 6D 5D 4D 3D 2D AD".split()
    assert pile(g, "tableau[0]") == ["5H", "4H", "TD"]


def test_spiders_deal_and_building_otherwise():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [6, 5, 5, 6, 5, 5, 6, 5, 5, 6]
    assert g.state.card_count() == 104 and len(pile(g, "stock[0]")) == 50
    g = game(
        V,
        "tableau[0]: 9H 8S 7S; tableau[1]: 9D; "
        + "; ".join(f"tableau[{i}]: K{s}" for i, s in zip(range(2, 10), "CHSDCHSD")),
    )
    assert notations(g) == {"8S@tableau[0]>tableau[1]"}  # 7S alone fits nowhere, 9H 8S is no run


def test_the_win_and_score():
    suit = " ".join(r + "S" for r in "KQJT98765432A")
    homes = "; ".join(f"foundation[{i}]: {suit.replace('S', s)}" for i, s in enumerate("SHDCSHD"))
    run = " ".join(r + "C" for r in "KQJT98765432")
    g = game(V, homes + f"; tableau[0]: {run}; tableau[1]: AC")
    g.play("AC@tableau[1]>tableau[0]")
    assert g.won and g.score == 100
