"""Rules tests for variants/beleaguered_castle.yaml (PySolFC's "Beleaguered Castle") that differ
from Streets and Alleys: the aces laid out first, eight columns of six. The shared rules (single
cards down regardless of suit, empty columns, foundations, win, score) are tested for both games
in tests/rules/test_rules_streets_and_alleys.py."""

from __future__ import annotations

import rulesdsl
from tests.helpers import game, notations, pile

BC = "beleaguered_castle"


def test_start_position_aces_on_the_foundations():
    for seed in (1, 2, 3):
        g = rulesdsl.load(BC).new_game(seed)
        assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
        assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [6] * 8
        assert g.score == 4


def test_beleaguered_castle_empty_foundations_take_nothing():
    g = game(BC, "tableau[0]: AS; tableau[1]: 2H")
    assert not any(">foundation" in m for m in notations(g))


def test_seed_1_depth_1_checked_by_hand():
    g = rulesdsl.load(BC).new_game(1)
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(8)] == ["KS", "JH", "4C", "7D", "TH", "QH", "2C", "7H"]
    # JH on QH, QH on KS, TH on JH, 2C onto the AC on foundation 3; 4C, 7D, 7H have no place
    assert notations(g) == {
        "JH@tableau[1]>tableau[5]",
        "QH@tableau[5]>tableau[0]",
        "TH@tableau[4]>tableau[1]",
        "2C@tableau[6]>foundation[3]",
    }
