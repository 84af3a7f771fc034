"""Face-up cards under face-down ones (State.shown): any facing survives a save and a load,
positions are equal exactly when their cards and facings are, and so are the solver's keys."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as hs

import rulesdsl
from rulesdsl.core.state import flip_top, unflip_top
from rulesdsl.formats import position
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.keys import Keyer

V = rulesdsl.load("martha")
COLUMNS = [V.layout.pile(f"tableau[{i}]") for i in range(12)]
facings = hs.lists(hs.lists(hs.booleans(), min_size=4, max_size=4), min_size=12, max_size=12)


def _faced(flags):
    st = V.new_game(5).state
    for p, f in zip(COLUMNS, flags):
        st.set_facing(p, f)
    return st


@settings(max_examples=60, deadline=None)
@given(facings)
def test_a_random_facing_survives_a_save_and_a_load(flags):
    st = _faced(flags)
    assert [st.facing(p) for p in COLUMNS] == flags
    back = position.from_dict(V, position.parse_json(json.dumps(position.to_dict(V, st))))
    assert back == st and back.shown == st.shown
    assert position.from_text(V, position.to_text(V, st)) == st


@settings(max_examples=60, deadline=None)
@given(facings, facings)
def test_keys_are_equal_exactly_when_the_facings_are(a, b):
    sa, sb = _faced(a), _faced(b)
    an = analyse(V)
    assert (sa == sb) == (a == b)
    assert (Keyer(V, sa, an).key() == Keyer(V, sb, an).key()) == (a == b)


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.booleans(), min_size=4, max_size=4))
def test_a_flip_and_its_undo_give_the_position_back(flags):
    st = _faced([flags[:-1] + [True]] + [[True, False, True, False]] * 11)
    before = (st.down[:], dict(st.shown))
    p = COLUMNS[0]
    joined = flip_top(st, p)
    assert st.facing(p) == flags[: len(flags) - 1 - joined] + [False] * (joined + 1)
    assert st.down[p] == 0 or st.is_down(p, st.down[p] - 1)  # normal form: down ends on a face-down card
    unflip_top(st, p, joined)
    assert (st.down, st.shown) == before
