"""Deals of the Forty Thieves family that are winnable, with the line that wins them
(tests/data/thieves_wins.json, found by the win finder with W_BLOCKED = 8: docs/solver.md,
"Forty Thieves seeds 1-5: which are winnable, and what the win finder needs (issue 22)").
Each line replays move by move in a fresh game of that deal, as check --solve deals it, and
ends won; one move short it is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.play.game import Game
from rulesdsl.solve.deals import deal_state

LINES = json.loads((Path(__file__).resolve().parent.parent / "data" / "thieves_wins.json").read_text())["lines"]
CASES = [(name, int(deal), line) for name, deals in LINES.items() for deal, line in deals.items()]


@pytest.mark.parametrize("name, deal, line", CASES, ids=[f"{n}-{d}" for n, d, _ in CASES])
def test_the_line_wins_the_deal(name, deal, line):
    v = rulesdsl.load(name)
    g = Game(v, deal_state(v, deal))
    for i, text in enumerate(line):
        assert not g.won, (name, deal, i)  # won only at the end
        g.play(text)  # IllegalMoveError if the rules refuse it
    assert g.won
    assert sum(len(g.state.piles[p]) for p in v.layout.groups["foundation"].piles) == v.deck.size
