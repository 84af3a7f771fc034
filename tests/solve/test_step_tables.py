"""Each foundation's own steps (step_tables.py) and the win finder's wait term read from them
(beam.Rating.wait): the steps are read from the rules, the term orders the score as a player
counts, and with it on or off the finder wins exactly what the exhaustive search wins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve import beam
from rulesdsl.solve.step_tables import derive_steps

from ..helpers import text_loader
from .test_beam import wins_what_the_exhaustive_search_wins

# Calculation in small: five ranks (a prime, so counting by twos passes every rank once), two
# suits, foundations from A by ones and from 2 by twos, one waste pile: seeds won and lost.
MINI_CALCULATION = """name: Mini Calculation
description: Ten cards; two foundations from A and 2 counting by ones and twos; one waste pile.
deck: {ranks: [A, 2, 3, 4, 5], suits: [{name: spades, letter: S, color: black}, {name: hearts, letter: H, color: red}]}
piles:
  stock:
    role: stock
  waste:
    role: waste
    lift: top
  foundation:
    count: 2
    role: foundation
    lift: top
    capacity: 5
    accept_empty: "run.size == 1 and card.rank == dest.index + 1 and source.group != 'foundation'"
    accept: "run.size == 1 and card.rank == (dest.top.rank + dest.index) % 5 + 1 and source.group != 'foundation'"
  tableau:
    count: 1
    role: tableau
    lift: top
    accept: "source.group == 'waste'"
    accept_empty: "source.group == 'waste'"
deal:
  - place: {"foundation[0]": AS, "foundation[1]": 2S}
  - shuffle
  - {to: waste, count: 1}
  - {rest: "stock[0]"}
actions:
  draw:
    kind: deal
    from: "stock[0]"
    to: "waste[0]"
    when: "waste[0].empty"
win: "all(f in foundation: f.size == 5)"
"""


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "steps", MINI_CALCULATION)


def _waits(v, position):
    g = rulesdsl.Game.from_position(v, position)
    steps = derive_steps(v)
    assert steps is not None
    code = {v.deck.text(c): c for c in range(v.deck.size)}
    return g, {name: steps.waits(g.state)[c] for name, c in code.items()}


START = "foundation[0]: AS; foundation[1]: 2S; foundation[2]: 3S; foundation[3]: 4S"


def test_calculation_steps_are_each_foundations_own():
    v = rulesdsl.load("calculation")
    g, wait = _waits(v, START + "; tableau[0]: 5H KH")
    # a 2 goes on the A now; a 5 waits for 2, 3, 4 on the first foundation (by twos: 4 6 8
    # 10 Q A 3 first, by threes 6 9 Q 2, by fours 8 Q 3 7 J 2 6 10 A); a king comes last on all
    assert wait["2H"] == 0 and wait["4H"] == 0 and wait["8H"] == 0
    assert wait["5H"] == 3
    assert wait["KH"] == 11
    # the merged chains read nothing here (every card is on a cycle of the tables)
    assert beam.buried_gaps(v, beam.chains(v)) is None


def test_a_late_card_on_an_early_one_lowers_the_score():
    v = rulesdsl.load("calculation")
    bad = rulesdsl.Game.from_position(v, START + "; tableau[0]: 5H KH")
    good = rulesdsl.Game.from_position(v, START + "; tableau[0]: KH 5H")
    rate = beam.Rating(v, bad.state)
    assert rate.steps is not None
    assert rate.wait(good.state) == 0
    assert rate.wait(bad.state) == -8 * beam.W_WAIT
    off = beam.Rating(v, bad.state, steps=False)
    assert off.steps is None and off.wait(bad.state) == 0


def test_the_steps_are_read_where_a_rule_reads_more_than_the_tables_allow():
    # Strategy's foundations read stock[0].empty, Puss in the Corner's source == none: read in a
    # bare position, they still give each foundation's order (up in suit, up in colour)
    for name in ("strategy", "puss_in_the_corner"):
        v = rulesdsl.load(name)
        assert beam.chains(v) is None
        assert beam.Rating(v, v.new_game(1).state).steps is not None, name
    # where the chains give gaps (Numerica) or piles build (Forty Thieves) the term is not read
    for name in ("numerica", "forty_thieves"):
        v = rulesdsl.load(name)
        assert beam.Rating(v, v.new_game(1).state).steps is None, name


def test_the_small_game_has_won_and_lost_seeds(load):
    from rulesdsl.solve.solver import solve_game

    v = load()
    verdicts = {solve_game(v.new_game(s)).verdict for s in range(1, 13)}
    assert verdicts == {"won", "unwinnable"}
    assert beam.Rating(v, v.new_game(1).state).steps is not None


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), steps=st.booleans())
def test_the_wait_term_wins_exactly_what_the_exhaustive_search_wins(load, seed, steps):
    v = load()
    g = v.new_game(seed)
    wins_what_the_exhaustive_search_wins(v, g, time_limit=10.0, steps=steps)
