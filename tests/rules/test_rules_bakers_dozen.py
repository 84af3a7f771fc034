"""Baker's Dozen and Spanish Patience (variants/bakers_dozen.yaml, spanish_patience.yaml), after
PySolFC's games: each rule from a hand-made position.

Rules: thirteen columns of four face up, each king swapped down under the other cards of its
column; top cards only, down regardless of suit; empty columns never filled; foundations up by
suit (Spanish Patience: up in alternating colours, any suit, from each suit's ace)."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

COLS = [f"tableau[{i}]" for i in range(13)]


@pytest.mark.parametrize("name", ["bakers_dozen", "spanish_patience"])
def test_variant_file_is_clean(name):
    assert check_file(f"variants/{name}.yaml", play=2) == []


@pytest.mark.parametrize("name", ["bakers_dozen", "spanish_patience"])
@pytest.mark.parametrize("seed", range(1, 6))
def test_kings_lie_under_the_other_cards_of_their_column(name, seed):
    g = rulesdsl.load(name).new_game(seed)
    for c in COLS:
        cards = pile(g, c)
        assert len(cards) == 4 and not any(x.startswith("#") for x in cards)
        kings = [x[0] == "K" for x in cards]
        assert kings == sorted(kings, reverse=True)  # every king below every other card


def test_the_kings_swap_as_pysol_swaps_them():
    # the same deal as PySol's deal 1 (pysol-cards), where PySolFC moved the kings down
    g = rulesdsl.load("bakers_dozen").numbered_game(1)
    assert pile(g, "tableau[3]")[0] == "KC" and pile(g, "tableau[11]")[:2] == ["KH", "QH"]


def test_top_card_moves_down_regardless_of_suit_and_empty_columns_stay_empty():
    g = game("bakers_dozen", "tableau[0]: KS 7H; tableau[1]: 8C; tableau[2]: 8H 6D")
    assert notations(g) == {"7H@tableau[0]>tableau[1]", "6D@tableau[2]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("6D@tableau[2]>tableau[5]")


def test_foundations_by_suit_and_nothing_leaves_them():
    g = game("bakers_dozen", "foundation[0]: AS; tableau[0]: 2S; tableau[1]: 3S; tableau[2]: AH")
    assert notations(g) == {
        "2S@tableau[0]>foundation[0]",
        "AH@tableau[2]>foundation[1]",
        "2S@tableau[0]>tableau[1]",
        "AH@tableau[2]>tableau[0]",
    }


def test_spanish_patience_foundations_alternate_colours():
    g = game("spanish_patience", "foundation[0]: AS; tableau[0]: 2S; tableau[1]: 2H; tableau[2]: AH")
    assert notations(g) == {
        "2H@tableau[1]>foundation[0]",
        "AH@tableau[2]>foundation[1]",
        "AH@tableau[2]>tableau[0]",
        "AH@tableau[2]>tableau[1]",
    }
    g.play("2H@tableau[1]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AS", "2H"]


@pytest.mark.parametrize("name", ["bakers_dozen", "spanish_patience"])
def test_win_and_score(name):
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    if name == "spanish_patience":
        full = "; ".join(
            f"foundation[{i}]: " + " ".join(r + (s if k % 2 == 0 else o) for k, r in enumerate("A23456789TJQK"))
            for i, (s, o) in enumerate(zip("SHDC", "HSCD"))
        )
    g = game(name, full)
    assert g.won and g.score == 52
