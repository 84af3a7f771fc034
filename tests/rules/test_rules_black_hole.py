"""Rules tests for variants/black_hole.yaml (PySolFC's "Black Hole") and variants/all_in_a_row.yaml
(PySolFC's "All in a Row"): fans or columns played onto one pile a rank up or down, K and A
next to each other."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

BH, AIR = "black_hole", "all_in_a_row"
TO_F = ">foundation[0]"


@pytest.mark.parametrize("name", [BH, AIR])
def test_variant_file_is_clean(name):
    assert check_file(f"variants/{name}.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_black_hole_start_position(seed):
    g = rulesdsl.load(BH).new_game(seed)
    assert pile(g, "foundation[0]") == ["AS"]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(17)] == [3] * 17
    assert g.state.card_count() == 52 and g.score == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_all_in_a_row_start_position(seed):
    g = rulesdsl.load(AIR).new_game(seed)
    assert pile(g, "foundation[0]") == []
    assert [len(pile(g, f"tableau[{i}]")) for i in range(13)] == [4] * 13
    assert g.state.card_count() == 52 and g.score == 0


@pytest.mark.parametrize("name", [BH, AIR])
def test_one_rank_up_or_down_whatever_the_suit(name):
    g = game(
        name, "foundation[0]: 7H; tableau[0]: 8C; tableau[1]: 6D; tableau[2]: 9S; tableau[3]: 7S; tableau[4]: 2H 6H"
    )
    assert notations(g) == {"8C@tableau[0]" + TO_F, "6D@tableau[1]" + TO_F, "6H@tableau[4]" + TO_F}
    for illegal in ("9S@tableau[2]" + TO_F, "7S@tableau[3]" + TO_F, "2H@tableau[4]" + TO_F):
        with pytest.raises(MoveError):
            g.play(illegal)


@pytest.mark.parametrize("name", [BH, AIR])
def test_king_and_ace_are_next_to_each_other(name):
    g = game(name, "foundation[0]: KH; tableau[0]: AS; tableau[1]: QD; tableau[2]: 2C; tableau[3]: JC")
    assert notations(g) == {"AS@tableau[0]" + TO_F, "QD@tableau[1]" + TO_F}
    g = game(name, "foundation[0]: AD; tableau[0]: KS; tableau[1]: 2D; tableau[2]: QC")
    assert notations(g) == {"KS@tableau[0]" + TO_F, "2D@tableau[1]" + TO_F}


@pytest.mark.parametrize("name", [BH, AIR])
def test_columns_take_nothing_and_nothing_leaves_the_foundation(name):
    g = game(name, "foundation[0]: 5H 6C; tableau[0]: 9D; tableau[1]: 8S")
    assert notations(g) == set()
    for illegal in ("8S@tableau[1]>tableau[0]", "6C@foundation[0]>tableau[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_all_in_a_row_empty_foundation_takes_any_top_card():
    g = game(AIR, "tableau[0]: 3C 9D; tableau[1]: KS; tableau[2]: 4H")
    assert notations(g) == {"9D@tableau[0]" + TO_F, "KS@tableau[1]" + TO_F, "4H@tableau[2]" + TO_F}


DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]


@pytest.mark.parametrize("name, score_before", [(BH, 50), (AIR, 51)])
def test_won_when_every_card_is_on_the_foundation_score_counts_cards_played(name, score_before):
    # every card but 5D on the foundation, 6C on top (the order below it does not matter)
    rest = [c for c in DECK if c not in ("5D", "6C")] + ["6C"]
    g = game(name, f"foundation[0]: {' '.join(rest)}; tableau[3]: 5D")
    assert not g.won and g.score == score_before
    g.play("5D@tableau[3]" + TO_F)
    assert g.won and g.over and g.score == score_before + 1
    g.undo()
    assert not g.won


def test_black_hole_seed_1_depth_1_checked_by_hand():
    g = rulesdsl.load(BH).new_game(1)
    tops = [pile(g, f"tableau[{i}]")[-1] for i in range(17)]
    assert tops == [
        "8C",
        "QH",
        "JD",
        "KC",
        "TC",
        "6D",
        "AH",
        "6S",
        "2D",
        "AD",
        "2S",
        "9H",
        "JC",
        "KS",
        "4H",
        "8H",
        "7C",
    ]
    # onto AS: a two or a king
    assert notations(g) == {f"{c}@tableau[{i}]" + TO_F for i, c in enumerate(tops) if c[0] in "2K"}
