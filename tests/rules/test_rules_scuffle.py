"""Scuffle (PySolFC's scuffle.html: Auld Lang Syne with two redeals), each rule from a
hand-made position.

Rules: the aces start on the foundations, which build up by rank whatever the suit; four
tableau piles that do not build, their top cards go to the foundations; the stock deals one
card to each pile; when it is empty, twice, one move gathers the piles (top card first, face
down) into the stock, shuffles it and deals a row; won when all 52 cards are on the
foundations; score = cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def test_variant_file_is_clean():
    assert check_file("variants/scuffle.yaml", play=3) == []


def test_the_foundations_build_up_whatever_the_suit_and_the_tableau_does_not_build():
    g = game("scuffle", f"{ACES}; tableau[0]: 2D; tableau[1]: 3S; stock[0]: #5C")
    assert notations(g) == {f"2D@tableau[0]>foundation[{i}]" for i in range(4)} | {"deal"}
    with pytest.raises(MoveError):
        g.play("3S@tableau[1]>tableau[0]")


def test_the_deal_gives_one_card_to_each_pile():
    g = game("scuffle", f"{ACES}; stock[0]: #9C #8C #7C #6C #5C")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]") for i in range(4)] == [["5C"], ["6C"], ["7C"], ["8C"]]
    assert pile(g, "stock[0]") == ["#9C"]


def test_the_redeal_gathers_shuffles_and_deals_in_one_move_twice():
    g = game("scuffle", f"{ACES}; tableau[0]: 9C 4H; tableau[1]: KS; tableau[2]: 7D 8D 3C; tableau[3]: 6S")
    assert notations(g) == {"redeal"}  # the gather alone is never offered
    before = g.state.copy()
    g.play("redeal")
    assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [1, 1, 1, 1]
    stock = pile(g, "stock[0]")
    assert len(stock) == 3 and all(c.startswith("#") for c in stock)
    cards = sorted(c.lstrip("#") for p in ("stock[0]",) + tuple(f"tableau[{i}]" for i in range(4)) for c in pile(g, p))
    assert cards == sorted(["9C", "4H", "KS", "7D", "8D", "3C", "6S"])
    assert g.state.used[g.variant.action_index["redeal"]] == 1
    g.undo()
    assert g.state == before  # one move, one undo
    g.play("redeal")
    while "deal" in notations(g):
        g.play("deal")
    g.play("redeal")
    while "deal" in notations(g):
        g.play("deal")
    assert "redeal" not in notations(g)  # twice only


def test_the_redeal_is_the_same_in_both_engines(monkeypatch):
    text = f"{ACES}; tableau[0]: 9C 4H; tableau[1]: KS; tableau[2]: 7D 8D 3C; tableau[3]: 6S"
    g = game("scuffle", text)
    g.play("redeal")
    monkeypatch.setenv("RULESDSL_ENGINE", "closures")
    h = rulesdsl.Game.from_position(rulesdsl.load("scuffle"), text)
    h.play("redeal")
    assert g.state == h.state


def test_the_win_and_the_score():
    ranks = "A23456789TJQK"
    g = game(
        "scuffle",
        "; ".join(f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in ranks) for i, s in enumerate("SHD"))
        + "; foundation[3]: "
        + " ".join(f"{r}C" for r in ranks[:-1])
        + "; tableau[2]: KC",
    )
    assert not g.won and g.score == 51
    g.play("KC@tableau[2]>foundation[3]")
    assert g.won and g.score == 52
