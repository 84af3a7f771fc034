"""Siegecraft (variants/siegecraft.yaml), after Solvitaire's preset and PySolFC's game: Beleaguered
Castle with one free cell. Each rule from a hand-made position.

Rules: the aces start the foundations; eight open columns of six; one cell of one card, from a
column, back to a column or a foundation; top cards move one at a time, one rank down whatever the
suit; an empty column takes any card; nothing leaves a foundation; won with 52 cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "siegecraft"
FILL = "KS KH KD KC JS JH JD".split()  # kings and jacks: none builds on another
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/siegecraft.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [6] * 8
    assert pile(g, "cell[0]") == [] and g.score == 4


def test_the_cell_and_the_columns():
    g = game(V, pos(ACES + "; tableau[0]: 9C 8H; tableau[1]: 9S; tableau[2]: 2D"))
    assert notations(g) == {
        "8H@tableau[0]>tableau[1]",
        "8H@tableau[0]>cell[0]",
        "9S@tableau[1]>cell[0]",
        "2D@tableau[2]>cell[0]",
        "2D@tableau[2]>foundation[2]",
    } | {f"{c}@tableau[{i}]>cell[0]" for i, c in zip(range(3, 8), FILL)}
    g.play("8H@tableau[0]>cell[0]")
    with pytest.raises(MoveError):
        g.play("2D@tableau[2]>cell[0]")  # one card only
    assert moves_to(notations(g), "tableau[0]") == {"8H@cell[0]>tableau[0]"}


def test_an_empty_column_takes_any_card_and_foundations_keep_theirs():
    text = "foundation[0]: AS 2S; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC; cell[0]: 5D"
    g = game(V, pos(text, free=[7]))
    into = moves_to(notations(g), "tableau[7]")
    assert "5D@cell[0]>tableau[7]" in into and len(into) == 7 + 1  # the cell's card and each top card
    assert not any("@foundation" in m for m in notations(g))


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[4]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[4]>foundation[3]")
    assert g.won and g.score == 52
