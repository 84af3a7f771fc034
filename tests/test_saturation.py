"""Saturating arithmetic in the shipped variants (issue 19): ``max_run`` never shrinks when a
place empties, and the rules that multiply or raise to a power are evaluated at their
extremes, so every rule that reaches the end of the integer range is known.

Sarlacc's ``max_run`` is (empty cells + 1) * 2 ** (empty free places): with 31 or more empty
places it passes 2,147,483,647. It used to become none there, and no run could move; it now
saturates at that end (ops.py), so comparisons with it keep working.
"""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.limits import MAX_INT, MAX_STREAK
from rulesdsl.lang import checker
from rulesdsl.lang.compiler import Compiler
from rulesdsl.lang.runtime import Env
from rulesdsl.validation.validate import option_combinations
from rulesdsl.variant import registry


@functools.cache
def _load(name: str, combo: tuple = ()):
    return rulesdsl.load(name, dict(combo) or None)


def _with_max_run() -> list[str]:
    return [n for n in registry.names() if any(r.max_run is not None for r in _load(n).rules)]


MAX_RUN_VARIANTS = _with_max_run()


def test_the_variants_that_bound_runs_are_all_checked():
    # the four files that declare max_run, and those that extend them
    assert {"freecell", "eight_off", "forecell", "sarlacc", "bakers_game", "seahaven_towers"} <= set(MAX_RUN_VARIANTS)


def _max_run(v, state, s: int, n: int, d: int):
    """max_run for the top n cards of pile s going to pile d, judged with the run lifted as
    the move generator judges it (moves.py)."""
    pile = state.piles[s]
    run = tuple(pile[-n:])
    del pile[-n:]
    try:
        env = Env(state)
        env.run, env.card, env.source, env.dest = run, run[0], s, d
        return v.rules[s].max_run(env)
    finally:
        pile.extend(run)


@pytest.mark.parametrize("name", MAX_RUN_VARIANTS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_max_run_never_shrinks_when_a_place_empties(name, seed, data):
    """From a random position, emptied down to a sparse one (many places empty, as late in
    a game), emptying one more pile never lowers max_run, and max_run is never none."""
    v = _load(name)
    g = v.new_game(seed)
    for _ in range(data.draw(st.integers(0, 30), label="moves")):
        legal = g.generate()
        if not legal:
            break
        g.apply_unchecked(legal[data.draw(st.integers(0, len(legal) - 1), label="move")])
    state = g.state.copy()
    held = [p for p in range(len(state.piles)) if state.piles[p]]
    keep = data.draw(st.one_of(st.integers(2, 12), st.integers(2, len(held))), label="piles kept")  # sparse: late
    for p in data.draw(st.permutations(held), label="order")[keep:]:
        state.piles[p].clear()
        state.down[p] = 0
    sources = [p for p in range(len(state.piles)) if v.rules[p].max_run is not None and state.piles[p]]
    if not sources:
        return
    s = data.draw(st.sampled_from(sources), label="source")
    n = data.draw(st.integers(1, len(state.piles[s]) - state.down[s]), label="run length")
    d = data.draw(st.sampled_from([p for p in range(len(state.piles)) if p != s]), label="dest")
    others = [p for p in range(len(state.piles)) if p not in (s, d) and state.piles[p]]
    if not others:
        return
    before = _max_run(v, state, s, n, d)
    p = data.draw(st.sampled_from(others), label="place that empties")
    state.piles[p].clear()
    state.down[p] = 0
    after = _max_run(v, state, s, n, d)
    assert before is not None and after is not None
    assert 1 <= before <= after <= MAX_INT, (v.pile_name(p), before, after)


def test_sarlacc_max_run_saturates_with_every_place_empty():
    v = _load("sarlacc")
    g = rulesdsl.Game.from_position(v, "tableau[42]: TD 9C")  # (5,1): the rest is empty
    s, d = v.pile_index("tableau[42]"), v.pile_index("tableau[43]")
    assert _max_run(v, g.state, s, 2, d) == MAX_INT  # 7 * 2 ** 50, saturated


# -- every rule that multiplies, at its extremes ---------------------------------------------------


def _grows(tree) -> bool:
    """Does the tree multiply, raise to a power or sum (what may pass the integer range)?"""
    stack, seen = [tree], set()
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if isinstance(n, checker.Binary) and n.op in ("*", "**") and not n.is_const:
            return True
        if isinstance(n, checker.Quant) and n.kind == "sum":
            return True
        for value in (getattr(n, f.name) for f in dataclasses.fields(n)):
            items = value if isinstance(value, tuple) else (value,)
            stack.extend(x for x in items if isinstance(x, checker.Expr))
    return False


def _extremes(v):
    """Positions at the ends: for each pair of groups, one card on the first pile of one, every
    other pile empty, the most points, the longest streak and the last move from that pile to
    the other's first (where the rules read the history)."""
    firsts = [g.start for g in v.layout.groups.values()]
    for s in firsts:
        for d in firsts:
            if s == d:
                continue
            # the king of spades, or the first suit's highest card in a deck without kings (Thirty's)
            high = "KS" if v.deck.high == 13 else v.deck.text(v.deck.ranks.index(v.deck.high))
            text = f"{v.pile_name(s)}: {high}"
            if v.base_pile is not None:
                text += "; base_rank: A"
            if v.records_history:
                text += f"; streak: {MAX_STREAK}; last: move {v.pile_name(s)} {v.pile_name(d)}"
            state = rulesdsl.Game.from_position(v, text).state
            state.points = 10 * MAX_INT  # many events: a rule reads the points saturated
            yield s, d, state


def _saturating_rules() -> dict:
    """(variant, options, rule path) -> the largest |value| found, for rules that reach MAX_INT."""
    found: dict = {}
    for name in registry.names():
        for combo in option_combinations(_load(name).option_decls):
            v = _load(name, tuple(sorted(combo.items())))
            compiler = Compiler(checker.World(v.deck, v.layout))
            rules = [(path, compiler.build(c.tree)) for path, c in v.exprs.items() if _grows(c.tree)]
            for s, d, state in _extremes(v) if rules else ():
                env = Env(state)
                card = state.piles[s][-1]
                env.run = env.cards = (card,)
                env.card, env.source, env.dest, env.pile, env.piles = card, s, d, s, (s,)
                for path, fn in rules:
                    value = fn(env)
                    assert value is None or -MAX_INT <= value <= MAX_INT, (name, path, value)
                    if value is not None and abs(value) == MAX_INT:
                        found[(name, tuple(sorted(combo.items())), path)] = value
    return found


def test_rules_near_the_bound_are_only_the_known_ones():
    """Only Sarlacc's max_run (2 ** 50 with the places empty) and TriPeaks' streak points
    (2 ** 16,383 at the longest streak a position may record, 65,535; a real game's streak
    is at most 28, 8 * 2 ** 6 points) reach the end of the range; FreeCell's 2 ** 8 and the
    sums of foundation sizes stay far inside it."""
    found = _saturating_rules()
    assert {(name, path) for name, _, path in found} == {
        ("sarlacc", ("piles", "tableau", "max_run")),
        ("tripeaks", ("piles", "waste", "points")),
    }, found
    assert all(value == MAX_INT for value in found.values())
