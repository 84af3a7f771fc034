"""Wasp (PySolFC's game): Scorpion whose empty columns take any card.

Rules: Scorpion's deal (four columns with three face-down cards), three in the stock; any face-up
card moves with the cards on it onto the next higher card of its suit; an empty column takes any
card; the stock goes to columns 1-3 once; won when each column is empty or one K..A suit.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "wasp"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [g.state.down[g.variant.pile_index(f"tableau[{i}]")] for i in range(7)] == [3, 3, 3, 3, 0, 0, 0]
    # 2D on 3D; 7S (with QD 2D) on 8S; 3S (with its pile) on 4S; AD (with 3H 3D) on 2D; the deal
    assert notations(g) == {
        "2D@tableau[3]>tableau[6]",
        "7S@tableau[3]>tableau[4]",
        "3S@tableau[5]>tableau[2]",
        "AD@tableau[6]>tableau[3]",
        "deal",
    }


def test_any_card_with_its_pile_fills_a_space():
    g = game(V, "tableau[0]: 9H 4C KS; tableau[1]: 5C; tableau[2]: 7D")
    # 4C (with the KS on it) on the 5C; any face-up card with its pile into each space
    assert notations(g) == {"4C@tableau[0]>tableau[1]"} | {
        f"{c}@tableau[{i}]>tableau[{j}]"
        for i, c in [(0, "9H"), (0, "4C"), (0, "KS"), (1, "5C"), (2, "7D")]
        for j in range(3, 7)
    }
    with pytest.raises(MoveError):
        g.play("7D@tableau[2]>tableau[1]")  # the suit must match


def test_the_win_and_the_one_deal():
    run = " ".join(r + "S" for r in "KQJT98765432A")
    g = game(
        V,
        f"tableau[0]: {run}; tableau[1]: {run.replace('S', 'H')}; tableau[2]: {run.replace('S', 'D')}; "
        f"tableau[3]: {run.replace('S', 'C')[:-3]}; tableau[4]: AC",
    )
    assert not g.won
    g.play("AC@tableau[4]>tableau[3]")
    assert g.won
    g = game(V, "tableau[0]: 5C; stock[0]: #2D #3D #4D")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(3)] == ["4D", "3D", "2D"] and "deal" not in notations(g)


def test_a_face_down_card_turns_up():
    g = game(V, "tableau[0]: #3C #9H 5D 8S; tableau[1]: 6D")
    g.play("5D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["#3C", "9H"] and pile(g, "tableau[1]") == ["6D", "5D", "8S"]
