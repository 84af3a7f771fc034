"""Miss Milligan (variants/miss_milligan.yaml), after PySolFC's game: each rule from a hand-made
position.

Rules: two decks; one card to each of eight columns, 96 in the stock; a top card or a run down in
alternating colours moves onto the next rank up of the other colour; an empty column takes a king
or a run from a king; 'deal' puts one card on each column; once the stock is out, an empty reserve
takes one card or run from a column and gives them back; eight foundations by suit from any ace,
nothing leaves them; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "miss_milligan"
FILL = "KH KD KH.1 KD.1 QH QD QH.1 QD.1".split()  # all red: none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 8, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/miss_milligan.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [1] * 8
    assert len(pile(g, "stock[0]")) == 96 and pile(g, "reserve[0]") == []


def test_the_deal_puts_one_card_face_up_on_each_column():
    g = game(V, pos("stock[0]: " + " ".join(f"#{c}" for c in "2C 9S 8S 7S 6S 5S 4S 3S 2S".split())))
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(8)] == "2S 3S 4S 5S 6S 7S 8S 9S".split()  # the top card first
    assert pile(g, "stock[0]") == ["#2C"]


def test_runs_in_alternating_colours_and_kings_into_gaps():
    g = game(V, pos("tableau[0]: 9C 8D 7S; tableau[1]: TH; tableau[2]: QC; stock[0]: #2C", free=[7]))
    assert moves_to(notations(g), "tableau[1]") == {"9C@tableau[0]>tableau[1]"}
    into = moves_to(notations(g), "tableau[7]")
    assert into == {f"{c}@tableau[{i}]>tableau[7]" for i, c in zip(range(3, 7), FILL) if c[0] == "K"}
    with pytest.raises(MoveError):
        g.play("QC@tableau[2]>tableau[7]")


def test_the_reserve_is_closed_while_the_stock_has_cards():
    g = game(V, pos("tableau[0]: 9C 8D; stock[0]: #2C"))
    assert moves_to(notations(g), "reserve[0]") == set()


def test_weaving_once_the_stock_is_out():
    g = game(V, pos("tableau[0]: 9C 8D 7S; tableau[1]: TH"))
    assert moves_to(notations(g), "reserve[0]") == {
        "9C@tableau[0]>reserve[0]",
        "8D@tableau[0]>reserve[0]",
        "7S@tableau[0]>reserve[0]",
        "TH@tableau[1]>reserve[0]",
    } | {f"{c}@tableau[{i}]>reserve[0]" for i, c in zip(range(2, 8), FILL)}
    g.play("8D@tableau[0]>reserve[0]")
    assert pile(g, "reserve[0]") == ["8D", "7S"]
    assert moves_to(notations(g), "reserve[0]") == set()  # it takes nothing more
    assert "8D@reserve[0]>tableau[0]" in notations(g) and "7S@reserve[0]>tableau[0]" not in notations(g)


def test_foundations_any_ace_one_card_nothing_leaves():
    g = game(V, pos("foundation[0]: AH; tableau[0]: 3H 2H; tableau[1]: AH.1"))
    assert {m for m in notations(g) if ">foundation" in m} == {
        "2H@tableau[0]>foundation[0]",
        "AH.1@tableau[1]>foundation[1]",
    }
    g.play("2H@tableau[0]>foundation[0]")
    assert not any("@foundation" in m for m in notations(g))


def test_win_and_score():
    f, last = foundations_but_one("SHDC", copies=2)
    g = game(V, f + f"; reserve[0]: {last}")
    assert not g.won and g.score == 103
    g.play(f"{last}@reserve[0]>foundation[7]")
    assert g.won and g.score == 104
