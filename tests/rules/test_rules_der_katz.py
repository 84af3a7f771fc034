"""Der Katzenschwanz (variants/der_katz.yaml), after PySolFC's "Cat's Tail": each rule from a
hand-made position.

Rules: two decks dealt face up onto one column after another, each king starting the next column
(unless the column is empty); eight cells; runs in alternating colours move onto a card one rank
higher of the other colour; empty columns never filled; eight foundations up by suit."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/der_katz.yaml", play=2) == []


@pytest.mark.parametrize("seed", range(1, 9))
def test_each_king_starts_a_column(seed):
    g = rulesdsl.load("der_katz").new_game(seed)
    cols = [pile(g, f"tableau[{i}]") for i in range(9)]
    assert sum(map(len, cols)) == 104
    for i, c in enumerate(cols):
        kings = [k for k, x in enumerate(c) if x[0] == "K"]
        if i == 0:
            assert kings in ([], [0])
        elif c:
            assert kings == [0]  # a king heads every later column, and only there
    assert sum(1 for c in cols if c) >= 8


def test_runs_move_in_alternating_colours_and_empty_columns_stay_empty():
    g = game("der_katz", "tableau[0]: KS 9H 8S 7D; tableau[1]: TC; tableau[2]: 8C")
    moves = notations(g)
    assert "9H@tableau[0]>tableau[1]" in moves and "7D@tableau[0]>tableau[2]" in moves
    assert not any(">tableau[3]" in m for m in moves)
    assert {m for m in moves if ">cell[" in m} == {
        f"{c}@tableau[{i}]>cell[{k}]" for i, c in ((0, "7D"), (1, "TC"), (2, "8C")) for k in range(8)
    }


def test_two_foundations_per_suit():
    g = game("der_katz", "tableau[0]: AS; tableau[1]: AS.1")
    assert {m for m in notations(g) if "foundation" in m} == {
        "AS@tableau[0]>foundation[0]",
        "AS@tableau[0]>foundation[1]",
        "AS.1@tableau[1]>foundation[0]",
        "AS.1@tableau[1]>foundation[1]",
    }


def test_win_and_score():
    full = "; ".join(
        f"foundation[{2 * i + k}]: " + " ".join(r + s + (".1" if k else "") for r in "A23456789TJQK")
        for i, s in enumerate("SHDC")
        for k in (0, 1)
    )
    g = game("der_katz", full)
    assert g.won and g.score == 104
