"""Kingsley (PySolFC's game): Klondike upside down.

Rules: Klondike's deal; foundations down by suit from king to ace, top may come back; columns up
in alternating colours, runs so built move whole, only an ace fills a space; draw one, one pass.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "kingsley"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_seed_1_by_hand():
    # tops 7H 6H 2H 2S KD JC 8C: KD home, 8C on 7H (up, other colour), and the draw
    g = rulesdsl.load(V).new_game(1)
    assert notations(g) == {"KD@tableau[4]>foundation[0]", "8C@tableau[6]>tableau[0]", "draw"}


def test_columns_build_up_in_alternating_colours_aces_fill_spaces():
    g = game(V, "tableau[0]: #KC 4D 5S 6H; tableau[1]: 3C; tableau[2]: AS; tableau[3]: 7C")
    assert notations(g) == {"4D@tableau[0]>tableau[1]", "7C@tableau[3]>tableau[0]"} | {
        f"AS@tableau[2]>tableau[{i}]" for i in range(4, 7)
    }
    with pytest.raises(MoveError):
        g.play("7C@tableau[3]>tableau[4]")  # only an ace into a space
    g.play("4D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["KC"] and pile(g, "tableau[1]") == ["3C", "4D", "5S", "6H"]


def test_foundations_down_by_suit_from_the_king():
    g = game(V, "foundation[0]: KS QS; tableau[0]: JS; tableau[1]: QH; tableau[2]: KH; tableau[3]: JD")
    assert {m for m in notations(g) if "foundation" in m} == {
        "JS@tableau[0]>foundation[0]",
        "KH@tableau[2]>foundation[1]",
        "QS@foundation[0]>tableau[3]",
    }


def test_one_pass():
    g = game(V, "stock[0]: #5H")
    g.play("draw")
    assert notations(g) == set()


def test_won_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" AC", "") + "; waste[0]: AC")
    assert g.score == 51
    g.play("AC@waste[0]>foundation[3]")
    assert g.won and g.score == 52
