"""Penguin (variants/penguin.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: the beak (first card dealt, bottom of the first column) fixes the base rank; the other
three cards of that rank start their suits' foundations; 7 columns of 7 face up; foundations up
by suit from the base rank, turning the corner, nothing leaves them; columns down by suit,
turning the corner, any one-suit run moving whole; an empty column takes only a card or run one
rank below the base; seven cells of one card each, filled from the columns; nothing automatic;
won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.core.errors import PositionError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "penguin"


def test_variant_file_is_clean():
    assert check_file("variants/penguin.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    st = g.state
    beak = pile(g, "tableau[0]")[0]
    base = st.base_rank
    assert g.variant.deck.rank_of[st.piles[g.variant.pile_index("tableau[0]")][0]] == base
    assert all(len(pile(g, f"tableau[{i}]")) == 7 for i in range(7))
    assert all(not c.startswith("#") for i in range(7) for c in pile(g, f"tableau[{i}]"))
    founded = [pile(g, f"foundation[{i}]") for i in range(4)]
    # the other three of the beak's rank, each on its suit's foundation; the beak's suit empty
    assert sorted(len(f) for f in founded) == [0, 1, 1, 1]
    assert founded["SHDC".index(beak[-1])] == []
    for i, f in enumerate(founded):
        if f:
            assert f[0][-1] == "SHDC"[i] and f[0][:-1] == beak[:-1]
    assert all(pile(g, f"cell[{i}]") == [] for i in range(7))
    assert g.score == 3 and not g.won and st.card_count() == 52


def test_foundations_build_up_by_suit_from_the_base_rank_turning_the_corner():
    g = game(
        V,
        "base_rank: Q; foundation[0]: QS KS; foundation[1]: QH; tableau[0]: AS; tableau[1]: KH; "
        "tableau[2]: QD; cell[0]: 2S",
    )
    assert {m for m in notations(g) if ">foundation" in m} == {
        "AS@tableau[0]>foundation[0]",  # K then A: the corner
        "KH@tableau[1]>foundation[1]",
        "QD@tableau[2]>foundation[2]",
    }  # the base rank starts its own suit's foundation
    for illegal in (
        "2S@cell[0]>foundation[0]",  # not the next rank
        "QD@tableau[2]>foundation[3]",
    ):  # the clubs' foundation
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("AS@tableau[0]>foundation[0]")
    assert "2S@cell[0]>foundation[0]" in notations(g)


def test_nothing_leaves_a_foundation():
    g = game(V, "base_rank: 5; foundation[0]: 5S 6S; tableau[0]: 7H; tableau[1]: 4S")
    assert not any(m.startswith("6S@foundation") for m in notations(g))
    with pytest.raises(MoveError):
        g.play("6S@foundation[0]>tableau[0]")


def test_columns_build_down_by_suit_turning_the_corner_and_move_any_run():
    g = game(
        V,
        "base_rank: 5; tableau[0]: 9H 8H 7H; tableau[1]: TH; tableau[2]: AD; tableau[3]: KD; "
        "tableau[4]: 8C; tableau[5]: 9S; tableau[6]: 3C; "
        + "; ".join(f"cell[{i}]: {c}" for i, c in enumerate("2C 3H 4H 5H 6H 7S".split())),
    )
    moves = notations(g)
    assert "9H@tableau[0]>tableau[1]" in moves  # a run of three, one cell free, no empty column
    assert "KD@tableau[3]>tableau[2]" in moves  # a king on an ace
    assert "8C@tableau[4]>tableau[5]" not in moves  # suit, not colour
    assert "2C@cell[0]>tableau[6]" in moves  # from a cell onto a column
    for illegal in (
        "8H@tableau[0]>tableau[5]",  # 8H on 9S: another suit
        "7H@tableau[0]>tableau[4]",  # 7H on 8C: another suit
        "AD@tableau[2]>tableau[3]",
    ):  # up, not down
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("9H@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TH", "9H", "8H", "7H"] and pile(g, "tableau[0]") == []


def test_a_run_not_in_suit_does_not_move_whole():
    g = game(V, "base_rank: 5; tableau[0]: 9H 8S; tableau[1]: TH; tableau[2]: 9S")
    assert "9H@tableau[0]>tableau[1]" not in notations(g)
    assert "8S@tableau[0]>tableau[2]" in notations(g)


def test_an_empty_column_takes_only_a_card_or_run_one_below_the_base_rank():
    g = game(V, "base_rank: 8; tableau[1]: 7D 6D; tableau[2]: 9C; tableau[3]: KS; cell[0]: 7H")
    to_empty = {m for m in notations(g) if m.endswith(">tableau[0]")}
    assert to_empty == {"7D@tableau[1]>tableau[0]", "7H@cell[0]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("9C@tableau[2]>tableau[0]")
    g = game(V, "base_rank: A; tableau[1]: KD; tableau[2]: QC; tableau[3]: 2S")
    assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {"KD@tableau[1]>tableau[0]"}


def test_seven_cells_hold_one_card_each_taken_from_a_column():
    cells = "; ".join(f"cell[{i}]: {c}" for i, c in enumerate("2C 3C 4C 5C 6C 7C".split()))
    g = game(V, f"base_rank: 9; tableau[0]: JD TD; tableau[1]: 8S; {cells}")
    moves = notations(g)
    # one move to the free cell (the cells are alike), none between cells
    assert "TD@tableau[0]>cell[6]" in moves and "8S@tableau[1]>cell[6]" in moves
    assert not any(m.startswith(("2C@cell[0]>cell", "3C@cell[1]>cell")) for m in moves)
    g.play("TD@tableau[0]>cell[6]")
    assert not any(">cell" in m for m in notations(g))  # all seven full
    with pytest.raises(MoveError):
        g.play("JD@tableau[0]>cell[0]")  # a cell holds one card
    assert "TD@cell[6]>tableau[0]" in notations(g)


def test_nothing_is_played_automatically():
    g = game(V, "base_rank: 5; foundation[0]: 5S; tableau[0]: 6S 9D; tableau[1]: TD")
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["6S"] and pile(g, "foundation[0]") == ["5S"]


def test_win_and_score():
    order = "789TJQKA23456"
    parts = [f"foundation[{i}]: " + " ".join(r + s for r in order) for i, s in enumerate("SHD")]
    g = game(
        V,
        "base_rank: 7; "
        + "; ".join(parts)
        + "; foundation[3]: "
        + " ".join(r + "C" for r in order[:-1])
        + "; tableau[0]: 6C",
    )
    assert not g.won and g.score == 51
    g.play("6C@tableau[0]>foundation[3]")
    assert g.won and g.score == 52


def test_a_position_must_give_the_base_rank():
    # the beak may have left the first column: the base rank is not read off the cards
    with pytest.raises(PositionError, match="base_rank"):
        game(V, "tableau[0]: 7H; tableau[1]: 9S")


def test_base_rank_survives_a_save_and_reload():
    g = rulesdsl.load(V).new_game(2)
    g.play(sorted(notations(g))[0])
    again = rulesdsl.Game.from_position(g.variant, g.position())
    assert again.state == g.state and again.state.base_rank == g.state.base_rank == 12
    text = rulesdsl.formats.position.to_text(g.variant, g.state)
    assert "base_rank: Q" in text
    assert rulesdsl.Game.from_position(g.variant, text).state == g.state
