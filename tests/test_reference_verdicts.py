"""Golf and Black Hole verdicts against black-hole-solver's (tests/data/black_hole_solver_verdicts.json).

The fixture holds Shlomi Fish's black-hole-solver verdicts on PySol deals 1-100 of both games
(how it was made: its "comment", docs/solver.md) and a few of its winning lines. Our solver
must never contradict it: a deal it won is never "unwinnable" here, a deal it exhausted is
never "won". By default a selection our solver decides within a few thousand positions runs
(a state limit, not a time limit, so the verdicts do not depend on the machine);
RULESDSL_REFERENCE_DEALS=all runs every deal of the fixture with a limit of 60 s and
3,000,000 positions each (tens of minutes).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.stats import solve_deal

FIXTURE = json.loads((Path(__file__).parent / "data" / "black_hole_solver_verdicts.json").read_text())
ALL = os.environ.get("RULESDSL_REFERENCE_DEALS", "") == "all"

# Deals our solver decides quickly (from `rulesdsl stats` records); the "won" ones must be won.
QUICK = {
    "golf": {"won": (2, 5, 12, 18, 41, 47, 52, 58, 79), "unwinnable": (7, 22, 30, 46, 65, 93)},
    "black_hole": {
        "won": (9, 15, 22, 23, 37, 47, 52, 54, 55, 76, 81, 82, 87, 90, 91),
        "unwinnable": (1, 25, 27, 29, 34, 38, 59, 63, 68, 77, 85, 89, 93),
    },
}
QUICK_STATES = 60_000


def _cases():
    for name in ("golf", "black_hole"):
        if ALL:
            yield from ((name, int(d)) for d in FIXTURE[name])
        else:
            yield from ((name, d) for verdicts in QUICK[name].values() for d in verdicts)


def test_fixture_covers_deals_1_to_100():
    for name in ("golf", "black_hole"):
        assert sorted(map(int, FIXTURE[name])) == list(range(1, 101))
        assert set(FIXTURE[name].values()) <= {"won", "unwinnable"}
    assert "black-hole-solver" in FIXTURE["comment"] and FIXTURE["command"]


def test_the_selection_matches_the_fixture():
    for name, groups in QUICK.items():
        for verdict, deals in groups.items():
            assert {FIXTURE[name][str(d)] for d in deals} == {verdict}, (name, verdict)


@pytest.mark.parametrize("name,deal", list(_cases()))
def test_never_contradicts_the_reference(name, deal):
    ref = FIXTURE[name][str(deal)]
    if ALL:
        rec = solve_deal(name, {}, deal, time_limit=60, max_states=3_000_000)
    else:
        rec = solve_deal(name, {}, deal, max_states=QUICK_STATES)
    ours = rec["verdict"]
    assert ours == ref or ours == "unknown", f"{name} deal {deal}: we say {ours}, black-hole-solver {ref}"
    if not ALL and deal in QUICK[name]["won"]:
        assert ours == "won", f"{name} deal {deal}: {rec}"


@pytest.mark.parametrize(
    "name,deal", [(name, int(d)) for name in ("golf", "black_hole") for d in FIXTURE["lines"][name]]
)
def test_reference_lines_win_in_our_engine(name, deal):
    """The reference's own winning lines, in our notation, play to a win here: the rules agree."""
    line = FIXTURE["lines"][name][str(deal)].split()
    g = rulesdsl.load(name).numbered_game(deal)
    for move in line:
        g.play(move)
    assert g.won
    assert FIXTURE[name][str(deal)] == "won"
