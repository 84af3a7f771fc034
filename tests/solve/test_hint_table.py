"""The searches' proofs kept across the hints of one game (solve/hinting.py's HintTable):
a position proved lost answers at once, a kept winning line is joined again after a move off
it, keys of searches that form them differently never meet, and no verdict kept ever differs
from a fresh search's."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.hinting import HintMemo, HintTable
from rulesdsl.solve.solver import solve
from tests.helpers import game

RANKS = "A23456789TJQK"
CARDS = [r + s for s in "CDHS" for r in RANKS]
GOLF_LOST = "foundation[0]: 5H; tableau[0]: KC 7D 6S; tableau[1]: 4C 8H; stock[0]: 2D 9S"


def _replays_to_a_win(g, line) -> bool:
    c = g.clone()
    for text in line:
        c.play(text)
    return c.won


def _small_golf(seed: int, cols: int = 3, depth: int = 3, stock: int = 4):
    """A Golf position of random cards: ``cols`` columns of ``depth``, ``stock`` cards in the
    stock, one up on the foundation."""
    rng = random.Random(seed)
    cards = rng.sample(CARDS, 1 + cols * depth + stock)
    text = "; ".join(f"tableau[{i}]: {' '.join(cards[1 + depth * i : 1 + depth * (i + 1)])}" for i in range(cols))
    return game("golf", f"foundation[0]: {cards[0]}; {text}; stock[0]: {' '.join(cards[1 + cols * depth :])}")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(5, 60))
def test_a_kept_table_never_gives_a_verdict_a_fresh_search_would_not(seed, budget):
    """Searches cut short by a small budget keep what they proved; along a random game every
    verdict from the kept table is the fresh exhaustive search's (or unknown), and every won
    line replays to a win."""
    g = _small_golf(seed)
    rng = random.Random(seed)
    memo = HintMemo()
    for _ in range(12):
        moves = g.legal_moves()
        if not moves or g.won:
            break
        verdict, line, _ = memo.answer(g, 30, max_states=budget)
        fresh = solve(g.variant, g.state).verdict
        assert verdict in (fresh, "unknown")
        if verdict == "won":
            assert _replays_to_a_win(g, line)
        g.play(rng.choice(moves))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(5, 60), st.sampled_from([True, False, "always"]))
def test_cut_searches_of_any_kind_keep_only_true_verdicts(seed, budget, streamline):
    """The same with solve() itself, the streamliner on or off: the streamliner's search,
    which plays a foundation move without trying the others, must leave no proof."""
    g = _small_golf(seed, cols=4, depth=3, stock=6)
    rng = random.Random(seed)
    table = HintTable()
    for _ in range(10):
        moves = g.legal_moves()
        if not moves or g.won:
            break
        for _ in range(3):  # again from the same position: with what the last search kept
            r = solve(g.variant, g.state, max_states=budget, memory=table, streamline=streamline)
            assert r.verdict in (solve(g.variant, g.state).verdict, "unknown")
            if r.verdict == "won":
                assert _replays_to_a_win(g, r.moves)
        g.play(rng.choice(moves))


def test_the_streamliner_leaves_no_proof():
    """A position the streamliner (a foundation move first, the others never tried) loses and
    the full search wins: the streamliner's depth-first search must not leave its positions
    as lost for the full search after it."""
    g = _small_golf(219, cols=4, depth=3, stock=6)
    assert solve(g.variant, g.state, _greedy=True).verdict == "unwinnable"
    r = solve(g.variant, g.state, streamline="always", memory=HintTable())
    assert r.verdict == "won" and _replays_to_a_win(g, r.moves)


def test_cut_searches_add_up_to_a_proof():
    """Golf never comes back to a position it left, so a depth-first search cut by its limit
    still proves lost every position whose whole subtree it searched; the next search skips
    them, and searches of 60 positions each end in the proof that a fresh search gives."""
    g = _small_golf(6, cols=5, depth=4, stock=8)
    fresh = solve(g.variant, g.state)
    assert fresh.verdict == "unwinnable" and fresh.states > 600
    table = HintTable()
    verdicts = []
    for _ in range(fresh.states // 10):
        r = solve(g.variant, g.state, max_states=60, memory=table)
        verdicts.append(r.verdict)
        if r.verdict != "unknown":
            break
    assert verdicts[-1] == "unwinnable" and set(verdicts[:-1]) <= {"unknown"} and len(verdicts) > 1
    assert table.size > fresh.states // 2


def test_a_position_below_a_proved_lost_one_is_answered_at_the_start():
    g = game("golf", GOLF_LOST)
    table = HintTable()
    assert solve(g.variant, g.state, memory=table).verdict == "unwinnable"
    g.play(g.legal_moves()[0])
    again = solve(g.variant, g.state, memory=table)
    assert (again.verdict, again.states) == ("unwinnable", 1)
    assert solve(g.variant, g.state).states >= 1  # (a fresh search decides it on its own)


def _undoable(g, memo):
    """A legal move off the memo's kept line (to a position it does not pass through) that
    some legal move then takes back exactly, or None."""
    here = g.state.key()
    for m in g.legal_moves():
        c = g.clone()
        c.play(m)
        if memo.follow(c) is not None:
            continue
        for back in c.legal_moves():
            d = c.clone()
            d.play(back)
            if d.state.key() == here:
                return m
    return None


def test_a_move_off_the_line_joins_it_again():
    """FreeCell 1: after a move off the kept line that a move can take back, the search finds
    the kept line's position among the first children and takes the rest of the line there."""
    g = rulesdsl.load("freecell").numbered_game(1)
    memo = HintMemo()
    _, line, _ = memo.answer(g, 10)
    while (off := _undoable(g, memo)) is None:  # along the line to a position that has one
        g.play(line[0])
        line = memo.answer(g, 10)[1]
    g.play(off)
    verdict, rest, source = memo.answer(g, 10)
    assert (verdict, source) == ("won", "searched")
    assert memo.result.states <= len(g.legal_moves()) + 1  # at once: no deeper than the first children
    assert any(rest[j:] == line[-(len(rest) - j) :] for j in range(3)) and len(rest) >= len(line) - 2
    assert _replays_to_a_win(g, rest)


def test_keys_formed_another_way_are_not_compared():
    g = rulesdsl.load("klondike", {"draw": 1}).new_game(2)
    table = HintTable()
    first = solve(g.variant, g.state, memory=table)
    assert first.verdict == "won"
    same = solve(g.variant, g.state, memory=table)
    assert (same.verdict, same.states, same.moves) == ("won", 1, first.moves)
    other = solve(g.variant, g.state, memory=table, stock_symmetry=False)  # the stock keyed as it lies
    assert other.verdict == "won" and other.states > 1


def test_the_table_keeps_at_most_its_cap():
    g = _small_golf(6, cols=5, depth=4, stock=8)
    table = HintTable(cap=3)
    r = solve(g.variant, g.state, memory=table)
    assert r.verdict == "unwinnable" and r.states > 3 and table.size == 0  # too big to keep
    small = HintTable(cap=r.states)
    solve(g.variant, g.state, memory=small)
    assert small.size == r.states
    h = rulesdsl.load("freecell").numbered_game(1)
    solve(h.variant, h.state, memory=small)  # a line longer than the cap: not kept either
    assert small.size <= small.cap
