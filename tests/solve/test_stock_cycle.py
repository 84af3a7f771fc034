"""Stock symmetry (stock_cycle.derive_cycle): the stock and waste keyed by the talon where
actions can turn them back to where they are. The verdicts agree with the plain search
(every action a move of its own, the stock keyed as it lies), the lines replay, and the
class is read from the rules alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.keys import Keyer
from rulesdsl.solve.solver import solve, solve_game
from rulesdsl.solve.stock_cycle import derive_cycle

from .test_solver import replays_to_win
from .test_stock_macros import MINI, NEEDS_REDEAL, mini  # noqa: F401 (a fixture)


def keyer_of(v, state):
    rule = derive_cycle(v)
    return Keyer(v, state, analyse(v), None, pile_key=rule.key_piece())


def test_klondike_is_recognised_with_its_draw():
    assert derive_cycle(rulesdsl.load("klondike")).draw == 1
    rule = derive_cycle(rulesdsl.load("klondike", {"draw": 3, "thoughtful": "yes"}))
    assert rule.draw == 3 and rule.face_up


@pytest.mark.parametrize("name", ["freecell", "canfield", "bristol", "golf", "spider"])
def test_variants_outside_the_class_are_not(name):
    assert derive_cycle(rulesdsl.load(name)) is None


def test_a_limit_that_could_bind_turns_it_off(mini):  # noqa: F811
    v = mini("2")
    g = rulesdsl.Game.from_position(v, NEEDS_REDEAL)
    rule = derive_cycle(v)
    assert rule is not None and not rule.unlimited(g.state, 10)
    assert derive_cycle(mini()).unlimited(g.state, 999_999)
    assert not derive_cycle(mini()).unlimited(g.state, 1_000_001)


def test_draws_that_turn_the_stock_back_share_a_key(mini):  # noqa: F811
    v = mini()
    g = rulesdsl.Game.from_position(v, "tableau[0]: 8S; stock[0]: #7S #8H #7H #5S #6H #2H #3H")
    keyer = keyer_of(v, g.state)
    start = keyer.full_key()
    keys = [start]
    for _ in range(4):  # 3, 6, 7 cards turned, then the recycle: pointers 3, 6, 7 (the end), 0
        g.play("draw" if g.state.piles[0] else "recycle")
        keys.append(keyer.full_key())
    assert keys == [start] * 5
    other = rulesdsl.Game.from_position(v, "tableau[0]: 8S; stock[0]: #7S #8H #7H #5S #6H #3H #2H")
    assert keyer_of(v, other.state).full_key() != start  # another talon order


def test_a_pointer_off_the_draw_steps_is_keyed_as_it_lies(mini):  # noqa: F811
    v = mini()
    # two cards on the waste: with draw 3 no recycle comes back to a pointer of 2
    a = rulesdsl.Game.from_position(v, "tableau[0]: 8S; waste[0]: 7S 8H; stock[0]: #2H #3H #7H")
    b = rulesdsl.Game.from_position(v, "tableau[0]: 8S; stock[0]: #2H #3H #7H #8H #7S")
    assert keyer_of(v, a.state).full_key() != keyer_of(v, b.state).full_key()
    c = rulesdsl.Game.from_position(v, "tableau[0]: 8S; waste[0]: 7S 8H 7H; stock[0]: #2H #3H")
    assert keyer_of(v, c.state).full_key() == keyer_of(v, b.state).full_key()
    # the same piles with the stock face up are not what a recycle leaves: as they lie
    d = rulesdsl.Game.from_position(v, "tableau[0]: 8S; stock[0]: 2H 3H 7H 8H 7S")
    assert keyer_of(v, d.state).full_key() != keyer_of(v, b.state).full_key()


def test_klondike_proves_a_loss_in_fewer_positions():
    v = rulesdsl.load("klondike")
    g = rulesdsl.Game.from_position(
        v, "foundation[0]: AS; tableau[0]: 3S 2S; stock[0]: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    )
    a, b = solve_game(g), solve_game(g, stock_symmetry=False)
    assert (a.verdict, b.verdict) == ("unwinnable", "unwinnable")
    assert a.states < b.states


def test_a_win_through_the_walk_replays(mini):  # noqa: F811
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_REDEAL)
    r = solve(v, g.state)
    assert r.verdict == "won" and replays_to_win(v, g.state, r.moves)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_verdicts_agree_with_and_without_it(mini, seed, draw):  # noqa: F811
    v = mini("unlimited", MINI.replace("count: 3", f"count: {draw}"))
    g = v.new_game(seed)
    a = solve_game(g)
    b = solve_game(g, stock_symmetry=False, stock=False)  # every action a move of its own
    assert a.verdict == b.verdict != "unknown"  # (unlimited passes: too deep for naive())
    if a.verdict == "won":
        assert replays_to_win(v, g.state, a.moves)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 2, 3]))
def test_many_more_deals_agree_with_and_without_it(mini, seed, draw):  # noqa: F811
    v = mini("unlimited", MINI.replace("count: 3", f"count: {draw}"))
    g = v.new_game(seed)
    a, b = solve_game(g), solve_game(g, stock_symmetry=False, stock=False)
    assert a.verdict == b.verdict != "unknown"
