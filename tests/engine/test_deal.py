"""Deals are the same on every machine and Python version: the generator and one deal pinned."""

import rulesdsl
from rulesdsl.engine.deal import SplitMix64, shuffle
from rulesdsl.formats import position


def test_splitmix64_reference_outputs():
    # the published first outputs of SplitMix64 from seed 0
    r = SplitMix64(0)
    assert [r.next(), r.next()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_bounded_draws_are_uniform_and_in_range():
    r = SplitMix64(99)
    counts = [0] * 7
    for _ in range(7000):
        counts[r.below(7)] += 1
    assert all(800 < c < 1200 for c in counts)


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    a, b = list(range(52)), list(range(52))
    shuffle(a, SplitMix64(1))
    shuffle(b, SplitMix64(2))
    assert sorted(a) == list(range(52)) and a != b and a != list(range(52))


KLONDIKE_SEED_1 = """\
stock[0]: #7C #9D #2C #3D #TS #8S #2D #4S #AS #3C #3H #9H #QH #QD #QC #6D #KC #AD #5S #AC #7S #6S #4C #QS
tableau[0]: 7H
tableau[1]: #9S 6H
tableau[2]: #4H #9C 2H
tableau[3]: #8D #JS #JD 2S
tableau[4]: #8H #5H #5D #AH KD
tableau[5]: #5C #KH #7D #6C #TD JC
tableau[6]: #JH #3S #4D #KS #TC #TH 8C
"""


def test_klondike_seed_1_is_pinned():
    g = rulesdsl.load("klondike").new_game(1)
    assert position.to_text(g.variant, g.state) == KLONDIKE_SEED_1
