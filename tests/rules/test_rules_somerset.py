"""Somerset (PySolFC's game, Solvitaire's preset): each rule from a hand-made position.

Rules: ten columns of 1..8, 8, 8 cards all face up, no stock; columns down in alternating
colours; single cards move, and runs as far as the empty columns allow (2 ** empty columns not
counting the destination); any card fills a space; foundations up by suit, top may come back.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "somerset"
FULL = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
KINGS = "tableau[6]: KS; tableau[7]: KH; tableau[8]: KD; tableau[9]: KC"  # fill columns; nothing fits


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert not any(c.startswith("#") for i in range(10) for c in pile(g, f"tableau[{i}]"))
    # tops 7H 5H AH 8C AD 9H 2D 2C 9D 7C: 7H on 8C, the red aces home or on 2C, 8C on 9H or 9D
    assert notations(g) == {
        "7H@tableau[0]>tableau[3]",
        "AH@tableau[2]>foundation[0]",
        "AH@tableau[2]>tableau[7]",
        "8C@tableau[3]>tableau[5]",
        "8C@tableau[3]>tableau[8]",
        "AD@tableau[4]>foundation[0]",
        "AD@tableau[4]>tableau[7]",
    }


def test_runs_move_only_as_far_as_empty_columns_allow():
    run = "tableau[0]: 9C 8H 7S 6H; tableau[1]: TD; tableau[2]: 2C; tableau[3]: 2H; tableau[4]: 2S"
    g = game(V, run + "; tableau[5]: 2D; " + KINGS)  # no space: one card at a time, and none fits
    assert notations(g) == set()
    g = game(V, run + "; " + KINGS)  # one space: single cards into it, and no run of four onto TD
    assert notations(g) == {
        f"{c}@tableau[{i}]>tableau[5]"
        for i, c in enumerate(["6H", "TD", "2C", "2H", "2S", "", "KS", "KH", "KD", "KC"])
        if c
    }
    g = game(V, run + "; " + KINGS.replace("; tableau[9]: KC", ""))  # two spaces
    moves = notations(g)
    assert "9C@tableau[0]>tableau[1]" in moves  # four cards onto the TD: 2 ** 2
    assert "7S@tableau[0]>tableau[5]" in moves  # two into a space: 2 ** 1
    assert "8H@tableau[0]>tableau[5]" not in moves  # three would not fit


def test_foundation_top_comes_back_won_and_score():
    g = game(
        V,
        "foundation[0]: AS 2S; tableau[0]: 3D; tableau[1]: 3S; tableau[2]: 3C; tableau[3]: 3H; tableau[4]: 4C; "
        "tableau[5]: 4S; " + KINGS,
    )
    assert notations(g) == {
        "2S@foundation[0]>tableau[0]",
        "2S@foundation[0]>tableau[3]",
        "3S@tableau[1]>foundation[0]",
        "3D@tableau[0]>tableau[4]",
        "3D@tableau[0]>tableau[5]",
        "3H@tableau[3]>tableau[4]",
        "3H@tableau[3]>tableau[5]",
    }
    g = game(V, FULL.replace(" KD", "") + "; tableau[0]: KD")
    assert g.score == 51 and not g.won
    g.play("KD@tableau[0]>foundation[2]")
    assert g.won and g.score == 52
