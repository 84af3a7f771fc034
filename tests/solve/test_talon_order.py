"""The stock's piles scored as at pointer 0 (solve(..., talon_order=True), the default;
guidance.Scorer.talon_at_start): where the stock symmetry keys the talon alone, the order
of the search no longer favours the children of far draws. Checked on hand-made positions
(and failing with the board's pointer, the old order), and searches agree on verdicts with
it on and off."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve_game
from rulesdsl.solve.stock_cycle import derive_cycle

from .test_safe_foundations import mini_klondike

# draw 3: the talon top first is 2C 3C 8H | 4S 5S 8D, so the first draw lays 8H on the waste's
# top and the second 8D; each could go onto either black nine, and nothing else moves
TWO_EIGHTS = "tableau[0]: 9S; tableau[1]: 9C; stock[0]: #8D #5S #4S #8H #3C #2C"


def _search(text, **kw):
    v = rulesdsl.load("klondike", {"draw": 3})
    g = rulesdsl.Game.from_position(v, text)
    return Search(
        v, g.state, max_states=1000, started=time.monotonic(), time_limit=None, analysis=None,
        safe=True, dead=True, declared_safe=True, stock=True, greedy=False, **kw,
    )  # fmt: skip


def _children(search):
    return [search.g.move_text(item[-1]) for *_, item in search.children(scored=True)]


def test_the_nearest_draw_comes_first_among_equal_children():
    new = _children(_search(TWO_EIGHTS, talon_order=True))
    assert [m.split(">")[0] for m in new] == ["8H@waste[0]", "8H@waste[0]", "8D@waste[0]", "8D@waste[0]"]
    # the board's pointer (the old order): the far draw first, its waste holding more cards up
    old = _children(_search(TWO_EIGHTS, talon_order=False))
    assert [m.split(">")[0] for m in old][:2] == ["8D@waste[0]", "8D@waste[0]"]


def test_the_score_does_not_move_with_the_pointer():
    for on, same in ((True, True), (False, False)):
        search = _search(TWO_EIGHTS, talon_order=on)
        totals = []
        for _ in range(3):  # pointers 0, 3, 6, then the recycle: 0
            totals.append(search.scorer.total)
            search.g.play("draw" if search.st.piles[search.cycle.stock] else "recycle")
            search.scorer.touch(None)
        assert (len(set(totals)) == 1) == same


def test_not_in_the_streamliner_nor_where_the_recycle_keeps_cards_up():
    assert _search(TWO_EIGHTS, talon_order=True).scorer.talon is not None
    v = rulesdsl.load("klondike", {"draw": 3})
    g = rulesdsl.Game.from_position(v, TWO_EIGHTS)
    greedy = Search(
        v, g.state, max_states=1000, started=time.monotonic(), time_limit=None, analysis=None,
        safe=True, dead=True, declared_safe=True, stock=True, greedy=True, talon_order=True,
    )  # fmt: skip
    assert greedy.scorer.talon is None


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), draw=st.sampled_from([1, 3]))
def test_small_klondikes_agree_with_it_and_without(tmp_path_factory, seed, draw):
    p = tmp_path_factory.mktemp("mt") / f"mini_klondike_{draw}.yaml"
    # passes unlimited: the stock symmetry's class, where the order applies
    text = mini_klondike(draw, unlimited=True)
    p.write_text(text)
    v = rulesdsl.load(str(p))
    assert derive_cycle(v) is not None
    g = v.new_game(seed)
    on, off = solve_game(g), solve_game(g, talon_order=False)
    plain = solve_game(g, stock=False, safe=False, declared_safe=False, partial=False)
    assert on.verdict == off.verdict == plain.verdict != "unknown"
