"""PileOn: a source-side rule (lift_when) locks a finished pile; each rule from a hand-made
position.

Rules: fifteen piles of at most four cards, thirteen dealt with four, two empty; the top
card or cards of one rank on top move onto a pile whose top has that rank, or onto an
empty pile; four of a kind never moves again; won when every pile is empty or four of a
kind; score: the finished piles.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/pile_on.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("pile_on").new_game(1)
    sizes = [len(pile(g, f"tableau[{i}]")) for i in range(15)]
    assert sizes == [4] * 13 + [0, 0]


def test_cards_of_one_rank_move_together_onto_their_rank():
    g = game("pile_on", "tableau[0]: 2S 5H 5D; tableau[1]: 9C 5C; tableau[2]: 7S 8S 9S QH")
    moves = notations(g)
    assert {"5D@tableau[0]>tableau[1]", "5H@tableau[0]>tableau[1]", "5C@tableau[1]>tableau[0]"} <= moves
    assert "5D@tableau[0]>tableau[3]" in moves  # an empty pile takes them: one move (interchangeable)
    assert "5D@tableau[0]>tableau[4]" not in moves
    with pytest.raises(MoveError):
        g.play("QH@tableau[2]>tableau[1]")  # a queen on a five


def test_a_pile_holds_at_most_four_cards():
    g = game("pile_on", "tableau[0]: 2S 5H 5D; tableau[1]: 9C 5C 5S; tableau[2]: 3C 3D 3H 3S")
    assert "5H@tableau[0]>tableau[1]" not in notations(g)  # 3 + 2 cards
    g.play("5D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["9C", "5C", "5S", "5D"]


def test_a_finished_pile_is_locked():
    g = game("pile_on", "tableau[0]: 3C 3D 3H 3S; tableau[1]: 8D 5H")
    assert not any(m.startswith(("3C@", "3D@", "3H@tableau[0]", "3S@")) for m in notations(g))
    with pytest.raises(MoveError, match="may not leave"):
        g.play("3C@tableau[0]>tableau[2]")
    # three of the four may still move: the pile is not finished by moving them
    g2 = game("pile_on", "tableau[0]: 4C 4D 4H; tableau[1]: 8D 4S")
    assert "4C@tableau[0]>tableau[1]" not in notations(g2)  # 3 + 2 cards
    assert "4S@tableau[1]>tableau[0]" in notations(g2)


def test_won_when_every_pile_is_empty_or_four_of_a_kind_and_the_score():
    g = game("pile_on", "tableau[0]: 3C 3D 3H; tableau[1]: 8D 3S; tableau[2]: 9C 9D 9H 9S")
    assert g.score == 1 and not g.won
    g.play("3S@tableau[1]>tableau[0]")
    assert g.score == 2 and not g.won  # 8D is left alone
    g3 = game("pile_on", "tableau[0]: 3C 3D 3H; tableau[1]: 3S; tableau[2]: 9C 9D 9H 9S")
    g3.play("3S@tableau[1]>tableau[0]")
    assert g3.won and g3.score == 2
