"""The win finder's figures for ``check --solve``: prints figures, asserts nothing.

    nice -n 19 python bench/bench_win_finder.py [SECONDS] FILE ...

For each file and deals 1-5 (as ``check --solve 5`` deals them), the solver as the check runs
it (CHECK_SOLVE, SECONDS CPU s, default 2), then, on a deal it leaves undecided, the win finder
(beam.py) with as much again: one line per file with the deals each won, the most cards the
finder's beam had up, and the CPU seconds of each stage, so before (the solver alone) and after
(the solver, then the finder) come from the same run.
"""

from __future__ import annotations

import sys
import time

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.solver import UNKNOWN, WON, solve
from rulesdsl.validation.solvable import CHECK_SOLVE
from rulesdsl.variant.loader import load


def main(argv: list) -> None:
    seconds = 2.0
    if argv and argv[0].replace(".", "", 1).isdigit():
        seconds, argv = float(argv[0]), argv[1:]
    before = after = 0
    for path in argv:
        v = load(path, {})
        solver_won = finder_won = 0
        solver_cpu = finder_cpu = 0.0
        ups = []
        for deal in range(1, 6):
            t = time.process_time()
            r = solve(v, deal_state(v, deal), time_limit=seconds, **CHECK_SOLVE)
            solver_cpu += time.process_time() - t
            solver_won += r.verdict == WON
            if r.verdict != UNKNOWN:
                continue
            stats: dict = {}
            t = time.process_time()
            line = beam.find_win(v, deal_state(v, deal), time_limit=seconds, stats=stats)
            finder_cpu += time.process_time() - t
            finder_won += line is not None
            ups.append(stats.get("up", 0))
        before += solver_won > 0
        after += solver_won + finder_won > 0
        print(
            f"{path}: solver {solver_won}/5 ({solver_cpu:.1f} CPU s), then finder "
            f"{finder_won} more ({finder_cpu:.1f} CPU s, most up {max(ups, default=0)})",
            flush=True,
        )
    print(f"files with a win: {before} before, {after} after, of {len(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
