"""Removal and sink games (Pyramid, TriPeaks, Golf): verdicts before and after the dead-end
tests of removal_ends.py and of dead_ends.py where piles cover one another, in one run, each
deal solved both ways one after the other. Prints figures, asserts nothing.

    python bench/bench_removals.py [A B [SECS [GAME ...]]]    # default: deals 1-200, 10 CPU s

*Before* is ``solve(..., pairs=False, covered=False)``: no dead-end test in games of removals
nor where piles cover one another; *after* is the solver as it is. A verdict that changes
between won and unwinnable is printed (it must never happen). The limit is CPU seconds of
this process, not the wall clock (on a shared machine the load does not count).
"""

from __future__ import annotations

import statistics
import sys
import time

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

GAMES = ("pyramid", "tripeaks", "golf")
WAYS = (("before", {"pairs": False, "covered": False}), ("after", {}))


def run(a, b, secs, games):
    for name in games:
        v, an = compiled_variant(name, {})
        tally = {way: {"won": 0, "unwinnable": 0, "unknown": 0} for way, _ in WAYS}
        times: dict = {way: [] for way, _ in WAYS}
        states: dict = {way: 0 for way, _ in WAYS}
        for deal in range(a, b + 1):
            got = {}
            for way, kw in WAYS:
                started = time.process_time()
                r = solve(v, deal_state(v, deal), time_limit=secs, max_states=20_000_000, analysis=an, **kw)
                times[way].append(time.process_time() - started)
                tally[way][r.verdict] += 1
                states[way] += r.states
                got[way] = r.verdict
            if {got["before"], got["after"]} == {"won", "unwinnable"}:
                print(f"CONTRADICTION {name} deal {deal}: {got}")
        for way, _ in WAYS:
            t = tally[way]
            print(
                f"{name:9} deals {a}-{b}, {secs:g} CPU s each, {way:6}: {t['won']:4} won {t['unwinnable']:4} unwinnable "
                f"{t['unknown']:4} unknown; CPU median {statistics.median(times[way]):.2f} s, "
                f"max {max(times[way]):.2f} s; {states[way]:,} positions",
                flush=True,
            )


def main(argv):
    time.monotonic = time.process_time  # the solver's deadline reads this clock
    a, b = (int(argv[0]), int(argv[1])) if len(argv) > 1 else (1, 200)
    secs = float(argv[2]) if len(argv) > 2 else 10.0
    run(a, b, secs, argv[3:] or GAMES)


if __name__ == "__main__":
    main(sys.argv[1:])
