"""Calculation (variants/calculation.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: A, 2, 3, 4 start the foundations, which count up by 1, 2, 3 and 4 (mod 13, thirteen cards
each) whatever the suits; the waste holds one card, playable to a foundation or onto one of four
piles; a pile's top card goes to a foundation only; draw one only when the waste is empty, no
redeal; a foundation's top card may move to another foundation it fits (as in PySolFC); won with
52 cards on the foundations; score = cards on them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "calculation"
BASES = "foundation[0]: AS; foundation[1]: 2S; foundation[2]: 3S; foundation[3]: 4S"


def test_variant_file_is_clean():
    assert check_file("variants/calculation.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert g.state.card_count() == 52
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["2S"], ["3S"], ["4S"]]
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 47
    assert all(pile(g, f"tableau[{i}]") == [] for i in range(4))
    assert g.score == 4 and not g.won


def test_the_foundations_count_by_one_two_three_and_four():
    g = game(
        V,
        "foundation[0]: AS 2H; foundation[1]: 2S 4D; foundation[2]: 3S 6C; foundation[3]: 4S 8H; "
        "waste[0]: 3C; tableau[0]: 6H; tableau[1]: 9D; tableau[2]: QC; tableau[3]: KD",
    )
    assert notations(g) == {
        "3C@waste[0]>foundation[0]",
        "6H@tableau[0]>foundation[1]",
        "9D@tableau[1]>foundation[2]",
        "QC@tableau[2]>foundation[3]",
        "6C@foundation[2]>foundation[1]",  # a foundation's top card fits another one
    } | {f"3C@waste[0]>tableau[{i}]" for i in range(4)}
    for illegal in ("3C@waste[0]>foundation[1]", "KD@tableau[3]>foundation[0]", "6H@tableau[0]>foundation[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_counting_turns_the_corner_from_king_to_ace():
    g = game(
        V,
        "foundation[0]: AS 2H 3C; foundation[1]: 2S 4D 6C 8H TD QC; foundation[2]: 3S; foundation[3]: 4S; waste[0]: AH",
    )
    assert "AH@waste[0]>foundation[1]" in notations(g)
    g.play("AH@waste[0]>foundation[1]")
    assert pile(g, "foundation[1]")[-1] == "AH"
    assert "3C@foundation[0]>foundation[1]" in notations(g)  # after the ace, the three


def test_thirteen_cards_to_a_foundation():
    full = "AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    g = game(V, f"foundation[0]: {full}; foundation[1]: 2S; foundation[2]: 3S; foundation[3]: 4S; waste[0]: AD")
    # an ace would follow the king, but the foundation is full
    assert "AD@waste[0]>foundation[0]" not in notations(g)
    with pytest.raises(MoveError):
        g.play("AD@waste[0]>foundation[0]")


def test_the_piles_take_only_the_waste_card_and_draw_waits_for_an_empty_waste():
    g = game(V, f"{BASES}; tableau[0]: 5H; tableau[1]: KC; stock[0]: #7D #2D", foundations="closed")
    assert notations(g) == {"draw"}
    with pytest.raises(MoveError):
        g.play("5H@tableau[0]>tableau[1]")  # never from pile to pile
    g.play("draw")
    assert pile(g, "waste[0]") == ["2D"]
    assert notations(g) == {"2D@waste[0]>foundation[0]"} | {f"2D@waste[0]>tableau[{i}]" for i in range(4)}
    with pytest.raises(MoveError):
        g.play("draw")  # the waste holds one card
    g.play("2D@waste[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["KC", "2D"]
    assert notations(g) == {"2D@tableau[1]>foundation[0]", "draw"}
    g.play("draw")
    g.play("7D@waste[0]>tableau[2]")
    assert pile(g, "stock[0]") == [] and "draw" not in notations(g)  # no redeal


def test_open_foundations_even_a_first_card_may_move_on():
    # PySolFC lets the 2 that starts the second foundation go onto the ace, and the 4 onto the 2
    g = game(V, f"{BASES}; stock[0]: #7D")
    assert notations(g) == {"2S@foundation[1]>foundation[0]", "4S@foundation[3]>foundation[1]", "draw"}
    g.play("2S@foundation[1]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AS", "2S"] and pile(g, "foundation[1]") == []
    g = game(V, f"{BASES}; stock[0]: #7D", foundations="closed")
    assert notations(g) == {"draw"}
    with pytest.raises(MoveError):
        g.play("2S@foundation[1]>foundation[0]")


def test_closed_foundations_keep_their_cards():
    g = game(
        V,
        "foundation[0]: AS 2H; foundation[1]: 2S 4D; foundation[2]: 3S 6C; foundation[3]: 4S 8H; tableau[0]: 6H",
        foundations="closed",
    )
    assert notations(g) == {"6H@tableau[0]>foundation[1]"}
    with pytest.raises(MoveError):
        g.play("6C@foundation[2]>foundation[1]")


def test_a_foundation_emptied_takes_its_starting_rank_again():
    g = game(V, "foundation[0]: AS; foundation[1]: 2S 4D 6C 8H TD QC; foundation[2]: 3S; foundation[3]: 4S")
    assert notations(g) == {"AS@foundation[0]>foundation[1]"}
    g.play("AS@foundation[0]>foundation[1]")
    assert pile(g, "foundation[0]") == []
    g = game(V, "foundation[1]: 2S; foundation[2]: 3S; foundation[3]: 4S; waste[0]: AD")
    assert {m for m in notations(g) if ">foundation" in m} == {
        "AD@waste[0]>foundation[0]",
        "4S@foundation[3]>foundation[1]",
    }
    g = game(V, "foundation[1]: 2S; foundation[2]: 3S; foundation[3]: 4S; waste[0]: 2D")
    assert not any(m.startswith("2D@waste[0]>foundation") for m in notations(g))


def test_win_and_score():
    seqs = ["A23456789TJQK", "2468TQA3579JK", "369Q258JA47TK", "48Q37J26TA59K"]
    suits = {}
    parts = []
    for i, seq in enumerate(seqs):
        cards = []
        for r in seq:
            s = "SHDC"[suits.get(r, 0)]
            suits[r] = suits.get(r, 0) + 1
            cards.append(r + s)
        parts.append(cards)
    last = parts[3].pop()
    g = game(V, "; ".join(f"foundation[{i}]: " + " ".join(c) for i, c in enumerate(parts)) + f"; tableau[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@tableau[0]>foundation[3]")
    assert g.won and g.score == 52
