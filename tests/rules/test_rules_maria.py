"""Maria (variants/maria.yaml), after PySolFC's game: Forty Thieves with nine columns built down in
alternating colours. Each rule from a hand-made position.

Rules: two decks; nine columns of four face up, one card to the waste, 67 in the stock; only top
cards move, down in alternating colours; an empty column takes any card; eight foundations up by
suit, the top card may come back; draw one, no redeal; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "maria"
FILL = "KH KH.1 KD KD.1 5H 5H.1 5D 5D.1 3H".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 9, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/maria.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(9)] == [4] * 9
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 67
    assert g.state.card_count() == 104


def test_columns_build_down_in_alternating_colours_one_card_at_a_time():
    g = game(V, pos("tableau[0]: 9S 8D 7C; tableau[1]: 8H; tableau[2]: 8S; tableau[3]: 9C"))
    assert notations(g) == {"7C@tableau[0]>tableau[1]", "8H@tableau[1]>tableau[3]"}
    for illegal in ("7C@tableau[0]>tableau[2]", "8D@tableau[0]>tableau[3]"):  # same colour; a run
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_card():
    g = game(V, pos("tableau[0]: 9S 8D; waste[0]: QC", free=[8]))
    assert {"8D@tableau[0]>tableau[8]", "QC@waste[0]>tableau[8]", "KH@tableau[1]>tableau[8]"} <= notations(g)


def test_foundations_by_suit_and_back():
    g = game(V, pos("foundation[0]: AC 2C; tableau[0]: 3C; tableau[1]: 3H"))
    assert notations(g) == {"3C@tableau[0]>foundation[0]", "2C@foundation[0]>tableau[1]"}


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@tableau[0]>foundation[7]")
    assert g.won and g.score == 104
