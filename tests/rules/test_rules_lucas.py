"""Lucas (variants/lucas.yaml), after PySolFC's game: Josephine with thirteen columns. Each rule from
a hand-made position.

Rules: two decks; thirteen columns of four face up, one card to the waste, 51 in the stock; a top
card or a run down in one suit moves onto the next rank up of its suit; an empty column takes any
card or run; eight foundations up by suit, the top card may come back; draw one, no redeal; won
with 104 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one

V = "lucas"
FILL = "KH KH.1 JH JH.1 5H 5H.1 5S 5S.1 3S 3S.1 KC KC.1 7C".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 13, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/lucas.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(13)] == [4] * 13
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 51
    assert g.state.card_count() == 104 and g.score == 0


def test_runs_in_suit_move_onto_the_next_rank_of_their_suit():
    g = game(V, pos("tableau[12]: JD TD 9D; tableau[0]: QD; tableau[1]: QS; waste[0]: 8D; stock[0]: #4H"))
    assert notations(g) == {"JD@tableau[12]>tableau[0]", "8D@waste[0]>tableau[12]", "draw"}
    with pytest.raises(MoveError):
        g.play("JD@tableau[12]>tableau[1]")
    g.play("JD@tableau[12]>tableau[0]")
    assert pile(g, "tableau[0]") == ["QD", "JD", "TD", "9D"] and pile(g, "tableau[12]") == []
    # the empty column takes the waste card, or any column's top card or run
    assert "8D@waste[0]>tableau[12]" in notations(g) and "JD@tableau[0]>tableau[12]" in notations(g)


def test_the_waste_card_and_the_foundations():
    g = game(V, pos("foundation[0]: AH; waste[0]: 2H; stock[0]: #3C"))
    assert notations(g) == {"2H@waste[0]>foundation[0]", "draw"}
    g.play("2H@waste[0]>foundation[0]")
    g.play("draw")
    assert pile(g, "waste[0]") == ["3C"] and pile(g, "stock[0]") == []
    with pytest.raises(MoveError):
        g.play("draw")  # no redeal


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; waste[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@waste[0]>foundation[7]")
    assert g.won and g.score == 104
