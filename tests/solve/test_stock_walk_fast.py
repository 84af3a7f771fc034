"""The stock walk and the partial-run test made cheaper, the same search: the moves from
some piles generated alone (codegen.moves_from) are exactly the generator's, the win asked
once where the actions cannot change it, and a search with these paths equals one without
them, position for position."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import rulesdsl
from rulesdsl.engine.codegen import moves_from
from rulesdsl.solve import partial_runs, search
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve
from rulesdsl.solve.stock_cycle import derive_cycle

VARIANTS = [
    ("klondike", {}),
    ("klondike", {"draw": 3, "thoughtful": "yes"}),
    ("captive_queens", {}),
    ("yukon", {}),
    ("saratoga", {}),
]


def positions(v, seed, n=120):
    """Positions of one seeded random playout."""
    rng = random.Random(seed)
    g = v.new_game(seed=seed)
    for _ in range(n):
        moves = g.generate()
        if not moves:
            return
        yield g
        g.play(rng.choice(moves))


@pytest.mark.parametrize("name,options", VARIANTS)
def test_moves_from_are_the_generators(name, options):
    v = rulesdsl.load(name, options)
    stock = frozenset(p for a in v.actions for p in (a.source, *a.targets))
    for seed in range(4):
        for g in positions(v, seed):
            every = g.generate()
            st, env = g.state, g._env
            if stock:
                want = [m for m in every if m.kind == "move" and m.sources[0] in stock]
                assert moves_from(v, stock)(st, env) == want
            for p in range(v.layout.size):
                if st.piles[p]:
                    near = [m for m in every if m.kind == "move" and p in (m.sources[0], m.dest)]
                    assert moves_from(v, frozenset((p,)), p)(st, env) == near


def test_the_win_is_still_only_where_it_names_no_stock_pile():
    assert derive_cycle(rulesdsl.load("klondike")).win_still
    # Captive Queens is won with the stock and the waste empty: a draw can change the win
    assert not derive_cycle(rulesdsl.load("captive_queens")).win_still


def _records(name, options, deals, budget):
    v, an = compiled_variant(name, options)
    out = []
    for d in deals:
        r = solve(v, deal_state(v, d), max_states=budget, analysis=an)
        out.append((r.verdict, r.states, r.moves))
    return out


@pytest.mark.parametrize("name,options", VARIANTS[:3])
def test_the_same_search_without_the_fast_paths(name, options, monkeypatch):
    deals, budget = (1, 2, 3, 4), 1500
    fast = _records(name, options, deals, budget)
    plain = search.cycle_rule

    def slow_cycle(v):
        rule = plain(v)
        return None if rule is None else replace(rule, taking=None, win_still=False)

    monkeypatch.setattr(search, "cycle_rule", slow_cycle)
    monkeypatch.setattr(partial_runs, "moves_from", lambda *a: None)
    assert _records(name, options, deals, budget) == fast
