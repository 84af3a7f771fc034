"""What a solve() call costs beside its search: the key's joiner made once per layout of piles
(keys._JOINERS), the cyclic garbage collector paused while it runs (solver.PAUSE_COLLECTOR)
and the searches released when done (Search.release). None of them may change a search:
the same verdicts, positions and lines cold and warm, with the collector on or off, and
across variants of other layouts in one process."""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from rulesdsl.core.errors import ArgumentError
from rulesdsl.solve import keys, solver
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve

# (variant, deal): three layouts of interchangeable piles (FreeCell and Seahaven Towers share
# the fixed piles and the first group, not the second), a game with no group at all
DEALS = [("freecell", 1), ("seahaven_towers", 5), ("eight_off", 2), ("freecell", 617), ("klondike", 1)]


def _records(budget=3000, reverse=False):
    out = []
    for name, deal in reversed(DEALS) if reverse else DEALS:
        v, an = compiled_variant(name, {"draw": 1} if name == "klondike" else {})
        r = solve(v, deal_state(v, deal), max_states=budget, analysis=an)
        out.append((name, deal, r.verdict, r.states, r.moves))
    return sorted(out, key=lambda x: DEALS.index(x[:2]))


def test_joiners_cached_by_layout_give_the_bytes_of_fresh_ones():
    layouts = [
        ([4, 5, 6, 7], [[0, 1, 2, 3], [8, 9, 10, 11, 12, 13, 14, 15]]),
        ([4, 5, 6, 7], [[0, 1, 2, 3], [8, 9, 10, 11, 12, 13, 14, 15, 16, 17]]),
        ([4, 5, 6, 7], [[0, 1, 2, 3], [8, 9, 10, 11], [12, 13, 14, 15, 16, 17]]),
        ([0, 2, 4, 5, 6, 7], [[1, 3], [8, 9, 10, 11, 12, 13, 14, 15, 16, 17]]),
        (list(range(18)), []),
    ]
    rng = random.Random(25)
    keys._JOINERS.clear()
    for _ in range(2):  # cold, then warm (and each layout after the others)
        for fixed, groups in layouts:
            cached, fresh = keys._generated_joiner(fixed, groups), keys._make_joiner(fixed, groups)
            for _ in range(20):
                piece = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 5))) for _ in range(18)]
                assert cached(piece) == fresh(piece)
    assert len(keys._JOINERS) == len(layouts)


def test_searches_are_the_same_cold_and_warm_across_variants(monkeypatch):
    with monkeypatch.context() as m:  # each search compiles its own joiner, as before the cache
        m.setattr(keys, "_generated_joiner", keys._make_joiner)
        uncached = _records()
    keys._JOINERS.clear()
    assert _records() == uncached  # cold
    assert _records() == uncached  # warm
    keys._JOINERS.clear()
    assert _records(reverse=True) == uncached  # another layout cached first


def test_searches_are_the_same_with_the_collector_running(monkeypatch):
    paused = _records()
    monkeypatch.setattr(solver, "PAUSE_COLLECTOR", False)
    running = _records()
    assert paused == running


def test_the_collector_is_off_during_the_search_and_as_it_was_after(monkeypatch):
    seen = []
    run = Search.run

    def watched(self):
        seen.append(gc.isenabled())
        return run(self)

    monkeypatch.setattr(Search, "run", watched)
    v, an = compiled_variant("freecell", {})
    assert gc.isenabled()
    solve(v, deal_state(v, 1), max_states=500, analysis=an)
    assert seen and not any(seen) and gc.isenabled()
    with pytest.raises(ArgumentError):  # an error inside: started again all the same
        solve(v, deal_state(v, 1), max_states=0, analysis=an)
    assert gc.isenabled()
    gc.disable()  # the caller's choice is kept
    try:
        solve(v, deal_state(v, 1), max_states=500, analysis=an)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("interleave", [True, False])
def test_finished_searches_are_freed_without_the_collector(monkeypatch, interleave):
    made = []
    init = Search.__init__

    def kept(self, *args, **kw):
        init(self, *args, **kw)
        made.append(weakref.ref(self))

    monkeypatch.setattr(Search, "__init__", kept)
    v, an = compiled_variant("freecell", {})
    gc.disable()  # nothing collects: only reference counting frees
    try:
        r = solve(v, deal_state(v, 11982), max_states=6000, analysis=an, interleave=interleave)
        assert r.states == 6000 and len(made) == 2  # both orders' searches ran
        assert all(ref() is None for ref in made)
    finally:
        gc.enable()
