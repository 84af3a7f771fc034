"""Australian Patience (variants/australian_patience.yaml, extends russian_solitaire), after
PySolFC's game: each rule from a hand-made position.

Rules: seven columns of four face up, one card to the waste, 23 in the stock; any face-up card moves
with everything on it onto the same suit one rank higher; an empty column takes only a king;
foundations up by suit from the ace, whose top card may come back; draw one, no redeal; won with 52
cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "australian_patience"


def test_variant_file_is_clean():
    assert check_file("variants/australian_patience.yaml", play=2) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(3)
    for i in range(7):
        col = pile(g, f"tableau[{i}]")
        assert len(col) == 4 and not any(c.startswith("#") for c in col)
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 23
    assert g.score == 0 and not g.won


def test_any_face_up_card_moves_with_the_cards_on_it_onto_its_suit():
    g = game(
        V,
        "tableau[0]: 7H 2C JS 4D; tableau[1]: 8H; tableau[2]: 8D; tableau[3]: QS; "
        "tableau[4]: KC; tableau[5]: KD; tableau[6]: KH",
    )
    assert notations(g) == {"7H@tableau[0]>tableau[1]", "JS@tableau[0]>tableau[3]"}
    with pytest.raises(MoveError):
        g.play("7H@tableau[0]>tableau[2]")
    g.play("7H@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["8H", "7H", "2C", "JS", "4D"] and pile(g, "tableau[0]") == []


def test_an_empty_column_takes_only_a_king():
    g = game(V, "tableau[0]: 3S KC 3H; tableau[1]: 4S QC 9D; waste[0]: KD; stock[0]: #2C")
    into = {m for m in notations(g) if m.endswith(">tableau[2]")}
    assert into == {"KC@tableau[0]>tableau[2]", "KD@waste[0]>tableau[2]"}


def test_waste_foundations_and_a_card_coming_back():
    g = game(V, "foundation[0]: AH 2H 3H; tableau[0]: 4H; tableau[1]: 5H; waste[0]: AC; stock[0]: #9C #8D")
    moves = notations(g)
    assert {"4H@tableau[0]>foundation[0]", "3H@foundation[0]>tableau[0]", "4H@tableau[0]>tableau[1]", "draw"} <= moves
    assert {f"AC@waste[0]>foundation[{i}]" for i in (1, 2, 3)} <= moves
    g.play("draw")
    g.play("draw")
    assert pile(g, "waste[0]") == ["AC", "8D", "9C"] and "draw" not in notations(g)


def test_win_and_score():
    founds = "; ".join(
        f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK"[: 13 if s != "H" else 12])
        for i, s in enumerate("SHDC")
    )
    g = game(V, founds + "; waste[0]: KH")
    assert not g.won and g.score == 51
    g.play("KH@waste[0]>foundation[1]")
    assert g.won and g.score == 52
