"""Dead ends of removal games (removal_ends.py) and the sink test where piles cover one
another (dead_ends.py, ``covered``): hand-made positions, the moves the tables list against
the engine's, and verdicts with and without each test against a naive search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.dead_ends import derive_dead
from rulesdsl.solve.removal_ends import RemovalEnds, derive_removal_ends
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game

from .test_solver import naive, replays_to_win

RANKS = "A23456789TJQK"
CARDS = [r + s for s in "SHDC" for r in RANKS]
BOTTOM = range(21, 28)  # Pyramid's bottom row of places


@pytest.mark.parametrize(
    "name,options,derived",
    [("pyramid", {}, True), ("pyramid", {"wastes": 3}, True), ("golf", {}, False), ("freecell", {}, False)],
)
def test_the_pair_test_is_derived_only_for_games_of_removals(name, options, derived):
    assert isinstance(derive_removal_ends(rulesdsl.load(name, options)), RemovalEnds) is derived


def test_tripeaks_gets_the_sink_test_only_with_covered():
    v = rulesdsl.load("tripeaks")
    assert derive_dead(v) is not None
    assert derive_dead(v, covered=False) is None


def test_a_card_whose_partners_are_all_gone_is_a_dead_end():
    # the 6S needs a 7; all four are on the discard pile
    g = game("pyramid", "pyramid[27]: 6S; pyramid[26]: 8H; pyramid[25]: 5D; stock[0]: KS; discard[0]: 7S 7H 7D 7C")
    assert solve_game(g).verdict == "unwinnable"
    assert solve_game(g).states <= 1
    assert naive(g) is False


def test_a_partner_under_the_card_is_gone_for_good():
    # place 15 (row 6) covers places 21 and 22; the only 7 left lies under the 6
    g = game("pyramid", "pyramid[15]: 6S; pyramid[21]: 7H; pyramid[22]: KD; discard[0]: 7S 7D 7C")
    r = solve_game(g)
    assert r.verdict == "unwinnable" and r.states <= 1
    assert naive(g) is False


def test_two_cards_bound_for_the_one_waste_never_meet():
    # one waste: a stock card lands on the waste card, so the 6 and 7 there are apart; the
    # pyramid's 6 and 7 go together, but the stock's 6 and the waste's 7 are not needed
    g = game("pyramid", "pyramid[27]: 6S; stock[0]: 7H; waste[0]: 7D; discard[0]: 7S 7C")
    assert solve_game(g).verdict == "won"
    h = game("pyramid", "pyramid[27]: 6S; pyramid[26]: 6H; stock[0]: 7H; discard[0]: 7S 7C 7D")
    assert solve_game(h).verdict == "unwinnable" and solve_game(h).states <= 1
    assert naive(h) is False


def test_a_matching_is_needed_not_only_a_partner_each():
    # two 6s and one 7 left: each 6 has a partner, but they cannot both have it
    g = game("pyramid", "pyramid[27]: 6S; pyramid[25]: 6H; pyramid[23]: 7H; discard[0]: 7S 7C 7D")
    r = solve_game(g)
    assert r.verdict == "unwinnable" and r.states <= 1
    assert naive(g) is False


@pytest.mark.parametrize("options", [{}, {"wastes": 3}])
def test_the_tables_list_the_engines_moves(options):
    v = rulesdsl.load("pyramid", options)
    rule = derive_removal_ends(v)
    rng = random.Random(5)
    for seed in range(1, 6):
        g = rulesdsl.Game.new(v, seed=seed)
        gen = rule.generator(v, rulesdsl.Game(v, g.state.copy())._env)
        for _ in range(60):
            engine = g.generate()
            assert gen(g.state) == engine
            if not engine:
                break
            g.apply_unchecked(rng.choice(engine))


def _small_pyramid(rng, k, s, w):
    """k cards in the pyramid's two bottom rows, s in the stock, w on the waste, the rest
    gone; the pyramid's cards mostly in pairs totalling 13 (so often winnable)."""
    cards = CARDS[:]
    rng.shuffle(cards)
    places = rng.sample(list(BOTTOM) + list(range(15, 21)), k)
    text = [f"pyramid[{p}]: {cards.pop()}" for p in places]
    if s:
        text.append("stock[0]: " + " ".join(cards.pop() for _ in range(s)))
    if w:
        text.append("waste[0]: " + " ".join(cards.pop() for _ in range(w)))
    text.append("discard[0]: " + " ".join(cards[: rng.randint(0, len(cards))]))
    return "; ".join(text)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), k=st.integers(2, 7), s=st.integers(0, 6), w=st.integers(0, 3))
def test_pyramid_verdicts_agree_with_and_without_the_pair_test(seed, k, s, w):
    g = game("pyramid", _small_pyramid(random.Random(seed), k, s, w))
    r = solve_game(g)
    assert r.verdict == ("won" if naive(g) else "unwinnable")
    assert solve(g.variant, g.state, pairs=False).verdict == r.verdict
    assert solve(g.variant, g.state, lone=False).verdict == r.verdict
    if r.verdict == "won":
        assert replays_to_win(g.variant, g.state, r.moves)


def test_a_lone_removal_is_the_only_move_searched():
    # the KS goes alone and pairs with nothing: it is taken first, the pair and the draw wait;
    # the 6S and 7H are each other's only partners left: taken first too
    g = game(
        "pyramid", "pyramid[27]: KS; pyramid[26]: 6S; pyramid[25]: 7H; stock[0]: 2C; discard[0]: 6H 6D 6C 7S 7D 7C"
    )
    v = g.variant
    rule = derive_removal_ends(v)
    ends = rule.start(g.state)
    gen = rule.generator(v, rulesdsl.Game(v, g.state.copy())._env, ends)
    king = g.state.piles[v.pile_index("pyramid[27]")][0]
    assert [m.cards for m in gen(g.state)] == [(king,)]
    g.play(gen(g.state)[0])
    ends.alive &= ~(1 << king)
    assert [m.name for m in gen(g.state)] == ["pair"]
    # with a third 7 left, the 6S might go with either: no lone removal
    h = game("pyramid", "pyramid[26]: 6S; pyramid[25]: 7H; stock[0]: 7D; discard[0]: 6H 6D 6C 7S 7C")
    ends = rule.start(h.state)
    gen = rule.generator(v, rulesdsl.Game(v, h.state.copy())._env, ends)
    assert sorted(m.kind for m in gen(h.state)) == ["action", "remove"]


def _small_tripeaks(rng, k, s):
    cards = CARDS[:]
    rng.shuffle(cards)
    places = rng.sample(range(9, 28), k)  # the two front rows; the second row face down
    text = [f"tableau[{p}]: {'#' if p < 18 else ''}{cards.pop()}" for p in places]
    if s:
        text.append("stock[0]: " + " ".join(cards.pop() for _ in range(s)))
    text.append("waste[0]: " + cards.pop())
    return "; ".join(text)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), k=st.integers(2, 7), s=st.integers(0, 6))
def test_tripeaks_verdicts_agree_with_and_without_the_covered_test(seed, k, s):
    g = game("tripeaks", _small_tripeaks(random.Random(seed), k, s))
    r = solve_game(g)
    assert r.verdict == ("won" if naive(g) else "unwinnable")
    assert solve(g.variant, g.state, covered=False).verdict == r.verdict
