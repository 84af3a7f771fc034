"""Red Moon (PySolFC game 117): Blue Moon with the aces laid first and a gap in each row's second place."""

from __future__ import annotations

import pytest

import rulesdsl
from tests.helpers import game, notations, pile

V = "red_moon"


def p(r: int, c: int) -> str:
    return f"place[{14 * r + c}]"


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_aces_then_a_gap_then_twelve_cards(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [pile(g, p(r, 0)) for r in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert all(pile(g, p(r, 1)) == [] for r in range(4))
    assert all(len(pile(g, p(r, c))) == 1 for r in range(4) for c in range(2, 14))
    assert g.score == 4 + sum(
        1 for r in range(4) for c in range(2, 13) if pile(g, p(r, c))[0] == "A23456789TJQK"[c] + "SHDC"[r]
    )


def test_the_second_place_takes_the_two_of_the_rows_ace():
    aces = f"{p(0, 0)}: AS; {p(1, 0)}: AH; {p(2, 0)}: AD; {p(3, 0)}: AC"
    g = game(V, f"{aces}; {p(2, 5)}: 2S; {p(3, 7)}: 2H; {p(3, 8)}: 2D")
    assert notations(g) == {
        f"2S@{p(2, 5)}>{p(0, 1)}",
        f"2H@{p(3, 7)}>{p(1, 1)}",
        f"2D@{p(3, 8)}>{p(2, 1)}",
        "redeal",
    }
