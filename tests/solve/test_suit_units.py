"""Runs in sequence as units (suit_units.py): the units stage and the dominated splits, each
derived only where the rules allow it, tested on hand-made positions; and exhaustive searches
of small Spider-like games give the same verdict with the rule on and off."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

import rulesdsl
from rulesdsl.engine.deal import deal
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve, solve_game
from rulesdsl.solve.suit_units import derive_units
from rulesdsl.variant.loader import load_text
from tests.helpers import game

from .test_solver import naive, replays_to_win


@pytest.mark.parametrize(
    "name, shape",
    [
        ("spider", "sound, staged"),
        ("spiderette", "sound, staged"),
        ("will_o_the_wisp", "sound, staged"),
        ("black_widow", "sound, staged"),
        ("simple_simon", "staged"),  # its foundations read dest.index: no dominance proof
        ("klondike", "sound"),  # foundations take single cards: no stage
        # no sequence rule (any face-up card lifts with what lies on it): the accept rule's
        # order, for the stage alone, where the win is read on the columns or whole runs go up,
        # and a part of a run can go elsewhere (Wasp's empty columns take any card)
        ("wasp", "staged"),
        ("scorpion", None),  # one deck, kings alone fill empty columns: no part moves elsewhere
        ("scorpion_ii", None),
        ("yukon", None),  # no sequence rule, and foundations take single cards
        ("freecell", None),  # a max_run
    ],
)
def test_the_rule_is_derived_only_where_its_class_holds(name, shape):
    r = derive_units(rulesdsl.load(name))
    got = None if r is None else ", ".join(w for w, on in (("sound", r.sound), ("staged", r.staged)) if on)
    assert got == shape


def unit_tests(g, greedy) -> dict:
    s = Search(
        g.variant,
        g.state,
        max_states=10,
        started=time.monotonic(),
        time_limit=None,
        analysis=None,
        safe=True,
        dead=True,
        declared_safe=True,
        stock=True,
        greedy=greedy,
    )
    return {g.move_text(m): bool(s.dominated and s.dominated(m)) for m in g.legal_moves() if m.kind == "move"}


KINGS = "; ".join(f"tableau[{i}]: {k}" for i, k in enumerate("KC KD KS KH KC.1 KD.1 KS.1".split(), start=3))


def test_the_stage_splits_a_run_only_to_make_a_longer_one():
    # 8H could go onto 9H.1 (a run of 3 where it leaves one of 2) or onto 9S (a break)
    g = game("spider", f"tableau[0]: 5D 9H 8H; tableau[1]: JH TH 9H.1; tableau[2]: 9S; {KINGS}")
    got = unit_tests(g, greedy=True)
    assert not got["8H@tableau[0]>tableau[1]"]
    assert got["8H@tableau[0]>tableau[2]"]
    # the full search tries both: the stock is not empty, so a deal could follow
    g = game("spider", f"tableau[0]: 5D 9H 8H; tableau[1]: JH TH 9H.1; tableau[2]: 9S; {KINGS}; stock[0]: #5C")
    got = unit_tests(g, greedy=False)
    assert not got["8H@tableau[0]>tableau[2]"] and not got["8H@tableau[0]>tableau[1]"]


def test_a_split_onto_a_break_that_nothing_can_follow_is_not_searched():
    g = game("spider", f"tableau[0]: 9H 8H 7H; tableau[1]: 8S; tableau[2]: KH.1; {KINGS}")
    assert unit_tests(g, greedy=False) == {"7H@tableau[0]>tableau[1]": True}


@pytest.mark.parametrize(
    "extra, why",
    [
        ("tableau[2]: 6C", "6C could go onto 7H on its new pile"),
        ("tableau[2]: 7C", "7C could go onto the 8H it uncovers"),
        ("tableau[2]: TC", "9H 8H could go onto TC"),
        ("tableau[2]: KH.1; stock[0]: #5C #5D #5S #5H #5C.1 #5D.1 #5S.1 #5H.1 #4C #4D", "a deal"),
    ],
)
def test_a_split_onto_a_break_is_searched_where_a_move_could_use_its_piles(extra, why):
    g = game("spider", f"tableau[0]: 9H 8H 7H; tableau[1]: 8S; {extra}; {KINGS}")
    assert not unit_tests(g, greedy=False)["7H@tableau[0]>tableau[1]"], why


def mini(suits: int, ranks: str, dealt: str) -> str:
    """A Spider of one deck with few ranks and four columns (the shipped rules otherwise)."""
    n = len(ranks.split())
    return f"""extends: spider
name: Mini Spider
options: null
deck:
  decks: 1
  suit_count: {suits}
  ranks: [{", ".join(ranks.split())}]
piles:
  foundation:
    count: {suits}
    accept_empty: "run.size == {n} and card.rank == {ranks.split()[-1]}"
  tableau:
    count: 4
deal:
  - shuffle
  - {{to: tableau, count: {dealt}, up: 1}}
  - {{rest: "stock[0]"}}
win: "all(f in foundation: f.size == {n})"
"""


MINI = load_text(mini(3, "A 2 3 4 5", "[3, 3, 2, 2]"), label="mini.yaml")


@pytest.mark.parametrize("seed", range(1, 41))
def test_the_rule_keeps_every_verdict(seed):
    """Exhaustive searches (or wins) of small Spiders, with runs split onto breaks, agree with
    the rule on and off, the stage aside (streamline=False) and with it."""
    start = deal(MINI, seed)
    off = solve(MINI, start, max_states=200_000, units=False, streamline=False)
    on = solve(MINI, start, max_states=200_000, units=True, streamline=False)
    staged = solve(MINI, start, max_states=200_000)
    assert off.verdict in ("won", "unwinnable")
    assert on.verdict == off.verdict and staged.verdict == off.verdict
    for r in (on, staged):
        if r.verdict == "won":
            assert replays_to_win(MINI, start, r.moves)
    if on.verdict == "unwinnable":
        assert on.states <= off.states


@pytest.mark.parametrize("seed", [1, 3, 5, 7])
def test_a_plain_search_agrees_on_small_games(seed):
    """The exact search of test_solver.py (nothing merged) gives the same verdict."""
    v = load_text(mini(2, "A 2 3 4", "[2, 2, 1, 1]"), label="mini.yaml")
    g = rulesdsl.Game(v, deal(v, seed))
    assert (solve_game(g, max_states=100_000).verdict == "won") == naive(g)


def test_the_rule_prunes_proofs_of_these_games():
    """The agreement above is not vacuous: the rule cuts proofs of unwinnability here."""
    for seed in (5, 14):
        start = deal(MINI, seed)
        off = solve(MINI, start, max_states=200_000, units=False, streamline=False)
        on = solve(MINI, start, max_states=200_000, units=True, streamline=False)
        assert on.verdict == off.verdict == "unwinnable" and on.states < off.states


def test_wasps_stage_keeps_a_run_in_its_accept_order_whole():
    # Wasp has no sequence rule: its accept rule (same suit, one rank lower) stands for one.
    # The stage does not move 8H 7H off 9H into the empty column (a shorter run there); the
    # whole pile and the full search's moves are kept
    g = game("wasp", "tableau[0]: 9H 8H 7H; tableau[1]: KS; tableau[3]: KC; tableau[4]: KD")
    staged = unit_tests(g, greedy=True)
    assert staged["8H@tableau[0]>tableau[2]"] and staged["7H@tableau[0]>tableau[2]"]
    assert not staged["9H@tableau[0]>tableau[2]"]
    assert not any(unit_tests(g, greedy=False).values())


def mini_wasp(ranks: str) -> str:
    """A Wasp of one deck with few ranks, two suits and four columns (the shipped rules
    otherwise: any face-up card lifts with what lies on it, empty columns take any card)."""
    n = len(ranks.split())
    king = ranks.split()[-1]
    return f"""extends: wasp
name: Mini Wasp
deck:
  decks: 1
  suit_count: 2
  ranks: [{", ".join(ranks.split())}]
piles:
  tableau:
    count: 4
deal:
  - shuffle
  - {{to: tableau, count: [3, 3, 2, 2], down: [1, 1, 0, 0]}}
  - {{rest: "stock[0]"}}
actions:
  deal:
    to: ["tableau[0]", "tableau[1]"]
win: >-
  all(p in tableau: p.empty or (p.size == {n} and p.down == 0 and p.bottom.rank == {king}
  and all(a, b in pairs(p.cards): b.suit == a.suit and b.rank == a.rank - 1)))
"""


WASP = load_text(mini_wasp("A 2 3 4 5 6"), label="mini_wasp.yaml")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hst.integers(1, 10**6))
def test_wasps_stage_keeps_every_verdict(seed):
    """The stage in the accept rule's order only ever wins: exhaustive searches of small
    Wasps agree with it on (staged) and off, and its wins replay."""
    start = deal(WASP, seed)
    off = solve(WASP, start, max_states=200_000, units=False)
    on = solve(WASP, start, max_states=200_000)
    assert off.verdict in ("won", "unwinnable") and on.verdict == off.verdict
    if on.verdict == "won":
        assert replays_to_win(WASP, start, on.moves)
