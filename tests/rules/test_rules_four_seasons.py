"""Four Seasons: a dealt base card goes to its own suit's foundation (take into
foundation[card.suit_index], base_rank of a group); each rule from a hand-made position.

Rules: five columns of one; one card to its suit's foundation fixes the base rank;
foundations up in their suit from it, turning the corner; a column's top card onto one rank
higher whatever the suit (K on A); an empty column takes any card; draw one, no redeal.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/four_seasons.yaml", play=3) == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_base_card_lies_on_its_own_suits_foundation(seed):
    g = rulesdsl.load("four_seasons").new_game(seed)
    v = g.variant
    held = [i for i in range(4) if pile(g, f"foundation[{i}]")]
    assert len(held) == 1
    card = g.state.piles[v.pile_index(f"foundation[{held[0]}]")][0]
    assert v.deck.suit_of[card] == held[0] and g.state.base_rank == v.deck.rank_of[card]
    assert len(pile(g, "stock[0]")) == 46 and g.score == 1


def test_foundations_take_the_base_rank_of_their_own_suit_only():
    g = game("four_seasons", "foundation[1]: 7H; tableau[0]: 7S; tableau[1]: 8H; tableau[2]: 7C; stock[0]: #2C")
    moves = notations(g)
    assert {"7S@tableau[0]>foundation[0]", "8H@tableau[1]>foundation[1]", "7C@tableau[2]>foundation[3]"} <= moves
    assert "7S@tableau[0]>foundation[2]" not in moves
    with pytest.raises(MoveError):
        g.play("7C@tableau[2]>foundation[2]")


def test_columns_build_down_whatever_the_suit_one_card_at_a_time():
    g = game("four_seasons", "foundation[1]: 7H; tableau[0]: KS; tableau[1]: AD; tableau[2]: 5C 4C; tableau[3]: 6D")
    moves = notations(g)
    assert "KS@tableau[0]>tableau[1]" in moves  # a king on an ace
    assert "4C@tableau[2]>tableau[3]" not in moves
    assert "5C@tableau[2]>tableau[3]" not in moves  # only the top card moves


def test_no_redeal_the_score_and_the_win():
    g = game("four_seasons", "foundation[1]: 7H; waste[0]: 9S; tableau[0]: KS")
    assert "recycle" not in notations(g) and "draw" not in notations(g)
    full = [
        f"foundation[{i}]: " + " ".join(r + s for r in "7 8 9 T J Q K A 2 3 4 5 6".split())
        for i, s in enumerate("SHDC")
    ]
    g2 = game("four_seasons", "; ".join(full[:3] + [full[3].rsplit(" ", 1)[0], "waste[0]: 6C"]))
    assert g2.score == 51
    g2.play("6C@waste[0]>foundation[3]")
    assert g2.won
