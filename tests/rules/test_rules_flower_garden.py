"""Flower Garden (variants/flower_garden.yaml), after PySolFC's game: each rule from a hand-made
position.

Rules: six beds of six face up, sixteen bouquet cards each playable; only a bed's top card moves,
onto one rank higher whatever the suit; an empty bed takes any card; the bouquet takes nothing;
foundations up by suit from the ace, whose top card may come back to a bed; won with 52 cards on
the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "flower_garden"


def test_variant_file_is_clean():
    assert check_file("variants/flower_garden.yaml", play=2) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(2)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(6)] == [6] * 6
    assert [len(pile(g, f"reserve[{i}]")) for i in range(16)] == [1] * 16
    assert not any(c.startswith("#") for p in g.position()["piles"].values() for c in p)
    assert g.score == 0 and not g.won


def test_beds_build_down_whatever_the_suit_one_card_at_a_time():
    g = game(V, "tableau[0]: 4C 9H 8S; tableau[1]: 9D; tableau[2]: TC; tableau[3]: 6S; tableau[4]: QS; tableau[5]: 2D")
    assert notations(g) == {"8S@tableau[0]>tableau[1]", "9D@tableau[1]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[2]")  # 9H lies under the 8S: not a top card


def test_bouquet_cards_play_to_beds_and_foundations_and_take_nothing():
    g = game(
        V,
        "tableau[0]: 8S; tableau[1]: KC; tableau[2]: KD; tableau[3]: KH; tableau[4]: KS; "
        "tableau[5]: 5C; reserve[3]: 7H; reserve[9]: AD; reserve[10]: 6C",
    )
    assert notations(g) == {"7H@reserve[3]>tableau[0]"} | {f"AD@reserve[9]>foundation[{i}]" for i in range(4)}
    with pytest.raises(MoveError):
        g.play("6C@reserve[10]>reserve[3]")


def test_an_empty_bed_takes_any_card():
    g = game(V, "tableau[0]: 3C 8S; reserve[0]: 5H")
    into = {m for m in notations(g) if m.endswith(">tableau[1]")}
    assert into == {"8S@tableau[0]>tableau[1]", "5H@reserve[0]>tableau[1]"}


def test_foundations_and_a_card_coming_back():
    g = game(
        V,
        "foundation[0]: AS 2S 3S; tableau[0]: 4D; tableau[1]: 4S; tableau[2]: KC; tableau[3]: KD; "
        "tableau[4]: KH; tableau[5]: KS",
    )
    assert notations(g) == {"3S@foundation[0]>tableau[0]", "3S@foundation[0]>tableau[1]", "4S@tableau[1]>foundation[0]"}
    g.play("3S@foundation[0]>tableau[0]")
    assert pile(g, "tableau[0]") == ["4D", "3S"]


def test_win_and_score():
    founds = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK"[: 13 if s != "H" else 12])
        for i, s in enumerate("SHDC")
    )
    g = game(V, founds + "; reserve[15]: KH")
    assert not g.won and g.score == 51
    g.play("KH@reserve[15]>foundation[1]")
    assert g.won and g.score == 52
