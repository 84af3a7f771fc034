"""Red and Black (variants/red_and_black.yaml), after PySolFC's game: the eight aces start the
foundations, which build up in alternating colours; columns build down in alternating colours and
runs move. Each rule from a hand-made position.

Rules: two decks; the aces on the foundations (S H D C S H D C); eight columns of one face up,
one card to the waste, 87 in the stock; foundations up in alternating colours, whatever the suit,
one card at a time, the top card may come back (an ace only to an empty foundation of its suit);
a top card or a run down in alternating colours moves onto the next rank up of the other colour;
an empty column takes any card or run; draw one, no redeal; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, moves_to

V = "red_and_black"
FILL = "KH KH.1 KD KD.1 5H 5H.1 5D 5D.1".split()  # all red: none builds on another
ACES = "; ".join(f"foundation[{i}]: A{s}{'.1' if i > 3 else ''}" for i, s in enumerate("SHDCSHDC"))


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/red_and_black.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(8)] == [[f"A{s}"] for s in "SHDCSHDC"]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [1] * 8
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 87
    assert g.score == 8 and not g.won


def test_foundations_build_up_in_alternating_colours_whatever_the_suit():
    g = game(V, pos(ACES + "; tableau[0]: 2H; tableau[1]: 2S; waste[0]: 2D.1"))
    to_f = {m for m in notations(g) if ">foundation" in m}
    # a red two on either black ace (spades 0 and 4, clubs 3 and 7); the black two on a red ace
    assert to_f == (
        {f"2H@tableau[0]>foundation[{i}]" for i in (0, 3, 4, 7)}
        | {f"2D@waste[0]>foundation[{i}]" for i in (0, 3, 4, 7)}
        | {f"2S@tableau[1]>foundation[{i}]" for i in (1, 2, 5, 6)}
    )
    with pytest.raises(MoveError):
        g.play("2H@tableau[0]>foundation[1]")


def test_an_ace_back_on_a_column_returns_only_to_an_empty_foundation_of_its_suit():
    g = game(V, pos("foundation[1]: AH.1; tableau[0]: AH; tableau[1]: 2S", free=[2]))
    assert moves_to(notations(g), "foundation[0]") == set()
    assert "AH@tableau[0]>foundation[5]" in notations(g)
    assert not any(m.startswith("AH@tableau[0]>foundation") and not m.endswith("[5]") for m in notations(g))
    assert "AH@foundation[1]>tableau[1]" in notations(g)  # the foundation's ace onto the black two


def test_columns_take_runs_in_alternating_colours():
    g = game(V, pos("tableau[0]: 9C 8D 7S; tableau[1]: TD; tableau[2]: 8H 7C"))
    assert notations(g) == {"9C@tableau[0]>tableau[1]"}
    with pytest.raises(MoveError):
        g.play("8D@tableau[0]>tableau[1]")  # 8D onto TD: not one rank down
    g.play("9C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TD", "9C", "8D", "7S"]
    assert "8H@tableau[2]>tableau[0]" in notations(g)  # an empty column takes a run


def test_win_and_score():
    # each foundation alternates its ace's suit (odd ranks) with the partner suit of the other
    # colour (even ranks): spades with hearts, diamonds with clubs; the last one lacks its king
    partner = {"S": "H", "H": "S", "D": "C", "C": "D"}
    parts = []
    for i, s in enumerate("SHDCSHDC"):
        tail = ".1" if i > 3 else ""
        cards = [f"{r}{s if k % 2 == 0 else partner[s]}{tail}" for k, r in enumerate("A23456789TJQK")]
        parts.append(f"foundation[{i}]: " + " ".join(cards[:-1] if i == 7 else cards))
    g = game(V, "; ".join(parts) + "; tableau[0]: KC.1")
    assert not g.won and g.score == 103
    g.play("KC.1@tableau[0]>foundation[7]")
    assert g.won and g.score == 104
