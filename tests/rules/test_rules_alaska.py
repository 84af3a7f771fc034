"""Alaska (PySolFC's game): Russian Solitaire building up or down by suit.

Rules: Yukon's deal; any face-up card moves with the cards on it onto a card of its suit one rank
higher or lower (no corner); only a king fills a space; foundations up by suit, nothing leaves.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "alaska"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_seed_1_by_hand():
    # tops 7H 7S QC 3C 8S 2C 7C, with the face-up cards under them
    g = rulesdsl.load(V).new_game(1)
    assert notations(g) == {
        "7S@tableau[1]>tableau[4]",
        "JC@tableau[1]>tableau[2]",
        "6H@tableau[1]>tableau[0]",
        "AC@tableau[2]>tableau[5]",
        "6C@tableau[2]>tableau[6]",
        "3C@tableau[3]>tableau[5]",
        "8C@tableau[3]>tableau[6]",
        "8S@tableau[4]>tableau[1]",
        "2C@tableau[5]>tableau[3]",
        "KC@tableau[5]>tableau[2]",
    }


def test_up_or_down_in_suit_but_not_round_the_corner():
    g = game(
        V,
        "tableau[0]: #4C 8D 2S; tableau[1]: 9D; tableau[2]: 7D; tableau[3]: KH; tableau[4]: AH; "
        "tableau[5]: 3S; tableau[6]: QC",
    )
    # 8D (with 2S) on 9D or 7D; 2S on 3S and 3S on 2S; the AH home, never on the KH
    assert notations(g) == {
        "8D@tableau[0]>tableau[1]",
        "8D@tableau[0]>tableau[2]",
        "2S@tableau[0]>tableau[5]",
        "3S@tableau[5]>tableau[0]",
    } | {f"AH@tableau[4]>foundation[{i}]" for i in range(4)}
    with pytest.raises(MoveError):
        g.play("AH@tableau[4]>tableau[3]")  # no ace on a king
    g.play("8D@tableau[0]>tableau[2]")
    assert pile(g, "tableau[0]") == ["4C"]


def test_kings_only_in_spaces_and_the_win():
    g = game(V, "tableau[0]: 5H KS; tableau[1]: QD")
    assert notations(g) == {f"KS@tableau[0]>tableau[{i}]" for i in range(2, 7)}
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KC", "") + "; tableau[2]: KC")
    g.play("KC@tableau[2]>foundation[3]")
    assert g.won and g.score == 52
