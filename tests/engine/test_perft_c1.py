"""Perft rows for the Klondike, Spider, Scorpion, Yukon and Canfield variants of issue 22 (C1's part).

The number of move sequences of length 1, 2 and 3 from seeded deals (tests/helpers.perft), as in
tests/engine/test_perft.py; any change in move generation or in the deal changes them. The numbers
were computed with the engine after the legal moves of seed 1 were checked by hand: each rules test
(tests/rules/test_rules_NAME.py) pins that first move set exactly.
"""

from __future__ import annotations

import pytest

from tests.helpers import check_perft, perft_cases

# (variant, options) -> {seed: [perft(1), perft(2), perft(3)]}
FIXTURES = {
    ("klondike_by_threes", ()): {1: [2, 5, 14], 2: [1, 1, 1]},
    ("thumb_and_pouch", ()): {1: [2, 11, 38], 2: [3, 10, 33]},
    ("trigon", ()): {1: [2, 3, 4], 2: [3, 8, 20]},
    ("double_klondike", ()): {1: [5, 28, 167], 2: [5, 26, 142]},
    ("gargantua", ()): {1: [5, 28, 167], 2: [5, 26, 142]},
    ("triple_klondike", ()): {1: [8, 64, 522], 2: [6, 30, 126]},
    ("easthaven", ()): {1: [5, 21, 83], 2: [3, 8, 26]},
    ("somerset", ()): {1: [7, 54, 439], 2: [7, 47, 330]},
    ("king_albert", ()): {1: [7, 45, 265], 2: [6, 33, 184]},
    ("raglan", ()): {1: [9, 69, 494], 2: [3, 6, 8]},
    ("northwest_territory", ()): {1: [9, 72, 537], 2: [6, 39, 267]},
    ("agnes_sorel", ()): {1: [3, 11, 42], 2: [5, 22, 91]},
    ("saratoga", ()): {1: [2, 5, 14], 2: [1, 1, 1]},
    ("gold_rush", ()): {1: [2, 5, 14], 2: [1, 1, 1]},
    ("kingsley", ()): {1: [3, 9, 26], 2: [1, 2, 2]},
    ("spiderette", ()): {1: [3, 14, 53], 2: [5, 25, 118]},
    ("will_o_the_wisp", ()): {1: [5, 23, 96], 2: [5, 21, 79]},
    ("relaxed_spider", ()): {1: [7, 46, 294], 2: [7, 44, 287]},
    ("mrs_mop", ()): {1: [11, 115, 1165], 2: [14, 182, 2233]},
    ("wasp", ()): {1: [5, 20, 71], 2: [6, 67, 782]},
    ("moosehide", ()): {1: [10, 103, 1084], 2: [9, 84, 812]},
    ("alaska", ()): {1: [10, 96, 906], 2: [6, 33, 172]},
    ("odessa", ()): {1: [3, 8, 20], 2: [7, 33, 103]},
    ("acme", ()): {1: [2, 3, 4], 2: [3, 11, 39]},
    ("storehouse", ()): {1: [2, 3, 4], 2: [2, 4, 8]},
    ("superior_canfield", ()): {1: [3, 10, 45], 2: [2, 9, 42]},
    ("rainbow", ()): {1: [3, 9, 36], 2: [3, 12, 53]},
    ("canfield_rush", ()): {1: [3, 6, 12], 2: [2, 4, 7]},
    ("eastcliff", ()): {1: [5, 23, 105], 2: [4, 13, 37]},
    ("mount_olympus", ()): {1: [2, 11, 64], 2: [5, 23, 109]},
}

CASES = perft_cases(FIXTURES)


@pytest.mark.parametrize("name,opts,seed,counts", CASES)
def test_perft(name, opts, seed, counts):
    check_perft(name, opts, seed, counts)
