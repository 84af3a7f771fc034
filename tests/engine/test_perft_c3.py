"""Perft fixtures for the catalogue variants of issue 22 written by C3 (Golf, Pyramid, Pairing,
Numerica, Montana, Sultan-type, Gypsy and Blake & Gent's games): the number of move sequences of
length 1, 2 and 3 from seeded deals, as tests/engine/test_perft.py does for the older variants.

Any change in move generation (or in the deal) changes these numbers. They were computed with the
engine after depth 1 of seed 1 was checked by hand (the comment below the table).
"""

from __future__ import annotations

import pytest

from tests.helpers import check_perft, perft_cases

# (variant, options) -> {seed: [perft(1), perft(2), perft(3)]}
FIXTURES = {
    ("dead_king_golf", ()): {1: [1, 3, 6], 2: [1, 1, 3], 3: [1, 1, 3], 4: [1, 6, 9], 5: [2, 2, 2]},
    ("relaxed_golf", ()): {1: [4, 7, 18], 2: [1, 2, 4], 3: [1, 1, 3], 4: [1, 6, 9], 5: [2, 3, 4]},
    ("elevator", ()): {1: [4, 7, 7], 2: [3, 6, 10], 3: [5, 7, 19], 4: [2, 4, 9], 5: [1, 2, 3]},
    ("escalator", ()): {1: [4, 7, 7], 2: [3, 6, 10], 3: [5, 7, 19], 4: [2, 4, 9], 5: [1, 2, 3]},
    ("worm_hole", ()): {1: [21, 151, 752], 2: [19, 76, 264], 3: [20, 114, 553], 4: [21, 150, 720], 5: [19, 75, 214]},
    ("relaxed_pyramid", ()): {1: [3, 7, 16], 2: [4, 16, 54], 3: [2, 3, 5], 4: [5, 18, 46], 5: [3, 8, 17]},
    ("giza", ()): {1: [7, 51, 374], 2: [12, 122, 1081], 3: [7, 43, 250], 4: [8, 51, 285], 5: [7, 38, 183]},
    ("thirteens", ()): {1: [5, 29, 160], 2: [4, 17, 61], 3: [3, 11, 43], 4: [6, 28, 148], 5: [6, 30, 127]},
    ("baroness", ()): {1: [2, 5, 16], 2: [1, 2, 5], 3: [2, 6, 17], 4: [3, 13, 53], 5: [3, 13, 52]},
    ("simple_pairs", ()): {1: [2, 6, 12], 2: [0, 0, 0], 3: [2, 2, 2], 4: [2, 2, 4], 5: [2, 4, 0]},
    ("fourteen_out", ()): {1: [1, 2, 2], 2: [3, 12, 57], 3: [6, 30, 146], 4: [3, 8, 19], 5: [8, 46, 190]},
    ("numerica", ()): {1: [4, 4, 16], 2: [4, 4, 16], 3: [5, 9, 28], 4: [4, 4, 16], 5: [4, 4, 16]},
    ("lady_betty", ()): {1: [6, 6, 36], 2: [6, 6, 36], 3: [7, 13, 54], 4: [6, 6, 36], 5: [6, 6, 36]},
    ("tam_oshanter", ()): {1: [1, 1, 1], 2: [1, 1, 2], 3: [2, 3, 6], 4: [2, 3, 4], 5: [1, 1, 1]},
    ("auld_lang_syne", ()): {1: [1, 5, 5], 2: [1, 1, 5], 3: [1, 1, 1], 4: [1, 1, 5], 5: [1, 1, 5]},
    ("strategy", ()): {1: [8, 64, 512], 2: [8, 64, 512], 3: [8, 64, 512], 4: [8, 64, 512], 5: [8, 64, 512]},
    ("royal_cotillion", ()): {1: [3, 7, 13], 2: [6, 31, 153], 3: [5, 24, 116], 4: [3, 10, 32], 5: [4, 14, 39]},
    ("carpet", ()): {1: [3, 48, 1073], 2: [5, 83, 2116], 3: [2, 23, 444], 4: [3, 47, 1011], 5: [2, 23, 444]},
    ("grandfathers_clock", ()): {1: [5, 27, 156], 2: [6, 33, 177], 3: [4, 18, 93], 4: [8, 60, 441], 5: [9, 64, 371]},
    ("captive_queens", ()): {1: [1, 1, 1], 2: [1, 2, 2], 3: [1, 1, 1], 4: [1, 1, 1], 5: [1, 1, 1]},
    ("blue_moon", ()): {1: [5, 24, 110], 2: [5, 25, 122], 3: [4, 16, 67], 4: [3, 11, 46], 5: [5, 25, 123]},
    ("red_moon", ()): {1: [5, 24, 113], 2: [5, 24, 111], 3: [5, 24, 111], 4: [5, 24, 112], 5: [5, 25, 124]},
    ("thirty", ()): {1: [4, 19, 99], 2: [4, 14, 53], 3: [5, 24, 115], 4: [4, 19, 99], 5: [5, 25, 131]},
    ("thirty_six", (("aces", "dealt"),)): {
        1: [5, 24, 110],
        2: [4, 14, 45],
        3: [8, 67, 581],
        4: [3, 7, 27],
        5: [5, 21, 77],
    },
    ("thirty_six", (("aces", "up"),)): {
        1: [5, 22, 95],
        2: [3, 10, 34],
        3: [8, 67, 583],
        4: [5, 21, 89],
        5: [5, 23, 99],
    },
    ("gypsy", ()): {1: [2, 8, 37], 2: [4, 13, 36], 3: [2, 6, 17], 4: [4, 17, 83], 5: [3, 8, 22]},
    ("nomad", ()): {1: [14, 126, 926], 2: [11, 58, 263], 3: [12, 76, 363], 4: [15, 156, 1386], 5: [11, 63, 326]},
    ("irmgard", ()): {1: [2, 6, 30], 2: [3, 10, 33], 3: [7, 43, 241], 4: [5, 24, 121], 5: [6, 30, 132]},
    ("double_golf", ()): {1: [2, 7, 14], 2: [3, 8, 17], 3: [2, 3, 4], 4: [3, 4, 8], 5: [2, 4, 12]},
    ("double_putt", ()): {1: [2, 7, 14], 2: [3, 8, 17], 3: [2, 3, 4], 4: [3, 4, 9], 5: [2, 4, 12]},
    ("pyramid_thirteen", ()): {1: [3, 7, 16], 2: [4, 16, 54], 3: [2, 3, 5], 4: [5, 18, 46], 5: [3, 8, 17]},
    # (face-up cards under face-down ones: the same numbers in both engines, RULESDSL_ENGINE=closures)
    ("martha", ()): {1: [11, 111, 1033], 2: [7, 48, 331], 3: [7, 47, 314], 4: [2, 3, 5], 5: [6, 35, 214]},
}

# Seed 1, depth 1, checked by hand (the tops as `rulesdsl show NAME --seed 1` prints them):
# - dead_king_golf: the foundation is KC, dead: only the turn (1). relaxed_golf: QS onto KC, AC and AD
#   round the corner, the turn (4). elevator and escalator: waste QS, bottom row KS KD TD TC JC TH 8C:
#   KS, KD and JC, next to the queen, and the turn (4); the face-down rows of
#   elevator change nothing at depths 1 to 3.
# - worm_hole: hole AS; KC, 2D, 2S, KS to the hole and each of the 17 tops to the cell (21).
# - relaxed_pyramid: stock top 7C, waste QS: the two kings of the bottom row alone, and the draw (3).
# - giza: KS and KD alone; TS+3D, 3D+TD, 9D+4D, 7C+6C, 7D+6C (7).
# - thirteens: 7H+6H, 9S+4H, 4H+9C, 8D+5C, 8H+5C (5). baroness: 9S+4H and the deal (2).
# - simple_pairs: 9S+9C, 8D+8H (2); seed 2 deals nine different ranks: lost at once (0).
# - fourteen_out: 4S+TS only (1). numerica: 7H onto each of the four piles (4); lady_betty: six (6).
# - tam_oshanter and auld_lang_syne: no card fits, the deal (1). strategy: 7H onto each pile (8).
# - royal_cotillion: AS from a pile, AD from the reserve, the draw (3). carpet: 2H, 2D, draw (3).
# - grandfathers_clock: 5S onto 6H, KC onto QC, 4D onto 5S, 9C onto 8C, 6H onto 7D (5).
# - captive_queens: everything in the stock: the draw (1).
# - blue_moon: 3S, 4C, 6S, 8S into the gaps after 2S, 3C, 5S, 7S, and the redeal (5); red_moon: the
#   four twos into the second places, and the redeal (5).
# - martha: tops QH 9H 3H 3C 4S 2D 8S TS 3D 2C 9D 7C over the face-down third row: 2C up, onto 3H
#   or 3D; 2D up or onto 3C; 3D and 3H onto 4S; 8S onto 9H or 9D; 9D and 9H onto TS (11).
# - thirty: 7C onto 8H, 6S onto 7C, AS to a foundation or onto 2D (4). thirty_six: 6S onto 7S, AC and
#   AD up, 5S onto 6S, the draw (5); aces=up: 6S onto 7S, 5S onto 6S, 6D from the waste onto 7S, QS onto
#   KC, the draw (5).
# - gypsy: 3S onto 4H and the deal (2). nomad: 4H-3C onto 5C, 7C onto 8H, 8C onto 9H, 8H onto 9S, AS
#   up, eight tops to the cell, the deal (14). irmgard: 5C onto 6D and the deal (2).
# - double_golf and double_putt: foundation 7S, tops 8D 2D JD 2C 9D 2S 5S 9C 5D: 8D and the turn (2).
#   pyramid_thirteen: as relaxed_pyramid, its face-down rows and single pass show only later (3).

CASES = perft_cases(FIXTURES)


@pytest.mark.parametrize("name,opts,seed,counts", CASES)
def test_perft(name, opts, seed, counts):
    check_perft(name, opts, seed, counts)
