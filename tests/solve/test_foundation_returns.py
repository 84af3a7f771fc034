"""Needless returns (foundation_returns.py): a foundation's top card does not come back down
where it would at once go up again safely. Proved only where a FoundationRule is, checked on
hand-made positions, and searches agree with it on and off (and with a plain search) on
small games."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.foundation_returns import derive_returns
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve_game

from ..helpers import text_loader
from .test_safe_foundations import KLONDIKE_LOWS, MINI_FAN, mini_klondike
from .test_solver import naive

# the five of hearts up, with both black fours and the other red four below it: safe there
UP = KLONDIKE_LOWS.replace("4H;", "4H 5H;").replace("KS 5H", "KS 6S").replace(" #6S", "")


@pytest.mark.parametrize(
    "name, holds",
    [("klondike", True), ("fan", True), ("freecell", False), ("spider", False)],
)
def test_the_rule_is_derived_only_where_a_foundation_rule_is(name, holds):
    assert (derive_returns(rulesdsl.load(name)) is not None) == holds


def _needless(v, text, move):
    g = rulesdsl.Game.from_position(v, text)
    search = Search(
        v, g.state, max_states=1000, started=time.monotonic(), time_limit=None, analysis=None,
        safe=True, dead=True, declared_safe=True, stock=True, greedy=False,
    )  # fmt: skip
    ms = [m for m in g.legal_moves() if g.move_text(m) == move]
    assert len(ms) == 1
    return derive_returns(v).start(search)(ms[0])


def test_a_safe_card_stays_up():
    v = rulesdsl.load("klondike")
    assert _needless(v, UP, "5H@foundation[1]>tableau[0]")
    # a black four in play could go onto it: it may come down
    four = UP.replace(" 4C;", ";").replace("KS 6S", "KS 6S; tableau[1]: 4C")
    assert not _needless(v, four, "5H@foundation[1]>tableau[0]")
    # a red three in play could go onto a black four that comes back down: no proof
    three = UP.replace(" 3D 4D;", ";").replace("KS 6S", "KS 6S; tableau[1]: 4D 3D")
    assert not _needless(v, three, "5H@foundation[1]>tableau[0]")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_small_klondikes_agree_with_it_and_without(tmp_path_factory, seed, draw):
    v = text_loader(tmp_path_factory, "mk")(mini_klondike(draw))
    g = v.new_game(seed)
    on = solve_game(g)
    off = solve_game(g, returns=False)
    plain = solve_game(g, returns=False, safe=False, declared_safe=False, stock=False, partial=False)
    assert on.verdict == off.verdict == plain.verdict != "unknown"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6))
def test_small_fans_agree_with_it_without_and_with_a_naive_search(tmp_path_factory, seed):
    p = tmp_path_factory.mktemp("mf") / "mini_fan.yaml"
    p.write_text(MINI_FAN)
    v = rulesdsl.load(str(p))
    g = v.new_game(seed)
    on = solve_game(g)
    assert on.verdict == solve_game(g, returns=False).verdict == ("won" if naive(g) else "unwinnable")
