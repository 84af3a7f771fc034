"""The order of a pile where runs lift under no sequence rule (natural_runs.py): the accept
rule read as a table, so that the position score counts the cards lying out of that order
(Scorpion's same-suit building) as it counts breaks of a declared sequence rule."""

from __future__ import annotations

import rulesdsl
from rulesdsl.solve.guidance import Scorer
from rulesdsl.solve.natural_runs import natural_tables
from tests.helpers import game


def test_scorpion_and_yukon_get_their_accept_rules_order():
    for name in ("scorpion", "yukon"):
        v = rulesdsl.load(name)
        tab = [p for p, r in enumerate(v.rules) if r.role == "tableau"]
        tables = natural_tables(v)
        assert all(tables[p] is not None for p in tab)
        assert all(tables[p] is None for p, r in enumerate(v.rules) if r.role != "tableau")


def test_a_declared_sequence_rule_is_left_to_the_scorer():
    # Spider and Klondike declare a sequence: no table, the Scorer reads the rule itself
    for name in ("spider", "klondike"):
        assert all(t is None for t in natural_tables(rulesdsl.load(name)))


def test_scorpion_reads_same_suit_one_rank_lower():
    g = game("scorpion", "tableau[0]: KS QS JH; tableau[1]: KH QH JS")
    v, st = g.variant, g.state
    p, q = _two(v)
    king, queen, jack = st.piles[p]
    table = natural_tables(v)[p]
    assert queen in table[king] and jack not in table[queen]
    assert st.piles[q][1] in table[st.piles[q][0]]


def _two(v):
    tab = [x for x, r in enumerate(v.rules) if r.role == "tableau"]
    return tab[0], tab[1]


def test_the_score_counts_a_card_above_a_break_of_the_accept_order():
    # the same cards, in order in one position and out of order in the other: the score
    # (the search's order only) now prefers the ordered one; before, both scored alike
    ordered = game("scorpion", "tableau[0]: KS QS JS; tableau[1]: KH QH JH")
    broken = game("scorpion", "tableau[0]: KS QS JH; tableau[1]: KH QH JS")
    a = Scorer(ordered.variant, ordered.state).total
    b = Scorer(broken.variant, broken.state).total
    assert a - b == 2  # one card above a break in each column
