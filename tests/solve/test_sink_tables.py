"""sink_tables' answers computed once per variant and once per group of alike piles are the
tables computed pile by pile, afresh."""

from __future__ import annotations

import pytest

import rulesdsl
import rulesdsl.solve.sink_tables as sink_tables


@pytest.mark.parametrize("name", ["freecell", "klondike", "beleaguered_castle", "golf", "fan", "bakers_dozen"])
def test_shared_tables_are_the_tables_pile_by_pile(monkeypatch, name):
    v = rulesdsl.load(name)
    params = v.rules_text.params
    sinks = tuple(p for p, r in enumerate(v.rules) if r.role in ("foundation", "discard"))
    every = tuple(range(v.layout.size))
    shared = [sink_tables.sink_tables(v, s, params) for s in (sinks, every, sinks)]
    assert shared[0] is shared[2]  # remembered
    with monkeypatch.context() as mp:
        mp.setattr(sink_tables, "_index_free", lambda text: set())  # every pile on its own
        fresh = [sink_tables._sink_tables(v, s, params, {}) for s in (sinks, every)]
    assert shared[:2] == fresh
    assert fresh[0] is not None


def test_a_rule_reading_the_index_keeps_its_piles_apart():
    # FreeCell's foundations take their aces by dest.index: each pile has a table of its own
    v = rulesdsl.load("freecell")
    sinks = tuple(p for p, r in enumerate(v.rules) if r.role == "foundation")
    assert "foundation" not in sink_tables._index_free(v.rules_text)
    _, _, empty = sink_tables.sink_tables(v, sinks, v.rules_text.params)
    assert len({frozenset(empty[f]) for f in sinks}) == 4
