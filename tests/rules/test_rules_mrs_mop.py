"""Mrs Mop, as Solvitaire's "mrs-mop" preset (and PySolFC's "Mrs. Mop") plays it.

Rules: two decks face up in thirteen columns of eight, no stock; a card on one a rank higher
whatever the suit; one-suit runs move together; any card fills a space; a finished K..A suit
leaves for a foundation at once, scoring 100; won with all eight suits home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "mrs_mop"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal():
    g = rulesdsl.load(V).new_game(1)
    assert g.state.card_count() == 104
    assert all(len(pile(g, f"tableau[{i}]")) == 8 for i in range(13))
    assert not any(c.startswith("#") for i in range(13) for c in pile(g, f"tableau[{i}]"))
    assert "stock[0]" not in g.variant.layout.pile_names and notations(g)


def test_building_and_spaces():
    others = "KC KH KS KD KC.1 KH.1 KS.1 KD.1 AH".split()  # nothing goes on them, they go on nothing
    fill = "; ".join(f"tableau[{i}]: {c}" for i, c in zip(range(3, 12), others))
    g = game(V, f"tableau[0]: 9H 8S 7S; tableau[1]: 9D; tableau[2]: 8C; {fill}")
    assert notations(g) == {
        "7S@tableau[0]>tableau[2]",
        "8S@tableau[0]>tableau[1]",
        "8C@tableau[2]>tableau[1]",
    } | {
        f"{c}@tableau[{i}]>tableau[12]"
        for i, c in [(0, "8S"), (0, "7S"), (1, "9D"), (2, "8C")] + list(zip(range(3, 12), others))
    }
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[12]")


def test_a_finished_suit_leaves_and_the_win():
    suit = " ".join(r + "S" for r in "KQJT98765432A")
    homes = "; ".join(f"foundation[{i}]: {suit.replace('S', s)}" for i, s in enumerate("SHDCSHD"))
    run = " ".join(r + "C" for r in "KQJT98765432")
    g = game(V, homes + f"; tableau[0]: {run}; tableau[1]: AC")
    assert not g.won
    g.play("AC@tableau[1]>tableau[0]")
    assert g.won and g.score == 100 and pile(g, "tableau[0]") == []
