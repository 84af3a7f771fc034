"""The nested rollouts (rulesdsl/solve/rollouts.py) alone, without the search: per deal, each
schedule in turn with the same CPU limit; which deals each wins, the most cards up it reached
and its CPU seconds. Prints figures, asserts nothing.

    python bench/bench_rollouts.py klondike:draw=3 8,12,14,46 5 "4:1" "0:1" "4:1,0:1,4:2,0:2"
    python bench/bench_rollouts.py klondike:draw=1 1-60 3 "4:1"

A schedule is WEIGHT:LEVEL pairs joined by commas (rollouts.SCHEDULE: the blocked weight of
beam.Rating and the level, run in turn). The deals: a range (1-60) or a list (8,12,14).
"""

from __future__ import annotations

import sys
import time

from bench_families import parse_variant

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.rollouts import find_win_rollouts


def _entry(pair: str) -> tuple:
    """WEIGHT:LEVEL, or cWEIGHT:LEVEL for the move classes' policy (rollout_policy.py)."""
    w, level = pair.split(":")
    classes = w.startswith("c")
    return (int(w.lstrip("c")), int(level), classes)


def main(argv) -> None:
    name, opts = parse_variant(argv[0])
    v, _ = compiled_variant(name, opts)
    text, seconds = argv[1], float(argv[2])
    if "-" in text:
        a, b = (int(x) for x in text.split("-"))
        deals = list(range(a, b + 1))
    else:
        deals = [int(x) for x in text.split(",")]
    schedules = [tuple(_entry(pair) for pair in s.split(",")) for s in argv[3:]]
    won: list = [[] for _ in schedules]
    cpu = [0.0] * len(schedules)
    for d in deals:
        row = []
        for i, schedule in enumerate(schedules):
            stats: dict = {}
            t = time.process_time()
            line = find_win_rollouts(v, deal_state(v, d), time_limit=seconds, schedule=schedule, stats=stats)
            spent = time.process_time() - t
            cpu[i] += spent
            if line is not None:
                won[i].append(d)
            row.append(f"{'won' if line else 'no':3} up {stats.get('up')} ({spent:.1f} s)")
        print(f"deal {d}: " + "  |  ".join(row), flush=True)
    for s, w, c in zip(argv[3:], won, cpu):
        print(f"{argv[0]} {s}: won {len(w)} of {len(deals)} ({c:.0f} CPU s): {w}")


if __name__ == "__main__":
    main(sys.argv[1:])
