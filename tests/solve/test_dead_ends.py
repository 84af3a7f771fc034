"""Dead ends derived from the rules (a card that can never reach a sink), the sinks' tops
keyed by what their rules can tell apart, and the order of the search in that class: the
verdicts agree with a naive search, and the class is recognised from the rules alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.dead_ends import derive_dead
from rulesdsl.solve.keys import Keyer
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game

from .test_solver import naive, replays_to_win

RANKS = "A23456789TJQK"
SUITS = "SHDC"
CARDS = [r + s for s in SUITS for r in RANKS]


@pytest.mark.parametrize(
    "name,options,derived",
    [
        ("black_hole", {}, True),
        ("golf", {}, True),
        ("golf", {"corner": "turn", "kings": "open"}, True),
        ("freecell", {}, False),
        ("klondike", {}, False),
        ("fan", {}, False),
        ("bakers_game", {}, False),
    ],
)
def test_dead_ends_are_derived_only_where_cards_only_go_to_sinks(name, options, derived):
    assert (derive_dead(rulesdsl.load(name, options)) is not None) is derived


def test_the_sink_top_is_keyed_by_what_its_rule_reads():
    # Black Hole's hole reads only the rank of its top: two positions that differ by the
    # suit of the top card alone are one position to the table.
    rest = [c for c in CARDS if c not in ("5H", "5D", "4S", "6C")]
    keys = []
    for top in ("5H", "5D"):
        other = "5D" if top == "5H" else "5H"
        g = game("black_hole", f"foundation[0]: {' '.join(rest)} {other} {top}; tableau[0]: 4S; tableau[1]: 6C")
        v = g.variant
        keys.append(Keyer(v, g.state, analyse(v), derive_dead(v).top_class).key())
    assert keys[0] == keys[1]
    # the same cards in the hole with a 7 on top instead: another position
    rest = [c for c in rest if c != "7H"]
    g = game("black_hole", f"foundation[0]: {' '.join(rest)} 5H 7H 5D; tableau[0]: 4S; tableau[1]: 6C")
    h = game("black_hole", f"foundation[0]: {' '.join(rest)} 5H 5D 7H; tableau[0]: 4S; tableau[1]: 6C")
    v = g.variant
    an, tc = analyse(v), derive_dead(v).top_class
    assert Keyer(v, g.state, an, tc).key() != Keyer(v, h.state, an, tc).key()


def test_a_stranded_card_is_a_dead_end_at_once():
    # Every 8 and ten is buried in the hole: the 9S can never go up.
    buried = [c for c in CARDS if c[0] in "8T"]
    rest = [c for c in CARDS if c not in buried and c not in ("9S", "4H", "5H")]
    g = game("black_hole", f"foundation[0]: {' '.join(buried + rest)} 5H; tableau[0]: 9S 4H")
    r = solve_game(g)
    assert r.verdict == "unwinnable" and r.states <= 1
    assert solve_game(g, dead=False).verdict == "unwinnable"
    assert naive(g) is False


def _walk(rng, k, step=(1, 12)):
    """A top card and k more, each a rank next to the one before (so often winnable)."""
    cards = CARDS[:]
    rng.shuffle(cards)
    line = [cards.pop()]
    while len(line) <= k:
        r = RANKS.index(line[-1][0])
        nxt = [c for c in cards if abs(RANKS.index(c[0]) - r) in step]
        if not nxt:
            break
        c = rng.choice(nxt)
        cards.remove(c)
        line.append(c)
    return line[0], line[1:], cards


def _piles(rng, loose, n, height):
    piles: list = [[] for _ in range(n)]
    loose = loose[::-1] if rng.random() < 0.5 else rng.sample(loose, len(loose))
    for c in loose:  # played last goes in first (bottom), mostly
        rng.choice([p for p in piles if len(p) < height]).append(c)
    return "".join(f"; tableau[{i}]: {' '.join(p)}" for i, p in enumerate(piles) if p)


def _black_hole(rng, k):
    top, loose, rest = _walk(rng, k)
    return f"foundation[0]: {' '.join(rest)} {top}" + _piles(rng, loose, 6, 3)


def _golf(rng, k, s):
    top, loose, rest = _walk(rng, k, (1,))
    stock = rest[:s]
    text = f"foundation[0]: {' '.join(rest[s : s + 3])} {top}"
    if stock:
        text += "; stock[0]: " + " ".join(stock)
    return text + _piles(rng, loose, 5, 4)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), k=st.integers(4, 11))
def test_black_hole_verdicts_agree_with_a_naive_search(seed, k):
    g = game("black_hole", _black_hole(random.Random(seed), k))
    r = solve_game(g)
    assert r.verdict == ("won" if naive(g) else "unwinnable")
    assert solve(g.variant, g.state, dead=False).verdict == r.verdict
    if r.verdict == "won":
        assert replays_to_win(g.variant, g.state, r.moves)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    k=st.integers(3, 9),
    s=st.integers(0, 4),
    opts=st.sampled_from([{}, {"corner": "turn"}, {"kings": "open"}, {"corner": "turn", "kings": "open"}]),
)
def test_golf_verdicts_agree_with_a_naive_search(seed, k, s, opts):
    g = game("golf", _golf(random.Random(seed), k, s), **opts)
    r = solve_game(g)
    assert r.verdict == ("won" if naive(g) else "unwinnable")
    if r.verdict == "won":
        assert replays_to_win(g.variant, g.state, r.moves)


def _walk_exists(k, ring, start, counts) -> bool:
    """Is there a walk from class ``start`` along a line (or ring) of k classes that enters
    class i exactly counts[i] times? Tried exhaustively."""
    left = list(counts)

    def go(here) -> bool:
        if not any(left):
            return True
        for step in (-1, 1):
            nxt = here + step
            if ring:
                nxt %= k
            if 0 <= nxt < k and left[nxt]:
                left[nxt] -= 1
                if go(nxt):
                    return True
                left[nxt] += 1
        return False

    return go(start)


def _dead_state(k, ring, start, counts):
    """A _DeadState over k classes (class i: the one card i) with the sink's top of class
    ``start`` and counts[i] cards of class i off the sink."""
    from rulesdsl.solve.dead_ends import _DeadState

    class St:
        piles = [[start]]

    d = _DeadState.__new__(_DeadState)
    d.st, d.cls, d.count, d.freed, d.sink = St(), list(range(k)), list(counts), 0, 0
    d.alive = sum(1 << i for i in range(k) if counts[i])
    d.walk = (list(range(k)), ring)
    return d


@settings(max_examples=500, deadline=None)
@given(k=st.integers(3, 8), ring=st.booleans(), data=st.data())
def test_no_walk_is_said_only_when_no_walk_exists(k, ring, data):
    """The counting test on a line or ring of classes (Black Hole's ranks) against an
    exhaustive search for the walk; where the stretch around the top is all there is,
    the test is exact."""
    start = data.draw(st.integers(0, k - 1))
    counts = data.draw(st.lists(st.integers(0, 3), min_size=k, max_size=k))
    d = _dead_state(k, ring, start, counts)
    exists = _walk_exists(k, ring, start, counts)
    if d.no_walk():
        assert not exists
    # every class with cards joined to the top's through classes with cards (a full ring
    # of odd length included): the test sees everything, so it must find every dead end
    lo = hi = start
    while (ring or lo > 0) and hi - lo + 1 < k and counts[(lo - 1) % k]:
        lo -= 1
    while (ring or hi < k - 1) and hi - lo + 1 < k and counts[(hi + 1) % k]:
        hi += 1
    inside = {i % k for i in range(lo, hi + 1)}
    if all(i in inside or not counts[i] for i in range(k)) and not (ring and len(inside) == k and k % 2 == 0):
        assert d.no_walk() == (not exists)


def test_a_stretch_that_cannot_be_walked_is_a_dead_end():
    # top 4; two 5s and three 6s left: 5 6 5 6 6 is impossible, 4 must not come back
    d = _dead_state(13, True, 3, [0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 0, 0])
    assert d.no_walk() and not _walk_exists(13, True, 3, d.count)
    d = _dead_state(13, True, 3, [0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0])
    assert not d.no_walk() and _walk_exists(13, True, 3, d.count)


# -- declared safe moves (solver.safe) ---------------------------------------------------

TRAP = """name: Trap
description: Four cards, two piles that take anything, one foundation from the ace up.
deck: {ranks: [A, 2, 3, 4], suits: [{name: spades, letter: S, color: black}]}
piles:
  foundation:
    role: foundation
    accept_empty: "card.rank == A"
    accept: "card.rank == dest.top.rank + 1"
  tableau:
    count: 2
    role: tableau
    lift: top
    accept: "true"
    accept_empty: "true"
deal:
  - shuffle
  - {to: tableau, count: [2, 2]}
win: "foundation[0].size == 4"
"""


def test_a_declared_safe_move_is_played_without_branching():
    g = game("klondike", "foundation[0]: AS; tableau[0]: 2S; tableau[1]: KH; tableau[2]: 5C 9D; stock[0]: 3S")
    v = g.variant
    assert len(v.safe) == 1
    from rulesdsl.solve.guidance import declared_pick

    m = declared_pick(v, g.state, g.legal_moves())
    assert m is not None and g.move_text(m) == "2S@tableau[0]>foundation[0]"
    # not from the waste: the condition names the columns only
    h = game("klondike", "foundation[0]: AS; waste[0]: 2S; tableau[1]: KH")
    assert declared_pick(v, h.state, h.legal_moves()) is None
    # the search's first move is the safe one, and no sibling of it is entered
    r = solve_game(g, max_states=2)
    assert r.states <= 2
    assert solve_game(g, max_states=2, declared_safe=False).states == 2


@pytest.mark.parametrize("name,seed", [("klondike", 6), ("yukon", 2)])
def test_declared_safe_moves_keep_the_verdicts(name, seed):
    g = rulesdsl.load(name).new_game(seed)
    a = solve_game(g, max_states=30_000)
    b = solve_game(g, max_states=30_000, declared_safe=False)
    assert a.verdict == b.verdict == "won"
    assert replays_to_win(g.variant, g.state, a.moves)


def test_an_unsound_declaration_is_the_authors_and_the_check_finds_it(tmp_path):
    from rulesdsl.validation.validate import check_file

    p = tmp_path / "trap.yaml"
    p.write_text(TRAP)
    assert [d.code for d in check_file(p, play=1, solve=3, solve_seconds=30)] == []
    # "moving between the columns is safe": false, and the solver believes it
    p.write_text(TRAP + "solver:\n  safe: [\"dest.group == 'tableau'\"]\n")
    v = rulesdsl.load(str(p))
    r = solve(v, v.new_game(1).state)
    assert r.verdict == "unwinnable"
    assert solve(v, v.new_game(1).state, declared_safe=False).verdict == "won"
    diags = check_file(p, play=1, solve=3, solve_seconds=30)
    assert [d.code for d in diags] == ["V903"]
    assert "solver.safe is unsound" in diags[0].message


def test_a_safe_condition_is_checked_like_a_rule(tmp_path):
    from rulesdsl.validation.validate import check_file

    p = tmp_path / "trap.yaml"
    p.write_text(TRAP + 'solver:\n  safe: ["card.rnak == A"]\n')
    diags = check_file(p, play=1)
    assert [(d.code, d.line) for d in diags] == [("E202", 20)]
    p.write_text(TRAP + "solver:\n  safe: []\n")
    assert [d.code for d in check_file(p, play=1)] == ["S104"]


# -- copies of a card (two decks) keyed alike ---------------------------------------------


def _key(g):
    v = g.variant
    return Keyer(v, g.state, analyse(v)).key()


@pytest.mark.parametrize("name", ["forty_thieves", "sultan", "spider"])
def test_swapped_copies_of_a_card_give_one_key(name):
    v = rulesdsl.load(name)
    g = v.new_game(5)
    st = g.state
    # find two copies of one card in different piles and swap them
    where = {}
    for p, pile in enumerate(st.piles):
        for i, c in enumerate(pile):
            where.setdefault((v.deck.rank_of[c], v.deck.suit_of[c]), []).append((p, i))
    (p, i), (q, j) = next(w for w in where.values() if len(w) == 2 and w[0][0] != w[1][0])
    h = rulesdsl.Game(v, st.copy())
    h.state.piles[p][i], h.state.piles[q][j] = h.state.piles[q][j], h.state.piles[p][i]
    assert h.state.key() != st.key()
    assert _key(h) == _key(g)
    # two different cards swapped: another position
    k = rulesdsl.Game(v, st.copy())
    a, b = k.state.piles[p][i], k.state.piles[q][-1 if j else 0]
    if (v.deck.rank_of[a], v.deck.suit_of[a]) != (v.deck.rank_of[b], v.deck.suit_of[b]):
        k.state.piles[p][i], k.state.piles[q][-1 if j else 0] = b, a
        assert _key(k) != _key(g)


def test_copies_stay_apart_when_a_rule_reads_copy(tmp_path):
    p = tmp_path / "thieves.yaml"
    p.write_text(
        "extends: forty_thieves\nname: Copy Thieves\n"
        "piles:\n  tableau:\n    count: 10\n    role: tableau\n    show: fan\n    lift: top\n"
        '    accept: "card.suit == dest.top.suit and card.rank == dest.top.rank - 1 and card.copy == 0"\n'
        '    accept_empty: "true"\n'
    )
    v = rulesdsl.load(str(p))
    assert analyse(v).faces is False
    assert analyse(rulesdsl.load("forty_thieves")).faces is True
    assert analyse(rulesdsl.load("freecell")).faces is False  # one deck: nothing to merge


TWINS = """name: Twins
description: Two copies of three cards; two foundations from the ace up, three columns.
deck: {decks: 2, ranks: [A, 2, 3], suits: [{name: spades, letter: S, color: black}]}
piles:
  foundation:
    count: 2
    role: foundation
    accept_empty: "card.rank == A"
    accept: "card.rank == dest.top.rank + 1"
  tableau:
    count: 3
    role: tableau
    lift: top
    accept: "card.rank == dest.top.rank - 1"
deal:
  - shuffle
  - {to: tableau, count: [3, 2, 1]}
win: "all(f in foundation: f.size == 3)"
"""


def test_two_deck_verdicts_agree_with_a_naive_search(tmp_path):
    p = tmp_path / "twins.yaml"
    p.write_text(TWINS)
    v = rulesdsl.load(str(p))
    assert analyse(v).faces is True
    seen = set()
    for seed in range(1, 40):
        g = v.new_game(seed)
        r = solve_game(g)
        truth = naive(g)
        seen.add(truth)
        assert r.verdict == ("won" if truth else "unwinnable")
    assert seen == {True, False}


# -- the terminal test: cards the one sink takes nothing on -------------------------------


def test_two_kings_and_no_stock_left_is_a_dead_end_at_once():
    # Nothing goes onto a king in Golf, and no stock card is left to turn after the first:
    # the second king can never go up (J, Q, K reach each other, so only this test sees it).
    g = game("golf", "foundation[0]: JS; tableau[0]: KH QS; tableau[1]: KD QC")
    assert naive(g) is False
    for kw in ({}, {"sink_search": False}):
        r = solve_game(g, **kw)
        assert r.verdict == "unwinnable" and r.states <= 1
        off = solve_game(g, terminal=False, **kw)
        assert off.verdict == "unwinnable" and off.states > r.states
    # one stock card left to turn after the first king: won (QS KH, turn JH, QC KD)
    h = game("golf", "foundation[0]: JS; stock[0]: JH; tableau[0]: KH QS; tableau[1]: KD QC")
    r = solve_game(h)
    assert r.verdict == "won" and naive(h) and replays_to_win(h.variant, h.state, r.moves)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    k=st.integers(3, 9),
    s=st.integers(0, 4),
    opts=st.sampled_from([{}, {"kings": "open"}]),
)
def test_the_terminal_test_keeps_every_verdict(seed, k, s, opts):
    g = game("golf", _golf(random.Random(seed), k, s), **opts)
    on = solve_game(g, sink_search=False)
    assert solve_game(g, sink_search=False, terminal=False).verdict == on.verdict
    assert solve_game(g, terminal=False).verdict == on.verdict == solve_game(g).verdict
    assert on.verdict == ("won" if naive(g) else "unwinnable")
