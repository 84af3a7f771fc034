"""Dominated partial-run moves (partial_runs.derive_partial): proved only where the rules allow
it, tested on hand-made positions, and an exhaustive search of small games gives the same
verdict with it and without it."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.partial_runs import derive_partial
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game

from .test_solver import replays_to_win

RANKS = "A23456789TJQK"
RED = set("HD")


@pytest.mark.parametrize(
    "name, holds",
    [
        ("klondike", True),
        ("double_klondike", True),
        ("freecell", False),  # max_run: a longer run may not fit where a part of it does
        ("spider", False),  # accept (any suit) is not the sequence rule (one suit); deals onto columns
        ("yukon", True),  # any face-up card lifts: in sequence read from the accept table
        ("fan", False),  # single cards only
    ],
)
def test_the_rule_is_derived_only_where_the_proof_holds(name, holds):
    assert (derive_partial(rulesdsl.load(name)) is not None) == holds


def dominated(g) -> dict:
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
        greedy=False,
    )
    return {g.move_text(m): s.dominated(m) for m in g.legal_moves() if m.kind == "move"}


def test_a_part_of_a_run_that_uncovers_nothing_used_is_not_searched():
    got = dominated(game("klondike", "foundation[0]: AS; tableau[0]: KH QS JH; tableau[1]: QC; tableau[2]: 9D"))
    assert got["JH@tableau[0]>tableau[1]"]  # QS: nothing can go on it, and it can go nowhere
    assert not got["KH@tableau[0]>tableau[3]"]  # a whole run, not a part


def test_a_part_of_a_run_that_uncovers_a_card_used_now_is_searched():
    # JD could go onto the uncovered QS
    got = dominated(game("klondike", "foundation[0]: AS; tableau[0]: KH QS JH; tableau[1]: QC; tableau[2]: JD"))
    assert not got["JH@tableau[0]>tableau[1]"]
    # QS could go onto KD
    got = dominated(game("klondike", "foundation[0]: AS; tableau[0]: 5C KH QS JH; tableau[1]: QC; tableau[2]: KD"))
    assert not got["JH@tableau[0]>tableau[1]"]
    # the stock holds JD, which the stock's draws could bring onto QS
    got = dominated(game("klondike", "foundation[0]: AS; tableau[0]: KH QS JH; tableau[1]: QC; stock[0]: #JD"))
    assert not got["JH@tableau[0]>tableau[1]"]


def alternating(top: str, c: str) -> bool:
    return RANKS.index(top[0]) == RANKS.index(c[0]) + 1 and (top[1] in RED) != (c[1] in RED)


def same_suit(top: str, c: str) -> bool:
    return RANKS.index(top[0]) == RANKS.index(c[0]) + 1 and top[1] == c[1]


def small_runs(rnd: random.Random, loose: int, columns: int, stock: int, builds=alternating) -> str:
    """Foundations built up by suit; the other cards (``loose``) in columns, most of them
    put in runs (``builds``: may this card go on that one), and ``stock`` of them in the stock."""
    heights = [13] * 4
    while sum(13 - h for h in heights) < loose:
        heights[rnd.randrange(4)] -= 1
    heights = [max(h, 1) for h in heights]
    lines, rest = [], []
    for i, (s, h) in enumerate(zip("SHDC", heights)):
        lines.append(f"foundation[{i}]: " + " ".join(r + s for r in RANKS[:h]))
        rest += [r + s for r in RANKS[h:]]
    rnd.shuffle(rest)
    rest.sort(key=lambda c: -RANKS.index(c[0]) if rnd.random() < 0.8 else 0)
    cols: list = [[] for _ in range(columns)]
    talon = rest[:stock]
    for c in rest[stock:]:
        fits = [col for col in cols if col and builds(col[-1], c)]
        (rnd.choice(fits) if fits and rnd.random() < 0.8 else rnd.choice(cols)).append(c)
    hidden = [rnd.randint(0, 2) for _ in cols]  # face-down cards at a column's bottom
    lines += [
        f"tableau[{i}]: {' '.join(('#' if j < hidden[i] else '') + c for j, c in enumerate(col))}"
        for i, col in enumerate(cols)
        if col
    ]
    if talon:
        lines.append("stock[0]: " + " ".join("#" + c for c in talon))
    return "; ".join(lines)


KLONDIKE = rulesdsl.load("klondike")


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(16, 22), st.integers(0, 4))
def test_the_rule_keeps_every_verdict(rnd: random.Random, loose, stock):
    """Exhaustive searches (or wins) on small Klondike games, about half of them lost, agree
    with the rule on and off; a proof with it never visits more positions (the full search
    alone: the staged search's streamliner and draws stage, which run first on Klondike, count
    positions of their own, which the rule may raise)."""
    g = rulesdsl.Game.from_position(KLONDIKE, small_runs(rnd, loose, 3, stock))
    on = solve_game(g, max_states=300_000, partial=True)
    off = solve_game(g, max_states=300_000, partial=False)
    assert on.verdict in ("won", "unwinnable") and off.verdict in ("won", "unwinnable")
    assert on.verdict == off.verdict
    if on.verdict == "won":
        assert replays_to_win(g.variant, g.state, on.moves)
    else:
        full_on = solve_game(g, max_states=300_000, partial=True, streamline=False)
        full_off = solve_game(g, max_states=300_000, partial=False, streamline=False)
        assert full_on.verdict == full_off.verdict == "unwinnable"
        assert full_on.states <= full_off.states


@pytest.mark.parametrize("deal", range(1, 9))
def test_the_rule_keeps_every_verdict_in_same_suit_building(deal):
    """The same on Alpha Star's deals (same-suit runs, any card fills an empty column, no
    stock; each decided in a few hundred positions, some lost): bases are alike there too."""
    v = rulesdsl.load("alpha_star")
    start = deal_state(v, deal)
    on = solve(v, start, max_states=100_000, partial=True)
    off = solve(v, start, max_states=100_000, partial=False)
    assert on.verdict in ("won", "unwinnable") and on.verdict == off.verdict
    if on.verdict == "won":
        assert replays_to_win(v, start, on.moves)
    else:
        assert on.states <= off.states


def test_any_face_up_card_lifts_in_sequence_read_from_accept():
    """Yukon: a part of a pile that lay in sequence (accepted on the card under it) and
    uncovers nothing used is not searched; out of sequence, or with "runs", it is."""
    rule = derive_partial(rulesdsl.load("yukon"))
    assert rule is not None and rule.any_group
    got = dominated(game("yukon", "foundation[0]: AS; tableau[0]: KH QS JH; tableau[1]: QC; tableau[2]: 9D"))
    assert got["JH@tableau[0]>tableau[1]"]  # QS: nothing can go on it, and it can go nowhere
    got = dominated(game("yukon", "foundation[0]: AS; tableau[0]: KH 5S JH; tableau[1]: QC; tableau[2]: 9D"))
    assert not got["JH@tableau[0]>tableau[1]"]  # 5S does not accept JH: not in sequence


YUKON = rulesdsl.load("yukon")


def loose_piles(rnd: random.Random, loose: int, columns: int) -> str:
    """small_runs' games for Yukon: columns of runs, and out of order at random."""
    text = small_runs(rnd, loose, columns, 0)
    lines = text.split("; ")
    for i, line in enumerate(lines):
        if line.startswith("tableau") and rnd.random() < 0.5:
            head, cards = line.split(": ")
            cards_l = cards.split(" ")
            k = rnd.randrange(len(cards_l))
            cards_l[k:] = rnd.sample(cards_l[k:], len(cards_l) - k)
            lines[i] = (
                head + ": " + " ".join(c if not c.startswith("#") or j < k else c[1:] for j, c in enumerate(cards_l))
            )
    return "; ".join(lines)


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(14, 20))
def test_the_rule_keeps_every_verdict_where_any_face_up_card_lifts(rnd: random.Random, loose):
    """Exhaustive searches (or wins) on small Yukon games agree with the rule's face-up case
    on and off (``partial="runs"``) and with no partial rule; a proof with it never visits
    more positions."""
    g = rulesdsl.Game.from_position(YUKON, loose_piles(rnd, loose, 4))
    on = solve_game(g, max_states=300_000, partial=True)
    off = solve_game(g, max_states=300_000, partial="runs")
    none = solve_game(g, max_states=300_000, partial=False)
    assert on.verdict in ("won", "unwinnable") and off.verdict in ("won", "unwinnable")
    assert on.verdict == off.verdict == none.verdict
    if on.verdict == "won":
        assert replays_to_win(g.variant, g.state, on.moves)
    else:
        assert on.states <= off.states


@pytest.mark.parametrize("seed", [81, 18, 25, 32, 39, 46])
def test_the_face_up_rule_keeps_the_verdicts_of_fixed_games(seed):
    """Fixed small Yukon games (seed 81 is won only through a partial move this rule must
    keep: pruning every partial move proves it lost)."""
    g = rulesdsl.Game.from_position(YUKON, loose_piles(random.Random(seed), 18, 4))
    on = solve_game(g, max_states=300_000, partial=True)
    off = solve_game(g, max_states=300_000, partial="runs")
    assert on.verdict in ("won", "unwinnable") and on.verdict == off.verdict
    if on.verdict == "won":
        assert replays_to_win(g.variant, g.state, on.moves)
