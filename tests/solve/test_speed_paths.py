"""The search's fast paths give the same search: a bare card move's child scored on the
lists themselves (Search.bare_consider), and the win and max_run asked as generated code of
the position (codegen.position_rule). Each is compared with the slow path it replaces, on
hand-made positions and on random positions and searches."""

from __future__ import annotations

import random

import pytest

import rulesdsl
import rulesdsl.solve.guidance as guidance
import rulesdsl.solve.search as search
from rulesdsl.engine.codegen import position_rule
from rulesdsl.lang.runtime import Env
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve
from tests.helpers import game

MAX_RUN_VARIANTS = ["freecell", "eight_off", "forecell", "free_fan", "sarlacc", "somerset"]


def _run_rule(v):
    """(the group's max_run closure, its generated rule, the pile source and dest name)."""
    for r in v.rules:
        if r.max_run is not None:
            other = next(q for q in range(len(v.rules)) if v.rules[q].group != r.group)
            return r.max_run, position_rule(v, ("piles", r.group, "max_run"), r.max_run, "move", other, other), other
    raise AssertionError("no max_run")


def test_max_run_as_generated_code_on_a_hand_made_position():
    # two of four cells and five of eight columns empty: (2 + 1) * 2 ** 5 = 96 cards may move
    g = game("freecell", "cell[0]: 5D; cell[1]: 7S; tableau[0]: KC QH; tableau[1]: 2S; tableau[2]: 9C 8H")
    closure, fast, other = _run_rule(g.variant)
    assert fast is not None
    env = Env(g.state)
    env.source = env.dest = other
    env.run = ()
    assert fast(g.state, env) == closure(env) == 96


RANKS = "A23456789TJQK"


def _suit(s, top="K"):
    return " ".join(r + s for r in RANKS[: RANKS.index(top) + 1])


# every card up but the king of clubs, which lies in a cell
NEAR = f"foundation[0]: {_suit('S')}; foundation[1]: {_suit('H')}; foundation[2]: {_suit('D')}; "
NEAR += f"foundation[3]: {_suit('C', 'Q')}; cell[0]: KC"


def test_win_as_generated_code_on_hand_made_positions():
    won = game("freecell", NEAR.replace("; cell[0]: KC", " KC"))
    near = game("freecell", NEAR)
    for g, expected in ((won, True), (near, False)):
        fn = position_rule(g.variant, ("win",), g.variant.win, "win")
        assert fn is not None
        assert bool(fn(g.state, Env(g.state))) is expected is g.won


@pytest.mark.parametrize("name", MAX_RUN_VARIANTS + ["golf", "klondike", "spider", "beleaguered_castle"])
def test_generated_rules_agree_with_the_closures_on_random_positions(name):
    v = rulesdsl.load(name)
    win = position_rule(v, ("win",), v.win, "win")
    assert win is not None
    run = _run_rule(v) if name in MAX_RUN_VARIANTS else None
    rng = random.Random(name)
    for deal in (1, 2, 3):
        g = rulesdsl.Game(v, deal_state(v, deal))
        env = Env(g.state)
        for _ in range(150):
            assert bool(win(g.state, env)) is g.won
            if run is not None:
                closure, fast, other = run
                env.source = env.dest = other
                env.run = ()
                assert fast(g.state, env) == closure(env)
            moves = g.legal_moves()
            if not moves:
                break
            g.apply_unchecked(rng.choice(moves))


def _slow_paths(monkeypatch):
    """The search without its fast paths: children played with the game's apply, the win
    and max_run asked of the closures."""
    monkeypatch.setattr(search.Search, "bare_consider", lambda self, m, key, ps, pd, out: self.consider(m, m, out, key))
    monkeypatch.setattr(search, "position_rule", lambda *a, **k: None)
    monkeypatch.setattr(guidance, "position_rule", lambda *a, **k: None)


CASES = [("freecell", {}, (1, 617), 3000), ("beleaguered_castle", {}, (7,), 3000), ("alpha_star", {}, (1, 2, 3), 2000)]
CASES += [("klondike", {"draw": 1}, (1,), 2000), ("golf", {}, (4,), 2000), ("eight_off", {}, (1,), 2000)]


@pytest.mark.parametrize("name,options,deals,budget", CASES)
def test_the_fast_paths_search_the_same_positions(monkeypatch, name, options, deals, budget):
    v, an = compiled_variant(name, options)
    fast = [solve(v, deal_state(v, d), max_states=budget, analysis=an) for d in deals]
    with monkeypatch.context() as mp:
        _slow_paths(mp)
        slow = [solve(v, deal_state(v, d), max_states=budget, analysis=an) for d in deals]
    for a, b in zip(fast, slow):
        assert (a.verdict, a.states, a.moves) == (b.verdict, b.states, b.moves)


def test_the_bare_path_ends_on_the_winning_position():
    # one move from the win: the line the bare path returns is that move, played for real
    g = game("freecell", NEAR)
    r = solve(g.variant, g.state, max_states=100)
    assert r.verdict == "won" and len(r.moves) == 1
    g.play(r.moves[0])
    assert g.won


@pytest.mark.parametrize("name", ["freecell", "beleaguered_castle", "alpha_star"])
def test_child_total_is_the_score_after_the_move(name):
    from rulesdsl.solve.analysis import analyse
    from rulesdsl.solve.guidance import Scorer
    from rulesdsl.solve.keys import Keyer

    v = rulesdsl.load(name)
    g = rulesdsl.Game(v, deal_state(v, 1))
    keyer, scorer = Keyer(v, g.state, analyse(v)), Scorer(v, g.state)
    rng = random.Random(5)
    for _ in range(40):
        moves = [m for m in g.legal_moves() if m.kind == "move"]
        if not moves:
            break
        for m in moves:
            s, d, n = m.sources[0], m.dest, len(m.cards)
            _, ps, pd = keyer.child(s, d, n)
            g.apply_unchecked(m)  # the board on the child, the parts still the parent's
            got = scorer.child_total(s, d, ps, pd, keyer.sealed)
            assert got == Scorer(v, g.state).total
            g.undo()
        g.apply_unchecked(rng.choice(moves))
        keyer.touch(None)
        scorer.touch(None)


@pytest.mark.parametrize("name", ["freecell", "beleaguered_castle", "alpha_star", "bakers_game"])
def test_child_key_and_depth_are_those_after_the_move(name):
    # keys.Keyer.child (the plain pieces sliced from the old ones) and _Buried.child_depth
    # (from the parent's counts) against the key and the depth computed on the child itself
    from rulesdsl.solve.analysis import analyse
    from rulesdsl.solve.derivations import next_rule
    from rulesdsl.solve.keys import Keyer

    v = rulesdsl.load(name)
    g = rulesdsl.Game(v, deal_state(v, 2))
    keyer, buried = Keyer(v, g.state, analyse(v)), next_rule(v).start(g.state)
    rng = random.Random(name)
    checked = 0
    for _ in range(60):
        moves = [m for m in g.legal_moves() if m.kind == "move"]
        if not moves:
            break
        base = buried.prepare({})
        assert base[0] == buried.depth()
        for m in moves:
            s, d, n = m.sources[0], m.dest, len(m.cards)
            key = keyer.child(s, d, n)[0]
            g.apply_unchecked(m)
            assert key == Keyer(v, g.state, analyse(v)).full_key()
            if s not in buried.sink_set and d not in buried.sink_set:
                assert buried.child_depth(base, s, d, m.cards) == buried.depth()
                checked += 1
            g.undo()
        g.apply_unchecked(rng.choice(moves))
        keyer.touch(None)
    assert checked > 0
