"""British Canister (variants/british_canister.yaml), after Solvitaire's preset (Blake and Gent's
tables) and PySolFC's game: American Canister one card at a time, kings only into empty columns.

Rules: all 52 cards face up in eight columns (7, 7, 7, 7, 6, 6, 6, 6, or with deal=pysol 6, 6, 7,
7, 7, 7, 6, 6); only top cards move, onto the next rank up of the other colour; an empty column
takes only a king; foundations by suit from the ace, nothing leaves them; won with 52 on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "british_canister"
FILL = "KH KD QH QD JH JD TH".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/british_canister.yaml", play=1) == []


@pytest.mark.parametrize("deal, sizes", [("solvitaire", [7, 7, 7, 7, 6, 6, 6, 6]), ("pysol", [6, 6, 7, 7, 7, 7, 6, 6])])
def test_start_position(deal, sizes):
    g = rulesdsl.load(V, {"deal": deal}).new_game(2)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == sizes


def test_only_the_top_card_moves():
    g = game(V, pos("tableau[0]: 9S 8H 7C; tableau[1]: TD; tableau[7]: 8D"))
    assert notations(g) == {"7C@tableau[0]>tableau[7]"}
    for illegal in ("9S@tableau[0]>tableau[1]", "8H@tableau[0]>tableau[1]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_only_a_king_fills_an_empty_column():
    g = game(V, pos("tableau[0]: 9S KS; tableau[1]: QC", free=[7]))
    into = moves_to(notations(g), "tableau[7]")
    assert into == {"KS@tableau[0]>tableau[7]", "KH@tableau[2]>tableau[7]", "KD@tableau[3]>tableau[7]"}
    with pytest.raises(MoveError):
        g.play("QC@tableau[1]>tableau[7]")


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
