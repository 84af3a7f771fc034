"""American Canister (variants/american_canister.yaml), after Solvitaire's preset (Blake and Gent's
tables) and PySolFC's game: each rule from a hand-made position.

Rules: all 52 cards face up in eight columns (7, 7, 7, 7, 6, 6, 6, 6, or with deal=pysol 6, 6, 7,
7, 7, 7, 6, 6); a top card or a run down in alternating colours, of any length, moves onto the
next rank up of the other colour; an empty column takes any card or run; foundations by suit from
the ace (S H D C), one card at a time, nothing leaves them; won with 52 cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "american_canister"
FILL = "KH KD QH QD JH JD TH".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/american_canister.yaml", play=1) == []


@pytest.mark.parametrize("deal, sizes", [("solvitaire", [7, 7, 7, 7, 6, 6, 6, 6]), ("pysol", [6, 6, 7, 7, 7, 7, 6, 6])])
def test_start_position(deal, sizes):
    g = rulesdsl.load(V, {"deal": deal}).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == sizes
    assert g.state.card_count() == 52 and g.score == 0


def test_a_long_run_in_alternating_colours_moves_whole():
    g = game(V, pos("tableau[0]: 2C 9S 8H 7C 6D 5S; tableau[1]: TD; tableau[7]: 9C 8D"))
    assert notations(g) == {
        "9S@tableau[0]>tableau[1]",  # the whole run of five
        "7C@tableau[0]>tableau[7]",  # its top three onto the 8D
        "9C@tableau[7]>tableau[1]",
    }
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[7]")  # onto the 8D: not one rank down
    g.play("9S@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TD", "9S", "8H", "7C", "6D", "5S"] and pile(g, "tableau[0]") == ["2C"]


def test_an_empty_column_takes_any_card_or_run():
    g = game(V, pos("tableau[0]: 9S 8H", free=[7]))
    into = moves_to(notations(g), "tableau[7]")
    assert {"9S@tableau[0]>tableau[7]", "8H@tableau[0]>tableau[7]"} <= into and len(into) == 8


def test_foundations_one_card_at_a_time_and_nothing_leaves_them():
    g = game(V, pos("foundation[0]: AS; tableau[0]: 3H 2S; tableau[1]: AH"))
    assert notations(g) == {
        "2S@tableau[0]>foundation[0]",
        "AH@tableau[1]>foundation[1]",
        "AH@tableau[1]>tableau[0]",  # a red ace on the black two
    }
    g.play("2S@tableau[0]>foundation[0]")
    assert not any("@foundation" in m for m in notations(g))


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
