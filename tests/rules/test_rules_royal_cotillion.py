"""Royal Cotillion (PySolFC game 54): two decks; foundations by twos from the aces and from the twos.

foundation[2k] starts with the ace of suit k (spades, hearts, diamonds, clubs), foundation[2k+1] with its two.
"""

from __future__ import annotations

from collections import Counter

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "royal_cotillion"
BLOCKERS = "9S 9H 9D 9C TS TH TD TC JS JH JD JC QS QH QD".split()  # none can go up while the foundations are low


def reserve(first: str, at: int = 0) -> str:
    """Every reserve place filled: `first` at reserve[at], blockers in the other fifteen."""
    cards = BLOCKERS[:at] + [first] + BLOCKERS[at:]
    return "; ".join(f"reserve[{i}]: {c}" for i, c in enumerate(cards))


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"reserve[{i}]")) for i in range(16)] == [1] * 16
    assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [3] * 4
    assert len(pile(g, "waste[0]")) == 1 and len(pile(g, "stock[0]")) == 75
    counts = Counter(g.variant.deck.text(c) for p in g.state.piles for c in p)
    assert len(counts) == 52 and set(counts.values()) == {2}


def test_each_foundation_takes_its_own_suit_and_starting_rank():
    g = game(V, "reserve[0]: AH; reserve[1]: 2H; reserve[2]: AS; reserve[3]: 3H; waste[0]: 2C")
    assert notations(g) == {
        "AH@reserve[0]>foundation[2]",
        "2H@reserve[1]>foundation[3]",
        "AS@reserve[2]>foundation[0]",
        "2C@waste[0]>foundation[7]",
    }
    for illegal in ("AH@reserve[0]>foundation[0]", "AH@reserve[0]>foundation[3]", "3H@reserve[3]>foundation[2]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_build_by_twos_counting_on_from_king_to_two_and_from_queen_to_ace():
    g = game(
        V,
        "foundation[0]: AS 3S 5S 7S 9S JS KS; foundation[1]: 2S 4S 6S 8S TS QS; reserve[0]: 2S; reserve[1]: AS; reserve[2]: QS",
    )
    assert notations(g) == {"2S@reserve[0]>foundation[0]", "AS@reserve[1]>foundation[1]"}
    g.play("2S@reserve[0]>foundation[0]")
    assert pile(g, "foundation[0]")[-2:] == ["KS", "2S"]


def test_only_pile_tops_reserve_cards_and_the_waste_top_play_and_only_to_foundations():
    g = game(V, "tableau[0]: AD 9C; reserve[4]: 8C; waste[0]: AC 7D; stock[0]: #KH")
    assert notations(g) == {"draw"}
    for illegal in ("AD@tableau[0]>foundation[4]", "AC@waste[0]>foundation[6]", "8C@reserve[4]>tableau[0]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_a_reserve_place_refills_from_the_waste_and_the_waste_from_the_stock():
    g = game(V, reserve("AD", 5) + "; waste[0]: 9C; stock[0]: #KH #5S")
    g.play("AD@reserve[5]>foundation[4]")
    assert pile(g, "reserve[5]") == ["9C"]  # from the waste
    assert pile(g, "waste[0]") == ["5S"] and pile(g, "stock[0]") == ["#KH"]  # the empty waste refilled
    g.undo()
    assert pile(g, "reserve[5]") == ["AD"] and pile(g, "waste[0]") == ["9C"] and pile(g, "stock[0]") == ["#KH", "#5S"]


def test_a_pile_is_never_refilled_and_the_waste_top_going_up_turns_the_next_card_only_when_empty():
    g = game(V, reserve("8D") + "; tableau[1]: AC; waste[0]: 2C 2H; stock[0]: #9S")
    g.play("AC@tableau[1]>foundation[6]")
    assert pile(g, "tableau[1]") == []
    g.play("2H@waste[0]>foundation[3]")
    assert pile(g, "waste[0]") == ["2C"] and pile(g, "stock[0]") == ["#9S"]
    g.play("2C@waste[0]>foundation[7]")
    assert pile(g, "waste[0]") == ["9S"] and pile(g, "stock[0]") == []
    assert notations(g) == set()  # no redeal


def test_won_when_all_cards_are_on_the_foundations():
    up_a, up_2 = "A 3 5 7 9 J K 2 4 6 8 T Q".split(), "2 4 6 8 T Q A 3 5 7 9 J K".split()
    parts = []
    for k, s in enumerate("SHDC"):
        parts.append(f"foundation[{2 * k}]: " + " ".join(r + s for r in up_a))
        last = up_2 if s != "C" else up_2[:-1]
        parts.append(f"foundation[{2 * k + 1}]: " + " ".join(f"{r}{s}.1" for r in last))
    g = game(V, "; ".join(parts) + "; reserve[0]: KC.1")
    assert g.state.card_count() == 104 and not g.won and g.score == 103
    g.play("KC.1@reserve[0]>foundation[7]")
    assert g.won and g.score == 104
