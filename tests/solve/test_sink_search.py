"""The compact search of sink_search.py (every card onto one pile: Golf, Black Hole): the
class is read from the rules, the model's moves are the engine's, its verdicts agree with a
naive search and with the general search, and where the engine refuses a move the model
makes it gives the deal back to the general search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.sink_search import SinkSearch, derive_sink_search, sink_rule
from rulesdsl.solve.solver import solve, solve_game
from rulesdsl.variant.loader import load_text
from tests.helpers import game

from .test_dead_ends import _black_hole, _golf
from .test_solver import naive, replays_to_win


@pytest.mark.parametrize(
    "name,options,derived",
    [
        ("black_hole", {}, True),
        ("golf", {}, True),
        ("golf", {"kings": "open"}, True),
        ("golf", {"corner": "turn", "kings": "open"}, True),
        ("tripeaks", {}, False),  # places cover one another, flips are automatic
        ("pyramid", {}, False),  # removals
        ("freecell", {}, False),
        ("klondike", {}, False),
    ],
)
def test_the_class_is_read_from_the_rules(name, options, derived):
    assert (derive_sink_search(rulesdsl.load(name, options)) is not None) is derived


GOLF_TWO = """
extends: golf
actions:
  turn:
    kind: deal
    from: "stock[0]"
    to: "foundation[0]"
    count: 2
"""

GOLF_LIMIT = """
extends: golf
actions:
  turn:
    kind: deal
    from: "stock[0]"
    to: "foundation[0]"
    limit: 1
"""

GOLF_SOURCE = """
extends: golf
piles:
  foundation:
    role: foundation
    accept: "abs(card.rank - dest.top.rank) == 1 and source.group == 'tableau'"
"""


def test_a_deal_of_two_cards_or_a_rule_reading_the_source_is_outside_the_class():
    assert derive_sink_search(load_text(GOLF_TWO)) is None
    assert derive_sink_search(load_text(GOLF_SOURCE)) is None
    assert derive_sink_search(load_text(GOLF_LIMIT)) is not None  # a limit only removes moves


def _model_moves(v, state) -> set:
    s = SinkSearch(sink_rule(v), v, state, max_states=10, time_limit=None, started=0.0)
    assert s.setup() is None
    key = s._key(state)
    heights = {p: len(state.piles[p]) for p in s.cols}
    out = set()
    for m in s._children(key, heights):
        out.add(("deal", s.rule.deals[~m][0]) if m < 0 else ("move", m))
    return out


def _engine_moves(g) -> set:
    return {("deal", m.name) if m.kind == "action" else ("move", m.sources[0]) for m in g.legal_moves()}


@pytest.mark.parametrize(
    "name,options", [("golf", {}), ("golf", {"corner": "turn", "kings": "open"}), ("black_hole", {})]
)
def test_the_models_moves_are_the_engines(name, options):
    v = rulesdsl.load(name, options)
    rng = random.Random(7)
    for deal in (1, 2, 3):
        g = v.numbered_game(deal)
        for _ in range(40):
            assert _model_moves(v, g.state) == _engine_moves(g)
            moves = g.legal_moves()
            if not moves:
                break
            g.apply_unchecked(rng.choice(moves))


def _agree(g) -> None:
    r = solve_game(g)
    assert r.verdict == ("won" if naive(g) else "unwinnable")
    assert solve_game(g, sink_search=False).verdict == r.verdict
    if r.verdict == "won":
        assert replays_to_win(g.variant, g.state, r.moves)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), k=st.integers(4, 11))
def test_black_hole_verdicts_agree_with_a_naive_and_the_general_search(seed, k):
    _agree(game("black_hole", _black_hole(random.Random(seed), k)))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    k=st.integers(3, 9),
    s=st.integers(0, 4),
    opts=st.sampled_from([{}, {"corner": "turn"}, {"kings": "open"}, {"corner": "turn", "kings": "open"}]),
)
def test_golf_verdicts_agree_with_a_naive_and_the_general_search(seed, k, s, opts):
    _agree(game("golf", _golf(random.Random(seed), k, s), **opts))


def test_a_line_the_engine_refuses_goes_back_to_the_general_search():
    # One turn of the stock allowed: the model turns twice (5, then 7 for the 6 and 8),
    # the engine refuses the second, so the model cannot decide and the general search
    # proves the deal lost.
    v = load_text(GOLF_LIMIT)
    g = rulesdsl.Game.from_position(v, "foundation[0]: 2S; stock[0]: 7H 5H; tableau[0]: 6C; tableau[1]: 8D")
    s = SinkSearch(sink_rule(v), v, g.state, max_states=1000, time_limit=None, started=0.0)
    assert s.run() is None
    assert naive(g) is False
    assert solve_game(g).verdict == "unwinnable"
    # with the limit the model's line is legal: won, and the line replays
    h = game("golf", "foundation[0]: 2S; stock[0]: 7H 5H; tableau[0]: 6C; tableau[1]: 8D")
    r = solve_game(h)
    assert r.verdict == "won" and replays_to_win(h.variant, h.state, r.moves)


def test_limits_stop_the_compact_search():
    v = rulesdsl.load("golf")
    r = solve(v, v.numbered_game(4).state, max_states=500)
    assert r.verdict == "unknown" and r.limit == "states" and r.states == 500
