"""Lady of the Manor: the deal sorts the cards left into twelve reserves by rank (a take step
with into); each rule from a hand-made position.

Rules: two decks; eight foundations from the aces, up regardless of suit; four columns of
twelve; the rest by rank into reserves 2..K; tops of columns and reserves go to the
foundations only; an empty column takes any one card; won with all 104 cards home.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


def test_variant_file_is_clean():
    assert check_file("variants/lady_of_the_manor.yaml", play=3) == []


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_deal_sorts_the_rest_by_rank(seed):
    g = rulesdsl.load("lady_of_the_manor").new_game(seed)
    v = g.variant
    for i in range(8):
        assert pile(g, f"foundation[{i}]")[0].startswith("A")
    for i in range(4):
        assert len(pile(g, f"tableau[{i}]")) == 12
    for i in range(12):
        p = v.pile_index(f"reserve[{i}]")
        assert all(v.deck.rank_of[c] == i + 2 for c in g.state.piles[p])
    assert g.state.card_count() == 104 and g.score == 8


def test_tops_go_to_the_foundations_regardless_of_suit():
    g = game(
        "lady_of_the_manor",
        "foundation[0]: AS; tableau[0]: 9C 2H; tableau[1]: 5S; tableau[2]: 6S; tableau[3]: 7S; "
        "reserve[0]: 2D; reserve[1]: 3C",
    )
    assert notations(g) == {"2H@tableau[0]>foundation[0]", "2D@reserve[0]>foundation[0]"}
    g.play("2D@reserve[0]>foundation[0]")
    assert "3C@reserve[1]>foundation[0]" in notations(g)


def test_nothing_is_built_on_a_column_and_an_empty_one_takes_one_card():
    g = game("lady_of_the_manor", "foundation[0]: AS; tableau[0]: 9C; tableau[1]: 8C; reserve[5]: 7D")
    assert "8C@tableau[1]>tableau[0]" not in notations(g)
    with pytest.raises(MoveError):
        g.play("8C@tableau[1]>tableau[0]")
    g.play("7D@reserve[5]>tableau[2]")
    assert pile(g, "tableau[2]") == ["7D"]
    assert "8C@tableau[1]>tableau[2]" not in notations(g)


def test_an_ace_only_starts_a_foundation_and_nothing_leaves_one():
    g = game(
        "lady_of_the_manor",
        "foundation[0]: AS 2H; tableau[0]: 3D; tableau[1]: 5S; tableau[2]: 6S; tableau[3]: 7S; reserve[0]: 2C",
    )
    assert notations(g) == {"3D@tableau[0]>foundation[0]"}
    with pytest.raises(MoveError):
        g.play("2C@reserve[0]>foundation[1]")
    with pytest.raises(MoveError):
        g.play("2H@foundation[0]>tableau[1]")
    g.play("3D@tableau[0]>foundation[0]")
    assert "2C@reserve[0]>tableau[0]" in notations(g)  # the empty column takes it; no foundation does


def test_won_with_every_foundation_full_and_the_score():
    ranks = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    full = " ".join(f"{r}S" for r in ranks[:12])
    parts = [f"foundation[{i}]: " + " ".join(f"{r}{'SHDC'[i % 4]}" for r in ranks) for i in range(7)]
    g = game("lady_of_the_manor", "; ".join(parts + [f"foundation[7]: {full.replace('S', 'C')}", "reserve[11]: KC"]))
    assert not g.won and g.score == 7 * 13 + 12
    g.play("KC@reserve[11]>foundation[7]")
    assert g.won and g.score == 104
