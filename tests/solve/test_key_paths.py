"""The keys' generated paths (keys.Keyer.GENERATED: the join as generated code, a sealed
destination's piece from the moving card) give the very bytes of the first paths (itemgetter
and sorted(), the pile encoded), so the search is the same: keys compared on random walks of
several families, searches compared record by record."""

from __future__ import annotations

import random

import pytest

import rulesdsl
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.dead_ends import DeadEnds
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.derivations import dead_rule
from rulesdsl.solve.keys import Keyer
from rulesdsl.solve.solver import solve

NAMES = ["freecell", "beleaguered_castle", "alpha_star", "klondike", "golf", "spider", "black_hole", "fortress"]


def _keyer(v, st, generated, symmetry=False):
    rule = dead_rule(v)
    top_class = rule.top_class if isinstance(rule, DeadEnds) else None
    Keyer.GENERATED = generated
    try:
        return Keyer(v, st, analyse(v), top_class, symmetry=symmetry)
    finally:
        Keyer.GENERATED = True


def _walk(v, g, new, old, rng) -> int:
    """A random walk of 30 moves; at each position every card move's child key both ways."""
    children = 0
    for _ in range(30):
        assert new.key() == old.key() == old.full_key()
        moves = [m for m in g.legal_moves() if m.kind == "move"]
        if not moves:
            break
        for m in moves:
            s, d, n = m.sources[0], m.dest, len(m.cards)
            if s in new.hooked or d in new.hooked:
                continue
            got = new.child(s, d, n)
            assert got == old.child(s, d, n)
            if not v.autos:  # (a follow-up, such as a flip, is not in a child key)
                g.apply_unchecked(m)
                assert got[0] == old.full_key()  # (old's pieces are the parent's: full_key encodes)
                g.undo()
            children += 1
        g.apply_unchecked(rng.choice(moves))
        new.touch(None)
        old.touch(None)
    return children


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("symmetry", [False, True])
def test_generated_and_first_paths_give_the_same_keys(name, symmetry):
    v = rulesdsl.load(name)
    rng = random.Random(name)
    children = 0
    for deal in range(1, 7):
        g = rulesdsl.Game(v, deal_state(v, deal))
        new, old = _keyer(v, g.state, True, symmetry), _keyer(v, g.state, False, symmetry)
        children += _walk(v, g, new, old, rng)
    assert children >= 15


CASES = [("freecell", {}, (1, 11982)), ("beleaguered_castle", {}, (7, 26)), ("alpha_star", {}, (1, 2, 3))]
CASES += [("klondike", {"draw": 1}, (1,)), ("spider", {"suits": 1}, (1,)), ("black_hole", {}, (3,))]


@pytest.mark.parametrize("name,options,deals", CASES)
def test_generated_and_first_key_paths_search_the_same(monkeypatch, name, options, deals):
    v, an = compiled_variant(name, options)
    fast = [solve(v, deal_state(v, d), max_states=4000, analysis=an) for d in deals]
    monkeypatch.setattr(Keyer, "GENERATED", False)
    slow = [solve(v, deal_state(v, d), max_states=4000, analysis=an) for d in deals]
    for a, b in zip(fast, slow):
        assert (a.verdict, a.states, a.moves) == (b.verdict, b.states, b.moves)
