"""Grandfather's Clock (PySolFC game 261): twelve foundations from 2S to KD round a clock, built up in suit."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "grandfathers_clock"
CLOCK = "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD".split()


def clock(**tops) -> str:
    """The twelve clock cards, with more cards on some foundations (foundation index -> cards)."""
    return "; ".join(f"foundation[{i}]: {c} {tops.get(f'f{i}', '')}".strip() for i, c in enumerate(CLOCK))


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(12)] == [[c] for c in CLOCK]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [5] * 8
    assert all(d == 0 for d in g.state.down) and g.score == 12


def test_foundations_build_up_in_suit_and_a_king_is_followed_by_an_ace():
    g = game(V, clock() + "; tableau[0]: AD; tableau[1]: 3S; tableau[2]: 3D; tableau[3]: 5H; tableau[4]: 9C 2H")
    assert notations(g) - {m for m in notations(g) if ">tableau" in m} == {
        "AD@tableau[0]>foundation[11]",
        "3S@tableau[1]>foundation[0]",
    }
    for illegal in ("3D@tableau[2]>foundation[0]", "5H@tableau[3]>foundation[1]", "9C@tableau[4]>foundation[6]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_piles_build_down_whatever_the_suit_one_card_at_a_time_and_an_empty_pile_takes_any_card():
    g = game(V, clock() + "; tableau[0]: 9H 8S; tableau[1]: TC; tableau[2]: 9S")
    assert notations(g) == {
        "8S@tableau[0]>tableau[2]",
        "9S@tableau[2]>tableau[1]",
        "8S@tableau[0]>tableau[3]",
        "8S@tableau[0]>tableau[4]",
        "8S@tableau[0]>tableau[5]",
        "8S@tableau[0]>tableau[6]",
        "8S@tableau[0]>tableau[7]",
        "TC@tableau[1]>tableau[3]",
        "TC@tableau[1]>tableau[4]",
        "TC@tableau[1]>tableau[5]",
        "TC@tableau[1]>tableau[6]",
        "TC@tableau[1]>tableau[7]",
        "9S@tableau[2]>tableau[3]",
        "9S@tableau[2]>tableau[4]",
        "9S@tableau[2]>tableau[5]",
        "9S@tableau[2]>tableau[6]",
        "9S@tableau[2]>tableau[7]",
    }
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[1]")  # 9H lies under 8S: one card moves at a time


def test_nothing_leaves_a_foundation():
    g = game(V, clock(f0="3S") + "; tableau[0]: 4D")
    with pytest.raises(MoveError):
        g.play("3S@foundation[0]>tableau[0]")


def test_won_when_all_52_cards_are_up_each_foundation_ending_at_its_hour():
    ends = {
        "f0": "3S 4S 5S",
        "f1": "4H 5H 6H",
        "f2": "5C 6C 7C",
        "f3": "6D 7D 8D",
        "f4": "7S 8S 9S",
        "f5": "8H 9H TH",
        "f6": "9C TC JC",
        "f7": "TD JD QD",
        "f8": "JS QS KS AS",
        "f9": "QH KH AH 2H",
        "f10": "KC AC 2C 3C",
        "f11": "AD 2D 3D 4D",
    }
    g = game(V, clock(**dict(ends, f9="QH KH AH")) + "; tableau[0]: 2H")
    assert g.state.card_count() == 52 and g.score == 51 and not g.won
    g.play("2H@tableau[0]>foundation[9]")
    assert g.won and g.score == 52
    tops = [pile(g, f"foundation[{i}]")[-1] for i in range(12)]
    assert [t[0] for t in tops] == list("56789TJQA234")  # hours 5 to 4, round the clock
