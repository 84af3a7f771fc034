"""Rules tests for variants/bakers_game.yaml (PySolFC's "Baker's Game"): FreeCell building in suit.
What it shares with FreeCell (cells, foundations, deal) is tested once here and at length in
tests/rules/test_rules_freecell.py."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "bakers_game"
KINGS_IN_CELLS = "cell[0]: KS; cell[1]: KH; cell[2]: KD; cell[3]: KC"


def test_variant_file_is_clean():
    assert check_file("variants/bakers_game.yaml", play=2) == []


def test_start_position_is_freecells():
    g = rulesdsl.load(V).new_game(1)
    assert g.position()["piles"] == rulesdsl.load("freecell").new_game(1).position()["piles"]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_columns_build_down_in_suit():
    g = game(
        V,
        f"{KINGS_IN_CELLS}; tableau[0]: 8H; tableau[1]: 7H; tableau[2]: 7S; tableau[3]: 7D; "
        "tableau[4]: 9H; tableau[5]: 6S; tableau[6]: 9C; tableau[7]: 2D",
    )
    assert notations(g) == {"7H@tableau[1]>tableau[0]", "8H@tableau[0]>tableau[4]", "6S@tableau[5]>tableau[2]"}
    for illegal in ("7S@tableau[2]>tableau[0]", "7D@tableau[3]>tableau[0]", "8H@tableau[0]>tableau[6]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_only_a_run_of_one_suit_moves():
    g = game(V, "tableau[0]: 9H 8H 7H; tableau[1]: 9S 8D 7D; tableau[2]: 9D; tableau[3]: 8S")
    moves = notations(g)
    assert "8H@tableau[0]>tableau[2]" not in moves  # 8H on 9D: other suit
    assert "8D@tableau[1]>tableau[2]" in moves  # the run 8D 7D on 9D
    with pytest.raises(MoveError):
        g.play("9S@tableau[1]>tableau[4]")  # 9S 8D is no run


@pytest.mark.parametrize("free_cells, empty_columns, longest", [(0, 0, 1), (1, 0, 2), (0, 1, 2), (1, 1, 4), (3, 0, 4)])
def test_run_limit_doubles_per_empty_column_as_in_freecell(free_cells, empty_columns, longest):
    # the run 8H 7H 6H 5H moves onto 9H only when 4 cards may move
    cells = "; ".join(f"cell[{i}]: K{s}" for i, s in enumerate("SHDC") if i >= free_cells)
    fill = "; ".join(f"tableau[{i}]: {c}" for i, c in {5: "2S", 6: "2C", 7: "4S"}.items() if i < 8 - empty_columns)
    g = game(
        V,
        "; ".join(
            x
            for x in (
                "tableau[0]: 8H 7H 6H 5H; tableau[1]: 9H; tableau[2]: 8C 7C; tableau[3]: 3D; tableau[4]: 3C",
                cells,
                fill,
            )
            if x
        ),
    )
    onto_9h = {m for m in notations(g) if m.endswith(">tableau[1]")}
    assert onto_9h == ({"8H@tableau[0]>tableau[1]"} if longest >= 4 else set())
    if longest < 4:
        with pytest.raises(MoveError):
            g.play("8H@tableau[0]>tableau[1]")


def test_an_empty_column_takes_any_card():
    g = game(
        V,
        f"{KINGS_IN_CELLS}; tableau[0]: 8H; tableau[1]: 3S; tableau[2]: QC; tableau[3]: 6D; "
        "tableau[4]: 2H; tableau[5]: 5S; tableau[6]: TC",
    )
    assert {m for m in notations(g) if m.endswith(">tableau[7]")} == (
        {f"{c}@tableau[{i}]>tableau[7]" for i, c in enumerate("8H 3S QC 6D 2H 5S TC".split())}
        | {f"K{s}@cell[{i}]>tableau[7]" for i, s in enumerate("SHDC")}
    )


def test_cells_and_foundations_as_in_freecell():
    g = game(V, "cell[0]: 2S; foundation[0]: AS; tableau[0]: AH; tableau[1]: 3S")
    moves = notations(g)
    assert {
        "2S@cell[0]>foundation[0]",
        "AH@tableau[0]>foundation[1]",
        "AH@tableau[0]>cell[1]",
        "2S@cell[0]>tableau[1]",
    } <= moves
    assert "AH@tableau[0]>foundation[0]" not in moves and "2S@cell[0]>cell[1]" not in moves


def test_won_with_every_card_on_the_foundations_score_counts_them():
    suits = [" ".join(r + s for r in "A23456789TJQK") for s in "SHDC"]
    g = game(
        V,
        "; ".join(f"foundation[{i}]: {suits[i]}" for i in range(3)) + f"; foundation[3]: {suits[3][:-3]}; "
        "tableau[4]: KC",
    )
    assert not g.won and g.score == 51
    g.play("KC@tableau[4]>foundation[3]")
    assert g.won and g.score == 52
