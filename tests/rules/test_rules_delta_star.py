"""Delta Star (variants/delta_star.yaml), after Solvitaire's preset (Blake and Gent's tables): Alpha
Star one card at a time. Each rule from a hand-made position.

Rules: the aces start the foundations (S H D C); twelve columns of four face up; only top cards
move, onto the next rank up of their suit; an empty column takes any card; foundations up by
suit, one card at a time, nothing leaves them; won with 52 cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "delta_star"
FILL = "KS KH KD KC JS JH JD JC 9S 9H 9D".split()  # none builds on another
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/delta_star.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [4] * 12 and g.score == 4


def test_only_the_top_card_moves_and_by_suit():
    g = game(V, pos(ACES + "; tableau[0]: 8C 7C 6C; tableau[1]: 6D; tableau[2]: 7S; tableau[3]: 7D"))
    assert notations(g) == {"6D@tableau[1]>tableau[3]"}  # 6C on the 7D: another suit
    for illegal in ("7C@tableau[0]>tableau[3]", "6D@tableau[1]>tableau[2]"):  # a run; another suit
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_card():
    g = game(V, pos(ACES + "; tableau[0]: 8C 7C", free=[11]))
    into = moves_to(notations(g), "tableau[11]")
    assert "7C@tableau[0]>tableau[11]" in into and "8C@tableau[0]>tableau[11]" not in into
    assert len(into) == 11


def test_foundations_one_card_at_a_time_and_nothing_leaves_them():
    g = game(V, pos("foundation[0]: AS 2S; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC; tableau[0]: 4S 3S"))
    assert notations(g) == {"3S@tableau[0]>foundation[0]"}
    with pytest.raises(MoveError):
        g.play("2S@foundation[0]>tableau[0]")


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
