"""Cruel (variants/cruel.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: aces start on the foundations, 48 cards face up in twelve piles of four; top cards only,
down by suit; an empty pile is never filled; foundations up by suit; redeal as often as wished:
piles picked up in order and dealt again in fours, without shuffling.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "cruel"
PILES = [f"tableau[{i}]" for i in range(12)]


def test_variant_file_is_clean():
    assert check_file("variants/cruel.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, p)) for p in PILES] == [4] * 12
    assert not any(c.startswith("#") for p in PILES for c in pile(g, p))


def test_top_card_moves_down_by_suit_and_empty_piles_stay_empty():
    g = game(V, "foundation[0]: AS; tableau[0]: 9H 7S; tableau[1]: 8S; tableau[2]: 2S 5D")
    assert notations(g) == {"7S@tableau[0]>tableau[1]", "redeal"}
    g = game(V, "foundation[0]: AS; tableau[0]: 9H 2S")
    assert notations(g) == {
        "2S@tableau[0]>foundation[0]",
        "redeal",
        "AS@foundation[0]>tableau[0]",
    }  # a foundation's top card may come back
    with pytest.raises(MoveError):
        g.play("2S@tableau[0]>tableau[5]")


def test_redeal_keeps_the_order_and_deals_fours():
    g = game(V, "tableau[0]: 9H 7S 3S; tableau[2]: 8D; tableau[3]: 9C 8S 4H 5H 6H; tableau[11]: KC QC")
    g.play("redeal")
    assert [pile(g, p) for p in PILES[:4]] == [
        ["9H", "7S", "3S", "8D"],
        ["9C", "8S", "4H", "5H"],
        ["6H", "KC", "QC"],
        [],
    ]
    assert all(pile(g, p) == [] for p in PILES[4:])
    g.undo()
    assert pile(g, "tableau[3]") == ["9C", "8S", "4H", "5H", "6H"] and pile(g, "tableau[2]") == ["8D"]


def test_redeal_is_unlimited():
    g = game(V, "tableau[0]: 9H 7S 3S; tableau[1]: 8D")
    for _ in range(5):
        g.play("redeal")
    assert "redeal" in notations(g) and g.state.used == [5]


def test_win_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    assert game(V, full).won and game(V, full).score == 52
    g = game(V, "foundation[0]: AS 2S; tableau[0]: 3S")
    assert not g.won and g.score == 2
