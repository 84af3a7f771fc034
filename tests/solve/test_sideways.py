"""The win finder's sideways moves (sideways.py): where a column group lifts any run in
sequence, the finder leaves out a whole column moved into an empty one and a run split off a
card in sequence that no foundation takes now. The finder only says won, with a line that
replays, so what it leaves out costs no verdict: on small games it still wins exactly what the
exhaustive search wins."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.sideways import sideways_rule

from ..helpers import text_loader
from .test_beam import MINI_GYPSY, wins_what_it_wins_either_way
from .test_solver import replays_to_win

# Mini Gypsy whose empty columns take any card or run (the swaps then occur)
OPEN_GYPSY = MINI_GYPSY.replace('accept_empty: "false"', "accept_empty: \"source.group != 'foundation'\"")


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "sideways")


def _left_out(v, position: str) -> set:
    g = rulesdsl.Game.from_position(v, position)
    moves = g.legal_moves()
    kept = sideways_rule(v).keep(g.state, moves)
    return {g.move_text(m) for m in moves if m not in kept}, {g.move_text(m) for m in kept}


def test_swaps_and_splits_off_a_card_in_sequence_are_left_out():
    v = rulesdsl.load("variants/gypsy.yaml")
    out, kept = _left_out(v, "tableau[0]: 9S 8H 7C; tableau[1]: 8D; tableau[2]: 9C; tableau[3]: KD 4H")
    # 7C off 8H onto 8D, 8H 7C off 9S onto 9C: splits, 8H and 9S no foundation takes
    assert {"7C@tableau[0]>tableau[1]", "8H@tableau[0]>tableau[2]"} <= out
    # a whole column into an empty one: the two columns swapped
    assert any(t.startswith("8D@tableau[1]>tableau[") for t in out)
    assert any(t.startswith("9S@tableau[0]>tableau[") for t in out)
    # kept: a run off a card it is not in sequence with (4H off KD), a whole column onto a card
    assert any(t.startswith("4H@tableau[3]>tableau[") for t in kept)
    assert "8D@tableau[1]>tableau[2]" in kept
    assert not any(t.startswith("4H") for t in out)


def test_a_split_that_uncovers_a_card_a_foundation_takes_is_kept():
    v = rulesdsl.load("variants/gypsy.yaml")
    ups = "foundation[0]: AH 2H 3H 4H 5H 6H 7H"
    out, kept = _left_out(v, f"{ups}; tableau[0]: 9S 8H 7C; tableau[1]: 8D; tableau[2]: 9C")
    assert "7C@tableau[0]>tableau[1]" in kept  # 8H then goes up
    assert "8H@tableau[0]>tableau[2]" in out  # 9S does not


def test_the_class_columns_that_lift_runs_in_sequence():
    assert sideways_rule(rulesdsl.load("variants/forty_thieves.yaml")) is None  # one card at a time
    spider = sideways_rule(rulesdsl.load("variants/spider.yaml"))
    assert spider is not None and spider.tables is None  # no single card goes up: swaps only
    assert sideways_rule(rulesdsl.load("variants/gypsy.yaml")).tables is not None


@pytest.mark.parametrize(
    ("game", "both"), [(MINI_GYPSY, True), (OPEN_GYPSY, False)], ids=["gaps never filled", "gaps take runs"]
)
def test_the_finder_wins_exactly_what_the_exhaustive_search_wins_either_way(load, game, both):
    verdicts = wins_what_it_wins_either_way(load(game), "sideways")
    # both occur where gaps stay, so the agreement means something; with open gaps all 24 are won
    assert verdicts == ({"won", "unwinnable"} if both else {"won"})


def test_gypsy_deal_3_is_won_with_the_sideways_moves_left_out():
    # the finder's one lane of weight 8, width 32, a counting clock (no time read): with the
    # sideways moves it wanders (the width-32 run does not win), without them it wins
    v = rulesdsl.load("variants/gypsy.yaml")
    state = deal_state(v, 3)
    ticks = iter(range(10**9))
    clock = lambda: next(ticks) / 1e6  # noqa: E731
    line = beam.find_win(v, state, time_limit=0.015, clock=clock, widths=(32,), blocked=8)
    assert line is not None and replays_to_win(v, state, line)
