"""The win finder's key (keys.BeamKeys): the piles no rule tells apart sorted, the others
in their places, whatever the form of a pile's piece."""

from __future__ import annotations

import rulesdsl
from rulesdsl.solve import beam
from rulesdsl.validation import solvable


def test_the_finder_key_sorts_the_piles_no_rule_tells_apart():
    # two columns' cards swapped: one key; a card moved to another column: another key (fails
    # when a group's pieces are not sorted, or when the piles outside the groups are)
    v = rulesdsl.load("forty_thieves")
    key = beam._Keys(v)
    group = max(key.groups, key=len)
    st = solvable.deal_state(v, 1).copy()
    swapped = st.copy()
    a, b = group[0], group[1]
    swapped.piles[a], swapped.piles[b] = list(st.piles[b]), list(st.piles[a])
    swapped.down[a], swapped.down[b] = st.down[b], st.down[a]
    assert key(swapped) == key(st)
    moved = st.copy()
    moved.piles[b].append(moved.piles[a].pop())
    assert key(moved) != key(st)
    # two piles outside the groups (the stock and the waste) swapped: another key
    fixed = [p for p in range(v.layout.size) if all(p not in g for g in key.groups)]
    one = st.copy()
    p, q = fixed[0], fixed[1]
    one.piles[q].append(one.piles[p].pop())  # a card of the stock turned to the waste
    other = one.copy()
    other.piles[p], other.piles[q] = list(one.piles[q]), list(one.piles[p])
    other.down[p], other.down[q] = one.down[q], one.down[p]
    assert one.piles[p] != one.piles[q] and key(other) != key(one)
