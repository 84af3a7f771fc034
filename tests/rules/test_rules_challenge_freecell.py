"""Challenge FreeCell (variants/challenge_freecell.yaml), after PySolFC's game: FreeCell with the aces
and twos at the bottom of the columns. The deal is what differs; the moves are FreeCell's
(tests/rules/test_rules_freecell.py), checked here on the start and on a few positions.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import foundations_but_one

V = "challenge_freecell"
BOTTOMS = "2C 2S 2H 2D AC AS AH AD".split()


def test_variant_file_is_clean():
    assert check_file("variants/challenge_freecell.yaml", play=1) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_aces_and_twos_lie_at_the_bottom(seed):
    g = rulesdsl.load(V).new_game(seed)
    cols = [pile(g, f"tableau[{i}]") for i in range(8)]
    assert [c[0] for c in cols] == BOTTOMS
    assert [len(c) for c in cols] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(card[0] in "A2" for c in cols for card in c[1:])  # the other cards are shuffled


def test_freecell_moves():
    cols = "tableau[0]: 2C; tableau[1]: AC 3D; tableau[2]: 4S; " + "; ".join(
        f"tableau[{i}]: {c}" for i, c in zip(range(3, 8), "QH QD JH JD TH".split())
    )
    g = game(V, cols + "; cell[0]: KS; cell[1]: KH; cell[2]: KD; cell[3]: KC")
    assert notations(g) == {"2C@tableau[0]>tableau[1]", "3D@tableau[1]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("AC@tableau[1]>foundation[3]")  # covered
    g.play("3D@tableau[1]>tableau[2]")
    assert "AC@tableau[1]>foundation[3]" in notations(g)


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
