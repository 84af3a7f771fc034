"""Gaps (variants/gaps.yaml), after PySolFC's "Montana": each rule from a hand-made position.

Rules: 52 cards in four rows of thirteen, aces taken out; a gap takes the card of its left
neighbour's suit one rank higher, a first-column gap any two, a gap after a king or a gap
nothing; two redeals: cards in place (2, 3, ... of one suit from the first column) stay, the rest
are shuffled and dealt back leaving one gap right after each row's cards in place.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "gaps"
RANKS = "23456789TJQK"


def p(row, col):
    return f"place[{row * 13 + col}]"


def test_variant_file_is_clean():
    assert check_file("variants/gaps.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    cards = [pile(g, f"place[{i}]") for i in range(52)]
    assert sum(1 for c in cards if not c) == 4
    assert not any(c[0].startswith("A") for c in cards if c)
    assert "redeal" in notations(g)


def test_a_gap_takes_the_next_card_of_its_left_neighbours_suit():
    g = game(V, f"{p(0, 0)}: 5H; {p(0, 2)}: 6H; {p(1, 4)}: KS; {p(1, 6)}: 2D; {p(2, 7)}: 9C")
    moves = notations(g) - {"redeal"}
    # gap (0,1) after 5H takes 6H; (1,5) after KS takes nothing; first-column gaps take any two.
    assert moves == {f"6H@{p(0, 2)}>{p(0, 1)}"} | {f"2D@{p(1, 6)}>{p(r, 0)}" for r in (1, 2, 3)}


def test_a_gap_after_a_gap_takes_nothing():
    g = game(V, f"{p(0, 0)}: 5H; {p(0, 3)}: 6H")
    assert f"6H@{p(0, 3)}>{p(0, 2)}" not in notations(g)
    assert f"6H@{p(0, 3)}>{p(0, 1)}" in notations(g)


def full_grid(gaps_at=()):
    """A won-looking grid: row r is 2..K of suit r in columns 0-11, column 12 empty."""
    parts = []
    for r, s in enumerate("SHDC"):
        for c, rank in enumerate(RANKS):
            if (r, c) not in gaps_at:
                parts.append(f"{p(r, c)}: {rank}{s}")
    return "; ".join(parts)


def test_redeal_keeps_cards_in_place_and_leaves_a_gap_after_them():
    # 48 cards, four gaps. Row 0: 2S 3S 4S in place, then 9S 5S 6S 7S 8S TS JS QS KS, gap last.
    # Rows 1 and 2: 2..K in place, gap last. Row 3: 2C 3C 4C, a gap, 6C..KC, then 5C.
    spades = ["2S", "3S", "4S", "9S", "5S", "6S", "7S", "8S", "TS", "JS", "QS", "KS"]
    clubs = ["2C", "3C", "4C", None] + [f"{r}C" for r in RANKS[4:]] + ["5C"]
    text = "; ".join(
        [f"{p(0, c)}: {x}" for c, x in enumerate(spades)]
        + [f"{p(r, c)}: {RANKS[c]}{s}" for r, s in ((1, "H"), (2, "D")) for c in range(12)]
        + [f"{p(3, c)}: {x}" for c, x in enumerate(clubs) if x]
    )
    g = game(V, text)
    before = g.state.copy()
    g.play("redeal")
    assert [pile(g, p(0, c)) for c in range(3)] == [["2S"], ["3S"], ["4S"]]
    assert [pile(g, p(3, c)) for c in range(3)] == [["2C"], ["3C"], ["4C"]]
    assert all(pile(g, p(r, c)) == [f"{RANKS[c]}{s}"] for r, s in ((1, "H"), (2, "D")) for c in range(12))
    gaps = [(r, c) for r in range(4) for c in range(13) if not pile(g, p(r, c))]
    assert gaps == [(0, 3), (1, 12), (2, 12), (3, 3)]  # right after each row's cards in place
    moved = [pile(g, p(r, c))[0] for r in (0, 3) for c in range(4, 13)]
    assert sorted(moved) == sorted(spades[3:] + [x for x in clubs[4:]])
    g.undo()
    assert g.state == before


def test_redeal_twice_only():
    g = game(V, f"{p(0, 1)}: 2S; {p(0, 5)}: 7H")
    g.play("redeal")
    g.play("redeal")
    assert "redeal" not in notations(g)


def test_win_and_score():
    g = game(V, full_grid())
    assert g.won and g.score == 48
    g = game(V, full_grid(gaps_at={(2, 11)}) + f"; {p(2, 12)}: KD")
    assert not g.won and g.score == 47
