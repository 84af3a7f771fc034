"""Agnes Bernauer (variants/agnes_bernauer.yaml), after PySolFC's game: each rule from a
hand-made position.

Rules: seven columns of 1..7 cards, seven reserves of one, all face up; one card to a foundation
fixes the base rank; 16 cards in the stock. Foundations up by suit from the base rank, turning
the corner, a base-rank card to an empty foundation, nothing leaves them; columns down in
alternating colours, turning the corner, any such run moving whole; an empty column takes only
a card or run one rank below the base; reserve tops go to columns and foundations, nothing goes
on a reserve; each deal puts a card on each reserve, in order; no redeal; nothing automatic;
won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.core.errors import PositionError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "agnes_bernauer"


def test_variant_file_is_clean():
    assert check_file("variants/agnes_bernauer.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == [1, 2, 3, 4, 5, 6, 7]
    assert all(not c.startswith("#") for i in range(7) for c in pile(g, f"tableau[{i}]"))
    assert all(len(pile(g, f"reserve[{i}]")) == 1 and not pile(g, f"reserve[{i}]")[0].startswith("#") for i in range(7))
    base = pile(g, "foundation[0]")
    assert len(base) == 1 and all(pile(g, f"foundation[{i}]") == [] for i in (1, 2, 3))
    assert g.state.base_rank == g.variant.deck.rank_of[g.state.piles[g.variant.pile_index("foundation[0]")][0]]
    stock = pile(g, "stock[0]")
    assert len(stock) == 16 and all(c.startswith("#") for c in stock)
    assert g.score == 1 and not g.won


def test_foundations_build_up_by_suit_from_the_base_rank_turning_the_corner():
    g = game(
        V, "foundation[0]: JC QC KC; tableau[0]: AC; tableau[1]: JH; tableau[2]: QD; reserve[0]: 2C; reserve[1]: TD"
    )
    assert {m for m in notations(g) if ">foundation" in m} == {
        "AC@tableau[0]>foundation[0]",  # K then A: the corner
        "JH@tableau[1]>foundation[1]",
    }  # the base rank (read off foundation[0]) to an empty one
    for illegal in (
        "2C@reserve[0]>foundation[0]",  # not the next rank yet
        "TD@reserve[1]>foundation[1]",
    ):  # not the base rank
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("AC@tableau[0]>foundation[0]")
    assert "2C@reserve[0]>foundation[0]" in notations(g)
    assert g.state.base_rank == 11


def test_nothing_leaves_a_foundation():
    g = game(V, "foundation[0]: 5S 6S; tableau[0]: 7H; tableau[1]: 4D")
    assert not any(m.startswith("6S@foundation") for m in notations(g))
    with pytest.raises(MoveError):
        g.play("6S@foundation[0]>tableau[0]")


def test_columns_build_down_in_alternating_colours_turning_the_corner_and_move_any_run():
    g = game(
        V,
        "foundation[0]: 5S; tableau[0]: 9H 8C 7D; tableau[1]: TS; tableau[2]: AD; tableau[3]: KC; "
        "tableau[4]: 8H; tableau[5]: 9D; tableau[6]: 2C",
    )
    moves = notations(g)
    assert "9H@tableau[0]>tableau[1]" in moves  # a run of three
    assert "KC@tableau[3]>tableau[2]" in moves  # a king on an ace
    assert "8C@tableau[0]>tableau[5]" in moves  # part of a run
    for illegal in (
        "8C@tableau[0]>tableau[4]",  # 8C on 8H: not one lower
        "AD@tableau[2]>tableau[6]",  # AD on 2C is fine by rank and colour ...
        "9H@tableau[0]>tableau[5]",
    ):  # 9H on 9D
        if illegal.startswith("AD"):
            assert illegal in moves  # ... so it is legal
            continue
        with pytest.raises(MoveError):
            g.play(illegal)
    g = game(V, "foundation[0]: 5S; tableau[0]: 9H 8H; tableau[1]: TS")
    assert "9H@tableau[0]>tableau[1]" not in notations(g)  # 8H on 9H: not a run


def test_an_empty_column_takes_only_a_card_or_run_one_below_the_base_rank():
    g = game(V, "foundation[0]: 8S; tableau[1]: 7D 6C; tableau[2]: 9C; tableau[3]: KS 7H; reserve[0]: 7C")
    assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {
        "7D@tableau[1]>tableau[0]",
        "7H@tableau[3]>tableau[0]",
        "7C@reserve[0]>tableau[0]",
    }
    with pytest.raises(MoveError):
        g.play("9C@tableau[2]>tableau[0]")
    g = game(V, "foundation[0]: AS; tableau[1]: KD; tableau[2]: QC")
    assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {"KD@tableau[1]>tableau[0]"}


def test_reserves_give_their_top_card_and_take_nothing():
    g = game(V, "foundation[0]: 5S; reserve[0]: 9C 3D; reserve[1]: 2H; tableau[0]: 4C; tableau[1]: 3S")
    moves = notations(g)
    assert "3D@reserve[0]>tableau[0]" in moves and "2H@reserve[1]>tableau[1]" in moves
    assert not any(">reserve" in m for m in moves)
    with pytest.raises(MoveError):
        g.play("9C@reserve[0]>tableau[1]")  # under the top card
    with pytest.raises(MoveError):
        g.play("2H@reserve[1]>reserve[0]")
    g.play("3D@reserve[0]>tableau[0]")
    assert pile(g, "reserve[0]") == ["9C"]  # nothing turns or refills


def test_the_deal_puts_one_card_on_each_reserve_and_there_is_no_redeal():
    stock = " ".join(f"#{r}D" for r in "A23456789") + " #TH #JH #QH #KH #AH #2H #3H"
    g = game(V, f"foundation[0]: 5S; reserve[0]: KC; stock[0]: {stock}")
    g.play("deal")
    assert [pile(g, f"reserve[{i}]")[-1] for i in range(7)] == "3H 2H AH KH QH JH TH".split()
    assert pile(g, "reserve[0]") == ["KC", "3H"]
    g.play("deal")
    g.play("deal")  # the last two cards: the first two reserves
    assert pile(g, "reserve[0]")[-1] == "2D" and pile(g, "reserve[1]")[-1] == "AD"
    assert pile(g, "reserve[2]")[-1] == "7D" and pile(g, "stock[0]") == []
    assert "deal" not in notations(g)  # no redeal
    g.undo()
    assert len(pile(g, "stock[0]")) == 2


def test_nothing_is_played_automatically():
    g = game(V, "foundation[0]: 5S; tableau[0]: 6S 9D; tableau[1]: TC; stock[0]: #2C")
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["6S"] and pile(g, "foundation[0]") == ["5S"]
    g.play("deal")
    assert pile(g, "reserve[0]") == ["2C"]


def test_win_and_score():
    order = "789TJQKA23456"
    parts = [f"foundation[{i}]: " + " ".join(r + s for r in order) for i, s in enumerate("SHD")]
    g = game(V, "; ".join(parts) + "; foundation[3]: " + " ".join(r + "C" for r in order[:-1]) + "; reserve[3]: 6C")
    assert not g.won and g.score == 51
    g.play("6C@reserve[3]>foundation[3]")
    assert g.won and g.score == 52


def test_the_base_rank_is_read_off_the_first_foundation_or_given():
    # foundation[0] lifts nothing, so its bottom card is the base card: a position may leave it out
    assert game(V, "foundation[0]: 9H TH; tableau[0]: 3C").state.base_rank == 9
    assert game(V, "base_rank: 9; foundation[0]: 9H TH").state.base_rank == 9
    with pytest.raises(PositionError, match="base_rank"):
        game(V, "tableau[0]: 3C")  # no foundation card: it must be given
    with pytest.raises(PositionError, match="not a rank"):
        game(V, "base_rank: 14; foundation[0]: 9H")
