"""Yukon and Russian Solitaire (variants/yukon.yaml, variants/russian_solitaire.yaml), after
PySolFC's games of those names: each rule from a hand-made position.

Rules: one deck, no stock; column 1 one face-up card, columns 2-7 hold 1-6 face-down cards
under five face-up ones; any face-up card moves with everything on it onto a column whose top
is one rank higher and of the other colour (Russian Solitaire: the same suit); an empty column
takes only a king; exposed cards turn up; foundations up by suit from the ace, one card at a
time, nothing leaves them; won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

SUITS = "SHDC"


def full_foundations(but: str = "") -> str:
    """Every card on the foundations except the cards named in `but` (tops of their suits)."""
    left = set(but.split())
    parts = []
    for i, s in enumerate(SUITS):
        cards = [f"{r}{s}" for r in "A23456789TJQK" if f"{r}{s}" not in left]
        parts.append(f"foundation[{i}]: {' '.join(cards)}")
    return "; ".join(parts)


@pytest.mark.parametrize("name", ["yukon", "russian_solitaire"])
def test_variant_file_is_clean(name):
    assert check_file(f"variants/{name}.yaml", play=2) == []


@pytest.mark.parametrize("name", ["yukon", "russian_solitaire"])
@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(name, seed):
    g = rulesdsl.load(name).new_game(seed)
    assert g.state.card_count() == 52
    assert pile(g, "tableau[0]") and len(pile(g, "tableau[0]")) == 1
    assert not pile(g, "tableau[0]")[0].startswith("#")
    for i in range(1, 7):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == i + 5
        assert [c.startswith("#") for c in col] == [True] * i + [False] * 5
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(4))
    assert g.score == 0 and not g.won


# Yukon ------------------------------------------------------------------------------------------
def test_any_face_up_card_moves_with_the_cards_on_it_whatever_their_order():
    g = game("yukon", "tableau[1]: #9S 7H 2C JS 4D; tableau[2]: 8C; tableau[3]: QD")
    assert notations(g) == {"7H@tableau[1]>tableau[2]", "JS@tableau[1]>tableau[3]"}
    g.play("7H@tableau[1]>tableau[2]")
    assert pile(g, "tableau[2]") == ["8C", "7H", "2C", "JS", "4D"]
    assert pile(g, "tableau[1]") == ["9S"]  # the exposed card turned up
    g.undo()
    assert pile(g, "tableau[1]") == ["#9S", "7H", "2C", "JS", "4D"]


def test_yukon_needs_the_other_colour_and_one_rank_higher():
    g = game("yukon", "tableau[1]: 7H; tableau[2]: 8D; tableau[3]: 5C; tableau[4]: 8H")
    assert notations(g) == set()
    for bad in ("7H@tableau[1]>tableau[2]", "7H@tableau[1]>tableau[3]", "7H@tableau[1]>tableau[4]"):
        with pytest.raises(MoveError):
            g.play(bad)
    g = game("yukon", "tableau[1]: 7H; tableau[2]: 8S")
    assert notations(g) == {"7H@tableau[1]>tableau[2]"}


def test_empty_column_takes_only_a_king():
    g = game(
        "yukon",
        "tableau[0]: #3S KC 3H; tableau[1]: #4S QC 9D; tableau[3]: #5S 5H; "
        "tableau[4]: #6S 6H; tableau[5]: #7S 7D; tableau[6]: #8S 8D",
    )
    assert notations(g) == {"KC@tableau[0]>tableau[2]"}
    with pytest.raises(MoveError):
        g.play("QC@tableau[1]>tableau[2]")
    g.play("KC@tableau[0]>tableau[2]")
    assert pile(g, "tableau[2]") == ["KC", "3H"] and pile(g, "tableau[0]") == ["3S"]


def test_a_face_down_card_is_never_moved():
    g = game("yukon", "tableau[1]: #7H 2C; tableau[2]: 8C")
    with pytest.raises(MoveError, match="not face up"):
        g.play("7H@tableau[1]>tableau[2]")


def test_foundations_build_up_by_suit_one_card_at_a_time():
    g = game("yukon", "tableau[0]: AH; tableau[1]: 3S; tableau[2]: 4C 2H; tableau[3]: 9D")
    assert notations(g) == {f"AH@tableau[0]>foundation[{i}]" for i in range(4)} | {"2H@tableau[2]>tableau[1]"}
    g.play("AH@tableau[0]>foundation[0]")
    assert "2H@tableau[2]>foundation[0]" in notations(g)
    assert not any(m.startswith("3S@") and "foundation" in m for m in notations(g))
    # a run of two never goes to a foundation
    g = game("yukon", "foundation[0]: AH; tableau[0]: 2H 3C")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("2H@tableau[0]>foundation[0]")


def test_nothing_leaves_a_foundation():
    g = game("yukon", "foundation[0]: AH 2H 3H 4H 5H 6H; tableau[0]: 7C")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("6H@foundation[0]>tableau[0]")


def test_win_and_score():
    g = game("yukon", full_foundations("KS KH") + "; tableau[3]: KS; tableau[4]: KH")
    assert not g.won and g.score == 50
    g.play("KS@tableau[3]>foundation[0]")
    g.play("KH@tableau[4]>foundation[1]")
    assert g.won and g.score == 52
    g.undo()
    assert not g.won and g.score == 51


# Russian Solitaire --------------------------------------------------------------------------------
def test_russian_builds_down_by_suit():
    g = game(
        "russian_solitaire",
        "tableau[1]: #9S 7H 2C JS 4D; tableau[2]: 8H; tableau[3]: 8C; tableau[4]: QS; tableau[5]: QD",
    )
    assert notations(g) == {"7H@tableau[1]>tableau[2]", "JS@tableau[1]>tableau[4]"}
    with pytest.raises(MoveError):
        g.play("7H@tableau[1]>tableau[3]")  # the Yukon move: other colour is not enough
    g.play("JS@tableau[1]>tableau[4]")
    assert pile(g, "tableau[4]") == ["QS", "JS", "4D"]


def test_russian_keeps_the_rest_of_yukon():
    g = game("russian_solitaire", "tableau[0]: #3S KC 3H; tableau[1]: #4S QC 9D; tableau[3]: AD")
    moves = notations(g)
    assert "KC@tableau[0]>tableau[2]" in moves and "QC@tableau[1]>tableau[2]" not in moves
    assert "AD@tableau[3]>foundation[0]" in moves
    g = game("russian_solitaire", full_foundations("KD") + "; tableau[6]: KD")
    g.play("KD@tableau[6]>foundation[2]")
    assert g.won and g.score == 52
