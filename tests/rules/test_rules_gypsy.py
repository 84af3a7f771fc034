"""Gypsy (PySolFC game 1): two decks, eight columns built down in alternate colours, a deal onto every column."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "gypsy"


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    for i in range(8):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 3 and col[0].startswith("#") and col[1].startswith("#") and not col[2].startswith("#")
    assert len(pile(g, "stock[0]")) == 80 and g.state.card_count() == 104


def test_pysol_deal_numbers_deal_the_same_shape():
    g = rulesdsl.load(V).numbered_game(1)
    for i in range(8):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, True, False]
    assert len(pile(g, "stock[0]")) == 80


def test_build_down_in_alternate_colours_runs_move_whole():
    g = game(
        V,
        "tableau[0]: 9C 8H 7S; tableau[1]: 9H; tableau[2]: TD; tableau[3]: 8D; tableau[4]: KS; tableau[5]: KH; tableau[6]: KC; tableau[7]: KD; stock[0]: #2H",
    )
    assert notations(g) == {
        "9C@tableau[0]>tableau[2]",
        "7S@tableau[0]>tableau[3]",
        "deal",
    }
    for illegal in ("8H@tableau[0]>tableau[1]", "9H@tableau[1]>tableau[2]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_a_face_down_card_turns_up_and_an_empty_column_takes_any_run():
    g = game(
        V,
        "tableau[0]: #4S 6C 5H; tableau[1]: 7D; tableau[2]: KS; tableau[3]: KH; tableau[4]: KC; tableau[5]: KD; tableau[6]: KS.1; tableau[7]: QH",
    )
    g.play("6C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["4S"] and pile(g, "tableau[1]") == ["7D", "6C", "5H"]
    g.undo()
    assert pile(g, "tableau[0]") == ["#4S", "6C", "5H"]
    g = game(V, "tableau[0]: 6C 5H; tableau[1]: 9D")
    assert {"6C@tableau[0]>tableau[2]", "5H@tableau[0]>tableau[2]", "9D@tableau[1]>tableau[2]"} <= notations(g)


def test_foundations_in_suit_and_a_top_card_may_come_back_down_but_not_into_a_gap():
    g = game(
        V,
        "foundation[0]: AH 2H 3H; tableau[0]: 4S; tableau[1]: 4H; tableau[2]: KC; tableau[3]: KD; tableau[4]: KS; tableau[5]: KH; tableau[6]: KC.1",
    )
    assert "4H@tableau[1]>foundation[0]" in notations(g)
    assert "3H@foundation[0]>tableau[0]" in notations(g)
    with pytest.raises(MoveError):
        g.play("3H@foundation[0]>tableau[7]")
    with pytest.raises(MoveError):
        g.play("4S@tableau[0]>foundation[0]")


def test_deal_puts_a_card_on_every_column_even_an_empty_one():
    g = game(V, "tableau[0]: 5C; stock[0]: #AS #2S #3S #4S #5S #6S #7S #8S #9S")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(8)] == ["9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    assert pile(g, "stock[0]") == ["#AS"]


def test_won_when_all_104_cards_are_up():
    ranks = "A23456789TJQK"
    parts = [
        f"foundation[{i}]: " + " ".join(f"{r}{s}{'.1' if i >= 4 else ''}" for r in ranks)
        for i, s in enumerate("SHDCSHD")
    ]
    parts.append("foundation[7]: " + " ".join(f"{r}C.1" for r in ranks[:-1]))
    g = game(V, "; ".join(parts) + "; tableau[3]: KC.1")
    assert g.state.card_count() == 104 and not g.won and g.score == 103
    g.play("KC.1@tableau[3]>foundation[7]")
    assert g.won and g.score == 104
