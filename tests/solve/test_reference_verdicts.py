"""Golf and Black Hole verdicts against black-hole-solver's (tests/data/black_hole_solver_verdicts.json).

The fixture holds Shlomi Fish's black-hole-solver verdicts on PySol deals 1-100 of both games,
and of Golf with kings=open and with corner=turn kings=open (the solver's --queens-on-kings and
--wrap-ranks), how it was made (its "comment", docs/solver.md) and a few of its winning lines. Our solver
must never contradict it: a deal it won is never "unwinnable" here, a deal it exhausted is
never "won". By default a selection our solver decides within a few thousand positions runs
(a state limit, not a time limit, so the verdicts do not depend on the machine);
RULESDSL_REFERENCE_DEALS=all runs every deal of the fixture with a limit of 60 s and
3,000,000 positions each (an hour or more).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.stats.runner import solve_deal

FIXTURE = json.loads((Path(__file__).parents[1] / "data" / "black_hole_solver_verdicts.json").read_text())
ALL = os.environ.get("RULESDSL_REFERENCE_DEALS", "") == "all"

# Deals our solver decides quickly (from `rulesdsl stats` records); the "won" ones must be won.
QUICK = {
    "golf": {"won": (2, 5, 12, 18, 47, 52, 58), "unwinnable": (7, 22, 30, 46, 65, 93)},
    "black_hole": {
        "won": (9, 15, 22, 23, 37, 47, 52, 54, 55, 76, 81, 82, 87, 90, 91),
        "unwinnable": (1, 25, 27, 29, 34, 38, 59, 63, 68, 77, 85, 89, 93),
    },
    "golf kings=open": {"won": (2, 4, 12, 19, 23), "unwinnable": (22,)},
    "golf corner=turn kings=open": {"won": (2, 4, 5, 6, 9, 10), "unwinnable": (30,)},
}
QUICK_STATES = 60_000


def _cases():
    for key in FIXTURE["games"]:
        if ALL:
            yield from ((key, int(d)) for d in FIXTURE[key])
        else:
            yield from ((key, d) for verdicts in QUICK[key].values() for d in verdicts)


def test_fixture_covers_deals_1_to_100():
    assert set(FIXTURE["games"]) == set(QUICK) and {"golf", "black_hole"} <= set(QUICK)
    for key in FIXTURE["games"]:
        assert sorted(map(int, FIXTURE[key])) == list(range(1, 101))
        assert set(FIXTURE[key].values()) <= {"won", "unwinnable"}
    assert "black-hole-solver" in FIXTURE["comment"] and FIXTURE["command"]


def test_the_selection_matches_the_fixture():
    for key, groups in QUICK.items():
        for verdict, deals in groups.items():
            assert {FIXTURE[key][str(d)] for d in deals} == {verdict}, (key, verdict)


@pytest.mark.parametrize("key,deal", list(_cases()))
def test_never_contradicts_the_reference(key, deal):
    game = FIXTURE["games"][key]
    ref = FIXTURE[key][str(deal)]
    if ALL:
        rec = solve_deal(game["variant"], game["options"], deal, time_limit=60, max_states=3_000_000)
    else:
        rec = solve_deal(game["variant"], game["options"], deal, max_states=QUICK_STATES)
    ours = rec["verdict"]
    assert ours == ref or ours == "unknown", f"{key} deal {deal}: we say {ours}, black-hole-solver {ref}"
    if not ALL and deal in QUICK[key]["won"]:
        assert ours == "won", f"{key} deal {deal}: {rec}"


@pytest.mark.parametrize("key,deal", [(key, int(d)) for key in FIXTURE["games"] for d in FIXTURE["lines"][key]])
def test_reference_lines_win_in_our_engine(key, deal):
    """The reference's own winning lines, in our notation, play to a win here: the rules agree."""
    game = FIXTURE["games"][key]
    line = FIXTURE["lines"][key][str(deal)].split()
    g = rulesdsl.load(game["variant"], game["options"]).numbered_game(deal)
    for move in line:
        g.play(move)
    assert g.won
    assert FIXTURE[key][str(deal)] == "won"
