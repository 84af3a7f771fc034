"""Perft rows of the variants issue 22's language features were made for (keep, lift_when,
take into, base_rank of a group or fixed by play): the number of move sequences of length
1, 2 and 3 from seeded deals. Any change in move generation or in the deal changes them.
"""

from __future__ import annotations

import pytest

import rulesdsl
from tests.helpers import check_perft, notations, perft, perft_cases, pile

# (variant, options) -> {seed: [perft(1), perft(2), perft(3)]}
FIXTURES = {
    ("lady_of_the_manor", ()): {
        1: [8, 64, 520],
        2: [8, 64, 512],
        3: [16, 184, 1864],
        4: [8, 64, 520],
        5: [8, 72, 696],
    },
    ("betsy_ross", ()): {1: [1, 1, 2], 2: [1, 2, 2], 3: [1, 1, 2], 4: [1, 1, 1], 5: [1, 1, 2]},
    ("pile_on", ()): {
        1: [13, 203, 1060],
        2: [13, 200, 947],
        3: [13, 199, 960],
        4: [16, 304, 1998],
        5: [14, 238, 1579],
    },
    ("duchess", ()): {1: [6, 25, 121], 2: [7, 37, 203], 3: [5, 11, 31], 4: [5, 13, 30], 5: [5, 12, 37]},
    ("chessboard", ()): {1: [14, 93, 323], 2: [12, 44, 46], 3: [12, 55, 156], 4: [14, 102, 549], 5: [12, 56, 160]},
    ("chameleon", ()): {1: [2, 4, 7], 2: [2, 3, 4], 3: [4, 13, 38], 4: [2, 4, 9], 5: [3, 10, 28]},
    ("eagle_wing", ()): {1: [3, 10, 39], 2: [1, 1, 1], 3: [1, 2, 2], 4: [3, 7, 13], 5: [3, 10, 31]},
    ("four_seasons", ()): {1: [5, 33, 236], 2: [3, 14, 75], 3: [1, 1, 1], 4: [3, 14, 75], 5: [3, 16, 95]},
    ("canfield", (("tableau_moves", "whole"),)): {
        1: [3, 6, 12],
        2: [2, 4, 7],
        3: [4, 10, 14],
        4: [1, 2, 2],
        5: [2, 4, 10],
    },
}

CASES = perft_cases(FIXTURES)


@pytest.mark.parametrize("name,opts,seed,counts", CASES)
def test_perft(name, opts, seed, counts):
    check_perft(name, opts, seed, counts)


def test_duchess_seed1_by_hand():
    # fans 9C JS 5H KH on top: each may start a foundation (one move: the foundations are alike);
    # 2H onto 3S (alternating colours) and the draw: 6
    g = rulesdsl.load("duchess").new_game(1)
    assert [pile(g, f"reserve[{i}]")[-1] for i in range(4)] == ["9C", "JS", "5H", "KH"]
    assert notations(g) == {
        "9C@reserve[0]>foundation[0]",
        "JS@reserve[1]>foundation[0]",
        "5H@reserve[2]>foundation[0]",
        "KH@reserve[3]>foundation[0]",
        "2H@tableau[1]>tableau[0]",
        "draw",
    }
    assert pile(g, "tableau[0]")[-1][0] == "3"


def test_canfield_whole_seed3_differs_from_the_default_at_depth_2():
    # seed 3: the default lets a column's top card move on its own; whole does not
    default = rulesdsl.load("canfield").new_game(3)
    whole = rulesdsl.load("canfield", {"tableau_moves": "whole"}).new_game(3)
    assert notations(default) == notations(whole)
    assert perft(default, 2) == 12 and perft(whole, 2) == 10
