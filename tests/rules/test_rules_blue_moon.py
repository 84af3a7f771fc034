"""Blue Moon (PySolFC game 63): Montana with the aces kept, starting the rows; rows of fourteen places.

Places: place[14 * r + c], row r and column c from 0.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

V = "blue_moon"
RANKS = "A23456789TJQK"


def p(r: int, c: int) -> str:
    return f"place[{14 * r + c}]"


def full_grid(gaps_at=()) -> str:
    """Every row in place, ace to king in one suit (S, H, D, C), the last column empty."""
    return "; ".join(
        f"{p(r, c)}: {rank}{s}" for r, s in enumerate("SHDC") for c, rank in enumerate(RANKS) if (r, c) not in gaps_at
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position_aces_in_the_first_column_and_four_gaps(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert sorted(pile(g, p(r, 0))[0] for r in range(4)) == ["AC", "AD", "AH", "AS"]
    gaps = [i for i in range(56) if not pile(g, f"place[{i}]")]
    assert len(gaps) == 4 and all(i % 14 != 0 for i in gaps)
    assert g.state.card_count() == 52


def test_a_gap_takes_the_next_card_of_its_left_neighbours_suit_and_nothing_after_a_king_or_a_gap():
    g = game(
        V,
        f"{p(0, 0)}: AS; {p(0, 1)}: 2S; {p(1, 0)}: AH; {p(1, 5)}: KH; "
        f"{p(2, 0)}: AD; {p(2, 3)}: 3S; {p(2, 7)}: QD; {p(3, 0)}: AC; {p(3, 4)}: 2D",
    )
    assert notations(g) == {f"3S@{p(2, 3)}>{p(0, 2)}", f"2D@{p(3, 4)}>{p(2, 1)}", "redeal"}
    for illegal in (f"QD@{p(2, 7)}>{p(1, 6)}", f"2D@{p(3, 4)}>{p(3, 6)}", f"2D@{p(3, 4)}>{p(1, 1)}"):
        with pytest.raises(MoveError):
            g.play(illegal)  # after a king, after a gap, not the suit of the left neighbour


def test_an_empty_first_column_place_takes_an_ace():
    g = game(V, f"{p(0, 3)}: AH; {p(1, 0)}: AS; {p(2, 0)}: AD; {p(3, 0)}: AC")
    assert f"AH@{p(0, 3)}>{p(0, 0)}" in notations(g)


def test_redeal_keeps_the_cards_in_place_and_leaves_a_gap_after_them():
    row0 = ["AS", "2S", "3S", "9S", "4S", "5S", "6S", "7S", "8S", "TS", "JS", "QS", "KS"]  # A-3 in place
    text = "; ".join(
        [f"{p(0, c)}: {x}" for c, x in enumerate(row0)]
        + [f"{p(r, c)}: {RANKS[c]}{s}" for r, s in ((1, "H"), (2, "D"), (3, "C")) for c in range(13)]
    )
    g = game(V, text)
    before = g.state.copy()
    assert notations(g) == {"redeal"}
    g.play("redeal")
    assert [pile(g, p(0, c)) for c in range(3)] == [["AS"], ["2S"], ["3S"]]
    assert all(pile(g, p(r, c)) == [f"{RANKS[c]}{s}"] for r, s in ((1, "H"), (2, "D"), (3, "C")) for c in range(13))
    gaps = [(r, c) for r in range(4) for c in range(14) if not pile(g, p(r, c))]
    assert gaps == [(0, 3), (1, 13), (2, 13), (3, 13)]
    assert sorted(pile(g, p(0, c))[0] for c in range(4, 14)) == sorted(row0[3:])
    g.undo()
    assert g.state == before


def test_redeal_twice_only():
    g = game(V, f"{p(0, 0)}: AS; {p(0, 5)}: 7H")
    g.play("redeal")
    g.play("redeal")
    assert "redeal" not in notations(g)


def test_win_and_score():
    g = game(V, full_grid())
    assert g.won and g.score == 52
    g = game(V, full_grid(gaps_at={(2, 12)}) + f"; {p(2, 13)}: KD")
    assert not g.won and g.score == 51
    g.play(f"KD@{p(2, 13)}>{p(2, 12)}")
    assert g.won
