"""Scotch Patience (variants/scotch_patience.yaml), after PySolFC's game: each rule from a hand-made
position.

Rules: eighteen fans face up (seventeen of three, one of one); only top cards move, one rank down
whatever the suit; an empty fan is never filled; each foundation starts with the ace of its suit
(S H D C) and builds up in alternating colours, the top card may come back; won with 52 cards on
the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled

V = "scotch_patience"
FILL = "KS KH KD KC JS JH JD JC 9S 9H 9D 9C 7S 7H 7D 7C 5S".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 18, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/scotch_patience.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(18)] == [3] * 17 + [1]


def test_fans_build_down_whatever_the_suit_and_empty_fans_stay_empty():
    g = game(V, pos("tableau[0]: 4D; tableau[1]: 3S; tableau[2]: 5C", free=[17]))
    assert notations(g) == {"3S@tableau[1]>tableau[0]", "4D@tableau[0]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("4D@tableau[0]>tableau[17]")


def test_each_foundation_starts_with_its_ace_and_builds_in_alternating_colours():
    g = game(V, pos("foundation[0]: AS; tableau[0]: 2D; tableau[1]: 2C; tableau[2]: AH"))
    to_f = {m for m in notations(g) if ">foundation" in m}
    assert to_f == {"2D@tableau[0]>foundation[0]", "AH@tableau[2]>foundation[1]"}
    with pytest.raises(MoveError):
        g.play("2C@tableau[1]>foundation[0]")  # black on black
    with pytest.raises(MoveError):
        g.play("AH@tableau[2]>foundation[2]")  # the diamonds' foundation


def test_win_and_score():
    # alternating colours: each foundation takes its suit's odd ranks and a partner's even ranks
    partner = {"S": "H", "H": "S", "D": "C", "C": "D"}
    parts = []
    for i, s in enumerate("SHDC"):
        cards = [f"{r}{s if k % 2 == 0 else partner[s]}" for k, r in enumerate("A23456789TJQK")]
        parts.append(f"foundation[{i}]: " + " ".join(cards[:-1] if i == 3 else cards))
    g = game(V, "; ".join(parts) + "; tableau[0]: KC")
    assert not g.won and g.score == 51
    g.play("KC@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
