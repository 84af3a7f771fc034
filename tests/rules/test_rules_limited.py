"""Limited (variants/limited.yaml), after PySolFC's game: Forty Thieves with twelve columns of three.
Each rule from a hand-made position.

Rules: two decks; twelve columns of three face up, one card to the waste, 67 in the stock; only
top cards move, down by suit; an empty column takes any card; eight foundations up by suit, the
top card may come back; draw one, no redeal; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "limited"
FILL = "KH KH.1 JH JH.1 5H 5H.1 5S 5S.1 3S 3S.1 KD KD.1".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/limited.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [3] * 12
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 67
    assert g.state.card_count() == 104 and g.score == 0


def test_only_top_cards_move_down_by_suit():
    g = game(V, pos("tableau[0]: 9C 8C 7C; tableau[1]: 8C.1; tableau[2]: 9C.1; tableau[3]: 8D"))
    assert notations(g) == {"7C@tableau[0]>tableau[1]", "8C@tableau[1]>tableau[2]"}
    for illegal in ("8C@tableau[0]>tableau[2]", "7C@tableau[0]>tableau[3]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_single_card():
    g = game(V, pos("tableau[0]: 9C 8C; waste[0]: 4D", free=[7]))
    into = moves_to(notations(g), "tableau[7]")
    assert "8C@tableau[0]>tableau[7]" in into and "4D@waste[0]>tableau[7]" in into
    assert "9C@tableau[0]>tableau[7]" not in into and len(into) == 12


def test_the_foundations_are_alike_and_give_back_their_top_card():
    g = game(V, pos("foundation[0]: AH; tableau[0]: AH.1; tableau[1]: 3H; waste[0]: 2H"))
    assert notations(g) == {
        "AH@tableau[0]>foundation[1]",  # the second AH: one move to "an empty foundation"
        "2H@waste[0]>foundation[0]",
        "2H@waste[0]>tableau[1]",
    }
    g.play("2H@waste[0]>foundation[0]")
    assert "2H@foundation[0]>tableau[1]" in notations(g)


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; tableau[3]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@tableau[3]>foundation[7]")
    assert g.won and g.score == 104
