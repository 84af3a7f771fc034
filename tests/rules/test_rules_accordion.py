"""Accordion (variants/accordion.yaml), after PySolFC's game with all 52 cards dealt: each rule
from a hand-made position.

Rules: 52 face-up cards in a line; counting only places that hold cards, a pile's top card goes
onto the pile next to it on the left or three to the left, when the two top cards share a suit or
a rank; the covered card is out of play; emptied places are skipped; won with one pile left;
score = cards out of play.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "accordion"
DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def test_variant_file_is_clean():
    assert check_file("variants/accordion.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    line = [pile(g, f"place[{i}]") for i in range(52)]
    assert all(len(p) == 1 and not p[0].startswith("#") for p in line)
    assert sorted(p[0] for p in line) == sorted(DECK)
    assert g.score == 0 and not g.won


def test_onto_the_next_card_or_the_third_to_the_left_by_suit_or_rank():
    g = game(V, "place[0]: 5H; place[1]: 9C; place[2]: 5S; place[3]: 9H")
    assert notations(g) == {"9H@place[3]>place[0]"}  # three to the left, same suit
    for illegal in (
        "9H@place[3]>place[1]",  # same rank, but two to the left
        "5S@place[2]>place[0]",  # likewise
        "5H@place[0]>place[2]",  # never to the right
        "9C@place[1]>place[0]",
    ):  # neither suit nor rank
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("9H@place[3]>place[0]")
    # the 5H is out of play under the 9H; the 9C is now next to the 9H
    assert pile(g, "place[0]") == ["5H", "9H"] and pile(g, "place[3]") == []
    assert notations(g) == {"9C@place[1]>place[0]"}
    assert g.score == 1


def test_emptied_places_are_skipped():
    # one empty place between: the two cards are next to each other
    g = game(V, "place[0]: 5H; place[2]: 5S")
    assert notations(g) == {"5S@place[2]>place[0]"}
    # two places between, both empty: next to each other; one of them full: two apart
    g = game(V, "place[0]: 5H; place[3]: 7H")
    assert notations(g) == {"7H@place[3]>place[0]"}
    g = game(V, "place[0]: 5H; place[1]: KC; place[3]: 7H")
    assert notations(g) == set()
    # three to the left, counting cards only
    g = game(V, "place[0]: 5H; place[2]: 9C; place[3]: 2D; place[4]: 9H")
    assert notations(g) == {"9H@place[4]>place[0]"}
    with pytest.raises(MoveError):
        g.play("9H@place[4]>place[2]")  # one card between
    # far apart, across rows
    g = game(V, "place[0]: 5H; place[10]: KC; place[30]: 9D; place[50]: 7H; place[51]: 5C")
    assert notations(g) == {"7H@place[50]>place[0]", "5C@place[51]>place[10]"}
    with pytest.raises(MoveError):
        g.play("5C@place[51]>place[0]")  # three cards between


def test_one_gap_in_a_full_line():
    # 51 places full and place[1] empty: the card four places left of place[4], across the
    # only gap, is the third card to its left
    named = ["KS", "5H", "9C", "2D", "9H"]
    others = [c for c in DECK if c not in named]
    parts = ["place[0]: KS 5H", "place[2]: 9C", "place[3]: 2D", "place[4]: 9H"]
    parts += [f"place[{i}]: {c}" for i, c in enumerate(others, start=5)]
    g = game(V, "; ".join(parts))
    assert "9H@place[4]>place[0]" in notations(g)
    assert g.score == 1


def test_win_and_score():
    rest = [c for c in DECK if c not in ("AS", "2S")]
    g = game(V, "place[0]: " + " ".join(rest + ["AS"]) + "; place[40]: 2S")
    assert not g.won and g.score == 50
    g.play("2S@place[40]>place[0]")
    assert g.won and g.score == 51
    g.undo()
    assert not g.won and pile(g, "place[40]") == ["2S"]


@settings(max_examples=40, deadline=None, database=None)
@given(st.lists(st.booleans(), min_size=52, max_size=52), st.randoms(use_true_random=False))
def test_moves_agree_with_a_plain_reading_of_the_rule(filled, rnd):
    # the variant reads near places directly and counts only far ones: compare with the rule
    # read plainly (the nearest and the third nearest card to the left), over random gaps
    cards = DECK[:]
    rnd.shuffle(cards)
    line = [(i, c) for (i, c), full in zip(enumerate(cards), filled) if full]
    g = game(V, "; ".join(f"place[{i}]: {c}" for i, c in line) or "place[0]: AS")
    want = set()
    for k, (i, c) in enumerate(line):
        for back in (1, 3):
            if k - back >= 0:
                j, d = line[k - back]
                if c[0] == d[0] or c[1] == d[1]:
                    want.add(f"{c}@place[{i}]>place[{j}]")
    assert notations(g) == want
