"""Westcliff (variants/westcliff.yaml, extends klondike), after PySolFC's game: each rule from a
hand-made position.

Rules: ten columns of three (two face down, one up), one card to the waste, 21 in the stock;
columns build down in alternating colours and such runs move whole; an empty column takes any
card or run; exposed cards turn up; foundations up by suit from the ace, nothing leaves them;
draw one, no redeal; won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "westcliff"


def test_variant_file_is_clean():
    assert check_file("variants/westcliff.yaml", play=2) == []


def test_no_options_left_from_klondike():
    assert not list(rulesdsl.load(V).option_decls)


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    for i in range(10):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, True, False]
    assert len(pile(g, "waste[0]")) == 1 and not pile(g, "waste[0]")[0].startswith("#")
    assert len(pile(g, "stock[0]")) == 21
    assert g.score == 0 and not g.won


def test_runs_in_alternating_colours_move_whole_and_the_exposed_card_turns_up():
    g = game(V, "tableau[0]: #2C 9H 8S 7D; tableau[1]: TC; tableau[2]: 9D; tableau[3]: 8C 7H")
    moves = notations(g)
    assert {"9H@tableau[0]>tableau[1]", "8S@tableau[0]>tableau[2]"} <= moves
    assert "7H@tableau[3]>tableau[0]" not in moves  # 7H on 7D: not one lower
    g.play("9H@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TC", "9H", "8S", "7D"] and pile(g, "tableau[0]") == ["2C"]
    g.undo()
    assert pile(g, "tableau[0]") == ["#2C", "9H", "8S", "7D"]


def test_a_broken_run_does_not_move_and_colours_must_alternate():
    g = game(V, "tableau[0]: 9H 8H; tableau[1]: TC; tableau[2]: 9C; tableau[3]: 9D")
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[1]")  # 8H on 9H is not a run
    with pytest.raises(MoveError):
        g.play("9C@tableau[2]>tableau[1]")  # 9C on TC: the same colour
    assert notations(g) == {"8H@tableau[0]>tableau[2]", "9D@tableau[3]>tableau[1]"} | {
        f"{c}@tableau[{i}]>tableau[{j}]" for i, c in ((0, "8H"), (1, "TC"), (2, "9C"), (3, "9D")) for j in range(4, 10)
    }


def test_an_empty_column_takes_any_card_or_run():
    g = game(V, "tableau[0]: 6S 5H 4C; waste[0]: 7D; stock[0]: #2C")
    moves = notations(g)
    assert {
        "6S@tableau[0]>tableau[1]",
        "5H@tableau[0]>tableau[1]",
        "4C@tableau[0]>tableau[1]",
        "7D@waste[0]>tableau[1]",
    } <= moves


def test_foundations_take_aces_then_suit_and_keep_their_cards():
    g = game(V, "foundation[0]: AH 2H; tableau[0]: 3H; tableau[1]: 4S; waste[0]: AC")
    moves = notations(g)
    assert "3H@tableau[0]>foundation[0]" in moves and "AC@waste[0]>foundation[1]" in moves
    assert not any(m.startswith("2H@foundation") for m in moves)
    with pytest.raises(MoveError):
        g.play("2H@foundation[0]>tableau[0]")


def test_draw_one_and_no_redeal():
    g = game(V, "tableau[0]: KS; stock[0]: #2C #5D")
    g.play("draw")
    assert pile(g, "waste[0]") == ["5D"]
    g.play("draw")
    assert pile(g, "waste[0]") == ["5D", "2C"]
    assert "draw" not in notations(g) and "recycle" not in notations(g)
    with pytest.raises(MoveError):
        g.play("recycle")


def test_win_and_score():
    founds = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK"[: 13 if s != "D" else 12])
        for i, s in enumerate("SHDC")
    )
    g = game(V, founds + "; waste[0]: KD")
    assert not g.won and g.score == 51
    g.play("KD@waste[0]>foundation[2]")
    assert g.won and g.score == 52
