"""The win finder (beam.py) where the stock matters: the stock macro moves (_Stock, read from
the rules by the search's own classes, stock_macros.py and stock_cycle.py), the talon keyed
by the stock symmetry, and the talon's term of the score (TalonScore). The lines replay move
by move, and on small Klondike-like games the finder, wide enough to see every position of
a level, wins exactly what the exhaustive search wins, with each switch on and off."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve import beam

from .test_beam import wins_what_the_exhaustive_search_wins
from .test_solver import replays_to_win
from .test_stock_macros import MINI, NEEDS_REDEAL, mini  # noqa: F401 (a fixture)


def run(v, state, **kw):
    """One wide run of the finder: its moves (not replayed) and the levels it went down."""
    stats: dict = {}
    moves, _ = beam._run(v, state, 1000, random.Random(0), time.process_time, float("inf"), stats, **kw)
    return moves, stats.get("levels", 0)


@pytest.mark.parametrize("passes", ["unlimited", "2"])
def test_a_draw_and_its_move_are_one_level_and_the_line_replays(mini, passes):  # noqa: F811
    v = mini(passes)
    g = rulesdsl.Game.from_position(v, NEEDS_REDEAL)
    moves, levels = run(v, g.state, stock=True)
    assert moves is not None and any(m.kind == "action" for m in moves)
    line = beam.replay(v, g.state, moves)
    assert line is not None and replays_to_win(v, g.state, line)
    # the draws and the recycle ride with the card they turn up: fewer levels than moves
    assert levels + 1 < len(moves)
    plain, plain_levels = run(v, g.state, stock=False)
    assert plain is not None and plain_levels + 1 == len(plain)  # one move a level


def test_klondike_lines_through_the_stock_replay():
    v = rulesdsl.load("klondike", {"draw": 3})
    g = rulesdsl.Game.numbered(v, 1)
    line = beam.find_win(v, g.state, time_limit=30.0, widths=(32,), stock=True)
    assert line is not None and "draw" in line and replays_to_win(v, g.state, line)


def test_turned_stocks_share_the_key_only_with_the_symmetry(mini):  # noqa: F811
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_REDEAL)
    start = g.state.copy()
    g.play("draw")  # the pointer from 2 to 5: off the draws' steps, keyed as they lie
    assert beam._Keys(v, beam._Stock.of(v, start))(start) != beam._Keys(v, beam._Stock.of(v, start))(g.state)
    g.play("draw")  # the stock empty: the pointer at the talon's end
    h = rulesdsl.Game(v, g.state.copy())
    h.play("recycle")  # the same talon, the pointer at 0, a recycle counted
    macro = beam._Stock.of(v, g.state)
    assert macro is not None and macro.cycle is not None
    keyed = beam._Keys(v, macro)
    assert keyed(g.state) == keyed(h.state)
    assert beam._Keys(v)(g.state) != beam._Keys(v)(h.state)  # the piles as they lie
    limited = mini("2")
    assert beam._Stock.of(limited, g.state).cycle is None  # a limit a run could reach


def test_the_talon_term_counts_the_cards_draws_turn_that_land(mini):  # noqa: F811
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_REDEAL)
    talon = beam.TalonScore.of(beam._Stock.of(v, g.state))
    assert talon is not None
    # the talon, waste bottom first then the stock top first: 5H 6S 6H 5S 7H 8H 7S, pointer 2,
    # draw 3: the tops draws turn are the talon's 2nd, 5th and 7th cards (from the pointer),
    # then after a recycle its 3rd and 6th: 6S 7H 7S 6H 8H. The piles would take 5S and 5H
    # (the foundations' fours), 7H (on the column's 8S) and 8H (the empty column): two of them
    # are tops, 5S and 5H are not (they lie at the 4th and 1st places).
    assert talon(g.state) == beam.W_REACH * 2 - beam.W_TALON * 7
    g.play("draw")  # the pointer at 5: 7H now on top, the same tops ahead
    assert talon(g.state) == beam.W_REACH * 2 - beam.W_TALON * 7


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]), passes=st.sampled_from(["unlimited", "2"]))
def test_it_wins_exactly_what_the_exhaustive_search_wins(mini, seed, draw, passes):  # noqa: F811
    v = mini(passes, MINI.replace("count: 3", f"count: {draw}"))
    g = v.new_game(seed)
    # (every draw a child of its own only with passes limited: unlimited, the counter in the
    # key makes the positions endless and a lost deal takes the whole time limit)
    plain = ((False, False),) if passes != "unlimited" else ()
    for stock, score in ((True, True), (True, False), *plain):
        wins_what_the_exhaustive_search_wins(v, g, time_limit=20.0, stock=stock, stock_score=score)


def test_the_walk_ends_without_the_symmetry_where_passes_are_unlimited(mini):  # noqa: F811
    # (Triple Klondike's class: the macros without the symmetry, counters in the key) a
    # configuration met again with no fewer uses of every action is not walked again
    v = mini()
    g = rulesdsl.Game.from_position(v, NEEDS_REDEAL)
    macro = beam._Stock.of(v, g.state)
    macro.cycle = macro.hook = None
    met: list = []

    def visit(prefix, taking):
        met.append(prefix)
        assert len(met) < 100, "the walk goes round the stock again and again"

    actions = [m for m in g.legal_moves() if m.kind == "action"]
    macro.walk(v, g.state, g._env, g, actions, visit)
    # the pointer from 2 to 5, 7, a recycle to 0, then 3, 6 and 7 (met with fewer uses): five
    assert len(met) == 5
    assert [m.name for m in met[2]] == ["draw", "draw", "recycle"]
