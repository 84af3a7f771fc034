"""The generated move generator (codegen.py) against the closure engine (moves.generate).

For every shipped variant (default options, and the option sets the perft fixtures pin down),
random playouts from several seeds visit at least POSITIONS positions; at each, both engines
must list exactly the same moves in the same order, and a sample of the listed moves, played
and taken back, must give the same positions from either list. Set RULESDSL_DIFF_POSITIONS
for a longer run.
"""

from __future__ import annotations

import os
import random

import pytest

import rulesdsl
from rulesdsl.engine import codegen, moves
from rulesdsl.lang.runtime import Env
from rulesdsl.variant import registry
from tests.helpers import engines_agree

POSITIONS = int(os.environ.get("RULESDSL_DIFF_POSITIONS", "1000"))
PLAYOUT = 60  # moves per playout: then a new seed, so positions come from many deals
SAMPLE = 2  # listed moves played and undone at each position, besides the one played on

OPTION_SETS = [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("klondike", {"thoughtful": "yes", "passes": 1}),
    ("sakhmet", {"level": "draw1"}),
    ("sakhmet", {"level": "draw3"}),
    ("pyramid", {"wastes": 1}),
    ("pyramid", {"wastes": 3}),
    ("spider", {"suits": 1}),
    ("spider", {"suits": 2}),
    ("spider", {"suits": 4}),
    ("calculation", {"foundations": "open"}),
    ("calculation", {"foundations": "closed"}),
    ("golf", {"kings": "open"}),
    ("golf", {"kings": "closed"}),
]
# Accordion's rows stay long (a move may jump one or three piles), so its 1,000 positions
# take as long as a dozen other files': run with the slow tests (CI runs them).
HEAVY = {"accordion"}
CASES = [
    pytest.param(name, None, marks=pytest.mark.slow) if name in HEAVY else (name, None) for name in registry.names()
] + OPTION_SETS


def _case_id(case) -> str:
    name, options = case.values if hasattr(case, "values") else case
    return f"{name}-{options}" if options else name


def _played(v, st, move):
    """The position after the move, then the position after taking it back."""
    after = st.copy()
    log: list = []
    moves.apply(v, after, move, Env(after), log)
    key = after.key()
    moves.undo(after, log, 0, v)
    return key, after.key()


@pytest.mark.parametrize(("name", "options"), CASES, ids=[_case_id(c) for c in CASES])
def test_generated_lists_what_the_closures_list(name, options):
    v = rulesdsl.load(name, options)
    gen = codegen.generated(v)
    rng = random.Random(f"{name}{options}")
    wanted = POSITIONS
    seen = 0
    seed = 0
    while seen < wanted:
        seed += 1
        g = v.new_game(seed)
        for step in range(PLAYOUT):
            st = g.state
            before = st.key()
            ref = moves.generate(v, st, Env(st))
            got = gen(st, Env(st))
            seen += 1
            assert got == ref, f"{name} {options}: seed {seed}, after {step} moves"
            assert [(m.kind, m.name) for m in got] == [(m.kind, m.name) for m in ref]
            assert st.key() == before  # generating changed nothing
            if not ref:
                break
            for i in rng.sample(range(len(ref)), min(SAMPLE, len(ref))):
                mine, theirs = _played(v, st, got[i]), _played(v, st, ref[i])
                assert mine == theirs
                assert mine[1] == before
            g.apply_unchecked(rng.choice(got))
            if g.won:
                break


# Rules whose arithmetic passes the integer range and saturates (ops.py): each is true or
# false only because of saturation, and the generator translates each (the source has its
# saturating forms), so both engines must agree on the saturated values.
SATURATING = {
    "sequence": "b.rank == a.rank - 1 and (a.rank - b.rank) * 1000000 * 3000 == 2 ** 40",
    "accept_empty": "2 ** (card.rank * 3) >= 2 ** 31 or (card.rank + 1) ** (card.rank * 2) > 1000000 * 2000",
    "max_run": "sum(p in tableau: p.size * 1000000 * 1000) / 1000000 - 2147 + 2 ** (40 - card.rank) / 2 ** 30",
    "action_when": "-(stock[0].size * 1000000 * 3000) < 0 - 2 ** 31 + 1",
}


@pytest.mark.parametrize("loop", [False, True], ids=["unrolled", "loop"])
def test_saturating_rules_list_the_same_moves(monkeypatch, tmp_path, loop):
    from rulesdsl.variant.loader import load_path
    from tests import exprgen

    if loop:
        monkeypatch.setattr(codegen, "MAX_GENERATED_PAIRS", -1)
    path = tmp_path / "saturating.yaml"
    path.write_text(exprgen.variant(**SATURATING), encoding="utf-8")
    v = load_path(path)
    text = codegen.source(v)
    for form in ("SAT(", "POW(", " < 31 else 2147483647)", ", 2147483647)"):  # translated, not closures
        assert form in text, form
    assert engines_agree(v, rng_seed=5) > 20


# Membership both ways ("notin" is the parser's spelling of not in): translated, not called
# as closures, unrolled and in loop mode, and the same moves as the closures.
MEMBERSHIP = {
    "accept": "card.suit == dest.top.suit and card.rank not in [dest.top.rank, dest.top.rank - 1]"
    " and card.rank - 1 in [dest.top.rank]",
    "max_run": "count(p in tableau: p.empty and source not in [p]) + 1",
}


@pytest.mark.parametrize("loop", [False, True], ids=["unrolled", "loop"])
def test_membership_rules_list_the_same_moves(monkeypatch, tmp_path, loop):
    from rulesdsl.variant.loader import load_path
    from tests import exprgen

    if loop:
        monkeypatch.setattr(codegen, "MAX_GENERATED_PAIRS", -1)
    path = tmp_path / "membership.yaml"
    path.write_text(exprgen.variant(**MEMBERSHIP), encoding="utf-8")
    v = load_path(path)
    text = codegen.source(v)
    assert " not in (" in text and "F[" not in text  # translated, no closure called
    assert engines_agree(v, rng_seed=9) > 20
