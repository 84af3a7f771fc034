"""The lean moves (codegen.lean_generator, expand.LEAN_MOVES): the generated generator's card
moves as (source, dest, count), a Move built only for a new child. The same moves in the same
order as the generator's Moves at positions of random playouts, the same safe pick, and the
same search (verdict, positions, line) with and without them."""

from __future__ import annotations

import random

import pytest

import rulesdsl
from rulesdsl.engine import codegen
from rulesdsl.solve import expand
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.derivations import safe_rule
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game
from tests.solve.test_prunings import small_deal

OPEN = ["freecell", "bakers_game", "beleaguered_castle", "alpha_star", "fan", "eight_off", "seahaven_towers"]


def _positions(name, count=400):
    """Positions of random playouts (several deals), with the game at each."""
    v = rulesdsl.load(name)
    rng = random.Random(name)
    out = []
    deal = 0
    while len(out) < count:
        deal += 1
        g = rulesdsl.Game(v, deal_state(v, deal))
        for _ in range(60):
            moves = g.generate()
            if not moves:
                break
            out.append(g)
            g = rulesdsl.Game(v, g.state.copy())
            g.play(rng.choice(moves))
    return v, out


def _tuples(moves):
    return [(m.sources[0], m.dest, len(m.cards)) for m in moves]


@pytest.mark.parametrize("name", OPEN)
def test_the_lean_generator_lists_the_generators_moves_in_order(name):
    v, games = _positions(name)
    lean = codegen.lean_generator(v)
    assert lean is not None
    longer = 0
    for g in games:
        moves = g.generate()
        assert lean(g.state, g._env) == _tuples(moves)
        longer += any(len(m.cards) > 1 for m in moves)
    if name in ("freecell", "alpha_star"):
        assert longer  # runs of several cards were listed, so the count was read


def test_no_lean_generator_where_there_are_actions():
    v = rulesdsl.load("klondike")
    assert codegen.lean_generator(v) is None


@pytest.mark.parametrize("name", ["freecell", "beleaguered_castle", "alpha_star", "bakers_game"])
def test_the_safe_rules_lean_pick_is_its_pick(name):
    v, games = _positions(name, 600)
    rule = safe_rule(v)
    assert hasattr(rule, "pick_lean")
    picked = 0
    for g in games:
        moves = g.generate()
        m = rule.pick(g.state, moves)
        t = rule.pick_lean(g.state, _tuples(moves))
        assert t == (None if m is None else (m.sources[0], m.dest, len(m.cards)))
        picked += m is not None
    assert picked  # some positions had a safe move


def _same(a, b):
    assert (a.verdict, a.states, a.moves) == (b.verdict, b.states, b.moves)


def _both(monkeypatch, run):
    on = run()
    monkeypatch.setattr(expand, "LEAN_MOVES", False)
    off = run()
    monkeypatch.setattr(expand, "LEAN_MOVES", True)
    return on, off


@pytest.mark.parametrize(
    "name,deals",
    [
        ("freecell", (1, 617)),
        ("beleaguered_castle", (7, 26)),
        ("alpha_star", (1, 3, 5)),
        ("bakers_game", (1,)),
        ("eight_off", (1,)),
    ],
)
def test_lean_and_built_moves_give_the_same_search(monkeypatch, name, deals):
    v, an = compiled_variant(name, {})
    for d in deals:
        on, off = _both(monkeypatch, lambda d=d: solve(v, deal_state(v, d), max_states=3000, analysis=an))
        _same(on, off)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("name", ["freecell", "seahaven_towers"])
def test_small_random_games_give_the_same_search(monkeypatch, seed, name):
    text = small_deal(random.Random(seed), "SHDC", 14, 4)
    on, off = _both(monkeypatch, lambda: solve_game(game(name, text), max_states=3000))
    _same(on, off)


class _PickOnly:
    """A safe rule with pick() alone (no pick_lean): the lean path builds the Moves for it."""

    def __init__(self, rule):
        self.rule, self.asked = rule, 0

    def pick(self, st, moves):
        self.asked += 1
        return self.rule.pick(st, moves)


def test_a_safe_rule_without_a_lean_pick_is_asked_with_moves(monkeypatch):
    v, an = compiled_variant("beleaguered_castle", {})
    rule = safe_rule(v)
    wrapped = _PickOnly(rule)
    run = lambda: solve(v, deal_state(v, 7), max_states=3000, analysis=an, safe=wrapped)  # noqa: E731
    on, off = _both(monkeypatch, run)
    _same(on, off)
    assert wrapped.asked
    _same(on, solve(v, deal_state(v, 7), max_states=3000, analysis=an, safe=rule))
