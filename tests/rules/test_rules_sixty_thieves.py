"""Sixty Thieves (variants/sixty_thieves.yaml), after PySolFC's game: Forty Thieves with three decks,
twelve columns of five and twelve foundations. Each rule from a hand-made position.

Rules: three decks; twelve columns of five face up, one card to the waste, 95 in the stock; only
top cards move, down by suit; an empty column takes any card; twelve foundations up by suit, the
top card may come back; draw one, no redeal; won with 156 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "sixty_thieves"
FILL = "KH KH.1 KH.2 JH JH.1 JH.2 5S 5S.1 5S.2 KD KD.1 KD.2".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/sixty_thieves.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [5] * 12
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 95
    assert g.state.card_count() == 156 and len(rulesdsl.load(V).layout.pile_names) == 26


def test_three_copies_of_a_card_and_one_card_at_a_time():
    g = game(V, pos("tableau[0]: 9C 8C; tableau[1]: 9C.1; tableau[2]: 9C.2 8C.2"))
    assert notations(g) == {"8C@tableau[0]>tableau[1]", "8C@tableau[2]>tableau[1]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[0]>tableau[1]")


def test_twelve_foundations_from_three_aces_of_a_suit():
    g = game(V, pos("foundation[0]: AS; foundation[1]: AS.1; tableau[0]: AS.2; tableau[1]: 2S"))
    # the third ace starts a third foundation (one move: the empty ones are alike), or goes on
    # the 2S; the 2S goes on either ace; either ace comes back onto the 2S
    assert notations(g) == {
        "AS@tableau[0]>foundation[2]",
        "AS@tableau[0]>tableau[1]",
        "2S@tableau[1]>foundation[0]",
        "2S@tableau[1]>foundation[1]",
        "AS@foundation[0]>tableau[1]",
        "AS@foundation[1]>tableau[1]",
    }


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=3)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 155
    g.play(f"{last}@waste[0]>foundation[11]")
    assert g.won and g.score == 156
