"""Napoleon's Square (variants/napoleons_square.yaml), after PySolFC's game: Josephine with twelve
columns. Each rule from a hand-made position.

Rules: two decks; twelve columns of four face up, one card to the waste, 55 in the stock; a top
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
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "napoleons_square"
FILL = "KH KH.1 JH JH.1 5H 5H.1 5S 5S.1 3S 3S.1 KD KD.1".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 12, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/napoleons_square.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(2)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(12)] == [4] * 12
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 55
    assert not any(c.startswith("#") for i in range(12) for c in pile(g, f"tableau[{i}]"))
    assert g.state.card_count() == 104 and g.score == 0 and not g.won


def test_runs_in_suit_move_and_mixed_runs_do_not():
    g = game(V, pos("tableau[0]: 3D 6C 5C 4C; tableau[1]: 7C; tableau[11]: 9H 8S 7S; tableau[10]: 9D"))
    assert notations(g) == {"6C@tableau[0]>tableau[1]"}
    for illegal in ("5C@tableau[0]>tableau[1]", "8S@tableau[11]>tableau[10]", "9H@tableau[11]>tableau[1]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("6C@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["7C", "6C", "5C", "4C"]


def test_the_twelfth_column_is_a_column_and_an_empty_one_takes_a_run():
    g = game(V, pos("tableau[0]: 9S 8S; tableau[5]: 2H", free=[11]))
    into = moves_to(notations(g), "tableau[11]")
    assert {"9S@tableau[0]>tableau[11]", "8S@tableau[0]>tableau[11]"} <= into
    assert len(into) == 12  # the run, its top card, and the top card of the ten other columns


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; tableau[11]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@tableau[11]>foundation[7]")
    assert g.won and g.score == 104
