"""Late Binding (variants/late_binding.yaml), after Solvitaire's preset (Blake and Gent's tables):
Accordion with eighteen cards. Each rule from a hand-made position.

Rules: eighteen cards of a shuffled deck face up in a line, the other 34 out of play; a top card
goes onto the pile just left of it or three to its left, counting only piles that hold cards,
when the suits or the ranks match; won with one pile left; score = cards covered.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "late_binding"


def line(cards: str) -> str:
    return "; ".join(f"place[{i}]: {c}" for i, c in enumerate(cards.split()) if c != "-")


def test_variant_file_is_clean():
    assert check_file("variants/late_binding.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert all(len(pile(g, f"place[{i}]")) == 1 for i in range(18))
    out = pile(g, "unused[0]")
    assert len(out) == 34 and all(c.startswith("#") for c in out)
    assert g.score == 0 and not g.won


def test_one_or_three_to_the_left_by_suit_or_rank():
    g = game(V, line("7H 9S 4H 8D 8H 5C 9C"))
    assert notations(g) == {"8H@place[4]>place[3]", "9C@place[6]>place[5]"}  # same rank; same suit
    for illegal in ("8H@place[4]>place[2]", "9C@place[6]>place[4]"):  # two to the left
        with pytest.raises(MoveError):
            g.play(illegal)
    g = game(V, line("2C 9S 4H 8D 8S"))
    assert notations(g) == {"8S@place[4]>place[3]", "8S@place[4]>place[1]"}  # three to the left too


def test_empty_places_are_skipped_as_if_the_line_closed_up():
    g = game(V, line("2C - 9S 4H 8D 8S"))
    # counting only the piles that hold cards, three to the left of the 8S is the 9S, not the 2C
    assert notations(g) == {"8S@place[5]>place[4]", "8S@place[5]>place[2]"}
    g.play("8S@place[5]>place[2]")
    assert pile(g, "place[2]") == ["9S", "8S"] and pile(g, "place[5]") == []
    assert g.score == 1


def test_the_cards_out_of_play_never_move():
    g = game(V, line("2S 3S") + "; unused[0]: #4S #5S")
    assert notations(g) == {"3S@place[1]>place[0]"}


def test_win_and_score():
    g = game(V, "place[0]: 2S 3S 4S; place[17]: 9S")
    assert not g.won and g.score == 2
    g.play("9S@place[17]>place[0]")  # the only other pile is one to the left
    assert g.won and g.score == 3 and pile(g, "place[0]") == ["2S", "3S", "4S", "9S"]
