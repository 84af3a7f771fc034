"""Perft rows of the variants and options issue 22's language features brought (F1): the number
of move sequences of length 1, 2 and 3 from seeded deals, computed with the engine and equal in
both engines (RULESDSL_ENGINE=closures gives the same numbers). Kept apart from test_perft.py so
that merges stay easy.

Seed 1 of Elevens checked by hand: the grid is 7H 9S 4H / 8D 8H 5C / JH 6H 9C, so the moves are
the pairs 7H+4H, 5C+6H and the jack to each of the three empty reserves (one move per reserve:
the reserves are not interchangeable): 5.
"""

from __future__ import annotations

import pytest

import rulesdsl
from tests.helpers import check_perft, notations, perft, perft_cases

# (variant, options) -> {seed: [perft(1), perft(2), perft(3)]}
FIXTURES = {
    ("elevens", ()): {1: [5, 21, 96], 2: [8, 47, 237]},
    ("tens", ()): {1: [15, 120, 864], 2: [21, 206, 1476]},
    ("nines", ()): {1: [7, 42, 144], 2: [14, 125, 749]},
    ("puss_in_the_corner", ()): {1: [4, 24, 128], 2: [4, 16, 64]},
    ("scuffle", ()): {1: [1, 5, 5], 2: [1, 1, 5]},
    ("terrace", ()): {1: [8, 58, 384]},
    ("freecell", (("cells", 0),)): {1: [4, 15, 52], 2: [3, 7, 13]},
    ("freecell", (("cells", 2),)): {1: [13, 168, 1612], 2: [11, 120, 795]},
}

CASES = perft_cases(FIXTURES)


@pytest.mark.parametrize("name,opts,seed,counts", CASES)
def test_perft(name, opts, seed, counts):
    check_perft(name, opts, seed, counts)


def test_elevens_seed1_by_hand():
    g = rulesdsl.load("elevens").new_game(1)
    assert notations(g) == {
        "remove 7H@tableau[0] 4H@tableau[2]",
        "remove 5C@tableau[5] 6H@tableau[7]",
        "JH@tableau[6]>reserve[0]",
        "JH@tableau[6]>reserve[1]",
        "JH@tableau[6]>reserve[2]",
    }


def test_the_default_freecell_keeps_its_perft():
    """The cells option changes nothing at its default: the same counts as test_perft.py's."""
    assert rulesdsl.load("freecell").layout.groups["cell"].count == 4
    a, b = rulesdsl.load("freecell").new_game(1), rulesdsl.load("freecell", {"cells": 4}).new_game(1)
    assert [perft(a, d) for d in (1, 2)] == [perft(b, d) for d in (1, 2)]
