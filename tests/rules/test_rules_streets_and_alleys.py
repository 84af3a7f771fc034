"""Rules tests for variants/streets_and_alleys.yaml and variants/beleaguered_castle.yaml
(PySolFC's "Streets and Alleys" and "Beleaguered Castle", one card at a time): the rules they
share are tested for both here; tests/rules/test_rules_beleaguered_castle.py has the rest."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

SA, BC = "streets_and_alleys", "beleaguered_castle"
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


@pytest.mark.parametrize("name", [SA, BC])
def test_variant_file_is_clean(name):
    assert check_file(f"variants/{name}.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_positions(seed):
    g = rulesdsl.load(SA).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(4)) and g.score == 0
    g = rulesdsl.load(BC).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [6] * 8
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert g.state.card_count() == 52 and g.score == 4 and not g.won


@pytest.mark.parametrize("name, extra", [(SA, ""), (BC, ACES + "; ")])
def test_single_cards_build_down_regardless_of_suit(name, extra):
    g = game(
        name,
        extra + "tableau[0]: 9C 8H; tableau[1]: 9S; tableau[2]: 7H; tableau[3]: 7C; tableau[4]: 6D; "
        "tableau[5]: QS; tableau[6]: QH; tableau[7]: JH",
    )
    assert notations(g) == {
        "8H@tableau[0]>tableau[1]",
        "7H@tableau[2]>tableau[0]",
        "7C@tableau[3]>tableau[0]",
        "JH@tableau[7]>tableau[5]",
        "JH@tableau[7]>tableau[6]",
        "6D@tableau[4]>tableau[2]",
        "6D@tableau[4]>tableau[3]",
    }
    for illegal in (
        "9C@tableau[0]>tableau[5]",  # 9C 8H is a run: runs never move
        "6D@tableau[4]>tableau[0]",  # two ranks below
        "QS@tableau[5]>tableau[6]",
    ):  # same rank
        with pytest.raises(MoveError):
            g.play(illegal)


@pytest.mark.parametrize("name, extra", [(SA, ""), (BC, ACES + "; ")])
def test_an_empty_column_takes_any_single_card(name, extra):
    g = game(name, extra + "tableau[0]: 9C 8H; tableau[1]: 5S; tableau[2]: QD")
    assert {m for m in notations(g) if m.endswith(">tableau[3]")} == {
        "8H@tableau[0]>tableau[3]",
        "5S@tableau[1]>tableau[3]",
        "QD@tableau[2]>tableau[3]",
    }


def test_streets_and_alleys_each_foundation_starts_with_its_ace():
    g = game(SA, "tableau[0]: AS; tableau[1]: AH; tableau[2]: AD; tableau[3]: AC; tableau[4]: 2S")
    assert {m for m in notations(g) if ">foundation" in m} == {
        "AS@tableau[0]>foundation[0]",
        "AH@tableau[1]>foundation[1]",
        "AD@tableau[2]>foundation[2]",
        "AC@tableau[3]>foundation[3]",
    }
    with pytest.raises(MoveError):
        g.play("AS@tableau[0]>foundation[1]")


@pytest.mark.parametrize("name", [SA, BC])
def test_foundations_build_up_in_suit_and_keep_their_cards(name):
    g = game(
        name,
        "foundation[0]: AS 2S; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC; "
        "tableau[0]: 3S; tableau[1]: 3H; tableau[2]: 2D; tableau[3]: 4S",
    )
    assert {m for m in notations(g) if ">foundation" in m} == {
        "3S@tableau[0]>foundation[0]",
        "2D@tableau[2]>foundation[2]",
    }
    assert not any(m.startswith(("2S@", "AH@", "AD@", "AC@")) for m in notations(g))


@pytest.mark.parametrize("name", [SA, BC])
def test_won_with_every_card_on_the_foundations_score_counts_them(name):
    suits = [" ".join(r + s for r in "A23456789TJQK") for s in "SHDC"]
    g = game(
        name,
        "; ".join(f"foundation[{i}]: {suits[i]}" for i in range(3))
        + f"; foundation[3]: {suits[3][:-3]}; tableau[5]: KC",
    )
    assert not g.won and g.score == 51
    g.play("KC@tableau[5]>foundation[3]")
    assert g.won and g.over and g.score == 52
