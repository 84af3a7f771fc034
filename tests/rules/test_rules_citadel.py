"""Citadel (variants/citadel.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: aces on the foundations; the other cards dealt face up row by row into eight columns, six
rounds, a card that fits a foundation going there instead; then Streets and Alleys' moves."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

RANKS = "A23456789TJQK"


def test_variant_file_is_clean():
    assert check_file("variants/citadel.yaml", play=2) == []


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_deal_plays_every_card_that_fits(seed):
    g = rulesdsl.load("citadel").new_game(seed)
    found = [pile(g, f"foundation[{i}]") for i in range(4)]
    assert [f[0] for f in found] == ["AS", "AH", "AD", "AC"]
    for f, suit in zip(found, "SHDC"):
        assert f == [r + suit for r in RANKS[: len(f)]]
    cols = [pile(g, f"tableau[{i}]") for i in range(8)]
    assert all(len(c) <= 6 for c in cols)
    assert sum(map(len, cols)) + sum(map(len, found)) == 52
    # every card left in a column ranks above its suit's foundation top (none is lost or doubled)
    tops = {f[-1][1]: RANKS.index(f[-1][0]) for f in found}
    for c in cols:
        for card in c:
            assert RANKS.index(card[0]) > tops[card[1]]


def test_moves_are_streets_and_alleys():
    g = game("citadel", "foundation[0]: AS; tableau[0]: 9H 2S; tableau[1]: 3D")
    assert notations(g) == {"2S@tableau[0]>foundation[0]", "2S@tableau[0]>tableau[1]"} | {
        f"2S@tableau[0]>tableau[{i}]" for i in range(2, 8)
    } | {f"3D@tableau[1]>tableau[{i}]" for i in range(2, 8)}


def test_win_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in RANKS) for i, s in enumerate("SHDC"))
    assert game("citadel", full).won and game("citadel", full).score == 52
