"""The win finder inside solve() (solver.py's beam stage), measured: each deal solved with
``beam=True`` and with ``beam=False`` one after the other in the same run (so the load falls
on both alike), CPU-second limits; prints the verdict counts of each and the deals whose
verdict differs. Asserts nothing (no timed tests anywhere).

    python bench/bench_beam_stage.py freecell 1 200 2
    python bench/bench_beam_stage.py klondike 1 30 10 draw=3
"""

from __future__ import annotations

import sys
import time

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve


def compare(name, a, b, secs, options) -> None:
    """Deals A-B, both ways, interleaved; one line per deal whose verdicts differ."""
    v, an = compiled_variant(name, options)
    counts: dict = {True: {}, False: {}}
    spent = {True: 0.0, False: 0.0}
    for d in range(a, b + 1):
        got = {}
        for beam in (True, False):
            t = time.process_time()
            r = solve(v, deal_state(v, d), time_limit=secs, analysis=an, clock=time.process_time, beam=beam)
            spent[beam] += time.process_time() - t
            counts[beam][r.verdict] = counts[beam].get(r.verdict, 0) + 1
            got[beam] = r.verdict
        if got[True] != got[False]:
            print(f"deal {d}: beam {got[True]}, no beam {got[False]}", flush=True)
    for beam in (True, False):
        print(f"{name} {options} deals {a}-{b}, {secs} CPU s, beam={beam}: {counts[beam]}; {spent[beam]:.0f} CPU s")


def main(argv) -> None:
    name, a, b, secs = argv[0], int(argv[1]), int(argv[2]), float(argv[3])
    options = {}
    for kv in argv[4:]:
        k, _, val = kv.partition("=")
        options[k] = int(val) if val.isdigit() else val
    compare(name, a, b, secs, options)


if __name__ == "__main__":
    main(sys.argv[1:])
