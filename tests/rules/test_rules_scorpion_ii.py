"""Scorpion II (variants/scorpion_ii.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: Scorpion's columns (any face-up card moves with what lies on it, onto the same suit one
rank higher; an empty column takes a king-based group; the three-card stock dealt once onto
columns 1-3), but the first three columns hold three face-down cards and the other four none;
a K-to-A suit run on top of a column may go to the first empty foundation; won with all 52 cards
on the foundations; score = cards on them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "scorpion_ii"


def run(suit: str) -> str:
    return " ".join(r + suit for r in "KQJT98765432A")


def test_variant_file_is_clean():
    # Random play never gathers a whole suit; the validator's built positions put a K-A suit
    # run on a column (which lifts any face-up group) and see the foundation take it.
    assert check_file("variants/scorpion_ii.yaml", play=2) == []


def test_a_foundation_that_can_never_take_a_card_is_still_reported(tmp_path):
    text = (Path(__file__).resolve().parents[2] / "variants" / "scorpion_ii.yaml").read_text(encoding="utf-8")
    assert "run.size == 13" in text
    path = tmp_path / "scorpion_ii.yaml"
    path.write_text(text.replace("run.size == 13", "run.size == 14"), encoding="utf-8")
    assert [d.code for d in check_file(path, play=2)] == ["V806"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    for i in range(7):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 7
        assert [c.startswith("#") for c in col] == [i < 3] * 3 + [False] * 4
    stock = pile(g, "stock[0]")
    assert len(stock) == 3 and all(c.startswith("#") for c in stock)
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(4))
    assert g.score == 0 and not g.won


def test_columns_move_any_face_up_group_onto_same_suit_one_higher():
    g = game(
        V,
        "tableau[0]: #5C #9S #KD 7H 2C JS 4D; tableau[4]: 8H; tableau[5]: QS; "
        "tableau[1]: KC; tableau[2]: 2H; tableau[3]: 9C; tableau[6]: 3C",
    )
    assert notations(g) == {"7H@tableau[0]>tableau[4]", "2C@tableau[0]>tableau[6]", "JS@tableau[0]>tableau[5]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[3]>tableau[4]")
    g.play("7H@tableau[0]>tableau[4]")
    assert pile(g, "tableau[0]") == ["#5C", "#9S", "KD"]  # the exposed card turns up
    assert pile(g, "tableau[4]") == ["8H", "7H", "2C", "JS", "4D"]


def test_nothing_on_an_ace_and_an_empty_column_takes_a_king_group():
    g = game(V, "tableau[0]: AS; tableau[1]: QD KS; tableau[2]: 5H; tableau[3]: 6C; tableau[4]: 7D; tableau[5]: 8S")
    assert notations(g) == {"KS@tableau[1]>tableau[6]"}
    with pytest.raises(MoveError):
        g.play("QD@tableau[1]>tableau[6]")


def test_the_stock_is_dealt_once_onto_the_first_three_columns():
    g = game(
        V,
        "tableau[0]: 4D; tableau[1]: 9S; tableau[2]: AH; tableau[3]: KC; tableau[4]: KD; "
        "tableau[5]: JH; tableau[6]: KS; stock[0]: #QH #7C #2S",
    )
    assert notations(g) == {"deal"}
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(3)] == ["2S", "7C", "QH"]
    assert notations(g) == {"JH@tableau[5]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("deal")


def test_a_whole_suit_run_goes_to_the_first_empty_foundation_only():
    g = game(V, f"tableau[0]: #5C 9C {run('S')}; tableau[1]: {run('H')[:-3]}; foundation[0]: {run('D')}")
    assert {m for m in notations(g) if ">foundation" in m} == {"KS@tableau[0]>foundation[1]"}
    for illegal in (
        "KS@tableau[0]>foundation[0]",
        "KS@tableau[0]>foundation[2]",
        "KH@tableau[1]>foundation[1]",  # K-2 of hearts: twelve cards
        "AS@tableau[0]>foundation[1]",
    ):  # one card
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("KS@tableau[0]>foundation[1]")
    assert pile(g, "tableau[0]") == ["#5C", "9C"] and g.score == 26
    assert not any(m.startswith("AS@foundation") or "@foundation" in m for m in notations(g))


def test_a_run_out_of_suit_or_order_is_refused():
    broken = run("C").replace("5C 4C", "4C 5C")
    mixed = run("C").replace("7C", "7S")
    for col in (broken, mixed):
        g = game(V, f"tableau[0]: {col}")
        assert not any(">foundation" in m for m in notations(g))


def test_nothing_leaves_a_foundation_nor_is_moved_there_by_itself():
    g = game(
        V,
        f"foundation[0]: {run('S')}; tableau[0]: {run('H')}; tableau[1]: 6D; tableau[2]: 8C; "
        "tableau[3]: TC; tableau[4]: QC; tableau[5]: 2C; tableau[6]: 4C",
    )
    assert notations(g) == {"KH@tableau[0]>foundation[1]"}  # not played for the player
    g.play("KH@tableau[0]>foundation[1]")
    assert notations(g) == set()


def test_win_and_score():
    g = game(
        V, f"foundation[0]: {run('S')}; foundation[1]: {run('H')}; foundation[2]: {run('D')}; tableau[3]: {run('C')}"
    )
    assert not g.won and g.score == 39
    g.play("KC@tableau[3]>foundation[3]")
    assert g.won and g.score == 52
    g.undo()
    assert not g.won and pile(g, "tableau[3]") == run("C").split()
