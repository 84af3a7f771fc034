"""Rules tests for variants/scorpion.yaml, one per numbered position of shared/rules/scorpion.md,
plus the start position and a hand check of its perft fixture (tests/engine/test_perft.py)."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "scorpion"

SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
HEARTS = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"
DIAMONDS = "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD"
CLUBS = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"


def piles(g) -> dict:
    return g.position()["piles"]


COLUMN_1 = "tableau[0]: #5C #9S #KD 7H 2C JS 4D"


# 1 -------------------------------------------------------------------------------
def test_1_any_face_up_card_moves_with_everything_on_it_and_exposed_card_turns_up():
    g = game(V, f"{COLUMN_1}; tableau[4]: 8H")
    assert notations(g) == {"7H@tableau[0]>tableau[4]"}
    g.play("7H@tableau[0]>tableau[4]")
    assert piles(g) == {"tableau[0]": ["#5C", "#9S", "KD"], "tableau[4]": ["8H", "7H", "2C", "JS", "4D"]}
    assert g.state.down[g.variant.pile_index("tableau[0]")] == 2


# 2 -------------------------------------------------------------------------------
def test_2_destination_must_be_same_suit_and_one_rank_higher():
    g = game(V, f"{COLUMN_1}; tableau[4]: 8D; tableau[5]: 9H")
    assert notations(g) == set()
    for illegal in ("7H@tableau[0]>tableau[4]", "7H@tableau[0]>tableau[5]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    assert pile(g, "tableau[0]") == ["#5C", "#9S", "#KD", "7H", "2C", "JS", "4D"]


# 3 -------------------------------------------------------------------------------
def test_3_a_middle_card_moves_with_the_cards_on_it():
    g = game(V, f"{COLUMN_1}; tableau[4]: QS")
    assert notations(g) == {"JS@tableau[0]>tableau[4]"}
    g.play("JS@tableau[0]>tableau[4]")
    assert piles(g) == {"tableau[0]": ["#5C", "#9S", "#KD", "7H", "2C"], "tableau[4]": ["QS", "JS", "4D"]}


# 4 -------------------------------------------------------------------------------
def test_4_nothing_goes_on_an_ace():
    # no empty column; the only candidates for the AS are the KS group (were ranks to wrap)
    g = game(
        V,
        "tableau[0]: #5H AS; tableau[1]: #9C KS 2D; tableau[2]: #8D 2H; "
        "tableau[3]: #3C JD; tableau[4]: #4C 7C; tableau[5]: #6C 9H; tableau[6]: #TC 5D",
    )
    assert notations(g) == set()
    for illegal in ("KS@tableau[1]>tableau[0]", "2D@tableau[1]>tableau[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)
    # the same column with a 2S on top does take the ace
    g = game(V, "tableau[0]: #5H AS; tableau[1]: #9C 2S")
    assert notations(g) == {"AS@tableau[0]>tableau[1]"}


# 5 -------------------------------------------------------------------------------
def test_5_empty_column_takes_only_a_king_based_group():
    g = game(
        V,
        "tableau[0]: #4S KC 3H 9D; tableau[1]: #5S QC; tableau[2]: 8C KD 7S; "
        "tableau[4]: #2S 6H; tableau[5]: #3S TH; tableau[6]: #6S 4C",
    )
    assert notations(g) == {"KC@tableau[0]>tableau[3]", "KD@tableau[2]>tableau[3]"}
    with pytest.raises(MoveError):
        g.play("QC@tableau[1]>tableau[3]")
    g.play("KC@tableau[0]>tableau[3]")
    assert pile(g, "tableau[0]") == ["4S"]
    assert pile(g, "tableau[3]") == ["KC", "3H", "9D"]
    g.undo()
    g.play("KD@tableau[2]>tableau[3]")
    assert pile(g, "tableau[2]") == ["8C"]
    assert pile(g, "tableau[3]") == ["KD", "7S"]


# 6 -------------------------------------------------------------------------------
def test_6_a_face_down_card_is_never_picked():
    # 7H (face down) would fit on 8H, 2C on 3C, KS into an empty column
    g = game(V, "tableau[0]: #KS #7H #2C 5D; tableau[1]: 3C; tableau[4]: 8H")
    assert notations(g) == set()
    for illegal in ("7H@tableau[0]>tableau[4]", "2C@tableau[0]>tableau[1]", "KS@tableau[0]>tableau[2]"):
        with pytest.raises(MoveError, match="not face up"):
            g.play(illegal)


# 7 -------------------------------------------------------------------------------
def test_7_stock_dealt_once_onto_columns_1_2_3():
    g = game(V, "tableau[0]: #9S 4D; tableau[2]: AH; stock[0]: #QH #7C #2S")
    assert notations(g) == {"deal"}
    g.play("deal")
    # x1 (the stock's top, 2S) on column 1, x2 on the empty column 2, x3 on the ace
    assert piles(g) == {"tableau[0]": ["#9S", "4D", "2S"], "tableau[1]": ["7C"], "tableau[2]": ["AH", "QH"]}
    assert notations(g) == set() and g.over
    with pytest.raises(MoveError):
        g.play("deal")
    g.undo()
    assert pile(g, "stock[0]") == ["#QH", "#7C", "#2S"] and pile(g, "tableau[1]") == []
    # the limit alone forbids a second deal, whatever the stock holds
    g = game(V, "tableau[0]: #9S 4D; stock[0]: #QH #7C #2S; used: deal=1")
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("deal")


def test_7_deal_allowed_at_any_time_among_other_moves():
    g = game(V, f"{COLUMN_1}; tableau[4]: 8H; stock[0]: #QH #7C #2S")
    assert notations(g) == {"7H@tableau[0]>tableau[4]", "deal"}


# 8 -------------------------------------------------------------------------------
def test_8_won_with_four_suit_runs_king_to_ace():
    g = game(V, f"tableau[0]: {SPADES}; tableau[1]: {HEARTS}; tableau[2]: {DIAMONDS}; tableau[3]: {CLUBS}")
    assert g.won and g.over
    # runs in any columns, gaps anywhere
    g = game(V, f"tableau[6]: {SPADES}; tableau[1]: {HEARTS}; tableau[4]: {DIAMONDS}; tableau[3]: {CLUBS}")
    assert g.won


def test_8_not_won_until_the_stacked_runs_are_split():
    g = game(V, f"tableau[0]: {SPADES} {HEARTS}; tableau[2]: {DIAMONDS}; tableau[3]: {CLUBS}")
    assert not g.won
    kings = {"KS": 0, "KH": 0, "KD": 2, "KC": 3}
    assert notations(g) == {f"{k}@tableau[{src}]>tableau[{d}]" for k, src in kings.items() for d in (1, 4, 5, 6)}
    g.play("KH@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == SPADES.split() and pile(g, "tableau[1]") == HEARTS.split()
    assert g.won
    g.undo()
    assert not g.won


def test_8_not_won_with_a_face_down_card_or_a_broken_run():
    g = game(V, f"tableau[0]: #{SPADES}; tableau[1]: {HEARTS}; tableau[2]: {DIAMONDS}; tableau[3]: {CLUBS}")
    assert not g.won
    broken = HEARTS.replace("5H 4H", "4H 5H")
    g = game(V, f"tableau[0]: {SPADES}; tableau[1]: {broken}; tableau[2]: {DIAMONDS}; tableau[3]: {CLUBS}")
    assert not g.won


# 9 -------------------------------------------------------------------------------
def test_9_undo_turns_the_exposed_card_back_down():
    g = game(V, f"{COLUMN_1}; tableau[4]: 8H")
    before = g.position()
    g.play("7H@tableau[0]>tableau[4]")
    assert pile(g, "tableau[0]") == ["#5C", "#9S", "KD"]
    g.undo()
    assert pile(g, "tableau[0]") == ["#5C", "#9S", "#KD", "7H", "2C", "JS", "4D"]
    assert g.position() == before
    g.redo()
    assert pile(g, "tableau[0]") == ["#5C", "#9S", "KD"]


# start position --------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position(seed):
    v = rulesdsl.load(V)
    g = v.new_game(seed)
    st = g.state
    assert st.card_count() == 52 and len({c for p in st.piles for c in p}) == 52
    for i in range(7):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 7
        assert sum(c.startswith("#") for c in col) == (3 if i < 4 else 0)
        assert all(c.startswith("#") for c in col[:3]) if i < 4 else True
    stock = pile(g, "stock[0]")
    assert len(stock) == 3 and all(c.startswith("#") for c in stock)
    assert not g.won
    assert v.new_game(seed).position() == g.position()


# the perft fixture, checked by hand at depth 1 -------------------------------------------
def test_seed_1_depth_1_checked_by_hand():
    g = rulesdsl.load(V).new_game(1)
    tops = [pile(g, f"tableau[{i}]")[-1] for i in range(7)]
    assert tops == ["3C", "AS", "4S", "2D", "8S", "TS", "3D"]
    # 3S (column 6) on 4S, AD (column 7) on 2D, 7S (column 4) on 8S, 2D (column 4) on 3D
    assert notations(g) == {
        "3S@tableau[5]>tableau[2]",
        "AD@tableau[6]>tableau[3]",
        "7S@tableau[3]>tableau[4]",
        "2D@tableau[3]>tableau[6]",
        "deal",
    }


# -- added by mutation testing of variants/scorpion.yaml ------------------------------------------


def test_piles():
    assert rulesdsl.load(V).layout.pile_names == [f"tableau[{i}]" for i in range(7)] + ["stock[0]"]
