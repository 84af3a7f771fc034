"""The win finder's and the rollouts' count of the cards in their final place (rooted_runs.py),
where whole runs are built in the columns. Only their order depends on it (they say only won,
with a line that replays), so on a small Scorpion they still win exactly what the exhaustive
search wins."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.solve import beam
from rulesdsl.solve.board_terms import PointsTerm, board_term
from rulesdsl.solve.rollouts import find_win_rollouts
from rulesdsl.solve.rooted_runs import W_ROOTED, RootedTerm, rooted_term

from ..helpers import text_loader
from .test_beam import wins_what_it_wins_either_way
from .test_solver import replays_to_win

# Scorpion (variants/scorpion.yaml) in small: three suits of six ranks, four columns (two with a
# face-down card), two cards in the stock dealt once onto the first two columns.
MINI_SCORPION = """name: Mini Scorpion
description: Scorpion of three suits of six ranks on four columns.
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: [{name: spades, letter: S, color: black}, {name: hearts, letter: H, color: red}, {name: clubs, letter: C, color: black}]}
piles:
  tableau:
    count: 4
    role: tableau
    show: fan
    lift: run
    accept: "card.suit == dest.top.suit and dest.top.rank == card.rank + 1"
    accept_empty: "card.rank == 6"
  stock:
    count: 1
    role: stock
layout:
  - [stock]
  - [tableau]
deal:
  - shuffle
  - {to: tableau, count: 4, down: [1, 1, 0, 0]}
  - {rest: "stock[0]"}
actions:
  deal:
    kind: deal
    from: "stock[0]"
    to: ["tableau[0]", "tableau[1]"]
    limit: 1
auto:
  - flip: tableau
win: >-
  all(p in tableau: p.empty or (p.size == 6 and p.down == 0 and p.bottom.rank == 6
  and all(a, b in pairs(p.cards): b.suit == a.suit and b.rank == a.rank - 1)))
"""


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "rooted", MINI_SCORPION)


def _counting():
    ticks = iter(range(10**9))
    return lambda: next(ticks) / 1e6


def test_the_term_where_whole_runs_are_built_in_the_columns(load):
    for name in ("scorpion", "scorpion_ii", "wasp"):
        term = board_term(rulesdsl.load(name))
        assert isinstance(term, RootedTerm) and {r for r, _ in term.heads} == {13}  # the kings head
    assert isinstance(board_term(load()), RootedTerm)
    assert board_term(rulesdsl.load("klondike")) is None  # single cards go up: none
    assert board_term(rulesdsl.load("spider")) is None  # runs move only in sequence: none
    assert board_term(rulesdsl.load("forty_thieves")) is None
    assert isinstance(board_term(rulesdsl.load("gaps")), PointsTerm)  # the score first
    assert board_term(load(), rooted=False) is None


def test_it_counts_the_cards_on_a_head_in_run_order_under_no_face_down_card():
    v = rulesdsl.load("scorpion")
    g = rulesdsl.Game.from_position(
        v, "tableau[0]: KS QS JS 5H 4H; tableau[1]: ## KH QH JH; tableau[2]: QC JC TC; tableau[3]: KD QD 9D JD"
    )
    term = rooted_term(v)
    assert term is not None
    t = v.layout.groups["tableau"].piles
    assert [term.rooted(g.state, t[i]) for i in range(4)] == [3, 0, 0, 2]
    assert term(g.state) == W_ROOTED * 5 == W_ROOTED * term.points(g.state)


def test_the_narrow_beam_wins_a_deal_only_with_the_term(load):
    v = load()
    state = v.new_game(5).state
    won = []
    for on in (True, False):
        line = beam.find_win(v, state, time_limit=0.003, clock=_counting(), widths=(2,), blocked=4, rooted=on)
        assert line is None or replays_to_win(v, state, line)
        won.append(line is not None)
    assert won == [True, False]


def test_the_finders_cards_up_count_the_cards_in_place():
    # the check's second try picks the deal with the most "up" (solvable.climb)
    v = rulesdsl.load("scorpion")
    on: dict = {}
    off: dict = {}
    beam.find_win(v, v.new_game(4).state, time_limit=0.002, clock=_counting(), stats=on)
    beam.find_win(v, v.new_game(4).state, time_limit=0.002, clock=_counting(), stats=off, rooted=False)
    assert on["up"] > 0 and off["up"] == 0


def test_a_greedy_rollout_wins_a_deal_only_with_the_term(load):
    v = load()
    state = v.new_game(19).state
    won, up = [], []
    for on in (True, False):
        stats: dict = {}
        line = find_win_rollouts(
            v, state, time_limit=1.0, clock=_counting(), schedule=((4, 0),), rooted=on, stats=stats
        )
        assert line is None or replays_to_win(v, state, line)
        won.append(line is not None)
    assert won == [True, False]
    for on in (True, False):  # what a rollout reaches: the cards in place, where none go up
        stats = {}
        find_win_rollouts(
            v, v.new_game(17).state, time_limit=1.0, clock=_counting(), schedule=((4, 0),), rooted=on, stats=stats
        )
        up.append(stats["up"][0])
    assert up[0] > 0 and up[1] == 0


def test_the_finder_wins_exactly_what_the_exhaustive_search_wins_either_way(load):
    assert wins_what_it_wins_either_way(load(), "rooted", seeds=range(1, 21)) == {"won", "unwinnable"}
