"""The win finder on Gaps-like games (board_terms.py, sideways.LateShuffles): where no pile is
foundation-like it reads the variant's own score, and it offers a shuffling redeal only where
nothing else moves. The finder only says won, with a line that replays, so neither costs a
verdict: on small games it still wins exactly what the exhaustive search wins."""

from __future__ import annotations

import random

import pytest

import rulesdsl
from rulesdsl.solve import beam
from rulesdsl.solve.board_terms import W_POINTS, points_term
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.sideways import children_rule, late_rule

from ..helpers import text_loader
from .test_beam import wins_what_it_wins_either_way
from .test_solver import replays_to_win

_RANKS = "A 2 3 4 5 6 7 8 9 T J Q K".split()
_SUITS = [("spades", "S", "black"), ("hearts", "H", "red"), ("clubs", "C", "black"), ("diamonds", "D", "red")]


def gaps(rows: int, ranks: int, redeals: int) -> str:
    """Gaps (variants/gaps.yaml) in small: ``rows`` suits, one a row, of ``ranks`` ranks, the
    aces taken out; a row is won from its 2 to its top rank in its first ``ranks - 1`` places."""
    n, last = ranks, ranks - 1
    suits = ", ".join(f"{{name: {a}, letter: {b}, color: {c}}}" for a, b, c in _SUITS[:rows])
    return f"""name: Small Gaps
description: Gaps of {rows} rows of {n} places.
deck: {{ranks: [{", ".join(_RANKS[:n])}], suits: [{suits}]}}
piles:
  place:
    rows: [{", ".join([str(n)] * rows)}]
    role: place
    show: grid
    lift: top
    capacity: 1
    accept: false
    accept_empty: >-
      card.rank == 2 if dest.index % {n} == 0
      else dest.prev.top.suit == card.suit and dest.prev.top.rank == card.rank - 1
layout:
  - [place]
deal:
  - shuffle
  - {{to: place, count: 1}}
  - {{remove: "card.rank == A"}}
actions:
  redeal:
    kind: redeal
    from: place
    keep: >-
      all(q in place: q.index > pile.index or q.index < pile.index - pile.index % {n}
      or (q.top.rank == q.index % {n} + 2 and q.top.suit == pile.top.suit))
    skip: "not pile.empty or pile.index % {n} == 0 or not pile.prev.empty"
    count: 1
    order: shuffle
    limit: {redeals}
win: >-
  all(p in place: p.index % {n} == {last}
  or (p.top.rank == p.index % {n} + 2 and p.top.suit == place[p.index - p.index % {n}].top.suit))
score: >-
  count(p in place: p.index % {n} != {last} and p.top.rank == p.index % {n} + 2
  and p.top.suit == place[p.index - p.index % {n}].top.suit)
"""


# two rows of seven ranks, one redeal: seed 12 is lost, the others won; seeds 11, 18 and 24
# need a redeal while other moves remain (the late rule's widening, LateShuffles.exhausted)
TWO_ROWS = gaps(2, 7, 1)
# four rows of eight ranks, two redeals: deals the finder's narrow beam wins only with a switch
FOUR_ROWS = gaps(4, 8, 2)


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "board_terms")


def test_the_points_term_where_no_pile_is_foundation_like():
    assert points_term(rulesdsl.load("variants/gaps.yaml")) is not None
    assert points_term(rulesdsl.load("variants/red_moon.yaml")) is not None
    assert points_term(rulesdsl.load("klondike")) is None  # cards go up: the rating counts them


@pytest.mark.parametrize("generated", [True, False], ids=["generated rule", "closure"])
def test_the_points_are_the_games_score(generated):
    # on random play of Gaps, the term is W_POINTS times what the player sees as the score
    v = rulesdsl.load("variants/gaps.yaml")
    term = points_term(v)
    if not generated:
        term.rule = None
    rng = random.Random(5)
    seen = set()
    for seed in range(1, 6):
        g = v.new_game(seed)
        for _ in range(60):
            assert term(g.state) == W_POINTS * g.score
            seen.add(g.score)
            moves = g.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
    assert len(seen) > 3  # the score moved, so the agreement means something


def _counting():
    ticks = iter(range(10**9))
    return lambda: next(ticks) / 1e6


def _win(v, deal, **switch):
    # a narrow beam on a counting clock (2,000 readings, no time read): the same on any machine
    state = v.new_game(deal).state
    line = beam.find_win(v, state, time_limit=0.002, clock=_counting(), widths=(16,), **switch)
    assert line is None or replays_to_win(v, state, line)
    return line is not None


def test_the_score_wins_a_deal_the_narrow_beam_does_not_win_without_it(load):
    # without the term every position scores alike (each place one card, four empty)
    v = load(FOUR_ROWS)
    assert _win(v, 2)
    assert not _win(v, 2, points=False)


def test_late_shuffles_win_a_deal_the_narrow_beam_does_not_win_with_shuffles_everywhere(load):
    v = load(FOUR_ROWS)
    assert _win(v, 3)
    assert not _win(v, 3, late=False)


def test_the_finders_cards_up_are_the_points_where_none_go_up():
    # the check's second try picks the deal with the most "up" (solvable.furthest)
    v = rulesdsl.load("variants/gaps.yaml")
    on: dict = {}
    off: dict = {}
    beam.find_win(v, deal_state(v, 1), time_limit=0.002, clock=_counting(), stats=on)
    beam.find_win(v, deal_state(v, 1), time_limit=0.002, clock=_counting(), stats=off, points=False)
    assert on["up"] > 0 and off["up"] == 0


def _dead(v):
    """A position of FOUR_ROWS whose four gaps each follow a top rank (an 8): nothing moves but
    the redeal."""
    g = v.new_game(1)
    deck, st = v.deck, g.state
    eights = [c for c in range(deck.size) if deck.rank_of[c] == 8]
    rest = [c for c in range(deck.size) if deck.rank_of[c] not in (1, 8)]
    for p in range(32):
        st.piles[p][:] = []
    for r, c in enumerate(eights):
        st.piles[8 * r + 6][:] = [c]
    places = [p for p in range(32) if p % 8 < 6]
    for p, c in zip(places, reversed(rest)):  # in the deck's order the rows would be won
        st.piles[p][:] = [c]
    return rulesdsl.Game(v, st)


def test_a_shuffle_is_offered_only_where_nothing_else_moves(load):
    v = load(FOUR_ROWS)
    rule = late_rule(v)
    g = v.new_game(1)
    moves = g.legal_moves()
    assert any(m.kind == "action" for m in moves) and len(moves) > 1
    assert rule.keep(g.state, moves) == [m for m in moves if m.kind != "action"]
    dead = _dead(v)
    only = dead.legal_moves()
    assert [m.kind for m in only] == ["action"]
    assert rule.keep(dead.state, only) == only
    assert late_rule(rulesdsl.load("klondike")) is None  # its redeal turns the waste, no shuffle
    assert children_rule(rulesdsl.load("variants/gaps.yaml"), late=False) is None


@pytest.mark.parametrize("switch", ["late", "points"])
def test_the_finder_wins_exactly_what_the_exhaustive_search_wins_either_way(load, switch):
    assert wins_what_it_wins_either_way(load(TWO_ROWS), switch) == {"won", "unwinnable"}
