"""Agnes Sorel (PySolFC's game): each rule from a hand-made position.

Rules: seven face-up columns of 1 to 7 cards; the next card starts the first foundation and fixes
the base rank; 23 in the stock; foundations up by suit from the base rank, turning the corner,
nothing leaves them; columns down in the same colour (K on A), runs so built move whole; a space
takes nothing; 'deal' puts a card on each column, no redeal; score = cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "agnes_sorel"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == list(range(1, 8))
    assert not any(c.startswith("#") for i in range(7) for c in pile(g, f"tableau[{i}]"))
    assert pile(g, "foundation[0]") == ["QS"] and g.state.base_rank == 12 and len(pile(g, "stock[0]")) == 23
    # tops 7H 6H 2H 2S KD JC 8C: 6H on 7H; the run AH KD (a king on an ace) on the 2H
    assert notations(g) == {"6H@tableau[1]>tableau[0]", "AH@tableau[4]>tableau[2]", "deal"}


def test_columns_build_down_in_colour_turning_the_corner_and_spaces_stay_empty():
    g = game(
        V,
        "foundation[0]: QS; tableau[0]: 2D; tableau[1]: AH KD; tableau[2]: 8C 7S; tableau[3]: 9H; "
        "tableau[4]: 8S; stock[0]: #4C",
    )
    # the run AH KD on the 2D; 7S on the 8S (same colour); the 8C 7S run does not go on the red 9
    assert notations(g) == {"AH@tableau[1]>tableau[0]", "7S@tableau[2]>tableau[4]", "deal"}
    with pytest.raises(MoveError):
        g.play("8S@tableau[4]>tableau[5]")  # a space takes nothing


def test_foundations_from_the_base_rank_and_nothing_leaves():
    g = game(V, "foundation[0]: QS KS; tableau[0]: AS; tableau[1]: QH; tableau[2]: 5C; tableau[3]: 9D; base_rank: Q")
    # AS after KS (the corner); QH starts the next foundation (the first empty one only)
    assert notations(g) == {"AS@tableau[0]>foundation[0]", "QH@tableau[1]>foundation[1]"}
    for bad in ("QH@tableau[1]>foundation[2]", "KS@foundation[0]>tableau[0]", "5C@tableau[2]>foundation[1]"):
        with pytest.raises(MoveError):
            g.play(bad)


def test_the_deal_covers_each_column_and_there_is_no_redeal():
    g = game(V, "foundation[0]: QS; tableau[0]: 5C; stock[0]: #2D #3D #4D #5D #6D #7D #8D #9D")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(7)] == "9D 8D 7D 6D 5D 4D 3D".split()
    g.play("deal")
    assert pile(g, "tableau[0]")[-1] == "2D" and "deal" not in notations(g)


def test_won_and_score():
    suits = "SHDC"
    ranks = "QKA23456789TJ"
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in ranks) for i, s in enumerate(suits))
    g = game(V, full.replace(" JC", "") + "; tableau[0]: JC; base_rank: Q")
    assert g.score == 51 and not g.won
    g.play("JC@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
