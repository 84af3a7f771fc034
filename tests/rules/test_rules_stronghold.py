"""Stronghold (variants/stronghold.yaml), after Solvitaire's preset and PySolFC's game: Streets and
Alleys with one free cell. Each rule from a hand-made position.

Rules: eight open columns (7, 7, 7, 7, 6, 6, 6, 6); one cell of one card, from a column, back to a
column or a foundation; top cards move one at a time, one rank down whatever the suit; an empty
column takes any card; foundations by suit from the ace, nothing leaves them; won with 52 cards on
the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "stronghold"
FILL = "KS KH KD KC JS JH JD".split()  # kings and jacks: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/stronghold.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert pile(g, "cell[0]") == [] and g.state.card_count() == 52 and g.score == 0


def test_the_cell_holds_one_card_from_a_column():
    g = game(V, pos("tableau[0]: 9C 8H; tableau[1]: 4D"))
    fillers = {f"{c}@tableau[{i}]>cell[0]" for i, c in zip(range(2, 8), FILL)}
    assert notations(g) == {"8H@tableau[0]>cell[0]", "4D@tableau[1]>cell[0]"} | fillers
    g.play("8H@tableau[0]>cell[0]")
    assert notations(g) == {"8H@cell[0]>tableau[0]"}  # the cell is full; 8H back on the 9C
    with pytest.raises(MoveError):
        g.play("4D@tableau[1]>cell[0]")


def test_columns_build_down_whatever_the_suit_one_card_at_a_time():
    g = game(V, pos("cell[0]: JC; tableau[0]: 9C 8H; tableau[1]: 9S; tableau[2]: 7S"))
    assert notations(g) == {"8H@tableau[0]>tableau[1]", "7S@tableau[2]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")


def test_cell_card_to_a_foundation_and_nothing_leaves_one():
    g = game(V, pos("foundation[0]: AS; cell[0]: 2S; tableau[0]: 3H"))
    assert notations(g) == {"2S@cell[0]>foundation[0]", "2S@cell[0]>tableau[0]"}
    g.play("2S@cell[0]>foundation[0]")
    assert not any(m.startswith("2S@foundation") for m in notations(g))


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; cell[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@cell[0]>foundation[3]")
    assert g.won and g.score == 52
