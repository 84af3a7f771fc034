"""Perft fixtures for the catalogue's Forty Thieves, FreeCell, Beleaguered Castle, Fan and Baker's
Dozen variants (and Miss Milligan, Late Binding): the number of move sequences of length 1, 2 and
3 from seeded deals, as tests/engine/test_perft.py keeps them for the older variants.

The numbers were computed with the engine after the moves of seed 1 were checked by hand: the
table SEED1 below lists them, each with the reason it holds. Depth 3 runs only with
RULESDSL_PERFT_DEEP=1 (CI's slow run), so the default suite stays fast.
"""

from __future__ import annotations

import os

import pytest

import rulesdsl
from tests.helpers import check_perft, notations, perft_cases

# (variant, options) -> {seed: [perft(1), perft(2), perft(3)]}
FIXTURES = {
    ("josephine", ()): {1: [7, 44, 250], 2: [5, 22, 91], 3: [4, 14, 43]},
    ("napoleons_square", ()): {1: [5, 23, 96], 2: [4, 14, 45], 3: [6, 33, 168]},
    ("lucas", ()): {1: [2, 4, 9], 2: [5, 25, 123], 3: [6, 34, 195]},
    ("limited", ()): {1: [6, 31, 141], 2: [6, 27, 89], 3: [3, 9, 23]},
    ("busy_aces", ()): {1: [5, 67, 1026], 2: [7, 118, 2346], 3: [8, 129, 2573]},
    ("sixty_thieves", ()): {1: [2, 3, 4], 2: [6, 32, 153], 3: [4, 15, 55]},
    ("maria", ()): {1: [7, 44, 252], 2: [6, 33, 169], 3: [6, 34, 175]},
    ("number_ten", ()): {1: [5, 28, 164], 2: [7, 49, 350], 3: [5, 22, 89]},
    ("rank_and_file", ()): {1: [5, 28, 164], 2: [6, 35, 208], 3: [5, 22, 89]},
    ("indian", ()): {1: [5, 21, 93], 2: [7, 39, 179], 3: [8, 50, 248]},
    ("red_and_black", ()): {1: [3, 41, 441], 2: [19, 401, 9017], 3: [2, 25, 221]},
    ("diplomat", ()): {1: [8, 51, 298], 2: [5, 21, 78], 3: [7, 41, 209]},
    ("fortunes_favor", ()): {1: [3, 10, 33], 2: [3, 12, 58], 3: [5, 24, 98]},
    ("stronghold", ()): {1: [14, 137, 1198], 2: [13, 106, 748], 3: [11, 62, 300]},
    ("siegecraft", ()): {1: [12, 86, 547], 2: [14, 129, 989], 3: [15, 166, 1634]},
    ("fortress", ()): {1: [5, 19, 62], 2: [2, 1, 2], 3: [2, 3, 3]},
    ("american_canister", ()): {1: [5, 22, 86], 2: [3, 7, 13], 3: [2, 2, 6]},
    ("american_canister", (("deal", "pysol"),)): {1: [6, 33, 167], 2: [4, 16, 63], 3: [3, 5, 3]},
    ("british_canister", ()): {1: [4, 15, 52], 2: [3, 7, 13], 3: [2, 2, 5]},
    ("british_canister", (("deal", "pysol"),)): {1: [6, 31, 144], 2: [4, 15, 51], 3: [3, 5, 3]},
    ("delta_star", ()): {1: [5, 21, 74], 2: [1, 1, 0], 3: [6, 32, 150]},
    ("trefoil", ()): {1: [8, 64, 512], 2: [6, 35, 203], 3: [10, 94, 841]},
    ("shamrocks", ()): {1: [4, 25, 171], 2: [5, 33, 224], 3: [2, 12, 79]},
    ("scotch_patience", ()): {1: [24, 562, 12956], 2: [24, 565, 13146], 3: [25, 608, 14582]},
    ("house_in_the_wood", ()): {1: [44, 1888, 79295], 2: [57, 3124, 165329], 3: [48, 2216, 98928]},
    ("free_fan", ()): {1: [23, 539, 7099], 2: [24, 586, 8768], 3: [25, 630, 10248]},
    ("good_measure", ()): {1: [13, 148, 1522], 2: [7, 47, 322], 3: [8, 51, 294]},
    ("castles_in_spain", ()): {1: [11, 107, 941], 2: [8, 57, 365], 3: [7, 43, 251]},
    ("double_freecell", ()): {1: [16, 258, 4160], 2: [16, 256, 4135], 3: [12, 147, 1855]},
    ("challenge_freecell", ()): {1: [10, 102, 1063], 2: [9, 85, 827], 3: [15, 214, 2960]},
    ("miss_milligan", ()): {1: [7, 43, 242], 2: [3, 8, 29], 3: [2, 7, 37]},
    ("late_binding", ()): {1: [13, 141, 1304], 2: [9, 67, 431], 3: [12, 129, 1252]},
}

DEEP = bool(os.environ.get("RULESDSL_PERFT_DEEP"))

CASES = perft_cases(FIXTURES)


@pytest.mark.parametrize("name,opts,seed,counts", CASES)
def test_perft(name, opts, seed, counts):
    depths = (1, 2, 3) if DEEP else (1, 2)
    check_perft(name, opts, seed, counts, depths)


def _to(card_pile: str, dests) -> set:
    """Moves of one card (CARD@PILE) to each of the given piles."""
    return {f"{card_pile}>{d}" for d in dests}


# Seed 1's legal moves, checked by hand from `rulesdsl show NAME --seed 1`: each with why.
SEED1 = {
    # tops 8H 9H QH 3H 6S 7H AC AH AC 6H: 8H on 9H, the other 7H on 8H, 6H on 7H, three aces
    # (the empty foundations are alike: one move each), and the draw; no run of two in suit is on top
    "josephine": {
        "8H@tableau[0]>tableau[1]",
        "7H.1@tableau[5]>tableau[0]",
        "6H@tableau[9]>tableau[5]",
        "AC@tableau[6]>foundation[0]",
        "AH@tableau[7]>foundation[0]",
        "AC.1@tableau[8]>foundation[0]",
        "draw",
    },
    # twelve columns, tops AC AH AC 6H 6D KD 3D KS JC TH 5C 5H; waste 2H (no 3H on top)
    "napoleons_square": {
        "AC@tableau[0]>foundation[0]",
        "AH@tableau[1]>foundation[0]",
        "AC.1@tableau[2]>foundation[0]",
        "5H.1@tableau[11]>tableau[3]",
        "draw",
    },
    # thirteen tops, 6H 6D KD 3D KS JC TH 5C 5H 2H 3C 2S 8D: only the 5H fits, on the 6H
    "lucas": {"5H.1@tableau[8]>tableau[0]", "draw"},
    # waste AC; tops 5C 3C 7C AS 8C 9S 8H 9H QH 3H 6S 7H
    "limited": {
        "AC@waste[0]>foundation[0]",
        "AS@tableau[3]>foundation[0]",
        "7C@tableau[2]>tableau[4]",
        "8H@tableau[6]>tableau[7]",
        "7H@tableau[11]>tableau[6]",
        "draw",
    },
    # one card a column: 6D 7D JS 8S KC 7H 6C 8S 6S 9S 5S TD; waste KH
    "busy_aces": {
        "6D@tableau[0]>tableau[1]",
        "8S@tableau[3]>tableau[9]",
        "8S@tableau[7]>tableau[9]",
        "5S@tableau[10]>tableau[8]",
        "draw",
    },
    # tops QS TS JD 6D 9D QS JH 8S 2H AD JD 2C: only the AD, and the draw
    "sixty_thieves": {"AD@tableau[9]>foundation[0]", "draw"},
    # waste AC; tops AS 8C 9S 8H 9H QH 3H 6S 7H, alternating colours
    "maria": {
        "AC@waste[0]>foundation[0]",
        "AS@tableau[0]>foundation[0]",
        "8C@tableau[1]>tableau[4]",
        "8H@tableau[3]>tableau[2]",
        "6S@tableau[7]>tableau[8]",
        "7H@tableau[8]>tableau[1]",
        "draw",
    },
    # face-up pairs (JS 8H) (9C 9H) (JC QH) (KS 3H) (5C 6S) (3C 7H) (7C AC) (AS AH) (8C AC) (9S 6H):
    # no run of two; 6S on 7H and three aces; Rank and File deals the same top cards
    "number_ten": {
        "6S.1@tableau[4]>tableau[5]",
        "AC@tableau[6]>foundation[0]",
        "AH@tableau[7]>foundation[0]",
        "AC.1@tableau[8]>foundation[0]",
        "draw",
    },
    "rank_and_file": {
        "6S.1@tableau[4]>tableau[5]",
        "AC@tableau[6]>foundation[0]",
        "AH@tableau[7]>foundation[0]",
        "AC.1@tableau[8]>foundation[0]",
        "draw",
    },
    # waste 8H; tops JS 9C JC KS 5C 3C 7C AS 8C 9S; any suit but its own: 8C not on the 9C
    "indian": {
        "8H@waste[0]>tableau[1]",
        "8H@waste[0]>tableau[9]",
        "AS@tableau[7]>foundation[0]",
        "8C@tableau[8]>tableau[9]",
        "draw",
    },
    # aces out; one card a column 6D 5H 9H 4D 8H 9D QD 8C: the 8C on either red nine; no two
    "red_and_black": {"8C@tableau[7]>tableau[2]", "8C@tableau[7]>tableau[5]", "draw"},
    # tops 5C 3C 7C AS 8C 9S 8H 9H, down whatever the suit
    "diplomat": {
        "7C@tableau[2]>tableau[4]",
        "7C@tableau[2]>tableau[6]",
        "AS@tableau[3]>foundation[0]",
        "8C@tableau[4]>tableau[5]",
        "8C@tableau[4]>tableau[7]",
        "8H@tableau[6]>tableau[5]",
        "8H@tableau[6]>tableau[7]",
        "draw",
    },
    # twelve cards JS 5C 6S KD 4D QS KC 2H 9S 8D JD 7C: JS on QS, the 2H on its ace, the draw
    "fortunes_favor": {"JS@tableau[0]>tableau[5]", "2H@tableau[7]>foundation[1]", "draw"},
    # tops 3D 2C 9D 7C 4S 2D 8S TS: six builds, and each top card to the cell
    "stronghold": {
        "3D@tableau[0]>tableau[4]",
        "2C@tableau[1]>tableau[0]",
        "9D@tableau[2]>tableau[7]",
        "7C@tableau[3]>tableau[6]",
        "2D@tableau[5]>tableau[0]",
        "8S@tableau[6]>tableau[2]",
    }
    | {f"{c}@tableau[{i}]>cell[0]" for i, c in enumerate("3D 2C 9D 7C 4S 2D 8S TS".split())},
    # aces out; tops KS JH 4C 7D TH QH 2C 7H
    "siegecraft": {
        "JH@tableau[1]>tableau[5]",
        "TH@tableau[4]>tableau[1]",
        "QH@tableau[5]>tableau[0]",
        "2C@tableau[6]>foundation[3]",
    }
    | {f"{c}@tableau[{i}]>cell[0]" for i, c in enumerate("KS JH 4C 7D TH QH 2C 7H".split())},
    # tops 9D 7C 3C AS 4S 2D 8S TS 3D 2C, up or down in suit
    "fortress": {
        "3C@tableau[2]>tableau[9]",
        "2C@tableau[9]>tableau[2]",
        "2D@tableau[5]>tableau[8]",
        "3D@tableau[8]>tableau[5]",
        "AS@tableau[3]>foundation[0]",
    },
    # tops 3D 2C 9D 7C 4S 2D 8S TS; the 3H 2C on column 1 is a run
    "american_canister": {
        "3D@tableau[0]>tableau[4]",
        "2C@tableau[1]>tableau[0]",
        "3H@tableau[1]>tableau[4]",
        "9D@tableau[2]>tableau[7]",
        "8S@tableau[6]>tableau[2]",
    },
    "british_canister": {
        "3D@tableau[0]>tableau[4]",
        "2C@tableau[1]>tableau[0]",
        "9D@tableau[2]>tableau[7]",
        "8S@tableau[6]>tableau[2]",
    },
    # aces out; tops 3S 5H 9D 2S KS JH 4C 7D TH QH 2C 7H, single cards in suit
    "delta_star": {
        "2S@tableau[3]>foundation[0]",
        "2S@tableau[3]>tableau[0]",
        "JH@tableau[5]>tableau[9]",
        "TH@tableau[8]>tableau[5]",
        "2C@tableau[10]>foundation[3]",
    },
    # aces out; TC on JC, 9D on TD, the 2S up or on the 3S, JH on QH, TH on JH, the 2C up, and
    # the redeal
    "trefoil": {
        "TC@tableau[3]>tableau[1]",
        "9D@tableau[6]>tableau[0]",
        "2S@tableau[7]>foundation[0]",
        "2S@tableau[7]>tableau[4]",
        "JH@tableau[9]>tableau[13]",
        "TH@tableau[12]>tableau[9]",
        "2C@tableau[14]>foundation[3]",
        "redeal",
    },
    # every fan holds three but the last (4D): only threes onto it, and the ace up
    "shamrocks": {
        "3H@tableau[6]>tableau[17]",
        "3C@tableau[7]>tableau[17]",
        "3D@tableau[13]>tableau[17]",
        "AS@tableau[8]>foundation[0]",
    },
    # tops 3C 4S 2D 8S TS 3D 2C 9D 7C (aces out two): 2 on 3 whatever the suit, etc.
    "good_measure": {
        "3C@tableau[0]>tableau[2]",
        "AS@tableau[1]>foundation[0]",
        "AS@tableau[1]>tableau[3]",
        "AS@tableau[1]>tableau[7]",
        "2D@tableau[3]>tableau[0]",
        "2D@tableau[3]>tableau[6]",
        "8S@tableau[4]>tableau[8]",
        "3D@tableau[6]>tableau[2]",
        "2C@tableau[7]>foundation[3]",
        "2C@tableau[7]>tableau[0]",
        "2C@tableau[7]>tableau[6]",
        "9D@tableau[8]>tableau[5]",
        "7C@tableau[9]>tableau[4]",
    },
    # tops QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C, alternating colours
    "castles_in_spain": {
        "9H@tableau[1]>tableau[8]",
        "3H@tableau[2]>tableau[5]",
        "AS@tableau[4]>foundation[0]",
        "AS@tableau[4]>tableau[6]",
        "2D@tableau[6]>tableau[3]",
        "8S@tableau[7]>tableau[1]",
        "8S@tableau[7]>tableau[11]",
        "3D@tableau[9]>tableau[5]",
        "2C@tableau[10]>tableau[2]",
        "2C@tableau[10]>tableau[9]",
        "9D@tableau[11]>tableau[8]",
    },
    # tops 5S 6C 3S QS 6H KH TC 4S: 5S on 6H, QS on KH, and each top to the first free cell
    "challenge_freecell": {"5S@tableau[0]>tableau[4]", "QS@tableau[3]>tableau[5]"}
    | {f"{c}@tableau[{i}]>cell[0]" for i, c in enumerate("5S 6C 3S QS 6H KH TC 4S".split())},
    # one card a column 6D 7D JS 8S KC 7H 6C 8S: red sevens on black eights, the 6C on red sevens
    "miss_milligan": _to("7D.1@tableau[1]", ["tableau[3]", "tableau[7]"])
    | _to("7H@tableau[5]", ["tableau[3]", "tableau[7]"])
    | _to("6C.1@tableau[6]", ["tableau[1]", "tableau[5]"])
    | {"deal"},
    # fans topped KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C 4D, down whatever the suit,
    # and the AS to the spades' foundation
    "scotch_patience": {"6D@tableau[1]>tableau[16]", "9H@tableau[5]>tableau[12]", "9D@tableau[15]>tableau[12]"}
    | {"7C@tableau[16]>tableau[11]", "AS@tableau[8]>foundation[0]"}
    | _to("QC@tableau[2]", ["tableau[0]"])
    | _to("QD@tableau[3]", ["tableau[0]"])
    | _to("QH@tableau[4]", ["tableau[0]"])
    | _to("3H@tableau[6]", ["tableau[9]", "tableau[17]"])
    | _to("3C@tableau[7]", ["tableau[9]", "tableau[17]"])
    | _to("AS@tableau[8]", ["tableau[10]", "tableau[14]"])
    | _to("2D@tableau[10]", ["tableau[6]", "tableau[7]", "tableau[13]"])
    | _to("8S@tableau[11]", ["tableau[5]", "tableau[15]"])
    | _to("3D@tableau[13]", ["tableau[9]", "tableau[17]"])
    | _to("2C@tableau[14]", ["tableau[6]", "tableau[7]", "tableau[13]"]),
    # tops 8H 2H JD 3C 3H TS 6S 4H 5S 5H, no run of two: 2H up or on 3C, 3C on 4H, TS on JD,
    # 4H on 5S, 5H on 6S, and each top card to the first free cell
    "double_freecell": {
        "2H@tableau[1]>foundation[1]",
        "2H@tableau[1]>tableau[3]",
        "3C@tableau[3]>tableau[7]",
        "TS.1@tableau[5]>tableau[2]",
        "4H.1@tableau[7]>tableau[8]",
        "5H.1@tableau[9]>tableau[6]",
    }
    | {f"{c}@tableau[{i}]>cell[0]" for i, c in enumerate("8H 2H JD 3C 3H TS.1 6S.1 4H.1 5S.1 5H.1".split())},
    # the line 7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D: one or three to the left,
    # same suit or rank
    "late_binding": {
        "8H@place[4]>place[3]",
        "6H@place[7]>place[4]",
        "6H@place[7]>place[6]",
        "9C@place[8]>place[5]",
        "JS@place[9]>place[6]",
        "5H@place[10]>place[7]",
        "KH@place[11]>place[10]",
        "3S@place[12]>place[9]",
        "2H@place[13]>place[10]",
        "5D@place[15]>place[14]",
        "7D@place[16]>place[15]",
        "4D@place[17]>place[14]",
        "4D@place[17]>place[16]",
    },
}


@pytest.mark.parametrize("name", sorted(SEED1))
def test_seed1_depth1_by_hand(name):
    g = rulesdsl.load(name).new_game(1)
    assert notations(g) == SEED1[name]
    assert len(SEED1[name]) == FIXTURES[(name, ())][1][0]


def test_seed1_of_the_larger_fans_by_hand():
    # Free Fan: QC on KC, the AS up (one move: the foundations are alike), 2D on 3D, 3D on 4D,
    # 2C on 3C, and each of the 18 top cards to the first free cell: 23
    g = rulesdsl.load("free_fan").new_game(1)
    moves = notations(g)
    assert {m for m in moves if ">cell" not in m} == {
        "QC@tableau[2]>tableau[0]",
        "AS@tableau[8]>foundation[0]",
        "2D@tableau[10]>tableau[13]",
        "3D@tableau[13]>tableau[17]",
        "2C@tableau[14]>tableau[7]",
    }
    assert len({m for m in moves if ">cell[0]" in m}) == 18 and len(moves) == 23
