"""The two orders' searches in turns (interleave.py): a search paused and resumed explores
exactly the positions of one never paused, and the verdicts are the naive search's with the
turns and without them (solve(..., interleave=False): the restart)."""

from __future__ import annotations

import pytest

import rulesdsl
import rulesdsl.solve.interleave as interleave
import rulesdsl.solve.solver as solver
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game

from .test_guidance import MINI
from .test_solver import FREECELL_3, naive, replays_to_win


class Kept(Search):
    """A Search that keeps itself where the test can read it, and counts its resumes."""

    made: list = []

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.resumed = 0
        Kept.made.append(self)

    def resume(self):
        self.resumed += 1
        return super().resume()


def _both(monkeypatch, v, state, every, cap):
    """The open order's search never paused (orders=False) and the same paused every
    ``every`` positions (a schedule of that one order): the two Results and Searches."""
    monkeypatch.setattr(solver, "Search", Kept)
    monkeypatch.setattr(interleave, "Search", Kept)
    Kept.made = []
    whole = solve(v, state, max_states=cap, orders=False, beam=False)
    steps = tuple(("open", k) for k in range(every, cap, every))
    monkeypatch.setattr(interleave, "SCHEDULE", (*steps, ("open", None)))
    paused = solve(v, state, max_states=cap, beam=False)
    assert len(Kept.made) == 2
    return whole, paused, Kept.made[0], Kept.made[1]


@pytest.mark.parametrize(("deal", "every", "cap", "verdict"), [(1, 97, 30_000, "won"), (617, 250, 12_000, "unknown")])
def test_a_paused_search_explores_exactly_the_positions_of_one_never_paused(monkeypatch, deal, every, cap, verdict):
    v = rulesdsl.load("freecell")
    whole, paused, one, other = _both(monkeypatch, v, v.numbered_game(deal).state, every, cap)
    assert other.resumed > 3  # (it paused, and went on)
    assert whole.verdict == paused.verdict == verdict
    assert (whole.states, whole.moves, whole.difficulty) == (paused.states, paused.moves, paused.difficulty)
    assert one.table.seen == other.table.seen
    assert one.tick == other.tick and len(one.heap) == len(other.heap)


def test_a_paused_search_of_small_deals_is_the_search_never_paused(tmp_path, monkeypatch):
    # searched to the end: a proof paused every 3 positions is the same proof
    p = tmp_path / "mini.yaml"
    p.write_text(MINI)
    v = rulesdsl.load(str(p))
    verdicts = set()
    for seed in range(1, 30):
        whole, paused, one, other = _both(monkeypatch, v, v.new_game(seed).state, 3, 100_000)
        assert (whole.verdict, whole.states, whole.moves) == (paused.verdict, paused.states, paused.moves), seed
        assert one.table.seen == other.table.seen, seed
        verdicts.add((whole.verdict, other.resumed > 0))
    assert ("won", True) in verdicts and ("unwinnable", True) in verdicts


@pytest.mark.parametrize(
    "schedule",
    [(("open", 1), ("first", 3), ("open", 6), ("first", None)), (("first", 2), ("open", 4), ("first", None))],
)
def test_the_orders_in_turns_give_the_naive_verdicts(tmp_path, monkeypatch, schedule):
    # the searches paused after a few positions and taken up again: every verdict the naive
    # search's, with the turns and with the restart; proofs and wins come after the turns too
    monkeypatch.setattr(interleave, "SCHEDULE", schedule)
    p = tmp_path / "mini.yaml"
    p.write_text(MINI)
    v = rulesdsl.load(str(p))
    seen = set()
    for seed in range(1, 40):
        g = v.new_game(seed)
        truth = "won" if naive(g.clone()) else "unwinnable"
        for turns in (True, False):
            r = solve_game(g, interleave=turns)
            assert r.verdict == truth, (seed, turns)
            if truth == "won":
                assert replays_to_win(v, g.state, r.moves)
            seen.add((truth, turns, r.states > 8))
    assert ("won", True, True) in seen and ("unwinnable", True, True) in seen


@pytest.mark.parametrize("text", [FREECELL_3, "foundation[0]: AS; tableau[0]: 2S 5D 9C; tableau[1]: AH KC"])
def test_hand_made_positions_keep_their_verdicts(monkeypatch, text):
    # a near-won FreeCell position and one missing most of the deck (never won: the proof
    # must come from a search run to its end, across the turns)
    monkeypatch.setattr(interleave, "SCHEDULE", (("open", 2), ("first", 2), ("open", 5), ("first", None)))
    g = game("freecell", text)
    got = {turns: solve_game(g, interleave=turns, max_states=50_000).verdict for turns in (True, False)}
    assert got[True] == got[False] == ("won" if text == FREECELL_3 else "unwinnable")


@pytest.mark.slow
def test_the_turns_win_a_deal_the_restart_leaves_unknown():
    # MS 380: 6,770 positions in the open order alone, never won in the first within 30,000;
    # the restart stops the open order at 5,000 for good, the turns take it up again
    v = rulesdsl.load("freecell")
    g = v.numbered_game(380)
    assert solve_game(g, max_states=30_000, beam=False, interleave=False).verdict == "unknown"
    r = solve_game(g, max_states=30_000, beam=False)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)


def test_the_turns_keep_to_the_positions_of_all_the_searches_together(monkeypatch):
    # each search's cap is what the others left, lowered at every turn: MS 617 needs more than
    # 3,000 positions in either order; its first order's search, created with 2,500 (3,000
    # less the open order's 500), is resumed with 2,000 (less the open order's 1,000)
    monkeypatch.setattr(solver, "FIRST_ORDER_STATES", 500)
    monkeypatch.setattr(interleave, "SCHEDULE", (("open", 500), ("first", 1_000), ("open", 1_000), ("first", None)))
    v = rulesdsl.load("freecell")
    r = solve(v, v.numbered_game(617).state, max_states=3_000, beam=False)
    assert r.verdict == "unknown"
    assert r.states <= 3_000
