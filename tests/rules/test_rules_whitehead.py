"""Whitehead (variants/whitehead.yaml, extends klondike), after PySolFC's game: each rule from a
hand-made position.

Rules: Klondike's seven columns of 1-7 cards all face up, 24 in the stock (PySolFC turns the first
onto the waste at once: here that is the first draw, so numbered deals match PySol's);
a card goes on one rank higher of the same colour; a run of one suit moves whole; an empty column
takes any card or suit run; foundations up by suit from the ace, whose top card may come back;
draw one, no redeal; won with 52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "whitehead"


def test_variant_file_is_clean():
    assert check_file("variants/whitehead.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52 and not list(g.variant.option_decls)
    for i in range(7):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == i + 1 and not any(c.startswith("#") for c in col)
    assert len(pile(g, "waste[0]")) == 0 and len(pile(g, "stock[0]")) == 24
    assert g.score == 0 and not g.won


def test_a_card_goes_on_the_same_colour_one_higher():
    g = game(
        V,
        "tableau[0]: 7H; tableau[1]: 8D; tableau[2]: 8S; tableau[3]: 9H; tableau[4]: KC; "
        "tableau[5]: KS; tableau[6]: QH",
    )
    assert notations(g) == {"7H@tableau[0]>tableau[1]", "8D@tableau[1]>tableau[3]"}
    with pytest.raises(MoveError):
        g.play("7H@tableau[0]>tableau[2]")  # the other colour


def test_only_a_run_of_one_suit_moves_as_a_whole():
    g = game(
        V,
        "tableau[0]: 3C 9D 8D 7D; tableau[1]: TH; tableau[2]: 4S 9C 8S; tableau[3]: TD; "
        "tableau[4]: KC; tableau[5]: KS; tableau[6]: KH",
    )
    moves = notations(g)
    assert "9D@tableau[0]>tableau[1]" in moves and "9D@tableau[0]>tableau[3]" in moves
    # 9C 8S is built down in colour but not in suit: only the 8S moves
    assert "9C@tableau[2]>tableau[3]" not in moves
    with pytest.raises(MoveError):
        g.play("9C@tableau[2]>tableau[3]")
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["TH", "9D", "8D", "7D"] and pile(g, "tableau[0]") == ["3C"]


def test_an_empty_column_takes_any_card_or_suit_run():
    g = game(V, "tableau[0]: 3C 9D 8D; waste[0]: 5H; stock[0]: #2C")
    moves = notations(g)
    assert {"9D@tableau[0]>tableau[1]", "8D@tableau[0]>tableau[1]", "5H@waste[0]>tableau[1]"} <= moves


def test_foundations_and_a_card_coming_back():
    g = game(V, "foundation[0]: AS 2S 3S; tableau[0]: 4C; tableau[1]: 4S; waste[0]: AD")
    moves = notations(g)
    assert {"3S@foundation[0]>tableau[0]", "4S@tableau[1]>foundation[0]", "AD@waste[0]>foundation[1]"} <= moves
    g.play("3S@foundation[0]>tableau[0]")
    assert pile(g, "tableau[0]") == ["4C", "3S"]


def test_draw_one_and_no_redeal():
    g = game(V, "tableau[0]: KS; stock[0]: #2C #5D")
    g.play("draw")
    g.play("draw")
    assert pile(g, "waste[0]") == ["5D", "2C"]
    assert "draw" not in notations(g) and "recycle" not in notations(g)


def test_win_and_score():
    founds = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK"[: 13 if s != "S" else 12])
        for i, s in enumerate("SHDC")
    )
    g = game(V, founds + "; tableau[3]: KS")
    assert not g.won and g.score == 51
    g.play("KS@tableau[3]>foundation[0]")
    assert g.won and g.score == 52


def test_numbered_deal_is_pysols_face_up():
    # PySol's Whitehead deal N is Klondike's deal N, card for card, with every card face up
    k = rulesdsl.load("klondike").numbered_game(617).state
    w = rulesdsl.load(V).numbered_game(617).state
    v = rulesdsl.load(V)
    cols = [v.layout.pile_names.index(f"tableau[{i}]") for i in range(7)]
    assert w.piles == k.piles
    assert [w.down[p] for p in cols] == [0] * 7 and [k.down[p] for p in cols] == list(range(7))
