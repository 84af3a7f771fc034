"""Generated apply and undo (genapply.py) against the closure engine (moves.py), in lockstep.

For every shipped variant (default options, and each listed value of its options in turn),
random playouts are played on two copies of one deal: one copy by moves.apply / moves.undo,
the other by the generated functions. After every apply and every undo the two positions
must be identical (State.key(): piles, face-down counts, action counters, points) and the
two operation logs equal, op for op. Each step also undoes a random number of moves, so
undo is compared after long sequences too. DIFF_POSITIONS (environment) raises the count.
"""

from __future__ import annotations

import os
import random
from array import array

import pytest

import rulesdsl
from rulesdsl.engine import genapply
from rulesdsl.engine import moves as engine
from rulesdsl.lang.runtime import Env

POSITIONS = int(os.environ.get("DIFF_POSITIONS", "1000"))  # compared per variant, at least


def _configs():
    out = []
    for name in rulesdsl.variant_names():
        decls = rulesdsl.load(name).option_decls
        combos = [{}]
        for o in decls:
            if o.values is not None:
                combos.extend({o.name: value} for value in o.values if value != o.default)
        out.extend(pytest.param(name, c, id=name + "".join(f"[{k}={v}]" for k, v in c.items())) for c in combos)
    return out


CONFIGS = _configs()
PER_CONFIG = {}
for p in CONFIGS:
    PER_CONFIG[p.values[0]] = PER_CONFIG.get(p.values[0], 0) + 1


@pytest.mark.parametrize("name, options", CONFIGS)
def test_generated_apply_and_undo_match_the_closures(name, options):
    v = rulesdsl.load(name, options)
    if genapply.reference_only(v):  # played by moves.py itself: nothing generated to compare
        assert genapply.engine(v)[0] is not genapply.functions(v)[0]
        pytest.skip("rules left to the reference engine (history, conditional flips)")
    gen_apply, gen_undo = genapply.functions(v)
    rng = random.Random(f"{name}{sorted(options.items())}")
    want = -(-POSITIONS // PER_CONFIG[name])  # this configuration's share of the variant's positions
    compared = 0
    seed = 0
    while compared < want:
        seed += 1
        a = v.new_game(seed).state
        b = a.copy()
        env_a, env_b = Env(a), Env(b)
        log_a, log_b = array("q"), array("q")
        marks, keys = [], []  # where each move's operations start; the position before it
        for _ in range(200):
            env_a.st = a
            found = engine.generate(v, a, env_a)
            if not found or compared >= want:
                break
            move = rng.choice(found)
            marks.append(len(log_a))
            keys.append(a.key())
            engine.apply(v, a, move, env_a, log_a)
            gen_apply(b, move, env_b, log_b)
            assert b.key() == a.key(), (seed, move)
            assert log_b == log_a, (seed, move)
            compared += 1
            if marks and rng.random() < 0.15:  # take back one or more moves, alternating engines
                for _ in range(rng.randint(1, len(marks))):
                    start = marks.pop()
                    key = keys.pop()
                    if rng.random() < 0.5:
                        engine.undo(a, log_a, start, v)
                        gen_undo(b, log_b, start)
                    else:
                        gen_undo(a, log_a, start)
                        engine.undo(b, log_b, start, v)
                    assert b.key() == a.key() == key, seed
                    assert log_b == log_a, seed
                    compared += 1
        while marks:  # and back to the deal
            start = marks.pop()
            engine.undo(a, log_a, start, v)
            gen_undo(b, log_b, start)
            assert b.key() == a.key() == keys.pop(), seed
        assert a.key() == b.key() == v.new_game(seed).state.key()


def test_the_generated_text_holds_no_author_text():
    v = rulesdsl.load("klondike")
    text = genapply.source(v)
    compile(text, "<test>", "exec")
    for word in (v.id, v.name, "tableau", "foundation", "stock"):
        assert word not in text


def test_the_engine_variable_selects_the_closures(monkeypatch):
    v = rulesdsl.load("klondike")
    monkeypatch.setenv("RULESDSL_ENGINE", "closures")
    assert genapply.engine(v) != genapply.functions(v)
    monkeypatch.delenv("RULESDSL_ENGINE")
    assert genapply.engine(v) == genapply.functions(v)


def _lockstep(v, a, rng, steps):
    """Play random moves on a and a copy by the two engines; compare after each apply and undo."""
    gen_apply, gen_undo = genapply.functions(v)
    b = a.copy()
    env_a, env_b = Env(a), Env(b)
    log_a, log_b = array("q"), array("q")
    first = a.key()
    for _ in range(steps):
        found = engine.generate(v, a, env_a)
        if not found:
            break
        for move in found:  # every move from here, played and taken back
            engine.apply(v, a, move, env_a, log_a)
            gen_apply(b, move, env_b, log_b)
            assert b.key() == a.key() and log_b == log_a, move
            gen_undo(a, log_a, 0)
            engine.undo(b, log_b, 0, v)
            assert b.key() == a.key() == first and not log_a and not log_b, move
        move = rng.choice(found)
        engine.apply(v, a, move, env_a, log_a)
        gen_apply(b, move, env_b, log_b)
        del log_a[:], log_b[:]
        first = a.key()
        assert b.key() == first


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_automatic_moves_match(suits):
    """Spider's automatic move (a finished suit leaves for a foundation) seldom happens in
    random play: build positions where a move finishes a suit, twice, and compare there."""
    v = rulesdsl.load("spider", {"suits": suits})
    deck = v.deck
    for seed in range(1, 4):
        st = v.new_game(seed).state
        piles, down = st.piles, st.down
        for k in range(2):
            col, other = v.pile_index(f"tableau[{2 * k}]"), v.pile_index(f"tableau[{2 * k + 1}]")
            suit = deck.suit_of[piles[col][-1]]
            run = []
            for rank in range(13, 0, -1):  # K..A of one suit, taken from wherever they lie
                p, c = next(
                    (p, c)
                    for p in range(len(piles))
                    for c in piles[p]
                    if deck.suit_of[c] == suit and deck.rank_of[c] == rank and c not in run
                )
                piles[p].remove(c)
                down[p] = min(down[p], max(len(piles[p]) - 1, 0))
                run.append(c)
            piles[col].extend(run[:-1])
            piles[other].append(run[-1])
        _lockstep(v, st, random.Random(seed), 30)
