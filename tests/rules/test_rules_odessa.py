"""Odessa (PySolFC's game): Russian Solitaire dealt 6, 8, 8, 8, 8, 8, 6 over three face-down cards.

Rules: three face-down cards in every column; any face-up card moves with the cards on it onto
the next higher card of its suit; only a king fills a space; foundations up by suit.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "odessa"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == [6, 8, 8, 8, 8, 8, 6]
    assert [g.state.down[g.variant.pile_index(f"tableau[{i}]")] for i in range(7)] == [3] * 7
    # tops KC TS 3D 2C 9D 7C 3H: QC (with AS 3D) on KC, 2D (with 9D) on 3D, AC (and its pile) on 2C
    assert notations(g) == {"QC@tableau[2]>tableau[0]", "2D@tableau[4]>tableau[2]", "AC@tableau[4]>tableau[3]"}


def test_suit_building_and_kings_in_spaces():
    g = game(V, "tableau[0]: #4C 8D 2S; tableau[1]: 9D; tableau[2]: 9H; tableau[3]: KH QH")
    assert notations(g) == {"8D@tableau[0]>tableau[1]"} | {f"KH@tableau[3]>tableau[{i}]" for i in range(4, 7)}
    with pytest.raises(MoveError):
        g.play("8D@tableau[0]>tableau[2]")
    g.play("8D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["4C"]


def test_the_win():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KH", "") + "; tableau[6]: KH")
    assert g.score == 51
    g.play("KH@tableau[6]>foundation[1]")
    assert g.won and g.score == 52
