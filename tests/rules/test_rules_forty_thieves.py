"""Forty Thieves (variants/forty_thieves.yaml), after PySolFC's game: each rule from a hand-made
position.

Rules: two decks; ten columns of four face up, one card to the waste, 63 in the stock; only top
cards move; columns build down by suit, an empty column takes any card; eight foundations up by
suit from the ace, whose top card may come back to a column; draw one, no redeal; won with 104
cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "forty_thieves"
RANKS = "A23456789TJQK"


def test_variant_file_is_clean():
    assert check_file("variants/forty_thieves.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 104
    for i in range(10):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 4 and not any(c.startswith("#") for c in col)
    assert len(pile(g, "waste[0]")) == 1 and not pile(g, "waste[0]")[0].startswith("#")
    stock = pile(g, "stock[0]")
    assert len(stock) == 63 and all(c.startswith("#") for c in stock)
    assert g.score == 0 and not g.won


KINGS = "KS KH KD KC KS.1 KH.1 KD.1 KC.1 2C".split()


def full(position: str, free: list) -> str:
    """The position with every column not named in it and not in `free` holding a king (or a 2C), so
    that no column but the `free` ones is empty."""
    used = {
        int(part.split("]")[0].split("[")[1]) for part in position.split(";") if part.strip().startswith("tableau[")
    }
    kings = iter(KINGS)
    extra = [f"tableau[{i}]: {next(kings)}" for i in range(10) if i not in used and i not in free]
    return "; ".join([position] + extra)


def test_columns_build_down_by_suit_one_card_at_a_time():
    g = game(V, full("tableau[0]: 9H 8S 7S; tableau[1]: 8H; tableau[2]: 9C 8C", []))
    assert notations(g) == set()  # 7S on 8H or 8C: the suit differs
    g = game(V, full("tableau[0]: 9H 8S 7S; tableau[1]: 8D; tableau[2]: 9C 8S.1", []))
    assert notations(g) == {"7S@tableau[0]>tableau[2]"}
    # the 8S with the 7S on it would be a run: runs never move
    with pytest.raises(MoveError):
        g.play("8S@tableau[0]>tableau[1]")
    g = game(V, full("tableau[0]: 9H 8S 7S; tableau[1]: 9S", []))
    with pytest.raises(MoveError):
        g.play("8S@tableau[0]>tableau[1]")


def test_an_empty_column_takes_any_card():
    g = game(V, full("tableau[0]: 4S 5D; tableau[1]: QH", [2]))
    into = {m for m in notations(g) if m.endswith(">tableau[2]")}
    assert {"5D@tableau[0]>tableau[2]", "QH@tableau[1]>tableau[2]", "KS@tableau[3]>tableau[2]"} <= into
    assert len(into) == 9  # every other column's top card


def test_waste_plays_and_draw_one_without_redeal():
    g = game(V, full("waste[0]: 7H; tableau[0]: 8H; stock[0]: #2C #3D", []))
    assert notations(g) == {"7H@waste[0]>tableau[0]", "draw"}
    g.play("draw")
    g.play("draw")
    assert pile(g, "waste[0]") == ["7H", "3D", "2C"] and pile(g, "stock[0]") == []
    assert notations(g) == set()  # 2C has nowhere to go, and there is no redeal
    with pytest.raises(MoveError):
        g.play("draw")


def test_foundations_by_suit_from_the_ace_and_two_of_each():
    g = game(V, full("foundation[0]: AS 2S; tableau[0]: 3S; tableau[1]: AS.1; tableau[2]: 3H", []))
    assert notations(g) == {"3S@tableau[0]>foundation[0]", "2S@foundation[0]>tableau[0]"} | {
        f"AS@tableau[1]>foundation[{i}]" for i in range(1, 8)
    }
    with pytest.raises(MoveError):
        g.play("3H@tableau[2]>foundation[0]")
    g.play("AS@tableau[1]>foundation[1]")
    assert pile(g, "foundation[1]") == ["AS"] and pile(g, "tableau[1]") == []


def test_a_foundation_top_card_comes_back_to_a_column_but_not_to_another_foundation():
    g = game(V, full("foundation[0]: AD 2D 3D; foundation[1]: AD.1 2D.1; tableau[0]: 4D", []))
    assert notations(g) == {"3D@foundation[0]>tableau[0]", "4D@tableau[0]>foundation[0]"}
    g.play("3D@foundation[0]>tableau[0]")
    assert pile(g, "tableau[0]") == ["4D", "3D"]
    g.undo()
    with pytest.raises(MoveError):
        g.play("3D@foundation[0]>foundation[1]")  # in PySolFC only a swap of two foundations
    g = game(V, full("foundation[0]: AD", [5]))
    assert "AD@foundation[0]>tableau[5]" in notations(g)
    assert not any(m.startswith("AD@foundation[0]>foundation") for m in notations(g))


def test_win_and_score():
    parts = []
    for i, s in enumerate("SHDC"):
        parts.append(f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in RANKS))
        cards = [f"{r}{s}.1" for r in RANKS]
        if s == "C":
            cards = cards[:-1]
        parts.append(f"foundation[{i + 4}]: " + " ".join(cards))
    g = game(V, "; ".join(parts) + "; waste[0]: KC.1")
    assert not g.won and g.score == 103
    g.play("KC.1@waste[0]>foundation[7]")
    assert g.won and g.score == 104
