"""The stock's actions played in one go (stock_cycle.play_actions, the walk on the talon,
the replay of a macro child): the board, the counters and the undo are the engine's, and a
search with them is the search without them, position for position."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import rulesdsl
from rulesdsl.engine import codegen
from rulesdsl.lang.runtime import Env
from rulesdsl.solve import derivations, search
from rulesdsl.solve.deals import compiled_variant
from rulesdsl.solve.stock_cycle import derive_cycle, play_actions

from ..helpers import search_records

# the stock games of the cycle class: draw 1 and 3, a win that reads the stock (Captive
# Queens), no landing table (Osmosis, Superior Canfield: the walk one by one, the replay in
# one go), a limited recycle (Betsy Ross)
VARIANTS = [
    ("klondike", {}),
    ("klondike", {"draw": 3}),
    ("klondike_by_threes", {}),
    ("saratoga", {}),
    ("captive_queens", {}),
    ("osmosis", {}),
    ("superior_canfield", {}),
    ("betsy_ross", {}),
]


def _board(st):
    return ([list(p) for p in st.piles], list(st.down), list(st.used), st.points)


@pytest.mark.parametrize("name,options", VARIANTS)
def test_play_actions_is_the_engines(name, options):
    v = rulesdsl.load(name, options)
    rule = derive_cycle(v)
    assert rule is not None and rule.batch
    for seed in range(3):
        rng = random.Random(seed)
        g = v.new_game(seed=seed)
        for _ in range(60):
            moves = g.generate()
            if not moves:
                break
            # a run of the legal actions from here, the engine's way and in one go
            one, fast = g.state.copy(), g.state.copy()
            log: list = []
            acts = []
            for _ in range(rng.randrange(1, 40)):
                legal = [m for m in _generate(g, one) if m.kind == "action"]
                if not legal:
                    break
                g._do(one, legal[0], Env(one), [])
                acts.append(legal[0])
            before = _board(fast)
            play_actions(rule, fast, acts, log)
            assert _board(fast) == _board(one)
            g._undo(fast, log, 0)
            assert _board(fast) == before
            g.play(rng.choice(moves))


def _generate(g, st):
    """The legal moves on another state than the game's."""
    return codegen.generator(g.variant)(st, Env(st))


@pytest.mark.parametrize("name,options", [("klondike", {}), ("klondike", {"draw": 3}), ("yukon", {})])
def test_the_same_search_with_the_partial_test_applied(name, options, monkeypatch):
    """partial_runs: the move tried on the lists alone gives what the game's apply gave."""
    deals, budget = (1, 2, 3), 1500
    fast = search_records(name, options, deals, budget, every=True)
    v, _ = compiled_variant(name, options)
    rule = derivations.partial_rule(v)
    assert rule is not None and rule.bare
    monkeypatch.setattr(rule, "bare", False)
    assert search_records(name, options, deals, budget, every=True) == fast


@pytest.mark.parametrize("switch", ["batch", "write"])
@pytest.mark.parametrize("name,options", VARIANTS[:6])
def test_the_same_search_one_by_one_and_with_the_actions_played(name, options, switch, monkeypatch):
    """The actions played in one go (``batch=False``: one by one), and the walk's piles written
    from the talon (StockCycle.write; ``write=False``: play_actions and the undo), give the
    same positions, keys, counters and lines."""
    deals, budget = (1, 2, 3), 1500
    fast = search_records(name, options, deals, budget, every=True)
    plain = search.cycle_rule

    def switched_off(v):
        rule = plain(v)
        return None if rule is None else replace(rule, **{switch: False})

    monkeypatch.setattr(search, "cycle_rule", switched_off)
    assert search_records(name, options, deals, budget, every=True) == fast
