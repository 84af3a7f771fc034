"""The open heap with its stale entries dropped in bulk (waiting.py): the same pops as a plain
heap that keeps them, and the plain heap's length (what in_turns compares with MAX_OPEN)
known exactly; the same search with the purge as without, MAX_OPEN reached or not."""

from __future__ import annotations

import heapq
import random

import pytest

from rulesdsl.solve import search as search_module
from rulesdsl.solve import waiting
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve
from rulesdsl.solve.waiting import Waiting


@pytest.mark.parametrize("seed", range(6))
def test_the_same_pops_and_length_as_a_plain_heap(monkeypatch, seed):
    monkeypatch.setattr(waiting, "PURGE_MIN", 8)
    rng = random.Random(seed)
    w, plain, lifo, tick, purged = Waiting(), [], [], 0, 0
    for _ in range(4000):
        r = rng.random()
        if r < 0.45:  # a push (the search's entries: order fields, -tick, node)
            tick += 1
            node = [None, None, 0, False]
            e = (rng.randrange(20), -tick, node)
            heapq.heappush(w.heap, e)
            heapq.heappush(plain, e)
            lifo.append(node)
        elif r < 0.75:  # a node taken depth-first: its entries go stale
            while lifo and lifo[-1][3]:
                lifo.pop()
            if lifo:
                lifo.pop()[3] = True
                before = len(w.heap)
                w.searched_elsewhere()
                purged += len(w.heap) < before
        else:  # a best-first pop
            got = w.pop()
            want = None
            while plain and want is None:
                want = heapq.heappop(plain)[-1]
                if want[3]:
                    want = None
            assert got is want
            if got is not None:
                got[3] = True
        assert w.size() >= len(plain)
        assert len(w.heap) + w.held() == len(plain)
        assert w.over(len(plain) - 1) and not w.over(len(plain))
        assert w.any() == bool(plain)
    assert purged  # the purge ran


def _records(name, deals, budget):
    v, an = compiled_variant(name, {})
    out = []
    for d in deals:
        r = solve(v, deal_state(v, d), max_states=budget, analysis=an)
        out.append((r.verdict, r.states, r.moves))
    return out


@pytest.mark.parametrize(
    "name,deals",
    [("freecell", (1, 617)), ("beleaguered_castle", (7,)), ("seahaven_towers", (1,)), ("bakers_game", (3,))],
)
@pytest.mark.parametrize("max_open", [None, 300])
def test_the_same_search_with_and_without_the_purge(monkeypatch, name, deals, max_open):
    """With MAX_OPEN at 300 the turns stop for it (the dropped entries counted), and the
    search goes on depth-first (bounded)."""
    stopped = []
    if max_open is not None:
        monkeypatch.setattr(search_module, "MAX_OPEN", max_open)
        real_bounded = search_module.Search.bounded
        monkeypatch.setattr(
            search_module.Search, "bounded", lambda self: stopped.append(len(self.heap)) or real_bounded(self)
        )
    purges = []
    real = Waiting._purge
    monkeypatch.setattr(Waiting, "_purge", lambda self: purges.append(1) or real(self))
    monkeypatch.setattr(waiting, "PURGE_MIN", 4)
    on = _records(name, deals, 3000)
    assert purges
    monkeypatch.setattr(waiting, "PURGE_MIN", 10**9)
    off = _records(name, deals, 3000)
    assert on == off
    if max_open is not None:
        assert any(stopped)  # the turns stopped at MAX_OPEN with positions waiting
