"""The solver's deadline reads the clock it is given (``solve(..., clock=...)``), and ``check
--solve`` gives it the CPU seconds of the process, with the staged search."""

from __future__ import annotations

import time

import rulesdsl
from rulesdsl.solve.solver import solve
from rulesdsl.validation import solvable


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_deadline_reads_the_given_clock():
    v = rulesdsl.load("forty_thieves")
    g = v.new_game(1)
    fast = solve(v, g.state, time_limit=5, clock=Ticks())  # five reads and the time is up
    assert fast.verdict == "unknown" and fast.limit == "time" and fast.states < 5_000
    slow = solve(v, g.state, time_limit=3600, max_states=3_000, clock=lambda: 0.0)  # never late
    assert slow.verdict == "unknown" and slow.limit == "states"


def test_a_streamlined_search_shares_the_clock():
    v = rulesdsl.load("forty_thieves")
    g = v.new_game(2)
    r = solve(v, g.state, time_limit=6, clock=Ticks(), streamline="always")
    assert r.verdict == "unknown" and r.limit == "time"


def test_check_solve_counts_cpu_seconds_and_stages(monkeypatch):
    seen = []

    def fake(variant, state, **kw):
        seen.append(kw)
        return solve(variant, state, max_states=50, **kw)

    monkeypatch.setattr(solvable, "run_solver", fake)

    class Doc:
        def diag(self, code, message, path, hint=None):
            return code

    notes: list = []
    out = solvable.solver_check(Doc(), "x.yaml", rulesdsl.load("forty_thieves"), 1, 2.0, notes)
    assert out == ["V902"] and "2 CPU s each" in notes[0]
    assert seen[0]["clock"] is time.process_time and seen[0]["streamline"] == "always"
    assert seen[0]["time_limit"] == 2.0 and seen[0]["beam"] is False  # the search 2 s (the finder apart)
