"""Nines (PySolFC's nines.html: like Tens), each rule from a hand-made position.

Rules: nine cards in a 3x3 grid, the rest the stock; a pair totalling nine is removed, a nine
goes off alone; a ten, jack, queen or king goes to one of four reserves, a rank no other holds,
and the four go off by themselves; gaps fill from the stock only while the reserves are empty;
won when all 52 cards are removed; score = cards removed.
"""

from __future__ import annotations

import pytest

from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/nines.yaml", play=3) == []


def test_pairs_total_nine_and_a_nine_goes_alone():
    g = game("nines", "tableau[0]: AS; tableau[1]: 8D; tableau[2]: 9C; tableau[3]: 2H; stock[0]: #2C")
    assert notations(g) == {"remove AS@tableau[0] 8D@tableau[1]", "9C@tableau[2]>discard[0]"}
    with pytest.raises(MoveError):
        g.play("remove 8D@tableau[1] 2H@tableau[3]")


def test_ten_to_king_go_to_the_reserves_one_rank_each_then_off_together():
    g = game(
        "nines",
        "tableau[0]: KS; tableau[1]: KD; reserve[0]: TH; reserve[1]: JS; reserve[2]: QC; stock[0]: #5C #4C",
    )
    with pytest.raises(MoveError):
        g.play("KS@tableau[0]>discard[0]")  # only a nine goes off alone
    g.play("KS@tableau[0]>reserve[3]")
    assert pile(g, "discard[0]") == ["TH", "JS", "QC", "KS"]
    assert pile(g, "tableau[0]") == ["4C"] and pile(g, "tableau[2]") == ["5C"] and pile(g, "tableau[1]") == ["KD"]


def test_the_win_and_the_score():
    cards = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]
    rest = " ".join(c for c in cards if c != "9S")
    g = game("nines", f"tableau[0]: 9S; discard[0]: {rest}")
    assert not g.won and g.score == 51
    g.play("9S@tableau[0]>discard[0]")
    assert g.won and g.score == 52
