"""Thumb and Pouch (PySolFC's game): each rule from a hand-made position.

Rules: Klondike's deal; columns build down in any suit but the card's own, runs so built move
whole, any card or run fills a space; foundations up by suit, their top may come back; draw one,
no redeal; won with 52 cards home; score = cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "thumb_and_pouch"
INERT = "tableau[4]: KC; tableau[5]: KD; tableau[6]: KH"  # fill the spaces; nothing fits them
FULL = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal():
    g = rulesdsl.load(V).new_game(2)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == [1, 2, 3, 4, 5, 6, 7]
    assert all(not pile(g, f"tableau[{i}]")[-1].startswith("#") for i in range(7))
    assert len(pile(g, "stock[0]")) == 24 and g.score == 0


def test_build_down_in_any_other_suit():
    g = game(V, "tableau[0]: 9S 8C; tableau[1]: 9H 8S 7H; tableau[2]: 9D; tableau[3]: 8D; " + INERT)
    # 8C on 9D; the run 8S 7H on 9D; 7H on 8C or 8D; never on the same suit (8D on 9D)
    assert notations(g) == {
        "8C@tableau[0]>tableau[2]",
        "8S@tableau[1]>tableau[2]",
        "7H@tableau[1]>tableau[0]",
        "7H@tableau[1]>tableau[3]",
    }
    with pytest.raises(MoveError):
        g.play("9H@tableau[1]>tableau[2]")  # 9H 8S 7H is a run, but a 9 does not go on a 9


def test_any_card_or_run_fills_a_space():
    g = game(
        V, "tableau[0]: 9S 8C; tableau[1]: 9H 8S 7H; tableau[2]: 9D; tableau[3]: 8D; tableau[4]: 2C; tableau[5]: 2D"
    )
    assert {m for m in notations(g) if m.endswith(">tableau[6]")} == {
        f"{c}@tableau[{i}]>tableau[6]"
        for i, c in [(0, "9S"), (0, "8C"), (1, "9H"), (1, "8S"), (1, "7H"), (2, "9D"), (3, "8D"), (4, "2C"), (5, "2D")]
    }


def test_one_pass_draw_one():
    g = game(V, "stock[0]: #5H #3C; tableau[0]: 4D; tableau[1]: 2C; tableau[2]: 2H; tableau[3]: 2D; " + INERT)
    g.play("draw")
    assert pile(g, "waste[0]") == ["3C"] and notations(g) == {"3C@waste[0]>tableau[0]", "draw"}
    g.play("draw")
    assert pile(g, "waste[0]") == ["3C", "5H"] and notations(g) == set()  # no recycle
    with pytest.raises(MoveError):
        g.play("recycle")


def test_foundations_up_by_suit_top_comes_back():
    g = game(V, "foundation[0]: AS 2S; tableau[0]: 3S; tableau[1]: 3C; tableau[2]: 3H; tableau[3]: 9D; " + INERT)
    # the 2S comes back onto either 3 of another suit, never onto the 3S
    assert notations(g) == {"3S@tableau[0]>foundation[0]", "2S@foundation[0]>tableau[1]", "2S@foundation[0]>tableau[2]"}


def test_won_and_score():
    g = game(V, FULL.replace(" KC", "") + "; waste[0]: KC")
    assert not g.won and g.score == 51
    g.play("KC@waste[0]>foundation[3]")
    assert g.won and g.score == 52


def test_a_face_down_card_turns_up_with_the_move_and_back_with_its_undo():
    g = game(V, "tableau[0]: #3C 9D 8S; tableau[1]: TC; " + INERT)
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["3C"] and pile(g, "tableau[1]") == ["TC", "9D", "8S"]
    g.undo()
    assert pile(g, "tableau[0]") == ["#3C", "9D", "8S"]
