"""PileOn: a finished pile turns face down (auto: turn_down, as PySolFC's PileOn closes it);
each rule from a hand-made position, in both engines where a move is played.

Rules: fifteen piles of at most four cards, thirteen dealt with four, two empty; the top
card or cards of one rank on top move onto a pile whose top has that rank, or onto an
empty pile; four of a kind turns face down and never moves again; won when every pile is
empty or four of a kind; score: the finished piles.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.formats.describe import rules_text
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


@pytest.fixture(params=["generated", "closures"])
def engine(request, monkeypatch):
    monkeypatch.setenv("RULESDSL_ENGINE", request.param)
    return request.param


def test_a_finished_pile_is_face_down_and_never_moves(engine):
    g = game("pile_on", "tableau[0]: #3C #3D #3H #3S; tableau[1]: 8D 5H")
    assert not any(m.startswith(("3C@", "3D@", "3H@tableau[0]", "3S@")) for m in notations(g))
    with pytest.raises(MoveError, match="face up"):
        g.play("3S@tableau[0]>tableau[2]")
    # three of the four may still move: the pile is not finished by moving them
    g2 = game("pile_on", "tableau[0]: 4C 4D 4H; tableau[1]: 8D 4S")
    assert "4C@tableau[0]>tableau[1]" not in notations(g2)  # 3 + 2 cards
    assert "4S@tableau[1]>tableau[0]" in notations(g2)


def test_the_fourth_card_turns_the_pile_face_down_and_undo_turns_it_back(engine):
    g = game("pile_on", "tableau[0]: 4C 4D 4H; tableau[1]: 8D 4S")
    g.play("4S@tableau[1]>tableau[0]")
    assert pile(g, "tableau[0]") == ["#4C", "#4D", "#4H", "#4S"] and pile(g, "tableau[1]") == ["8D"]
    assert not any("@tableau[0]>" in m for m in notations(g))
    g.undo()
    assert pile(g, "tableau[0]") == ["4C", "4D", "4H"] and pile(g, "tableau[1]") == ["8D", "4S"]


def test_a_pile_of_four_of_mixed_ranks_stays_face_up(engine):
    g = game("pile_on", "tableau[0]: 9C 4D 4H; tableau[1]: 8D 4S")
    g.play("4S@tableau[1]>tableau[0]")
    assert pile(g, "tableau[0]") == ["9C", "4D", "4H", "4S"]


def test_won_when_every_pile_is_empty_or_four_of_a_kind_and_the_score():
    g = game("pile_on", "tableau[0]: 3C 3D 3H; tableau[1]: 8D 3S; tableau[2]: #9C #9D #9H #9S")
    assert g.score == 1 and not g.won
    g.play("3S@tableau[1]>tableau[0]")
    assert g.score == 2 and not g.won  # 8D is left alone
    g3 = game("pile_on", "tableau[0]: 3C 3D 3H; tableau[1]: 3S; tableau[2]: #9C #9D #9H #9S")
    g3.play("3S@tableau[1]>tableau[0]")
    assert g3.won and g3.score == 2


def test_the_rules_text_says_it():
    assert "turns all its cards face down as soon as the pile holds four cards" in rules_text(rulesdsl.load("pile_on"))


def test_turn_down_needs_its_condition(tmp_path):
    text = open("variants/pile_on.yaml", encoding="utf-8").read()
    path = tmp_path / "pile_on.yaml"
    path.write_text(text.replace('{turn_down: tableau, when: "finished(pile)"}', "{turn_down: tableau}"))
    found = [(d.code, d.message) for d in rulesdsl.check(path) if d.severity == "error"]
    assert [c for c, _ in found] == ["S102"] and "turn_down needs 'when'" in found[0][1]
