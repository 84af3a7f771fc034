"""Thirty-Six (Solvitaire's preset, Blake & Gent's tables; PySolFC game 327 with aces=up)."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "thirty_six"


def test_start_position_solvitaires_deal():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(6)] == [6] * 6
    assert len(pile(g, "stock[0]")) == 16 and pile(g, "waste[0]") == []
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(4))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position_pysolfcs_deal_aces_go_up(seed):
    g = rulesdsl.load(V, {"aces": "up"}).new_game(seed)
    up = [c for i in range(4) for c in pile(g, f"foundation[{i}]")]
    in_columns = [c for i in range(6) for c in pile(g, f"tableau[{i}]")]
    assert all(c[0] == "A" for c in up) and not any(c[0] == "A" for c in in_columns)
    assert len(up) + len(in_columns) == 36 and len(pile(g, "waste[0]")) == 1
    assert len(pile(g, "stock[0]")) == 15


def test_build_down_whatever_the_suit_and_runs_move_whole():
    g = game(
        V,
        "tableau[0]: 9C 8H 7S; tableau[1]: TD; tableau[2]: 8D; tableau[3]: KS; tableau[4]: QH; tableau[5]: 3C; waste[0]: 7C; stock[0]: #2H",
    )
    assert notations(g) == {
        "9C@tableau[0]>tableau[1]",
        "7S@tableau[0]>tableau[2]",
        "QH@tableau[4]>tableau[3]",
        "7C@waste[0]>tableau[2]",
        "draw",
    }
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[1]")


def test_an_empty_column_takes_any_run_and_there_is_no_redeal():
    g = game(V, "tableau[0]: 4D 3S; waste[0]: 6H")
    assert {"4D@tableau[0]>tableau[1]", "3S@tableau[0]>tableau[1]", "6H@waste[0]>tableau[1]"} <= notations(g)
    assert "draw" not in notations(g)


def test_foundations_in_suit_and_nothing_leaves_them():
    g = game(V, "foundation[0]: AS; tableau[0]: 2S; tableau[1]: 2H; tableau[2]: AD; stock[0]: #5C")
    assert {m for m in notations(g) if ">foundation" in m} == {
        "2S@tableau[0]>foundation[0]",
        "AD@tableau[2]>foundation[1]",
    }
    g.play("2S@tableau[0]>foundation[0]")
    with pytest.raises(MoveError):
        g.play("2S@foundation[0]>tableau[0]")


def test_won_when_every_card_is_up():
    ranks = "A23456789TJQK"
    found = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD"))
    g = game(V, found + "; foundation[3]: " + " ".join(r + "C" for r in ranks[:-1]) + "; waste[0]: KC")
    assert not g.won and g.score == 51
    g.play("KC@waste[0]>foundation[3]")
    assert g.won and g.score == 52
